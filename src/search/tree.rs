//! The search tree's node, packed into 48 bytes on boards of up to 64
//! points: what bounds how many nodes a memory limit holds.

use super::{CAP, INF, NO_DEP, Node};
use crate::bits::{Bits, Square};
use crate::position::Position;
use crate::rules::Color;

/// A node of the search tree, packed: 48 bytes on boards of up to 64
/// points against 72 for a [`Node`] with `u64` numbers and `u32` depths,
/// so that a memory bound holds half as many nodes again. The search works
/// in `u64` numbers and depths through the accessors; the numbers it makes
/// never exceed [`CAP`] short of [`INF`], so packing them loses nothing, and
/// no node is ever made deeper than [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug)]
pub(super) struct TreeNode<B> {
    pub(super) white: B,
    pub(super) black: B,
    pub(super) pn: u32,
    pub(super) dn: u32,
    pub(super) parent: u32,
    /// The first of the children, which lie side by side ([`NONE`]: a leaf).
    pub(super) first: u32,
    pub(super) count: u32,
    /// Plies from the root.
    pub(super) depth: u16,
    /// For a disproof: the depth of the shallowest position on the path it
    /// depends on (`u16::MAX`: none, [`NO_DEP`] through [`TreeNode::dep`]).
    pub(super) dep: u16,
    pub(super) left: u16,
    pub(super) block: Option<Square>,
    pub(super) turn: Color,
}

/// The deepest a tree node may be: below [`TreeNode`]'s stored "no
/// dependency". A path this long has never been near (9x5 searches go a
/// few hundred plies deep); a search that gets there stops
/// ([`StopReason::Depth`](super::StopReason::Depth)).
pub(super) const MAX_DEPTH: u32 = u16::MAX as u32 - 1;

impl<B: Bits> TreeNode<B> {
    pub(super) fn new(
        node: Node<B>,
        (pn, dn): (u64, u64),
        parent: u32,
        depth: u32,
        dep: u32,
    ) -> Self {
        debug_assert!(depth <= MAX_DEPTH);
        let mut t = TreeNode {
            white: node.pos.white,
            black: node.pos.black,
            pn: 0,
            dn: 0,
            parent,
            first: NONE,
            count: 0,
            depth: depth as u16,
            dep: 0,
            left: node.left,
            block: node.pos.block,
            turn: node.pos.turn,
        };
        t.set_numbers(pn, dn);
        t.set_dep(dep);
        t
    }

    pub(super) fn node(&self) -> Node<B> {
        Node {
            pos: Position {
                white: self.white,
                black: self.black,
                turn: self.turn,
                block: self.block,
            },
            left: self.left,
        }
    }

    pub(super) fn turn(&self) -> Color {
        self.turn
    }

    pub(super) fn pn(&self) -> u64 {
        unpack_number(self.pn)
    }

    pub(super) fn dn(&self) -> u64 {
        unpack_number(self.dn)
    }

    pub(super) fn set_numbers(&mut self, pn: u64, dn: u64) {
        self.pn = pack_number(pn);
        self.dn = pack_number(dn);
    }

    pub(super) fn depth(&self) -> u32 {
        self.depth as u32
    }

    pub(super) fn dep(&self) -> u32 {
        if self.dep == u16::MAX {
            NO_DEP
        } else {
            self.dep as u32
        }
    }

    pub(super) fn set_dep(&mut self, dep: u32) {
        debug_assert!(dep == NO_DEP || dep <= MAX_DEPTH);
        self.dep = if dep == NO_DEP { u16::MAX } else { dep as u16 };
    }
}

/// A proof or disproof number as a tree node keeps it: [`INF`] as
/// `u32::MAX`, finite numbers up to [`CAP`] as they are (anything larger,
/// as from an old checkpoint, as [`CAP`]).
pub(super) fn pack_number(x: u64) -> u32 {
    if x == INF {
        u32::MAX
    } else {
        x.min(CAP) as u32
    }
}

pub(super) fn unpack_number(x: u32) -> u64 {
    if x == u32::MAX { INF } else { x as u64 }
}

/// No tree node.
pub(super) const NONE: u32 = u32::MAX;

#[cfg(test)]
mod tests {
    use super::super::add;
    use super::*;

    #[test]
    fn a_tree_node_packs_into_48_bytes_and_gives_back_what_went_in() {
        // The point of the packing: half as many nodes again in a bound.
        assert_eq!(std::mem::size_of::<TreeNode<u64>>(), 48);
        let pos = Position {
            white: 0b1011u64,
            black: 1 << 40,
            turn: Color::Black,
            block: Some(40),
        };
        let node = Node { pos, left: 17 };
        let mut t = TreeNode::new(node, (INF, 0), 5, MAX_DEPTH, MAX_DEPTH - 1);
        assert_eq!(t.node(), node);
        assert_eq!((t.pn(), t.dn(), t.parent), (INF, 0, 5));
        assert_eq!(
            (t.depth(), t.dep(), t.turn()),
            (MAX_DEPTH, MAX_DEPTH - 1, Color::Black)
        );
        t.set_dep(NO_DEP);
        assert_eq!(t.dep(), NO_DEP);
        for (pn, dn) in [(0, INF), (1, 1), (CAP, 7), (CAP - 1, CAP)] {
            t.set_numbers(pn, dn);
            assert_eq!((t.pn(), t.dn()), (pn, dn));
        }
        // Past CAP (an old checkpoint's numbers): CAP, still finite.
        t.set_numbers(1 << 40, CAP + 1);
        assert_eq!((t.pn(), t.dn()), (CAP, CAP));
        assert_eq!(add(CAP, 5), CAP);
        assert_eq!(add(CAP, INF), INF);
    }
}
