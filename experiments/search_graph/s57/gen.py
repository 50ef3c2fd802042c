# Random quiet 7x5 positions, White 4 v Black 6, White to move: White has
# no capture and every White move is paika (quiet).
import random, subprocess, json, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 57)
want = int(sys.argv[2]) if len(sys.argv) > 2 else 40
out = []
while len(out) < want:
    sq = random.sample(range(35), 10)
    cells = ['.'] * 35
    for s in sq[:4]: cells[s] = 'W'
    for s in sq[4:]: cells[s] = 'B'
    fen = '/'.join(''.join(cells[r*7:(r+1)*7]) for r in range(5)) + ' w'
    m = json.loads(subprocess.run(['../fanorona-79291db', 'moves', '--position', fen, '--json'], capture_output=True, text=True).stdout)
    if not m or any(x['move'][-1] in 'AW' for x in m):
        continue
    # Black must not have a capture after at least half of White's moves
    # either (positions where Black just takes something are not what we want).
    quiet = 0
    for x in m:
        mm = json.loads(subprocess.run(['../fanorona-79291db', 'moves', '--position', x['position'], '--json'], capture_output=True, text=True).stdout)
        if mm and not any(y['move'][-1] in 'AW' for y in mm):
            quiet += 1
    if quiet * 2 >= len(m):
        out.append(fen)
        print(fen, flush=True)
