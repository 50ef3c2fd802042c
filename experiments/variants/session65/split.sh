#!/bin/bash
# usage: split.sh BIN LIMIT_S LINE
# 3x9 with the sacrifice move, "White wins?" after b4-b5A xc6 and the moves
# LINE below (a key of P): each move there its own search on the graph with
# weak numbers (`--moves all --graph --weak`), two at a time, MEM GiB in all
# (default 16), the 9x3 sacrifice tables of up to 8 stones and the 9-stone
# classes 6v3 and 5v4 (with their reverses and blocks) in SAC_DB (default
# /work/runs/sac; built as in ../session64/build_sac_9x3_9.sh). With Black
# to move White wins after LINE iff every reply is proved; with White to
# move, iff one is. Session 64 left 3x9 resting on b4-b5A xc6 (White wins
# 3x9 iff White wins there). Each line is seeded with the solved positions
# of the search of its last move one level up (S[LINE]); checkpoints in
# CK_DIR/LINE (default /work/runs/s65), so the same command goes on later.
set -u
BIN=$1; LIM=$2; n=$3
declare -A P=(
 [c5-b6A]="B.B/B.B/..B/BW./BW./W.W/WWW/WWW/WWW b"
 [c5-b6A_a5-b4A-c5W-c6W]="B.B/B.B/..B/BWB/.W./W../.W./WWW/WWW w"
)
declare -A S=(
 [c5-b6A]=/work/runs/s64/b4-b5A-xc6/c5-b6A.fns
 [c5-b6A_a5-b4A-c5W-c6W]=/work/runs/s65/c5-b6A/a5-b4A-c5W-c6W.fns
)
[ -n "${P[$n]:-}" ] || { echo "LINE: one of ${!P[*]}" >&2; exit 2; }
CK=${CK_DIR:-/work/runs/s65}; mkdir -p "$CK/$n"
/usr/bin/time -v "$BIN" solve --position "${P[$n]}" --sacrifice --goal white --db "${SAC_DB:-/work/runs/sac}" \
    --pieces 8 --moves all --threads 2 --memory "${MEM:-16}" --graph --weak --time-limit "$LIM" \
    --checkpoint "$CK/$n" --checkpoint-seed "${S[$n]}" \
    --checkpoint-every 10 --json > "$CK/$n.split.json" 2> "$CK/$n.split.log"
echo "rc=$?" >> "$CK/$n.split.log"
