#!/bin/bash
# usage: resume.sh BIN OUT_DIR FIRST_GIB FIRST_NODES SECOND_GIB
# "Black wins?" after 9x5 e2-e3A f4-e5W-e4A (8-stone tables; or at $POS): a first sitting in FIRST_GIB
# stopped after FIRST_NODES expansions (its tree cut back and in PN² by then), then taken up
# in SECOND_GIB twice: as the checkpoint says (PN² kept), and with FANORONA_RESET_CUTS=1
# (a binary built with that knob: the cut count set to 0 on load, plain PN in the new room).
# Also a fresh search in SECOND_GIB for comparison.
BIN=$1; OUT=$2; M1=$3; N1=$4; M2=$5
POS=${POS:-"BBBB.BBBB/BBBBB.BBB/BWBW.B.BW/WWWW.WW.W/WWWWWWWW. w"}
run() { # name extra-args...
    local name=$1; shift
    /usr/bin/time -f "%e s wall %U s user %M KiB" $BIN solve --position "$POS" --goal black \
        --db /work/db-runs/default --pieces 8 --moves none --threads 1 --table-cache 0.25 \
 --json "$@" > $OUT/$name.json 2> $OUT/$name.log
}
mkdir -p $OUT && cd $OUT
rm -f first.fns
run first --memory $M1 --nodes $N1 --checkpoint first.fns
cp first.fns kept.fns; cp first.fns reset.fns
run kept --memory $M2 --nodes 200000000 --checkpoint kept.fns
FANORONA_RESET_CUTS=1 run reset --memory $M2 --nodes 200000000 --checkpoint reset.fns
run fresh --memory $M2 --nodes 200000000
