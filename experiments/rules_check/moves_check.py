"""Compare the full turn lists (move notation + resulting position) of fano.py and
`fanorona moves --json` on random positions of random boards under random variants."""
import os
import json, random, subprocess, sys, collections
from fano import Rules
B = os.environ.get('FANORONA', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../target/release/fanorona'))
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
NPOS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
sizes = [1, 3, 5, 7, 9, 11, 13]

def random_position(ru):
    kind = rng.random()
    if kind < 0.5:
        # random playout from the start
        pos = ru.start()
        for _ in range(rng.randrange(0, 40)):
            t = ru.turns(pos)
            if not t: break
            pos = rng.choice(t)[1]
        return pos
    dens = rng.choice([0.1, 0.25, 0.4, 0.6, 0.8])
    cells = []
    for i in range(ru.N):
        r = rng.random()
        cells.append('.' if r > dens else ('W' if rng.random() < 0.5 else 'B'))
    side = rng.choice('wb')
    if ru.sacrifice and rng.random() < 0.5:
        other = 'B' if side == 'w' else 'W'
        idx = [i for i, c in enumerate(cells) if c == other]
        if idx:
            cells[rng.choice(idx)] = other.lower()
    return ''.join(cells), side

n = bad = 0
stats = collections.Counter()
for k in range(NPOS):
    C, R = rng.choice(sizes), rng.choice(sizes)
    if rng.random() < 0.5:
        C, R = rng.choice([3, 5, 7, 9]), rng.choice([3, 5])
    kw = dict(diagonals=rng.choice(['corner', 'center']), continuation=rng.choice(['free', 'forced']),
              sacrifice=rng.random() < 0.3)
    ru = Rules(C, R, **kw)
    pos = random_position(ru)
    fen = ru.fen(pos)
    args = [B, 'moves', '--position', fen, '--json', '--diagonals', kw['diagonals'],
            '--continuation', kw['continuation']] + (['--sacrifice'] if kw['sacrifice'] else [])
    out = subprocess.run(args, capture_output=True, text=True)
    try:
        eng = collections.Counter((d['move'], d['position']) for d in json.loads(out.stdout))
    except Exception:
        print('ENGINE ERROR', fen, kw, out.stderr.strip()); bad += 1; continue
    mine = collections.Counter((m, ru.fen(c)) for m, c in ru.turns(pos))
    n += 1
    stats['turns'] += sum(mine.values())
    if eng != mine:
        bad += 1
        print(f'MISMATCH {C}x{R} {fen!r} {kw}\n  engine-only: {sorted((eng - mine).elements())[:10]}\n  mine-only: {sorted((mine - eng).elements())[:10]}', flush=True)
print(f'positions={n} turns_compared={stats["turns"]} mismatches={bad}')
