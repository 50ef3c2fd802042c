"""Brute-force retrograde solver for tiny boards, built on fano.py (RULES.md only).

Values for the side to move: win / draw / loss, with the distance in plies to the end
under optimal play (winner fastest, loser slowest), as RULES.md 'Notation' defines.

Usage as a library: solve(rules, max_stones) -> (positions list, val, dist)
  val[i]: 1 win, 2 loss, 0 draw
"""
import itertools
from array import array
from collections import deque
from fano import Rules


def enumerate_positions(ru, max_stones):
    """Every position with 0 < stones <= max_stones (a block counts as a stone) - both sides to
    move; with the sacrifice rule also every position where one stone of the side NOT to move is
    a block. Positions with a side of no stones are included (terminal)."""
    N = ru.N
    out = []
    for k in range(1, max_stones + 1):
        for pts in itertools.combinations(range(N), k):
            for colours in itertools.product('WB', repeat=k):
                b = ['.'] * N
                for p, c in zip(pts, colours):
                    b[p] = c
                board = ''.join(b)
                for side in 'wb':
                    out.append((board, side))
                    if ru.sacrifice:
                        other = 'B' if side == 'w' else 'W'
                        for p, c in zip(pts, colours):
                            if c == other:
                                out.append((board[:p] + other.lower() + board[p + 1:], side))
    return out


def solve(ru, max_stones, progress=False):
    pos = enumerate_positions(ru, max_stones)
    index = {p: i for i, p in enumerate(pos)}
    n = len(pos)
    off = array('I', [0])
    kids = array('I')
    val = array('b', bytes(n))
    dist = array('h', [-1]) * n
    cnt = array('i', [0]) * n
    q = deque()
    for i, p in enumerate(pos):
        if progress and i % 100000 == 0:
            print(f'  gen {i}/{n}', flush=True)
        ch = ru.children(p)
        for c in ch:
            kids.append(index[c])
        off.append(len(kids))
        cnt[i] = len(ch)
        if not ch:
            board, side = p
            me = 'W' if side == 'w' else 'B'
            en = 'B' if side == 'w' else 'W'
            if me not in board:
                val[i], dist[i] = 2, 0            # no stones left: lost
            elif en not in board and en.lower() not in board:
                val[i], dist[i] = 1, 0            # the other side has no stones: it has lost
            elif ru.stalemate == 'loss':
                val[i], dist[i] = 2, 0            # no legal move: loss
            else:
                val[i], dist[i] = 0, -2           # no legal move: draw (final, never resolved)
                continue
            q.append(i)
    # parents (CSR)
    pcount = array('I', [0]) * (n + 1)
    for c in kids:
        pcount[c + 1] += 1
    for i in range(n):
        pcount[i + 1] += pcount[i]
    fill = array('I', pcount[:n])
    par = array('I', [0]) * len(kids)
    for i in range(n):
        for j in range(off[i], off[i + 1]):
            c = kids[j]
            par[fill[c]] = i
            fill[c] += 1
    # BFS by distance
    while q:
        c = q.popleft()
        d = dist[c]
        if val[c] == 2:          # child lost for its mover -> parent wins in d+1
            for j in range(pcount[c], pcount[c + 1]):
                p = par[j]
                if val[p] == 0 and dist[p] == -1:
                    val[p], dist[p] = 1, d + 1
                    q.append(p)
        else:                    # child won -> one fewer escape for parent
            for j in range(pcount[c], pcount[c + 1]):
                p = par[j]
                if val[p] == 0 and dist[p] == -1:
                    cnt[p] -= 1
                    if cnt[p] == 0:
                        val[p], dist[p] = 2, d + 1
                        q.append(p)
    return pos, val, dist


def value_str(v, d):
    return {1: 'win', 2: 'loss', 0: 'draw'}[v], (d if v else None)


if __name__ == '__main__':
    import sys
    ru = Rules(3, 3)
    pos, val, dist = solve(ru, 9)
    i = pos.index(ru.parse('BBB/B.W/WWW w'))
    print(value_str(val[i], dist[i]))
