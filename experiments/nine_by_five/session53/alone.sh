#!/bin/bash
# One move's "Black wins?" searched alone on the graph from its split checkpoint (a restart: a fresh graph
# with the solved positions and estimates of the split). Usage: alone.sh NAME FEN CHECKPOINT SECONDS MEMORY
cd /work/runs/s53
cp "$3" alone_$1.fns
/usr/bin/time -v ./fanorona-634dd5f solve --position "$2" --goal black --db /work/runs/db9x5 --pieces 8 \
  --moves none --threads 1 --memory ${5:-7} --graph --time-limit ${4:-900} --checkpoint alone_$1.fns \
  --checkpoint-every 10 --json > alone_$1.json 2> alone_$1.log
echo "rc=$?" >> alone_$1.log
