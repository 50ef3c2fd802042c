//! The table of solved positions of the proof-number search: slots in
//! buckets of sixteen, grown by doubling (and one last, smaller step) up
//! to a memory bound and then kept full by replacement.
//!
//! Every slot holds its whole key (position, turns left, attacker), so a
//! look-up never mistakes one position for another, packed with the result
//! (proved or disproved) and the replacement priority into 24 bytes on
//! boards of up to 64 points (64 as an `Option` of the key and an
//! [`Entry`]): a bound holds 2.5 times the positions. Only solved
//! positions are kept; the tree holds the open ones. Beside the slots, each
//! bucket has its sixteen 16-bit fingerprints of the keys in 32 bytes,
//! within one cache line: most look-ups are of new leaves the table does not
//! hold, and those read that line instead of the bucket's slots. A profile
//! of a 5x7 search had 55% of its time in look-ups, nearly all of them
//! cache misses. When a bucket is full the table grows, if it still may;
//! at its most, the entry of lowest priority (`work`) is replaced.
//!
//! Why sixteen: a key has one bucket, so a full bucket drops an entry
//! while others have room. Filled with scattered keys to three quarters
//! (where the table grows) buckets of four held 89.2% of what was put,
//! of eight 94.7%, of sixteen 98.0%; at 61% (where the 9x5 searches'
//! tables end) 93.5%, 97.8% and 99.6%
//! (`a_table_three_quarters_full_holds_what_it_is_given`). A checkpoint
//! read under another `--memory` than the one that wrote it lands in
//! other buckets: with buckets of four it lost 9% of a 9x5 search's 43 M
//! solved positions.

use std::hash::{Hash, Hasher};

use crate::bits::{Bits, Square};
use crate::fxhash::FxHasher;
use crate::position::Position;
use crate::prefetch::prefetch;
use crate::rules::Color;

use super::{INF, Node};

/// Slots per bucket.
const WAYS: usize = 16;
/// The table starts with this many slots (or fewer, if the bound is lower).
const INITIAL_SLOTS: usize = 1 << 14;

/// What the table knows of a node for one goal: proved (`pn` 0, `dn`
/// [`INF`]) or disproved (the other way round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The proof number: 0 for a proof, [`INF`] for a disproof.
    pub pn: u64,
    /// The disproof number: [`INF`] for a proof, 0 for a disproof.
    pub dn: u64,
    /// The replacement priority (at least one): higher is kept longer.
    pub work: u32,
}

impl Entry {
    /// Whether the entry is a proof or a disproof (one of its numbers 0):
    /// the only entries the table keeps.
    #[inline]
    pub fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// A packed slot: the key, the result and the priority. `work` 0 marks an
/// empty slot (an entry's is at least one).
#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    white: B,
    black: B,
    work: u32,
    left: u16,
    /// The blocked stone's square, [`NO_BLOCK`] for none.
    block: u8,
    /// [`BLACK_TO_MOVE`], [`BLACK_ATTACKS`], [`PROVED`].
    flags: u8,
}

const NO_BLOCK: u8 = u8::MAX;
const BLACK_TO_MOVE: u8 = 1;
const BLACK_ATTACKS: u8 = 2;
const PROVED: u8 = 4;

impl<B: Bits> Slot<B> {
    const EMPTY: Slot<B> = Slot {
        white: B::EMPTY,
        black: B::EMPTY,
        work: 0,
        left: 0,
        block: NO_BLOCK,
        flags: 0,
    };

    fn new(node: &Node<B>, attacker: Color, entry: Entry) -> Self {
        let pos = &node.pos;
        // Boards have at most 13 x 13 = 169 points: a square is never
        // NO_BLOCK.
        debug_assert!(pos.block.is_none_or(|b| b != NO_BLOCK));
        Slot {
            white: pos.white,
            black: pos.black,
            work: entry.work.max(1),
            left: node.left,
            block: pos.block.unwrap_or(NO_BLOCK),
            flags: key_flags(pos.turn, attacker) | if entry.pn == 0 { PROVED } else { 0 },
        }
    }

    fn is_empty(&self) -> bool {
        self.work == 0
    }

