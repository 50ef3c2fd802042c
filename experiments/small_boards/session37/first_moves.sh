#!/bin/bash
# usage: first_moves.sh BIN DB PIECES LIMIT_S OUT_DIR GOAL MOVE...
# The 5x7 or 3x9 first moves left unknown (default rules), each alone on one core:
# GOAL (white|black) asked in the position after MOVE, with the tables of DB up to PIECES stones.
BIN=$1; DB=$2; K=$3; LIM=$4; OUT=$5; GOAL=$6; shift 6
declare -A P=(
 [b4-c4A]="BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b"
 [b4-c4W]="BBBBB/BBBBB/BBBBB/..WBW/WWWWW/WWWWW/WWWWW b"
 [c5-b5A]="BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW b"
)
mkdir -p $OUT
for m in "$@"; do
    /usr/bin/time -v $BIN solve --position "${P[$m]}" --goal $GOAL --db $DB --pieces $K --moves none \
        --threads 1 --memory 6 --table-cache 1 --time-limit $LIM --checkpoint $OUT/$m.$GOAL.fns --json \
        > $OUT/$m.$GOAL.json 2> $OUT/$m.$GOAL.log
done
