#!/bin/bash
# usage: split_3x9.sh BIN LIMIT_S [LINE]
# 3x9 with the sacrifice move, "White wins?" after the moves LINE (b4-b5A,
# default): every move there its own search on the graph with weak numbers
# (`--moves all --graph --weak`), two at a time (a split needs --threads
# 2), MEM GiB in all (default 10), the 9x3 sacrifice tables up to 8 stones
# in SAC_DB (default /work/runs/sac):
#   fanorona build --board 9x3 --pieces 8 --sacrifice --db SAC_DB --threads 2 --memory 8
# With Black to move White wins after LINE iff every reply is proved; with
# White to move (b4-b5A-xc6), iff one is. The searches start from
# the solved positions of SEED (default: session 63's 30-minute start
# search; SEED=none: from nothing) and keep their checkpoints in CK_DIR/LINE (default
# /work/runs/s64): the same command in a later sitting skips the replies
# answered and goes on with the others. PIECES (default 8) is `--pieces`
# (classes of more stones in SAC_DB are probed too).
set -u
BIN=$1; LIM=$2; n=${3:-b4-b5A}
declare -A P=(
 [b4-b5A]="B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW b"
 [c5-b5A]="BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW b"
 [b4-b5A-xc6]="B.B/B.B/B.B/B.b/BWW/W.W/WWW/WWW/WWW w"
)
[ -n "${P[$n]:-}" ] || { echo "LINE: one of ${!P[*]}" >&2; exit 2; }
CK=${CK_DIR:-/work/runs/s64}; mkdir -p "$CK/$n"
SEED=${SEED:-/work/runs/s63/pen/3x9weak.fns}
seed=""; [ "$SEED" = none ] || seed="--checkpoint-seed $SEED"
/usr/bin/time -v "$BIN" solve --position "${P[$n]}" --sacrifice --goal white --db "${SAC_DB:-/work/runs/sac}" \
    --pieces "${PIECES:-8}" --moves all --threads 2 --memory "${MEM:-10}" --graph --weak --time-limit "$LIM" \
    --checkpoint "$CK/$n" $seed \
    --checkpoint-every 10 --json > "$CK/$n.split.json" 2> "$CK/$n.split.log"
echo "rc=$?" >> "$CK/$n.split.log"
