#!/bin/bash
# usage: replies.sh BIN LABEL [MEM]: forced 5x7 b4-c4A, "Black wins?" on the graph
# (`--graph --weak`, MEM GiB, default 1.25), 8-stone forced tables (DB, default
# /work/runs/s76/db7x5f), with a checkpoint LABEL.fns; then each of Black's
# replies searched from a copy of that checkpoint with at most 1,000 expansions.
# The root is disproved, so every reply was disproved in the search: each
# should be answered in 0 expansions, from the checkpoint alone.
# Prints one line a reply: move, expansions, state.
set -u
BIN=$1; L=$2; MEM=${3:-1.25}
P="BBBBB/BBBBB/BBBBB/B.W.W/WWWWW/WWWWW/WWWWW b"
common=(--continuation forced --graph --weak --goal black --db "${DB:-/work/runs/s76/db7x5f}" --pieces 8
        --moves none --threads 1 --memory "$MEM" --table-cache 0.25 --json)
rm -f "$L.fns"
/usr/bin/time -v "$BIN" solve --position "$P" "${common[@]}" --checkpoint "$L.fns" > "$L.json" 2> "$L.log"
"$BIN" moves --position "$P" --continuation forced --json |
  python3 -c 'import json, sys; [print(m["move"], m["position"]) for m in json.load(sys.stdin)]' |
  while read -r move pos turn; do
    cp "$L.fns" "$L.reply.fns"
    "$BIN" solve --position "$pos $turn" "${common[@]}" --checkpoint "$L.reply.fns" --nodes 1000 2>/dev/null |
      python3 -c "import json, sys; d = json.load(sys.stdin); print('$move', d['nodes'], d['goals'][-1]['state'])"
  done | tee "$L.replies.txt"
rm -f "$L.reply.fns"
