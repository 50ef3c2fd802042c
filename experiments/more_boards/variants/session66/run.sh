#!/bin/bash
# usage: run.sh BIN DB LIMIT_S
# Session 66: 11x3's sacrifice tables to 8 stones, then "Black wins?" at the
# starts of 11x3 and 3x11 with the sacrifice move, side by side, one core
# and MEM GiB (default 9) each. Output next to this script unless OUT is set.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  FANORONA_TIMING=1 /usr/bin/time -v "$BIN" build --board 11x3 --pieces 8 --sacrifice \
      --threads 2 --db "$DB" --memory 20 --json > "$OUT/build_sac11x3_8.json" 2> "$OUT/build_sac11x3_8.log"
fi
for b in 11x3 3x11; do
  /usr/bin/time -v "$BIN" solve --board "$b" --sacrifice --goal black --db "$DB" --pieces 8 \
      --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --time-limit "$LIM" \
      --checkpoint "$OUT/black_$b.fns" --checkpoint-every 10 --json \
      > "$OUT/black_$b.json" 2> "$OUT/black_$b.log" &
done
wait
