#!/usr/bin/env bash
# 5x9 (five columns, nine rows): the 9x5 board turned, whose start is not
# the 9x5 start turned. The 9x5 tables serve it (one set of tables for a
# board and its transpose). Session 43, binary of 68b7a58, two cores: one
# search a core, side by side.
set -euo pipefail
FAN=${FAN:-fanorona}
DB=${DB:-/work/runs/db}
OUT=${OUT:-.}

# every 9x5 class up to 7 stones (17 min 40 s on two threads)
/usr/bin/time -v "$FAN" build --board 9x5 --pieces 7 --db "$DB" --threads 2 --memory 12 --json \
    > "$OUT/build_9x5_7.json" 2> "$OUT/build_9x5_7.time"

# core 1: the table (start, then every first move), checkpointed
/usr/bin/time -v "$FAN" table --boards 5x9 --pieces 7 --db "$DB" --threads 1 --memory 9 \
    --time-limit 5700 --format md,csv,json --out "$OUT/t7" --checkpoint "$OUT/ck7" \
    2> "$OUT/t7.log" &
# core 2: "does Black win?" at the start, on its own (stopped by hand,
# Ctrl-C, after 24 min to give the core to the 13x3 sacrifice tables)
/usr/bin/time -v "$FAN" solve --board 5x9 --pieces 7 --db "$DB" --goal black --moves none \
    --threads 1 --memory 8 --time-limit 5700 --checkpoint "$OUT/black5x9.fns" --json \
    > "$OUT/black7.json" 2> "$OUT/black7.log" &
wait

# Second sittings, both taken up from the checkpoints above with --closure
# (the tree merged into a graph and solved there now and then)
/usr/bin/time -v "$FAN" table --boards 5x9 --pieces 7 --db "$DB" --threads 1 --memory 9 \
    --time-limit 1080 --closure --format md,csv,json --out "$OUT/t7_2" --checkpoint "$OUT/ck7" \
    2> "$OUT/t7_2.log" &
/usr/bin/time -v "$FAN" solve --board 5x9 --pieces 7 --db "$DB" --goal black --moves none \
    --threads 1 --memory 8 --time-limit 1020 --closure --checkpoint "$OUT/black5x9.fns" --json \
    > "$OUT/black7_2.json" 2> "$OUT/black7_2.log" &
wait

# Session 44, binary of bc8b2e8: every 9x5 class up to 8 stones (the
# 8-stone classes on two threads, about 20 GB)
/usr/bin/time -v "$FAN" build --board 9x5 --pieces 8 --db "$DB" --threads 2 --memory 21 \
    --snapshot-minutes 20 --json > "$OUT/build_9x5_8.json" 2> "$OUT/build_9x5_8.log"
# (stopped after 3v5+5v3 and 4v4, 2 h 21 min: 2v6+6v2 and 1v7+7v1 are
# left for a later sitting; the build takes up where it stopped)

# Third sittings, from the checkpoints of the second (copied), with the
# 8-stone classes built so far (--pieces 7: build nothing, probe every
# table the folder holds)
/usr/bin/time -v "$FAN" table --boards 5x9 --pieces 7 --db "$DB" --threads 1 --memory 9 \
    --time-limit 840 --closure --checkpoint-every 5 --format md,csv,json --out "$OUT/t8" \
    --checkpoint "$OUT/ck8" 2> "$OUT/t8.log" &
/usr/bin/time -v "$FAN" solve --board 5x9 --pieces 7 --db "$DB" --goal black --moves none \
    --threads 1 --memory 8 --time-limit 840 --closure --checkpoint-every 5 \
    --checkpoint "$OUT/black5x9.fns" --json > "$OUT/black8.json" 2> "$OUT/black8.log" &
wait

# (1v7+7v1 was built at the end of session 44 on its own, 10 min 40 s:
# `build --board 9x5 --classes 1v7,7v1 --threads 2 --memory 21
# --snapshot-minutes 5 --json`, files build_9x5_8_1v7.*)

# Session 45, same binary: the last 8-stone classes (2v6+6v2; the others
# are reused), then a sampled verify of every class over a folder of
# symlinks to the tables (v95/9x5-corner-free-sl/*.fnt)
/usr/bin/time -v "$FAN" build --board 9x5 --pieces 8 --db "$DB" --threads 2 --memory 21 \
    --snapshot-minutes 10 --json > "$OUT/build_9x5_8_2v6.log" 2>&1
/usr/bin/time -f "wall_%e_s_user_%U_s_peak_%M_kB" "$FAN" verify --db v95 --sample 500000 \
    --threads 2 > "$OUT/verify_9x5_8.out" 2>&1

# Fourth sittings, from the checkpoints of the third (copied), with every
# 8-stone class
/usr/bin/time -v "$FAN" table --boards 5x9 --pieces 8 --db "$DB" --threads 1 --memory 9 \
    --time-limit 5400 --closure --checkpoint-every 10 --format md,csv,json --out "$OUT/t9" \
    --checkpoint "$OUT/ck8" 2> "$OUT/t9.log" &
/usr/bin/time -v "$FAN" solve --board 5x9 --pieces 8 --db "$DB" --goal black --moves none \
    --threads 1 --memory 8 --time-limit 5400 --closure --checkpoint-every 10 \
    --checkpoint "$OUT/black5x9.fns" --json > "$OUT/black9.json" 2> "$OUT/black9.log" &
wait

# Session 46 (binary of 473acd6, then fe7fbdb for the deep search, which
# adds the root's moves to the line): "Black wins?" after two of White's
# first moves on their own, 900 s each, one after the other, seeded with
# the deep checkpoint's solved positions (m5x9/<move>.*) ...
for m in "b5-c5W BBBBB/BBBBB/BBBBB/BBBBB/..WBW/WWWWW/WWWWW/WWWWW/WWWWW b" \
         "d4-c5A BBBBB/BBBBB/.BBBB/B.BBB/BWWBW/WWW.W/WWWWW/WWWWW/WWWWW b"; do
  name=${m%% *}; fen=${m#* }
  /usr/bin/time -f "$name: wall %e s, user %U s, peak %M KiB" "$FAN" solve --position "$fen" \
    --db "$DB" --pieces 8 --goal black --moves none --threads 1 --memory 7 --closure \
    --time-limit 900 --checkpoint "$OUT/m5x9/$name.fns" --checkpoint-seed "$OUT/black5x9.fns" \
    --json > "$OUT/m5x9/$name.json" 2> "$OUT/m5x9/$name.log"
done
# ... then the deep search again from its checkpoint (fifth sitting), beside
# 3x13's table (../README.md); the root's moves before it, without searching:
"$FAN" solve --board 5x9 --db "$DB" --pieces 8 --goal black --memory 8 --threads 1 \
    --table-cache 0.1 --checkpoint "$OUT/black5x9.fns" --nodes 0 --json > "$OUT/look10.json"
/usr/bin/time -v "$FAN" solve --board 5x9 --pieces 8 --db "$DB" --goal black --moves none \
    --threads 1 --memory 8 --time-limit 6600 --closure --checkpoint-every 10 \
    --checkpoint "$OUT/black5x9.fns" --json > "$OUT/black10.json" 2> "$OUT/black10.log"
