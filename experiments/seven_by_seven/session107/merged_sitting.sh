#!/usr/bin/env bash
# Session 107: one more sitting of "Black wins?" after e3-d4A
# b5-b6W-c5A-b4A and White's MOVE (a2-a3A or d2-e3A), taken up from the
# checkpoint OUT/MOVE.fns (copy it there first) with other searches'
# checkpoints merged in at the start (`--checkpoint-merge`, the search's
# own file among them: its open tree nodes that are transposed copies of
# positions it solved elsewhere are settled at once). One thread, MEM GiB
# (it must hold the checkpoint's tree: 17 for a2-a3A, 9 for d2-e3A).
# usage: merged_sitting.sh BIN DB OUT LIMIT_S MEM MOVE [MERGE ...]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=$5; MOVE=$6; shift 6
case $MOVE in
  a2-a3A) POS=".BBBBBB/..BBBBB/...BBBB/.BB.WBW/W.WW.WW/..WWWWW/W.WWWWW b" ;;
  d2-e3A) POS=".BBBBBB/B.BBBBB/B..BBB./BBB.W.W/..WWWWW/W.W.WWW/W.WWWWW b" ;;
  *) echo "unknown move $MOVE" >&2; exit 2 ;;
esac
[ -f "$OUT/$MOVE.fns" ] || { echo "no checkpoint $OUT/$MOVE.fns" >&2; exit 2; }
MERGES=()
for m in "$@"; do MERGES+=(--checkpoint-merge "$m"); done
/usr/bin/time -v "$BIN" solve --position "$POS" --goal black --pieces 7 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
  --checkpoint "$OUT/$MOVE.fns" "${MERGES[@]}" --checkpoint-every 20 --json \
  > "$OUT/$MOVE.json" 2> "$OUT/$MOVE.log"
