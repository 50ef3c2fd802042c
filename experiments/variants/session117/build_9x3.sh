#!/bin/bash
# usage: build_9x3.sh BIN DB
# Session 117: 9x3's sacrifice tables again as session 111 built them
# (every class to 9 stones, then the 10-stone classes 6v4 and 5v5 need),
# with the builder of this session, on two threads: their times against
# session 111's, and the tables the first moves left open there need.
set -u
BIN=$1; DB=$2
OUT=${OUT:-$(dirname "$0")}
/usr/bin/time -v "$BIN" build --board 9x3 --pieces 9 --sacrifice --db "$DB" --threads 2 --memory 10 --json \
    > "$OUT/build_sac_9x3_9.json" 2> "$OUT/build_sac_9x3_9.time"
/usr/bin/time -v "$BIN" build --board 9x3 --sacrifice --classes 6v4,5v5 --db "$DB" --threads 2 --memory 21 --json \
    > "$OUT/build_sac_9x3_10.json" 2> "$OUT/build_sac_9x3_10.time"
