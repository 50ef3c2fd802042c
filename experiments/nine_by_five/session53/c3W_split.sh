#!/bin/bash
# ... i4-i3A b3-c3W (Black to move): each of Black's 7 replies its own "Black wins?" search on the graph,
# two side by side, seeded with the checkpoint of b3-c3W from i3A_split.sh. Stops when one wins.
cd /work/runs/s53
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBB....../..W..B..B/WWW.W..../WW.WWW... b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-1800} --checkpoint /work/runs/s53/c3W --checkpoint-seed /work/runs/s53/i3A/b3-c3W.fns \
  --checkpoint-every 10 --json > c3W.split.json 2> c3W.split.log
echo "rc=$?" >> c3W.split.log
