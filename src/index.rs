//! Indexing positions of one material class, reduced by board symmetry.
//!
//! A table holds positions from the point of view of the side to move: `S`,
//! the stones of the side to move (`m` of them), and `O`, the other side's
//! (`o` of them, one of which may be a sacrificed block). Colours do not
//! matter inside a table: the rules are the same for both sides.
//!
//! The index of `(S, O, block)` is
//!
//! ```text
//! ((s_index * C(N - m, o)) + o_rank) * block_slots + block_slot
//! ```
//!
//! - `s_index`: the place of `S` in the sorted list of *canonical* stone
//!   sets, those whose colex rank is the least among their images under the
//!   board's symmetries. This divides the table by about the number of
//!   symmetries (4, or 8 on square boards).
//! - `o_rank`: the colex rank of `O` among the `N - m` points `S` leaves
//!   free (each point renumbered by subtracting the points of `S` below it),
//!   so no index is wasted on overlapping sets.
//! - `block_slot`: which of the `o` points of `O` (in increasing order) is
//!   the block, for block classes (`block_slots = o`); otherwise 0 of 1.
//!
//! Of a position's images, the canonical one has the least `(colex(S),
//! o_rank, block_slot)`. When `S` is symmetric in itself, several indices
//! hold images of one position: only the least is *canonical*; the builder
//! fills the others with the same value.

use std::fmt;

use crate::bits::{Bits, Square};
use crate::geometry::{Board, Symmetry};
use crate::position::Position;
use crate::prefetch::prefetch;
use crate::rules::Color;

use rayon::prelude::*;

/// Points of the largest board, 13x13: the most `n` (and `k`) a
/// [`Binomials`] answers for.
const MAX_POINTS: usize = 169;

/// Binomial coefficients `C(n, k)` for `n` and `k` up to 169, saturated
/// at `u64::MAX` (only a class [`class_size`] refuses needs one that
/// large). Every `k` is kept, not only the 32 stones a side a table was
/// thought to need: `--pieces all` on 9x5 has classes of up to 44 stones
/// a side (1v44: 15 positions), which counted as empty when `C(44, 44)`
/// read 0.
///
/// One table for the whole process (226 KiB), made at the first use: each
/// indexer keeps a `Binomials`, and a search holds one for every class it
/// opens.
#[derive(Clone, Debug)]
pub struct Binomials {
    table: &'static [[u64; MAX_POINTS + 1]],
}

impl Binomials {
    /// The process's table, made on the first call.
    pub fn new() -> Binomials {
        static TABLE: std::sync::OnceLock<Vec<[u64; MAX_POINTS + 1]>> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut table = vec![[0u64; MAX_POINTS + 1]; MAX_POINTS + 1];
            for n in 0..=MAX_POINTS {
                table[n][0] = 1;
                for k in 1..=MAX_POINTS {
                    table[n][k] = if n == 0 {
                        0
                    } else {
                        table[n - 1][k - 1].saturating_add(table[n - 1][k])
                    };
                }
            }
            table
        });
        Binomials { table }
    }
    /// `C(n, k)`: 0 when `k > n`, `u64::MAX` when it does not fit.
    ///
    /// # Panics
    ///
    /// When `n` is over 169.
    #[inline]
    pub fn c(&self, n: usize, k: usize) -> u64 {
        if k > MAX_POINTS { 0 } else { self.table[n][k] }
    }
}

impl Default for Binomials {
    fn default() -> Self {
        Self::new()
    }
}

/// A material class: how many stones the side to move has, how many the
/// other side has, and whether one of the other side's is a sacrificed
/// block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MaterialClass {
    /// Stones of the side to move.
    pub mover: u8,
    /// Stones of the other side, the sacrificed block among them.
    pub other: u8,
    /// Whether one of the other side's stones is the sacrificed block.
    pub block: bool,
}

