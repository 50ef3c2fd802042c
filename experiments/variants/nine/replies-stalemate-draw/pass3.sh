#!/bin/bash
# stalemate-draw 9x5: open replies again from their checkpoints, with a time limit each
cd /work/runs/s25/sdr
B=/work/runs/bin/fanorona-5006af8
SECS=${1:-600}
shift
for name in "$@"; do
  first=${name%%_*}; reply=${name#*_}
  fen0="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
  after=$($B moves --position "$fen0" --stalemate draw | awk -v m=$first '$1==m {print $2" "$3}')
  pos=$($B moves --position "$after" --stalemate draw | awk -v m=$reply '$1==m {print $2" "$3}')
  /usr/bin/time -v $B solve --position "$pos" --stalemate draw --db /work/db-runs/stalemate --pieces 7 --goal black \
    --threads 1 --moves none --memory 8 --table-cache 1.5 --time-limit $SECS \
    --checkpoint $name.fns --checkpoint-every 0 --json > $name.p3.json 2> $name.p3.log < /dev/null
  echo "$name $(grep -o '"goals": \[[^]]*\]' $name.p3.json)"
done
