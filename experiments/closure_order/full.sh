#!/bin/bash
# usage: full.sh BIN LABEL
# A whole disproof: 9x5 after d3-e3W d4-c3A-d3A d2-c3A f3-e3W, White to
# move, "Black wins?" (c3A.f3-e3W of ../nine_by_five), on the graph with
# weak numbers, one thread, every table up to 8 stones (DB, default
# /work/runs/db9x5), --memory MEM (9) --table-cache CACHE (1), as
# ../wdl_files/README.md ran it. Writes OUT/LABEL.json and OUT/LABEL.log
# (/usr/bin/time -v): the expansions and closures must be the same
# whatever the binary; the JSON's closure_seconds is the closures' share.
# EXTRA adds flags (such as --wdl-memory 4).
set -u
BIN=$1; LABEL=$2
OUT=${OUT:-results}; mkdir -p "$OUT"
FEN=".BBBBBBBB/B.B.BBBBB/BWWBB..BW/W.W.WWWWW/.WWWWWWWW w"
/usr/bin/time -v "$BIN" solve --position "$FEN" --goal black --db "${DB:-/work/runs/db9x5}" \
    --pieces 8 --moves none --threads 1 --memory "${MEM:-9}" --table-cache "${CACHE:-1}" --graph --weak \
    --time-limit 1500 --json ${EXTRA:-} > "$OUT/$LABEL.json" 2> "$OUT/$LABEL.log"
echo "$LABEL rc=$? $(tail -1 "$OUT/$LABEL.json" | grep -o '"nodes": [0-9]*\|"closures": [0-9]*\|"closure_seconds": [0-9.]*\|"state": "[a-z]*"' | tr '\n' ' ') \
$(grep -E "User time|Elapsed|Maximum resident" "$OUT/$LABEL.log" | awk -F': ' '{printf "%s ", $2}')"
