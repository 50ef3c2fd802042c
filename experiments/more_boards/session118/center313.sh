#!/bin/bash
# 3x13 under the `center` diagonals: 13x3's 7-stone tables of that rule (they serve 3x13), one thread
# beside another search, then "White wins?" at the start on the graph, weak numbers, no depth cap, 8 GiB.
BIN=/work/runs/bin/fanorona-3f3f962; DB=/work/runs/s118/c313/db; OUT=/work/runs/s118/c313
/usr/bin/time -f "wall %e s, user %U s, peak %M KiB" $BIN build --board 13x3 --pieces 7 --diagonals center --db $DB \
  --threads 1 --memory 8 --json > $OUT/build.json 2> $OUT/build.time
/usr/bin/time -v $BIN solve --board 3x13 --goal white --diagonals center --pieces 7 --db $DB --graph --weak --depth-cap none \
  --moves none --threads 1 --memory 8 --table-cache 1 --time-limit ${LIM:-2700} \
  --checkpoint $OUT/ck/center_white.fns --json > $OUT/center_white.json 2> $OUT/center_white.log
