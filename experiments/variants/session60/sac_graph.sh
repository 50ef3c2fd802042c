#!/bin/bash
# usage: sac_graph.sh BIN BOARD LIMIT_S [FLAGS...]
# "White wins?" at BOARD's start with the sacrifice move, on the graph of
# positions (`--graph`, plus FLAGS such as --weak), one core, 9 GiB, the
# 9x3 sacrifice tables up to 8 stones in SAC_DB (default /work/runs/sac):
#   fanorona build --board 9x3 --pieces 8 --sacrifice --db SAC_DB --threads 1 --memory 3 --json
# "Black wins?" is disproved at 3x9's and 9x3's starts (session 38), so a
# proof here makes the board a White win, a disproof a draw. The search is
# kept in OUT/BOARD<FLAGS>.fns (OUT default /work/runs/s60); the same
# command in a later sitting goes on from it. MEM (GiB, default 9) bounds
# the search's memory; PIECES (default 8) is `--pieces` (classes of more
# stones in SAC_DB, built with `build --classes`, are probed too).
set -u
BIN=$1; B=$2; LIM=$3; shift 3
OUT=${OUT:-/work/runs/s60}; mkdir -p "$OUT"
tag=$B$(printf '%s' "$*" | tr -d ' -')
/usr/bin/time -v "$BIN" solve --board "$B" --sacrifice --goal white --db "${SAC_DB:-/work/runs/sac}" \
    --pieces "${PIECES:-8}" --moves none --threads 1 --memory "${MEM:-9}" --table-cache 1 --graph "$@" \
    --time-limit "$LIM" --checkpoint "$OUT/$tag.fns" --checkpoint-every 10 --json \
    > "$OUT/$tag.json" 2> "$OUT/$tag.log"
echo "rc=$?" >> "$OUT/$tag.log"
