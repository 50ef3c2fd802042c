#!/usr/bin/env python3
"""Parse search checkpoints (and builder snapshots) with fnreader; print headers and a summary."""
import sys, json
from fnreader import parse_checkpoint, parse_snapshot, FormatError

def node_fen(h, n):
    white, black, side, block, turns = n
    C, R = h["cols"], h["rows"]
    rows = []
    for y in range(R - 1, -1, -1):
        s = ""
        for x in range(C):
            p = y * C + x
            if white >> p & 1:
                s += "w" if p == block else "W"
            elif black >> p & 1:
                s += "b" if p == block else "B"
            else:
                s += "."
        rows.append(s)
    return "/".join(rows) + " " + "wb"[side] + ("" if turns == 65535 else f" [turns {turns}]")

for path in sys.argv[1:]:
    try:
        if path.endswith(".snapshot"):
            h, arrays = parse_snapshot(path)
            print(path, json.dumps(h))
            for k, (codes, aux) in enumerate(arrays):
                settled = sum(1 for c in codes if c)
                bad = [a for a in aux if a & ~(h["cnt_mask"] | h["win_pending"] | h["draw_exit"] | (((1 << (8 * h["aux_width"])) - 1) >> h["dist_shift"] << h["dist_shift"]))]
                print(f"  class {k}: size {len(codes)} settled {settled} aux with stray bits {len(bad)} max code {max(codes, default=0)}")
            continue
        h, recs = parse_checkpoint(path)
    except FormatError as e:
        print("ERROR", e); continue
    print(path, json.dumps(h))
    print("  records: solved %d tree %d pd %d est %d" % tuple(len(recs[k]) for k in ("solved", "tree", "pd", "est")))
    if recs["tree"]:
        print("  tree root:", node_fen(h, recs["tree"][0][0]), "pn/dn", recs["tree"][0][1:3])
    if recs["solved"]:
        r = recs["solved"][0]
        print("  first solved:", node_fen(h, r[0]), "attacker", r[1], "pn", r[2], "dn", r[3])
    if recs["pd"]:
        r = recs["pd"][0]
        print("  first pd:", node_fen(h, r[0]), "stretch", len(r[3]), "first", node_fen(h, r[3][0]))
    if recs["est"]:
        r = recs["est"][0]
        print("  first est:", node_fen(h, r[0]), "attacker", r[1], "pn/dn", r[2:])
