#!/bin/bash
# usage: after_move_graph.sh BIN DB LIMIT_S
# As after_move.sh, on the graph (`--graph`): "Black wins?" after 11x3
# e1-f2A and 3x11 c5-b6A with the sacrifice move, side by side, one core
# and MEM GiB (default 9) each, seeded with the solved positions of the
# tree searches after the same moves (after_move.sh's checkpoints).
# Output next to this script unless OUT is set.
set -u
BIN=$1; DB=$2; LIM=$3
OUT=${OUT:-$(dirname "$0")}
declare -A P=(
 [11x3_e1-f2A]="BBBBBB.BBBB/BWBWBWWBWBW/WWWW.WWWWWW b"
 [3x11_c5-b6A]="BBB/BBB/BBB/BBB/.BB/BWW/WW./WWW/WWW/WWW/WWW b"
)
for k in 11x3_e1-f2A 3x11_c5-b6A; do
  /usr/bin/time -v "$BIN" solve --position "${P[$k]}" --sacrifice --goal black --db "$DB" --pieces 8 \
      --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --time-limit "$LIM" --graph \
      --checkpoint "$OUT/graph_$k.fns" --checkpoint-seed "$OUT/black_$k.fns" --checkpoint-every 10 --json \
      > "$OUT/graph_$k.json" 2> "$OUT/graph_$k.log" &
done
wait
