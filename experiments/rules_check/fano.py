"""Independent Fanorona rules implementation, written from /work/shared/RULES.md only.

Board: C columns x R rows, index i = y*C + x, (x, y) = (0, 0) is a1 (bottom left).
A position is (board, side): board is a str of length C*R over 'W','B','.','w','b'
(lower case = a sacrificed stone, a block), side is 'w' or 'b' (to move).
"""
import sys

DIRS8 = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
DIRNAME = {}


class Rules:
    def __init__(self, C, R, diagonals='corner', continuation='free', sacrifice=False,
                 stalemate='loss', first='white', move_limit=False):
        assert C % 2 == 1 and R % 2 == 1 and 1 <= C <= 13 and 1 <= R <= 13
        self.C, self.R, self.N = C, R, C * R
        self.diagonals = diagonals
        self.forced = (continuation == 'forced')
        self.sacrifice = sacrifice
        self.stalemate = stalemate
        self.first = first
        self.move_limit = move_limit
        cx, cy = C // 2, R // 2
        self.strong = []
        for i in range(self.N):
            x, y = i % C, i // C
            if diagonals == 'corner':
                s = (x + y) % 2 == 0          # RULES: x + y even, a1 strong
            else:
                s = (abs(x - cx) + abs(y - cy)) % 2 == 0   # centre strong, alternating
            self.strong.append(s)
        # ray[i][d] = list of points from i going in direction d (excluding i), along a line
        self.dirs = []   # dirs[i] = list of direction indexes usable from i
        self.step = [[None] * 8 for _ in range(self.N)]
        for i in range(self.N):
            x, y = i % C, i // C
            ds = []
            for d, (dx, dy) in enumerate(DIRS8):
                if dx != 0 and dy != 0 and not self.strong[i]:
                    continue
                nx, ny = x + dx, y + dy
                if 0 <= nx < C and 0 <= ny < R:
                    self.step[i][d] = ny * C + nx
                    ds.append(d)
            self.dirs.append(ds)
        # opposite direction index
        self.opp = [DIRS8.index((-dx, -dy)) for (dx, dy) in DIRS8]

    # ---------- notation ----------
    def name(self, i):
        return 'abcdefghijklm'[i % self.C] + str(i // self.C + 1)

    def parse(self, fen):
        rows_s, side = fen.split()
        rows = rows_s.split('/')
        assert len(rows) == self.R, (fen, self.R)
        cells = [None] * self.N
        for r, row in enumerate(rows):
            y = self.R - 1 - r
            out = []
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    out.extend('.' * int(row[j:k]))
                    j = k
                else:
                    out.append(ch)
                    j += 1
            assert len(out) == self.C, (fen, row)
            for x, ch in enumerate(out):
                cells[y * self.C + x] = ch
        return ''.join(cells), side

    def fen(self, pos):
        board, side = pos
        rows = []
        for y in range(self.R - 1, -1, -1):
            rows.append(board[y * self.C:(y + 1) * self.C])
        return '/'.join(rows) + ' ' + side

    def start(self):
        C, R = self.C, self.R
        h = R // 2
        cells = ['.'] * self.N
        for y in range(R):
            for x in range(C):
                if y < h:
                    cells[y * C + x] = 'W'
                elif y > h:
                    cells[y * C + x] = 'B'
        left = ['B' if x % 2 == 0 else 'W' for x in range(C // 2)]
        mid = left + ['.'] + [{'B': 'W', 'W': 'B'}[c] for c in reversed(left)]
        for x in range(C):
            cells[h * C + x] = mid[x]
        return ''.join(cells), ('w' if self.first == 'white' else 'b')

    # ---------- move generation ----------
    def _captures_from(self, board, p, last_d, visited, me, en):
        """Yield (d, kind, q, captured_list) for every capturing step of the stone on p."""
        step = self.step
        res = []
        for d in self.dirs[p]:
            if d == last_d:
                continue
            q = step[p][d]
            if board[q] != '.' or q in visited:
                continue
            # approach
            r = step[q][d]
            if r is not None and board[r] == en:
                cap = []
                while r is not None and board[r] == en:
                    cap.append(r)
                    r = step[r][d]
                res.append((d, 'A', q, cap))
            # withdrawal
            od = self.opp[d]
            r = step[p][od]
            if r is not None and board[r] == en:
                cap = []
                while r is not None and board[r] == en:
                    cap.append(r)
                    r = step[r][od]
                res.append((d, 'W', q, cap))
        return res

    def turns(self, pos):
        """All legal turns: list of (move_string, child_position). Empty when game over."""
        board, side = pos
        me = 'W' if side == 'w' else 'B'
        en = 'B' if side == 'w' else 'W'
        my_block = me.lower()
        # Side to move: its own block (if any) was removed just before this turn.
        if my_block in board:
            board = board.replace(my_block, '.')
        if me not in board:
            return []          # no stones left: lost
        if en not in board and en.lower() not in board:
            return []          # the other side has no stones left: it has lost, game over
        nside = 'b' if side == 'w' else 'w'
        out = []
        caps_exist = False
        for p in range(self.N):
            if board[p] != me:
                continue
            first = self._captures_from(board, p, None, (p,), me, en)
            if first:
                caps_exist = True
            for (d, kind, q, cap) in first:
                self._chain(board, p, q, d, kind, cap, (p,), self.name(p), me, en, nside, out)
        if not caps_exist:
            for p in range(self.N):
                if board[p] != me:
                    continue
                for d in self.dirs[p]:
                    q = self.step[p][d]
                    if board[q] == '.':
                        b = list(board)
                        b[p] = '.'
                        b[q] = me
                        nb = ''.join(b)
                        out.append((self.name(p) + '-' + self.name(q), (nb.replace(en.lower(), '.'), nside)))
        if self.sacrifice:
            base = board.replace(en.lower(), '.')   # the enemy block goes before its owner's turn
            for p in range(self.N):
                if board[p] == me:
                    out.append(('x' + self.name(p), (base[:p] + my_block + base[p + 1:], nside)))
        return out

    def _chain(self, board, p, q, d, kind, cap, visited, path, me, en, nside, out):
        b = list(board)
        b[p] = '.'
        b[q] = me
        for c in cap:
            b[c] = '.'
        nb = ''.join(b)
        npath = path + '-' + self.name(q) + kind
        nvis = visited + (q,)
        nxt = self._captures_from(nb, q, d, nvis, me, en)
        if not self.forced or not nxt:
            out.append((npath, (nb.replace(en.lower(), '.'), nside)))
        for (d2, k2, q2, cap2) in nxt:
            self._chain(nb, q, q2, d2, k2, cap2, nvis, npath, me, en, nside, out)

    def children(self, pos):
        """Distinct resulting positions."""
        seen = {}
        for m, c in self.turns(pos):
            if c not in seen:
                seen[c] = m
        return list(seen)

    def perft(self, pos, depth, cache=None):
        if cache is None:
            cache = {}
        if depth == 0:
            return 1
        key = (pos, depth)
        v = cache.get(key)
        if v is not None:
            return v
        ch = self.children(pos)
        if depth == 1:
            v = len(ch)
        else:
            v = sum(self.perft(c, depth - 1, cache) for c in ch)
        cache[key] = v
        return v


def rules_from_args(C, R, **kw):
    return Rules(C, R, **kw)


if __name__ == '__main__':
    # usage: fano.py FEN [--diagonals X] [--continuation X] [--sacrifice] [--perft N]
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument('fen')
    ap.add_argument('--diagonals', default='corner')
    ap.add_argument('--continuation', default='free')
    ap.add_argument('--sacrifice', action='store_true')
    ap.add_argument('--perft', type=int)
    a = ap.parse_args()
    rows = a.fen.split()[0].split('/')
    R = len(rows)
    tmp = Rules(1, 1)
    # count columns from first row
    C = 0
    j = 0
    row = rows[0]
    while j < len(row):
        if row[j].isdigit():
            k = j
            while k < len(row) and row[k].isdigit():
                k += 1
            C += int(row[j:k]); j = k
        else:
            C += 1; j += 1
    ru = Rules(C, R, diagonals=a.diagonals, continuation=a.continuation, sacrifice=a.sacrifice)
    pos = ru.parse(a.fen)
    if a.perft:
        print(ru.perft(pos, a.perft))
    else:
        for m, c in sorted(ru.turns(pos)):
            print(m, ru.fen(c))
