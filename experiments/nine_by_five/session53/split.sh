#!/bin/bash
# A position's moves split on the graph: each move its own "Black wins?" search, two side by side with an
# equal share of 14 GiB, seeded with a checkpoint of the position; the split stops when a move settles the
# goal at the position (with Black to move: a reply that wins; with White to move: a move that holds).
# Usage (from runs.txt): split.sh NAME FEN SEED SECONDS BINARY [FLAGS...]
# Checkpoints of the moves in RUNS/NAME/ (RUNS: the environment's, else /work/runs/s53), the result in
# NAME.split.json, progress in NAME.split.log.
name=$1 fen=$2 seed=$3 seconds=$4 bin=$5
shift 5
runs=${RUNS:-/work/runs/s53}
cd "$runs"
mkdir -p "$name"
/usr/bin/time -v ./"$bin" solve --position "$fen" --goal black --db /work/runs/db9x5 --pieces 8 \
  --moves all --threads 2 --memory 14 --graph "$@" --time-limit "$seconds" --checkpoint "$runs/$name" \
  --checkpoint-seed "$seed" --checkpoint-every 10 --json > "$name".split.json 2> "$name".split.log
echo "rc=$?" >> "$name".split.log
