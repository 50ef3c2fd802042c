#!/bin/bash
# The two stalemate-draw replies left open by sd8.sh, each taken up from its
# own checkpoint as one search (one core each, side by side).
B=$1 SECS=$2
cd /work/runs/s29/sd8
run() { # name position memory checkpoint
  /usr/bin/time -v "$B" solve --position "$2" --stalemate draw --db /work/db-runs/stalemate --pieces 8 \
    --goal black --threads 1 --moves none --memory "$3" --table-cache 1.5 --time-limit "$SECS" \
    --checkpoint "$4" --checkpoint-every 0 --json > "$1.json" 2> "$1.log" < /dev/null
  echo "$(date +%T) $1 exit $?: $(tail -1 "$1.json" | grep -o '"goals": \[[^]]*\]' | tail -1)"
}
echo "$(date +%T) start"
run d2-e3A_h4-g5W-f4A.again "BBBBBB.BB/BBBBBBB.B/BWBW.BWB./WWW.WWWWW/WWWWWWWWW w" 8.5 d2-e3A/h4-g5W-f4A.fns &
run e2-e3A_f4-e5W.again "BBBBBBBBB/BBBB..BBB/BWBWWB.BW/WWWW.WW.W/WWWWWWWW. w" 6.5 e2-e3A/f4-e5W.fns &
wait
