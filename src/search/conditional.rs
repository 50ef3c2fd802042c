//! The table of path-dependent disproofs: a disproof that rests on
//! repetitions of positions above it, kept with the stretch of path it
//! needs, so that the node reached again below the same stretch is not
//! searched again.
//!
//! A disproof of a node at depth `k` whose dependency depth is `d < k`
//! (`super`'s method, "Repetitions and the graph-history interaction")
//! rests only on repetitions of the positions at depths `d..k` of its path
//! and of positions below the node. It is not a true disproof, but it is
//! one wherever the node has those same `k - d` positions, in the same
//! order, right above it: every repetition it used is a repetition there
//! too, and nothing else of the path is used. Such a reuse gets dependency
//! depth `k' - (k - d)` at the new depth `k'`, on the same positions, so the
//! numbers above it are as sound as the search's own. These disproofs come
//! from paika play, where one position is met again and again below the
//! same few quiet moves through different play further up (transpositions
//! the tree does not share): on a 9x3 draw-heavy line the search took a
//! third fewer expansions with them (`experiments/search_ghi/`).
//!
//! The stretch of path is kept as a 128-bit hash (xxh3, one link per
//! position from the nearest ancestor up, [`segment_step`]); the node
//! itself as its whole key. A false match needs two different stretches
//! of positions with the same 128-bit hash. Buckets of four slots, all the
//! stretches a node is kept with in one bucket; the slot of lowest priority
//! (`work`, the search's age when stored) is replaced. One bit a bucket
//! tells whether it holds anything, so that the many look-ups of nodes
//! never stored there cost one read of a small array.

use std::hash::{Hash, Hasher};

use crate::bits::Bits;
use crate::fxhash::FxHasher;
use crate::rules::Color;

use super::Node;

/// Slots per bucket.
const WAYS: usize = 4;

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    node: Node<B>,
    segment: u128,
    /// Positions in the stretch (at least one); 0 marks an empty slot.
    len: u32,
    work: u32,
    attacker: Color,
}

impl<B: Bits> Slot<B> {
    fn holds(&self, node: &Node<B>, attacker: Color) -> bool {
        self.len != 0 && self.node == *node && self.attacker == attacker
    }
}

/// One more link of a stretch's hash: `state` so far, then the next
/// position up the path.
pub(super) fn segment_step<B: Bits>(state: u128, node: &Node<B>) -> u128 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.write_u128(state);
    node.hash(&mut h);
    h.digest128()
}

/// The hash of a stretch of path, given root first: its positions from
/// the last (the nearest the node) to the first.
fn segment_hash<B: Bits>(stretch: &[(Node<B>, u32)]) -> u128 {
    stretch.iter().rev().fold(0, |s, (n, _)| segment_step(s, n))
}

/// A fixed-size table of path-dependent disproofs ([module](self)).
pub(super) struct Conditional<B> {
    slots: Vec<Slot<B>>,
    /// Bit `b` set: bucket `b` has held an entry since the last clear.
    marks: Vec<u64>,
    used: usize,
}

