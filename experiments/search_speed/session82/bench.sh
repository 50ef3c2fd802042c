#!/bin/bash
# usage: bench.sh ROUNDS BIN...
# "Black wins?" to the end on three replies after e3W.d3-c3A.e3-d3W-d4A
# (all disproved, 0.4 M to 2.9 M expansions; ../../nine_by_five/,
# session 81), each binary in turn, ROUNDS rounds: graph search, weak
# numbers, one thread, --memory 3, every 9x5 table up to 8 stones (DB,
# default /work/runs/db9x5). One line a run: position, binary,
# expansions, seconds, state, peak RSS (KiB), user CPU (s). JSON and
# /usr/bin/time's log in OUT (default out/).
set -u
R=$1; shift
OUT=${OUT:-out}; mkdir -p "$OUT"
declare -A P=(
 [c3-b2W-b3W]=".B...BBBB/B.B.BBBBB/BB....WBW/W.W.WWWWW/..WWWWWWW w"
 [f4-f3A]=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
 [c3-d2A-d3W]=".B...BBBB/B.BWBBBBB/B..B..WBW/W.W.WWWWW/.WW..WWWW w"
)
for r in $(seq "$R"); do for n in c3-b2W-b3W f4-f3A c3-d2A-d3W; do for b in "$@"; do
  o="$OUT/$n.$(basename "$b").$r"
  /usr/bin/time -v "$b" solve --position "${P[$n]}" --goal black --db "${DB:-/work/runs/db9x5}" \
      --pieces 8 --moves none --threads 1 --memory 3 --table-cache 0.05 --graph --weak \
      --time-limit 600 --json > "$o.json" 2> "$o.log" < /dev/null
  echo "$n $(basename "$b") $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*')" \
       "$(tail -1 "$o.json" | grep -o '"state": "[a-z]*"' | head -1)" \
       "$(grep -a 'Maximum resident' "$o.log" | awk '{print $6}')" \
       "$(grep -a 'User time' "$o.log" | awk '{print $4}')"
done; done; done
