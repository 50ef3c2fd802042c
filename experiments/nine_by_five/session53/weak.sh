#!/bin/bash
# A move's "Black wins?" on the graph with weak proof numbers (Ueda et al.: at OR nodes the disproof number
# is the largest child's plus one for each other open child, at AND nodes the proof number likewise), a
# knob build of 634dd5f with experiments/search_graph/s53/weak_graph.patch; sound as ever (the closures
# prove). Usage: weak.sh NAME FEN SECONDS [GiB] (checkpoint weak_NAME.fns, read and written).
cd /work/runs/s53
FANORONA_WEAK=1 /usr/bin/time -v ./fanorona-634dd5f-weak solve --position "$2" --goal black --db /work/runs/db9x5 \
  --pieces 8 --moves none --threads 1 --memory ${4:-7} --graph --time-limit ${3:-2400} --checkpoint weak_$1.fns \
  --checkpoint-every 10 --json > weak_$1.json 2> weak_$1.log
echo "rc=$?" >> weak_$1.log
