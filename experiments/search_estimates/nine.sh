#!/bin/bash
# The two 9x5 replies of experiments/search_memory ("Black wins?" after
# e2-e3A f4-e5W-e4A, and after d2-e3A g4-g5W) in 0.9 GiB with the default
# 8-stone tables, with each binary given, one after the other; appends
# "name|binary|value|state|nodes|seconds" to OUT.
# usage: nine.sh DB OUT BINARY...
set -euo pipefail
DB=$1; OUT=$2; shift 2
for BIN in "$@"; do
  for pair in "e5e4|BBBB.BBBB/BBBBB.BBB/BWBW.B.BW/WWWW.WW.W/WWWWWWWW. w" \
              "g4g5|BBBBBBBBB/BBBBB..BB/BWBWWB.BW/WWW.WW.WW/WWWWWW.WW w"; do
    name=${pair%%|*}; fen=${pair#*|}
    r=$("$BIN" solve --position "$fen" --goal black --db "$DB" --pieces 8 --moves none \
        --threads 1 --memory 0.9 --table-cache 0.5 --nodes 100000000 --json 2>/dev/null | tail -1)
    echo "$name|$(basename "$BIN")|$(echo "$r" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["value"], d["goals"][0]["state"], d["nodes"], round(d["seconds"],1), sep="|")')" >> "$OUT"
  done
done