impl<B: Bits> Conditional<B> {
    /// Bytes one slot takes.
    pub(super) fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<B>>()
    }

    /// A table of at most `memory_bytes` (at least one bucket).
    pub(super) fn new(memory_bytes: usize) -> Self {
        let buckets = (memory_bytes / (WAYS * Self::slot_bytes())).max(1);
        let empty = Slot {
            node: Node {
                pos: crate::position::Position {
                    white: B::EMPTY,
                    black: B::EMPTY,
                    turn: Color::White,
                    block: None,
                },
                left: 0,
            },
            segment: 0,
            len: 0,
            work: 0,
            attacker: Color::White,
        };
        Conditional {
            slots: crate::hugepages::filled(buckets * WAYS, || empty),
            marks: vec![0; buckets.div_ceil(64)],
            used: 0,
        }
    }

    /// Bytes the table takes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * Self::slot_bytes() + self.marks.len() * 8
    }

    /// Entries held.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.used
    }

    fn bucket(&self, node: &Node<B>, attacker: Color) -> usize {
        let mut h = FxHasher::default();
        node.hash(&mut h);
        attacker.hash(&mut h);
        let buckets = self.slots.len() / WAYS;
        ((h.finish() as u128 * buckets as u128) >> 64) as usize
    }

    fn marked(&self, b: usize) -> bool {
        self.marks[b / 64] & (1 << (b % 64)) != 0
    }

    /// A disproof of `node` (for `attacker`) below `path` (root first, the
    /// node's parent last) that holds there: the number of positions of
    /// the path's end it rests on, the shortest such stretch if several
    /// match.
    pub(super) fn get(
        &self,
        node: &Node<B>,
        attacker: Color,
        path: &[(Node<B>, u32)],
    ) -> Option<u32> {
        let b = self.bucket(node, attacker);
        if !self.marked(b) {
            return None;
        }
        let mut found: [(u32, u128); WAYS] = [(0, 0); WAYS];
        let mut n = 0;
        for s in &self.slots[b * WAYS..(b + 1) * WAYS] {
            if s.holds(node, attacker) && s.len as usize <= path.len() {
                found[n] = (s.len, s.segment);
                n += 1;
            }
        }
        let found = &mut found[..n];
        found.sort_unstable_by_key(|&(len, _)| len);
        // One pass up the path serves every stretch, shortest first.
        let mut state = 0;
        let mut at = 0;
        for &(len, segment) in found.iter() {
            while at < len as usize {
                at += 1;
                state = segment_step(state, &path[path.len() - at].0);
            }
            if state == segment {
                return Some(len);
            }
        }
        None
    }

    /// Keeps a disproof of `node` (for `attacker`) that rests on
    /// `stretch`, the positions right above it (root first, at least one),
    /// with priority `work`.
    pub(super) fn put(
        &mut self,
        node: &Node<B>,
        attacker: Color,
        stretch: &[(Node<B>, u32)],
        work: u32,
    ) {
        debug_assert!(!stretch.is_empty());
        let len = stretch.len() as u32;
        let segment = segment_hash(stretch);
        let b = self.bucket(node, attacker);
        let bucket = &mut self.slots[b * WAYS..(b + 1) * WAYS];
        let slot = Slot {
            node: *node,
            segment,
            len,
            work: work.max(1),
            attacker,
        };
        // The same entry again, else the empty or lowest-priority slot (an
        // empty slot's work is 0).
        let victim = bucket
            .iter()
            .position(|s| s.holds(node, attacker) && s.len == len && s.segment == segment)
            .unwrap_or_else(|| {
                (0..WAYS)
                    .min_by_key(|&i| bucket[i].work)
                    .expect("a bucket has slots")
            });
        if bucket[victim].len == 0 {
            self.used += 1;
        }
        bucket[victim] = slot;
        self.marks[b / 64] |= 1 << (b % 64);
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| s.len = 0);
        self.marks.iter_mut().for_each(|m| *m = 0);
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn node(i: u64, turn: Color) -> Node<u64> {
        Node {
            pos: Position {
                white: i,
                black: i << 32,
                turn,
                block: None,
            },
            left: super::super::NO_LIMIT,
        }
    }

    fn path(ids: &[u64]) -> Vec<(Node<u64>, u32)> {
        ids.iter()
            .map(|&i| {
                let turn = if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                (node(i, turn), 4)
            })
            .collect()
    }

    #[test]
    fn a_disproof_is_found_only_below_the_stretch_it_rests_on() {
        let mut t = Conditional::<u64>::new(1 << 16);
        let leaf = node(9, Color::White);
        // Stored below 1 2 3 4 5, resting on the last two.
        let stored = path(&[1, 2, 3, 4, 5]);
        t.put(&leaf, Color::White, &stored[3..], 7);
        assert_eq!(t.len(), 1);
        // Same last two positions, anything above: found, resting on two.
        assert_eq!(t.get(&leaf, Color::White, &path(&[8, 8, 8, 4, 5])), Some(2));
        assert_eq!(t.get(&leaf, Color::White, &path(&[4, 5])), Some(2));
        // A different or shorter stretch, another attacker, another node.
        assert_eq!(t.get(&leaf, Color::White, &path(&[1, 2, 3, 5, 5])), None);
        assert_eq!(t.get(&leaf, Color::White, &path(&[1, 2, 3, 5, 4])), None);
        assert_eq!(t.get(&leaf, Color::White, &path(&[5])), None);
        assert_eq!(t.get(&leaf, Color::Black, &stored), None);
        assert_eq!(t.get(&node(10, Color::White), Color::White, &stored), None);
        // A longer stretch for the same node: the shortest that matches.
        t.put(&leaf, Color::White, &path(&[6, 3, 4, 7, 5])[1..], 8);
        assert_eq!(t.get(&leaf, Color::White, &path(&[0, 3, 4, 7, 5])), Some(4));
        assert_eq!(t.get(&leaf, Color::White, &path(&[3, 4, 5])), Some(2));
        // Storing the same entry again does not take another slot.
        t.put(&leaf, Color::White, &stored[3..], 9);
        assert_eq!(t.len(), 2);
        t.clear();
        assert_eq!((t.len(), t.get(&leaf, Color::White, &stored)), (0, None));
    }

    #[test]
    fn a_full_bucket_replaces_its_oldest_entry_and_stays_within_its_bytes() {
        // One bucket: every key lands in it.
        let mut t = Conditional::<u64>::new(1);
        assert!(t.bytes() <= WAYS * Conditional::<u64>::slot_bytes() + 8);
        let p = path(&[1, 2, 3]);
        for i in 0..5u64 {
            t.put(&node(i, Color::White), Color::White, &p[2..], 10 + i as u32);
        }
        assert_eq!(t.len(), WAYS);
        // The first (lowest work) went.
        assert_eq!(t.get(&node(0, Color::White), Color::White, &p), None);
        for i in 1..5u64 {
            assert_eq!(t.get(&node(i, Color::White), Color::White, &p), Some(1));
        }
    }
}
