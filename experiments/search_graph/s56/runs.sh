#!/usr/bin/env bash
# Session 56: the defender's sweep on the graph (`--sweep`, sweep.patch on
# 79291db; not kept). BIN_ROOT: commit 7333e5e (sweeps from the root only),
# BIN: the patch (sweeps from 2, 4, 8, ... positions above the end of the
# last descent, then the root). DB: 11x3 to 8 stones; VDB: 9x3 and 7x5 to 7,
# and 7x5 `center` to 7. One thread each, two side by side.
set -u
BIN=${BIN:-./fanorona-sweep2}; BIN_ROOT=${BIN_ROOT:-./fanorona-sweep}
DB=${DB:-/work/runs/db}; VDB=${VDB:-/work/runs/vdb}
# 3x11 b5-b6A's open line after ...c9-b9 (session 49's P3), 1,200 s each.
P3="B.B/B.B/.B./B.B/.../.W./.W./W.W/W../W.W/W.W w"
p3() { "$1" solve --position "$P3" --pieces 8 --db "$DB" --goal black --graph "${@:3}" \
  --moves none --threads 1 --memory 8 --time-limit 1200 --json > "p3_$2.json" 2> "p3_$2.log"; }
p3 "$BIN" plain & p3 "$BIN_ROOT" sweep --sweep & wait
p3 "$BIN" sweep2 --sweep
# The 78-position suite, 1 M expansions each, --graph without and with --sweep
# (wrap-graph / wrap-sweep add the flags to `solve`).
python3 ../../search_heuristic/suite.py ./wrap-graph "$VDB" 1000000 > suite_graph.txt
python3 ../../search_heuristic/suite.py ./wrap-sweep "$VDB" 1000000 > suite_sweep.txt
# The four small runs (wrap-sweeponly adds --sweep), VDB at /work/vdb.
bash ../s51/small4.sh "$BIN" plain > small4.txt
bash ../s51/small4.sh ./wrap-sweeponly sweep >> small4.txt
# 5x7 under `center` after b4-c4A, "Black wins?", weak numbers, 900 s each.
c4A() { "$BIN" solve --position "BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b" --diagonals center \
  --db "$VDB" --pieces 7 --goal black --graph --weak "${@:2}" --moves none --threads 1 --memory 6 \
  --time-limit 900 --checkpoint "c4A_$1.fns" --json > "c4A_$1.json" 2> "c4A_$1.log"; }
c4A weak & c4A sweep --sweep & wait
