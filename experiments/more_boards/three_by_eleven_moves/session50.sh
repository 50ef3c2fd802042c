#!/usr/bin/env bash
# Session 50: 3x11 b5-b6A's open line after ...c9-b9 (White to move, see
# session49.sh) on the graph of positions that keeps the half it searched
# last when full (binary of cff3e42), one thread in 2 GiB beside a table
# build, with a checkpoint (solved positions and estimates) to go on from.
# DB: 11x3 tables to 8 stones. Files in s50/.
set -u
BIN=${BIN:-./fanorona}; DB=${DB:-/work/runs/db}
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
"$BIN" solve --position "$P3" --pieces 8 --db "$DB" --goal black --graph --moves none --threads 1 \
  --memory 2 --time-limit 1800 --checkpoint s50/graph-p3.fns --checkpoint-every 10 --json \
  > s50/graph-p3.json 2> s50/graph-p3.log
