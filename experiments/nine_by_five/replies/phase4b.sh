#!/bin/bash
# Session 13, part b: the same two searches taken up from their checkpoints
# (written on Ctrl-C after 34 minutes) by the binary of ab499fc (the table
# gets an eighth of the bound, a larger last step), up to a time limit.
cd /work/runs/s13
run() { # name fen limit
  /usr/bin/time -v nice -n 10 ./fanorona-ab499fc solve --position "$2" --db /work/db-runs/t98 --pieces 8 \
    --goal black --threads 1 --moves none --memory 6 --table-cache 2 --time-limit $3 \
    --checkpoint $1.fns --checkpoint-every 20 --json > $1_p4b.json 2> $1_p4b.log
}
run e2-e3A_f4-e5W "BBBBBBBBB/BBBB..BBB/BWBWWB.BW/WWWW.WW.W/WWWWWWWW. w" 6000 &
run d2-e3A_h4-g5W-f4A "BBBBBB.BB/BBBBBBB.B/BWBW.B.BW/WWW.WWWWW/WWWWWWWWW w" 6000 &
wait
