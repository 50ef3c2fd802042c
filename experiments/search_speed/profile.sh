#!/bin/bash
# Profiles a running search for SECONDS (default 40) and prints the functions
# above 1.5% of the samples: how the profiles of README.md were taken.
# usage: profile.sh PID [SECONDS]
set -euo pipefail
PID=$1; S=${2:-40}
OUT=$(mktemp /tmp/profile.XXXXXX.data)
perf record -g -p "$PID" -o "$OUT" -- sleep "$S" >/dev/null 2>&1
perf report -i "$OUT" --no-children --percent-limit 1.5 --stdio 2>/dev/null \
  | grep '%' | grep -v -- '--' | awk '{print $1, $5, $6}'
echo "(samples in $OUT; perf annotate -i $OUT --stdio -s SYMBOL shows where)"
