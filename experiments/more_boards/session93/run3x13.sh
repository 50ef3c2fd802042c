#!/usr/bin/env bash
# Session 93: "White wins?" on 3x13 after White's b6-b7A (the move that keeps
# White from losing, session 92), Black to move, split over Black's three
# replies on two threads (10 GiB each), on the graph with weak numbers, with
# the 13x3 tables to 8 stones (they serve 3x13), built first into DB:
#   fanorona build --board 13x3 --pieces 8 --db DB --threads 2 --memory 16 --json   # build13x3_8.json
# The checkpoint folder OUT/ck lets a later sitting take the search up again.
# usage: run3x13.sh BIN DB OUT LIMIT_S
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --position "B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b" \
  --goal white --pieces 8 --db "$DB" --graph --weak --moves all --threads 2 --memory 20 \
  --checkpoint "$OUT/ck" --time-limit "$LIM" --json > "$OUT/b6b7A_white.json" 2> "$OUT/b6b7A_white.log"
