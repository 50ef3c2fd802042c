#!/usr/bin/env bash
# Session 47: 3x11 b5-b6A ("Black wins?") split by hand, two and three
# plies down, each search seeded with the solved positions of the one
# before (binary of fe7fbdb; DB holds the 11x3 tables to 8 stones).
# Files in s47/. Output: JSON last line, progress on stderr.
set -u
BIN=${BIN:-./fanorona}; DB=${DB:-/work/runs/db}
B5B6A="B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW b"     # after b5-b6A, Black to move
A7B7="B.B/B.B/B.B/B.B/.BB/BWW/W.W/WWW/WWW/WWW/WWW w"       # ... a7-b7
A9B8="B.B/B.B/..B/BBB/B.B/BWW/W.W/WWW/WWW/WWW/WWW w"       # ... a9-b8 (White's only move: b6-b7A)
A9B8_B6B7A="B.B/B.B/..B/B.B/BWB/B.W/W.W/WWW/WWW/WWW/WWW b" # ... a9-b8 b6-b7A
common=(--pieces 8 --db "$DB" --goal black --closure --checkpoint-every 10)

# 1. The session 41 checkpoint of b5-b6A taken up (stopped by SIGINT after
#    57 min: its line showed only a9-b8 and a7-b7 open among Black's 18
#    moves, a7-b7 with disproof number 683).
"$BIN" solve --position "$B5B6A" "${common[@]}" --moves none --threads 1 --memory 9 \
  --time-limit 8000 --checkpoint m3x11/b5-b6A.fns --json > s47/b5-b6A.json 2> s47/b5-b6A.log
# 2. a7-b7 on its own, seeded with (a copy of) that checkpoint.
cp m3x11/b5-b6A.fns s47/seed.fns
"$BIN" solve --position "$A7B7" "${common[@]}" --moves none --threads 1 --memory 8 \
  --time-limit 4500 --checkpoint s47/a7-b7.fns --checkpoint-seed s47/seed.fns \
  --json > s47/a7-b7.json 2> s47/a7-b7.log
# 3. a9-b8 on its own, seeded with 2's checkpoint (stopped by SIGINT after
#    13 min: White has one move, b6-b7A, and Black 17 replies).
"$BIN" solve --position "$A9B8" "${common[@]}" --moves none --threads 1 --memory 8 \
  --time-limit 4000 --checkpoint s47/a9-b8.fns --checkpoint-seed s47/a7-b7.fns \
  --json > s47/a9-b8.json 2> s47/a9-b8.log
# 4. Black's 17 replies after a9-b8 b6-b7A, a search each, two at a time.
"$BIN" solve --position "$A9B8_B6B7A" "${common[@]}" --moves all --threads 2 --memory 16 \
  --time-limit 3000 --checkpoint s47/b6-b7A --checkpoint-seed s47/a9-b8.fns \
  --json > s47/b6-b7A.json 2> s47/b6-b7A.log
