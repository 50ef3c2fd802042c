#!/bin/bash
# usage: open5c.sh BIN LIMIT_S CHECKPOINT ; g5-f4A-g3A-h3A in --memory 5 --table-cache 1 with the closure
# (the tree's room with the closure's scratch taken out still holds its ~33 M nodes), beside a 9 GiB search
BIN=$1; LIM=$2; CK=$3; n=g5-f4A-g3A-h3A
cd "${RUN_DIR:-/work/runs/s35}"
/usr/bin/time -v $BIN solve --position "BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory 5 --table-cache 1 --closure --time-limit $LIM \
    --checkpoint "$CK" --json > $n.$(basename $BIN).json 2> $n.$(basename $BIN).log
