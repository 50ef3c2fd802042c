#!/bin/bash
# usage: p3bench.sh BIN...
# Session 62's 3x11 position `p3` ("Black wins?", White to move; a board
# of many transpositions: 2.6 edges a position), on the graph with weak
# numbers in MEM GiB (default 2), NODES expansions (default 6,000,640),
# every 11x3 table up to 8 stones (DB, default /work/runs/db11x3), with
# each BIN, REPS times (default 2), alternating: bin, expansions, wall
# seconds, user CPU seconds, closures, cuts, closure and cut seconds.
set -u
fen="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
out=$(mktemp)
for rep in $(seq ${REPS:-2}); do for b in "$@"; do
  /usr/bin/time -f "%U" -o "$out.time" "$b" solve --position "$fen" --goal black --db "${DB:-/work/runs/db11x3}" \
    --pieces 8 --moves none --threads 1 --memory ${MEM:-2} --table-cache 0.5 --graph --weak \
    --nodes ${NODES:-6000640} --json > "$out" 2>/dev/null
  tail -1 "$out" | python3 -c '
import json,sys; d=json.loads(sys.stdin.read()); print(sys.argv[1], d["nodes"], round(d["seconds"],2), sys.argv[2], d["closures"], d["tree_cuts"], d["closure_seconds"], d["cut_seconds"])' $(basename $b) "$(cat "$out.time")"
done; done
rm -f "$out" "$out.time"
