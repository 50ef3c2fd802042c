#!/bin/bash
# usage: run3x13.sh NAME LIMIT_S FLAG VALUE
# 3x13 under one rule variant (FLAG VALUE, e.g. --continuation forced): 13x3's 7-stone tables of that
# rule (they serve 3x13) built on one thread beside another search into /work/runs/s118/NAME/db, then
# "White wins?" at the start on the graph, weak numbers, no depth cap, one core and 8 GiB, LIMIT_S seconds.
# Session 118's two runs, `run3x13.sh f313 2700 --continuation forced` (files named forced_*) and
# `run3x13.sh c313 2400 --diagonals center` (center_*), were made with two copies of this script, one a
# rule with its flags written in, merged into this one afterwards (same commands, same file names).
BIN=/work/runs/bin/fanorona-3f3f962; OUT=/work/runs/s118/$1; DB=$OUT/db; LIM=$2; shift 2
TAG=${2%%[^a-z]*}
mkdir -p $OUT/ck
/usr/bin/time -f "wall %e s, user %U s, peak %M KiB" $BIN build --board 13x3 --pieces 7 "$@" --db $DB \
  --threads 1 --memory 8 --json > $OUT/build.json 2> $OUT/build.time
/usr/bin/time -v $BIN solve --board 3x13 --goal white "$@" --pieces 7 --db $DB --graph --weak --depth-cap none \
  --moves none --threads 1 --memory 8 --table-cache 1 --time-limit $LIM \
  --checkpoint $OUT/ck/${TAG}_white.fns --json > $OUT/${TAG}_white.json 2> $OUT/${TAG}_white.log
