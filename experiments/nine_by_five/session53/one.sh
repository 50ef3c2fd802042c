#!/bin/bash
# One position's "Black wins?" on the graph, alone on one thread, from the checkpoint NAME.fns (read and
# written; a fresh graph steered by its solved positions and estimates).
# Usage (from runs.txt): one.sh NAME FEN SECONDS GIB BINARY [FLAGS...]; the result in NAME.json, progress in
# NAME.log. Run in RUNS (the environment's, else /work/runs/s53).
name=$1 fen=$2 seconds=$3 gib=$4 bin=$5
shift 5
cd "${RUNS:-/work/runs/s53}"
/usr/bin/time -v ./"$bin" solve --position "$fen" --goal black --db /work/runs/db9x5 --pieces 8 \
  --moves none --threads 1 --memory "$gib" --graph "$@" --time-limit "$seconds" --checkpoint "$name".fns \
  --checkpoint-every 10 --json > "$name".json 2> "$name".log
echo "rc=$?" >> "$name".log
