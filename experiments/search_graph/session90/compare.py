#!/usr/bin/env python3
"""Compares suite runs (suite.sh's lines) with a base run: for each memory
size, the expansions summed and the geometric mean and median of the
ratios position by position (a sum is swayed by the one position that
thrashes; the mean of logs is not).

usage: compare.py BASE.txt RUN.txt...
"""
import math
import sys


def load(path):
    runs = {}
    for line in open(path):
        w = line.split()
        if len(w) == 10 and w[3] in ("disproved", "proved", "open"):
            runs[(w[1], w[2])] = int(w[4])
    return runs


base = load(sys.argv[1])
for path in sys.argv[1:]:
    run = load(path)
    for mem in sorted({m for m, _ in base}):
        keys = [k for k in base if k[0] == mem and k in run]
        ratios = sorted(run[k] / base[k] for k in keys)
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{path} {mem} GiB: {len(keys)} positions, {sum(run[k] for k in keys):,} expansions, "
              f"ratio geometric mean {mean:.3f}, median {ratios[len(ratios) // 2]:.3f}")
