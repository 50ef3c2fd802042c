#!/usr/bin/env bash
# Session 95: 3x13 with stalemate as a draw, "Black wins?" on the graph with
# weak numbers, as a check of the argument that White does not lose there
# because it does not under the default rules. 13x3's stalemate-draw
# tables to 7 stones first (two threads, beside another search).
# usage: run3x13_stalemate.sh BIN DB OUT LIMIT_S
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4
mkdir -p "$OUT/ck"
T() { /usr/bin/time -f "wall %e s, user %U s, peak %M KiB" "$@"; }
T "$BIN" build --board 13x3 --pieces 7 --stalemate draw --db "$DB" --threads 2 --memory 8 --json \
  > "$OUT/build13x3_stalemate-draw.json" 2> "$OUT/build13x3_stalemate-draw.time"
T "$BIN" solve --board 3x13 --goal black --stalemate draw --pieces 7 --db "$DB" --graph --weak \
  --moves none --threads 1 --memory 10 --table-cache 1 --time-limit "$LIM" \
  --checkpoint "$OUT/ck/stalemate-draw_black.fns" --json \
  > "$OUT/stalemate-draw_black.json" 2> "$OUT/stalemate-draw_black.log"
