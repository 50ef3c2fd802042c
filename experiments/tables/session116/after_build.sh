#!/bin/bash
# usage: after_build.sh BIN DB [OUT]
# Session 116: once 7x5's sacrifice classes reach 9 stones everywhere
# (../session115/build_7x5_rest9.sh), a sampled verify of the classes that
# build made: the 9-stone pairs 3v6+6v3, 2v7+7v2 and 1v8+8v1 (whose
# sacrifices go into the 9-stone block classes, derived, not stored) and
# the 8-stone block classes 1v7b, 2v6b, 6v2b and 7v1b, 250,000 positions a
# class; then `build --plan` to show nothing is left to build.
set -u
BIN=$1; DB=$2; OUT=${3:-$(dirname "$0")}
/usr/bin/time -v "$BIN" verify --db "$DB" --board 7x5 --sacrifice \
    --classes 3v6,6v3,2v7,7v2,1v8,8v1,1v7b,2v6b,6v2b,7v1b --sample 250000 \
    --threads 2 --json > "$OUT/verify_rest9_sample.json" 2> "$OUT/verify_rest9_sample.log"
"$BIN" build --board 7x5 --sacrifice --pieces 9 --db "$DB" --plan > "$OUT/plan_after.txt" 2>&1
