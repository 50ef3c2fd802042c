#!/usr/bin/env bash
# Session 107: "Black wins?" at one of the two White moves left open at
# session 106's side node P_d (d2-e3A g6-g5A-f4A e4-d4W f5-f4A-e4A a2-a3A
# e5-d4A, White to move; ../session106/side.sh), searched apart on one
# thread in MEM GiB, seeded with P_d's checkpoint (SEED), to be merged
# into d2-e3A's search later (`solve --checkpoint-merge`). NAME is the
# move: c2-c3A-d2W or c2-c3A-b2W-b3A. A checkpoint already in OUT is
# taken up where it stopped.
# usage: side.sh BIN DB OUT SEED LIMIT_S MEM NAME
set -u
BIN=$1; DB=$2; OUT=$3; SEED=$4; LIM=$5; MEM=$6; NAME=$7
case $NAME in
  c2-c3A-d2W) P=".BBBBBB/..BBBB./...B.../...BB../W..W.../...WW../W.WWW.. b" ;;
  c2-c3A-b2W-b3A) P=".BBBBBB/..BBBB./...B.../....B../WW.W.../....W../W.WWW.. b" ;;
  *) echo "unknown move $NAME" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --position "$P" --goal black --pieces 7 --db "$DB" \
  --moves none --threads 1 --memory "$MEM" --table-cache 0.5 --time-limit "$LIM" \
  --checkpoint "$OUT/$NAME.fns" --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
  > "$OUT/$NAME.json" 2> "$OUT/$NAME.log"
