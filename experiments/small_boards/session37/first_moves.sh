#!/bin/bash
# usage: [FLAGS="--diagonals center"] [MEM=6] [CACHE=1] first_moves.sh BIN DB PIECES LIMIT_S OUT_DIR GOAL MOVE...
# First moves of 5x7 and 3x9 left unknown, each alone on one core: GOAL (white|black) asked in
# the position after MOVE, with the tables of DB up to PIECES stones, under the rules of FLAGS
# (default rules without), in MEM GiB (default 6) of which CACHE (default 1) caches table blocks.
# b3-c4A, c3-c4A and d3-c4A are 5x7 moves under `center` only.
BIN=$1; DB=$2; K=$3; LIM=$4; OUT=$5; GOAL=$6; shift 6
declare -A P=(
 [b3-c4A]="BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b"
 [c3-c4A]="BB.BB/BB.BB/BB.BB/BWWBW/WW.WW/WWWWW/WWWWW b"
 [d3-c4A]="BBBBB/.BBBB/B.BBB/BWWBW/WWW.W/WWWWW/WWWWW b"
 [b4-c4A]="BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b"
 [b4-c4W]="BBBBB/BBBBB/BBBBB/..WBW/WWWWW/WWWWW/WWWWW b"
 [c5-b5A]="BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW b"
)
mkdir -p $OUT
for m in "$@"; do
    /usr/bin/time -v $BIN solve --position "${P[$m]}" $FLAGS --goal $GOAL --db $DB --pieces $K --moves none \
        --threads 1 --memory ${MEM:-6} --table-cache ${CACHE:-1} --time-limit $LIM --checkpoint $OUT/$m.$GOAL.fns --json \
        > $OUT/$m.$GOAL.json 2> $OUT/$m.$GOAL.log
done
