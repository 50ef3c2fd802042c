#!/bin/bash
# Stalemate-draw 9x5: the open first moves again, now with 8-stone tables.
# "Black wins?" after each first move, Black's replies split two at a time,
# seeded with the start's checkpoint (7-stone search, session 23).
# Usage: sd8.sh BIN SECONDS MOVE...
B=$1 SECS=$2; shift 2
cd /work/runs/s29/sd8
start="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
for m in "$@"; do
  pos=$($B moves --position "$start" --stalemate draw | awk -v m="$m" '$1==m {print $2" "$3}')
  echo "$(date +%T) $m: $pos"
  /usr/bin/time -v "$B" solve --position "$pos" --stalemate draw --db /work/db-runs/stalemate --pieces 8 \
    --goal black --threads 2 --moves all --memory 13 --table-cache 1.5 --time-limit "$SECS" \
    --checkpoint "$m" --checkpoint-seed /work/runs/stale95/start.fns --checkpoint-every 0 --json \
    > "$m.json" 2> "$m.log" < /dev/null
  echo "$(date +%T) $m exit $?: $(tail -1 "$m.json" | cut -c1-300)"
done
