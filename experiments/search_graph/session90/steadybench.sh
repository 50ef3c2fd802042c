#!/bin/bash
# usage: steadybench.sh BIN...
# The same 9x5 graph search ("Black wins?" after d3-e3W b4-c3A-d3W), in
# MEM GiB (default 1) where it fills and is cut, NODES expansions (default
# 8 M), with each BIN, REPS times (default 1): expansions, seconds,
# closures, cuts, closure and cut seconds, positions the closures solved.
# Builds that change no decision search alike: their times compare.
set -u
fen="BBBBBBBBB/B.BBBBBBB/B..BWBWBW/WWW.WWWWW/WWWW.WWWW w"
for rep in $(seq ${REPS:-1}); do for b in "$@"; do
  $b solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 --moves none --threads 1 --memory ${MEM:-1} --table-cache 0.02 --graph --weak --nodes ${NODES:-8000000} --json 2>/dev/null | tail -1 | python3 -c '
import json,sys; d=json.loads(sys.stdin.read()); print(sys.argv[1], d["nodes"], round(d["seconds"],2), d["closures"], d["tree_cuts"], d["closure_seconds"], d["cut_seconds"], d["closure_solved"])' $(basename $b)
done; done
