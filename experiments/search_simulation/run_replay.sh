#!/usr/bin/env bash
# The 7x7 suite of ../search_lead with and without proof replay (a build
# with simulation.patch applied; FANORONA_SIM=budget turns it on,
# FANORONA_SIM_SCAN=1 adds the look for any child already proved at the
# attacker's turns, FANORONA_SIM_SIBS=k replays up to k proved siblings on
# the tree). Writes OUT/{tree-off,tree-replay30,tree-replay30-scan,
# tree-replay30-3siblings,weak-off,weak-replay30}.txt, two at a time.
# usage: run_replay.sh BIN DB OUT NODES
set -u
BIN=$1; DB=$2; OUT=$3; NODES=$4
mkdir -p "$OUT"
suite="$(dirname "$0")/../search_lead/suite.sh"
pos="$(dirname "$0")/../search_lead/suite7x7.txt"
run() { # name, environment..., -- extra flags...
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" bash "$suite" "$BIN" "$DB" "$pos" 7 "$NODES" 1 "$@" > "$OUT/$name.txt"
}
run tree-off FANORONA_SIM=0 -- & run tree-replay30 FANORONA_SIM=30 -- & wait
run tree-replay30-scan FANORONA_SIM=30 FANORONA_SIM_SCAN=1 -- & run tree-replay30-3siblings FANORONA_SIM=30 FANORONA_SIM_SIBS=3 -- & wait
run weak-off FANORONA_SIM=0 -- --graph --weak & run weak-replay30 FANORONA_SIM=30 -- --graph --weak & wait
