#!/usr/bin/env bash
# Session 49: 5x7 under forced continuation, "Black wins?" after White's
# b4-c4A ("draw or loss" since session 38: the tree search left it open
# after 312 M expansions, its disproof number stuck between 4,000 and
# 5,500), on the graph of positions, one thread. DB holds 7x5's forced
# tables to 7 stones:
#   fanorona build --board 7x5 --pieces 7 --continuation forced --db DB --threads 1 --memory 2 --json
set -u
BIN=${BIN:-fanorona}; DB=${DB:-db}; OUT=${OUT:-s49}
"$BIN" solve --position "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --continuation forced \
  --db "$DB" --pieces 7 --goal black --graph --moves none --threads 1 \
  --memory "${MEM:-20}" --time-limit "${LIMIT:-1800}" --json > "$OUT/forced-b4-c4A.json" 2> "$OUT/forced-b4-c4A.log"
