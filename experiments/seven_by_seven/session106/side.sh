#!/usr/bin/env bash
# Session 106: "Black wins?" at the node of d2-e3A's open tree where its
# proof number gathers, six plies below d2-e3A (after d2-e3A g6-g5A-f4A
# e4-d4W f5-f4A-e4A a2-a3A e5-d4A, White to move: 12,564 of the root's
# 14,030 after session 105), searched apart on one thread in MEM GiB,
# seeded with d2-e3A's checkpoint (SEED), to be merged into d2-e3A's
# own search later (`solve --checkpoint-merge`). A checkpoint already in
# OUT is taken up where it stopped.
# usage: side.sh BIN DB OUT SEED LIMIT_S MEM
set -u
BIN=$1; DB=$2; OUT=$3; SEED=$4; LIM=$5; MEM=$6
mkdir -p "$OUT"
P=".BBBBBB/..BBBB./...B.../.BBBB../W..W.../..W.W../W.WWW.. w"
/usr/bin/time -v "$BIN" solve --position "$P" --goal black --pieces 7 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 0.5 --time-limit "$LIM" \
  --checkpoint "$OUT/Pd.fns" --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
  > "$OUT/Pd.json" 2> "$OUT/Pd.log"
