#!/usr/bin/env bash
# Session 102: "Black wins?" after White's e3-d4A (a second sitting, from
# session 101's checkpoint of it, PREV/e3-d4A.fns, copied into OUT so
# that the first stays as it was) and after e4-d4W (a first one, seeded
# with SEED, the start's tree checkpoint), side by side on the tree, one
# thread and MEM GiB each: ../session101/replies_tree.sh, which reads a
# checkpoint already in OUT and uses SEED only where there is none.
# usage: replies_tree2.sh BIN DB OUT SEED PREV LIMIT_S MEM
set -eu
BIN=$1; DB=$2; OUT=$3; SEED=$4; PREV=$5; LIM=$6; MEM=$7
mkdir -p "$OUT"
[ -e "$OUT/e3-d4A.fns" ] || cp "$PREV/e3-d4A.fns" "$OUT/"
exec bash "$(dirname "$0")/../session101/replies_tree.sh" "$BIN" "$DB" "$OUT" "$SEED" "$LIM" "$MEM" e3-d4A e4-d4W