impl MaterialClass {
    /// The class of `mover` stones to move against `other`, one of those
    /// the block when `block` is set.
    pub fn new(mover: u8, other: u8, block: bool) -> MaterialClass {
        MaterialClass {
            mover,
            other,
            block,
        }
    }
    /// The class a position belongs to.
    pub fn of<B: Bits>(pos: &Position<B>) -> MaterialClass {
        MaterialClass {
            mover: pos.mover().count() as u8,
            other: pos.waiter().count() as u8,
            block: pos.block.is_some(),
        }
    }
    /// Stones on the board, both sides (the block included).
    pub fn stones(&self) -> u32 {
        self.mover as u32 + self.other as u32
    }
    /// The class reached by a paika move: sides swapped.
    pub fn swapped(&self) -> MaterialClass {
        MaterialClass::new(self.other, self.mover, false)
    }
    /// File name stem: `3v2`, or `3v2b` for a block class.
    pub fn name(&self) -> String {
        format!(
            "{}v{}{}",
            self.mover,
            self.other,
            if self.block { "b" } else { "" }
        )
    }
    /// Reads a name written by [`MaterialClass::name`].
    pub fn parse(s: &str) -> Option<MaterialClass> {
        let (block, s) = match s.strip_suffix('b') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (m, o) = s.split_once('v')?;
        Some(MaterialClass::new(m.parse().ok()?, o.parse().ok()?, block))
    }
}

impl fmt::Display for MaterialClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Colex rank of a set of points given in increasing order.
#[inline]
fn colex(binom: &Binomials, points: impl Iterator<Item = usize>) -> u64 {
    points.enumerate().map(|(i, p)| binom.c(p, i + 1)).sum()
}

/// The `k` points (increasing) of colex rank `rank` among `n` points.
fn uncolex(binom: &Binomials, mut rank: u64, k: usize, n: usize, out: &mut Vec<usize>) {
    out.clear();
    out.resize(k, 0);
    let mut hi = n;
    for i in (0..k).rev() {
        // The largest p < hi with C(p, i + 1) <= rank.
        let mut p = hi - 1;
        while binom.c(p, i + 1) > rank {
            p -= 1;
        }
        out[i] = p;
        rank -= binom.c(p, i + 1);
        hi = p;
    }
}

/// Ranks and unranks the positions of one material class on one board.
#[derive(Clone, Debug)]
pub struct ClassIndexer<B> {
    /// The class whose positions are numbered.
    pub class: MaterialClass,
    /// The board they stand on (for a table, the board it is stored
    /// under: a tall board's wide transpose).
    pub board: Board,
    binom: Binomials,
    syms: Vec<Symmetry>,
    /// Colex ranks of the canonical mover sets, increasing.
    canon_ranks: Vec<u64>,
    /// The canonical mover sets, in the same order.
    canon_sets: Vec<B>,
    /// Whether a symmetry other than the identity maps the set onto itself.
    canon_symmetric: Vec<bool>,
    /// `C(N - m, o)`.
    o_count: u64,
    block_slots: u64,
    /// For boards and classes small enough: `by_rank[colex(S)]` holds the
    /// canonical index of `S`'s orbit (low 24 bits) and the symmetries that
    /// map `S` onto it (high 8 bits), so ranking needs no search.
    by_rank: Option<Vec<u32>>,
}

/// The largest `C(N, m)` given a direct rank table (256 MiB of u32).
const RANK_TABLE_LIMIT: u64 = 1 << 26;

/// Reused work space for [`ClassIndexer::decode`]: the free points of the
/// last mover set, which consecutive indices share.
#[derive(Clone, Debug, Default)]
pub struct DecodeCache {
    s_index: Option<u64>,
    free: Vec<Square>,
    scratch: Vec<usize>,
    /// The `o_rank` whose combination `scratch` holds.
    o_rank: Option<u64>,
}

/// A class with more positions than a table's `u64` index can number, or
/// so many stones of the side to move that their sets alone cannot be
/// ranked in a `u64` ([`class_size`] refuses it). 7v5 on 13x13 has about
/// 7.5e19 positions: its size was computed modulo 2^64 and planned as
/// 2.9e18.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassTooBig {
    /// The class refused.
    pub class: MaterialClass,
    /// The board it was asked for on.
    pub board: Board,
    /// About how many positions the class has (reduced by symmetry).
    pub positions: f64,
    /// About how many sets of the side to move's stones it has (before
    /// symmetry), each ranked by a `u64`.
    pub mover_sets: f64,
    /// Whether the mover sets alone are past a `u64` (else the positions
    /// are): decided exactly, where the two floats above are estimates.
    pub by_mover_sets: bool,
}

