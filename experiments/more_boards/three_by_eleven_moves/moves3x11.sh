#!/usr/bin/env bash
# "Black wins?" after each of 3x11's open first moves, one after another,
# one core, seeded with the table run's checkpoint (its solved positions).
set -u
BIN=${BIN:-./fanorona}; DB=${DB:-/work/runs/db}; LIMIT=${LIMIT:-700}
mkdir -p m3x11
for m in "c6-b6A BBB/BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW/WWW b" \
         "c5-b6A BBB/BBB/BBB/BBB/.BB/BWW/WW./WWW/WWW/WWW/WWW b" \
         "b5-b6A B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW b"; do
  name=${m%% *}; fen=${m#* }
  /usr/bin/time -f "$name: wall %e s, user %U s, peak %M KiB" "$BIN" solve --position "$fen" \
    --db "$DB" --pieces 8 --goal black --moves none --threads 1 --memory 9 \
    --time-limit "$LIMIT" --checkpoint "m3x11/$name.fns" --checkpoint-seed ck_default/3x11.fns \
    --json > "m3x11/$name.json" 2> "m3x11/$name.log"
done
