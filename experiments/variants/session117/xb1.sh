#!/bin/bash
# usage: xb1.sh BIN DB LIMIT_S
# Session 117: "Black wins?" after 3x9's first-move sacrifice xb1, the one
# first move first_moves.sh left open (Black's proof number 30, disproof
# number 104,364 after 600 s), two ways side by side, one core and MEM GiB
# (default 8) each, with a checkpoint each (a second run goes on from it):
# weak numbers with no depth cap (its lines may be long paika play), and
# the sums with the default cap.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
FEN="BBB/BBB/BBB/BBB/B.W/WWW/WWW/WWW/WwW b"
run() {
  local name=$1; shift
  /usr/bin/time -v "$BIN" solve --position "$FEN" --sacrifice --goal black --db "$DB" --pieces 9 \
      --moves none --threads 1 --memory "${MEM:-8}" --table-cache 1 --graph "$@" \
      --time-limit "$LIM" --checkpoint "$OUT/xb1_$name.fns" --checkpoint-every 10 --json \
      > "$OUT/xb1_$name.json" 2> "$OUT/xb1_$name.log"
}
run weak_nocap --weak --depth-cap none &
run sums &
wait
