#!/bin/bash
# Stops the c7-b7A runs of spacing2.sh but the first (base): "Black wins?"
# after c7-b7A stays open for 900 s, so it tells nothing about the spacing.
while pgrep -f spacing2.sh > /dev/null; do
  pkill -TERM -f "fanorona-xcut solve --position BBB/BBB/BBB/BBB/BBB/BBB/.W./"
  sleep 5
done
