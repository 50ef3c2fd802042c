#!/usr/bin/env bash
# Session 57's plan for the next sitting (not run yet: the 9x5 8-stone tables
# were still being built): the two open 9x5 endings of session 55 (11 stones,
# three above the 8-stone tables), "Black wins?" with weak numbers, one thread
# each, two side by side: the committed descent, the depth cap (DCAP=100,
# knobs.patch), the defender's sweep (--sweep), and both. Binary: the knob
# build of session 57 (knobs.patch on c1d29d9, in RUNS as fanorona-knobs57;
# without knobs it searches as the committed code). DB: every 9x5 class up to
# 8 stones. Run from RUNS.
set -u
BIN=${BIN:-./fanorona-knobs57}; DB=${DB:-/work/runs/db9x5}; SECONDS_EACH=${SECONDS_EACH:-1800}
# c2-c1 b4-c4W below b5-b4 (White to move, 12 moves, 5 open in session 55)
C4W="...B.B..B/..B....../......B.B/....W..../WWWW..... w"
# a4-a3 b4-c5W below b5-b4 (White to move, 15 moves, 8 open in session 55)
C5W="..BB.B..B/........./......B.B/..W.W..../WW.W..... w"
one() { # NAME FEN [FLAGS...]
  "$BIN" solve --position "$2" --goal black --db "$DB" --pieces 8 --graph --weak "${@:3}" \
    --moves none --threads 1 --memory 7 --time-limit "$SECONDS_EACH" --json > "$1.json" 2> "$1.log"; }
one c4W_weak "$C4W" & DCAP=100 one c4W_dcap "$C4W" & wait
one c5W_weak "$C5W" & DCAP=100 one c5W_dcap "$C5W" & wait
one c4W_sweep "$C4W" --sweep & DCAP=100 one c4W_dcap_sweep "$C4W" --sweep & wait