    #[inline]
    fn holds(&self, node: &Node<B>, attacker: Color) -> bool {
        let pos = &node.pos;
        self.work != 0
            && self.white == pos.white
            && self.black == pos.black
            && self.left == node.left
            && self.block == pos.block.unwrap_or(NO_BLOCK)
            && self.flags & !PROVED == key_flags(pos.turn, attacker)
    }

    fn node(&self) -> Node<B> {
        Node {
            pos: Position {
                white: self.white,
                black: self.black,
                turn: if self.flags & BLACK_TO_MOVE != 0 {
                    Color::Black
                } else {
                    Color::White
                },
                block: (self.block != NO_BLOCK).then_some(self.block as Square),
            },
            left: self.left,
        }
    }

    fn attacker(&self) -> Color {
        if self.flags & BLACK_ATTACKS != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    fn entry(&self) -> Entry {
        let (pn, dn) = if self.flags & PROVED != 0 {
            (0, INF)
        } else {
            (INF, 0)
        };
        Entry {
            pn,
            dn,
            work: self.work,
        }
    }
}

#[inline]
fn key_flags(turn: Color, attacker: Color) -> u8 {
    let mut flags = 0;
    if turn == Color::Black {
        flags |= BLACK_TO_MOVE;
    }
    if attacker == Color::Black {
        flags |= BLACK_ATTACKS;
    }
    flags
}

/// A memory-bounded table of solved positions.
pub struct Table<B> {
    slots: Vec<Slot<B>>,
    /// The fingerprints of each bucket's slots ([`fingerprint`]; 0 for an
    /// empty slot).
    tags: Vec<[u16; WAYS]>,
    /// The most slots the table grows to.
    max_slots: usize,
    /// From this many slots the table grows straight to `max_slots`.
    last_step_from: usize,
    used: usize,
}

/// The fingerprint of a key's hash: its low bits (the bucket comes from
/// the high ones), never 0, which marks an empty slot.
#[inline]
fn fingerprint(hash: u64) -> u16 {
    hash as u16 | 1
}

/// The hash of a key, shared with the table of path-dependent disproofs.
#[inline]
pub(super) fn hash_key<B: Bits>(node: &Node<B>, attacker: Color) -> u64 {
    let mut h = FxHasher::default();
    node.hash(&mut h);
    attacker.hash(&mut h);
    h.finish()
}

/// A hash scaled to `0..n` by its high bits (a multiply, not a modulo,
/// so that any `n` works and the low bits stay free for fingerprints).
#[inline]
pub(super) fn scale(hash: u64, n: usize) -> usize {
    ((hash as u128 * n as u128) >> 64) as usize
}

impl<B: Bits> Table<B> {
    /// Bytes one slot takes, with its fingerprint.
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<B>>() + std::mem::size_of::<u16>()
    }

    /// A table that never takes more than `memory_bytes`, counting the
    /// moment it grows, when the old and the new slot arrays both exist.
    /// It doubles from `INITIAL_SLOTS` while it is under a twelfth of
    /// the bound, then takes one last step to what the rest of the bound
    /// allows: from 5/6 to 11/12 of the bound in the end, where doubling
    /// alone could leave it a third (and once left it a half: 528 MiB of
    /// 1 GiB in the 9x5 reply searches). A bound under six times the
    /// initial size (where that last step would leave it short of 5/6) is
    /// taken at once. At least one bucket.
    pub fn new(memory_bytes: usize) -> Table<B> {
        let bound = memory_bytes / Self::slot_bytes() / WAYS * WAYS;
        let (len, last_step_from, max) = if bound < 6 * INITIAL_SLOTS {
            let all = bound.max(WAYS);
            (all, all, all)
        } else {
            let mut from = INITIAL_SLOTS;
            while 12 * from <= bound {
                from *= 2;
            }
            (INITIAL_SLOTS, from, bound - from)
        };
        Table {
            slots: crate::hugepages::filled(len, || Slot::EMPTY),
            tags: crate::hugepages::filled(len / WAYS, || [0; WAYS]),
            max_slots: max,
            last_step_from,
            used: 0,
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Bytes the slot array takes now.
    pub fn bytes(&self) -> usize {
        self.slots.len() * Self::slot_bytes()
    }

    /// The most slots the table will grow to.
    pub fn max_slots(&self) -> usize {
        self.max_slots
    }

    /// The bucket of a hash: its number (the first of its slots is
    /// `WAYS` times that), from the high bits of the hash, scaled to any
    /// number of buckets.
    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        scale(hash, self.tags.len())
    }

    /// Starts loading the bucket fingerprints of a key, given by its
    /// [`hash_key`], into the cache, so that a [`Table::get`] soon after
    /// does not wait for memory: the children of a node are prefetched
    /// together before they are looked up one by one.
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        prefetch(&self.tags[self.bucket(hash)]);
    }

