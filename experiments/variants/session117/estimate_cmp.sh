#!/bin/bash
# old and new side by side, one core each, on each position
set -u
OLD=$1; NEW=$2; DB=$3; OUT=$4
while read -r name fen turn; do
  for v in old new; do
    B=$OLD; [ $v = new ] && B=$NEW
    $B solve --position "$fen $turn" --sacrifice --db "$DB" --pieces 9 --moves none --threads 1 \
      --memory 6 --table-cache 1 --graph --weak --time-limit 400 --quiet --json > "$OUT/${name}_$v.json" 2>/dev/null &
  done
  wait
  for v in old new; do
    python3 -c "
import json,sys
d=json.loads(open('$OUT/${name}_$v.json').read().strip().splitlines()[-1])
print('$name', '$v', d['value'], d['nodes'], round(d['seconds'],1))"
  done
done <<'LIST'
9x3_xb2 BBBBBBBBB/BwBW.BWBW/WWWWWWWWW b
3x9_xb4 BBB/BBB/BBB/BBB/B.W/WwW/WWW/WWW/WWW b
9x3_xe1 BBBBBBBBB/BWBW.BWBW/WWWWwWWWW b
3x9_xa3 BBB/BBB/BBB/BBB/B.W/WWW/wWW/WWW/WWW b
9x3_xg2 BBBBBBBBB/BWBW.BwBW/WWWWWWWWW b
LIST
