#!/bin/bash
# Session 97: 3x13 under `center`, "White wins?" after White's c6-b7A and
# after c7-b7A (Black to move), side by side, one thread and 10 GiB each,
# seeded with the solved positions of session 95's "White wins?" at the
# start: which of the two first moves White's win, if any, goes through.
set -u
B=/work/runs/s97/fanorona
DB=/work/runs/s95/db
O=/work/runs/s97/out
SEED=/work/runs/s95/out/ck/center_white.fns
LIMIT=${LIMIT:-2400}
while pgrep -f ab2.sh > /dev/null; do sleep 5; done
run() { # name fen
  /usr/bin/time -v $B solve --position "$2" --diagonals center --goal white --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 10 --table-cache 1 --db $DB --time-limit $LIMIT \
    --checkpoint /work/runs/s97/center_$1_white.fns --checkpoint-seed $SEED --json \
    > $O/center_$1_white.json 2> $O/center_$1_white.progress
}
run c6-b7A "BBB/BBB/BBB/BBB/BBB/.BB/BWW/WW./WWW/WWW/WWW/WWW/WWW b" &
run c7-b7A "BBB/BBB/BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW/WWW/WWW b" &
wait
echo done
