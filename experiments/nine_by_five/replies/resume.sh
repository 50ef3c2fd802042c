#!/bin/bash
# Takes up the open 9x5 replies from their checkpoints (in $RUNS, default
# /work/runs/s13), two side by side, up to a time limit in seconds ($1,
# default 7200). A reply without a checkpoint starts afresh and gets one.
# Usage: resume.sh [SECONDS] [NAME ...]   (names as below; default: the two
# with checkpoints first). MEM sets each search's --memory in GiB (default
# 6, two side by side; 9 for one search beside a small one).
RUNS=${RUNS:-/work/runs/s13}
MEM=${MEM:-6}
BIN=${BIN:-$RUNS/fanorona}
LIMIT=${1:-7200}
shift
declare -A FEN=(
  [e2-e3A_f4-e5W]="BBBBBBBBB/BBBB..BBB/BWBWWB.BW/WWWW.WW.W/WWWWWWWW. w"
  [d2-e3A_h4-g5W-f4A]="BBBBBB.BB/BBBBBBB.B/BWBW.B.BW/WWW.WWWWW/WWWWWWWWW w"
  [d3-e3W_d4-c3A-d3A]="BBBBBBBBB/BBB.BBBBB/BW.B.BWBW/W.WWWWWWW/.WWWWWWWW w"
)
NAMES=${*:-e2-e3A_f4-e5W d2-e3A_h4-g5W-f4A}
cd "$RUNS"
for name in $NAMES; do
  n=1; while [ -e "${name}_r$n.json" ]; do n=$((n + 1)); done
  /usr/bin/time -v nice -n 10 "$BIN" solve --position "${FEN[$name]}" --db /work/db-runs/t98 --pieces 8 \
    --goal black --threads 1 --moves none --memory "$MEM" --table-cache 2 --time-limit "$LIMIT" \
    --checkpoint "$name.fns" --checkpoint-every 20 --json > "${name}_r$n.json" 2> "${name}_r$n.log" &
done
wait
