#!/bin/bash
# usage: tree.sh BIN LABEL MEM: "Black wins?" after 9x5 e2-e3A f4-e5W-e4A on the tree (session 37's fresh run)
# 8-stone 9x5 tables (DB, default /work/runs/db9x5)
BIN=$1; L=$2; MEM=$3
/usr/bin/time -v $BIN solve --position "BBBB.BBBB/BBBBB.BBB/BWBW.B.BW/WWWW.WW.W/WWWWWWWW. w" --goal black \
  --db ${DB:-/work/runs/db9x5} --pieces 8 --moves none --threads 1 --table-cache 0.25 --memory $MEM --nodes 200000000 \
  --json > $L.json 2> $L.log
