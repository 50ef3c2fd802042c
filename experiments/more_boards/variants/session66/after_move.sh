#!/bin/bash
# usage: after_move.sh BIN DB LIMIT_S [graph]
# "Black wins?" after one White first move on each board (11x3 e1-f2A, the
# default rules' winning move; 3x11 c5-b6A, a default-rules draw and the
# move whose Black proof number stood highest at the start), side by side,
# one core and MEM GiB (default 9) each. On the tree (black_<board>_<move>.*)
# seeded with the solved positions of the start's searches (run.sh); with
# `graph`, on the graph (`--graph`; graph_<board>_<move>.*) seeded with
# those of the tree searches after the same moves. Output next to this
# script unless OUT is set.
set -u
BIN=$1; DB=$2; LIM=$3; MODE=${4:-tree}
OUT=${OUT:-$(dirname "$0")}
declare -A P=(
 [11x3_e1-f2A]="BBBBBB.BBBB/BWBWBWWBWBW/WWWW.WWWWWW b"
 [3x11_c5-b6A]="BBB/BBB/BBB/BBB/.BB/BWW/WW./WWW/WWW/WWW/WWW b"
)
for k in 11x3_e1-f2A 3x11_c5-b6A; do
  if [ "$MODE" = graph ]; then
    NAME=graph_$k; SEED=black_$k; EXTRA=(--graph)
  else
    NAME=black_$k; SEED=black_${k%%_*}; EXTRA=()
  fi
  /usr/bin/time -v "$BIN" solve --position "${P[$k]}" --sacrifice --goal black --db "$DB" --pieces 8 \
      --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --time-limit "$LIM" "${EXTRA[@]}" \
      --checkpoint "$OUT/$NAME.fns" --checkpoint-seed "$OUT/$SEED.fns" --checkpoint-every 10 --json \
      > "$OUT/$NAME.json" 2> "$OUT/$NAME.log" &
done
wait
