#!/usr/bin/env bash
# Session 58: session 57's stall ending (7x5, three stones above the 7-stone
# tables), "Black wins?", --graph --weak --depth-cap N, 3 GiB, one thread beside
# the two-thread 9x5 table build. BIN: the build of 595b86a. Run from /work/runs/s58
# (the last JSON line of each run is kept here as stall_capN_m3.json).
BIN=${BIN:-/work/runs/fanorona-dcap58}
for c in 99 100 50 200 400; do
  limit=300; [ "$c" = 99 ] && limit=400
  "$BIN" solve --position "......W/..B..W./.B...../BB...../...BBWW w" --goal black --db /work/runs/vdb --pieces 7 \
    --graph --weak --depth-cap $c --moves none --threads 1 --memory 3 --time-limit $limit --json \
    > stall_cap${c}_m3.json 2> stall_cap${c}_m3.log
done
