#!/bin/bash
# e2-e3A f4-e5W h1-h2A e5-e4A g2-g3A-h3W: each of Black's 18 replies its own "Black wins?" search
# (two threads, niced beside the graph search of the position itself), seeded with that search's
# checkpoint; stops when one reply proves.
cd /work/runs/s52
nice -n 5 /usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBBBB...B/BWBW...WW/WWWW.W.WW/WWWWWWW.. b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 6 --graph \
  --time-limit ${1:-2200} --checkpoint /work/runs/s52/g2split --checkpoint-seed /work/runs/s52/seed_g2.fns \
  --checkpoint-every 10 --json > g2split.json 2> g2split.log
echo "rc=$?" >> g2split.log
