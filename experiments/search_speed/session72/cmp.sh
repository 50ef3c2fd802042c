#!/usr/bin/env bash
# prints name, user s, sys s, wall, RSS, and the search's numbers for each NAME
for n in "$@"; do
  u=$(grep "User time" $n.log | awk '{print $NF}'); s=$(grep "System time" $n.log | awk '{print $NF}')
  w=$(grep "Elapsed" $n.log | awk '{print $NF}'); r=$(grep "Maximum resident" $n.log | awk '{print $NF}')
  j=$(tail -1 $n.json | python3 -c 'import json,sys; d=json.load(sys.stdin); g=d.get("goals",[{}])[0]; print(d["nodes"], d.get("closures"), d.get("tree_cuts"), d.get("closure_solved"), g.get("proof"), g.get("disproof"))')
  echo "$n user $u sys $s wall $w rss $r | $j"
done
