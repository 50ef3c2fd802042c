#!/bin/bash
# usage: bench_mem.sh MEM_GIB BIN...
# The three positions of ../../search_speed/session82/bench.sh ("Black
# wins?" after three replies in e3W.d3-c3A.e3-d3W-d4A, disproved in 0.4 M
# to 2.9 M expansions with 3 GiB) in less memory, where the graph fills
# and is cut: graph search, weak numbers, one thread, every 9x5 table up
# to 8 stones (DB, default /work/runs/db9x5), at most 900 s. One line a
# run: position, binary, expansions, seconds, state, cuts, peak RSS (KiB).
# JSON and /usr/bin/time's log in OUT (default out/).
set -u
M=$1; shift
OUT=${OUT:-out}; mkdir -p "$OUT"
declare -A P=(
 [c3-b2W-b3W]=".B...BBBB/B.B.BBBBB/BB....WBW/W.W.WWWWW/..WWWWWWW w"
 [f4-f3A]=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
 [c3-d2A-d3W]=".B...BBBB/B.BWBBBBB/B..B..WBW/W.W.WWWWW/.WW..WWWW w"
)
for n in c3-b2W-b3W f4-f3A c3-d2A-d3W; do for b in "$@"; do
  o="$OUT/$n.$(basename "$b").m$M"
  /usr/bin/time -v "$b" solve --position "${P[$n]}" --goal black --db "${DB:-/work/runs/db9x5}" \
      --pieces 8 --moves none --threads 1 --memory "$M" --table-cache 0.05 --graph --weak \
      --time-limit 900 --json > "$o.json" 2> "$o.log" < /dev/null
  echo "$n $(basename "$b") $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*')" \
       "$(tail -1 "$o.json" | grep -o '"state": "[a-z]*"' | head -1)" \
       "$(tail -1 "$o.json" | grep -o '"tree_cuts": [0-9]*')" \
       "$(grep -a 'Maximum resident' "$o.log" | awk '{print $6}')"
done; done
