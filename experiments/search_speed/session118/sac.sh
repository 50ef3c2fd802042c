#!/bin/bash
# usage: sac.sh BIN TAG [NODES] [BOARD]: sacrifice start "White wins?" on the graph, fixed expansions
/usr/bin/time -f "%e s %M KB" $1 solve --board ${4:-5x7} --sacrifice --graph --weak \
  --goal white --db /work/runs/s113/sac75 --pieces 9 --moves none --threads 1 --memory 3 --table-cache 1 \
  --nodes ${3:-8000000} --json 2> $2.err | python3 -c "import json,sys; d=json.loads(sys.stdin.read().strip().splitlines()[-1]); print('$2', d['nodes'], round(d['seconds'],1), d['closures'], d['closure_seconds'], d['cut_seconds'], d['tree_cuts'], d['goals'])"
tail -1 $2.err
