#!/usr/bin/env python3
"""Writes tests/data/perft.csv: perft counts the engine gives, for every start
position (all 49 board sizes, both diagonal rules, free and forced
continuation; the sacrifice move and Black first on some) and a few
middle-game positions. tests/engine_vs_naive.rs (perft_suite_file) checks
every row against the engine and the smaller ones against the naive move
generator, which shares no code with it.

usage: make_suite.py FANORONA_BINARY > tests/data/perft.csv
"""
import json
import subprocess
import sys

BIN = sys.argv[1]
SIZES = [1, 3, 5, 7, 9, 11, 13]
LIMIT = 30_000  # a series ends with its first row past this
MAX_DEPTH = 8


def perft(args, depth):
    out = subprocess.run([BIN, "perft", *args, "--depth", str(depth), "--threads", "1", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["nodes"]


def start_fen(args):
    out = subprocess.run([BIN, "perft", *args, "--depth", "0"], check=True,
                         capture_output=True, text=True).stdout
    head = out.splitlines()[0]  # "perft from FEN (rules...), counting ..."
    return head[len("perft from "):head.index(" (")]


def series(fen, diagonals, continuation, sacrifice, limit=LIMIT, max_depth=MAX_DEPTH):
    args = ["--position", fen, "--diagonals", diagonals, "--continuation", continuation]
    if sacrifice:
        args.append("--sacrifice")
    for depth in range(1, max_depth + 1):
        nodes = perft(args, depth)
        print(f"{fen},{diagonals},{continuation},{'on' if sacrifice else 'off'},{depth},{nodes}")
        if nodes > limit or nodes == 0:
            break


print("# perft: leaves N turns deep, children = distinct resulting positions (RULES.md).")
print("# Made by experiments/perft/make_suite.py; checked by tests/engine_vs_naive.rs.")
print("position,diagonals,continuation,sacrifice,depth,nodes")
for c in SIZES:
    for r in SIZES:
        for diagonals in ["corner", "center"]:
            for continuation in ["free", "forced"]:
                fen = start_fen(["--board", f"{c}x{r}", "--diagonals", diagonals])
                series(fen, diagonals, continuation, False)
for c, r in [(3, 3), (5, 3), (3, 5), (5, 5), (7, 3), (9, 5)]:
    series(start_fen(["--board", f"{c}x{r}"]), "corner", "free", True, limit=10_000)
    series(start_fen(["--board", f"{c}x{r}", "--first", "black"]), "corner", "free", False)
for fen in [
    "........./..B..WBWB/........./.W.BB.B../......... w",
    "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b",
    "...B./...../...W./..Bw./...W. b",
    "B.B.B/.W.W./B.B.B/.W.W./B.B.B w",
    ".B./.W./.W. w",
]:
    for sacrifice in [False, True]:
        series(fen, "corner", "forced" if sacrifice else "free", sacrifice, limit=10_000)
