#!/usr/bin/env bash
# Session 54: the three open 5x7 "Black wins?" searches of sessions 38-50
# (`../center5x7.sh`, `../forced5x7.sh`) again, with weak proof numbers
# (`--weak`), one after the other on one thread, each from a checkpoint
# (center b4-c4A from session 50's, which holds its solved positions and
# estimates; the others fresh). DB holds 7x5's `center` and forced tables
# to 7 stones (the build commands are in those scripts).
# Usage: BIN=... DB=... OUT=... weak5x7.sh
set -u
BIN=${BIN:-fanorona}; DB=${DB:-db}; OUT=${OUT:-s54}
run() { # NAME FEN FLAGS...
  local name=$1 fen=$2; shift 2
  /usr/bin/time -v "$BIN" solve --position "$fen" "$@" --db "$DB" --pieces 7 --goal black --graph --weak \
    --moves none --threads 1 --memory "${MEM:-4}" --time-limit "${LIMIT:-1500}" \
    --checkpoint "$OUT/$name.fns" --checkpoint-every 10 --json > "$OUT/$name.json" 2> "$OUT/$name.log"
}
run center-b4-c4A "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --diagonals center
run center-b3-c4A "BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b" --diagonals center
run forced-b4-c4A "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --continuation forced
