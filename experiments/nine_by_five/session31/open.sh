#!/bin/bash
# usage: open.sh BIN LIMIT_S name... ; solves each open 9x5 line "Black wins?" one core, checkpoint per line
# RUN_DIR: where the reports go (default /work/runs/s31); CK_DIR: where the checkpoints are (default: RUN_DIR itself)
BIN=$1; LIM=$2; shift 2
declare -A P=(
 [c1-b2A]="BBBBBBBBB/BBB.BBBBB/.W.B.BWBW/WWWWWWWWW/.W.WWWWWW b"
 [d2-c3A]=".BBBBBBBB/B.B.BBBBB/BWWB.BWBW/W.W.WWWWW/.WWWWWWWW b"
 [d2-c3A-d4A-e3W]=".B.B.BBBB/B.B.BBBBB/BW.BWBWBW/W.W.WWWWW/.WWWWWWWW b"
 [e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
 [g5-f4A-g3A-h3A]="BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w"
)
cd "${RUN_DIR:-/work/runs/s31}"
for n in "$@"; do
  /usr/bin/time -v $BIN solve --position "${P[$n]}" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory 9 --table-cache 2 --time-limit $LIM \
    --checkpoint "${CK_DIR:+$CK_DIR/}ck_$n.fns" --json > $n.$(basename $BIN).json 2> $n.$(basename $BIN).log
done
