#!/bin/bash
# usage: run.sh BIN ; the 9x5 start, value only, one core, beside a 9 GiB search
BIN=$1
/usr/bin/time -v $BIN solve --board 9x5 --db /work/db-runs/default --pieces 8 --moves none \
    --threads 1 --memory 6 --table-cache 1 --time-limit 2400 --json > start.$(basename $BIN).json 2> start.$(basename $BIN).log
