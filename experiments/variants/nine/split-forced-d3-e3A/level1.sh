#!/bin/bash
# forced 9x5 after d3-e3A: "Black wins?" after each of Black's replies (White to move),
# each seeded with the solved positions of the d3-e3A search (session 24's checkpoint)
cd /work/runs/s25
B=/work/runs/bin/fanorona-best
NODES=${1:-40000000}
LIMIT=${2:-900}
$B moves --position "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b" --continuation forced | while read -r mv board turn; do
  name=fo_d3-e3A_$mv
  [ -f $name.fns ] || cp /work/runs/s24/fob_d3-e3A.fns $name.fns
  /usr/bin/time -v $B solve --position "$board $turn" --continuation forced --db /work/db-runs/forced --pieces 8 --goal black \
    --threads 1 --moves none --memory 8 --table-cache 1.5 --nodes $NODES --time-limit $LIMIT \
    --checkpoint $name.fns --checkpoint-every 0 --json > $name.json 2> $name.log < /dev/null
  echo "$mv $(grep -o '"goals": \[[^]]*\]' $name.json)"
done
