#!/usr/bin/env bash
# Session 106: `solve --checkpoint-merge` on 5x5 without tables. "White
# wins?" at the start stopped at 20,000 nodes (a checkpoint with its open
# tree); each of White's five first moves proved apart ("White wins?"
# after it disproved, a checkpoint each); then the stopped search taken up
# alone, with each move's file merged in, and with all five.
# usage: run.sh BIN OUT
set -eu
BIN=$1; OUT=$2
mkdir -p "$OUT"; cd "$OUT"; rm -f ./*.fns
GOAL=(--pieces 0 --goal white --moves none --memory 1 --quiet --json)
num() { python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print(d['nodes'], d.get('bound'), *[m['settled'] for m in d.get('merged', [])])"; }
echo "stopped: $("$BIN" solve --board 5x5 "${GOAL[@]}" --nodes 20000 --checkpoint open.fns | num)"
"$BIN" moves --board 5x5 --json | python3 -c "
import json,sys
for m in json.load(sys.stdin): print(m['move'], m['position'].replace(' ','_'))" > moves.txt
while read -r m p; do
  echo "apart $m: $("$BIN" solve --position "${p//_/ }" "${GOAL[@]}" --checkpoint "part_$m.fns" | num)"
done < moves.txt
cp open.fns alone.fns
echo "alone: $("$BIN" solve --board 5x5 "${GOAL[@]}" --checkpoint alone.fns | num)"
all=()
while read -r m _; do
  cp open.fns "with_$m.fns"
  echo "with $m: $("$BIN" solve --board 5x5 "${GOAL[@]}" --checkpoint "with_$m.fns" --checkpoint-merge "part_$m.fns" | num)"
  all+=(--checkpoint-merge "part_$m.fns")
done < moves.txt
cp open.fns with_all.fns
echo "with all: $("$BIN" solve --board 5x5 "${GOAL[@]}" --checkpoint with_all.fns "${all[@]}" | num)"
