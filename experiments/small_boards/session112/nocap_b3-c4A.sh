#!/bin/bash
# 5x7 center, b3-c4A: "Black wins?" with no depth cap, from session 113's checkpoint
P="BBBBB/BBBB./BBB.B/BWWBW/W.WWW/WWWWW/WWWWW b"
/usr/bin/time -v /work/runs/bin/fanorona-3f3f962 solve --position "$P" --diagonals center --graph --weak --depth-cap none \
  --goal black --db /work/runs/s112/dbc --pieces 8 --moves none --threads 1 --memory 8 --table-cache 1 \
  --time-limit 3000 --checkpoint center57/b3-c4A.black.fns --json > center57/b3-c4A.nocap.json 2> center57/b3-c4A.nocap.log
