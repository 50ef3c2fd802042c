#!/bin/bash
# usage: nocap.sh BIN DB LIMIT_S
# Session 117: "White wins?" at the 7x5 and 5x7 sacrifice starts as in
# session 116 (graph, weak numbers, every class to 9 stones, one core and
# MEM GiB each, side by side) but with no depth cap, which let 3x9's xb1
# be proved; each goes on from a copy of session 116's checkpoint.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
for b in 7x5 5x7; do
  [ -f "$OUT/nocap_$b.fns" ] || cp "/work/runs/s116/out/white_$b.fns" "$OUT/nocap_$b.fns"
  /usr/bin/time -v "$BIN" solve --board "$b" --sacrifice --goal white --db "$DB" --pieces 9 \
      --moves none --threads 1 --memory "${MEM:-8}" --table-cache 1 --graph --weak --depth-cap none \
      --time-limit "$LIM" --checkpoint "$OUT/nocap_$b.fns" --checkpoint-every 10 --json \
      > "$OUT/nocap_$b.json" 2> "$OUT/nocap_$b.log" &
done
wait
