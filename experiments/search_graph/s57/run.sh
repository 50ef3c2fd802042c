#!/bin/bash
# usage: run.sh TAG POSFILE NODES [FLAGS...]  (env passes knobs through)
tag=$1 pos=$2 nodes=$3; shift 3
BIN=${BIN:-/work/runs/fanorona-knobs57}
while read -r fen; do
  out=$($BIN solve --position "$fen" --goal black --db /work/runs/vdb --pieces 7 --graph --weak "$@" \
    --moves none --threads 1 --memory 1 --nodes $nodes --json --quiet 2>/dev/null | tail -1)
  echo "$out" | python3 -c "import sys,json; d=json.load(sys.stdin); print('$tag', '$fen'.replace(' ','_'), d['value'], d['nodes'], round(d['seconds'],1))"
done < "$pos"
