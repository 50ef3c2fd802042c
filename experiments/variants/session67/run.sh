#!/bin/bash
# usage: run.sh BIN DB LIMIT_S
# Session 67: 9x5's sacrifice tables to 7 stones (two threads, 20 GiB), a
# sampled verify of them, then "Black wins?" (does White at least not lose?)
# at the starts of 9x5 and 5x9 with the sacrifice move, side by side, one
# core and MEM GiB (default 9) each. The build was stopped by SIGTERM once
# (end of session 66) and taken up by the same command. Output next to this
# script unless OUT is set; SKIP_BUILD=1 / SKIP_VERIFY=1 skip those steps.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  FANORONA_TIMING=1 /usr/bin/time -v "$BIN" build --board 9x5 --pieces 7 --sacrifice \
      --threads 2 --db "$DB" --memory 20 --json >> "$OUT/build_sac9x5_7.json" 2>> "$OUT/build_sac9x5_7.log"
fi
if [ "${SKIP_VERIFY:-0}" != 1 ]; then
  /usr/bin/time -v "$BIN" verify --db "$DB" --sample 200000 \
      --threads 2 > "$OUT/verify_sac9x5_7.out" 2> "$OUT/verify_sac9x5_7.log"
fi
for b in 9x5 5x9; do
  /usr/bin/time -v "$BIN" solve --board "$b" --sacrifice --goal black --db "$DB" --pieces 7 \
      --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --time-limit "$LIM" \
      --checkpoint "$OUT/black_$b.fns" --checkpoint-every 10 --json \
      > "$OUT/black_$b.json" 2> "$OUT/black_$b.log" &
done
wait
