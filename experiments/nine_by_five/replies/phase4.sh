#!/bin/bash
# Session 13: the two replies with the shortest earlier runs, side by side,
# up to a time limit, each keeping a checkpoint to go on in the next session.
cd /work/runs/s13
run() { # name fen limit
  /usr/bin/time -v nice -n 10 ./fanorona-4d11722 solve --position "$2" --db /work/db-runs/t98 --pieces 8 \
    --goal black --threads 1 --moves none --memory 6 --table-cache 2 --time-limit $3 \
    --checkpoint $1.fns --checkpoint-every 20 --json > $1_p4.json 2> $1_p4.log
}
run e2-e3A_f4-e5W "BBBBBBBBB/BBBB..BBB/BWBWWB.BW/WWWW.WW.W/WWWWWWWW. w" 7900 &
run d2-e3A_h4-g5W-f4A "BBBBBB.BB/BBBBBBB.B/BWBW.B.BW/WWW.WWWWW/WWWWWWWWW w" 7900 &
wait
