#!/usr/bin/env bash
# usage: gen.sh BIN NAME POS MEM NODES FLAGS...
set -u
BIN=$1; NAME=$2; POS=$3; MEM=$4; NODES=$5; shift 5
cd /work/runs/s71/bench
/usr/bin/time -v "$BIN" solve --position "$POS" --pieces 8 --db /work/runs/db11x3 --goal black "$@" \
    --moves none --threads 1 --memory "$MEM" --table-cache 0.5 --nodes "$NODES" --json > "$NAME.json" 2> "$NAME.log"
echo "rc=$?" >> "$NAME.log"
