#!/usr/bin/env bash
# Session 101: "Black wins?" after White's e3-d4A and after e4-d4W (the
# first moves with Black's lowest proof numbers in the start's searches,
# on the graph in session 100 and on the tree in session 101) on the tree,
# one thread and MEM GiB each, seeded with the tree search's checkpoint
# (SEED: run7x7_tree.sh's start_black.fns); the moves named (default
# both) side by side. DB as for run7x7_tree.sh. This is ../replies.sh
# with the tree search instead of the graph.
# usage: replies_tree.sh BIN DB OUT SEED LIMIT_S MEM [MOVE ...]
SEARCH= exec bash "$(dirname "$0")/../replies.sh" "$@"
