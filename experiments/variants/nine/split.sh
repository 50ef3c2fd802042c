#!/usr/bin/env bash
# One goal ("can SIDE force a win?") in a 9x5 position, searched one child
# at a time: every move of the position gets a one-core search of its own,
# seeded with a checkpoint's solved positions (a parent's checkpoint: its
# open tree is passed over), up to a node and a time limit. Where SIDE is
# to move, one proved child proves the position; where the other side is,
# one disproved child disproves it: the script stops there. A child left
# open is taken up from its own .fns by running the script again with the
# same WORK=... (children already answered are skipped).
# Usage (from the repository root):
#   bash experiments/variants/nine/split.sh VARIANT DB SEED.fns "FEN" SIDE [NODES] [SECONDS] [MEMORY]
#   VARIANT: default, forced or stalemate-draw; SIDE: white or black
# Writes WORK/<name>_<move>.{json,log,fns} (NAME=... names the position,
# default "pos"; WORK: a temporary folder, printed) and prints a line a
# child: its goal's state and numbers. BIN=... uses a built binary.
set -euo pipefail
variant=${1:?variant: default, forced or stalemate-draw}
db=${2:?tables folder}
seed=${3:?checkpoint to seed each search with}
fen=${4:?position}
side=${5:?white or black}
nodes=${6:-20000000}
seconds=${7:-900}
memory=${8:-6}
case $variant in
  default) flags=""; pieces=8 ;;
  forced) flags="--continuation forced"; pieces=8 ;;
  stalemate-draw) flags="--stalemate draw"; pieces=7 ;;
  *) echo "unknown variant: $variant" >&2; exit 2 ;;
esac
bin=${BIN:-}
if [ -z "$bin" ]; then
  cargo build --release -q
  bin=$PWD/target/release/fanorona
fi
work=${WORK:-$(mktemp -d)}
name=${NAME:-pos}
echo "work folder: $work" >&2
to_move=$([ "${fen##* }" = w ] && echo white || echo black)
# The child's state that settles the position.
settles=$([ "$to_move" = "$side" ] && echo proved || echo disproved)
# shellcheck disable=SC2086
"$bin" moves --position "$fen" $flags --json | tr '{' '\n' | grep '"move"' |
  sed -E 's/.*"move": "([^"]*)", "position": "([^"]*)".*/\1 \2/' |
  while read -r move board turn; do
    out=$work/${name}_$move
    state=$(grep -so '"state": "[a-z]*"' "$out.json" | head -1 | cut -d'"' -f4 || true)
    if [ "$state" != proved ] && [ "$state" != disproved ]; then
      # shellcheck disable=SC2086
      /usr/bin/time -v "$bin" solve --position "$board $turn" $flags --db "$db" \
        --pieces "$pieces" --goal "$side" --threads 1 --moves none --memory "$memory" \
        --table-cache 1.5 --nodes "$nodes" --time-limit "$seconds" \
        --checkpoint "$out.fns" --checkpoint-seed "$seed" --checkpoint-every 0 --json \
        > "$out.json" 2> "$out.log" < /dev/null || true
      state=$(grep -so '"state": "[a-z]*"' "$out.json" | head -1 | cut -d'"' -f4 || true)
    fi
    echo "$move: ${state:-error} $(grep -so '"proof": [0-9a-z"]*, "disproof": [0-9a-z"]*' "$out.json" || true)"
    if [ "$state" = "$settles" ]; then
      echo "$name: settled by $move ($state)"
      break
    fi
  done
