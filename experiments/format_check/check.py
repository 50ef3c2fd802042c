#!/usr/bin/env python3
"""Compare every table/WDL file of a database folder, read with fnreader.py,
with `fanorona probe`.

usage: check.py DB_ROOT [--sample N] [--seed S] [--folders a,b]
"""
import argparse
import glob
import json
import os
import random
import subprocess
import sys

from fnreader import (FormatError, Indexer, decode_value, fen, parse_table,
                      parse_wdl)

# The binary to compare with: $FANORONA, else the release build.
BIN = os.environ.get("FANORONA", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "release", "fanorona"))
DIAG = ["corner", "center"]
CONT = ["free", "forced"]
STALE = ["loss", "draw"]


def rule_flags(h):
    f = ["--diagonals", DIAG[h["diagonals"]], "--continuation", CONT[h["continuation"]],
         "--stalemate", STALE[h["stalemate"]]]
    if h["sacrifice"]:
        f.append("--sacrifice")
    return f


def probe(db, flags, fens):
    out = subprocess.run([BIN, "probe", "--db", db, "--json"] + flags,
                         input="\n".join(fens) + "\n", capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[:2000])
    res = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    if len(res) != len(fens):
        raise RuntimeError(f"probe gave {len(res)} answers for {len(fens)}")
    return res


def folder_name(h):
    r = f"{h['cols']}x{h['rows']}-{DIAG[h['diagonals']]}-{CONT[h['continuation']]}-" \
        f"{'sl' if h['stalemate'] == 0 else 'sd'}" + ("-sac" if h["sacrifice"] else "")
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("--sample", type=int, default=0, help="0: every index")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--folders", default="")
    ap.add_argument("--probe-db", default="", help="probe this folder instead of DB_ROOT")
    ap.add_argument("--classes", default="", help="only these classes (comma-separated)")
    ap.add_argument("--tall", action="store_true",
                    help="also probe each position transposed (the tall board)")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    totals = dict(tables=0, positions=0, mism=0, wdl_files=0, wdl_positions=0, wdl_mism=0,
                  wdl_vs_table_mism=0, sym_dupes=0, sym_dupe_mism=0, roundtrip_fail=0,
                  black_probes=0, tall_probes=0, errors=0)
    problems = []
    folders = sorted(d for d in os.listdir(a.db) if os.path.isdir(os.path.join(a.db, d)))
    if a.folders:
        folders = [f for f in folders if f in a.folders.split(",")]
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(a.db, folder, "*.fnt"))):
            cls = os.path.basename(path)[:-4]
            if a.classes and cls not in a.classes.split(","):
                continue
            try:
                h, vals = parse_table(path)
            except FormatError as e:
                problems.append(str(e)); totals["errors"] += 1
                continue
            # header vs. file name
            exp_cls = f"{h['class_mover']}v{h['class_other']}" + ("b" if h["class_block"] else "")
            if exp_cls != cls:
                problems.append(f"{path}: header class {exp_cls}")
            if folder_name(h) != folder:
                problems.append(f"{path}: header folder {folder_name(h)} != {folder}")
            if h["cols"] < h["rows"]:
                problems.append(f"{path}: cols < rows")
            if h["longest_computed"] != h["longest"]:
                problems.append(f"{path}: longest {h['longest']} != computed {h['longest_computed']}")
            ix = Indexer(h["cols"], h["rows"], h["class_mover"], h["class_other"], h["class_block"])
            if ix.size != h["entries"]:
                problems.append(f"{path}: entries {h['entries']} != indexer size {ix.size}")
                totals["errors"] += 1
                continue
            # WDL beside
            wpath = path[:-4] + ".fnw"
            wvals = None
            if os.path.exists(wpath):
                try:
                    wh, wvals = parse_wdl(wpath)
                    for k in ("cols", "rows", "diagonals", "continuation", "stalemate", "sacrifice",
                              "class_mover", "class_other", "class_block", "index_scheme",
                              "entries", "wins", "draws", "losses"):
                        if wh[k] != h[k]:
                            problems.append(f"{wpath}: {k} {wh[k]} != table {h[k]}")
                    totals["wdl_files"] += 1
                    for i, v in enumerate(vals):
                        r = decode_value(v)[0]
                        if wvals[i] != {"draw": 0, "win": 1, "loss": 2}[r]:
                            totals["wdl_vs_table_mism"] += 1
                except FormatError as e:
                    problems.append(str(e)); totals["errors"] += 1
                    wvals = None
            else:
                problems.append(f"{path}: no WDL file")
            idxs = range(h["entries"])
            if a.sample and h["entries"] > a.sample:
                idxs = sorted(rnd.sample(range(h["entries"]), a.sample))
            fens, meta = [], []
            for i in idxs:
                S, O, blk = ix.position(i)
                j = ix.index(S, O, blk)
                if j != i:
                    totals["sym_dupes"] += 1
                    if vals[j] != vals[i]:
                        totals["sym_dupe_mism"] += 1
                        problems.append(f"{path}: index {i} and its stored image {j} differ")
                # round trip: the least image's index must decode to an image of this position
                S2, O2, b2 = ix.position(j)
                if ix.index(S2, O2, b2) != j:
                    totals["roundtrip_fail"] += 1
                mover = "b" if i % 5 == 3 else "w"
                fens.append(fen(h["cols"], h["rows"], S, O, blk, mover))
                meta.append((i, mover))
                if a.tall and h["cols"] != h["rows"] and i % 3 == 0:
                    # transposed board: point (x, y) -> (y, x)
                    T = lambda p: (p % h["cols"]) * h["rows"] + p // h["cols"]
                    fens.append(fen(h["rows"], h["cols"], {T(p) for p in S}, {T(p) for p in O},
                                    T(blk) if blk is not None else None, mover))
                    meta.append((i, "tall"))
            res = probe(a.probe_db or a.db, rule_flags(h), fens)
            totals["tables"] += 1
            for (i, mover), f, r in zip(meta, fens, res):
                res_t, plies = decode_value(vals[i])
                got = (r["value"], r.get("plies"))
                want = (res_t, plies)
                if mover == "b":
                    totals["black_probes"] += 1
                if mover == "tall":
                    totals["tall_probes"] += 1
                else:
                    totals["positions"] += 1
                if got != want:
                    totals["mism"] += 1
                    if totals["mism"] < 30:
                        problems.append(f"{path}: index {i} {f}: file {want} probe {got}")
                if wvals is not None:
                    totals["wdl_positions"] += 1
                    wr = ["draw", "win", "loss"][wvals[i]]
                    if wr != r["value"]:
                        totals["wdl_mism"] += 1
                        if totals["wdl_mism"] < 30:
                            problems.append(f"{wpath}: index {i} {f}: wdl {wr} probe {r['value']}")
            print(f"{path}: entries {h['entries']} blocks {h['block_count']}x{h['block_entries']} "
                  f"vw {h['value_width']} checked {len(idxs)}", flush=True)
    print(json.dumps(totals))
    for p in problems:
        print("PROBLEM", p)


if __name__ == "__main__":
    main()
