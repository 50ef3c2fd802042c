#!/bin/bash
# Session 96: the closures' spacing on a search that fills a 10 GiB graph
# and finishes: 3x13 with stalemate as a draw, "Black wins?" at the start
# (session 95: disproved in 138,405,298 expansions, 741 s, closures half
# of it). usage: spacing.sh NAME [VAR=VALUE...]  (the experiment build's
# X_SPACING_DIV / X_CUT_SPACING)
set -u
name=$1; shift
B=/work/runs/s96/fanorona-xcut
env "$@" /usr/bin/time -v $B solve --board 3x13 --stalemate draw --goal black --graph --weak --pieces 7 \
  --moves none --threads 1 --memory 10 --table-cache 1 --db /work/runs/s95/db --time-limit 2400 --json \
  > /work/runs/s96/out/spacing_$name.json 2> /work/runs/s96/out/spacing_$name.progress
