#!/bin/bash
# usage: run.sh BIN TAG
BIN=$1; TAG=$2
while IFS='|' read -r label mem flags fen; do
  out=$("$BIN" solve --position "$fen" $flags --threads 1 --moves none --graph $EXTRA --memory $mem --json --quiet 2>/dev/null | tail -1)
  echo "$TAG|$label|$mem|$out"
done <<'LIST'
9x3 d2-e2A|0.1|--db /work/runs/vdb --pieces 7|BBBBBBBBB/BWB.W.WBW/WWWWWWWWW b
9x3 d2-e2A|0.05|--db /work/runs/vdb --pieces 7|BBBBBBBBB/BWB.W.WBW/WWWWWWWWW b
5x5 start|0.02|--pieces 0|BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w
7x5 start|0.05|--db /work/runs/vdb --pieces 7|BBBBBBB/BBBBBBB/BWB.WBW/WWWWWWW/WWWWWWW w
LIST
