#!/bin/bash
# forced 9x5, d3-e3A f4-f3A: "Black wins?" after each White move (Black to move); one disproved settles it
cd /work/runs/s25
B=/work/runs/bin/fanorona-7ef844c
NODES=${1:-15000000}
P="BBBBBBBBB/BBBBB.BBB/BWB.WBWBW/WWWWW.WWW/WWWWW.WWW w"
$B moves --position "$P" --continuation forced | while read -r mv board turn; do
  name=fo_f4-f3A_$mv
  grep -qs '"state": "disproved"' $name.json && { echo "$mv disproved (before)"; continue; }
  [ -f $name.fns ] || cp fo_d3-e3A_f4-f3A.fns $name.fns
  /usr/bin/time -v $B solve --position "$board $turn" --continuation forced --db /work/db-runs/forced --pieces 8 --goal black \
    --threads 1 --moves none --memory 6 --table-cache 1.5 --nodes $NODES --time-limit 900 \
    --checkpoint $name.fns --checkpoint-every 0 --json > $name.json 2> $name.log < /dev/null
  echo "$mv $(grep -o '"goals": \[[^]]*\]' $name.json)"
  grep -q '"state": "disproved"' $name.json && break
done
