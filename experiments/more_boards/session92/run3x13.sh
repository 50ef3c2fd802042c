#!/usr/bin/env bash
# Session 92: the 3x13 start on the graph with weak numbers, both goals side
# by side, one thread each in 10 GiB, the 13x3 tables to 7 stones (they
# serve 3x13), built first into DB:
#   fanorona build --board 13x3 --pieces 7 --db DB --threads 2 --memory 8 --json   # build13x3_7.json
# Then "Black wins?" after White's b6-b7A on its own (Black to move).
# usage: run3x13.sh BIN DB OUT LIMIT_S
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4
mkdir -p "$OUT"
start() {
  /usr/bin/time -v "$BIN" solve --board 3x13 --goal "$1" --pieces 7 --db "$DB" --graph --weak \
    --moves none --threads 1 --memory 10 --table-cache 1 --time-limit "$LIM" --json \
    > "$OUT/start_$1.json" 2> "$OUT/start_$1.log"
}
start white &
start black &
wait
# b6-b7A: White's capture of the b file
/usr/bin/time -v "$BIN" solve --position "B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b" \
  --goal black --pieces 7 --db "$DB" --graph --weak --moves none --threads 1 --memory 10 \
  --table-cache 1 --time-limit "$LIM" --json > "$OUT/b6b7A_black.json" 2> "$OUT/b6b7A_black.log"
