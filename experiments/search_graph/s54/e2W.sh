#!/bin/bash
# usage: e2W.sh BIN TAG [FLAGS] : d3-e3A-e2W from the session 52 checkpoint, one thread, 300 s
bin=$1 tag=$2; shift 2
cd /work/runs/s54/bench
cp /work/runs/s52/f3W/d3-e3A-e2W.fns e2W_$tag.fns
/usr/bin/time -v $bin solve --position "BBBB.B..B/BBB.....B/BWB....../WWW.W...W/WW.WWW... b" --goal black --db /work/runs/db9x5 --pieces 8 --moves none --threads 1 --memory 7 --graph "$@" --time-limit 300 --checkpoint e2W_$tag.fns --json > e2W_$tag.json 2> e2W_$tag.log
rm -f e2W_$tag.fns
