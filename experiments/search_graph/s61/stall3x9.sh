#!/bin/bash
# usage: stall3x9.sh BIN TAG LIMIT_S [FLAGS...]
# Session 61's stall study: 3x9 with the sacrifice move, "White wins?" on
# the graph with weak numbers (as ../../variants/session60/sac_graph.sh),
# one core, 6 GiB, each run from a fresh copy of the search session 60
# kept (/work/runs/s60/3x9weak.fns, 25.9 M solved positions and the
# numbers of 5.6 M), so that every run starts from the same point. BIN is
# a build of 6e89c22 with knobs.patch: GSTATS=1 prints, every 16,384
# expansions, the descents' steps, back-outs and path lengths and the
# cap; CAPW/CAPK (with --depth-cap) double the cap when a window of CAPW
# descents backs out at the cap more than CAPK times a descent on
# average (unset: never; the committed rule, doubling when every line
# stops at the cap, always holds).
set -u
BIN=$1; TAG=$2; LIM=$3; shift 3
OUT=${OUT:-/work/runs/s61}; mkdir -p "$OUT"
cp /work/runs/s60/3x9weak.fns "$OUT/$TAG.fns"
GSTATS=1 "$BIN" solve --board 3x9 --sacrifice --goal white --db "${SAC_DB:-/work/runs/sac}" \
    --pieces 8 --moves none --threads 1 --memory 6 --table-cache 1 --graph --weak "$@" \
    --time-limit "$LIM" --checkpoint "$OUT/$TAG.fns" --checkpoint-every 100 --json \
    > "$OUT/$TAG.json" 2> "$OUT/$TAG.log"
echo "rc=$?" >> "$OUT/$TAG.log"
