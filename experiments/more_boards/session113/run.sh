#!/bin/bash
# usage: run.sh BIN DB LIMIT_S
# Session 113: 11x3's sacrifice tables with the balanced 9-stone classes
# (`--classes 5v4`: 4v5 and 5v4, and every class they rest on; the build
# leaves out the 9-stone block classes, which their init derives), then
# the rest of the classes to 8 stones; then "Black wins?" at the starts of
# 11x3 and 3x11 with the sacrifice move on the graph with weak numbers,
# side by side, one core and MEM GiB (default 8) each. `--pieces 8`: the
# 9-stone classes in DB are probed too. Output next to this script unless
# OUT is set; SKIP_BUILD=1 skips the builds.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  /usr/bin/time -v "$BIN" build --board 11x3 --sacrifice --classes 5v4 --db "$DB" \
      --threads 2 --memory 20 --json > "$OUT/build_11x3_5v4.json" 2> "$OUT/build_11x3_5v4.log"
  /usr/bin/time -v "$BIN" build --board 11x3 --sacrifice --pieces 8 --db "$DB" \
      --threads 2 --memory 20 --json > "$OUT/build_11x3_8.json" 2> "$OUT/build_11x3_8.log"
fi
for b in 11x3 3x11; do
  /usr/bin/time -v "$BIN" solve --board "$b" --sacrifice --goal black --db "$DB" --pieces 8 \
      --moves none --threads 1 --memory "${MEM:-8}" --table-cache 1 --graph --weak \
      --time-limit "$LIM" --checkpoint "$OUT/black_$b.fns" --checkpoint-every 10 --json \
      > "$OUT/black_$b.json" 2> "$OUT/black_$b.log" &
done
wait
