#!/bin/bash
# usage: [SACMOB=0|1] sacpen.sh BIN DB PEN
# Expansions of the session-25 sacrifice positions (the starts of 7x3, 3x7
# and 5x5 and eight positions after a first move) with a knob build of
# knobs.patch (FANORONA_SACPEN=PEN added to the sacrificer's number at a
# new leaf; SACMOB=0 leaves the sacrifices out of the mobility count),
# the sacrifice tables up to 6 stones in DB (7x3 and 5x5:
# `build --board B --pieces 6 --sacrifice --threads 1 --memory 3`), one
# thread, --memory 2, capped at 20 M expansions (starts) and 10 M (after a
# move). Prints PEN, position, value, expansions, seconds.
BIN=$1; DB=$2; PEN=$3
run() { # label cap args...
  local label=$1 cap=$2; shift 2
  out=$(FANORONA_SACMOB=${SACMOB:-1} FANORONA_SACPEN=$PEN "$BIN" solve "$@" --sacrifice --threads 1 --moves none --memory 2 --db "$DB" --pieces 6 --nodes "$cap" --json 2>/dev/null | tail -1)
  echo "$PEN	$label	$(echo "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["value"], d["nodes"], d["seconds"], sep="\t")')"
}
run "7x3 start" 20000000 --board 7x3
run "3x7 start" 20000000 --board 3x7
run "5x5 start" 20000000 --board 5x5
while read -r label fen; do
  run "$label" 10000000 --position "$fen"
done <<'P'
7x3/c1-d2A BBBB.BB/BWBWWBW/WW.WWWW b
7x3/d1-d2A BBB.BBB/BWBWWBW/WWW.WWW b
7x3/e1-d2A BB.BBBB/BWBWWBW/WWWW.WW b
3x7/a3-b4A BBB/BBB/BB./BWW/.WW/WWW/WWW b
3x7/b3-b4A B.B/B.B/B.B/BWW/W.W/WWW/WWW b
3x7/c3-b4A BBB/BBB/.BB/BWW/WW./WWW/WWW b
5x5pos/d2-d3A BBB.B/BBB.B/BWBWW/WWW.W/WWWWW b
5x5pos/e3-d3A BBBBB/BBBBB/BW.W./WWWWW/WWWWW b
P