    /// The entry of `node` for the goal "`attacker` wins", if the table
    /// holds one (the whole key compared: never another position's).
    #[inline]
    pub fn get(&self, node: &Node<B>, attacker: Color) -> Option<Entry> {
        let hash = hash_key(node, attacker);
        let b = self.bucket(hash);
        let tag = fingerprint(hash);
        let tags = self.tags[b];
        (0..WAYS)
            .filter(|&w| tags[w] == tag)
            .map(|w| &self.slots[b * WAYS + w])
            .find(|s| s.holds(node, attacker))
            .map(Slot::entry)
    }

    /// Keeps a solved position (an open one is not kept). When its bucket
    /// is full the table grows if it still may, and else replaces the
    /// entry of the lowest priority in the bucket.
    pub fn put(&mut self, node: &Node<B>, attacker: Color, entry: Entry) {
        if !entry.solved() {
            return;
        }
        if self.grows_at(self.used) {
            self.grow();
        }
        let hash = hash_key(node, attacker);
        if self.slots.len() < self.max_slots && self.slot_for(hash, node, attacker).is_none() {
            // A table that may still grow drops nothing. Replacing in a
            // full bucket here lost what was put first: a search puts its
            // solved positions root first, all of one priority, and the
            // first put of a bucket came first again after each doubling
            // (a bucket's entries go to one or two buckets, in order), so
            // it was the one a tie dropped, doubling after doubling (a
            // forced 5x7 search lost 3 of its root's 7 moves so, growing
            // from 16 Ki to 4.6 Mi slots in one sweep; session 79).
            self.grow();
        }
        self.place(hash, node, attacker, entry);
    }

    /// The slot of a key in its bucket, else an empty one there: found
    /// through the fingerprints, without reading the slots of others.
    #[inline]
    fn slot_for(&self, hash: u64, node: &Node<B>, attacker: Color) -> Option<usize> {
        let b = self.bucket(hash);
        let tag = fingerprint(hash);
        let tags = &self.tags[b];
        let bucket = &self.slots[b * WAYS..(b + 1) * WAYS];
        (0..WAYS)
            .find(|&w| tags[w] == tag && bucket[w].holds(node, attacker))
            .or_else(|| (0..WAYS).find(|&w| tags[w] == 0))
    }

    /// Puts an entry in the slot of its key, else an empty one, else in
    /// place of the one of lowest priority (of those, the last in the
    /// bucket: the one put there last, when a bucket fills in order).
    fn place(&mut self, hash: u64, node: &Node<B>, attacker: Color, entry: Entry) {
        let b = self.bucket(hash);
        let victim = self.slot_for(hash, node, attacker).unwrap_or_else(|| {
            let bucket = &self.slots[b * WAYS..(b + 1) * WAYS];
            (0..WAYS)
                .rev()
                .min_by_key(|&w| bucket[w].work)
                .expect("a bucket has slots")
        });
        let tags = &mut self.tags[b];
        if tags[victim] == 0 {
            self.used += 1;
        }
        self.slots[b * WAYS + victim] = Slot::new(node, attacker, entry);
        tags[victim] = fingerprint(hash);
    }

    /// Grows the table, as it would grow while filling, to the size it
    /// has once it holds `entries`. Filling it in an order that follows
    /// the buckets (as a checkpoint's records do, written slot by slot)
    /// would otherwise crowd each bucket in turn long before the table as
    /// a whole is full enough to grow, and drop most of what is put.
    pub fn reserve(&mut self, entries: usize) {
        while self.grows_at(entries) {
            self.grow();
        }
    }

