#!/bin/bash
# The 9x3 sacrifice classes of 9 stones that 6 v 4 endings fall into (6v3, 5v4 and
# their reverses and block classes), into the 8-stone folder; resumable: run again.
/usr/bin/time -v /work/runs/s64/fanorona-acyc build --board 9x3 --sacrifice --classes 6v3,5v4 \
  --db /work/runs/sac --memory 16 --threads 2 --snapshot-minutes 10 --json > /work/runs/s64/build9.json 2> /work/runs/s64/build9.log
echo "rc=$?" >> /work/runs/s64/build9.log
