#!/bin/bash
# usage: p3bench.sh BIN...
# Session 91's p3bench.sh (3x11 `p3`, "Black wins?", 2 GiB, 6,000,640
# expansions, every 11x3 table up to 8 stones in DB, default
# /work/runs/db11x3) through this folder's steadybench.sh: THREADS
# (default 1) is each run's --threads.
FEN="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w" DB=${DB:-/work/runs/db11x3} MEM=2 \
  NODES=6000640 CACHE=0.5 exec bash "$(dirname "$0")/steadybench.sh" "$@"
