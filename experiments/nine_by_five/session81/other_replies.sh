#!/bin/bash
# usage: other_replies.sh BIN LIMIT_S [OUT_DIR]
# "Black wins?" after each of Black's replies after e3W.d3-c3A.e3-d3W-d4A
# (session68/open_replies.sh) but the five that session 79's sitting left
# open (searched in session 81 on their own, with checkpoints): each from
# nothing on one core, MEM GiB (default 3), the WDL files mapped, at most
# LIMIT_S seconds. One line a reply: the move and its state; the JSON of
# each goes to OUT_DIR (default .).
set -u
BIN=$1; LIM=$2; OUT=${3:-.}
P=".B...BBBB/B.BWBBBBB/B.B...WBW/W.W.WWWWW/.WWWWWWWW b"
SKIP=" f4-f3A-e3W-d2A-d3A c3-d2A-d3W e4-e3A-d2A-e2A f4-f3A-e3W-f2W f4-f3A "
mkdir -p "$OUT"
"$BIN" moves --position "$P" | while read -r move fen; do
  case "$SKIP" in *" $move "*) continue ;; esac
  "$BIN" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 \
      --moves none --threads 1 --memory "${MEM:-3}" --table-cache 0.05 --graph --weak \
      --time-limit "$LIM" --json > "$OUT/$move.json" 2> /dev/null < /dev/null
  echo "$move $(tail -1 "$OUT/$move.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*') $(tail -1 "$OUT/$move.json" | grep -o '"state": "[a-z]*"' | head -1)"
done
