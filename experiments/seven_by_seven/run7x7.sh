#!/usr/bin/env bash
# Session 100: the 7x7 start, both goals side by side on the graph with weak
# numbers, one thread and MEM GiB each, with the 7x7 tables to 7 stones,
# built first into DB:
#   fanorona build --board 7x7 --pieces 7 --threads 2 --memory 20 --db DB --json   # build7.json
# Each search keeps a checkpoint in OUT, so a rerun goes on where it stopped.
# PIECES (7 unless given): the tables the searches use (session 110: 8).
# usage: run7x7.sh BIN DB OUT LIMIT_S [MEM [PIECES]]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=${5:-10}; PIECES=${6:-7}
mkdir -p "$OUT"
start() {
  /usr/bin/time -v "$BIN" solve --board 7x7 --goal "$1" --pieces "$PIECES" --db "$DB" --graph --weak \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/start_$1.fns" --checkpoint-every 20 --json \
    > "$OUT/start_$1.json" 2> "$OUT/start_$1.log"
}
start white &
start black &
wait
