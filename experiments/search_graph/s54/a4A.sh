#!/bin/bash
# usage: a4A.sh BIN TAG [FLAGS] : b4-a5W-a4A from a2-a3A's session 53 checkpoint, one thread, 6 GiB, 300 s
bin=$1 tag=$2; shift 2
cd /work/runs/s54/bench
cp /work/runs/s53/alone_a2-a3A.fns a4A_$tag.fns
/usr/bin/time -v $bin solve --position ".BBB.B..B/B.B....../......B.B/.WW.W..../WW.W..... w" --goal black --db /work/runs/db9x5 --pieces 8 --moves none --threads 1 --memory 6 --graph "$@" --time-limit 300 --checkpoint a4A_$tag.fns --json > a4A_$tag.json 2> a4A_$tag.log
rm -f a4A_$tag.fns
