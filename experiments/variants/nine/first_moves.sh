#!/usr/bin/env bash
# The value of each of White's five first moves on 9x5 under a rule variant
# whose start has been proved (run.sh): for each move, a one-core search of
# one goal in the position after it, seeded with the start's checkpoint
# (its solved positions serve any position).
#  - forced (start: White wins): "White wins?" after the move; where that
#    is disproved, "Black wins?" (disproved: a draw; proved: a loss).
#  - stalemate-draw (start: a draw, so no move wins): "Black wins?" only.
# Usage (from the repository root, with the tables and the start's checkpoint):
#   bash experiments/variants/nine/first_moves.sh VARIANT DB START.fns [SECONDS] [MEMORY]
# Each search writes WORK/<goal>_<move>.{json,log,fns} (WORK: a temporary
# folder, printed); a search stopped by the time limit is taken up from its
# .fns by running the script again with the same WORK=... in the environment.
set -euo pipefail
variant=${1:?variant: forced or stalemate-draw}
db=${2:?tables folder}
start=${3:?checkpoint of the start position}
seconds=${4:-1800}
memory=${5:-7}
case $variant in
  forced) flags="--continuation forced"; pieces=8; goals="white black" ;;
  stalemate-draw) flags="--stalemate draw"; pieces=7; goals="black" ;;
  *) echo "unknown variant: $variant" >&2; exit 2 ;;
esac
cargo build --release -q
bin=$PWD/target/release/fanorona
work=${WORK:-$(mktemp -d)}
echo "work folder: $work" >&2
fen0="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
# shellcheck disable=SC2086
"$bin" moves --position "$fen0" $flags --json | tr '{' '\n' | grep '"move"' |
  sed -E 's/.*"move": "([^"]*)", "position": "([^"]*)".*/\1 \2/' |
  while read -r move board turn; do
    for goal in $goals; do
      name=$goal-$move
      [ -f "$work/$name.fns" ] || cp "$start" "$work/$name.fns"
      # shellcheck disable=SC2086
      /usr/bin/time -v "$bin" solve --position "$board $turn" $flags --db "$db" \
        --pieces "$pieces" --goal "$goal" --threads 1 --moves none --memory "$memory" \
        --table-cache 1.5 --time-limit "$seconds" --checkpoint "$work/$name.fns" \
        --checkpoint-every 20 --json > "$work/$name.json" 2> "$work/$name.log" || true
      state=$(grep -o '"state": "[a-z]*"' "$work/$name.json" | head -1 | cut -d'"' -f4)
      echo "$variant $move $goal: ${state:-error}"
      # "White wins?" proved: the move wins, no second goal to ask.
      [ "$goal/$state" = white/proved ] && break
    done
  done
