#!/bin/bash
# e2-e3A f4-e5W h1-h2A e5-e4A: every White move its own "Black wins?" search on the graph,
# seeded with session 51's checkpoint of the position (solved positions and estimates).
cd /work/runs/s52
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-7200} --checkpoint /work/runs/s52/e5-e4A --checkpoint-seed /work/runs/s52/seed_e5-e4A.fns \
  --checkpoint-every 10 --json > e5-e4A.split.json 2> e5-e4A.split.log
echo "rc=$?" >> e5-e4A.split.log
