#!/bin/bash
# ... b3-c3W f3-f2A-g3W a2-a3A (Black to move): each of Black's 3 replies its own "Black wins?" search on the
# graph, two side by side, seeded with a2-a3A's checkpoint from alone.sh. Stops when one wins.
cd /work/runs/s53
/usr/bin/time -v ./fanorona-634dd5f solve --position ".BBB.B..B/.BB....../W.W...B.B/.WW.W..../WW.W..... b" \
  --goal black --db /work/runs/db9x5 --pieces 8 --moves all --threads 2 --memory 14 --graph \
  --time-limit ${1:-900} --checkpoint /work/runs/s53/a3A --checkpoint-seed /work/runs/s53/alone_a2-a3A.fns \
  --checkpoint-every 10 --json > a3A.split.json 2> a3A.split.log
echo "rc=$?" >> a3A.split.log
