#!/bin/bash
# Triage: every Black reply after a first move gets "Black wins?" alone,
# two side by side, up to 25M nodes each.
cd /work/runs/moves3
run() { # name fen nodes
  /usr/bin/time -v ./fanorona-split solve --position "$2" --db /work/db-runs/t98 --pieces 8 \
    --goal black --threads 2 --memory 13 --table-cache 3 --nodes $3 --json > $1.json 2> $1.log
}
run d2-e3A_p1 "BBBBBB.BB/BBBBB.BBB/BWBWWBWBW/WWW.WWWWW/WWWWWWWWW b" 25000000
run d3-e3W_p1 "BBBBBBBBB/BBBBBBBBB/BW..WBWBW/WWWWWWWWW/WWWWWWWWW b" 25000000
run e2-e3A_p1 "BBBB.BBBB/BBBB.BBBB/BWBWWBWBW/WWWW.WWWW/WWWWWWWWW b" 25000000
