#!/bin/bash
# stalemate-draw 9x5: the open replies again from their checkpoints, closest to a disproof first
cd /work/runs/s25/sdr
B=/work/runs/bin/fanorona-7ef844c
NODES=${1:-30000000}
shift
for name in "$@"; do
  first=${name%%_*}; reply=${name#*_}
  fen0="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
  after=$($B moves --position "$fen0" --stalemate draw | awk -v m=$first '$1==m {print $2" "$3}')
  pos=$($B moves --position "$after" --stalemate draw | awk -v m=$reply '$1==m {print $2" "$3}')
  /usr/bin/time -v $B solve --position "$pos" --stalemate draw --db /work/db-runs/stalemate --pieces 7 --goal black \
    --threads 1 --moves none --memory 5 --table-cache 1.5 --nodes $NODES --time-limit 1500 \
    --checkpoint $name.fns --checkpoint-every 0 --json > $name.p2.json 2> $name.p2.log < /dev/null
  echo "$name $(grep -o '"goals": \[[^]]*\]' $name.p2.json)"
done