impl fmt::Display for ClassTooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (class, board) = (self.class, self.board);
        // (The reason was picked by comparing the float estimate with
        // 2^64, which near the bound can disagree with the exact count.)
        if !self.by_mover_sets {
            write!(
                f,
                "class {class} of {board} has about {:.1e} positions, more than a table can index (at most {:.1e})",
                self.positions,
                u64::MAX as f64
            )
        } else {
            write!(
                f,
                "class {class} of {board}: its {} stones of the side to move make about {:.1e} sets, more than a table's index can rank (at most {:.1e})",
                class.mover,
                self.mover_sets,
                u64::MAX as f64
            )
        }
    }
}

impl std::error::Error for ClassTooBig {}

/// `C(n, k)` exactly, if it fits a `u128`.
fn binomial_u128(n: usize, k: usize) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    // Each partial product C(n - k + i, i) is whole; it and the next
    // factor both fit when the result is far from the bound.
    (1..=k).try_fold(1u128, |acc, i| {
        Some(acc.checked_mul((n - k + i) as u128)? / i as u128)
    })
}

/// `C(n, k)` as a float, for sizes past `u128` (a message's "about").
fn binomial_f64(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (1..=k).fold(1.0, |acc, i| acc * (n - k + i) as f64 / i as f64)
}

/// How many indices a class has on a board, without building its indexer:
/// what [`ClassIndexer::size`] returns. Used to plan a build's memory, and
/// the gate every build passes before it makes an indexer: a class whose
/// indices do not fit a `u64` (or whose mover sets do not) is refused
/// here, never wrapped round.
///
/// The canonical mover sets are one per orbit of the board's symmetry
/// group, counted by Burnside's lemma: the average over the symmetries of
/// the sets each one fixes. A symmetry fixes a set exactly when the set is
/// a union of its cycles, so those are counted from the cycle lengths.
pub fn class_size(board: Board, class: MaterialClass) -> Result<u64, ClassTooBig> {
    let n = board.points();
    let (m, o) = (class.mover as usize, class.other as usize);
    if m + o > n {
        return Ok(0);
    }
    let syms = board.symmetries();
    let block_slots = if class.block { o } else { 1 };
    let too_big = |by_mover_sets| ClassTooBig {
        class,
        board,
        positions: binomial_f64(n, m) / syms.len() as f64
            * binomial_f64(n - m, o)
            * block_slots as f64,
        mover_sets: binomial_f64(n, m),
        by_mover_sets,
    };
    // The indexer numbers every mover set by its colex rank.
    let mover_sets = binomial_u128(n, m).ok_or_else(|| too_big(true))?;
    if mover_sets > u64::MAX as u128 {
        return Err(too_big(true));
    }
    // A fixed set count is at most C(n, m), which fits a u64, so the sum
    // over the symmetries fits a u128. The counts of fewer stones on the
    // way can be far larger (C(169, 84) for 165 stones of 169), so they
    // wrap: modulo 2^128 the last one is still exact.
    let fixed: u128 = syms
        .iter()
        .map(|g| {
            // Coefficient of x^m in the product over cycles of (1 + x^len).
            let mut ways = vec![0u128; m + 1];
            ways[0] = 1;
            let mut seen = vec![false; n];
            for start in 0..n {
                if seen[start] {
                    continue;
                }
                let mut len = 0;
                let mut p = start;
                while !seen[p] {
                    seen[p] = true;
                    p = g.perm[p] as usize;
                    len += 1;
                }
                for k in (len..=m).rev() {
                    ways[k] = ways[k].wrapping_add(ways[k - len]);
                }
            }
            ways[m]
        })
        .sum();
    let orbits = fixed / syms.len() as u128;
    binomial_u128(n - m, o)
        .and_then(|others| orbits.checked_mul(others))
        .and_then(|size| size.checked_mul(block_slots as u128))
        .and_then(|size| u64::try_from(size).ok())
        .ok_or_else(|| too_big(false))
}

/// Steps a combination (increasing) to the next one in colex order.
#[inline]
fn next_colex(c: &mut [usize]) {
    let k = c.len();
    for j in 0..k {
        let limit = if j + 1 < k { c[j + 1] } else { usize::MAX };
        if c[j] + 1 < limit {
            c[j] += 1;
            for (i, x) in c[..j].iter_mut().enumerate() {
                *x = i;
            }
            return;
        }
    }
}

