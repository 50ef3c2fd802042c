#!/usr/bin/env python3
"""Independent reader of the fanorona table (.fnt), WDL (.fnw), search
checkpoint and builder snapshot files, written from db/FORMAT.md alone.

Library part: parse + check; index -> position mapping.
"""
import math
import os
import struct
from functools import lru_cache

import xxhash
import zstandard


class FormatError(Exception):
    pass


def xxh3(b):
    return xxhash.xxh3_64_intdigest(b)


# ---------------------------------------------------------------- bincode 2
class Bincode:
    """bincode 2 standard configuration: little-endian, variable-length
    integers (u16/u32/u64: < 251 one byte; 251 + u16; 252 + u32; 253 + u64),
    u8 and bool one byte each."""

    def __init__(self, data, name):
        self.d = data
        self.i = 0
        self.name = name

    def _take(self, n):
        if self.i + n > len(self.d):
            raise FormatError(f"{self.name}: header ends early")
        b = self.d[self.i:self.i + n]
        self.i += n
        return b

    def u8(self):
        return self._take(1)[0]

    def bool(self):
        v = self.u8()
        if v > 1:
            raise FormatError(f"{self.name}: bool byte {v}")
        return bool(v)

    def varint(self, bits):
        b = self.u8()
        if b < 251:
            v = b
        elif b == 251:
            v = struct.unpack("<H", self._take(2))[0]
            if v < 251:
                raise FormatError(f"{self.name}: non-minimal varint")
        elif b == 252:
            v = struct.unpack("<I", self._take(4))[0]
            if v < 1 << 16:
                raise FormatError(f"{self.name}: non-minimal varint")
        elif b == 253:
            v = struct.unpack("<Q", self._take(8))[0]
            if v < 1 << 32:
                raise FormatError(f"{self.name}: non-minimal varint")
        else:
            raise FormatError(f"{self.name}: varint tag {b}")
        if v >= 1 << bits:
            raise FormatError(f"{self.name}: varint {v} too large for u{bits}")
        return v

    def u16(self):
        return self.varint(16)

    def u32(self):
        return self.varint(32)

    def u64(self):
        return self.varint(64)

    def done(self):
        if self.i != len(self.d):
            raise FormatError(f"{self.name}: {len(self.d) - self.i} bytes left over in header")


def read_framed_header(data, magic, name):
    """magic(8) header_len(u32) header header_xxh3(u64); returns header bytes
    and the offset after header_xxh3."""
    if len(data) < 12 or data[:8] != magic:
        raise FormatError(f"{name}: bad magic {data[:8]!r}, expected {magic!r}")
    hlen = struct.unpack_from("<I", data, 8)[0]
    end = 12 + hlen
    if len(data) < end + 8:
        raise FormatError(f"{name}: truncated header")
    hdr = data[12:end]
    hsum = struct.unpack_from("<Q", data, end)[0]
    if xxh3(hdr) != hsum:
        raise FormatError(f"{name}: header checksum mismatch")
    return hdr, end + 8


def parse_board_rules(bc, h):
    h["diagonals"] = bc.u8()
    h["continuation"] = bc.u8()
    h["stalemate"] = bc.u8()
    h["sacrifice"] = bc.bool()
    if h["diagonals"] > 1 or h["continuation"] > 1 or h["stalemate"] > 1:
        raise FormatError(f"{bc.name}: rule byte out of range {h}")


# ---------------------------------------------------------------- table file
TABLE_FIELDS = None


