#!/usr/bin/env bash
# one.sh NAME FEN [FLAGS...]: one line of ../s58/runs.sh on its own (session
# 59, run from /work/runs/s59 with BIN=/work/runs/fanorona-dcap58b).
exec bash "$(dirname "$0")/../s58/runs.sh" one "$@"
