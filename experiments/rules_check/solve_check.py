"""Compare `fanorona solve --position FEN --pieces 0 --json` (proof-number search, no tables) with
solver.py on random positions (stratified: wins, losses, draws), values of the position and of
every first move. usage: solve_check.py CxR MAXSTONES N [variant flags] [--turns-played P]"""
import os
import argparse, json, random, subprocess, time, collections
from fano import Rules
from solver import solve, value_str
B = os.environ.get('FANORONA', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../target/release/fanorona'))
ap = argparse.ArgumentParser()
ap.add_argument('board'); ap.add_argument('stones', type=int); ap.add_argument('n', type=int)
ap.add_argument('--diagonals', default='corner'); ap.add_argument('--continuation', default='free')
ap.add_argument('--stalemate', default='loss'); ap.add_argument('--sacrifice', action='store_true')
ap.add_argument('--move-limit', action='store_true'); ap.add_argument('--seed', type=int, default=5)
a = ap.parse_args()
C, R = map(int, a.board.split('x'))
ru = Rules(C, R, diagonals=a.diagonals, continuation=a.continuation, sacrifice=a.sacrifice, stalemate=a.stalemate)
flags = ['--diagonals', a.diagonals, '--continuation', a.continuation, '--stalemate', a.stalemate] + \
        (['--sacrifice'] if a.sacrifice else [])
pos, val, dist = solve(ru, a.stones)
index = {p: i for i, p in enumerate(pos)}
rng = random.Random(a.seed)
groups = collections.defaultdict(list)
for i, p in enumerate(pos):
    b = p[0]
    if 'W' in b.upper() and 'B' in b.upper() and ru.turns(p):
        groups[val[i]].append(i)
pick = []
for v in (1, 2, 0):
    g = groups[v]
    pick += rng.sample(g, min(len(g), a.n // 3))
limit = 10 * R
tag = f'{a.board} <= {a.stones} stones {" ".join(flags)}{" --move-limit" if a.move_limit else ""}'
n = mism = moves_cmp = unknown = 0
cnt = collections.Counter()
t0 = time.time()
for i in pick:
    fen = ru.fen(pos[i])
    extra = []
    tl = None
    if a.move_limit:
        played = rng.randrange(0, limit + 1)
        tl = limit - played
        extra = ['--move-limit', '--turns-played', str(played)]
    cmd = [B, 'solve', '--position', fen, '--pieces', '0', '--json', '--quiet', '--threads', '1',
           '--memory', '0.5', '--time-limit', '30', '--db', '/tmp/rc_db/solve0', '--moves', 'all'] + flags + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    try:
        o = json.loads(r.stdout.strip().splitlines()[-1])
    except Exception:
        print('ENGINE ERROR', fen, r.stderr[-300:]); mism += 1; continue
    def mine(j):
        v, d = value_str(val[j], dist[j])
        if tl is not None and v != 'draw' and d > tl:
            v = 'draw'
        return v
    n += 1
    mv = mine(i)
    cnt[mv] += 1
    bad = []
    if o['value'] != mv:
        bad.append(f'position: engine {o["value"]} mine {mv}')
    tmap = {m: c for m, c in ru.turns(pos[i])}
    flip = {'win': 'loss', 'loss': 'win', 'draw': 'draw'}
    if tl is not None:
        tl -= 1
    for fm in o.get('first_moves', []):
        if fm['value'] in (None, 'unknown'):
            unknown += 1; continue
        c = tmap[fm['move']]
        cv = flip[mine(index[c])]
        moves_cmp += 1
        if fm['value'] != cv:
            bad.append(f'move {fm["move"]}: engine {fm["value"]} mine {cv}')
    if tl is not None:
        tl += 1
    expect = 0 if tl == 0 else len(tmap)      # no turn is left once the move limit is reached
    if len(o.get('first_moves', [])) != expect:
        bad.append(f'first_moves count engine {len(o.get("first_moves", []))} mine {expect} turns')
    if bad:
        mism += 1
        print(f'MISMATCH {fen!r} {tag} {"turns-left "+str(tl) if tl is not None else ""}: ' + '; '.join(bad), flush=True)
print(f'[solve {tag}] positions={n} (win {cnt["win"]}, loss {cnt["loss"]}, draw {cnt["draw"]}) '
      f'first_moves_compared={moves_cmp} unknown={unknown} mismatching_positions={mism} seconds={time.time()-t0:.0f}', flush=True)
