#!/usr/bin/env bash
# Session 48: the last open line of 3x11 b5-b6A ("Black wins?"), on a new
# machine (session 47's checkpoints were gone, so nothing is seeded): after
# b5-b6A a9-b8 b6-b7A c7-b6A-b5A-a5W-b4A, White to move, White's six moves
# a search each, two at a time (binary of c667c87; DB holds the 11x3
# tables to 8 stones, rebuilt first: ../builds/11x3_8.json's command).
# Files in s48/. Output: JSON last line, progress on stderr.
set -u
BIN=${BIN:-./fanorona}; DB=${DB:-/work/runs/db}
LINE4="B.B/B.B/..B/B.B/BW./B.W/.../WBW/W../W.W/W.W w"   # White to move
P2="B.B/B.B/..B/B.B/.../.W./.W./W.W/W../W.W/W.W b"      # ... c6-b6A-b5A a7-b8 b7-b6W
common=(--pieces 8 --db "$DB" --goal black --closure --checkpoint-every 10)

# 1. White's six moves after the line, each a search of "Black wins?".
"$BIN" solve --position "$LINE4" "${common[@]}" --moves all --threads 2 --memory 16 \
  --time-limit 6600 --checkpoint s48/line4 --json > s48/line4.json 2> s48/line4.log

# 2. After 1 left c6-b6A-b5A open on Black's one reply a7-b8, White's
#    one move there is b7-b6W: Black's 15 replies after it, a search
#    each, two at a time, seeded with (a copy of) c6-b6A-b5A's checkpoint
#    (binary of 28e1296). A first try at the position after a7-b8
#    (--moves all --threads 2, one move) was stopped after 2 minutes: with
#    one first move the split ran one search of the position, which read
#    no seed and kept no checkpoint (mended in b9e394e).
cp s48/line4/c6-b6A-b5A.fns s48/seed-b5A.fns
"$BIN" solve --position "$P2" "${common[@]}" --moves all --threads 2 --memory 18 \
  --time-limit 1260 --checkpoint s48/p2 --checkpoint-seed s48/seed-b5A.fns \
  --json > s48/p2.json 2> s48/p2.log
