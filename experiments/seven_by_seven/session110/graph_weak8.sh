#!/usr/bin/env bash
# Session 110: session 108's "Black wins?" after e3-d4A b5-b6W-c5A-b4A and
# White's MOVE (a2-a3A or d2-e3A), on the graph search with weak numbers,
# now with the 8-stone tables (session 109) instead of 7. Seeded with an
# earlier checkpoint of the same position (its solved positions, which hold
# whatever tables found them), its own checkpoint OUT/MOVE-graph8.fns. One
# thread, MEM GiB.
# usage: graph_weak8.sh BIN DB OUT LIMIT_S MEM MOVE SEED
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=$5; MOVE=$6; SEED=$7
case $MOVE in
  a2-a3A) POS=".BBBBBB/..BBBBB/...BBBB/.BB.WBW/W.WW.WW/..WWWWW/W.WWWWW b" ;;
  d2-e3A) POS=".BBBBBB/B.BBBBB/B..BBB./BBB.W.W/..WWWWW/W.W.WWW/W.WWWWW b" ;;
  *) echo "unknown move $MOVE" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --position "$POS" --goal black --pieces 8 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" --graph --weak \
  --checkpoint "$OUT/$MOVE-graph8.fns" --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
  > "$OUT/$MOVE-graph8.json" 2> "$OUT/$MOVE-graph8.log"
