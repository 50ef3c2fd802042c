#!/bin/bash
# usage: recheck.sh BIN LIMIT_S LIST [OUT_DIR]
# Searches "Black wins?" afresh (no checkpoint) at each position of LIST
# (lines "NAME FEN", White to move), one after the other, on the graph
# with weak numbers, one core and MEM GiB (default 9) of which CACHE (1)
# for table blocks, every 9x5 table up to 8 stones (DB, default
# /work/runs/db9x5); EXTRA adds flags (such as --wdl-memory 2). Prints a line a position: name, state,
# expansions, seconds, closures, graph cuts, positions the closures
# solved. JSON and log of each in OUT_DIR (default ./recheck).
set -u
BIN=$1; LIM=$2; LIST=$3; OUT=${4:-recheck}
mkdir -p "$OUT"
while read -r name fen; do
  /usr/bin/time -v "$BIN" solve --position "$fen" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 \
    --moves none --threads 1 --memory "${MEM:-9}" --table-cache "${CACHE:-1}" --graph --weak --time-limit "$LIM" --json ${EXTRA:-} \
    > "$OUT/$name.json" 2> "$OUT/$name.log"
  python3 - "$OUT/$name.json" "$name" <<'PY'
import json, sys
d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
g = d['goals'][0]
print(sys.argv[2], g['state'], d['nodes'], round(d['seconds'], 1), d['closures'],
      d['tree_cuts'], d['closure_solved'], flush=True)
PY
done < "$LIST"
