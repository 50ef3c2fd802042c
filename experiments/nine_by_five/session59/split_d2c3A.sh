#!/bin/bash
# usage: split_d2c3A.sh BIN LIMIT_S [LINE]
# d3-e3W d4-c3A-d3A, then White's open move LINE (d2-c3A, default, or
# d2-c3A-d4A-e3W), Black to move: every Black reply its own "Black wins?"
# search on the graph with weak numbers (`--moves all --graph --weak`), two
# at a time (a split needs --threads 2), 12 GiB in all, the 9x5 tables up to
# 8 stones. Black wins there iff one reply wins. The answered replies are
# kept in CK_DIR/LINE (default /work/runs/s59): the same command in a later
# sitting skips them and goes on.
set -u
BIN=$1; LIM=$2; n=${3:-d2-c3A}
declare -A P=(
 [d2-c3A]=".BBBBBBBB/B.B.BBBBB/BWWB.BWBW/W.W.WWWWW/.WWWWWWWW b"
 [d2-c3A-d4A-e3W]=".B.B.BBBB/B.B.BBBBB/BW.BWBWBW/W.W.WWWWW/.WWWWWWWW b"
)
[ -n "${P[$n]:-}" ] || { echo "LINE: one of ${!P[*]}" >&2; exit 2; }
CK=${CK_DIR:-/work/runs/s59}; mkdir -p "$CK/$n"
/usr/bin/time -v "$BIN" solve --position "${P[$n]}" --goal black --db "${DB:-/work/runs/db9x5}" \
    --pieces 8 --moves all --threads 2 --memory 12 --graph --weak --time-limit "$LIM" \
    --checkpoint "$CK/$n" --checkpoint-every 10 --json > "$CK/$n.split.json" 2> "$CK/$n.split.log"
echo "rc=$?" >> "$CK/$n.split.log"
