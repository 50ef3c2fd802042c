#!/usr/bin/env bash
# Session 49: 3x11 b5-b6A, the last open line ("Black wins?"): after b5-b6A
# a9-b8 b6-b7A c7-b6A-b5A-a5W-b4A c6-b6A-b5A a7-b8 b7-b6W c9-b9, White to
# move. The machine kept session 48's tables and checkpoints (DB: 11x3 to
# 8 stones). Files in s49/. Output: JSON last line, progress on stderr.
set -u
BIN=${BIN:-./fanorona}; DB=${DB:-/work/runs/db}
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
common=(--pieces 8 --db "$DB" --goal black)

# 1. White's 25 moves a search each, two at a time, seeded with session
#    48's checkpoint of c9-b9 (binary of fb1e314); stopped by hand
#    (Ctrl-C) after 46 minutes to free the memory for 2.
"$BIN" solve --position "$P3" "${common[@]}" --closure --checkpoint-every 10 --moves all \
  --threads 2 --memory 18 --time-limit 6000 --checkpoint s49/p3 \
  --checkpoint-seed ../s48/p2/c9-b9.fns --json > s49/p3.json 2> s49/p3.log

# 2. The same position on the graph of positions (binary of 9a5d608's
#    parent with --graph, one thread), until the graph filled --memory.
"$BIN" solve --position "$P3" "${common[@]}" --graph --moves none --threads 1 --memory 8 \
  --time-limit 1800 --json > s49/graph-p3.json 2> s49/graph-p3.log
