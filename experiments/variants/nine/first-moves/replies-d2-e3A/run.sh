#!/bin/bash
# stalemate-draw 9x5 after d2-e3A: "Black wins?" after each of Black's replies (White to move)
# (The script as run in session 24, with that session's paths: /work/runs/s24 held
# the d2-e3A checkpoint; first_moves.sh in the folder above is the general form.)
cd /work/runs/s24
B=/work/runs/bin/fanorona-best
NODES=${1:-20000000}
$B moves --position "BBBBBB.BB/BBBBB.BBB/BWBWWBWBW/WWW.WWWWW/WWWWWWWWW b" --stalemate draw | while read -r mv board turn; do
  name=sdr_d2-e3A_$mv
  [ -f $name.fns ] || cp sd_d2-e3A.fns $name.fns
  /usr/bin/time -v $B solve --position "$board $turn" --stalemate draw --db /work/db-runs/stalemate --pieces 7 --goal black \
    --threads 1 --moves none --memory 7 --table-cache 1.5 --nodes $NODES --time-limit 600 \
    --checkpoint $name.fns --checkpoint-every 0 --json > $name.json 2> $name.log < /dev/null
  echo "$mv $(grep -o '"goals": \[[^]]*\]' $name.json)"
done
