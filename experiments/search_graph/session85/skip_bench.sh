#!/bin/bash
# usage: skip_bench.sh MEM BIN...
# The three positions of ../session83/bench_mem.sh ("Black wins?", 9x5
# tables up to 8 stones) in MEM GiB, each binary in turn: session 85's
# question, whether skipping the cut's closure when the periodic one ran
# a moment before (RECENT_CLOSURE) changes the search. One line a run:
# position, binary, expansions, seconds, state, cuts, closures, their
# seconds, cut seconds, user and system seconds.
M=$1; shift
declare -A P=(
 [c3-b2W-b3W]=".B...BBBB/B.B.BBBBB/BB....WBW/W.W.WWWWW/..WWWWWWW w"
 [f4-f3A]=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
 [c3-d2A-d3W]=".B...BBBB/B.BWBBBBB/B..B..WBW/W.W.WWWWW/.WW..WWWW w"
)
for n in c3-b2W-b3W f4-f3A c3-d2A-d3W; do for b in "$@"; do
  o="$n.$(basename "$b").m$M"
  /usr/bin/time -v "$b" solve --position "${P[$n]}" --goal black --db /work/runs/db9x5 \
      --pieces 8 --moves none --threads 1 --memory "$M" --table-cache 0.05 --graph --weak \
      --time-limit 900 --json > "$o.json" 2> "$o.log" < /dev/null
  echo "$n $(basename "$b") $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*') $(tail -1 "$o.json" | grep -o '"state": "[a-z]*"' | head -1) $(tail -1 "$o.json" | grep -o '"tree_cuts": [0-9]*\|"closures": [0-9]*\|"closure_seconds": [0-9.]*\|"cut_seconds": [0-9.]*' | tr '\n' ' ') $(grep -a 'User time\|System time' "$o.log" | awk '{print $NF}' | tr '\n' ' ')"
done; done
