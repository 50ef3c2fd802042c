#!/usr/bin/env bash
# 9x5's start under one rule variant: build its tables (up to PIECES stones),
# prove the start on one core with a checkpoint, then read the winning or
# drawing first move from that checkpoint (solve --moves best tries first
# the moves its solved positions already settle).
# Usage (from the repository root):
#   bash experiments/variants/nine/run.sh VARIANT [DB] [PIECES] [SECONDS]
# VARIANT: forced | stalemate-draw | move-limit (move-limit reads the
# default rules' tables, so build those into DB first:
# fanorona build --board 9x5 --pieces 8 --db DB --memory 21).
# The 8-stone builds need about 20 GB of memory and 2.5-3.5 hours of two
# cores; the searches 12-14 GiB. Results go to experiments/variants/nine/.
set -euo pipefail
variant=${1:?variant: forced, stalemate-draw or move-limit}
db=${2:-db}
pieces=${3:-8}
seconds=${4:-5400}
case $variant in
  forced) flags="--continuation forced" ;;
  stalemate-draw) flags="--stalemate draw" ;;
  move-limit) flags="--move-limit" ;;
  *) echo "unknown variant: $variant" >&2; exit 2 ;;
esac
out=experiments/variants/nine
cargo build --release -q
bin=$PWD/target/release/fanorona
mkdir -p "$db"
if [ "$variant" != move-limit ]; then
  # shellcheck disable=SC2086
  FANORONA_TIMING=1 /usr/bin/time -v "$bin" build --board 9x5 --pieces "$pieces" $flags \
    --db "$db" --memory 21 --json > "$out/build_${variant}_9x5_$pieces.json" \
    2> "$out/build_${variant}_9x5_$pieces.log"
fi
work=$(mktemp -d)
# shellcheck disable=SC2086
/usr/bin/time -v "$bin" solve --board 9x5 $flags --db "$db" --pieces "$pieces" --threads 1 \
  --moves none --memory 14 --table-cache 2 --time-limit "$seconds" \
  --checkpoint "$work/start.fns" --checkpoint-every 20 --json \
  > "$out/${variant}-start.json" 2> "$out/${variant}-start.log"
# shellcheck disable=SC2086
"$bin" solve --board 9x5 $flags --db "$db" --pieces "$pieces" --threads 1 --moves best \
  --memory 14 --table-cache 2 --time-limit "$seconds" --checkpoint "$work/start.fns" --json \
  > "$out/${variant}-best-move.json"
tail -n 1 "$out/${variant}-best-move.json"
