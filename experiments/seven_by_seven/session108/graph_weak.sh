#!/usr/bin/env bash
# Session 108: "Black wins?" after e3-d4A b5-b6W-c5A-b4A and White's MOVE
# (a2-a3A or d2-e3A) on the graph search with weak numbers, where sessions
# 103-107 used the tree: on 80 quiet 7x7 endings of 10-11 stones the graph
# with weak numbers settled more than the tree, in fewer expansions
# (experiments/search_lead/). Seeded with the tree search's checkpoint of
# the same position (its solved positions; its tree is passed over), its
# own checkpoint OUT/MOVE-graph.fns. One thread, MEM GiB. With PIECES (7
# unless given; session 110 gave 8) other than 7 the files are named
# MOVE-graphPIECES.*.
# usage: graph_weak.sh BIN DB OUT LIMIT_S MEM MOVE SEED [PIECES]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=$5; MOVE=$6; SEED=$7; PIECES=${8:-7}
NAME="$OUT/$MOVE-graph"; [ "$PIECES" = 7 ] || NAME="$NAME$PIECES"
case $MOVE in
  a2-a3A) POS=".BBBBBB/..BBBBB/...BBBB/.BB.WBW/W.WW.WW/..WWWWW/W.WWWWW b" ;;
  d2-e3A) POS=".BBBBBB/B.BBBBB/B..BBB./BBB.W.W/..WWWWW/W.W.WWW/W.WWWWW b" ;;
  *) echo "unknown move $MOVE" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --position "$POS" --goal black --pieces "$PIECES" --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" --graph --weak \
  --checkpoint "$NAME.fns" --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
  > "$NAME.json" 2> "$NAME.log"
