#!/usr/bin/env bash
# one.sh NAME FEN [FLAGS...]: runs.sh's `one`, on its own (session 59).
set -u
BIN=${BIN:-/work/runs/fanorona-dcap58b}; DB=${DB:-/work/runs/db9x5}; SECONDS_EACH=${SECONDS_EACH:-1800}
"$BIN" solve --position "$2" --goal black --db "$DB" --pieces 8 --graph --weak "${@:3}" \
  --moves none --threads 1 --memory 7 --time-limit "$SECONDS_EACH" --json > "$1.json" 2> "$1.log"
