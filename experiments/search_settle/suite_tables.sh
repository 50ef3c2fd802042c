#!/usr/bin/env bash
# Session 107: the settling patch (settle.patch) against the search as it
# is, on small boards with 4-stone tables (7x3 and 3x7 with none), one
# goal each, three memory bounds. Prints: board pieces GiB goal, then the
# nodes without and with settling, each after the first letter of the
# goal's state (p proved, d disproved, o open at the 60 M limit).
# usage: suite_tables.sh BIN DB   (BIN built with settle.patch; DB a folder)
set -u
B=$1; DB=$2
mkdir -p "$DB"
run() { timeout 900 "$B" solve --moves none --threads 1 --quiet --json --nodes 60000000 --db "$DB" "$@" 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin); g=d['goals'][0]; print(g['state'][0]+str(d['nodes']))"; }
for bp in "7x3 0" "3x7 0" "7x3 4" "5x5 4" "9x3 4" "3x9 4" "7x5 4"; do
  set -- $bp
  for mem in 1 0.1 0.02; do for g in white black; do
    a=$(run --board "$1" --pieces "$2" --memory $mem --goal $g)
    b=$(FANORONA_SETTLE_EVERY=1 run --board "$1" --pieces "$2" --memory $mem --goal $g)
    echo "$1 $2 $mem $g $a $b"
  done; done
done
