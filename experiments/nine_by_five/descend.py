#!/usr/bin/env python3
"""One goal ("can SIDE force a win?") at a 9x5 position, split move by move
and followed down the one open child.

At each level every move of the position gets a search of its own
(`solve --goal SIDE --threads 2 --checkpoint DIR --checkpoint-seed PARENT`,
one checkpoint a move in LEVEL/moves/<move>.fns), up to --nodes per move.
Then:
- the position is settled (a move proved it where SIDE is to move, or
  disproved it where the other side is): logged, stop;
- exactly one move is left open: go down into it, seeded with its
  checkpoint (the open child decides the level above);
- several are open: the same level again with twice the nodes (each
  move goes on from its checkpoint), until --rounds rounds or the
  deadline; then stop with the open moves logged.

One line a sitting is appended to WORK/chain.log; each sitting's JSON and
stderr stay in WORK/L<level>/. Run again with the same arguments to go on
(a settled move's checkpoint answers it in 0 nodes). On going down, the
level's other checkpoints are deleted (their JSON stays); no sitting
starts with less than --min-free GB of disk.

Example (the default rules, d3-e3W then Black's d4-c3A-d3A):
  python3 experiments/nine_by_five/descend.py --bin target/release/fanorona \\
    --db /work/db-runs/default --work /work/runs/s26/d3-e3W_d4-c3A-d3A \\
    --position "BBBBBBBBB/BBB.BBBBB/BW.B.BWBW/W.WWWWWWW/.WWWWWWWW w" \\
    --goal black --hours 2
"""
import argparse
import json
import os
import shutil
import subprocess
import time

VARIANTS = {
    "default": ([], 8),
    "forced": (["--continuation", "forced"], 8),
    "stalemate-draw": (["--stalemate", "draw"], 7),
}


def last_json(text):
    lines = [l for l in text.splitlines() if l.startswith("{")]
    return json.loads(lines[-1]) if lines else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--db", required=True)
    ap.add_argument("--variant", default="default", choices=VARIANTS)
    ap.add_argument("--work", required=True)
    ap.add_argument("--position", required=True)
    ap.add_argument("--goal", required=True, choices=["white", "black"])
    ap.add_argument("--seed", help="checkpoint whose solved positions seed level 0")
    ap.add_argument("--level", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=15_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--memory", default="13", help="GiB for the two searches")
    ap.add_argument("--table-cache", default="1.5", help="GiB of it for table blocks")
    ap.add_argument("--hours", type=float, default=1.0)
    ap.add_argument("--pieces", type=int, help="table stones (default: the variant's)")
    ap.add_argument("--min-free", type=float, default=12.0,
                    help="GB of free disk below which no sitting starts (a 9x5 move's "
                         "checkpoint holds about 40 bytes a node searched)")
    a = ap.parse_args()
    flags, pieces = VARIANTS[a.variant]
    pieces = a.pieces or pieces
    deadline = time.time() + a.hours * 3600
    pos, seed, level, nodes, rounds = a.position, a.seed, a.level, a.nodes, 0
    os.makedirs(a.work, exist_ok=True)
    log = os.path.join(a.work, "chain.log")
    while time.time() < deadline:
        free = shutil.disk_usage(a.work).free / 1e9
        if free < a.min_free:
            with open(log, "a") as f:
                f.write(f"L{level} not started: {free:.1f} GB free, below --min-free\n")
            return 2
        d = os.path.join(a.work, f"L{level}")
        os.makedirs(d, exist_ok=True)
        left = max(60, int(deadline - time.time()))
        cmd = [a.bin, "solve", "--position", pos, *flags, "--db", a.db,
               "--pieces", str(pieces), "--goal", a.goal, "--threads", "2",
               "--memory", a.memory, "--table-cache", a.table_cache,
               "--nodes", str(nodes), "--time-limit", str(left),
               "--checkpoint", os.path.join(d, "moves"),
               "--checkpoint-every", "0", "--json", "--quiet"]
        if seed:
            cmd += ["--checkpoint-seed", seed]
        t0 = time.time()
        out = subprocess.run(["/usr/bin/time", "-v", *cmd],
                             capture_output=True, text=True)
        n = len([f for f in os.listdir(d) if f.startswith("out")])
        with open(os.path.join(d, f"out{n}.json"), "w") as f:
            f.write(out.stdout)
        with open(os.path.join(d, f"err{n}.log"), "w") as f:
            f.write(out.stderr)
        r = last_json(out.stdout)
        if r is None:
            with open(log, "a") as f:
                f.write(f"L{level} error (exit {out.returncode}): see {d}/err{n}.log\n")
            return 2
        rss = [l.split()[-1] for l in out.stderr.splitlines() if "Maximum resident" in l]
        moves = json.loads(subprocess.run(
            [a.bin, "moves", "--position", pos, *flags, "--json"],
            capture_output=True, text=True, check=True).stdout)
        children = {m["move"]: m["position"] for m in moves}
        states = {m["move"]: (m["goals"][0] if m.get("goals") else None)
                  for m in r["first_moves"]}
        opened = [mv for mv, g in states.items() if g and g["state"] == "open"]
        settled = sum(1 for g in states.values() if g and g["state"] != "open")
        g = r["goals"][0]
        with open(log, "a") as f:
            f.write(f"L{level} {pos} {g['state']} pn {g.get('proof')} dn {g.get('disproof')} "
                    f"nodes {r['nodes']} s {time.time() - t0:.0f} rss_kb {rss[0] if rss else '?'} "
                    f"per-move {nodes} settled {settled} of {len(children)} open {opened}\n")
        if g["state"] != "open":
            return 0
        if len(opened) == 1:
            mv = opened[0]
            seed = os.path.join(d, "moves", f"{mv}.fns")
            # The level is decided by the open child alone now: only its
            # checkpoint (the next level's seed) is kept.
            for other in os.listdir(os.path.join(d, "moves")):
                if other != f"{mv}.fns":
                    os.remove(os.path.join(d, "moves", other))
            pos = children[mv]
            level += 1
            nodes, rounds = a.nodes, 0
            continue
        rounds += 1
        if rounds >= a.rounds or r.get("stopped") != "node limit":
            return 1
        nodes *= 2
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
