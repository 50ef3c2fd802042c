#!/bin/bash
# usage: p3bench.sh BIN...
# steadybench.sh on session 62's 3x11 position `p3` ("Black wins?", White
# to move; a board of many transpositions: 2.6 edges a position) in 2 GiB,
# 6,000,640 expansions, every 11x3 table up to 8 stones (DB, default
# /work/runs/db11x3), REPS rounds (default 3). (`p3bench2.txt` was made
# by an earlier copy of the same loop, without the last column.)
FEN="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w" DB=${DB:-/work/runs/db11x3} MEM=2 \
  NODES=6000640 CACHE=0.5 exec bash "$(dirname "$0")/steadybench.sh" "$@"
