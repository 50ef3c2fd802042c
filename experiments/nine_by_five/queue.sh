#!/bin/bash
# Starts queued first moves as cores free up, each limited to the deadline.
cd /work/runs/moves
DEADLINE=$(date -d "16:55" +%s)
queue=("e2-e3A|BBBB.BBBB/BBBB.BBBB/BWBWWBWBW/WWWW.WWWW/WWWWWWWWW b" "d3-e3W|BBBBBBBBB/BBBBBBBBB/BW..WBWBW/WWWWWWWWW/WWWWWWWWW b")
for item in "${queue[@]}"; do
  name=${item%%|*}; fen=${item#*|}
  # wait until fewer than 2 searches run
  while [ "$(pgrep -c '^fanorona-t[ct]$')" -ge 2 ]; do sleep 10; done
  left=$(( DEADLINE - $(date +%s) ))
  [ $left -lt 300 ] && exit 0
  echo "$(date +%T) start $name limit $left" >> queue.log
  nohup /usr/bin/time -v /work/runs/fanorona-tt solve --position "$fen" --db /work/db-runs/t98 --pieces 8 --moves none --threads 1 --memory 7.5 --table-cache 2 --time-limit $left --json > $name.json 2> $name.err &
  sleep 20
done
