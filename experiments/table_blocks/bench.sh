#!/bin/bash
# usage: bench.sh BIN DB NODES MEMORY_GIB CACHE_GIB [LABEL]
# A fixed amount of search work on the 9x5 8-stone tables in DB ("Black wins?"
# after e2-e3A f4-e5W-e4A, one thread): the same nodes and numbers whatever the
# tables' block size, so only the time differs. Prints one line:
# label nodes seconds(search) user_s wall_s peak_kB cache_hits cache_misses
BIN=$1; DB=$2; NODES=$3; MEM=$4; CACHE=$5; LABEL=${6:-$DB}
out=$(/usr/bin/time -f "TIME %U %e %M" $BIN solve --position "BBBB.BBBB/BBBBB.BBB/BWBW.B.BW/WWWW.WW.W/WWWWWWWW. w" \
  --goal black --db "$DB" --pieces 8 --moves none --threads 1 --memory $MEM --table-cache $CACHE \
  --nodes $NODES --json --quiet 2>&1)
json=$(echo "$out" | grep '^{')
t=$(echo "$out" | grep '^TIME')
python3 - "$LABEL" "$json" "$t" <<'PY'
import json, sys
label, js, t = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3].split()
print(label, js["nodes"], f'{js["seconds"]:.1f}', t[1], t[2], t[3], js["table_cache_hits"], js["table_cache_misses"], js["goals"][0]["proof"], js["goals"][0]["disproof"])
PY
