#!/bin/bash
# usage: steadybench.sh BIN... (session 92: THREADS, default 1, is passed as --threads)
# Session 91's steadybench.sh with --threads THREADS (the closure's threads): the same
# graph search ("Black wins?" at FEN, default the 9x5 position after
# d3-e3W b4-c3A-d3W, with every table up to 8 stones in DB, default
# /work/runs/db9x5) in MEM GiB (default 4), NODES expansions (default
# 15 M), table cache CACHE GiB (default 0.02), with each BIN, REPS times
# (default 3), alternating: bin, expansions, wall seconds, user CPU
# seconds, closures, cuts, closure and cut seconds, positions the
# closures solved. (`p3bench.sh` runs it on a 3x11 position.)
set -u
fen=${FEN:-"BBBBBBBBB/B.BBBBBBB/B..BWBWBW/WWW.WWWWW/WWWW.WWWW w"}
out=$(mktemp)
for rep in $(seq ${REPS:-3}); do for b in "$@"; do
  /usr/bin/time -f "%U" -o "$out.time" "$b" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" \
    --pieces 8 --moves none --threads ${THREADS:-1} --memory ${MEM:-4} --table-cache ${CACHE:-0.02} --graph --weak \
    --nodes ${NODES:-15000000} --json > "$out" 2>/dev/null
  tail -1 "$out" | python3 -c '
import json,sys; d=json.loads(sys.stdin.read()); print(sys.argv[1], d["nodes"], round(d["seconds"],2), sys.argv[2], d["closures"], d["tree_cuts"], d["closure_seconds"], d["cut_seconds"], d["closure_solved"])' $(basename $b) "$(cat "$out.time")"
done; done
rm -f "$out" "$out.time"