def parse_table(path, decompress=True):
    name = path
    with open(path, "rb") as f:
        data = f.read()
    hdr, pos = read_framed_header(data, b"FANORONA", name)
    bc = Bincode(hdr, name)
    h = {}
    h["format_version"] = bc.u32()
    h["cols"] = bc.u8()
    h["rows"] = bc.u8()
    parse_board_rules(bc, h)
    h["class_mover"] = bc.u8()
    h["class_other"] = bc.u8()
    h["class_block"] = bc.bool()
    h["index_scheme"] = bc.u32()
    h["entries"] = bc.u64()
    h["value_width"] = bc.u8()
    h["wins"] = bc.u64()
    h["draws"] = bc.u64()
    h["losses"] = bc.u64()
    h["longest"] = bc.u16()
    h["block_entries"] = bc.u32()
    h["block_count"] = bc.u32()
    bc.done()
    h["header_len"] = len(hdr)
    if h["format_version"] != 1:
        raise FormatError(f"{name}: format_version {h['format_version']}")
    if h["index_scheme"] != 1:
        raise FormatError(f"{name}: index_scheme {h['index_scheme']}")
    if h["value_width"] not in (1, 2):
        raise FormatError(f"{name}: value_width {h['value_width']}")
    nb = h["block_count"]
    idx_len = 8 * (nb + 1) + 8 * nb
    if len(data) < pos + idx_len + 8:
        raise FormatError(f"{name}: truncated index")
    idx = data[pos:pos + idx_len]
    offsets = struct.unpack_from(f"<{nb + 1}Q", data, pos)
    bsums = struct.unpack_from(f"<{nb}Q", data, pos + 8 * (nb + 1))
    isum = struct.unpack_from("<Q", data, pos + idx_len)[0]
    if xxh3(idx) != isum:
        raise FormatError(f"{name}: index checksum mismatch")
    base = pos + idx_len + 8
    h["blocks_start"] = base
    if offsets[0] != 0:
        raise FormatError(f"{name}: first offset {offsets[0]} != 0")
    if len(data) != base + offsets[-1]:
        raise FormatError(f"{name}: length {len(data)} != {base + offsets[-1]}")
    be = h["block_entries"]
    if nb != (h["entries"] + be - 1) // be if be else 0:
        raise FormatError(f"{name}: block_count {nb} != ceil(entries/block_entries)")
    if h["wins"] + h["draws"] + h["losses"] != h["entries"]:
        raise FormatError(f"{name}: counts do not add up")
    values = None
    if decompress:
        dctx = zstandard.ZstdDecompressor()
        vw = h["value_width"]
        values = []
        for b in range(nb):
            blk = data[base + offsets[b]:base + offsets[b + 1]]
            if xxh3(blk) != bsums[b]:
                raise FormatError(f"{name}: block {b} checksum mismatch")
            # a frame must decompress to exactly this many values
            n = min(be, h["entries"] - b * be)
            raw = dctx.decompress(blk, max_output_size=n * vw + 1)
            if len(raw) != n * vw:
                raise FormatError(f"{name}: block {b} holds {len(raw)} bytes, expected {n * vw}")
            fmt = "<%d%s" % (n, "B" if vw == 1 else "H")
            values.extend(struct.unpack(fmt, raw))
        # statistics in the header against the values
        w = sum(1 for v in values if v & 1)
        d = sum(1 for v in values if v == 0)
        l = len(values) - w - d
        if (w, d, l) != (h["wins"], h["draws"], h["losses"]):
            raise FormatError(f"{name}: counts {(w, d, l)} != header")
        longest = max((decode_value(v)[1] or 0 for v in values), default=0)
        h["longest_computed"] = longest
    h["offsets"] = offsets
    return h, values


