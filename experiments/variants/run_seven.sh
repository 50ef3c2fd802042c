#!/usr/bin/env bash
# The four boards Schadd et al. list without a value (9x3, 3x9, 7x5, 5x7)
# under each rule variant, with endgame tables of up to 7 stones.
# Usage (from the repository root):
#   bash experiments/variants/run_seven.sh [DB] [SECONDS_PER_BOARD]
# Tables are built first (3x9 shares 9x3's, 5x7 shares 7x5's); the move
# limit uses the tables of its rules without the limit. The table runs
# are run.sh's, with these boards, 7-stone tables and two threads.
set -euo pipefail
db=${1:-db}
limit=${2:-300}
mkdir -p "$db"
cargo build --release -q
bin=./target/release/fanorona
boards=9x3,3x9,7x5,5x7
variants=(
  "default"
  "center --diagonals center"
  "forced --continuation forced"
  "stalemate-draw --stalemate draw"
  "sacrifice --sacrifice"
)
for v in "${variants[@]}"; do
  read -r name flags <<<"$v"
  for board in 9x3 7x5; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "build $name $board: wall %e s, user %U s, peak %M KiB" \
      $bin build --board "$board" --pieces 7 --db "$db" --memory 20 --json $flags \
      > "experiments/variants/seven/build_${name}_${board}.json"
  done
done
BOARDS=$boards LIMIT=$limit OUT=experiments/variants/seven \
  TABLE_FLAGS="--pieces 7 --memory 16 --threads 2" bash experiments/variants/run.sh "$db"
