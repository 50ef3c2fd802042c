#!/usr/bin/env bash
# Strong solutions of the small boards: every class of the board, then the
# start position's value. Records time and peak memory.
# Usage: bash experiments/tables/strong_small.sh [DB]   (from the repo root)
set -euo pipefail
db=${1:-db}
cargo build --release -q
for b in 3x3 5x3 3x5; do
  echo "== $b"
  /usr/bin/time -f "wall %e s, peak %M KiB" ./target/release/fanorona build --board "$b" --pieces all --db "$db" | tail -1
  start=$(./target/release/fanorona perft --board "$b" --depth 1 | head -1 | sed 's/^perft from \(.*\) (diagonals.*/\1/')
  ./target/release/fanorona probe --db "$db" "$start"
done
