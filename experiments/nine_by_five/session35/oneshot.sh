#!/bin/bash
# (run at the end of session 35; d2-c3A-d4A-e3W first failed with 9: exit 2, then ran alone with 10.5)
# one closure on each open line's checkpoint (--nodes 1 --closure), rewriting it
BIN=/work/runs/bin/fanorona-ca49399
declare -A P=(
 [d2-c3A]=".BBBBBBBB/B.B.BBBBB/BWWB.BWBW/W.W.WWWWW/.WWWWWWWW b"
 [d2-c3A-d4A-e3W]=".B.B.BBBB/B.B.BBBBB/BW.BWBWBW/W.W.WWWWW/.WWWWWWWW b"
 [e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
)
declare -A M=( [d2-c3A]=9 [d2-c3A-d4A-e3W]=10.5 [e5-e4A]=7 )  # 9 was too little for d2-c3A-d4A-e3W's 116 M nodes with the scratch
declare -A C=( [d2-c3A]=2 [d2-c3A-d4A-e3W]=2 [e5-e4A]=1 )
for n in e5-e4A d2-c3A-d4A-e3W d2-c3A; do
  /usr/bin/time -v $BIN solve --position "${P[$n]}" --goal black --db /work/db-runs/default --pieces 8 \
    --moves none --threads 1 --memory ${M[$n]} --table-cache ${C[$n]} --closure --nodes 1 \
    --checkpoint /work/runs/s31/ck_$n.fns --json > $n.oneshot.json 2> $n.oneshot.log
done
