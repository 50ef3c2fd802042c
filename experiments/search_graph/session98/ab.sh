#!/bin/bash
# Session 98: two builds side by side on session 97's search (3x13,
# stalemate as a draw, "Black wins?" at the start, 4 GiB: disproved in
# 101,835,515 expansions), same cores, same time. Usage: ab.sh NAME1 BIN1 NAME2 BIN2
set -u
O=${O:-/work/runs/s98/ab} # the output folder (session 99 gives its own)
one() { # name binary
  /usr/bin/time -v $2 solve --board 3x13 --stalemate draw --goal black --graph --weak --pieces 7 \
    --moves none --threads 1 --memory 4 --table-cache 1 --db /work/runs/s95/db --time-limit 1200 --json \
    > $O/$1.json 2> $O/$1.progress
}
one $1 $2 & one $3 $4 & wait
for n in $1 $3; do
  python3 -c "import json,sys; d=json.load(open('$O/'+sys.argv[1]+'.json')); print(sys.argv[1], d['nodes'], round(d['seconds'],1), 'closures', round(d['closure_seconds'],1), 'cuts', round(d['cut_seconds'],1))" $n
done