def decode_value(v):
    """-> (result, plies) for the side to move."""
    if v == 0:
        return ("draw", None)
    if v & 1:
        return ("win", (v + 1) // 2)
    if v == 1:
        raise AssertionError
    return ("loss", (v - 2) // 2)


# ---------------------------------------------------------------- WDL file
def parse_wdl(path):
    name = path
    with open(path, "rb") as f:
        data = f.read()
    hdr, pos = read_framed_header(data, b"FANORWDL", name)
    bc = Bincode(hdr, name)
    h = {}
    h["format_version"] = bc.u32()
    h["cols"] = bc.u8()
    h["rows"] = bc.u8()
    parse_board_rules(bc, h)
    h["class_mover"] = bc.u8()
    h["class_other"] = bc.u8()
    h["class_block"] = bc.bool()
    h["index_scheme"] = bc.u32()
    h["entries"] = bc.u64()
    h["wins"] = bc.u64()
    h["draws"] = bc.u64()
    h["losses"] = bc.u64()
    h["chunk_bytes"] = bc.u32()
    bc.done()
    h["header_len"] = len(hdr)
    if h["format_version"] != 1:
        raise FormatError(f"{name}: version {h['format_version']}")
    if h["index_scheme"] != 1:
        raise FormatError(f"{name}: index scheme {h['index_scheme']}")
    if h["wins"] + h["draws"] + h["losses"] != h["entries"]:
        raise FormatError(f"{name}: counts do not add up")
    if h["chunk_bytes"] < 1:
        raise FormatError(f"{name}: chunk_bytes 0")
    dbytes = (h["entries"] + 3) // 4
    nchunks = (dbytes + h["chunk_bytes"] - 1) // h["chunk_bytes"]
    h["chunk_count"] = nchunks
    csums = struct.unpack_from(f"<{nchunks}Q", data, pos)
    isum = struct.unpack_from("<Q", data, pos + 8 * nchunks)[0]
    if xxh3(data[pos:pos + 8 * nchunks]) != isum:
        raise FormatError(f"{name}: index checksum mismatch")
    end_idx = pos + 8 * nchunks + 8
    dstart = (end_idx + 4095) // 4096 * 4096
    h["data_start"] = dstart
    if any(data[end_idx:dstart]):
        raise FormatError(f"{name}: padding not zero")
    if len(data) != dstart + dbytes:
        raise FormatError(f"{name}: length {len(data)} != {dstart + dbytes}")
    d = data[dstart:]
    cb = h["chunk_bytes"]
    for c in range(nchunks):
        if xxh3(d[c * cb:(c + 1) * cb]) != csums[c]:
            raise FormatError(f"{name}: chunk {c} checksum mismatch")
    vals = []
    for i in range(h["entries"]):
        v = (d[i >> 2] >> (2 * (i & 3))) & 3
        if v == 3:
            raise FormatError(f"{name}: value 3 at {i}")
        vals.append(v)
    n = h["entries"]
    if n % 4 and d[-1] >> (2 * (n % 4)):
        raise FormatError(f"{name}: unused bits of last byte not 0")
    cnt = (vals.count(1), vals.count(0), vals.count(2))
    if cnt != (h["wins"], h["draws"], h["losses"]):
        raise FormatError(f"{name}: counts {cnt} != header")
    return h, vals


# ---------------------------------------------------------------- index scheme 1
def C(n, k):
    if k < 0 or n < 0 or k > n:
        return 0
    return math.comb(n, k)


def colex(points):
    return sum(C(p, i + 1) for i, p in enumerate(sorted(points)))


def unrank_colex(r, k):
    """k-subset of naturals with colex rank r, increasing order."""
    out = []
    for i in range(k, 0, -1):
        p = i - 1
        while C(p + 1, i) <= r:
            p += 1
        out.append(p)
        r -= C(p, i)
    return sorted(out)


class Indexer:
    def __init__(self, cols, rows, m, o, block):
        self.cols, self.rows, self.m, self.o, self.block = cols, rows, m, o, block
        self.N = cols * rows
        self.syms = symmetries(cols, rows)
        self.canon = canonical_sets(cols, rows, m)
        self.canon_pos = {s: i for i, s in enumerate(self.canon)}
        self.n_o = C(self.N - m, o)
        self.slots = o if block else 1
        self.size = len(self.canon) * self.n_o * self.slots

    def position(self, index):
        """-> (S tuple, O tuple, block point or None)"""
        bs = index % self.slots
        rest = index // self.slots
        orank = rest % self.n_o
        si = rest // self.n_o
        S = self.canon[si]
        free = [p for p in range(self.N) if p not in S]
        O = tuple(free[q] for q in unrank_colex(orank, self.o))
        blk = O[bs] if self.block else None
        return S, O, blk

    def key(self, S, O, blk):
        Ss = sorted(S)
        orank = colex([p - sum(1 for s in Ss if s < p) for p in O])
        bs = sorted(O).index(blk) if self.block else 0
        return (colex(Ss), orank, bs)

    def index(self, S, O, blk):
        best = None
        for g in self.syms:
            S2 = tuple(sorted(g[p] for p in S))
            O2 = tuple(sorted(g[p] for p in O))
            b2 = g[blk] if blk is not None else None
            k = self.key(S2, O2, b2)
            if best is None or k < best[0]:
                best = (k, S2, O2, b2)
        _, S2, O2, b2 = best
        si = self.canon_pos[S2]
        Ss = set(S2)
        orank = colex([p - sum(1 for s in Ss if s < p) for p in O2])
        bs = list(O2).index(b2) if self.block else 0
        return (si * self.n_o + orank) * self.slots + bs


def symmetries(cols, rows):
    """Point permutations (as lists) of the board's symmetries, point y*cols+x."""
    N = cols * rows
    maps = []
    fs = [lambda x, y: (x, y),
          lambda x, y: (cols - 1 - x, y),
          lambda x, y: (x, rows - 1 - y),
          lambda x, y: (cols - 1 - x, rows - 1 - y)]
    if cols == rows:
        fs += [lambda x, y: (y, x),
               lambda x, y: (rows - 1 - y, x),
               lambda x, y: (y, cols - 1 - x),
               lambda x, y: (rows - 1 - y, cols - 1 - x)]
    for f in fs:
        perm = []
        for p in range(N):
            x, y = p % cols, p // cols
            x2, y2 = f(x, y)
            perm.append(y2 * cols + x2)
        assert sorted(perm) == list(range(N))
        maps.append(perm)
    return maps


@lru_cache(maxsize=None)
def canonical_sets(cols, rows, m):
    from itertools import combinations
    syms = symmetries(cols, rows)
    N = cols * rows
    out = []
    for s in combinations(range(N), m):
        r = colex(s)
        if all(colex([g[p] for p in s]) >= r for g in syms):
            out.append((r, s))
    out.sort()
    return [s for _, s in out]


def fen(cols, rows, S, O, blk, mover="w"):
    """S: stones of the side to move. Rows top first; point y*cols+x with y=0
    the bottom row (rank 1)."""
    me, other = ("W", "B") if mover == "w" else ("B", "W")
    rows_txt = []
    for y in range(rows - 1, -1, -1):
        r = ""
        for x in range(cols):
            p = y * cols + x
            if p in S:
                r += me
            elif p in O:
                r += other.lower() if p == blk else other
            else:
                r += "."
        rows_txt.append(r)
    return "/".join(rows_txt) + " " + mover


# ---------------------------------------------------------------- checkpoint
def parse_checkpoint(path):
    name = path
    with open(path, "rb") as f:
        data = f.read()
    hdr, pos = read_framed_header(data, b"FNSEARCH", name)
    bc = Bincode(hdr, name)
    h = {}
    h["format_version"] = bc.u32()
    h["cols"] = bc.u8()
    h["rows"] = bc.u8()
    h["diagonals"] = bc.u8()
    h["continuation"] = bc.u8()
    h["stalemate"] = bc.u8()
    h["sacrifice"] = bc.bool()
    h["move_limit"] = bc.bool()
    h["words"] = bc.u8()
    h["total_nodes"] = bc.u64()
    h["cuts"] = bc.u32()
    h["tree_goal"] = bc.u8()
    h["solved"] = bc.u64()
    h["tree_nodes"] = bc.u64()
    if h["format_version"] >= 2:
        h["path_dependent"] = bc.u64()
    if h["format_version"] >= 3:
        h["estimates"] = bc.u64()
    bc.done()
    h["header_len"] = len(hdr)
    if h["format_version"] not in (1, 2, 3):
        raise FormatError(f"{name}: version {h['format_version']}")
    exp_words = 1 if h["cols"] * h["rows"] <= 64 else 3
    if h["words"] != exp_words:
        raise FormatError(f"{name}: words {h['words']} != {exp_words}")
    body = data[pos:-8]
    bsum = struct.unpack_from("<Q", data, len(data) - 8)[0]
    dctx = zstandard.ZstdDecompressor()
    # the spec says "one zstd frame", and the file ends right after body_xxh3
    obj = dctx.decompressobj()
    raw = obj.decompress(body)
    if obj.unused_data:
        raise FormatError(f"{name}: bytes after the zstd frame")
    if not obj.eof:
        raise FormatError(f"{name}: zstd frame incomplete")
    if xxh3(raw) != bsum:
        raise FormatError(f"{name}: body checksum mismatch")
    W = h["words"]
    node_len = 16 * W + 1 + 1 + 2
    i = 0
    N = h["cols"] * h["rows"]

    def node():
        nonlocal i
        ws = struct.unpack_from(f"<{W}Q", raw, i); i += 8 * W
        bs = struct.unpack_from(f"<{W}Q", raw, i); i += 8 * W
        side, block = raw[i], raw[i + 1]; i += 2
        turns = struct.unpack_from("<H", raw, i)[0]; i += 2
        white = sum(w << (64 * k) for k, w in enumerate(ws))
        black = sum(w << (64 * k) for k, w in enumerate(bs))
        if white >> N or black >> N or white & black:
            raise FormatError(f"{name}: bad node stones")
        if side > 1 or (block != 255 and block >= N):
            raise FormatError(f"{name}: bad node side/block {side} {block}")
        if not h["move_limit"] and turns != 65535:
            raise FormatError(f"{name}: turns {turns} without a move limit")
        return (white, black, side, block, turns)

    INF = (1 << 64) - 1
    recs = {"solved": [], "tree": [], "pd": [], "est": []}
    for _ in range(h["solved"]):
        n = node()
        att = raw[i]; i += 1
        pn, dn = struct.unpack_from("<QQ", raw, i); i += 16
        prio = struct.unpack_from("<I", raw, i)[0]; i += 4
        if not ((pn == 0 and dn == INF) or (dn == 0 and pn == INF)):
            raise FormatError(f"{name}: table record pn/dn {pn} {dn}")
        if att > 1:
            raise FormatError(f"{name}: attacker {att}")
        recs["solved"].append((n, att, pn, dn, prio))
    for _ in range(h["tree_nodes"]):
        n = node()
        pn, dn = struct.unpack_from("<QQ", raw, i); i += 16
        par, fc, nc, depth, dep = struct.unpack_from("<5I", raw, i); i += 20
        recs["tree"].append((n, pn, dn, par, fc, nc, depth, dep))
    for _ in range(h.get("path_dependent", 0)):
        n = node()
        att = raw[i]; i += 1
        prio, ln = struct.unpack_from("<II", raw, i); i += 8
        if not 1 <= ln <= 65534:
            raise FormatError(f"{name}: stretch len {ln}")
        stretch = [node() for _ in range(ln)]
        recs["pd"].append((n, att, prio, stretch))
    for _ in range(h.get("estimates", 0)):
        n = node()
        att = raw[i]; i += 1
        pn, dn = struct.unpack_from("<II", raw, i); i += 8
        if pn < 1 or dn < 1:
            raise FormatError(f"{name}: estimate {pn} {dn}")
        recs["est"].append((n, att, pn, dn))
    if i != len(raw):
        raise FormatError(f"{name}: {len(raw) - i} body bytes left over")
    # tree structure
    t = recs["tree"]
    NONE = 0xFFFFFFFF
    for k, r in enumerate(t):
        par, fc, nc = r[3], r[4], r[5]
        if k == 0 and par != NONE:
            raise FormatError(f"{name}: root has parent {par}")
        if k > 0:
            p = t[par]
            if not (p[4] <= k < p[4] + p[5]):
                raise FormatError(f"{name}: tree node {k} not among parent's children")
        if nc and fc != NONE:
            if fc + nc > len(t):
                raise FormatError(f"{name}: children out of range")
    h["body_bytes"] = len(raw)
    return h, recs


# ---------------------------------------------------------------- snapshot
def parse_snapshot(path):
    name = path
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"FNRSNAPS":
        raise FormatError(f"{name}: magic {data[:8]!r}")
    if xxh3(data[:-8]) != struct.unpack_from("<Q", data, len(data) - 8)[0]:
        raise FormatError(f"{name}: checksum mismatch")
    i = 8
    h = {}
    (h["version"], h["layout"], h["value_width"], h["aux_width"], h["cnt_mask"],
     h["win_pending"], h["draw_exit"], h["dist_shift"], h["level"]) = struct.unpack_from("<9I", data, i)
    i += 36
    if h["version"] >= 2:
        h["init_done"] = struct.unpack_from("<Q", data, i)[0]; i += 8
    nl = struct.unpack_from("<I", data, i)[0]; i += 4
    h["name"] = data[i:i + nl].decode(); i += nl
    if h["version"] >= 3:
        gl = struct.unpack_from("<I", data, i)[0]; i += 4
        h["game"] = data[i:i + gl].decode(); i += gl
    nc = struct.unpack_from("<I", data, i)[0]; i += 4
    h["classes"] = nc
    h["sizes"] = list(struct.unpack_from(f"<{nc}Q", data, i)); i += 8 * nc
    h["arrays_start"] = i
    exp = i + sum(h["sizes"]) * (h["value_width"] + h["aux_width"]) + 8
    if exp != len(data):
        raise FormatError(f"{name}: length {len(data)} != {exp}")
    arrays = []
    for s in h["sizes"]:
        vw, aw = h["value_width"], h["aux_width"]
        codes = struct.unpack_from("<%d%s" % (s, "B" if vw == 1 else "H"), data, i); i += s * vw
        aux = struct.unpack_from("<%d%s" % (s, "H" if aw == 2 else "I"), data, i); i += s * aw
        arrays.append((codes, aux))
    return h, arrays
