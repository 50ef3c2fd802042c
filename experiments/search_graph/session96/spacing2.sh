#!/bin/bash
# Session 96: more searches for the closures' spacing, two at a time:
# 3x13 stalemate-draw "Black wins?" at the start in 4 GiB, and after each
# of White's two first moves in 10 GiB, each with the experiment build as
# main has it (base), closures twice as far apart (div1), the spacing
# kept through a cut (keep), and both (both).
set -u
B=/work/runs/s96/fanorona-xcut
O=/work/runs/s96/out
one() { # tag mem fen variant
  case $4 in
    base) e=();; div1) e=(X_SPACING_DIV=1);; keep) e=(X_CUT_SPACING=keep);;
    both) e=(X_SPACING_DIV=1 X_CUT_SPACING=keep);;
  esac
  env "${e[@]}" /usr/bin/time -v $B solve --position "$3" --stalemate draw --goal black --graph --weak \
    --pieces 7 --moves none --threads 1 --memory $2 --table-cache 1 --db /work/runs/s95/db \
    --time-limit 900 --json > $O/sp2_$1_$4.json 2> $O/sp2_$1_$4.progress
}
START="BBB/BBB/BBB/BBB/BBB/BBB/B.W/WWW/WWW/WWW/WWW/WWW/WWW w"
B6="B.B/B.B/B.B/B.B/B.B/B.B/BWW/W.W/WWW/WWW/WWW/WWW/WWW b"
C7="BBB/BBB/BBB/BBB/BBB/BBB/.W./WWW/WWW/WWW/WWW/WWW/WWW b"
# Two at a time: a new one starts when either ends.
for v in base div1 keep both; do
  for t in start4 b6-b7A c7-b7A; do
    case $t in start4) m=4 f=$START;; b6-b7A) m=10 f=$B6;; c7-b7A) m=10 f=$C7;; esac
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    one "$t" "$m" "$f" "$v" &
  done
done
wait
echo done
