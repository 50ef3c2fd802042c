#!/usr/bin/env python3
"""Black's replies left open by the triage, each alone ("Black wins?",
White to move), two at a time: first up to 100M nodes each, then whatever
is still open gets the time left until the deadline."""
import json, subprocess, time, os
os.chdir("/work/runs/moves3")
DEADLINE = time.time() + int(os.environ.get("SECONDS_LEFT", "5700"))
jobs = [
    ("d3-e3W", "b4-c3A-d3W", "BBBBBBBBB/B.BBBBBBB/B..BWBWBW/WWW.WWWWW/WWWW.WWWW w"),
    ("d2-e3A", "g4-g5W", "BBBBBBBBB/BBBBB..BB/BWBWWB.BW/WWW.WW.WW/WWWWWW.WW w"),
    ("d3-e3W", "d4-c3A-d3A", "BBBBBBBBB/BBB.BBBBB/BW.B.BWBW/W.WWWWWWW/.WWWWWWWW w"),
    ("d2-e3A", "h4-g5W", "BBBBBBBBB/BBBBB.B.B/BWBWWBWB./WWW.WWWWW/WWWWWWWWW w"),
    ("d2-e3A", "c3-d2A", "BBBBBB.BB/BBBBB.BBB/BW.WWBWBW/WWWBWWWWW/WWWW.WWWW w"),
    ("d2-e3A", "h4-g5W-f4A", "BBBBBB.BB/BBBBBBB.B/BWBW.B.BW/WWW.WWWWW/WWWWWWWWW w"),
    ("e2-e3A", "f4-e5W", "BBBBBBBBB/BBBB..BBB/BWBWWB.BW/WWWW.WW.W/WWWWWWWW. w"),
]
def cmd(fen, extra):
    return ["/usr/bin/time", "-v", "./fanorona-split", "solve", "--position", fen,
            "--db", "/work/db-runs/t98", "--pieces", "8", "--goal", "black", "--threads", "1",
            "--moves", "none", "--memory", "6.5", "--table-cache", "2", "--json"] + extra
def state(name):
    try:
        j = json.loads(open(name + ".json").read().strip().splitlines()[-1])
        return j["goals"][0]["state"] if j["goals"] else j["value"]
    except Exception:
        return "missing"
def run_queue(queue, extra_of):
    running = []
    while queue or running:
        running = [(n, p) for (n, p) in running if p.poll() is None]
        while queue and len(running) < 2:
            first, reply, fen = queue.pop(0)
            name = f"{first}_{reply}"
            left = DEADLINE - time.time()
            if left < 120:
                queue.clear(); break
            extra = extra_of(left)
            with open("queue.log", "a") as q:
                q.write(f"{time.strftime('%T')} start {name} {' '.join(extra)}\n")
            p = subprocess.Popen(cmd(fen, extra), stdout=open(name + ".json", "w"),
                                 stderr=open(name + ".log", "w"))
            running.append((name, p))
        time.sleep(5)
# Pass 2: 100M nodes each, within the deadline.
run_queue(list(jobs), lambda left: ["--nodes", "100000000", "--time-limit", str(int(left))])
for first, reply, fen in jobs:
    os.replace(f"{first}_{reply}.json", f"{first}_{reply}_p2.json")
    os.replace(f"{first}_{reply}.log", f"{first}_{reply}_p2.log")
# Pass 3: the ones still open, until the deadline, two at a time.
left = [j for j in jobs if state(f"{j[0]}_{j[1]}_p2") not in ("disproved", "proved", "win", "loss", "draw")]
with open("queue.log", "a") as q:
    q.write(f"{time.strftime('%T')} pass 3: {[j[1] for j in left]}\n")
run_queue(left, lambda l: ["--time-limit", str(int(l))])
