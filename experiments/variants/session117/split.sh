#!/bin/bash
# usage: split.sh BIN DB BOARD LIMIT_S [SEED.fns]
# Session 117: "White wins?" at a sacrifice start (7x5 or 5x7), split by
# White's first move: two threads, each first move a search of its own on
# the graph with weak numbers (a short search of every move first, then the
# moves still open, the most promising first), every class to 9 stones
# probed. SEED (the single search's checkpoint of session 116) is merged
# into every move's search for its solved positions. Checkpoints go in
# OUT/split_BOARD/ (one file a move), so a second run goes on from them.
set -u
BIN=$1; DB=$2; BOARD=$3; LIM=$4; SEED=${5:-}
OUT=${OUT:-$(dirname "$0")}
MERGE=()
if [ -n "$SEED" ]; then MERGE=(--checkpoint-merge "$SEED"); fi
/usr/bin/time -v "$BIN" solve --board "$BOARD" --sacrifice --goal white --db "$DB" --pieces 9 \
    --moves all --threads 2 --memory "${MEM:-16}" --table-cache 1 --graph --weak \
    --time-limit "$LIM" --checkpoint "$OUT/split_$BOARD" "${MERGE[@]}" --checkpoint-every 10 --json \
    > "$OUT/split_$BOARD.json" 2> "$OUT/split_$BOARD.log"
