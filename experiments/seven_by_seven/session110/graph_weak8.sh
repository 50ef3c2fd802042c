#!/usr/bin/env bash
# Session 110: session 108's "Black wins?" after e3-d4A b5-b6W-c5A-b4A and
# White's MOVE (a2-a3A or d2-e3A), on the graph search with weak numbers,
# now with the 8-stone tables (session 109) instead of 7. Seeded with an
# earlier checkpoint of the same position (its solved positions, which hold
# whatever tables found them), its own checkpoint OUT/MOVE-graph8.fns. One
# thread, MEM GiB.
# usage: graph_weak8.sh BIN DB OUT LIMIT_S MEM MOVE SEED
set -u
exec "$(dirname "$0")/../session108/graph_weak.sh" "$@" 8
