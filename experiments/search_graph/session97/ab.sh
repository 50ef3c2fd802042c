#!/bin/bash
# Session 97: prefetching in the closure (experiment build fanorona-xpf):
# the same finished search under each switch; the search is the same
# expansion for expansion (prefetches change no result), only the time.
set -u
B=/work/runs/s97/fanorona-xpf
O=/work/runs/s97/ab
while pgrep -f center_replies.sh > /dev/null; do sleep 5; done
one() { # name env...
  local name=$1; shift
  env X_STATS=1 "$@" /usr/bin/time -v $B solve --board 3x13 --stalemate draw --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 4 --table-cache 1 --db /work/runs/s95/db --time-limit 1200 --json \
    > $O/$name.json 2> $O/$name.progress
}
one none & one both X_PF=1 X_PFR=1 & wait
one walk X_PF=1 & one refresh X_PFR=1 & wait
echo done
