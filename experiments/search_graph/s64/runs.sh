#!/usr/bin/env bash
# Session 64's runs (in /work/runs/s64), each binary a release build:
#   fanorona-238191d  238191d (before; session 63's pen, 56eb823, searches alike)
#   fanorona-dump     238191d + dump.patch (prints the descent's path when the cap doubles past 100)
#   fanorona-acyc     238191d + the path refreshed without its moves back up (landed)
#   fanorona-acadd    acyc + additive_penalty.patch (not landed)
# The 9x3 sacrifice tables up to 8 stones in /work/runs/sac
# (fanorona build --board 9x3 --pieces 8 --sacrifice --db /work/runs/sac --threads 2).
S=/work/main/experiments/variants/session60/sac_graph.sh
# The dump, on a copy of session 63's pen checkpoint (stopped by kill at 1,194 s):
cp /work/runs/s63/pen/3x9weak.fns ck_dump.fns
./fanorona-dump solve --board 3x9 --sacrifice --goal white --db /work/runs/sac --pieces 8 --moves none \
  --threads 1 --memory 7 --table-cache 1 --graph --weak --time-limit 1800 --checkpoint ck_dump.fns \
  --checkpoint-every 10 --json > dumpck.json 2> dumpck.log
# 3x9 with the sacrifice move, "White wins?" from scratch, 7 GiB, 30 minutes, side by side:
OUT=/work/runs/s64/acyc MEM=7 bash $S /work/runs/s64/fanorona-acyc 3x9 1800 --weak
OUT=/work/runs/s64/acadd-run MEM=7 bash $S /work/runs/s64/fanorona-acadd 3x9 1800 --weak
# The 78-position suite (7-stone 7x5 and 9x3 tables in /work/runs/vdb), the four small runs,
# session 57's 7x5 stall ending:
printf '#!/bin/sh\nexec %s /work/runs/s64/fanorona-acyc -- "$@"\n' \
  /work/main/experiments/search_graph/s62/wrap.sh > wrap-acyc && chmod +x wrap-acyc
python3 /work/main/experiments/search_heuristic/suite.py ./wrap-acyc /work/runs/vdb 1000000 > suite_acyc.txt
bash /work/main/experiments/search_graph/s62/small4.sh ./fanorona-acyc acyc > small4_acyc.txt
for b in acyc acadd; do
  ./fanorona-$b solve --position "......W/..B..W./.B...../BB...../...BBWW w" --goal black \
    --db /work/runs/vdb --pieces 7 --graph --weak --moves none --threads 1 --memory 3 \
    --time-limit 300 --json > stall_$b.json
done
