//! The table of the proof-number search: slots in buckets of four, grown by
//! doubling (and one last, smaller step) up to a memory bound and then kept
//! full by replacement.
//!
//! Every slot holds its whole key (position, turns left, attacker), so a
//! look-up never mistakes one position for another. Beside the slots, each
//! bucket has its four 16-bit fingerprints of the keys in one 8-byte word:
//! most look-ups are of new leaves the table does not hold, and those now
//! read that one word instead of the bucket's slots (about 40 bytes each,
//! three cache lines a bucket). A profile of a 5x7 search had 55% of its
//! time in look-ups, nearly all of them cache misses. When a bucket is full
//! the entry of lowest priority (`work`) is replaced; solved entries count
//! double, so they outlive open ones of the same priority.

use std::hash::{Hash, Hasher};

use crate::bits::Bits;
use crate::fxhash::FxHasher;
use crate::rules::Color;

use super::Node;

/// Slots per bucket.
const WAYS: usize = 4;
/// The table starts with this many slots (or fewer, if the bound is lower).
const INITIAL_SLOTS: usize = 1 << 14;

/// What the table knows of a node for one goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub pn: u64,
    pub dn: u64,
    /// The replacement priority (at least one): higher is kept longer.
    pub work: u32,
}

impl Entry {
    #[inline]
    pub fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
    #[inline]
    fn priority(&self) -> u64 {
        if self.solved() {
            2 * self.work as u64 + 2
        } else {
            self.work as u64
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    node: Node<B>,
    attacker: Color,
    entry: Entry,
}

/// A memory-bounded table of proof and disproof numbers.
pub struct Table<B> {
    slots: Vec<Option<Slot<B>>>,
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

#[inline]
fn hash_key<B: Bits>(node: &Node<B>, attacker: Color) -> u64 {
    let mut h = FxHasher::default();
    node.hash(&mut h);
    attacker.hash(&mut h);
    h.finish()
}

impl<B: Bits> Table<B> {
    /// Bytes one slot takes, with its fingerprint.
    pub fn slot_bytes() -> usize {
        std::mem::size_of::<Option<Slot<B>>>() + std::mem::size_of::<u16>()
    }

    /// A table that never takes more than `memory_bytes`, counting the
    /// moment it grows, when the old and the new slot arrays both exist.
    /// It doubles from `INITIAL_SLOTS` while it is under a twelfth of
    /// the bound, then takes one last step to what the rest of the bound
    /// allows: from 5/6 to 11/12 of the bound in the end, where doubling
    /// alone could leave it a third (and once left it a half: 528 MiB of
    /// 1 GiB in the 9x5 reply searches). A bound under twice the initial
    /// size is taken at once. At least one bucket.
    pub fn new(memory_bytes: usize) -> Table<B> {
        let bound = memory_bytes / Self::slot_bytes() / WAYS * WAYS;
        let (len, last_step_from, max) = if bound < 2 * INITIAL_SLOTS {
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
            slots: crate::hugepages::filled(len, || None),
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
        ((hash as u128 * self.tags.len() as u128) >> 64) as usize
    }

    /// Starts loading the bucket fingerprints of a key into the cache, so
    /// that a [`Table::get`] soon after does not wait for memory: the
    /// children of a node are prefetched together before they are looked
    /// up one by one.
    #[inline]
    pub fn prefetch(&self, node: &Node<B>, attacker: Color) {
        let b = self.bucket(hash_key(node, attacker));
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let tags = (&self.tags[b] as *const [u16; WAYS]).cast::<i8>();
            // SAFETY: a prefetch is only a hint (it never faults), the
            // pointer is to a live element, and SSE is part of x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(tags) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    #[inline]
    pub fn get(&self, node: &Node<B>, attacker: Color) -> Option<Entry> {
        let hash = hash_key(node, attacker);
        let b = self.bucket(hash);
        let tag = fingerprint(hash);
        let tags = self.tags[b];
        (0..WAYS)
            .filter(|&w| tags[w] == tag)
            .find_map(|w| {
                self.slots[b * WAYS + w]
                    .as_ref()
                    .filter(|s| s.attacker == attacker && s.node == *node)
            })
            .map(|s| s.entry)
    }

    pub fn put(&mut self, node: &Node<B>, attacker: Color, entry: Entry) {
        if self.grows_at(self.used) {
            self.grow();
        }
        let hash = hash_key(node, attacker);
        let b = self.bucket(hash);
        let bucket = &mut self.slots[b * WAYS..(b + 1) * WAYS];
        let mut victim = 0;
        let mut victim_priority = u64::MAX;
        for (i, s) in bucket.iter().enumerate() {
            match s {
                Some(s) if s.attacker == attacker && s.node == *node => {
                    victim = i;
                    break;
                }
                Some(s) => {
                    if s.entry.priority() < victim_priority {
                        victim = i;
                        victim_priority = s.entry.priority();
                    }
                }
                None => {
                    if victim_priority > 0 {
                        victim = i;
                        victim_priority = 0;
                    }
                }
            }
        }
        if bucket[victim].is_none() {
            self.used += 1;
        }
        bucket[victim] = Some(Slot {
            node: *node,
            attacker,
            entry,
        });
        self.tags[b][victim] = fingerprint(hash);
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
        let old = std::mem::replace(&mut self.slots, crate::hugepages::filled(len, || None));
        self.tags = crate::hugepages::filled(len / WAYS, || [0; WAYS]);
        self.used = 0;
        for s in old.into_iter().flatten() {
            self.put(&s.node, s.attacker, s.entry);
        }
    }

    /// Every entry held: (node, attacker, entry), in slot order.
    pub fn entries(&self) -> impl Iterator<Item = (&Node<B>, Color, Entry)> + '_ {
        self.slots
            .iter()
            .flatten()
            .map(|s| (&s.node, s.attacker, s.entry))
    }

    /// Forgets everything, keeping the slot array.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
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
        for bytes in [1 << 20, 3 << 19, 5_000_000, 1, 40_000_000] {
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
            let e = Entry {
                pn: i,
                dn: 1,
                work: (i % 7) as u32 + 1,
            };
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
                assert_eq!(e.pn, i);
            }
        }
    }
}
