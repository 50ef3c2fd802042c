#!/usr/bin/env bash
# Session 106: what other searches' solved positions do to a saved search
# (`solve --checkpoint FILE --checkpoint-merge M ... --nodes 0`: the merge
# settles open tree nodes, then the root's numbers are shown; FILE is left
# as it is). MOVE names the search (a2-a3A or d2-e3A, "Black wins?" after
# e3-d4A b5-b6W-c5A-b4A and that move); MEM must hold FILE's tree.
# usage: look.sh BIN DB MOVE FILE MEM OUT_JSON [MERGE ...]
set -u
BIN=$1; DB=$2; MOVE=$3; FILE=$4; MEM=$5; OUT=$6; shift 6
case $MOVE in
  a2-a3A) POS=".BBBBBB/..BBBBB/...BBBB/.BB.WBW/W.WW.WW/..WWWWW/W.WWWWW b" ;;
  d2-e3A) POS=".BBBBBB/B.BBBBB/B..BBB./BBB.W.W/..WWWWW/W.W.WWW/W.WWWWW b" ;;
  *) echo "unknown move $MOVE" >&2; exit 2 ;;
esac
MERGES=()
for m in "$@"; do MERGES+=(--checkpoint-merge "$m"); done
/usr/bin/time -v "$BIN" solve --position "$POS" --goal black --pieces 7 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --nodes 0 \
  --checkpoint "$FILE" "${MERGES[@]}" --json > "$OUT" 2> "${OUT%.json}.log"
