#!/bin/bash
# session 35's sitting of d2-c3A: session31/open.sh with the reports here and the checkpoints of session 31
# usage: open_d2.sh BIN SECONDS   (RUN_DIR: where the reports go, default /work/runs/s35)
RUN_DIR=${RUN_DIR:-/work/runs/s35} CK_DIR=/work/runs/s31 exec "$(dirname "$0")/../session31/open.sh" "$1" "$2" d2-c3A
