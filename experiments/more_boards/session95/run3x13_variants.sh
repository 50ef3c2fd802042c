#!/usr/bin/env bash
# Session 95: 3x13 under the `center` diagonals and forced continuation,
# on the graph with weak numbers (as session 92 settled "Black wins?" under
# the default rules), with 7-stone 13x3 tables of each rule set (they serve
# 3x13), built first into DB on two threads. Then both goals of each start,
# two searches side by side, one thread and 10 GiB each, each keeping a
# checkpoint in OUT/ck to be taken up later.
# usage: run3x13_variants.sh BIN DB OUT LIMIT_S
set -u
BIN=$1; DB=$2; OUT=$3; LIM=$4
mkdir -p "$OUT/ck"
T() { /usr/bin/time -f "wall %e s, user %U s, peak %M KiB" "$@"; }
build() { # name flag value
  T "$BIN" build --board 13x3 --pieces 7 "$2" "$3" --db "$DB" --threads 2 --memory 16 --json \
    > "$OUT/build13x3_$1.json" 2> "$OUT/build13x3_$1.time"
}
goal() { # name goal flag value [sitting]: OUT/name_goal[sitting].{json,log}
  T "$BIN" solve --board 3x13 --goal "$2" "$3" "$4" --pieces 7 --db "$DB" --graph --weak \
    --moves none --threads 1 --memory 10 --table-cache 1 --time-limit "$LIM" \
    --checkpoint "$OUT/ck/$1_$2.fns" --json > "$OUT/$1_$2${5:-}.json" 2> "$OUT/$1_$2${5:-}.log"
}
build center --diagonals center
build forced --continuation forced
goal center black --diagonals center & goal forced white --continuation forced & wait
goal center white --diagonals center & goal forced black --continuation forced & wait
# The forced "Black wins?" was disproved in 7 s, which left its core free
# beside the center "White wins?": "Black wins?" under center taken up
# from its checkpoint for 30 minutes (started by hand, as sitting 2).
# Then a third sitting (lines like these, appended while the script ran,
# were read by bash after the second `wait`: it also asked the forced
# "Black wins?" again, answered from its checkpoint in 0.8 s, and wrote
# over the first sitting's files; see center_black.md).
# LIM=1800 goal center black --diagonals center 2
# goal forced black --continuation forced _again
# LIM=1800 goal center black --diagonals center 3
