#!/bin/bash
# usage: run.sh BIN DB LIMIT_S
# Session 114: 7x5's sacrifice tables with the balanced 9-stone classes
# (`--classes 5v4`: 4v5 and 5v4 and every class they rest on; the build
# leaves out the 9-stone block classes, which their init derives), then
# the rest of the classes to 8 stones; a sampled verify of 4v5 and 5v4;
# then "White wins?" at the 7x5 and 5x7 sacrifice starts on the graph with
# weak numbers, side by side, one core and MEM GiB (default 9) each
# ("Black wins?" is disproved at both, session 40, so a proof makes the
# board a White win). `--pieces 8`: the 9-stone classes in DB are probed
# too. Output next to this script unless OUT is set; SKIP_BUILD=1 skips
# the builds and the verify. A second run goes on from the checkpoints.
# PIECES=9 makes the searches' tables those up to 9 stones (once the rest
# of the 9-stone classes is built: ../../tables/session115/).
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  /usr/bin/time -v "$BIN" build --board 7x5 --sacrifice --classes 5v4 --db "$DB" \
      --threads 2 --memory 20 --json > "$OUT/build_7x5_5v4.json" 2> "$OUT/build_7x5_5v4.log"
  /usr/bin/time -v "$BIN" build --board 7x5 --sacrifice --pieces 8 --db "$DB" \
      --threads 2 --memory 20 --json > "$OUT/build_7x5_8.json" 2> "$OUT/build_7x5_8.log"
  "$BIN" verify --db "$DB" --board 7x5 --sacrifice --classes 4v5,5v4 --sample 250000 \
      --threads 2 --json > "$OUT/verify_9_sample.json"
fi
for b in 7x5 5x7; do
  /usr/bin/time -v "$BIN" solve --board "$b" --sacrifice --goal white --db "$DB" --pieces "${PIECES:-8}" \
      --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --graph --weak \
      --time-limit "$LIM" --checkpoint "$OUT/white_$b.fns" --checkpoint-every 10 --json \
      > "$OUT/white_$b.json" 2> "$OUT/white_$b.log" &
done
wait
