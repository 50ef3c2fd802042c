#!/bin/bash
# Session 55: "Black wins?" after White's b5-c5A on 5x9 (the move Black was furthest from beating, session
# 46) on the graph search, which the tree searches of sessions 43-46 did not have: two searches side by side,
# one core and 7 GiB each, one with the proof numbers' sums and one with --weak. If either disproves it,
# 5x9 is a draw ("White wins?" was disproved at the start in session 45).
# Usage: b5c5A.sh SECONDS [RUNS]   (RUNS: where the binary fanorona-e71e8da is and the results go)
seconds=$1 runs=${2:-/work/runs/s55}
cd "$runs"
fen="BBBBB/BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW/WWWWW b"
for kind in sums weak; do
  flags=""
  [ "$kind" = weak ] && flags="--weak"
  /usr/bin/time -v ./fanorona-e71e8da solve --position "$fen" --goal black --db /work/runs/db9x5 --pieces 8 \
    --moves none --threads 1 --memory 7 --graph $flags --time-limit "$seconds" \
    --checkpoint "$runs/b5c5A_$kind.fns" --checkpoint-every 10 --json \
    > "b5c5A_$kind.json" 2> "b5c5A_$kind.log" &
done
wait
