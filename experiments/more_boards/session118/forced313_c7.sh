#!/bin/bash
# 3x13 under forced continuation, after White's c7-b7A: "White wins?" (Black to move), graph, weak numbers,
# the default depth cap, one core, 7 GiB, 1,500 s.
BIN=/work/runs/bin/fanorona-3f3f962; DB=/work/runs/s118/f313/db; OUT=/work/runs/s118/f313
/usr/bin/time -v $BIN solve --position "BBB/BBB/BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW/WWW/WWW b" --goal white --continuation forced \
  --pieces 7 --db $DB --graph --weak --moves none --threads 1 --memory 7 --table-cache 1 --time-limit 1500 \
  --checkpoint $OUT/ck/forced_white_c7.fns --json > $OUT/forced_white_c7.json 2> $OUT/forced_white_c7.log