impl<B: Bits> ClassIndexer<B> {
    /// The indexer of `class` on `board`: finds the canonical sets of the
    /// side to move (one parallel pass over all their sets, on rayon's
    /// pool) and, for classes small enough (`C(N, m)` up to 2^26), a table
    /// from each set's colex rank to its canonical index.
    ///
    /// # Panics
    ///
    /// When the class has more stones than the board has points, or more
    /// positions than a `u64` index numbers ([`class_size`] refuses it).
    pub fn new(board: Board, class: MaterialClass) -> ClassIndexer<B> {
        let n = board.points();
        let (m, o) = (class.mover as usize, class.other as usize);
        assert!(m + o <= n, "class {class} does not fit on {board}");
        // Builds and probes refuse such a class before they get here; an
        // indexer of one would number its positions modulo 2^64.
        if let Err(e) = class_size(board, class) {
            panic!("{e}");
        }
        let binom = Binomials::new();
        let syms = board.symmetries();
        let total = binom.c(n, m);
        // One parallel pass over every mover set in colex order: the least
        // colex rank among its images, and which symmetries reach it.
        const CHUNK: u64 = 1 << 16;
        let least_and_mask: Vec<Vec<(u64, u8)>> = (0..total.div_ceil(CHUNK))
            .into_par_iter()
            .map(|ch| {
                let lo = ch * CHUNK;
                let hi = (lo + CHUNK).min(total);
                let mut pts = Vec::new();
                uncolex(&binom, lo, m, n, &mut pts);
                let mut out = Vec::with_capacity((hi - lo) as usize);
                for rank in lo..hi {
                    if rank > lo {
                        next_colex(&mut pts);
                    }
                    let set = pts.iter().fold(B::EMPTY, |acc, &p| acc.with(p as Square));
                    let (mut least, mut mask) = (rank, 1u8);
                    for (k, g) in syms.iter().enumerate().skip(1) {
                        let r = colex(&binom, g.apply(set).squares().map(|s| s as usize));
                        if r < least {
                            (least, mask) = (r, 1 << k);
                        } else if r == least {
                            mask |= 1 << k;
                        }
                    }
                    out.push((least, mask));
                }
                out
            })
            .collect();
        let mut canon_ranks = Vec::new();
        for (ch, v) in least_and_mask.iter().enumerate() {
            let lo = ch as u64 * CHUNK;
            canon_ranks.extend(
                v.iter()
                    .enumerate()
                    .filter(|(i, (least, _))| *least == lo + *i as u64)
                    .map(|(i, _)| lo + i as u64),
            );
        }
        let canon_sets: Vec<B> = canon_ranks
            .par_iter()
            .map_init(Vec::new, |pts, &rank| {
                uncolex(&binom, rank, m, n, pts);
                pts.iter().fold(B::EMPTY, |acc, &p| acc.with(p as Square))
            })
            .collect();
        let by_rank = (total <= RANK_TABLE_LIMIT && canon_ranks.len() < 1 << 24 && syms.len() <= 8)
            .then(|| {
                // In colex order, one pass: a canonical set (its own least
                // image) takes the next canonical index; any other set's
                // least image has a smaller rank, so its entry is written
                // already. (A binary search of the canonical ranks for each
                // set, as before, took most of a 9x5 search's start: about
                // 9 of its 13 s with the 8-stone tables.)
                let mut table = crate::hugepages::with_capacity(total as usize);
                let mut next = 0u32;
                for (rank, &(least, mask)) in least_and_mask.iter().flatten().enumerate() {
                    let idx = if least == rank as u64 {
                        next += 1;
                        next - 1
                    } else {
                        table[least as usize] & 0xff_ffff
                    };
                    table.push(idx | (mask as u32) << 24);
                }
                table
            });
        drop(least_and_mask);
        let canon_symmetric = canon_sets
            .iter()
            .map(|&set| syms[1..].iter().any(|g| g.apply(set) == set))
            .collect();
        ClassIndexer {
            class,
            board,
            o_count: binom.c(n - m, o),
            block_slots: if class.block { o as u64 } else { 1 },
            binom,
            syms,
            canon_ranks,
            canon_sets,
            canon_symmetric,
            by_rank,
        }
    }

    /// How many indices the class has.
    pub fn size(&self) -> u64 {
        self.canon_ranks.len() as u64 * self.o_count * self.block_slots
    }

    /// The colex rank of `o` among the points `s` leaves free.
    #[inline]
    fn o_rank(&self, s: B, o: B) -> u64 {
        colex(&self.binom, o.squeeze(s).squares().map(|p| p as usize))
    }

