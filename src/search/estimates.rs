//! The table of estimates: the proof and disproof numbers of unsolved
//! positions that were searched below, so that another copy of the
//! position in the tree starts from what was learned there.
//!
//! The search tree is a tree: a position reached by several lines is a
//! node in each, and only its solved value is shared (the table of solved
//! positions). The 9x5 searches hold many copies: the checkpoint trees of
//! two open lines had 34.7 M nodes of 10.1 M positions and 60.4 M of
//! 19.4 M, over three copies a position, most of them leaves. A copy that
//! becomes the most-proving leaf was expanded (with a second-level search)
//! as if nothing were known of it, and once a thrashing tree drops the
//! subtrees of its second-level searches and its cuts, even the same node
//! learns it again.
//!
//! So the numbers of every expanded, unsolved node of a second-level
//! search (its root too) and of every expanded node dropped by a cut are
//! kept here, keyed by the whole node (position and turns left) and the
//! attacker. They are used twice:
//! - a new leaf starts from the larger of its heuristic numbers and the
//!   kept ones;
//! - a most-proving leaf whose kept numbers are larger than its own takes
//!   them, and its ancestors are updated, instead of being expanded: it
//!   was harder than it looked. (Next time it is chosen its numbers are the
//!   kept ones, so it is expanded.)
//!
//! Soundness does not depend on this table: its numbers are never 0 or
//! infinite, so they only steer which leaf is expanded next; every proof
//! and disproof still comes from the ends of the game, the endgame tables,
//! repetitions and the table of solved positions. Numbers taken from
//! another copy can come back round a cycle of paika moves to a copy of
//! the position they came from, larger each time round; unbounded, they
//! grew without end on the 5x5 start without tables. So the search uses
//! them only up to `ESTIMATE_CAP` times the leaf's own heuristic numbers
//! (`experiments/search_estimates/`).
//!
//! One slot per hash (the newest replaces the old): the table is small
//! against the work and the newest numbers are the best informed.

use crate::bits::Bits;
use crate::position::Position;
use crate::prefetch::prefetch;
use crate::rules::Color;

use super::Node;
use super::table::{hash_key, scale};

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    node: Node<B>,
    attacker: Color,
    /// 0 marks an empty slot (a kept number is at least one).
    pn: u32,
    dn: u32,
}

/// A fixed-size table of the numbers of unsolved nodes ([module](self)).
pub(super) struct Estimates<B> {
    slots: Vec<Slot<B>>,
}

impl<B: Bits> Estimates<B> {
    /// Bytes one slot takes.
    pub(super) fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<B>>()
    }

    /// A table of at most `memory_bytes` (at least one slot).
    pub(super) fn new(memory_bytes: usize) -> Self {
        let n = (memory_bytes / Self::slot_bytes()).max(1);
        Estimates {
            slots: crate::hugepages::filled(n, || Slot {
                node: Node {
                    pos: Position {
                        white: B::EMPTY,
                        black: B::EMPTY,
                        turn: Color::White,
                        block: None,
                    },
                    left: 0,
                },
                attacker: Color::White,
                pn: 0,
                dn: 0,
            }),
        }
    }

    /// Bytes the table takes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * Self::slot_bytes()
    }

    /// Starts loading the slot of a key, given by its [`hash_key`], into
    /// the cache, for a [`get`] soon after.
    ///
    /// [`get`]: Estimates::get
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        prefetch(&self.slots[scale(hash, self.slots.len())]);
    }

    /// The kept numbers of `node` for `attacker`, if any.
    #[inline]
    pub(super) fn get(&self, node: &Node<B>, attacker: Color) -> Option<(u64, u64)> {
        let s = &self.slots[scale(hash_key(node, attacker), self.slots.len())];
        (s.pn != 0 && s.node == *node && s.attacker == attacker)
            .then_some((s.pn as u64, s.dn as u64))
    }

    /// Keeps the numbers of an unsolved node (both above 0; kept up to
    /// [`super::CAP`]).
    #[inline]
    pub(super) fn put(&mut self, node: &Node<B>, attacker: Color, pn: u64, dn: u64) {
        debug_assert!(pn != 0 && dn != 0);
        let i = scale(hash_key(node, attacker), self.slots.len());
        self.slots[i] = Slot {
            node: *node,
            attacker,
            pn: pn.clamp(1, super::CAP) as u32,
            dn: dn.clamp(1, super::CAP) as u32,
        };
    }

    /// Every kept node: its attacker and numbers.
    pub(super) fn entries(&self) -> impl Iterator<Item = (Node<B>, Color, u32, u32)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.pn != 0)
            .map(|s| (s.node, s.attacker, s.pn, s.dn))
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| s.pn = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(i: u64, turn: Color, left: u16) -> Node<u64> {
        Node {
            pos: Position {
                white: 1 << i,
                black: 1 << (i + 20),
                turn,
                block: None,
            },
            left,
        }
    }

    #[test]
    fn keeps_numbers_by_whole_key() {
        let mut e = Estimates::<u64>::new(1 << 16);
        let a = node(3, Color::White, 7);
        assert_eq!(e.get(&a, Color::White), None);
        e.put(&a, Color::White, 12, 345);
        assert_eq!(e.get(&a, Color::White), Some((12, 345)));
        // The other attacker, side to move or turns left: another key.
        assert_eq!(e.get(&a, Color::Black), None);
        assert_eq!(e.get(&node(3, Color::Black, 7), Color::White), None);
        assert_eq!(e.get(&node(3, Color::White, 6), Color::White), None);
        // The newest numbers replace the old.
        e.put(&a, Color::White, 40, 2);
        assert_eq!(e.get(&a, Color::White), Some((40, 2)));
        e.clear();
        assert_eq!(e.get(&a, Color::White), None);
    }

    #[test]
    fn one_slot_holds_the_newest_of_colliding_keys() {
        let mut e = Estimates::<u64>::new(1);
        let (a, b) = (node(1, Color::White, 0), node(2, Color::White, 0));
        e.put(&a, Color::Black, 5, 6);
        e.put(&b, Color::Black, 7, 8);
        assert_eq!(e.get(&a, Color::Black), None);
        assert_eq!(e.get(&b, Color::Black), Some((7, 8)));
    }
}
