#!/bin/bash
# Session 96: two more samples of base against keep (spacing2.sh's), in
# 6 GiB: the start, then after b6-b7A, each pair side by side. Waits for
# spacing2.sh to end first.
set -u
B=/work/runs/s96/fanorona-xcut
O=/work/runs/s96/out
while pgrep -f spacing2.sh > /dev/null; do sleep 5; done
one() { # tag fen variant
  local e=(); [ "$3" = keep ] && e=(X_CUT_SPACING=keep)
  env "${e[@]}" /usr/bin/time -v $B solve --position "$2" --stalemate draw --goal black --graph --weak \
    --pieces 7 --moves none --threads 1 --memory 6 --table-cache 1 --db /work/runs/s95/db \
    --time-limit 900 --json > $O/sp3_$1_$3.json 2> $O/sp3_$1_$3.progress
}
START="BBB/BBB/BBB/BBB/BBB/BBB/B.W/WWW/WWW/WWW/WWW/WWW/WWW w"
B6="B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b"
one start6 "$START" base & one start6 "$START" keep & wait
one b6-b7A6 "$B6" base & one b6-b7A6 "$B6" keep & wait
echo done
