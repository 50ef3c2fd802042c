#!/usr/bin/env bash
# The 7x7 suite on the tree search (the default), on the graph search with
# the sums and with weak numbers: OUTDIR/{tree,graph,weak}.txt.
# usage: run_modes.sh BIN DB OUTDIR NODES
set -u
BIN=$1; DB=$2; OUT=$3; NODES=$4
mkdir -p "$OUT"
here=$(dirname "$0")
"$here/suite.sh" "$BIN" "$DB" "$here/suite7x7.txt" 7 "$NODES" 1 > "$OUT/tree.txt"
"$here/suite.sh" "$BIN" "$DB" "$here/suite7x7.txt" 7 "$NODES" 1 --graph > "$OUT/graph.txt"
"$here/suite.sh" "$BIN" "$DB" "$here/suite7x7.txt" 7 "$NODES" 1 --graph --weak > "$OUT/weak.txt"
