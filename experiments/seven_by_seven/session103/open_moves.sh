#!/usr/bin/env bash
# Session 103: "Black wins?" after e3-d4A b5-b6W-c5A-b4A and one of the
# White moves that session 102's split left open (../session102/split/),
# each on the tree, one thread and MEM GiB, the moves named side by side.
# The split gave d3-d4A and e4-d4W about 20 M nodes each (a2-a3A and
# d2-e3A took the rest of its time), so they come first here. SEED: a
# checkpoint whose solved positions seed every search, or - for none (a
# new machine). A checkpoint already in OUT is taken up where it stopped.
# usage: open_moves.sh BIN DB OUT SEED LIMIT_S MEM MOVE ...
set -u
BIN=$1; DB=$2; OUT=$3; SEED=$4; LIM=$5; MEM=$6; shift 6
[ $# -eq 0 ] && { echo "name at least one move" >&2; exit 2; }
mkdir -p "$OUT"
SEED_ARGS=()
[ "$SEED" != - ] && SEED_ARGS=(--checkpoint-seed "$SEED")
fen() {
  # The positions after each move, Black to move (`moves --position`).
  case $1 in
    a2-a3A) echo ".BBBBBB/..BBBBB/...BBBB/.BB.WBW/W.WW.WW/..WWWWW/W.WWWWW b" ;;
    d2-e3A) echo ".BBBBBB/B.BBBBB/B..BBB./BBB.W.W/..WWWWW/W.W.WWW/W.WWWWW b" ;;
    d3-d4A) echo ".BB.BBB/B.B.BBB/B...BBB/BBBWWBW/..W..WW/W.WWWWW/W.WWWWW b" ;;
    e4-d4W) echo ".BBBBBB/B.BBBBB/B..BBBB/BBBW..W/..WW.WW/W.WWWWW/W.WWWWW b" ;;
    *) echo "unknown move $1" >&2; exit 2 ;;
  esac
}
for m in "$@"; do
  pos=$(fen "$m") || exit 2
  /usr/bin/time -v "$BIN" solve --position "$pos" --goal black --pieces 7 --db "$DB" \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/$m.fns" "${SEED_ARGS[@]}" --checkpoint-every 20 --json \
    > "$OUT/$m.json" 2> "$OUT/$m.log" &
done
wait
