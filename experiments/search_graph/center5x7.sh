#!/usr/bin/env bash
# Session 49: 5x7 under `center`, "Black wins?" after White's b3-c4A and
# after b4-c4A (both "draw or loss" since session 38: the tree search left
# them open after 1.2 and 0.8 billion expansions with 7 stones, and after
# 52 minutes more each with 9), on the graph of positions, one thread each,
# side by side. DB holds 7x5's `center` tables to 7 stones:
#   fanorona build --board 7x5 --pieces 7 --diagonals center --db DB --threads 2 --memory 8 --json
set -u
BIN=${BIN:-fanorona}; DB=${DB:-db}; OUT=${OUT:-s49}
common=(--diagonals center --db "$DB" --pieces 7 --goal black --graph --moves none --threads 1
        --memory "${MEM:-10}" --time-limit "${LIMIT:-1500}" --json)
"$BIN" solve --position "BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b" "${common[@]}" \
  > "$OUT/b3-c4A.json" 2> "$OUT/b3-c4A.log" &
"$BIN" solve --position "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" "${common[@]}" \
  > "$OUT/b4-c4A.json" 2> "$OUT/b4-c4A.log" &
wait
