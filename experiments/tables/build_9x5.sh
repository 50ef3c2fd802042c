#!/usr/bin/env bash
# 9x5 tables up to K stones (default 6), from scratch, with time and peak
# memory. Usage: bash experiments/tables/build_9x5.sh [K] [DB]
set -euo pipefail
k=${1:-6}
db=${2:-/tmp/fanorona-9x5-$k}
cargo build --release -q
rm -rf "$db"
FANORONA_TIMING=1 /usr/bin/time -v ./target/release/fanorona build --board 9x5 --pieces "$k" --db "$db"
du -sb "$db"
