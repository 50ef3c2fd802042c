"""Check fano.py against /work/main/tests/data/perft.csv."""
import os
import csv, sys, time
from fano import Rules

LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 3_000_000

def dims(fen):
    rows = fen.split()[0].split('/')
    C = 0; j = 0; row = rows[0]
    while j < len(row):
        if row[j].isdigit():
            k = j
            while k < len(row) and row[k].isdigit(): k += 1
            C += int(row[j:k]); j = k
        else:
            C += 1; j += 1
    return C, len(rows)

rows = []
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/data/perft.csv')) as f:
    for line in f:
        if line.startswith('#') or line.startswith('position,'):
            continue
        rows.append(next(csv.reader([line])))
ok = bad = skipped = 0
caches = {}
t0 = time.time()
for pos, diag, cont, sac, depth, nodes in rows:
    depth = int(depth); nodes = int(nodes)
    if nodes > LIMIT:
        skipped += 1
        continue
    C, R = dims(pos)
    key = (C, R, diag, cont, sac)
    if key not in caches:
        caches[key] = (Rules(C, R, diagonals=diag, continuation=cont, sacrifice=(sac == 'on')), {})
    ru, cache = caches[key]
    got = ru.perft(ru.parse(pos), depth, cache)
    if len(cache) > 3_000_000:
        cache.clear()
    if got == nodes:
        ok += 1
    else:
        bad += 1
        print(f'MISMATCH {pos!r} diag={diag} cont={cont} sac={sac} depth={depth} csv={nodes} mine={got}', flush=True)
print(f'rows={len(rows)} ok={ok} mismatch={bad} skipped(>{LIMIT})={skipped} seconds={time.time()-t0:.0f}')
