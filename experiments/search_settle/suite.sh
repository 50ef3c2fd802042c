#!/usr/bin/env bash
# Session 107: the settling patch (settle.patch) against the search as it
# is, on 5x5 without tables: each goal, three rule sets, five memory
# bounds. Prints: rules GiB goal, then the nodes without and with
# settling, each after the first letter of the goal's state (d disproved).
# usage: suite.sh BIN   (BIN built with settle.patch)
set -u
B=$1
run() { "$B" solve --board 5x5 --pieces 0 --moves none --threads 1 --quiet --json --nodes 60000000 "$@" | python3 -c "import json,sys; d=json.load(sys.stdin); g=d['goals'][0]; print(g['state'][0]+str(d['nodes']))"; }
for v in default center forced; do
  case $v in default) F=();; center) F=(--diagonals center);; forced) F=(--continuation forced);; esac
  for mem in 1 0.1 0.03 0.01 0.003; do for g in white black; do
    a=$(run "${F[@]}" --memory $mem --goal $g)
    b=$(FANORONA_SETTLE_EVERY=1 run "${F[@]}" --memory $mem --goal $g)
    echo "$v $mem $g $a $b"
  done; done
done
