#!/usr/bin/env bash
# Start positions of the small boards under each rule variant nobody has
# published, solved with endgame tables built on demand.
# Usage (from the repository root): bash experiments/variants/run.sh [DB]
# run_seven.sh calls it for the larger boards through these variables:
#   BOARDS (default 3x3,5x3,3x5,7x3,3x7,5x5), LIMIT (seconds a board,
#   default 300), OUT (default experiments/variants), TABLE_FLAGS (more
#   flags for `table`, e.g. --pieces 7).
set -euo pipefail
db=${1:-db}
mkdir -p "$db"
cargo build --release -q
boards=${BOARDS:-3x3,5x3,3x5,7x3,3x7,5x5}
limit=${LIMIT:-300}
out=${OUT:-experiments/variants}
run() {
  local name=$1; shift
  echo "== $name: $*"
  # shellcheck disable=SC2086
  /usr/bin/time -f "$name: wall %e s, user %U s, peak %M KiB" ./target/release/fanorona table --boards "$boards" \
    --db "$db" --time-limit "$limit" --quiet --format md,csv,json --out "$out/$name" ${TABLE_FLAGS:-} "$@"
}
run default
run center --diagonals center
run forced --continuation forced
run stalemate-draw --stalemate draw
run sacrifice --sacrifice
run move-limit --move-limit
