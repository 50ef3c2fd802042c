#!/usr/bin/env bash
# The 7x7 suite on the graph search with weak numbers under each knob
# setting (NAME=VALUE, an environment variable of the knob build), output
# OUTDIR/weak-NAME=VALUE.txt; "base" runs it with no knob set.
# usage: run_weak_knobs.sh BIN DB OUTDIR NODES SETTING...
set -u
BIN=$1; DB=$2; OUT=$3; NODES=$4; shift 4
mkdir -p "$OUT"
here=$(dirname "$0")
for setting in "$@"; do
  if [ "$setting" = base ]; then env=(); else env=("$setting"); fi
  env "${env[@]}" "$here/suite.sh" "$BIN" "$DB" "$here/suite7x7.txt" 7 "$NODES" 1 --graph --weak \
    > "$OUT/weak-$setting.txt"
done
