#!/bin/bash
# usage: open.sh BIN LIMIT_S name... ; session 31's open.sh, the reports written to /work/runs/s32
# and the checkpoints read and written in place in /work/runs/s31
RUN_DIR=/work/runs/s32 CK_DIR=/work/runs/s31 exec "$(dirname "$0")/../session31/open.sh" "$@"
