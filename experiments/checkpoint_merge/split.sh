#!/usr/bin/env bash
# Session 107: `--checkpoint-merge` into a split search (`--threads 2`,
# a search a first move, each with its file in a folder). 5x5 "White
# wins?" without tables split and stopped at 20,000 nodes; then taken up
# alone, with the start's own proof merged (`--moves none`, one file), and
# with b3-c3A's proof apart merged into every move's search.
# Prints: what was merged, then nodes, bound, and for each merged file the
# searches it went into and the tree nodes it settled.
# usage: split.sh BIN OUT
set -eu
BIN=$1; OUT=$2
mkdir -p "$OUT"; cd "$OUT"; rm -rf ./*.fns stopped alone with_start with_b3c3A
GOAL=(--pieces 0 --goal white --memory 1 --quiet --json)
num() { python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print(d['nodes'], d.get('bound'), *[(m['searches'], m['settled']) for m in d.get('merged', [])])"; }
echo "stopped: $("$BIN" solve --board 5x5 "${GOAL[@]}" --threads 2 --nodes 20000 --checkpoint stopped | num)"
"$BIN" solve --board 5x5 "${GOAL[@]}" --moves none --checkpoint start.fns > /dev/null
P=$("$BIN" moves --board 5x5 --json | python3 -c "
import json,sys
print([m['position'] for m in json.load(sys.stdin) if m['move'] == 'b3-c3A'][0])")
"$BIN" solve --position "$P" "${GOAL[@]}" --moves none --checkpoint b3-c3A.fns > /dev/null
for run in alone with_start with_b3c3A; do
  cp -r stopped "$run"
  case $run in
    alone) M=() ;;
    with_start) M=(--checkpoint-merge start.fns) ;;
    with_b3c3A) M=(--checkpoint-merge b3-c3A.fns) ;;
  esac
  echo "$run: $("$BIN" solve --board 5x5 "${GOAL[@]}" --threads 2 --checkpoint "$run" "${M[@]}" | num)"
done
