#!/bin/bash
# Pass 3: the two replies after d3-e3W still open after 100M nodes each,
# side by side until the deadline (the other open replies wait).
cd /work/runs/moves3
while pgrep -f "fanorona-split solve" > /dev/null; do sleep 5; done
for f in d2-e3A_c3-d2A d2-e3A_h4-g5W-f4A e2-e3A_f4-e5W d3-e3W_b4-c3A-d3W d2-e3A_g4-g5W d3-e3W_d4-c3A-d3A d2-e3A_h4-g5W; do
  [ -f $f.json ] && mv $f.json ${f}_p2.json && mv $f.log ${f}_p2.log
done
DEADLINE=$(date -d "20:05" +%s)
left=$(( DEADLINE - $(date +%s) ))
echo "$(date +%T) pass 3, limit $left" >> queue.log
run() { # name fen
  /usr/bin/time -v ./fanorona-split solve --position "$2" --db /work/db-runs/t98 --pieces 8 \
    --goal black --threads 1 --moves none --memory 6.5 --table-cache 2 --time-limit $left --json > $1_p3.json 2> $1_p3.log
}
run d3-e3W_b4-c3A-d3W "BBBBBBBBB/B.BBBBBBB/B..BWBWBW/WWW.WWWWW/WWWW.WWWW w" &
run d3-e3W_d4-c3A-d3A "BBBBBBBBB/BBB.BBBBB/BW.B.BWBW/W.WWWWWWW/.WWWWWWWW w" &
wait
