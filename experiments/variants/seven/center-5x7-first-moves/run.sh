#!/usr/bin/env bash
# 5x7 under --diagonals center: "White wins?" is disproved at the start
# (../center-5x7-long/), so the start is a draw as soon as one first move
# is shown not to lose: "Black wins?" disproved after it. Each first move's
# position (Black to move) gets its own one-core search of that goal.
# Usage: run.sh BIN DB NODES [MEMORY_GIB] [NAME ...]
# Results go to NAME.json / NAME.log beside this script.
set -euo pipefail
bin=$1 db=$2 nodes=$3 mem=${4:-3}
shift 4 || shift $#
here=$(cd "$(dirname "$0")" && pwd)
declare -A FEN=(
  [b3-c4A]="BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b"
  [c3-c4A]="BB.BB/BB.BB/BB.BB/BWWBW/WW.WW/WWWWW/WWWWW b"
  [d3-c4A]="BBBBB/.BBBB/B.BBB/BWWBW/WWW.W/WWWWW/WWWWW b"
  [b4-c4A]="BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b"
  [b4-c4W]="BBBBB/BBBBB/BBBBB/..WBW/WWWWW/WWWWW/WWWWW b"
)
names=${*:-b3-c4A c3-c4A d3-c4A b4-c4A b4-c4W}
for name in $names; do
  /usr/bin/time -f "wall %e s, user %U s, peak %M KiB" \
    "$bin" solve --position "${FEN[$name]}" --diagonals center --db "$db" --pieces 7 \
    --goal black --threads 1 --moves none --memory "$mem" --nodes "$nodes" --json \
    > "$here/$name.json" 2> "$here/$name.log"
  tail -c 400 "$here/$name.json"; echo
done
