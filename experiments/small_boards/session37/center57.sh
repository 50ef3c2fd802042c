#!/bin/bash
# usage: center57.sh BIN DB LIMIT_S OUT_DIR MOVE... : 5x7 under the `center` rule, "Black wins?" after
# each first move (the start is a draw, so White wins after none), 8-stone tables, one core.
BIN=$1; DB=$2; LIM=$3; OUT=$4; shift 4
declare -A P=(
 [b3-c4A]="BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b"
 [c3-c4A]="BB.BB/BB.BB/BB.BB/BWWBW/WW.WW/WWWWW/WWWWW b"
 [d3-c4A]="BBBBB/.BBBB/B.BBB/BWWBW/WWW.W/WWWWW/WWWWW b"
 [b4-c4A]="BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b"
 [b4-c4W]="BBBBB/BBBBB/BBBBB/..WBW/WWWWW/WWWWW/WWWWW b"
)
mkdir -p $OUT
for m in "$@"; do
    /usr/bin/time -v $BIN solve --position "${P[$m]}" --diagonals center --goal black --db $DB --pieces 8 \
        --moves none --threads 1 --memory 6 --table-cache 1 --time-limit $LIM --json \
        > $OUT/$m.json 2> $OUT/$m.log
done
