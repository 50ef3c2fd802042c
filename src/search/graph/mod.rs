//! Proof-number search on the graph of positions (`solve --graph`): one
//! node per position, however many paths lead to it, so a drawn region of
//! paika play is expanded once, not once per path as the tree does.
//!
//! Soundness does not come from the numbers but from the attractors, as in
//! the closure (`closure`): every so often the attacker's attractor of the
//! proved positions (least fixed point: no cycle counts) proves, and every
//! expanded position outside the attractor of the proved and unknown ones
//! is a true disproof. Between closures only local deductions are made (an
//! OR node with a proved child is proved, with every child disproved is
//! disproved; the other way round at AND nodes), which need no path.
//!
//! The numbers only steer (the method, with what they are and how a
//! descent backs out of repetitions, is in [`crate::search`]).
//!
//! The parts, one file each (the types they share are here):
//! - `storage`: the arrays, the index of the positions and the bytes
//!   each takes;
//! - `refresh`: a position's numbers and local deductions from its
//!   children, along a descent's path without the moves back up it;
//! - `close`: the closure, the attractors on the whole graph;
//! - `cut`: what a full graph keeps;
//! - `stall`: when a full graph is cut again and again without progress
//!   (too little memory), which stops the search;
//! - `walk`: the way down to the most-proving position, kept from one
//!   expansion to the next (df-pn);
//! - `descent`: what the walk needs besides (the depth cap, backing out
//!   of repetitions, the nearest unknown position) and the line a search
//!   stands on;
//! - `solver`: the search itself, expanding positions into the graph
//!   and keeping what it solved in the tables that outlive it.

mod close;
mod cut;
mod descent;
mod heap;
mod refresh;
mod solver;
pub(super) mod stall;
mod storage;
mod walk;

use super::packed::GraphKey;
use super::*;
use storage::Index;

const UNKNOWN: u8 = 0;
const EXPANDED: u8 = 1;
const PROVED: u8 = 2;
const DISPROVED: u8 = 3;

/// A position of the graph: its numbers (which only steer), its moves
/// (`edges[first..first + count]` once expanded) and its state.
#[derive(Clone, Copy)]
struct GNode<K> {
    /// The position ([`GraphKey`]).
    node: K,
    pn: u32,
    dn: u32,
    first: u32,
    /// (A position has far fewer than 65,536 moves.)
    count: u16,
    state: u8,
    /// The penalty ([`GNode::penalty`]) in the low bits, and the flags
    /// [`STALE`], [`CHANGED`], [`ABOVE`] and [`SOLVED_HERE`] (one byte for
    /// all of them keeps the node at 48 bytes, 32 packed).
    flags: u8,
}

impl<K> GNode<K> {
    /// A position not expanded yet (`state` unknown, or solved as found)
    /// with its numbers and no flag.
    fn leaf(node: K, pn: u32, dn: u32, state: u8) -> Self {
        GNode {
            node,
            pn,
            dn,
            first: 0,
            count: 0,
            state,
            flags: 0,
        }
    }

    /// How many times a descent backed out of this position where the
    /// attacker moved into it (at most [`MAX_PENALTY`]): its proof number
    /// is doubled as many times, whatever its children's say.
    fn penalty(&self) -> u8 {
        self.flags & PENALTY
    }
}

/// The most times a position's proof number is doubled for the descents
/// that backed out of it ([`GNode::penalty`]).
const MAX_PENALTY: u8 = 10;
/// The bits of [`GNode::flags`] that hold the penalty.
const PENALTY: u8 = 0x0f;
/// A flag: the node's state and numbers may not be those a refresh from
/// its children gives (a refresh left some out, a descent backed out of
/// it, it was expanded): the closure's first sweep refreshes it.
const STALE: u8 = 0x40;
/// A flag: the node's state or numbers changed since the last closure,
/// whose first sweep refreshes its parents.
const CHANGED: u8 = 0x80;
/// A flag: the node is on the walk's stack ([`walk`]), or on the path
/// above the one being refreshed while [`Graph::refresh_path`] runs; a
/// refresh leaves it out and the walk does not choose it (read with the
/// child's numbers, so it costs no look-up of its own).
const ABOVE: u8 = 0x20;
/// A flag: the node was solved through its own moves, which a cut
/// ([`Graph::keep_recent`]) took: [`Solver::keep_graph`] keeps putting it
/// in the table of solved positions, as it does an expanded one, for as
/// long as the graph holds it. A solved position kept as a leaf was
/// otherwise put once, at the cut, and never again: its entry aged in the
/// table until a full bucket dropped it, and the root's own moves, solved
/// first, were the oldest (a forced 5x7 search, 29 M expansions, lost one
/// of its root's 7 disproved moves so, and three more while the table
/// grew, [`Table::put`]; session 79).
const SOLVED_HERE: u8 = 0x10;

