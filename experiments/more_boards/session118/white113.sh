#!/bin/bash
# 11x3 with the sacrifice move: "White wins?" at the start, graph, weak numbers, no depth cap,
# 9-stone balanced sacrifice tables of session 113 (probed with --pieces 8), one core, 8 GiB
/usr/bin/time -v /work/runs/bin/fanorona-3f3f962 solve --board 11x3 --sacrifice --goal white --db /work/runs/s113/sac --pieces 8 \
  --moves none --threads 1 --memory 8 --table-cache 1 --graph --weak --depth-cap none \
  --time-limit 2700 --checkpoint sac113/white_11x3.fns --checkpoint-every 10 --json > sac113/white_11x3.json 2> sac113/white_11x3.log
