#!/bin/bash
# usage: seq_bench.sh BIN... : e1-d2A afresh, 3 GiB, 3 M expansions, each binary in turn, two rounds
P=".B...BBBB/B.B.B.BBB/B..B...BW/W.WWW.WWW/.W.W..WWW b"
for r in 1 2; do for b in "$@"; do
  o="$(basename $b).r$r"
  "$b" solve --position "$P" --goal black --db /work/runs/db9x5 --pieces 8 --moves none --threads 1 \
     --memory 3 --table-cache 0.05 --graph --weak --nodes 3000000 --json > $o.json 2> $o.log < /dev/null
  echo "$o $(tail -1 $o.json | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*\|"closures": [0-9]*\|"closure_seconds": [0-9.]*\|"state": "[a-z]*", "proof": [0-9"inf]*, "disproof": [0-9"inf]*' | tr '\n' ' ')"
done; done
