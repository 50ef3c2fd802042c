#!/usr/bin/env python3
"""Test suite for search heuristics: every position two turns from the 7x5,
5x7, 9x3 and 3x9 starts (78), each solved (`--moves none`) under a node cap.

Usage: suite.py BINARY DB NODE_CAP ["NAME=VALUE ..."]
The last argument sets environment variables FANORONA_NAME=VALUE, for a
binary built with a measuring knob (such patches are not committed).
DB must hold the 7-stone tables of 7x5 and 9x3."""
import json, subprocess, sys, os
starts = {
 '7x5': 'BBBBBBB/BBBBBBB/BWB.WBW/WWWWWWW/WWWWWWW w',
 '5x7': 'BBBBB/BBBBB/BBBBB/BW.BW/WWWWW/WWWWW/WWWWW w',
 '9x3': 'BBBBBBBBB/BWBW.BWBW/WWWWWWWWW w',
 '3x9': 'BBB/BBB/BBB/BBB/B.W/WWW/WWW/WWW/WWW w',
}
def moves(fen):
    return json.loads(subprocess.check_output([sys.argv[1], 'moves', '--position', fen, '--json']))
def positions():
    out = []
    for b, fen in starts.items():
        seen = set()
        for m1 in moves(fen):
            for m2 in moves(m1['position']):
                p = m2['position']
                if p not in seen:
                    seen.add(p); out.append((b, m1['move'] + ' ' + m2['move'], p))
    return out
if __name__ == '__main__':
    knob, db, cap = sys.argv[1], sys.argv[2], sys.argv[3]
    cfg = sys.argv[4] if len(sys.argv) > 4 else ''

    env = dict(os.environ)
    for kv in cfg.split():
        k, v = kv.split('=')
        env['FANORONA_' + k] = v
    tot = 0; solved = 0; rows = []
    for b, mv, p in positions():
        r = subprocess.run([knob, 'solve', '--position', p, '--db', db, '--pieces', '7', '--threads', '1',
                            '--moves', 'none', '--memory', '1', '--nodes', cap, '--json', '--quiet'],
                           env=env, capture_output=True, text=True)
        d = json.loads(r.stdout.strip().splitlines()[-1])
        tot += d['nodes']; solved += d['value'] != 'unknown'
        rows.append((b, mv, d['value'], d['nodes']))
        print(b, mv, d['value'], d['nodes'], flush=True)
    print(f'TOTAL [{cfg}] positions {len(rows)} solved {solved} nodes {tot}', flush=True)
