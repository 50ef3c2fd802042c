#!/usr/bin/env bash
# Session 108: "White wins?" at the 9x5 start with the tables to 6 stones
# only, on the graph search (the tree search was open after 1.75 billion
# nodes, sessions 100-101): sums and weak numbers side by side, one thread
# and MEM GiB each. The tables, built first into DB:
#   fanorona build --board 9x5 --pieces 6 --threads 2 --memory 20 --db DB --json   # build6.json
# usage: run6.sh BIN DB OUT LIMIT_S [MEM]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=${5:-9}
mkdir -p "$OUT"
for kind in sums weak; do
  extra=(--graph); [ "$kind" = weak ] && extra+=(--weak)
  /usr/bin/time -v "$BIN" solve --board 9x5 --goal white --pieces 6 --db "$DB" \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" "${extra[@]}" \
    --checkpoint "$OUT/start_white_$kind.fns" --checkpoint-every 20 --json \
    > "$OUT/start_white_$kind.json" 2> "$OUT/start_white_$kind.log" &
done
wait
