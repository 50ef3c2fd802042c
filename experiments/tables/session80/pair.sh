#!/bin/bash
# usage: pair.sh BIN_A BIN_B RUNS: 9x5's 2v4+4v2 built by A and B at once,
# one thread each (the same contention for both), RUNS times; prints the
# init and level times of each.
A=$1; B=$2; N=$3
for r in $(seq $N); do
  for X in A B; do
    d=/work/runs/p-$X; rm -rf $d; cp -r /work/runs/db6 $d; rm $d/9x5-corner-free-sl/{2v4,4v2}.*
  done
  FANORONA_TIMING=1 $A build --board 9x5 --classes 2v4,4v2 --db /work/runs/p-A --threads 1 --json > /dev/null 2> pA.log &
  FANORONA_TIMING=1 $B build --board 9x5 --classes 2v4,4v2 --db /work/runs/p-B --threads 1 --json > /dev/null 2> pB.log &
  wait
  echo "run $r A: $(grep -a '2v4+4v2 (' pA.log)"
  echo "run $r B: $(grep -a '2v4+4v2 (' pB.log)"
  md5sum /work/runs/p-A/9x5-corner-free-sl/2v4.fnt /work/runs/p-B/9x5-corner-free-sl/2v4.fnt | awk '{print $1}' | uniq | wc -l
done
