#!/bin/bash
# usage: seq.sh CLASSES RUNS BIN...
# 9x5's CLASSES (such as 1v6,6v1) built by each binary in turn, one thread
# each, RUNS rounds, each from a fresh copy of a database folder holding
# every class the group needs (DB, default /work/runs/db6: the 9x5 tables
# up to 6 stones) in SCRATCH (default /work/runs/p-A, removed first).
# One after the other rather than side by side (session80/pair.sh): a
# search had the machine's other core. Prints each build's init and level
# times (FANORONA_TIMING=1) and the first 8 digits of the first class's
# table's MD5, which must agree.
set -u
C=$1; N=$2; shift 2
DB=${DB:-/work/runs/db6}; SCRATCH=${SCRATCH:-/work/runs/p-A}
for r in $(seq "$N"); do
  for B in "$@"; do
    rm -rf "$SCRATCH"; cp -r "$DB" "$SCRATCH"
    for c in ${C//,/ }; do rm -f "$SCRATCH"/9x5-corner-free-sl/"$c".*; done
    FANORONA_TIMING=1 "$B" build --board 9x5 --classes "$C" --db "$SCRATCH" --threads 1 \
        > /dev/null 2> seq.log
    echo "run $r $(basename "$B"): $(grep -a 'bytes an index' seq.log | sed 's/.*bytes an index)://')" \
         "$(md5sum "$SCRATCH"/9x5-corner-free-sl/"${C%%,*}".fnt | cut -c1-8)"
  done
done
