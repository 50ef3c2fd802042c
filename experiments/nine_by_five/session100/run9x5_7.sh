#!/usr/bin/env bash
# Session 100: the 9x5 start with the tables to 7 stones only (the
# published proof's tables), both goals side by side on the tree search,
# one thread and MEM GiB each. The tables, built first into DB:
#   fanorona build --board 9x5 --pieces 7 --threads 2 --memory 20 --db DB --json   # build9x5_7.json
# PIECES (default 7) and the goals (default both) can be given too; a
# search probes every table in DB, so for fewer stones DB must hold only
# those (session 100 linked the classes of at most 6 stones into a folder).
# usage: run9x5_7.sh BIN DB OUT LIMIT_S [MEM [PIECES [GOAL ...]]]
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4; MEM=${5:-10}; PIECES=${6:-7}; shift $(( $# < 6 ? $# : 6 ))
GOALS=("$@"); [ ${#GOALS[@]} -eq 0 ] && GOALS=(white black)
mkdir -p "$OUT"
for goal in "${GOALS[@]}"; do
  /usr/bin/time -v "$BIN" solve --board 9x5 --goal "$goal" --pieces "$PIECES" --db "$DB" \
    --moves none --threads 1 --memory "$MEM" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/start_$goal.fns" --checkpoint-every 20 --json \
    > "$OUT/start_$goal.json" 2> "$OUT/start_$goal.log" &
done
wait
