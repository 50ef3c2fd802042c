#!/bin/bash
# usage: suite.sh BIN...
# "Black wins?" afresh at each position of LIST (default: suite.list
# beside this script, 14 failed 9x5 replies of session 70, White to
# move, each disproved in 0.3 to 6.5 M expansions when the graph does
# not fill) on the graph with weak numbers, one core, every 9x5 table up
# to 8 stones (DB, default /work/runs/db9x5), in each of MEMS GiB
# (default "0.1 0.25": the graphs fill and are cut), with each BIN.
# Prints a line a run: bin, memory, name, state, expansions, seconds,
# closures, cuts, closure seconds, cut seconds; then a total a bin and
# memory. Expansions to the same answer are what the policies change;
# seconds are only comparable on an otherwise idle core.
set -u
LIST=${LIST:-$(dirname "$0")/suite.list}
for mem in ${MEMS:-0.1 0.25}; do
  for bin in "$@"; do
    while read -r name fen; do
      "$bin" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 \
        --moves none --threads 1 --memory "$mem" --table-cache 0.02 --graph --weak \
        --time-limit "${LIMIT:-600}" --json ${EXTRA:-} 2>/dev/null | tail -1 |
      python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
g = d["goals"][0]
print(sys.argv[1], sys.argv[2], sys.argv[3], g["state"], d["nodes"], round(d["seconds"], 1),
      d["closures"], d["tree_cuts"], d["closure_seconds"], d["cut_seconds"], flush=True)
' "$(basename "$bin")" "$mem" "$name"
    done < "$LIST"
  done
done | tee /dev/stderr | awk '{k = $1 " " $2; e[k] += $5; s[k] += $6; c[k] += $9; u[k] += $10; n[k]++; if ($4 != "disproved") o[k]++}
  END {for (k in e) printf "total %s: %d positions, %d open, %d expansions, %.1f s (closures %.1f, cuts %.1f)\n", k, n[k], o[k], e[k], s[k], c[k], u[k]}'
