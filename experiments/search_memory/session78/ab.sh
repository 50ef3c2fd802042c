#!/bin/bash
# usage: ab.sh BIN LABEL MEM LIMIT: forced 5x7 b4-c4A, "Black wins?" on the graph
# (`--graph --weak`), 8-stone forced tables (DB, default /work/runs/s76/db7x5f)
BIN=$1; L=$2; MEM=$3; LIM=$4
/usr/bin/time -v $BIN solve --position "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --continuation forced --graph --weak \
  --goal black --db ${DB:-/work/runs/s76/db7x5f} --pieces 8 --moves none --threads 1 --memory $MEM --table-cache 0.25 \
  --time-limit $LIM --json > $L.json 2> $L.log
