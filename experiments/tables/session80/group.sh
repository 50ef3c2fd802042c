#!/bin/bash
# usage: group.sh BIN LABEL [CLASSES]: 9x5's CLASSES (default 3v4,4v3) built
# alone on two threads from a copy of the <= 6-stone tables in /work/runs/db6,
# with the builder's phase times (FANORONA_TIMING). Make /work/runs/db6 first:
#   fanorona build --board 9x5 --pieces 6 --db /work/runs/db6
BIN=$1; L=$2; C=${3:-3v4,4v3}
rm -rf /work/runs/g-$L && cp -r /work/runs/db6 /work/runs/g-$L
FANORONA_TIMING=1 /usr/bin/time -v $BIN build --board 9x5 --classes $C --db /work/runs/g-$L --threads 2 --memory 12 --json > $L.json 2> $L.log
grep -a -i "init\|levels\|group" $L.log | grep -v "\[" | tail -5
grep -E "Elapsed|Maximum res|User time" $L.log
md5sum /work/runs/g-$L/9x5-corner-free-sl/{3v4,4v3}.fnt 2>/dev/null
