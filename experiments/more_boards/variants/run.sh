#!/usr/bin/env bash
# 11x3 and 3x11 (one set of tables: the same points turned) and 13x3 under
# the rule variants, as run in session 42 (binary of 62e0836 for the first
# sittings, 174dc79 for the later ones; two or three jobs side by side on
# the 2-core machine). Tables are built on demand into DB by `table` too;
# the builds are separate here to time them.
# Usage (from the repository root): bash experiments/more_boards/variants/run.sh DB
set -euo pipefail
db=${1:-db}
out=experiments/more_boards/variants
ck=${CK:-$out/ck}   # checkpoints: a few hundred MB each, not kept in git
cargo build --release -q
bin=./target/release/fanorona
T() { /usr/bin/time -f "wall %e s, user %U s, peak %M KiB" "$@"; }
table() { # out checkpoints limit stones flags...: out/table.{md,csv,json}, out.log
  local name=$1 checkpoints=$2 limit=$3 stones=$4; shift 4
  T $bin table --pieces "$stones" --db "$db" --threads 1 --memory 8 --time-limit "$limit" \
    --format md,csv,json --checkpoint "$ck/$checkpoints" --out "$out/$name" "$@" 2> "$out/$name.log"
}

# Under `center` 11x3 and 3x11 are the corner game (C + R = 14 = 2 mod 4).
# The move limit (10 x rows turns) needs no tables of its own.
table move-limit move-limit 1200 8 --boards 11x3,3x11 --move-limit

T $bin build --board 11x3 --pieces 8 --continuation forced --db "$db" --threads 1 --memory 10 --json > "$out/build_forced.json"
table forced forced 900 8 --boards 11x3,3x11 --continuation forced

T $bin build --board 11x3 --pieces 8 --stalemate draw --db "$db" --threads 1 --memory 10 --json > "$out/build_stalemate-draw.json"
table stalemate-draw stalemate-draw 900 8 --boards 11x3,3x11 --stalemate draw

T $bin build --board 11x3 --pieces 7 --sacrifice --db "$db" --threads 1 --memory 10 --json > "$out/build_sacrifice.json"
table sacrifice sacrifice 900 7 --boards 11x3,3x11 --sacrifice

# 13x3 under the move limit, with the default 8-stone tables
table move-limit13 move-limit 1200 8 --boards 13x3 --move-limit

# 13x3 under center, forced and stalemate-draw, with 7-stone tables of each
for v in "center13 center --diagonals center" "forced13 forced --continuation forced" \
         "stalemate-draw13 stalemate-draw --stalemate draw"; do
  read -r name checkpoints flag value <<< "$v"
  T $bin build --board 13x3 --pieces 7 "$flag" "$value" --db "$db" --threads 1 --memory 10 --json > "$out/build_$name.json"
  table "$name" "$checkpoints" 900 7 --boards 13x3 "$flag" "$value"
done

# Second sittings of 3x11 with 174dc79 (a short search of every open first
# move before the long ones), taking up the checkpoints above; the default
# rules' one takes up session 41's (experiments/more_boards/default).
table forced3x11_2 forced 600 8 --boards 3x11 --continuation forced
table move-limit3x11_2 move-limit 600 8 --boards 3x11 --move-limit
ck=${CK41:-$ck} table default3x11_2 default 600 8 --boards 3x11  # run with --memory 10

# 3x13 (open under the default rules) under center and forced, 10 minutes each
table center3x13 center 600 7 --boards 3x13 --diagonals center
table forced3x13 forced 600 7 --boards 3x13 --continuation forced

# Session 43 (binary of 68b7a58, beside the 5x9 search of ../five_by_nine):
# 13x3 with the sacrifice move, 7-stone tables of that rule, then
# "Black wins?" alone on the core the 5x9 table freed.
T $bin build --board 13x3 --pieces 7 --sacrifice --db "$db" --threads 1 --memory 8 --json > "$out/build_sacrifice13.json"
table sacrifice13 sacrifice 2700 7 --boards 13x3 --sacrifice
T $bin solve --board 13x3 --sacrifice --pieces 7 --db "$db" --goal black --moves none --threads 1 \
  --memory 7 --time-limit 1200 --checkpoint "$ck/sacrifice/13x3_black.fns" --json \
  > "$out/sacrifice13_black.json" 2> "$out/sacrifice13_black.log"
