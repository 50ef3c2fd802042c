#!/usr/bin/env bash
# Session 100: "Black wins?" after White's e3-d4A and after e4-d4W (the two
# first moves with Black's lowest proof numbers in the start's "Black
# wins?" search), each on the graph with weak numbers, one thread and MEM
# GiB, seeded with that search's checkpoint (SEED); the moves named
# (default both) side by side. SEARCH (default `--graph --weak`) picks the
# search: set it empty for the tree (session101/replies_tree.sh does).
# usage: [SEARCH=...] replies.sh BIN DB OUT SEED LIMIT_S MEM [MOVE ...]
set -u
SEARCH=${SEARCH---graph --weak}
BIN=$1; DB=$2; OUT=$3; SEED=$4; LIM=$5; MEM=$6; shift 6
MOVES=("$@"); [ ${#MOVES[@]} -eq 0 ] && MOVES=(e3-d4A e4-d4W)
mkdir -p "$OUT"
fen() {
  case $1 in
    e3-d4A) echo ".BBBBBB/B.BBBBB/BB.BBBB/BWBWWBW/WWWW.WW/WWWWWWW/WWWWWWW b" ;;
    e4-d4W) echo "BBBBBBB/BBBBBBB/BBBBBBB/BWBW..W/WWWWWWW/WWWWWWW/WWWWWWW b" ;;
    *) echo "unknown move $1" >&2; exit 2 ;;
  esac
}
for m in "${MOVES[@]}"; do
  pos=$(fen "$m") || exit 2
  /usr/bin/time -v "$BIN" solve --position "$pos" --goal black --pieces 7 --db "$DB" $SEARCH \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/$m.fns" --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
    > "$OUT/$m.json" 2> "$OUT/$m.log" &
done
wait
