#!/bin/bash
# usage: queue.sh BIN DEADLINE_EPOCH line... ; each line in turn, its time limit up to the deadline
BIN=$1; DL=$2; shift 2
for n in "$@"; do
  lim=$(( DL - $(date +%s) ))
  [ $lim -lt 120 ] && break
  "$(dirname "$0")/open.sh" $BIN $lim $n
  grep -q '"state": "open"' /work/runs/s32/$n.$(basename $BIN).json && break
done
