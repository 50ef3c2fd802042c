#!/bin/bash
# usage: open5.sh BIN LIMIT_S ; g5-f4A-g3A-h3A in --memory 5 --table-cache 1 (its last sittings' bound), beside a 9 GiB search
BIN=$1; LIM=$2; n=g5-f4A-g3A-h3A
cd /work/runs/s34
/usr/bin/time -v $BIN solve --position "BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory 5 --table-cache 1 --time-limit $LIM \
    --checkpoint "/work/runs/s31/ck_$n.fns" --json > $n.$(basename $BIN).json 2> $n.$(basename $BIN).log
