#!/bin/bash
# usage: closebench.sh BIN...
# The same 9x5 graph search (line LINE of suite.list, default 14), in 3 GiB
# where it is never cut, with each BIN, REPS times (default 2): expansions,
# seconds, closures, cuts, closure seconds, positions the closures solved.
set -u
read n fen < <(sed -n ${LINE:-14}p "$(dirname "$0")/suite.list")
for rep in $(seq ${REPS:-2}); do for b in "$@"; do
  $b solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 --moves none --threads 1 --memory 3 --table-cache 0.02 --graph --weak --json 2>/dev/null | tail -1 | python3 -c '
import json,sys; d=json.loads(sys.stdin.read()); print(sys.argv[1], sys.argv[2], d["nodes"], round(d["seconds"],2), d["closures"], d["tree_cuts"], d["closure_seconds"], d["closure_solved"])' $(basename $b) $n
done; done
