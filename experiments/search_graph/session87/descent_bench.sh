#!/bin/bash
# usage: descent_bench.sh ROUNDS BIN... : "Black wins?" after e1-d2A (the 9x5 line of
# ../../nine_by_five/session82/white_moves.sh) afresh, graph search, weak numbers, one
# thread, MEM GiB (default 1.5), NODES expansions (default 2 M), every 9x5 table up to 8
# stones; each binary in turn, ROUNDS rounds. One line a run: binary, round, expansions,
# seconds, closures and their seconds, cuts and their seconds, the root's numbers.
set -u
R=$1; shift
P=".B...BBBB/B.B.B.BBB/B..B...BW/W.WWW.WWW/.W.W..WWW b"
OUT=${OUT:-out}; mkdir -p "$OUT"
for r in $(seq 1 "$R"); do for b in "$@"; do
  o="$OUT/$(basename "$b").r$r"
  "$b" solve --position "$P" --goal black --db "${DB:-/work/runs/db9x5}" --pieces 8 --moves none \
     --threads 1 --memory "${MEM:-1.5}" --table-cache 0.05 --graph --weak --nodes "${NODES:-2000000}" \
     --json > "$o.json" 2> "$o.log" < /dev/null
  echo "$(basename "$b") r$r $(tail -1 "$o.json" | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*\|"tree_cuts": [0-9]*\|"closures": [0-9]*\|"closure_seconds": [0-9.]*\|"cut_seconds": [0-9.]*\|"state": "[a-z]*", "proof": [0-9"inf]*, "disproof": [0-9"inf]*' | tr '\n' ' ')"
done; done
