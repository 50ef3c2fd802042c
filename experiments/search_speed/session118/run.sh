#!/bin/bash
# usage: run.sh BIN TAG [NODES]: 5x7 center b3-c4A "Black wins?" on the graph, fixed expansions, closure time from --json
P="BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b"
/usr/bin/time -f "%e s %M KB" $1 solve --position "$P" --diagonals center --graph --weak \
  --goal black --db /work/runs/s112/dbc --pieces 8 --moves none --threads 1 --memory 5 --table-cache 1 \
  --nodes ${3:-15000000} --json 2> $2.err | python3 -c "import json,sys; d=json.loads(sys.stdin.read().strip().splitlines()[-1]); print('$2', d['nodes'], round(d['seconds'],1), d['closures'], d['closure_seconds'], d['cut_seconds'], d['tree_cuts'], d['goals'])"
tail -1 $2.err
