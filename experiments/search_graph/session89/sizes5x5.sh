#!/bin/bash
# Session 89. usage: sizes5x5.sh BIN...: 5x5 start without tables, graph search with weak numbers,
# the goals in GOALS (default white: "Black wins?" ran 17 minutes in 2 MiB and was
# stopped), in 2 to 64 MiB: expansions and cuts a run, and the sums.
for b in "$@"; do
  tot=0; cuts=0
  for goal in ${GOALS:-white}; do for mib in 2 3 4 5 6 8 10 12 16 24 32 48 64; do
    m=$(python3 -c "print($mib/1024)")
    out=$("$b" solve --board 5x5 --goal $goal --graph --weak --memory $m --moves none --pieces 0 --db /tmp/nodb --json 2>/dev/null | tail -1)
    n=$(echo "$out" | grep -o '"nodes": [0-9]*' | head -1 | awk '{print $2}')
    c=$(echo "$out" | grep -o '"tree_cuts": [0-9]*' | awk '{print $2}')
    s=$(echo "$out" | grep -o '"state": "[a-z]*"' | tail -1)
    echo "$(basename $b) $goal $mib MiB $n $c $s"
    tot=$((tot + n)); cuts=$((cuts + c))
  done; done
  echo "$(basename $b) total $tot expansions, $cuts cuts"
done
