#!/bin/bash
# ... f3-f2A-g3W b2-b3A (Black to move): each of Black's 3 replies its own "Black wins?" search on the graph
# with weak proof numbers (--weak, e71e8da), two side by side, seeded with b2-b3A's checkpoint from weak.sh.
# Stops when one wins.
cd /work/runs/s53
/usr/bin/time -v ./fanorona-e71e8da solve --position "B.BB.B..B/B.B....../.WW...B.B/W.W.W..../WW.W..... b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph --weak \
  --time-limit ${1:-1800} --checkpoint /work/runs/s53/b3A --checkpoint-seed /work/runs/s53/weak_b3A.fns \
  --checkpoint-every 10 --json > b3A.split.json 2> b3A.split.log
echo "rc=$?" >> b3A.split.log
