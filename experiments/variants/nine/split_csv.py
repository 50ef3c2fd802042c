#!/usr/bin/env python3
"""One CSV row a child search of split.sh (or a reply search), from the
JSON files `solve --json` wrote: the position searched, its goal's state
and numbers, nodes and seconds.

Usage: split_csv.py LABEL FILE.json... >> out.csv
(LABEL names the line above the child, e.g. "d3-e3A f4-f3A"; the child's
move is the part of the file name after the last '_'.)"""
import json
import os
import sys


def main():
    label, files = sys.argv[1], sys.argv[2:]
    for path in files:
        with open(path) as f:
            lines = [l for l in f.read().splitlines() if l.startswith("{")]
        if not lines:
            continue
        d = json.loads(lines[-1])
        g = d["goals"][0] if d.get("goals") else {}
        move = os.path.basename(path).rsplit(".json", 1)[0].rsplit("_", 1)[-1]
        print(",".join(str(x) for x in [
            label, move, d["position"], g.get("attacker", ""), g.get("state", ""),
            g.get("proof", ""), g.get("disproof", ""), d["nodes"], round(d["seconds"], 1),
        ]))


if __name__ == "__main__":
    main()
