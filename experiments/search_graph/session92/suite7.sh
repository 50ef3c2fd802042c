#!/bin/bash
# usage: suite7.sh BIN...
# Session 90's suite (`../session90/suite.sh`: "Black wins?" afresh at
# each of 14 failed 9x5 replies, White to move, on the graph with weak
# numbers, one core) with the tables up to PIECES stones (default 7: a
# new machine builds every 9x5 class up to 7 stones in about 15 minutes,
# `fanorona build --board 9x5 --pieces 7 --db DB`), in each of MEMS GiB
# (default "0.25 1"), with each BIN; EXTRA is added to each command line.
# Prints a line a run: bin, memory, name, state, expansions, seconds,
# closures, cuts, closure seconds, cut seconds, user CPU seconds; then a
# total a bin and memory.
set -u
LIST=${LIST:-$(dirname "$0")/../session90/suite.list}
t=$(mktemp)
for mem in ${MEMS:-0.25 1}; do
  for bin in "$@"; do
    while read -r name fen; do
      /usr/bin/time -f "%U" -o "$t" "$bin" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" \
        --pieces "${PIECES:-7}" --moves none --threads 1 --memory "$mem" --table-cache 0.02 --graph --weak \
        --time-limit "${LIMIT:-600}" --json ${EXTRA:-} 2>/dev/null | tail -1 |
      python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
g = d["goals"][0]
print(sys.argv[1], sys.argv[2], sys.argv[3], g["state"], d["nodes"], round(d["seconds"], 1),
      d["closures"], d["tree_cuts"], d["closure_seconds"], d["cut_seconds"], open(sys.argv[4]).read().strip(), flush=True)
' "$(basename "$bin")${X_SPACING:+@$X_SPACING}" "$mem" "$name" "$t"
    done < "$LIST"
  done
done | tee /dev/stderr | awk '{k = $1 " " $2; e[k] += $5; s[k] += $6; c[k] += $9; u[k] += $10; cpu[k] += $11; n[k]++; if ($4 != "disproved") o[k]++}
  END {for (k in e) printf "total %s: %d positions, %d open, %d expansions, %.1f s, %.1f s CPU (closures %.1f, cuts %.1f)\n", k, n[k], o[k], e[k], s[k], cpu[k], c[k], u[k]}'
rm -f "$t"
