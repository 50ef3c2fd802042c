#!/bin/bash
# Solves each position of a list (read from stdin, lines "name|flags|FEN",
# DB in the flags standing for the tables' folder) with each binary given,
# one thread, value only, and appends "name|binary|value|nodes|seconds|
# conditional disproofs reused" to OUT.
# usage: compare.sh DB OUT NODECAP MEMORY_GIB BINARY... < positions.txt
set -euo pipefail
DB=$1; OUT=$2; CAP=$3; MEM=$4; shift 4
while IFS='|' read -r name flags fen; do
  for BIN in "$@"; do
    r=$($BIN solve --position "$fen" ${flags//DB/$DB} --threads 1 --moves none \
        --memory "$MEM" --nodes "$CAP" --json 2>/dev/null | tail -1)
    echo "$name|$(basename "$BIN")|$(echo "$r" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["value"], d["nodes"], round(d["seconds"],1), d.get("conditional_disproofs_reused"), sep="|")')" >> "$OUT"
  done
done
