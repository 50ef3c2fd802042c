#!/bin/bash
# usage: open_big.sh BIN LIMIT_S LINE MEMORY_GIB CACHE_GIB ; one open 9x5 line ("Black wins?") on one core
# with the closure, taken up from CK_DIR/ck_LINE.fns (default /work/runs/s31), reports in RUN_DIR
BIN=$1; LIM=$2; n=$3; MEM=$4; CACHE=$5
declare -A P=(
 [d2-c3A]=".BBBBBBBB/B.B.BBBBB/BWWB.BWBW/W.W.WWWWW/.WWWWWWWW b"
 [d2-c3A-d4A-e3W]=".B.B.BBBB/B.B.BBBBB/BW.BWBWBW/W.W.WWWWW/.WWWWWWWW b"
 [e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
 [g5-f4A-g3A-h3A]="BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w"
)
cd "${RUN_DIR:-/work/runs/s36}"
/usr/bin/time -v $BIN solve --position "${P[$n]}" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory $MEM --table-cache $CACHE --closure --time-limit $LIM \
    --checkpoint "${CK_DIR:-/work/runs/s31}/ck_$n.fns" --json > $n.$(basename $BIN).json 2> $n.$(basename $BIN).log
