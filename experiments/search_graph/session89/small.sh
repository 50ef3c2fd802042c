#!/bin/bash
# Session 89. usage: small.sh BIN...: small graph searches (value, weak numbers, one thread) in a few
# memory bounds, 7-stone tables in DB (default /work/runs/vdb): expansions, cuts, closures, user s.
for b in "$@"; do
while IFS='|' read -r label flags fen; do for mem in ${MEMS:-0.02 0.05 0.1}; do
  out=$( { /usr/bin/time -f "user %U" "$b" solve --position "$fen" $flags --threads 1 --moves none --graph --weak --memory $mem --json 2>/tmp/small.err | tail -1; } )
  echo "$(basename $b)|$label|$mem|$(echo "$out" | grep -o '"value": "[a-z]*"\|"nodes": [0-9]*\|"tree_cuts": [0-9]*\|"closures": [0-9]*' | tr '\n' ' ')|$(grep -o 'user [0-9.]*' /tmp/small.err)"
done; done <<'LIST'
9x3 d2-e2A|--db /work/runs/vdb --pieces 7|BBBBBBBBB/BWB.W.WBW/WWWWWWWWW b
5x5 start|--pieces 0 --db /tmp/nodb|BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w
7x5 start|--db /work/runs/vdb --pieces 7|BBBBBBB/BBBBBBB/BWB.WBW/WWWWWWW/WWWWWWW w
LIST
done
