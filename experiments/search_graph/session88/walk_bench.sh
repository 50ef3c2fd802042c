#!/bin/bash
# usage: walk_bench.sh BIN... -- PIECES MEM LIMIT_S [NODES]
# Session 88: the df-pn walk (walk.rs, eb25e57) against the descents from
# the root (6eb5a8c), each binary in turn. "Black wins?" on the three
# positions of ../session83/bench_mem.sh (and after e1-d2A,
# ../session87/descent_bench.sh, with POSITIONS=e1-d2A), graph search,
# weak numbers, one thread, MEM GiB, 9x5 tables up to PIECES stones (DB,
# default /work/runs/db9x5), at most LIMIT_S seconds or NODES
# expansions. One line a run: position, binary, expansions, seconds,
# state, numbers, cuts, closures, user and system seconds.
# (The runs recorded here were made with one experiment build in which
# FANORONA_WALK=1 switched the walk on: the labels "descent" and "walk".)
set -u
BINS=()
while [ "$1" != "--" ]; do BINS+=("$1"); shift; done; shift
K=$1; M=$2; L=$3; N=${4:-}
OUT=${OUT:-out}; mkdir -p "$OUT"
declare -A P=(
 [c3-b2W-b3W]=".B...BBBB/B.B.BBBBB/BB....WBW/W.W.WWWWW/..WWWWWWW w"
 [f4-f3A]=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
 [c3-d2A-d3W]=".B...BBBB/B.BWBBBBB/B..B..WBW/W.W.WWWWW/.WW..WWWW w"
 [e1-d2A]=".B...BBBB/B.B.B.BBB/B..B...BW/W.WWW.WWW/.W.W..WWW b"
)
for n in ${POSITIONS:-c3-b2W-b3W f4-f3A c3-d2A-d3W}; do for b in "${BINS[@]}"; do
  o="$OUT/$n.$(basename "$b").k$K.m$M"
  /usr/bin/time -v "$b" solve --position "${P[$n]}" --goal black \
      --db "${DB:-/work/runs/db9x5}" --pieces "$K" --moves none --threads 1 --memory "$M" \
      --table-cache 0.05 --graph --weak --time-limit "$L" ${N:+--nodes $N} --json \
      > "$o.json" 2> "$o.log" < /dev/null
  echo "$n $(basename "$b") $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*\|"state": "[a-z]*", "proof": [0-9"inf]*, "disproof": [0-9"inf]*\|"tree_cuts": [0-9]*\|"closures": [0-9]*' | tr '\n' ' ') $(grep -a 'User time\|System time' "$o.log" | awk '{print $NF}' | tr '\n' ' ')"
done; done