    /// Starts loading what [`ClassIndexer::index`] reads for the mover
    /// set `s` (its entry in the rank table, a random place in up to 256
    /// MiB), so that the cache misses of several indices overlap: call it
    /// for each of a batch of positions before indexing them.
    #[inline]
    pub fn prefetch(&self, s: B) {
        if let Some(table) = &self.by_rank {
            prefetch(&table[colex(&self.binom, s.squares().map(|p| p as usize)) as usize]);
        }
    }

    /// The index of the position `(s, o, block)`: `s` the stones of the side
    /// to move, `o` the other side's, `block` one of `o` or none. The class
    /// must match.
    pub fn index(&self, s: B, o: B, block: Option<Square>) -> u64 {
        debug_assert_eq!(s.count(), self.class.mover as u32);
        debug_assert_eq!(o.count(), self.class.other as u32);
        if let Some(table) = &self.by_rank {
            let e = table[colex(&self.binom, s.squares().map(|p| p as usize)) as usize];
            let s_index = (e & 0xff_ffff) as u64;
            let mut mask = e >> 24;
            // Any symmetry of the mask maps `s` onto the canonical set:
            // mapped here (a few look-ups in a small table, none for the
            // identity) rather than read from `canon_sets`, a random
            // place in megabytes (a cache miss as costly as the rank
            // table's: a fifth of `index` in the builder's sweeps).
            let first = mask.trailing_zeros() as usize;
            let gs = if first == 0 {
                s
            } else {
                self.syms[first].apply(s)
            };
            let mut best = (u64::MAX, u64::MAX);
            while mask != 0 {
                let k = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let g = &self.syms[k];
                // Symmetry 0 is the identity.
                let go = if k == 0 { o } else { g.apply(o) };
                let or = self.o_rank(gs, go);
                let slot = match block {
                    Some(b) => go.count_below(g.perm[b as usize]) as u64,
                    None => 0,
                };
                best = best.min((or, slot));
            }
            return (s_index * self.o_count + best.0) * self.block_slots + best.1;
        }
        let mut best = (u64::MAX, u64::MAX, u64::MAX);
        for g in &self.syms {
            let gs = g.apply(s);
            let sr = colex(&self.binom, gs.squares().map(|p| p as usize));
            if sr > best.0 {
                continue;
            }
            let go = g.apply(o);
            let or = self.o_rank(gs, go);
            let slot = match block {
                Some(b) => go.count_below(g.perm[b as usize]) as u64,
                None => 0,
            };
            best = best.min((sr, or, slot));
        }
        let s_index = self
            .canon_ranks
            .binary_search(&best.0)
            .expect("the least image of a set is canonical") as u64;
        (s_index * self.o_count + best.1) * self.block_slots + best.2
    }

    /// Whether `index` is the least index of its position's orbit (the one
    /// the builder solves). `pos` is the decoded position at `index`.
    pub fn is_canonical(&self, index: u64, pos: &Position<B>) -> bool {
        !self.may_share_orbit(index) || self.index_of(pos) == index
    }

    /// Whether other indices may hold images of the position at `index`:
    /// only when a symmetry maps its mover set onto itself.
    #[inline]
    pub fn may_share_orbit(&self, index: u64) -> bool {
        let s_index = index / self.block_slots / self.o_count;
        self.canon_symmetric[s_index as usize]
    }

    /// The index of a position of this class, whoever is to move.
    pub fn index_of(&self, pos: &Position<B>) -> u64 {
        self.index(pos.mover(), pos.waiter(), pos.block)
    }

