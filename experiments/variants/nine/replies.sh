#!/usr/bin/env bash
# "Black wins?" after each of Black's replies to one of White's first moves
# on 9x5 (White to move in each), when the start is known not to be a White
# win (so after any first move only "Black wins?" is open): the first move
# draws once every reply is disproved, and loses if one is proved. Each
# reply gets a one-core search of its own, seeded with a checkpoint's
# solved positions (the start's, or the first move's), up to a node and a
# time limit; a reply left open is taken up from its own .fns by running
# the script again with the same WORK=... (answered replies are skipped).
# Usage (from the repository root):
#   bash experiments/variants/nine/replies.sh VARIANT DB SEED.fns FIRST_MOVE [NODES] [SECONDS] [MEMORY]
#   VARIANT: default, forced or stalemate-draw
# Writes WORK/<first>_<reply>.{json,log,fns} (WORK: a temporary folder,
# printed) and prints one line a reply: its goal's state and numbers.
set -euo pipefail
variant=${1:?variant: default, forced or stalemate-draw}
db=${2:?tables folder}
seed=${3:?checkpoint to seed each search with}
first=${4:?White first move, e.g. d3-e3W}
nodes=${5:-20000000}
seconds=${6:-900}
memory=${7:-6}
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
echo "work folder: $work" >&2
fen0="BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w"
# moves --json: one {"move": ..., "position": ...} a turn.
list() {
  # shellcheck disable=SC2086
  "$bin" moves --position "$1" $flags --json | tr '{' '\n' | grep '"move"' |
    sed -E 's/.*"move": "([^"]*)", "position": "([^"]*)".*/\1 \2/'
}
after=$(list "$fen0" | awk -v m="$first" '$1 == m { print $2 " " $3 }')
[ -n "$after" ] || { echo "$first: not a first move of White's" >&2; exit 2; }
list "$after" | while read -r reply board turn; do
  name=${first}_$reply
  if grep -qs '"state": "\(proved\|disproved\)"' "$work/$name.json"; then
    echo "$first $reply: $(grep -o '"state": "[a-z]*"' "$work/$name.json" | head -1 | cut -d'"' -f4) (before)"
    continue
  fi
  [ -f "$work/$name.fns" ] || cp "$seed" "$work/$name.fns"
  # shellcheck disable=SC2086
  /usr/bin/time -v "$bin" solve --position "$board $turn" $flags --db "$db" \
    --pieces "$pieces" --goal black --threads 1 --moves none --memory "$memory" \
    --table-cache 1.5 --nodes "$nodes" --time-limit "$seconds" \
    --checkpoint "$work/$name.fns" --checkpoint-every 0 --json \
    > "$work/$name.json" 2> "$work/$name.log" < /dev/null || true
  echo "$first $reply: $(grep -o '"goals": \[[^]]*\]' "$work/$name.json" || echo error)"
done
