#!/bin/bash
# ... d4-e3A-f4W-g3A-f3W d3-e3W-e2W (Black to move): each of Black's replies its own "Black wins?" search
# on the graph, two side by side, seeded with the split's checkpoint of the position. Stops when one wins.
cd /work/runs/s52
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBB.....B/BW...B.../WWW.W...W/WW.WWW... b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-780} --checkpoint /work/runs/s52/e2W --checkpoint-seed /work/runs/s52/f3W/d3-e3W-e2W.fns \
  --checkpoint-every 10 --json > e2W.split.json 2> e2W.split.log
echo "rc=$?" >> e2W.split.log
