#!/usr/bin/env bash
# Session 58: 5x7 under --diagonals center, "Black wins?" after White's b3-c4A
# and b4-c4A (open on the tree after 1.2 and 0.8 billion nodes, sessions 38-39),
# on the graph with weak numbers and a depth cap of 50, one thread beside the
# two-thread 9x5 table build. Tables: 7x5 center up to 7 stones (one set of
# tables serves a board and its transpose). Run from /work/runs/s58.
set -u
BIN=${BIN:-/work/runs/fanorona-dcap58b}; DB=${DB:-/work/runs/vdb}; SECONDS_EACH=${SECONDS_EACH:-1200}
one() { # NAME FEN [FLAGS...]
  "$BIN" solve --position "$2" --diagonals center --goal black --db "$DB" --pieces 7 --graph --weak "${@:3}" \
    --moves none --threads 1 --memory 2 --time-limit "$SECONDS_EACH" --json > "$1.json" 2> "$1.log"; }
one c5x7_b3c4A_cap50 "BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b" --depth-cap 50
one c5x7_b4c4A_cap50 "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --depth-cap 50
