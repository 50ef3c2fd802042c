#!/usr/bin/env bash
# Session 100: the 9x5 start with the tables to 7 stones only (the
# published proof's tables), both goals side by side on the tree search,
# one thread and MEM GiB each. The tables, built first into DB:
#   fanorona build --board 9x5 --pieces 7 --threads 2 --memory 20 --db DB --json   # build9x5_7.json
# usage: run9x5_7.sh BIN DB OUT LIMIT_S [MEM]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=${5:-10}
mkdir -p "$OUT"
start() {
  /usr/bin/time -v "$BIN" solve --board 9x5 --goal "$1" --pieces 7 --db "$DB" \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/start_$1.fns" --checkpoint-every 20 --json \
    > "$OUT/start_$1.json" 2> "$OUT/start_$1.log"
}
start white &
start black &
wait
