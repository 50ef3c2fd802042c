#!/usr/bin/env bash
# Session 110: session 100's run7x7.sh (the 7x7 start, "does GOAL win?" on
# the graph with weak numbers, one thread, MEM GiB) with the 8-stone tables
# of session 109 instead of 7. Run once per goal, side by side:
#   start8.sh BIN DB OUT LIMIT_S MEM white &  start8.sh BIN DB OUT LIMIT_S MEM black &
# Each keeps a checkpoint in OUT, so a rerun goes on where it stopped.
# usage: start8.sh BIN DB OUT LIMIT_S MEM GOAL
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=$5; GOAL=$6
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --board 7x7 --goal "$GOAL" --pieces 8 --db "$DB" --graph --weak \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
  --checkpoint "$OUT/start_$GOAL.fns" --checkpoint-every 20 --json \
  > "$OUT/start_$GOAL.json" 2> "$OUT/start_$GOAL.log"
