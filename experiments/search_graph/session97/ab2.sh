#!/bin/bash
# Session 97: the sweeps reading the children's numbers from a compact
# array (experiment build fanorona-xnums, X_NUMS), with and without the
# prefetches; the same search as ab.sh.
set -u
B=/work/runs/s97/fanorona-xnums
O=/work/runs/s97/ab
while pgrep -f "ab.sh" > /dev/null; do sleep 5; done
one() { # name env...
  local name=$1; shift
  env X_STATS=1 "$@" /usr/bin/time -v $B solve --board 3x13 --stalemate draw --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 4 --table-cache 1 --db /work/runs/s95/db --time-limit 1200 --json \
    > $O/$name.json 2> $O/$name.progress
}
one nums X_NUMS=1 & one numspf X_NUMS=1 X_PFR=1 X_PFA=1 & wait
one none2 & one pfa X_PFA=1 & wait
echo done
