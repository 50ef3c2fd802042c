"""Solve a tiny board with solver.py, build the engine's tables for the same rules and compare
every position (or a random sample) through `fanorona probe --json`.
usage: compare_tables.py CxR MAXSTONES|all [--diagonals X] [--continuation X] [--stalemate X]
       [--sacrifice] [--first X] [--move-limit T1,T2,...] [--sample N] [--seed S]"""
import argparse, json, random, subprocess, sys, time, os, collections
from fano import Rules
from solver import solve, value_str
B = os.environ.get('FANORONA', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../target/release/fanorona'))
ap = argparse.ArgumentParser()
ap.add_argument('board'); ap.add_argument('stones')
ap.add_argument('--diagonals', default='corner'); ap.add_argument('--continuation', default='free')
ap.add_argument('--stalemate', default='loss'); ap.add_argument('--sacrifice', action='store_true')
ap.add_argument('--first', default='white')
ap.add_argument('--move-limit', default=None, help='comma-separated --turns-left values')
ap.add_argument('--sample', type=int, default=0); ap.add_argument('--seed', type=int, default=1)
a = ap.parse_args()
C, R = map(int, a.board.split('x'))
K = C * R if a.stones == 'all' else int(a.stones)
ru = Rules(C, R, diagonals=a.diagonals, continuation=a.continuation, sacrifice=a.sacrifice,
           stalemate=a.stalemate, first=a.first)
flags = ['--diagonals', a.diagonals, '--continuation', a.continuation, '--stalemate', a.stalemate,
         '--first', a.first] + (['--sacrifice'] if a.sacrifice else [])
tag = f'{a.board}_{a.stones}_{a.diagonals}_{a.continuation}_{a.stalemate}_{a.first}_{"sac" if a.sacrifice else "nosac"}'
db = f'/tmp/rc_db/{tag}'
t0 = time.time()
pos, val, dist = solve(ru, K, progress=len(a.board) > 3)
print(f'[{tag}] my solver: {len(pos)} positions in {time.time()-t0:.1f}s; '
      f'wins={sum(1 for v in val if v==1)} losses={sum(1 for v in val if v==2)} draws={sum(1 for v in val if v==0)}', flush=True)
bcmd = [B, 'build', '--board', a.board, '--pieces', 'all' if a.stones == 'all' else str(K), '--db', db,
        '--threads', '1', '--memory', '2'] + flags
print('$', ' '.join(bcmd), flush=True)
r = subprocess.run(bcmd, capture_output=True, text=True)
print('  build:', (r.stdout.strip().splitlines() or [''])[-1], r.stderr.strip()[-300:], flush=True)
idx = list(range(len(pos)))
if a.sample and a.sample < len(idx):
    idx = random.Random(a.seed).sample(idx, a.sample)
fens = [ru.fen(pos[i]) for i in idx]
runs = [None] if a.move_limit is None else [int(t) for t in a.move_limit.split(',')]
for tl in runs:
    extra = [] if tl is None else ['--move-limit', '--turns-left', str(tl)]
    mism = errors = 0
    cnt = collections.Counter()
    for s in range(0, len(fens), 20000):
        chunk = fens[s:s + 20000]
        pr = subprocess.run([B, 'probe', '--db', db, '--json'] + flags + extra,
                            input='\n'.join(chunk) + '\n', capture_output=True, text=True)
        lines = [json.loads(l) for l in pr.stdout.splitlines() if l.strip()]
        if len(lines) != len(chunk):
            print('  probe returned', len(lines), 'of', len(chunk), pr.stderr[-500:])
        for j, o in enumerate(lines):
            i = idx[s + j]
            assert o['position'] == chunk[j], (o['position'], chunk[j])
            if 'error' in o:
                errors += 1
                if errors <= 5:
                    print('  ENGINE ERROR', o['position'], o['error'])
                continue
            v, d = value_str(val[i], dist[i])
            if tl is not None and v != 'draw' and d > tl:
                v, d = 'draw', None
            cnt[v] += 1
            if (o['value'], o['plies']) != (v, d):
                mism += 1
                if mism <= 20:
                    print(f'  MISMATCH {o["position"]!r}: engine {o["value"]} {o["plies"]}, mine {v} {d}', flush=True)
    print(f'[{tag}{"" if tl is None else " move-limit turns-left="+str(tl)}] compared={len(fens)-errors} '
          f'(win {cnt["win"]}, loss {cnt["loss"]}, draw {cnt["draw"]}) mismatches={mism} engine_errors={errors} '
          f'elapsed={time.time()-t0:.0f}s', flush=True)
