#!/bin/bash
# usage: first_moves.sh BIN DB LIMIT_S [LIST]
# Session 117: the first moves session 111 left unvalued at the 9x3 and
# 3x9 sacrifice starts (LIST, default open_first_moves.txt: board, move,
# position after it), each position solved (both goals) on the graph with
# weak numbers, one core and MEM GiB (default 8) each, two at a time,
# LIMIT_S seconds each, with 9x3's sacrifice tables to 9 stones and the
# 10-stone classes 6v4 and 5v5 (probed as they are in DB). One JSON file a
# move: OUT/first_<board>_<move>.json, its log beside it.
set -u
BIN=$1; DB=$2; LIM=$3; LIST=${4:-$(dirname "$0")/open_first_moves.txt}
OUT=${OUT:-$(dirname "$0")}
one() {
  local board=$1 move=$2 fen=$3
  "$BIN" solve --position "$fen" --sacrifice --db "$DB" --pieces 9 --moves none --threads 1 \
      --memory "${MEM:-8}" --table-cache 1 --graph --weak --time-limit "$LIM" --json \
      > "$OUT/first_${board}_${move}.json" 2> "$OUT/first_${board}_${move}.log"
}
while read -r board move placement turn; do
  case $board in '#'*|'') continue ;; esac
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
  one "$board" "$move" "$placement $turn" &
done < "$LIST"
wait
