#!/bin/bash
# Session 96: 7x5 sacrifice tables to 7 stones, then "White wins?" at the
# 7x5 and 5x7 sacrifice starts side by side on the graph with weak numbers.
set -u
B=/work/runs/s96/fanorona
DB=/work/runs/s96/db
O=/work/runs/s96/out
LIMIT=${LIMIT:-2700}
/usr/bin/time -v $B build --board 7x5 --pieces 7 --sacrifice --threads 2 --memory 16 --db $DB --json \
  > $O/build7x5_sac7.json 2> $O/build7x5_sac7.time
for b in 7x5 5x7; do
  /usr/bin/time -v $B solve --board $b --sacrifice --goal white --graph --weak --pieces 7 --moves none \
    --threads 1 --memory 10 --db $DB --time-limit $LIMIT --checkpoint /work/runs/s96/sac_$b.fns --json \
    > $O/sac_${b}_white.json 2> $O/sac_${b}_white.progress &
done
wait
echo done
