#!/bin/bash
# usage: graph_open.sh BIN LIMIT_S LINE MEMORY_GIB [PIECES]
# One of the four open 9x5 lines ("Black wins?", see ../README.md) on the
# graph of positions (`solve --graph`, session 50), one core, with the
# tables in DB (default /work/runs/db9x5) up to PIECES stones (default 8).
# The checkpoint CK_DIR/graph_LINE.fns (default /work/runs/s50/9x5) keeps
# what it solved and its numbers every 10 minutes and at the end: run the
# same command again in a later sitting to go on. Reports in RUN_DIR
# (default: CK_DIR): LINE.json (last line: the result), LINE.log.
set -u
BIN=$1; LIM=$2; n=$3; MEM=$4; PIECES=${5:-8}
declare -A P=(
 [d2-c3A]=".BBBBBBBB/B.B.BBBBB/BWWB.BWBW/W.W.WWWWW/.WWWWWWWW b"
 [d2-c3A-d4A-e3W]=".B.B.BBBB/B.B.BBBBB/BW.BWBWBW/W.W.WWWWW/.WWWWWWWW b"
 [e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
 [g5-f4A-g3A-h3A]="BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w"
)
[ -n "${P[$n]:-}" ] || { echo "LINE: one of ${!P[*]}" >&2; exit 2; }
CK=${CK_DIR:-/work/runs/s50/9x5}; OUT=${RUN_DIR:-$CK}
mkdir -p "$CK" "$OUT"
/usr/bin/time -v "$BIN" solve --position "${P[$n]}" --goal black --db "${DB:-/work/runs/db9x5}" \
    --pieces "$PIECES" --moves none --threads 1 --memory "$MEM" --graph --time-limit "$LIM" \
    --checkpoint "$CK/graph_$n.fns" --checkpoint-every 10 --json \
    > "$OUT/$n.json" 2> "$OUT/$n.log"