    /// Whether the table, holding `entries`, is full enough to grow (three
    /// quarters) and still may.
    #[inline]
    fn grows_at(&self, entries: usize) -> bool {
        entries * 4 >= self.slots.len() * 3 && self.slots.len() < self.max_slots
    }

    fn grow(&mut self) {
        let len = if self.slots.len() >= self.last_step_from {
            self.max_slots
        } else {
            self.slots.len() * 2
        };
        let old = std::mem::replace(
            &mut self.slots,
            crate::hugepages::filled(len, || Slot::EMPTY),
        );
        self.tags = crate::hugepages::filled(len / WAYS, || [0; WAYS]);
        self.used = 0;
        for s in old.into_iter().filter(|s| !s.is_empty()) {
            let (node, attacker) = (s.node(), s.attacker());
            self.place(hash_key(&node, attacker), &node, attacker, s.entry());
        }
    }

    /// Every entry held: (node, attacker, entry), in slot order.
    pub fn entries(&self) -> impl Iterator<Item = (Node<B>, Color, Entry)> + '_ {
        self.slots
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| (s.node(), s.attacker(), s.entry()))
    }

    /// Forgets everything, keeping the slot array.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::EMPTY);
        self.tags.iter_mut().for_each(|t| *t = [0; WAYS]);
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn node(i: u64) -> Node<u64> {
        Node {
            pos: Position {
                white: i,
                black: !i,
                turn: Color::White,
                block: None,
            },
            left: super::super::NO_LIMIT,
        }
    }

    #[test]
    fn stays_within_its_bound_and_finds_what_it_keeps() {
        // The smallest table is one bucket, where most keys collide and
        // some share a fingerprint.
        for bytes in [1 << 20, 3 << 19, 5_000_000, 1, 15_000_000] {
            fills_within_bound(bytes);
        }
    }

    fn fills_within_bound(bytes: usize) {
        let mut t = Table::<u64>::new(bytes);
        let per = Table::<u64>::slot_bytes();
        let max = t.max_slots() * per;
        assert!(t.max_slots() == WAYS || max <= bytes, "{bytes}: {max}");
        // The last step takes it to three quarters of the bound at least.
        assert!(t.max_slots() == WAYS || 4 * max + 4 * WAYS * per >= 3 * bytes);
        for i in 0..100_000u64 {
            let e = solved(i);
            let before = t.bytes();
            t.put(&node(i), Color::White, e);
            // While it grows, the old and the new arrays fit the bound.
            assert!(t.bytes() == before || before + t.bytes() <= bytes || t.max_slots() == WAYS);
            assert_eq!(t.get(&node(i), Color::White), Some(e));
            assert_eq!(t.get(&node(i), Color::Black), None);
        }
        assert_eq!(t.bytes(), t.max_slots() * per, "it grew to its most");
        assert!(t.len() <= t.max_slots());
        // Whatever is found is what was stored under that key.
        for i in 0..100_000u64 {
            if let Some(e) = t.get(&node(i), Color::White) {
                assert_eq!(e, solved(i));
            }
        }
    }

    /// A scattered key: two rounds of splitmix64.
    fn scattered(i: u64) -> Node<u64> {
        let mix = |mut z: u64| {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut n = node(0);
        n.pos.white = mix(i);
        n.pos.black = mix(!i);
        n
    }

    #[test]
    fn a_table_three_quarters_full_holds_what_it_is_given() {
        // Filled to where it would grow (this one is taken at its most at
        // once) and to where the 9x5 searches' tables end: buckets of
        // four held 89.2% and 93.5%, of eight 94.7% and 97.8%.
        for (load, least) in [(75, 97.0), (61, 99.0)] {
            let mut t = Table::<u64>::new(2_000_000);
            assert_eq!(t.bytes(), t.max_slots() * Table::<u64>::slot_bytes());
            let n = t.max_slots() * load / 100;
            for i in 0..n as u64 {
                t.put(&scattered(i), Color::White, solved(i));
            }
            let held = 100.0 * t.len() as f64 / n as f64;
            assert!(held >= least, "{load}% full: held {held:.2}%");
            let found = (0..n as u64)
                .filter(|&i| t.get(&scattered(i), Color::White) == Some(solved(i)))
                .count();
            assert_eq!(found, t.len());
        }
    }

    #[test]
    fn a_table_that_may_still_grow_drops_nothing() {
        // Filled from its first size, doubling, to half the size it takes
        // its last step from, all of one priority, as a graph search's
        // sweep puts them: before, a full bucket dropped an entry while
        // the table was still to double (3.0% of these), most often the
        // first put in it.
        let mut t = Table::<u64>::new(64 << 20);
        let n = t.last_step_from / 2;
        let work = Entry {
            work: 9,
            ..solved(0)
        };
        for i in 0..n as u64 {
            t.put(&scattered(i), Color::White, work);
        }
        assert_eq!(t.len(), n);
        let lost = (0..n as u64)
            .filter(|&i| t.get(&scattered(i), Color::White).is_none())
            .count();
        assert_eq!(lost, 0);
    }

    #[test]
    fn a_full_bucket_drops_its_lowest_priority_and_of_those_the_last_put() {
        // One bucket, at its most at once.
        let mut t = Table::<u64>::new(1);
        assert_eq!(t.max_slots(), WAYS);
        let with = |work| Entry { work, ..solved(0) };
        for i in 0..WAYS as u64 {
            t.put(&node(i), Color::White, with(if i == 7 { 3 } else { 5 }));
        }
        let held = |t: &Table<u64>, i: u64| t.get(&node(i), Color::White).is_some();
        assert!((0..WAYS as u64).all(|i| held(&t, i)));
        // The lowest priority goes first, then the last of a tie.
        t.put(&node(100), Color::White, with(5));
        assert!(held(&t, 100) && !held(&t, 7));
        t.put(&node(101), Color::White, with(5));
        assert!(held(&t, 101) && !held(&t, WAYS as u64 - 1));
        assert!(held(&t, 0) && held(&t, 100));
        assert_eq!(t.len(), WAYS);
    }

    /// Proved for odd `i`, disproved for even.
    fn solved(i: u64) -> Entry {
        let (pn, dn) = if i % 2 == 1 { (0, INF) } else { (INF, 0) };
        Entry {
            pn,
            dn,
            work: (i % 7) as u32 + 1,
        }
    }

    #[test]
    fn a_slot_packs_into_24_bytes_and_keeps_every_part_of_its_key() {
        assert_eq!(std::mem::size_of::<Slot<u64>>(), 24);
        let mut t = Table::<u64>::new(1 << 20);
        let base = Node {
            pos: Position {
                white: 0b110,
                black: 1 << 44,
                turn: Color::Black,
                block: Some(44),
            },
            left: 30,
        };
        let proved = solved(1);
        t.put(&base, Color::White, proved);
        // Each part of the key told apart: turn, block, turns left,
        // attacker, stones.
        let mut others = [base; 5];
        others[0].pos.turn = Color::White;
        others[1].pos.block = None;
        others[2].left = 29;
        others[4].pos.white = 0b111;
        for (k, o) in others.iter().enumerate() {
            let attacker = if k == 3 { Color::Black } else { Color::White };
            assert_eq!(t.get(o, attacker), None, "{k}");
        }
        assert_eq!(t.get(&base, Color::White), Some(proved));
        let disproved = solved(2);
        t.put(&others[1], Color::White, disproved);
        t.put(&others[3], Color::Black, disproved);
        assert_eq!(t.get(&others[1], Color::White), Some(disproved));
        assert_eq!(t.get(&others[3], Color::Black), Some(disproved));
        let mut held: Vec<_> = t.entries().collect();
        held.sort_by_key(|(n, a, _)| (*n, *a));
        let mut want = vec![
            (base, Color::White, proved),
            (others[1], Color::White, disproved),
            (others[3], Color::Black, disproved),
        ];
        want.sort_by_key(|(n, a, _)| (*n, *a));
        assert_eq!(held, want);
        // An open entry is not kept.
        t.put(
            &others[2],
            Color::White,
            Entry {
                pn: 3,
                dn: 4,
                work: 9,
            },
        );
        assert_eq!((t.get(&others[2], Color::White), t.len()), (None, 3));
    }
}
