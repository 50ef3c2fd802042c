#!/bin/bash
# usage: table8.sh BIN DB OUT_DIR BOARDS [variant flags...]
# The start positions and every first move of BOARDS with tables of up to 8 stones
# (built into DB first if missing), one thread, 6 GiB, 600 s a board at most.
BIN=$1; DB=$2; OUT=$3; BOARDS=$4; shift 4
mkdir -p $OUT
/usr/bin/time -v $BIN table --boards $BOARDS --db $DB --pieces 8 --threads 1 --memory 6 --table-cache 1 \
    --time-limit 600 --format md,csv,json --out $OUT "$@" 2> $OUT/table.log
