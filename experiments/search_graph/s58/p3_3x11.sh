#!/usr/bin/env bash
# Session 58: 3x11 b5-b6A's open line after ...c9-b9 (White to move; session 50
# ran it on the graph with the sums: open after 129 M expansions, 1,800 s),
# "Black wins?" on the graph with weak numbers and a depth cap of 50, one thread
# in 2 GiB beside the two-thread 9x5 table build. DB: 11x3 tables to 8 stones
# (they serve 3x11). Run from /work/runs/s58.
set -u
BIN=${BIN:-/work/runs/fanorona-dcap58b}; DB=${DB:-/work/runs/db}
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
"$BIN" solve --position "$P3" --pieces 8 --db "$DB" --goal black --graph --weak --depth-cap 50 --moves none \
  --threads 1 --memory 2 --time-limit 1200 --json > p3_3x11_cap50.json 2> p3_3x11_cap50.log
