#!/bin/bash
# ... i4-i3A b3-c3W f3-f2A-g3W (White to move): each of White's 3 moves its own "Black wins?" search on the
# graph, two side by side, seeded with the checkpoint of f3-f2A-g3W from c3W_split.sh. Binary of 634dd5f:
# a thread with nothing left gives its memory to the search still running.
cd /work/runs/s53
/usr/bin/time -v ./fanorona-634dd5f solve --position "BBBB.B..B/BBB....../..W...B.B/WWW.W..../WW.W..... w" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-1800} --checkpoint /work/runs/s53/g3W --checkpoint-seed /work/runs/s53/c3W/f3-f2A-g3W.fns \
  --checkpoint-every 10 --json > g3W.split.json 2> g3W.split.log
echo "rc=$?" >> g3W.split.log