/// An expanded position, in the order the expansions laid their moves
/// out in [`Graph::edges`] (each after the last): the closure walks the
/// moves in that order, reading the edges and the children each
/// expansion added (numbered together) one after the other, where in the
/// order of the positions it would jump for each (the moves backwards of
/// a 9x5 graph of 29 M positions, 3.6 M of them expanded: 1.33 s walked
/// in the order of the positions, 0.77 s in this one).
#[derive(Clone, Copy)]
struct Expansion {
    node: u32,
    count: u16,
    turn: Color,
}

/// The positions searched, the root first, and their moves: each kept
/// as a `K` ([`GraphKey`]).
struct Graph<B: Bits, K: GraphKey<B> = Node<B>> {
    index: Index,
    nodes: Vec<GNode<K>>,
    edges: Vec<u32>,
    /// The positions whose moves are in `edges`, as they lie there (one
    /// an expansion: how many there were, since the graph was last cut).
    expansions: Vec<Expansion>,
    /// The most positions the index takes.
    max_positions: usize,
    /// The bytes a position takes all told that the index was sized for
    /// ([`Graph::fit_index`]).
    position_bytes: usize,
    /// Bytes for the positions and the edges with their scratch (beside
    /// the index), shared as the search needs
    /// ([`EDGES_PER_POSITION`](storage::EDGES_PER_POSITION)).
    room: usize,
    /// Weak proof numbers ([`SearchLimits::weak`]).
    weak: bool,
    /// Scratch: the hashes of the children of the position being
    /// expanded.
    hashes: Vec<u64>,
    /// Scratch of the closures, kept from one to the next.
    closure_scratch: ClosureScratch,
    _bits: std::marker::PhantomData<B>,
}

/// The arrays [`Graph::close`] works in, kept from one closure to the
/// next (they are within the scratch each position, edge and expansion
/// is given, [`SCRATCH_PER_POSITION`](storage::SCRATCH_PER_POSITION),
/// [`SCRATCH_PER_EDGE`](storage::SCRATCH_PER_EDGE) and
/// [`EXPANSION_BYTES`](storage::EXPANSION_BYTES)): made afresh, they
/// were hundreds of megabytes of new pages each time, which the kernel
/// clears on first touch (in a profile of a 9x5 search, a quarter of the
/// closures' time, session 77). [`Graph::keep_recent`], whose own scratch
/// shares that room, gives them up.
#[derive(Default)]
struct ClosureScratch {
    /// A byte a position ([`closure_flags`](close::closure_flags)).
    flags: Vec<u8>,
    /// The moves into each position, then where its moves backwards
    /// start ([`Backward`](crate::search::closure::Backward)).
    offsets: Vec<u32>,
    /// The moves backwards, each from an expansion (its number in
    /// `expansions`).
    from: Vec<u32>,
    /// The moves the attractor being grown still needs, an expansion.
    needed: Vec<u32>,
    /// The positions the attractor took and has yet to follow backwards
    /// (as `u64`s: [`Graph::keep_recent`] keeps its heap here).
    queue: Vec<u64>,
}

/// A number as a node holds it (at most [`CAP`]).
fn cap(x: u64) -> u32 {
    x.min(CAP) as u32
}

#[cfg(test)]
mod test_graphs {
    use super::*;
    use crate::position::Position;

    pub(super) fn node(id: u64) -> GNode<Node<u64>> {
        let node = Node {
            pos: Position {
                white: id,
                black: 1 << 40,
                turn: Color::White,
                block: None,
            },
            left: NO_LIMIT,
        };
        GNode::leaf(node, 1, 1, UNKNOWN)
    }

    /// "White wins?" on a cycle: 0 (White to move) -> 1 (Black) -> 2
    /// (White) -> back to 0, or on to 3 (open, proof number 100); 1 -> 4
    /// too (open, 1). With `two_out`, 2's only move is back to 0.
    pub(super) fn cycle(two_out: bool) -> Graph<u64> {
        let mut g = Graph::<u64>::new(0);
        g.weak = true;
        for id in 0..5 {
            let mut n = node(id);
            if id == 1 {
                n.node.pos.turn = Color::Black;
            }
            g.nodes.push(n);
        }
        let kids: [&[u32]; 3] = [&[1], &[2, 4], if two_out { &[0] } else { &[0, 3] }];
        for (i, k) in kids.iter().enumerate() {
            let first = g.edges.len();
            g.edges.extend_from_slice(k);
            g.lay_out_moves(i as u32, first);
        }
        g.nodes[3].pn = 100;
        g
    }
}
