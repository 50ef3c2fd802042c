#!/bin/bash
# usage: reuse_bench.sh BIN...
# f4-f3A (../session83/bench_mem.sh's second position) in 0.5 GiB, each
# binary in turn, two rounds. One line a run: name, expansions, seconds,
# cuts, user s, system s, peak RSS (KiB), minor page faults.
P=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
for r in 1 2; do for b in "$@"; do
  o="f4-f3A.$(basename $b).r$r"
  /usr/bin/time -v "$b" solve --position "$P" --goal black --db /work/runs/db9x5 \
      --pieces 8 --moves none --threads 1 --memory 0.5 --table-cache 0.05 --graph --weak \
      --time-limit 900 --json > "$o.json" 2> "$o.log" < /dev/null
  echo "$o $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*') $(tail -1 "$o.json" | grep -o '"tree_cuts": [0-9]*') $(grep -a 'Maximum resident\|User time\|System time\|Minor' "$o.log" | awk '{print $NF}' | tr '\n' ' ')"
done; done
