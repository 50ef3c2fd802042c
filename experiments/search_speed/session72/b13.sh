#!/usr/bin/env bash
# usage: b13.sh BIN NAME GOAL MEM NODES   (GLIBC_TUNABLES passes through)
set -u
BIN=$1; NAME=$2; GOAL=$3; MEM=$4; NODES=$5
cd /work/runs/s72/bench
/usr/bin/time -v "$BIN" solve --board 3x13 --pieces 7 --db /work/runs/db13x3 --goal "$GOAL" --graph \
    --moves none --threads 1 --memory "$MEM" --table-cache 0.25 --nodes "$NODES" --json > "$NAME.json" 2> "$NAME.log"
echo "rc=$?" >> "$NAME.log"
