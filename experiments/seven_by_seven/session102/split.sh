#!/usr/bin/env bash
# Session 102: "Black wins?" after e3-d4A b5-b6W-c5A-b4A (Black's reply
# with White's highest disproof number in replies_tree2.sh's search after
# e3-d4A), split over White's seven moves on two threads and MEM GiB,
# seeded with that search's checkpoint (SEED: OUT of replies_tree2.sh,
# e3-d4A.fns); one checkpoint a move in OUT/moves/.
# usage: split.sh BIN DB OUT SEED LIMIT_S MEM
set -u
BIN=$1; DB=$2; OUT=$3; SEED=$4; LIM=$5; MEM=$6
mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve \
  --position ".BBBBBB/B.BBBBB/B..BBBB/BBB.WBW/..WW.WW/W.WWWWW/W.WWWWW w" \
  --goal black --pieces 7 --db "$DB" --moves all --threads 2 --memory "$MEM" \
  --table-cache 1 --time-limit "$LIM" --checkpoint "$OUT/moves" \
  --checkpoint-seed "$SEED" --checkpoint-every 20 --json \
  > "$OUT/split.json" 2> "$OUT/split.log"
