#!/bin/sh
# usage: wrap.sh BIN [FLAGS...] -- then fanorona's own arguments.
# Runs BIN, adding --graph and FLAGS to `solve` (for ../../search_heuristic/suite.py,
# which takes one binary): e.g. a file `wrap-cap50` holding
#   exec wrap.sh /path/fanorona --depth-cap 50 -- "$@"
BIN=$1; shift
FLAGS=""
while [ "$1" != "--" ]; do FLAGS="$FLAGS $1"; shift; done
shift
if [ "$1" = solve ]; then exec "$BIN" "$@" --graph $FLAGS; else exec "$BIN" "$@"; fi
