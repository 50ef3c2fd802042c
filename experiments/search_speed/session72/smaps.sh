#!/usr/bin/env bash
# usage: smaps.sh NAME [tunable]  -- runs 3x13 for 40 s and dumps smaps at 30 s
set -u
NAME=$1
BIN=/work/runs/s72/fanorona-b71dd91
if [ "${2:-}" = tunable ]; then export GLIBC_TUNABLES=glibc.malloc.hugetlb=1; fi
"$BIN" solve --board 3x13 --pieces 7 --db /work/runs/db13x3 --goal white --graph \
    --moves none --threads 1 --memory 3 --table-cache 0.5 --time-limit 40 --json > "$NAME.json" 2> "$NAME.log" &
PID=$!
sleep 30
cat /proc/$PID/smaps > "$NAME.smaps"
grep AnonHuge /proc/$PID/smaps_rollup
wait $PID
