#!/bin/bash
# e2-e3A f4-e5W h1-h2A e5-e4A g2-g3A-h3W d4-e3A-f4W-g3A-f3W (White to move, 11 against 14 stones):
# each of White's 18 moves its own "Black wins?" search on the graph, two side by side, seeded with
# the graph search of g2-g3A-h3W (its solved positions and estimates). Black wins here iff every
# White move loses; the split stops when one holds.
cd /work/runs/s52
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBB.B...B/BWBW.B.../WWW.....W/WW.WWW... w" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-2400} --checkpoint /work/runs/s52/f3W --checkpoint-seed /work/runs/s52/e5-e4A/g2-g3A-h3W.fns \
  --checkpoint-every 10 --json > f3W.split.json 2> f3W.split.log
echo "rc=$?" >> f3W.split.log
