#!/bin/bash
# e2-e3A f4-e5W h1-h2A e5-e4A g2-g3A-h3W ("Black wins?", Black to move) as a tree with the closure,
# seeded with the graph search's checkpoint of the same position (its solved positions and estimates),
# beside that graph search on the other core.
cd /work/runs/s52
/usr/bin/time -v ./fanorona-9f8b21d solve --position "BBBB.B..B/BBBBB...B/BWBW...WW/WWWW.W.WW/WWWWWWW.. b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves none --threads 1 --memory 6 --table-cache 1.5 --closure \
  --time-limit ${1:-4000} --checkpoint /work/runs/s52/g2tree.fns --checkpoint-seed /work/runs/s52/seed_g2.fns \
  --checkpoint-every 10 --json > g2tree.json 2> g2tree.log
echo "rc=$?" >> g2tree.log
