#!/bin/bash
# cut phases of a fresh e1-d2A search (3 GiB, 6 M expansions), the binary's env switches:
# fanorona-cuttrace3 is b2766fa with cut_trace.diff applied (NOSORT=1: the expansions'
# order instead of the sort, as 1133a63; PREF=1: the children prefetched, as 0abdcf3)
cd "${WORK:-/work/runs/s86}"
for r in 1 2; do for v in sort nosort pref; do
  case $v in sort) E="";; nosort) E="NOSORT=1";; pref) E="NOSORT=1 PREF=1";; esac
  env $E ./fanorona-cuttrace3 solve --position ".B...BBBB/B.B.B.BBB/B..B...BW/W.WWW.WWW/.W.W..WWW b" --goal black --db /work/runs/db9x5 --pieces 8 --moves none --threads 1 --memory 3 --table-cache 0.05 --graph --weak --nodes 6000000 --json > cb-$v-$r.json 2> cb-$v-$r.log
  echo "$v $r $(grep -a 'TRACE heap' cb-$v-$r.log | awk '{s+=$3} END {printf "heap %.3f n %d", s/NR, NR}') $(grep -a 'TRACE phases' cb-$v-$r.log | awk '{s+=$6} END {printf "sort %.3f", s/NR}') $(tail -1 cb-$v-$r.json | grep -o '"nodes": [0-9]*, "seconds": [0-9.]*\|"cut_seconds": [0-9.]*\|"closure_seconds": [0-9.]*' | tr '\n' ' ')"
done; done
