#!/bin/bash
# usage: build_7x5_rest9.sh BIN DB [OUT]
# The rest of 7x5's sacrifice classes to 9 stones, after session 114's
# `--classes 5v4` and `--pieces 8` (DB holds them): 1v7b, 2v6b, 6v2b and
# 7v1b, then 3v6+6v3, 2v7+7v2 and 1v8+8v1, 6.7 billion positions; the
# plan's peak, 14.33 GiB for 3v6+6v3, fits the default --memory 16 now
# that a group holds only the classes it rests on. Resumable: the same
# command goes on from the last finished group or snapshot.
set -u
BIN=$1; DB=$2; OUT=${3:-$(dirname "$0")}
"$BIN" build --board 7x5 --sacrifice --pieces 9 --db "$DB" --plan > "$OUT/plan_7x5_rest9.txt" 2>&1
/usr/bin/time -v "$BIN" build --board 7x5 --sacrifice --pieces 9 --db "$DB" \
    --threads 2 --memory 16 --json >> "$OUT/build_7x5_rest9.json" 2>> "$OUT/build_7x5_rest9.log"
