#!/bin/bash
# stalemate-draw 9x5: open replies searched again from their own checkpoints
# (in WORK, named <first move>_<reply>.fns), one after another.
# Usage: again.sh BIN PASS NODES SECONDS MEMORY NAME...
# As run in session 25 (WORK=/work/runs/s25/sdr):
#   again.sh fanorona-7ef844c p2 30000000 1500 5 d3-e3W_d4-c3A e2-e3A_f4-e5W-e4A d3-e3W_d4-d3A-c3W d3-e3W_b4-c3A-d3W
#   again.sh fanorona-5006af8 p3 0 600 8 d3-e3W_b4-c3A-d3W d3-e3W_c4-c3A-d3A   (and d3-e3W_d4-d3A-c3W)
# (NODES 0: no node limit.) Writes NAME.PASS.json and NAME.PASS.log.
cd "${WORK:?folder of the checkpoints}"
B=$1 PASS=$2 NODES=$3 SECS=$4 MEMORY=$5
shift 5
limit=()
[ "$NODES" != 0 ] && limit=(--nodes "$NODES")
fen0="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
for name in "$@"; do
  first=${name%%_*}; reply=${name#*_}
  after=$($B moves --position "$fen0" --stalemate draw | awk -v m="$first" '$1==m {print $2" "$3}')
  pos=$($B moves --position "$after" --stalemate draw | awk -v m="$reply" '$1==m {print $2" "$3}')
  /usr/bin/time -v "$B" solve --position "$pos" --stalemate draw --db /work/db-runs/stalemate --pieces 7 --goal black \
    --threads 1 --moves none --memory "$MEMORY" --table-cache 1.5 "${limit[@]}" --time-limit "$SECS" \
    --checkpoint "$name.fns" --checkpoint-every 0 --json > "$name.$PASS.json" 2> "$name.$PASS.log" < /dev/null
  echo "$name $(grep -o '"goals": \[[^]]*\]' "$name.$PASS.json")"
done
