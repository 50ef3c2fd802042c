#!/usr/bin/env bash
# Session 62: the two open ends of 3x11 b5-b6A (see ../README.md), "Black
# wins?" on the graph with weak numbers and the default depth cap (50), one
# thread each in MEM GiB (default 9; session 91 ran it with MEM=8), side by
# side. A disproof of either makes b5-b6A a
# draw. DB: the 11x3 tables to 8 stones (they serve 3x11):
#   fanorona build --board 11x3 --pieces 8 --db DB --threads 2 --memory 8 --json
# usage: session62.sh BIN DB OUT LIMIT_S
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4
mkdir -p "$OUT"
# b5-b6A a9-b8 b6-b7A c7-b6A-b5A-a5W-b4A c6-b6A-b5A a7-b8 b7-b6W c9-b9
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
# b5-b6A a9-b8 b6-b7A c7-b6A-b5A-a5W-b4A c6-b6A b4-b5A
C6="B.B/B.B/..B/B.B/B../.../.B./W.W/W../W.W/W.W w"
run() {
  /usr/bin/time -v "$BIN" solve --position "$2" --pieces 8 --db "$DB" --goal black --graph --weak \
    --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/$1.fns" --checkpoint-every 10 --json > "$OUT/$1.json" 2> "$OUT/$1.log"
  echo "rc=$?" >> "$OUT/$1.log"
}
run p3 "$P3" &
run c6 "$C6" &
wait
