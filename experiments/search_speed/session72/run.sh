#!/usr/bin/env bash
# usage: run.sh BIN NAME MEM NODES [POS]
set -u
BIN=$1; NAME=$2; MEM=$3; NODES=$4
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
POS=${5:-$P3}
cd /work/runs/s72/bench
/usr/bin/time -v "$BIN" solve --position "$POS" --pieces 8 --db /work/runs/db11x3 --goal black --graph --weak \
    --moves none --threads 1 --memory "$MEM" --table-cache 0.5 --nodes "$NODES" --json > "$NAME.json" 2> "$NAME.log"
echo "rc=$?" >> "$NAME.log"
