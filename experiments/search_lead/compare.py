#!/usr/bin/env python3
"""Compares suite results (suite.sh output files) position by position:
how many each settled, and on those both settled, fewer / more nodes, the
geometric mean of the node ratio against the first file, and the sums.
usage: compare.py BASE.txt OTHER.txt ..."""
import math
import sys


def load(path):
    rows = {}
    for line in open(path):
        fen, goal, state, nodes, *seconds = line.rstrip("\n").split("\t")
        rows[(fen, goal)] = (state, int(nodes), float(seconds[0]) if seconds else None)
    return rows


base = load(sys.argv[1])
print(f"{sys.argv[1]}: {sum(r[0] != 'open' for r in base.values())} of {len(base)} settled, "
      f"{sum(r[1] for r in base.values()):,} nodes")
for path in sys.argv[2:]:
    other = load(path)
    fewer = more = same = 0
    logs, sb, so = [], 0, 0
    t0 = t1 = 0.0
    for key, (s0, n0, sec0) in base.items():
        s1, n1, sec1 = other[key]
        if s0 != "open" and s1 != "open":
            assert s0 == s1, (key, s0, s1)
        if s0 == "open" or s1 == "open":
            continue
        sb, so = sb + n0, so + n1
        t0, t1 = t0 + (sec0 or 0), t1 + (sec1 or 0)
        fewer, more, same = fewer + (n1 < n0), more + (n1 > n0), same + (n1 == n0)
        logs.append(math.log(max(n1, 1) / max(n0, 1)))
    settled = sum(r[0] != "open" for r in other.values())
    print(f"{path}: {settled} settled, {sum(r[1] for r in other.values()):,} nodes; on the {len(logs)} "
          f"both settled: {fewer} fewer, {more} more, {same} same, geomean "
          f"{math.exp(sum(logs) / len(logs)):.3f}, sum {sb:,} -> {so:,}"
          + (f", seconds {t0:.1f} -> {t1:.1f}" if t0 and t1 else ""))
