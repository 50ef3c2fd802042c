#!/usr/bin/env bash
# Session 58: the two open 9x5 endings of session 55 (11 stones, three above
# the 8-stone tables), "Black wins?" with weak numbers, one thread each, two
# side by side: the committed descent and the depth cap (--depth-cap 99,
# which searches exactly as session 57's DCAP=100 knob). DB: every 9x5 class
# up to 8 stones. Run from RUNS; BIN is the build of this session's commit.
set -u
BIN=${BIN:-./fanorona-dcap58}; DB=${DB:-/work/runs/db9x5}; SECONDS_EACH=${SECONDS_EACH:-1800}
# c2-c1 b4-c4W below b5-b4 (White to move, 12 moves, 5 open in session 55)
C4W="...B.B..B/..B....../......B.B/....W..../WWWW..... w"
# a4-a3 b4-c5W below b5-b4 (White to move, 15 moves, 8 open in session 55)
C5W="..BB.B..B/........./......B.B/..W.W..../WW.W..... w"
one() { # NAME FEN [FLAGS...]
  "$BIN" solve --position "$2" --goal black --db "$DB" --pieces 8 --graph --weak "${@:3}" \
    --moves none --threads 1 --memory 7 --time-limit "$SECONDS_EACH" --json > "$1.json" 2> "$1.log"; }
one c4W_weak "$C4W" & one c4W_cap99 "$C4W" --depth-cap 99 & wait
one c5W_weak "$C5W" & one c5W_cap99 "$C5W" --depth-cap 99 & wait
