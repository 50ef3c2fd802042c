#!/bin/bash
# Session 98: 3x13 under `center`, "Black wins?" after White's c6-b7A and
# after c7-b7A, a second sitting each from session 97's checkpoints
# (which go on where they stood), side by side, one thread and 9 GiB
# each, on the build with the closure's look-ahead.
set -u
B=/work/runs/s98/fanorona-final
DB=/work/runs/s95/db
O=/work/runs/s98/out
LIMIT=${LIMIT:-4500}
run() { # name fen
  /usr/bin/time -v $B solve --position "$2" --diagonals center --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 9 --table-cache 1 --db $DB --time-limit $LIMIT \
    --checkpoint /work/runs/s97/center_$1.fns --json \
    > $O/center_$1_black2.json 2> $O/center_$1_black2.progress
}
run c6-b7A "BBB/BBB/BBB/BBB/BBB/.BB/BWW/WW./WWW/WWW/WWW/WWW/WWW b" &
run c7-b7A "BBB/BBB/BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW/WWW/WWW b" &
wait
echo done