    /// The position at an index, with White to move (White's stones are the
    /// side to move's).
    pub fn decode(&self, index: u64, cache: &mut DecodeCache) -> Position<B> {
        let slot = index % self.block_slots;
        let rest = index / self.block_slots;
        let (s_index, o_rank) = (rest / self.o_count, rest % self.o_count);
        let s = self.canon_sets[s_index as usize];
        if cache.s_index != Some(s_index) {
            cache.s_index = Some(s_index);
            cache.o_rank = None;
            cache.free.clear();
            cache
                .free
                .extend((0..self.board.points() as Square).filter(|&p| !s.contains(p)));
        }
        // Sweeps decode consecutive indices: step the combination rather
        // than unrank it afresh.
        if cache.o_rank != Some(o_rank) {
            if o_rank > 0 && cache.o_rank == Some(o_rank - 1) {
                next_colex(&mut cache.scratch);
            } else {
                let n_free = cache.free.len();
                uncolex(
                    &self.binom,
                    o_rank,
                    self.class.other as usize,
                    n_free,
                    &mut cache.scratch,
                );
            }
        }
        cache.o_rank = Some(o_rank);
        let mut o = B::EMPTY;
        for &c in &cache.scratch {
            o = o.with(cache.free[c]);
        }
        let block = self
            .class
            .block
            .then(|| o.squares().nth(slot as usize).expect("slot < o"));
        Position {
            white: s,
            black: o,
            turn: Color::White,
            block,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Diagonals;

    fn check_roundtrip(cols: usize, rows: usize, class: MaterialClass) {
        let board = Board::new(cols, rows, Diagonals::Corner).unwrap();
        let ix = ClassIndexer::<u64>::new(board, class);
        let mut cache = DecodeCache::default();
        let mut canonical = 0;
        for i in 0..ix.size() {
            let p = ix.decode(i, &mut cache);
            assert_eq!(MaterialClass::of(&p), class);
            let j = ix.index_of(&p);
            assert!(j <= i, "an image's index is never above the least");
            if j == i {
                canonical += 1;
            }
            // Every image of the position has the same index.
            for g in board.symmetries() {
                assert_eq!(ix.index_of(&p.transformed(&g)), j);
            }
        }
        // The canonical indices count the orbits: compare with a count of
        // distinct least images over all placements.
        let n = board.points();
        let mut orbits = std::collections::HashSet::new();
        let syms = board.symmetries();
        let (m, o) = (class.mover as u32, class.other as u32);
        for s in 0u64..(1 << n) {
            if s.count_ones() != m {
                continue;
            }
            let free = !s & ((1u64 << n) - 1);
            let mut sub = free;
            loop {
                if sub.count_ones() == o {
                    let slots: Vec<Option<u8>> = if class.block {
                        sub.squares().map(Some).collect()
                    } else {
                        vec![None]
                    };
                    for blk in slots {
                        let p = Position {
                            white: s,
                            black: sub,
                            turn: Color::White,
                            block: blk,
                        };
                        let least = syms.iter().map(|g| p.transformed(g)).min().unwrap();
                        orbits.insert(least);
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & free;
            }
        }
        assert_eq!(canonical, orbits.len(), "{cols}x{rows} {class}");
    }

    #[test]
    fn indices_roundtrip_and_count_orbits() {
        check_roundtrip(3, 3, MaterialClass::new(2, 2, false));
        check_roundtrip(3, 3, MaterialClass::new(1, 3, true));
        check_roundtrip(5, 3, MaterialClass::new(3, 2, false));
        check_roundtrip(3, 5, MaterialClass::new(2, 3, true));
        check_roundtrip(1, 5, MaterialClass::new(1, 2, false));
    }

    #[test]
    fn the_rank_table_agrees_with_the_search_over_symmetries() {
        for (c, r, diag, class) in [
            (3, 3, Diagonals::Corner, MaterialClass::new(3, 2, false)),
            (5, 5, Diagonals::Corner, MaterialClass::new(4, 3, false)),
            (5, 5, Diagonals::Center, MaterialClass::new(2, 4, true)),
            (7, 3, Diagonals::Corner, MaterialClass::new(5, 2, false)),
            (9, 5, Diagonals::Corner, MaterialClass::new(3, 2, true)),
        ] {
            let board = Board::new(c, r, diag).unwrap();
            let fast = ClassIndexer::<u64>::new(board, class);
            assert!(fast.by_rank.is_some(), "{board} {class} has a rank table");
            let slow = ClassIndexer {
                by_rank: None,
                ..fast.clone()
            };
            let mut cache = DecodeCache::default();
            let step = (fast.size() / 5_000).max(1);
            for i in (0..fast.size()).step_by(step as usize) {
                let p = fast.decode(i, &mut cache);
                for g in board.symmetries() {
                    let q = p.transformed(&g);
                    assert_eq!(fast.index_of(&q), slow.index_of(&q), "{board} {class} {i}");
                }
            }
        }
    }

    #[test]
    fn class_size_counts_what_the_indexer_holds() {
        for (c, r, diag) in [
            (3, 3, Diagonals::Corner),
            (5, 5, Diagonals::Center),
            (7, 3, Diagonals::Corner),
            (9, 5, Diagonals::Corner),
            (1, 7, Diagonals::Corner),
        ] {
            let board = Board::new(c, r, diag).unwrap();
            for (m, o, block) in [(1, 1, false), (2, 3, false), (4, 1, true), (3, 3, true)] {
                let class = MaterialClass::new(m, o, block);
                if (m + o) as usize > board.points() {
                    assert_eq!(class_size(board, class), Ok(0));
                    continue;
                }
                let ix = ClassIndexer::<u64>::new(board, class);
                assert_eq!(class_size(board, class), Ok(ix.size()), "{board} {class}");
            }
        }
    }

    /// A class whose indices pass `u64` is refused by name, never counted
    /// modulo 2^64 (13x13's 7v5 was planned as 2.9e18 positions), and
    /// classes of more than 32 stones a side are counted (9x5's 1v44 and
    /// 44v1 read as empty when `C(44, 44)` did).
    #[test]
    fn class_sizes_past_u64_are_refused_and_large_sides_are_counted() {
        let big = Board::new(13, 13, Diagonals::Corner).unwrap();
        let err = class_size(big, MaterialClass::new(7, 5, false)).unwrap_err();
        assert_eq!(err.class, MaterialClass::new(7, 5, false));
        assert!(!err.by_mover_sets);
        assert_eq!(
            err.to_string(),
            "class 7v5 of 13x13 has about 7.5e19 positions, more than a table can index (at most 1.8e19)"
        );
        // The largest that fits: 6v5, 3.7e18.
        assert_eq!(
            class_size(big, MaterialClass::new(6, 5, false)).map(|n| n > 1 << 61),
            Ok(true)
        );
        // So many stones of the side to move that their sets cannot be
        // ranked, though the class's positions would be few.
        // (14v155: C(169, 14) is 1.0e20 sets, in 1.3e19 orbits.)
        let err = class_size(big, MaterialClass::new(14, 155, false)).unwrap_err();
        assert!(err.by_mover_sets);
        assert!(
            err.to_string()
                .contains("its 14 stones of the side to move make about 1.0e20 sets"),
            "{err}"
        );
        assert!(class_size(big, MaterialClass::new(84, 85, false)).is_err());
        let nine = Board::new(9, 5, Diagonals::Corner).unwrap();
        // 15v15: 1.3e19 positions, near the bound, exactly (Burnside by
        // hand: the identity and three symmetries fixing 5, 9 and 1 points).
        assert_eq!(
            class_size(nine, MaterialClass::new(15, 15, false)),
            Ok(13_373_899_970_172_675_840)
        );
        for (m, o) in [(1, 44), (44, 1)] {
            let class = MaterialClass::new(m, o, false);
            let ix = ClassIndexer::<u64>::new(nine, class);
            assert!(ix.size() > 0, "{class}");
            assert_eq!(class_size(nine, class), Ok(ix.size()), "{class}");
            let mut cache = DecodeCache::default();
            for i in 0..ix.size() {
                let p = ix.decode(i, &mut cache);
                assert_eq!(MaterialClass::of(&p), class);
                let j = ix.index_of(&p);
                assert!(j <= i, "{class} {i} {j}");
            }
        }
        assert_eq!(class_size(nine, MaterialClass::new(1, 44, false)), Ok(15));
        let binom = Binomials::new();
        assert_eq!(binom.c(44, 44), 1);
        assert_eq!(binom.c(169, 84), u64::MAX);
    }

    #[test]
    fn stepping_combinations_matches_unranking() {
        let binom = Binomials::new();
        for (n, k) in [(10usize, 3usize), (7, 1), (6, 6), (12, 4)] {
            let mut c = Vec::new();
            uncolex(&binom, 0, k, n, &mut c);
            let mut fresh = Vec::new();
            for r in 1..binom.c(n, k) {
                next_colex(&mut c);
                uncolex(&binom, r, k, n, &mut fresh);
                assert_eq!(c, fresh, "n {n} k {k} rank {r}");
            }
        }
    }

    #[test]
    fn class_names() {
        for c in [
            MaterialClass::new(3, 2, false),
            MaterialClass::new(1, 4, true),
        ] {
            assert_eq!(MaterialClass::parse(&c.name()), Some(c));
        }
        assert_eq!(MaterialClass::parse("3x2"), None);
    }
}
