#!/bin/bash
# usage: lookahead.sh BIN LIST OUT_DIR
# "Black wins?" at each position of LIST (lines "NAME FEN", White to move;
# ../nine_by_five/session70/*.list), one after the other, as
# ../nine_by_five/session70/recheck.sh searches them but in MEM GiB
# (default 2) with no time limit. Prints a line a position: name, state,
# expansions, table hits, search seconds, user CPU seconds.
set -u
BIN=$1; LIST=$2; OUT=$3
mkdir -p "$OUT"
while read -r name fen; do
  /usr/bin/time -f "%U" -o "$OUT/$name.user" "$BIN" solve --position "$fen" --goal black \
    --db "${DB:-/work/runs/db9x5}" --pieces 8 --moves none --threads 1 --memory "${MEM:-2}" \
    --graph --weak --quiet --json > "$OUT/$name.json" 2> "$OUT/$name.log"
  python3 - "$OUT/$name.json" "$name" "$(cat "$OUT/$name.user")" <<'PY'
import json, sys
d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
g = d['goals'][0]
print(sys.argv[2], g['state'], d['nodes'], d['table_hits'], round(d['seconds'], 1), sys.argv[3], flush=True)
PY
done < "$LIST"
