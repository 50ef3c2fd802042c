#!/bin/bash
# usage: focus.sh BIN LIMIT_S
# White's two captures after b4-b5A xc6 c5-b6A a5-b4A-c5W-c6W (3x9 with the
# sacrifice move), which the split's second pass (split.sh) left for the
# sacrifices: "White wins?" after each, side by side, one core and MEM GiB
# (default 9) each, a 512 MiB table cache (the graph gets the rest), taken
# up from the split's own checkpoints of the two moves (CK_DIR, default
# /work/runs/s65/c5-b6A_a5-b4A-c5W-c6W), which they go on updating.
set -u
BIN=$1; LIM=$2
CK=${CK_DIR:-/work/runs/s65/c5-b6A_a5-b4A-c5W-c6W}
declare -A P=(
 [a4-a5A]="B.B/B.B/..B/.WB/WW./.../.W./WWW/WWW b"
 [b6-a5W]="B.B/B.B/.../B.B/WW./W../.W./WWW/WWW b"
)
for m in a4-a5A b6-a5W; do
  /usr/bin/time -v "$BIN" solve --position "${P[$m]}" --sacrifice --goal white --db "${SAC_DB:-/work/runs/sac}" \
      --pieces 8 --moves none --threads 1 --memory "${MEM:-9}" --table-cache 0.5 --graph --weak \
      --time-limit "$LIM" --checkpoint "$CK/$m.fns" --checkpoint-every 10 --json \
      > "$CK.focus-$m.json" 2> "$CK.focus-$m.log" &
done
wait
