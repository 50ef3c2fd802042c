#!/usr/bin/env bash
# Runs "does GOAL win?" on each line of POSITIONS (FEN <tab> goal), one
# thread, MEM GiB, at most NODES expansions, and prints
# FEN <tab> goal <tab> result <tab> nodes <tab> seconds per line. FANORONA_LEAD from the
# environment reaches the knob build (experiments/search_lead/lead.patch).
# usage: suite.sh BIN DB POSITIONS PIECES NODES [MEM [EXTRA ...]]
set -u
BIN=$1; DB=$2; POS=$3; PIECES=$4; NODES=$5; MEM=${6:-1}; shift $(( $# < 6 ? $# : 6 ))
while IFS=$'\t' read -r fen goal; do
  out=$("$BIN" solve --position "$fen" --goal "$goal" --pieces "$PIECES" --db "$DB" --moves none \
    --threads 1 --memory "$MEM" --table-cache 0.25 --nodes "$NODES" --quiet --json "$@" 2>/dev/null | tail -1)
  value=$(echo "$out" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["goals"][0]["state"], d["nodes"], d["seconds"], sep="\t")' 2>/dev/null || echo "error	0	0")
  printf '%s\t%s\t%s\n' "$fen" "$goal" "$value"
done < "$POS"
