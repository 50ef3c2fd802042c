#!/usr/bin/env bash
# The 7x7 suite under each knob value, one after the other.
# usage: run_knobs.sh BIN DB OUTDIR NODES K...
set -u
BIN=$1; DB=$2; OUT=$3; NODES=$4; shift 4
mkdir -p "$OUT"
here=$(dirname "$0")
for k in "$@"; do
  FANORONA_LEAD=$k "$here/suite.sh" "$BIN" "$DB" "$here/suite7x7.txt" 7 "$NODES" 1 > "$OUT/lead$k.txt"
done
