#!/usr/bin/env bash
# Session 63's runs (from /work/runs/s63), each binary a release build:
#   fanorona-base    dd63884 (before)
#   fanorona-resume  dd63884 + resume.patch (descents go on from the last path)
#   fanorona-pen     56eb823 (the lasting doubling)
# 3x9 with the sacrifice move, "White wins?" from scratch, --graph --weak,
# 7 GiB, 30 minutes, the 9x3 sacrifice tables up to 8 stones in /work/runs/sac
# (fanorona build --board 9x3 --pieces 8 --sacrifice --db /work/runs/sac --threads 2):
S=/work/main/experiments/variants/session60/sac_graph.sh
for b in base pen; do OUT=/work/runs/s63/$b MEM=7 bash $S /work/runs/s63/fanorona-$b 3x9 1800 --weak; done
# (base2 and pen2: the same two side by side, one core each; resume likewise;
# cf and cf2: closure_first.patch on 56eb823, side by side.)
# The 78-position suite, 1 M expansions each, 7-stone 7x5 and 9x3 tables in /work/runs/vdb:
printf '#!/bin/sh\nexec %s /work/runs/s63/fanorona-pen -- "$@"\n' \
  /work/main/experiments/search_graph/s62/wrap.sh > wrap-pen && chmod +x wrap-pen
python3 /work/main/experiments/search_heuristic/suite.py ./wrap-pen /work/runs/vdb 1000000 > suite_pen.txt
# The four small runs (EXTRA=--restart-descents for the resume build's restart):
bash /work/main/experiments/search_graph/s62/small4.sh ./fanorona-pen pen > small4_pen.txt
# Session 57's 7x5 stall ending, 5 minutes at most:
for b in pen base; do
  ./fanorona-$b solve --position "......W/..B..W./.B...../BB...../...BBWW w" --goal black \
    --db /work/runs/vdb --pieces 7 --graph --weak --moves none --threads 1 --memory 3 \
    --time-limit 300 --json > stall_$b.json
done
