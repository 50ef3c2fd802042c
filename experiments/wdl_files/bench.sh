#!/bin/bash
# usage: bench.sh BIN LABEL NODES
# A fixed amount of search: "Black wins?" on one thread with every 9x5
# table up to 8 stones (DB, default /work/runs/db9x5), the graph search
# with weak numbers (as experiments/nine_by_five/session68/open_replies.sh
# runs the open lines), from FEN (default: after d3-e3W d4-c3A-d3A
# d2-c3A-d4A-e3W d3-c3A, White to move), in MEM GiB (9) of which CACHE (1)
# hold decompressed table blocks. Writes OUT/LABEL.json (the result: the
# same nodes, proof and disproof numbers whatever the binary, if the
# tables answer alike) and OUT/LABEL.log (/usr/bin/time -v).
set -u
BIN=$1; LABEL=$2; NODES=$3
FEN=${FEN:-".B.B.BBBB/B.B.BBBBB/B.B.WBWBW/W.W.WWWWW/.WWWWWWWW w"}
OUT=${OUT:-.}; mkdir -p "$OUT"
/usr/bin/time -v "$BIN" solve --position "$FEN" --goal black --db "${DB:-/work/runs/db9x5}" \
    --pieces 8 --moves none --threads 1 --memory "${MEM:-9}" --table-cache "${CACHE:-1}" \
    --graph --weak --nodes "$NODES" --quiet --json > "$OUT/$LABEL.json" 2> "$OUT/$LABEL.log"
echo "$LABEL rc=$? $(tail -1 "$OUT/$LABEL.json" | grep -o '"nodes": [0-9]*' | head -1) \
$(grep -o '"state": "[a-z]*", "proof": [0-9]*, "disproof": [0-9]*' "$OUT/$LABEL.json" | tail -1) \
$(grep -E "User time|Elapsed|Maximum resident" "$OUT/$LABEL.log" | awk -F': ' '{printf "%s ", $2}')"
