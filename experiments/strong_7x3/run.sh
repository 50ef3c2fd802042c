#!/bin/sh
# Strong solve of 7x3 (and with it 3x7, its transpose: the two share tables):
# every class of every stone count, then the value of each start position.
# Resumable: rerun the build line after a stop and it skips complete tables.
set -e
DB=${DB:-/work/db-runs}
mkdir -p "$DB"
FANORONA_TIMING=1 /usr/bin/time -v fanorona build --board 7x3 --pieces all --db "$DB" --memory 20 \
    > build.out 2> build.err
fanorona probe --db "$DB" "BBBBBBB/BWB.WBW/WWWWWWW w" > probe_7x3.txt
fanorona probe --db "$DB" --json "BBBBBBB/BWB.WBW/WWWWWWW w" > probe_7x3.json
START_3X7=$(fanorona perft --board 3x7 --depth 1 | sed -n "s/^perft from \(.* [wb]\) (.*/\1/p")
fanorona probe --db "$DB" "$START_3X7" > probe_3x7.txt
fanorona probe --db "$DB" --json "$START_3X7" > probe_3x7.json
# verify reads every board folder under --db: point it at this one alone
mkdir -p /tmp/v73 && ln -sfn "$DB/7x3-corner-free-sl" /tmp/v73/
/usr/bin/time -v fanorona verify --db /tmp/v73 --sample 5000 --threads 1 > verify.txt 2> verify.log
