#!/bin/bash
# usage: open6.sh BIN LIMIT_S name ; as session31/open.sh with --memory 6 --table-cache 1 (beside a 9 GiB search)
BIN=$1; LIM=$2; n=$3
declare -A P=(
 [e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
)
cd /work/runs/s34
/usr/bin/time -v $BIN solve --position "${P[$n]}" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory 6 --table-cache 1 --time-limit $LIM \
    --checkpoint "/work/runs/s31/ck_$n.fns" --json > $n.$(basename $BIN).json 2> $n.$(basename $BIN).log
