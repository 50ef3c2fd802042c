#!/usr/bin/env python3
"""Random quiet lopsided positions: COUNT positions of a board with A
stones for the side to move against O for the other, where the side to
move has moves and none of them captures (random placements with a
capture on are mostly settled at once), printed as FEN lines with the goal
(the side with more stones) after a tab. Seeded, so the same arguments
print the same positions. BIN lists the moves (`fanorona moves --json`).
usage: positions.py BIN CxR A O COUNT SEED"""
import json
import random
import subprocess
import sys


def quiet(binary, fen):
    out = subprocess.run([binary, "moves", "--position", fen, "--json"],
                         capture_output=True, text=True, check=True).stdout
    moves = [m["move"] for m in json.loads(out)]
    return moves and not any(m[-1] in "AW" for m in moves)

def main():
    binary, board, a, o, count, seed = sys.argv[1:7]
    cols, rows = map(int, board.split("x"))
    a, o, count = int(a), int(o), int(count)
    rng = random.Random(int(seed))
    made = 0
    while made < count:
        turn = rng.choice("wb")
        mover, other = ("W", "B") if turn == "w" else ("B", "W")
        cells = ["."] * (cols * rows)
        for i, p in enumerate(rng.sample(range(cols * rows), a + o)):
            cells[p] = mover if i < a else other
        fen = "/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))
        if not quiet(binary, f"{fen} {turn}"):
            continue
        made += 1
        ahead = mover if a > o else other
        print(f"{fen} {turn}\t{'white' if ahead == 'W' else 'black'}")

main()
