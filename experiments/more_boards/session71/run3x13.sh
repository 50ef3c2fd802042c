#!/usr/bin/env bash
# 3x13 start on the graph, one goal, one thread.
# usage: run.sh BIN GOAL LIMIT_S
set -u
BIN=$1; GOAL=$2; LIM=$3
cd /work/runs/s71/s3x13
/usr/bin/time -v "$BIN" solve --board 3x13 --pieces 7 --db /work/runs/db13x3 --goal "$GOAL" --graph \
    --moves none --threads 1 --memory 9 --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$GOAL.fns" --checkpoint-every 10 --json > "$GOAL.json" 2> "$GOAL.log"
echo "rc=$?" >> "$GOAL.log"
