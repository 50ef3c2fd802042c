"""Perft from the START positions of many boards (my start position built from RULES.md) under
--first black / white, both diagonal rules, free/forced, sacrifice; engine `perft --board`."""
import os
import json, subprocess, itertools, time
from fano import Rules
B = os.environ.get('FANORONA', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../target/release/fanorona'))
n = bad = 0
t0 = time.time()
for C, R in [(1,1),(1,3),(3,1),(3,3),(5,3),(3,5),(5,5),(7,3),(3,7),(7,5),(9,3),(9,5),(11,5),(13,3),(13,13),(1,13),(11,7)]:
    for first, diag, cont, sac in itertools.product(['white', 'black'], ['corner', 'center'], ['free', 'forced'], [False, True]):
        ru = Rules(C, R, diagonals=diag, continuation=cont, sacrifice=sac, first=first)
        cache = {}
        for d in range(1, 8):
            mine = ru.perft(ru.start(), d, cache)
            flags = ['--first', first, '--diagonals', diag, '--continuation', cont] + (['--sacrifice'] if sac else [])
            o = subprocess.run([B, 'perft', '--board', f'{C}x{R}', '--depth', str(d), '--json', '--threads', '1'] + flags,
                               capture_output=True, text=True)
            eng = json.loads(o.stdout.strip().splitlines()[-1])['nodes']
            n += 1
            if eng != mine:
                bad += 1
                print(f'MISMATCH {C}x{R} {" ".join(flags)} depth {d}: engine {eng} mine {mine}', flush=True)
            if mine > 60000 or mine == 0:
                break
print(f'start-position perft: {n} (board, variant, depth) cases, {bad} mismatches, {time.time()-t0:.0f}s')
