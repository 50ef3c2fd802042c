#!/bin/bash
# usage: white_moves.sh BIN LIMIT_S MOVE...
# "Black wins?" after White's MOVEs in d4A.f4-f3A-e3W-d2A-d3A (the one of
# Black's replies after e3W.d3-c3A.e3-d3W-d4A still open after session
# 81; White to move there, so it fails for Black if one White move
# holds), each on its own graph search, one after the other: one core,
# MEM GiB (default 3), every 9x5 table up to 8 stones (DB, default
# /work/runs/db9x5), at most LIMIT_S seconds, a checkpoint in
# CK_DIR/MOVE.fns (default /work/runs/s82/ck) so that the same command
# goes on later. One line a move: its state (with the numbers if open).
set -u
BIN=$1; LIM=$2; shift 2
P=".B...BBBB/B.B.B.BBB/B.BB...BW/W.W.W.WWW/.W.WW.WWW w"
CK=${CK_DIR:-/work/runs/s82/ck}; mkdir -p "$CK"
for m in "$@"; do
  fen=$("$BIN" moves --position "$P" | awk -v m="$m" '$1 == m {print $2, $3}')
  [ -n "$fen" ] || { echo "$m is not a move of $P" >&2; exit 2; }
  for x in json log; do
    [ -s "$CK/$m.$x" ] && mv "$CK/$m.$x" "$CK/$m.$(date -r "$CK/$m.$x" +%Y%m%d-%H%M).$x"
  done
  /usr/bin/time -v "$BIN" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" \
      --pieces 8 --moves none --threads 1 --memory "${MEM:-3}" --table-cache 0.05 --graph --weak \
      --time-limit "$LIM" --checkpoint "$CK/$m.fns" --checkpoint-every 10 --json \
      > "$CK/$m.json" 2> "$CK/$m.log" < /dev/null
  echo "$m $(tail -1 "$CK/$m.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*') $(tail -1 "$CK/$m.json" | grep -o '"state": "[a-z]*", "proof": [0-9"inf]*, "disproof": [0-9"inf]*' | tail -1)"
done
