#!/usr/bin/env bash
# Session 101: the 7x7 start on the tree (the default search, with PN²
# once the tree thrashes, as proved 9x5 a draw with 7-stone tables)
# instead of the graph, one goal, one thread and MEM GiB, with the tables
# of session 100 in DB (every class to 7 stones, and 1v7 + 7v1):
#   fanorona build --board 7x7 --pieces 7 --threads 2 --memory 20 --db DB --json
#   fanorona build --board 7x7 --classes 7v1,1v7 --threads 2 --memory 20 --db DB --json
# The search keeps a checkpoint in OUT, so a rerun goes on where it stopped.
# usage: run7x7_tree.sh BIN DB OUT LIMIT_S MEM GOAL
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=$5; GOAL=$6
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --board 7x7 --goal "$GOAL" --pieces 7 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
  --checkpoint "$OUT/start_$GOAL.fns" --checkpoint-every 20 --json \
  > "$OUT/start_$GOAL.json" 2> "$OUT/start_$GOAL.log"
