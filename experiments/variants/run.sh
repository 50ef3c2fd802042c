#!/usr/bin/env bash
# Start positions of the small boards under each rule variant nobody has
# published, solved with endgame tables built on demand.
# Usage (from the repository root): bash experiments/variants/run.sh [DB]
set -euo pipefail
db=${1:-db}
mkdir -p "$db"
cargo build --release -q
boards=3x3,5x3,3x5,7x3,3x7,5x5
run() {
  local name=$1; shift
  echo "== $name: $*"
  /usr/bin/time -f "$name: wall %e s, peak %M KiB" ./target/release/fanorona table --boards "$boards" \
    --db "$db" --time-limit 300 --quiet --format md,csv,json --out "experiments/variants/$name" "$@"
}
run default
run center --diagonals center
run forced --continuation forced
run stalemate-draw --stalemate draw
run sacrifice --sacrifice
run move-limit --move-limit
