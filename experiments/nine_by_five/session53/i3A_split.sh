#!/bin/bash
# ... d3-e3W-e2W i4-i3A (White to move): each of White's 6 moves its own "Black wins?" search on the graph,
# two side by side, seeded with the split's checkpoint of the position. Black wins only if every move loses.
cd /work/runs/s53
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBB....../BW...B..B/WWW.W..../WW.WWW... w" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-1800} --checkpoint /work/runs/s53/i3A --checkpoint-seed /work/runs/s52/e2W/i4-i3A.fns \
  --checkpoint-every 10 --json > i3A.split.json 2> i3A.split.log
echo "rc=$?" >> i3A.split.log
