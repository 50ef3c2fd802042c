#!/usr/bin/env bash
# Session 65's runs (in /work/runs/s65), each binary a release build:
#   fanorona-e4e6195  e4e6195 (main)
#   fanorona-backout  e4e6195 + backout_refresh.patch (not landed)
# The 9x3 sacrifice tables up to 8 stones and the 9-stone classes of
# session 64 in /work/runs/sac; the 7-stone 7x5 and 9x3 tables in /work/runs/vdb.
S=/work/main/experiments/variants/session60/sac_graph.sh
# 3x9 with the sacrifice move, "White wins?" from scratch, 7 GiB, 25 minutes, side by side:
for b in e4e6195 backout; do
  OUT=/work/runs/s65/sac-$b MEM=7 bash $S /work/runs/s65/fanorona-$b 3x9 1500 --weak &
done; wait
# The 78-position suite and the four small runs (expansions do not depend on
# speed; e4e6195's are session 64's acyc ones), then session 57's 7x5 stall ending:
printf '#!/bin/sh\nexec %s /work/runs/s65/fanorona-backout -- "$@"\n' \
  /work/main/experiments/search_graph/s62/wrap.sh > wrap-backout && chmod +x wrap-backout
python3 /work/main/experiments/search_heuristic/suite.py ./wrap-backout /work/runs/vdb 1000000 > suite_backout.txt
bash /work/main/experiments/search_graph/s62/small4.sh ./fanorona-backout backout > small4_backout.txt
for b in e4e6195 backout; do
  ./fanorona-$b solve --position "......W/..B..W./.B...../BB...../...BBWW w" --goal black \
    --db /work/runs/vdb --pieces 7 --graph --weak --moves none --threads 1 --memory 3 \
    --time-limit 300 --json > stall_$b.json
done
