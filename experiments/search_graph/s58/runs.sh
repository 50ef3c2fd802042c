#!/usr/bin/env bash
# Planned in session 58 (the 2v6+6v2 tables were still being built); run in
# session 59 in part (../s59/: the first pair, the cap stopped at 610 s when
# it had not changed a number, then c5W with the cap alone): the two open 9x5
# endings of session 55 (11 stones, three above the
# 8-stone tables; 2v6 is reached, 1v7 not), "Black wins?" with weak numbers,
# one thread each, two side by side: without and with a depth cap of 50.
# DB: every 9x5 class up to 8 stones. Run from RUNS; BIN: a build of ce527f7
# or later.
set -u
BIN=${BIN:-./fanorona-dcap58b}; DB=${DB:-/work/runs/db9x5}; SECONDS_EACH=${SECONDS_EACH:-1800}
# c2-c1 b4-c4W below b5-b4 (White to move, 12 moves, 5 open in session 55)
C4W="...B.B..B/..B....../......B.B/....W..../WWWW..... w"
# a4-a3 b4-c5W below b5-b4 (White to move, 15 moves, 8 open in session 55)
C5W="..BB.B..B/........./......B.B/..W.W..../WW.W..... w"
one() { # NAME FEN [FLAGS...]
  "$BIN" solve --position "$2" --goal black --db "$DB" --pieces 8 --graph --weak "${@:3}" \
    --moves none --threads 1 --memory 7 --time-limit "$SECONDS_EACH" --json > "$1.json" 2> "$1.log"; }
# `runs.sh one NAME FEN [FLAGS...]`: one such search alone (session 59).
if [ "${1:-}" = one ]; then one "${@:2}"; exit; fi
one c4W_weak "$C4W" & one c4W_cap50 "$C4W" --depth-cap 50 & wait
one c5W_weak "$C5W" & one c5W_cap50 "$C5W" --depth-cap 50 & wait
