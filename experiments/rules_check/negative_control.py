"""Sanity check of the comparison harness: my 3x3 'free' solution against the engine's 'forced'
tables, and my perft with the wrong diagonal rule. Both must show mismatches."""
import os
import json, subprocess
from fano import Rules
from solver import solve, value_str
B = os.environ.get('FANORONA', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../target/release/fanorona'))
ru = Rules(3, 3)
pos, val, dist = solve(ru, 9)
fens = [ru.fen(p) for p in pos]
pr = subprocess.run([B, 'probe', '--db', '/tmp/rc_db/3x3_all_corner_forced_loss_white_nosac', '--json',
                     '--continuation', 'forced'], input='\n'.join(fens) + '\n', capture_output=True, text=True)
m = sum(1 for i, l in enumerate(pr.stdout.splitlines())
        if (lambda o: (o['value'], o['plies']) != value_str(val[i], dist[i]))(json.loads(l)))
print(f'negative control 1 (my free vs engine forced, 3x3): {m} of {len(fens)} differ')
r5 = Rules(5, 3, diagonals='center')
print('negative control 2: 5x3 start perft 4, my center =', r5.perft(r5.start(), 4),
      'vs engine corner:', subprocess.run([B, 'perft', '--board', '5x3', '--depth', '4', '--json', '--threads', '1'],
                                          capture_output=True, text=True).stdout.strip().splitlines()[-1])
