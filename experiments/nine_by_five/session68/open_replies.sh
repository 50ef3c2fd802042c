#!/bin/bash
# usage: open_replies.sh BIN LIMIT_S NAME...
# "Black wins?" after the Black replies left open in the 9x5 lines of
# d3-e3W and e2-e3A, each on its own graph search with weak numbers
# (`--graph --weak`), one core and MEM GiB (default 9) each, two side by
# side (JOBS, default 2), every 9x5 table up to PIECES (8) stones (DB, default
# /work/runs/db9x5). Each keeps its checkpoint in CK_DIR/NAME.fns (default
# /work/runs/s68), so the same command goes on in a later sitting; the JSON
# and the log go beside it (an earlier sitting's renamed to
# NAME.YYYYMMDD-HHMM.json/.log, when it ended). White is to move in every
# position but e3W.d3-c3A.e3-d3W-d4A: "Black wins?" is disproved there
# (White holds) if one White move holds.
#   e3W.*: after d3-e3W d4-c3A-d3A d2-c3A-d4A-e3W (13 of Black's 16
#          replies fail, and e3W.f4-e5W since session 69; if a3-b2A and
#          d3-c3A fail too, d3-e3W is a draw)
#   e3W.d3-c3A.e3-d3W-d4A: White's best try after e3W.d3-c3A (session
#          76's line), Black to move: disproved if every Black reply fails
#   d4A.*: the five of Black's replies after e3W.d3-c3A.e3-d3W-d4A
#          still open after session 79's sitting (22 of 27 fail): if all
#          five fail too, White holds there (session 81)
#   c3A.*: after d3-e3W d4-c3A-d3A d2-c3A (16 of 24 fail; of these eight,
#          five fail since session 70, a3-b2A, e4-e3A and e5-d4A are
#          open: if those three fail, d3-e3W is a draw)
#   h2A.*: after e2-e3A f4-e5W h1-h2A (if both fail, e2-e3A is a draw;
#          if either wins, e2-e3A loses)
# NAME "all" runs every one. EXTRA adds flags (such as --wdl-memory 4).
set -u
BIN=$1; LIM=$2; shift 2
declare -A P=(
 [e3W.a3-b2A]=".B.B.BBBB/B.B.BBBBB/.W.BWBWBW/WBW.WWWWW/.W.WWWWWW w"
 [e3W.d3-c3A]=".B.B.BBBB/B.B.BBBBB/B.B.WBWBW/W.W.WWWWW/.WWWWWWWW w"
 [e3W.d3-c3A.e3-d3W-d4A]=".B...BBBB/B.BWBBBBB/B.B...WBW/W.W.WWWWW/.WWWWWWWW b"
 [d4A.f4-f3A-e3W-d2A-d3A]=".B...BBBB/B.B.B.BBB/B.BB...BW/W.W.W.WWW/.W.WW.WWW w"
 [d4A.c3-d2A-d3W]=".B...BBBB/B.BWBBBBB/B..B..WBW/W.W.WWWWW/.WW..WWWW w"
 [d4A.e4-e3A-d2A-e2A]=".B...BBBB/B.BW.BBBB/B.B...WBW/W.W.B..../.W.W.WWWW w"
 [d4A.f4-f3A-e3W-f2W]=".B...BBBB/B.B.B.BBB/B.B....BW/W.W.WBWWW/.WWWW.WWW w"
 [d4A.f4-f3A]=".B...BBBB/B.BWB.BBB/B.B..BWBW/W.W.W.WWW/.WWWW.WWW w"
 [e3W.f4-e5W]=".B.BBBBBB/B.B.B.BBB/BW.BWB.BW/W.W.WWW.W/.WWWWWWW. w"
 [c3A.a3-b2A]=".BBBBBBBB/B.B.BBBBB/.WWB.BWBW/WBW.WWWWW/.W.WWWWWW w"
 [c3A.a3-b2A-a1W]=".BBBBBBBB/B.B.BBBBB/.W.B.BWBW/W.W.WWWWW/BW.WWWWWW w"
 [c3A.d3-d2A]=".BBBBBBBB/B.B.BBBBB/BWW..BWBW/W.WBWWWWW/.WW.WWWWW w"
 [c3A.f3-e3W]=".BBBBBBBB/B.B.BBBBB/BWWBB..BW/W.W.WWWWW/.WWWWWWWW w"
 [c3A.f3-e3W-d2A]=".BBBBBBBB/B.B.BBBBB/BWWB...BW/W.WBWWWWW/.W.WWWWWW w"
 [c3A.e4-e3A]=".BBBBBBBB/B.B..BBBB/BWWBBBWBW/W.W..WWWW/.WWW.WWWW w"
 [c3A.e4-e3A-d2A-e2A]=".BBBBBBBB/B.B..BBBB/BWWB.BWBW/W.W.B..../.W.W.WWWW w"
 [c3A.e5-d4A]=".BBB.BBBB/B.BBBBBBB/BW.B.BWBW/W.W.WWWWW/.WWWWWWWW w"
 [h2A.e5-e4A]="BBBB.BB.B/BBBBB.B.B/BWBW.B..W/WWWW.WWWW/WWWWWWW.. w"
 [h2A.g5-f4A-g3A-h3A]="BBBBBB..B/BBBB..B.B/BWBW.B.B./WWW..WW.W/WW.WWWW.. w"
)
names=("$@")
[ "${names[0]:-}" = all ] && names=("${!P[@]}")
for n in "${names[@]}"; do
  [ -n "${P[$n]:-}" ] || { echo "unknown NAME $n; one of: ${!P[*]}" >&2; exit 2; }
done
CK=${CK_DIR:-/work/runs/s68}; mkdir -p "$CK"
one() {
  # An earlier sitting's JSON and log are kept, named by when they ended.
  for x in json log; do
    [ -s "$CK/$1.$x" ] && mv "$CK/$1.$x" "$CK/$1.$(date -r "$CK/$1.$x" +%Y%m%d-%H%M).$x"
  done
  /usr/bin/time -v "$BIN" solve --position "$2" --goal black --db "${DB:-/work/runs/db9x5}" \
      --pieces "${PIECES:-8}" --moves none --threads 1 --memory "${MEM:-9}" --table-cache "${CACHE:-1}" --graph --weak \
      --time-limit "$LIM" --checkpoint "$CK/$1.fns" --checkpoint-every 10 --json ${EXTRA:-} \
      > "$CK/$1.json" 2> "$CK/$1.log"
  echo "$1 rc=$? $(tail -1 "$CK/$1.json" | grep -o '"state": "[a-z]*"\(, "proof": [0-9]*, "disproof": [0-9]*\)\?' | tail -1)"
}
running=0
for n in "${names[@]}"; do
  one "$n" "${P[$n]}" &
  running=$((running + 1))
  if [ "$running" -ge "${JOBS:-2}" ]; then wait -n; running=$((running - 1)); fi
done
wait
