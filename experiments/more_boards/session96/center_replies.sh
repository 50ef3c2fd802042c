#!/bin/bash
# Session 96: 3x13 under `center`, "Black wins?" after White's a6-b7A and
# after b6-b7A (session 95's start search: Black's proof numbers 2 and 3
# there), side by side, one thread and 10 GiB each, seeded with the
# solved positions of session 95's "Black wins?" at the start.
set -u
B=/work/runs/s96/fanorona
DB=/work/runs/s95/db
O=/work/runs/s96/out
SEED=/work/runs/s95/out/ck/center_black.fns
LIMIT=${LIMIT:-1800}
run() { # name fen
  /usr/bin/time -v $B solve --position "$2" --diagonals center --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 10 --table-cache 1 --db $DB --time-limit $LIMIT \
    --checkpoint /work/runs/s96/center_$1.fns --checkpoint-seed $SEED --json \
    > $O/center_$1_black.json 2> $O/center_$1_black.progress
}
run a6-b7A "BBB/BBB/BBB/BBB/BBB/BB./BWW/.WW/WWW/WWW/WWW/WWW/WWW b" &
run b6-b7A "B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b" &
wait
echo done
# Then by hand (session 96): b6-b7A's search stopped (SIGTERM) after 4
# minutes, its proof number rising past 100; a6-b7A again without the
# seed (center_a6-b7A_black_fresh.*: --memory 8 --time-limit 1200, no
# --checkpoint); and "White wins?" after b6-b7A for 600 s, seeded with
# session 95's start search for that goal (center_b6-b7A_white.*):
# $B solve --position "B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b" --diagonals center \
#   --goal white --graph --weak --pieces 7 --moves none --threads 1 --memory 10 --table-cache 1 \
#   --db $DB --time-limit 600 --checkpoint center_b6-b7A_white.fns \
#   --checkpoint-seed /work/runs/s95/out/ck/center_white.fns --json
# A second sitting of that search from its checkpoint, --time-limit 1200
# (center_b6-b7A_white2.*).
