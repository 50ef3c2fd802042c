#!/usr/bin/env python3
"""Follow the one open child down: at each level split the position's moves
(solve --goal black --threads 2 --checkpoint DIR --checkpoint-seed PARENT),
then descend into the only open child, until a level settles or leaves
more than one child open. Logs one line a level to chain.log."""
import json, subprocess, sys, os, time
B = "/work/runs/bin/fanorona-5006af8"
pos, seed, level = sys.argv[1], sys.argv[2], int(sys.argv[3])
nodes = sys.argv[4] if len(sys.argv) > 4 else "15000000"
deadline = float(sys.argv[5]) if len(sys.argv) > 5 else time.time() + 3600
while time.time() < deadline:
    d = f"/work/runs/s25/chain/L{level}"
    os.makedirs(d, exist_ok=True)
    out = subprocess.run(
        ["nice", "-n", "5", "/usr/bin/time", "-v", B, "solve", "--position", pos, "--continuation", "forced",
         "--db", "/work/db-runs/forced", "--pieces", "8", "--goal", "black", "--threads", "2",
         "--memory", "13", "--table-cache", "1.5", "--nodes", nodes, "--checkpoint", d + "/moves",
         "--checkpoint-seed", seed, "--checkpoint-every", "0", "--json", "--quiet"],
        capture_output=True, text=True)
    open(d + "/out.json", "w").write(out.stdout)
    open(d + "/err.log", "w").write(out.stderr)
    r = json.loads([l for l in out.stdout.splitlines() if l.startswith("{")][-1])
    moves = subprocess.run([B, "moves", "--position", pos, "--continuation", "forced", "--json"],
                           capture_output=True, text=True).stdout
    children = {m["move"]: m["position"] for m in json.loads(moves)}
    states = {m["move"]: m["goals"][0] if m["goals"] else None for m in r["first_moves"]}
    opened = [mv for mv, g in states.items() if g and g["state"] == "open"]
    g = r["goals"][0]
    with open("/work/runs/s25/chain/chain.log", "a") as log:
        log.write(f"L{level} {pos} root {g['state']} pn {g['proof']} dn {g['disproof']} nodes {r['nodes']} "
                  f"s {r['seconds']:.0f} open {opened} settled "
                  f"{sum(1 for x in states.values() if x and x['state'] != 'open')} of {len(children)}\n")
    if g["state"] != "open" or len(opened) != 1:
        break
    mv = opened[0]
    seed = f"{d}/moves/{mv}.fns"
    pos = children[mv]
    level += 1
