#!/bin/bash
# The reuse of path-dependent disproofs on 9x5 (to run once the default
# 8-stone tables are built): "Black wins?" after White's f2-e3A and d3-e3A,
# both draws (disproved in 24 M and 727-730 M nodes by earlier binaries),
# with each binary given, one after the other, one core each.
# usage: nine.sh DB OUTDIR BINARY...
set -euo pipefail
DB=$1; OUT=$2; shift 2
mkdir -p "$OUT"
declare -A after=(
  [f2-e3A]="BB.BBBBBB/BBB.BBBBB/BWBWWBWBW/WWWWW.WWW/WWWWWWWWW b"
  [d3-e3A]="BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b"
)
for move in f2-e3A d3-e3A; do
  for BIN in "$@"; do
    /usr/bin/time -v "$BIN" solve --position "${after[$move]}" --goal black \
      --db "$DB" --pieces 8 --moves none --threads 1 --memory 7.5 --table-cache 2 \
      --time-limit 5400 --json > "$OUT/$move.$(basename "$BIN").json" \
      2> "$OUT/$move.$(basename "$BIN").log"
  done
done
