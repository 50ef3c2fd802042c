#!/bin/bash
# Session 97: the landed prefetch (fanorona-pf) against the build before
# it (fanorona, 76a9aef), side by side on ab.sh's search; then the
# landed build against it with the parents' expansions prefetched too
# (fanorona-xpfp, X_PFP).
set -u
O=/work/runs/s97/ab
while pgrep -f center_replies_white.sh > /dev/null; do sleep 5; done
one() { # name binary env...
  local name=$1 b=$2; shift 2
  env "$@" /usr/bin/time -v $b solve --board 3x13 --stalemate draw --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 4 --table-cache 1 --db /work/runs/s95/db --time-limit 1200 --json \
    > $O/$name.json 2> $O/$name.progress
}
one base3 /work/runs/s97/fanorona X=0 & one pf3 /work/runs/s97/fanorona-pf X=0 & wait
one pf4 /work/runs/s97/fanorona-pf X=0 & one pfp4 /work/runs/s97/fanorona-xpfp X_PFP=1 & wait
echo done
