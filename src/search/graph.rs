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

use super::closure::{Backward, moves_needed};
use super::packed::{GraphKey, PackedNode};
use super::table::hash_key;
use super::*;
use crate::hugepages;
use crate::prefetch::prefetch;

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
    /// How many times a descent backed out of this position where the
    /// attacker moved into it (at most [`MAX_PENALTY`]): its proof number
    /// is doubled as many times, whatever its children's say.
    fn penalty(&self) -> u8 {
        self.flags & PENALTY
    }
}

/// A descent that backs out to the root forces a closure only once the
/// expansions since the last one are at least this fraction of the
/// graph's positions; before, the nearest unknown position is expanded
/// instead. At the end of a 9x5 disproof of 19 M expansions the descents
/// kept backing out every few dozen expansions, and each time a closure
/// over 60 M positions (4 to 7 s) solved next to nothing: 12 such closures
/// at the end, 35 in all; with the gap 24 closures and half the closure
/// time, to the same disproof in 236 more expansions
/// (`experiments/closure_order/`, session 74).
const CLOSURE_GAP: u64 = 256;

/// A full graph is closed before it is cut unless the last closure came
/// less than this fraction of the closures' spacing before: on 9x5's long
/// searches (5 GiB, some 50 M positions) the periodic closure often fell
/// a few hundred thousand expansions before the graph filled, and the
/// cut's closure, as dear (4 to 6 s), then solved 2 to 13 positions where
/// the one before had solved hundreds (`experiments/search_graph/`,
/// session 85).
const RECENT_CLOSURE: u64 = 4;

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
/// A flag, only while [`Graph::refresh_path`] runs: the node is on the
/// path above the one being refreshed (read with the child's numbers, so
/// it costs no look-up of its own).
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

/// The byte a position has in [`Graph::close`]: its state and the node's
/// [`STALE`] and [`CHANGED`] flags (set too when the closure changes it),
/// with the closure's own.
mod closure_flags {
    /// The bits of the state.
    pub(super) const STATE: u8 = 0x03;
    /// In the attractor of the proved positions (forced wins).
    pub(super) const FORCED: u8 = 0x04;
    /// In that of the proved and unknown ones, not in the first.
    pub(super) const OPEN: u8 = 0x08;
    /// To refresh in the first sweep, and in the second.
    pub(super) const FIRST: u8 = 0x10;
    pub(super) const SECOND: u8 = 0x20;
}

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
    /// Bytes for the positions and the edges with their scratch (beside
    /// the index), shared as the search needs ([`EDGES_PER_POSITION`]).
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
/// next (they are within the scratch each position and edge is given,
/// [`SCRATCH_PER_POSITION`] and [`SCRATCH_PER_EDGE`]): made afresh, they
/// were hundreds of megabytes of new pages each time, which the kernel
/// clears on first touch (in a profile of a 9x5 search, a quarter of the
/// closures' time, session 77). [`Graph::keep_recent`], whose own scratch
/// shares that room, gives them up.
#[derive(Default)]
struct ClosureScratch {
    /// A byte a position ([`closure_flags`]).
    flags: Vec<u8>,
    /// The moves into each position, then where its moves backwards
    /// start ([`Backward`]).
    offsets: Vec<u32>,
    /// The moves backwards.
    from: Vec<u32>,
    /// The moves the attractor being grown still needs, a position.
    needed: Vec<u32>,
    /// The positions the attractor took and has yet to follow backwards
    /// (as `u64`s: [`Graph::keep_recent`] keeps its heap here).
    queue: Vec<u64>,
}

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
    /// An empty graph in `memory` bytes: an index for as many positions as
    /// would fit with [`EDGES_PER_POSITION`] edges each, the rest for the
    /// positions and edges (at least [`MIN_ROOM`]).
    fn new(memory: usize) -> Self {
        let (index, max_positions, room) = Self::sized(memory);
        Graph {
            index,
            nodes: hugepages::with_capacity(max_positions),
            // Reserved, not taken: memory is taken as the arrays fill.
            edges: hugepages::with_capacity(room / EDGE_BYTES),
            expansions: Vec::new(),
            max_positions,
            room,
            weak: false,
            hashes: Vec::new(),
            closure_scratch: ClosureScratch::default(),
            _bits: std::marker::PhantomData,
        }
    }

    /// The index, the most positions and the room of a graph in `memory`
    /// bytes.
    fn sized(memory: usize) -> (Index, usize, usize) {
        let max_positions = (memory / bytes_per_position::<K>()).clamp(64, u32::MAX as usize - 1);
        let index = Index::new(max_positions);
        let room = memory.saturating_sub(index.slots.len() * 8).max(MIN_ROOM);
        (index, max_positions, room)
    }

    /// The bytes the graph was given: its room and its index.
    fn memory(&self) -> usize {
        self.room + self.index.slots.len() * 8
    }

    /// The same graph in `extra` more bytes: a larger index, with every
    /// position put in again, and more room for positions and edges.
    fn grow(&mut self, extra: usize, attacker: Color) {
        let (index, max_positions, room) = Self::sized(self.memory() + extra);
        // (Reserved, not taken, as in `new`.)
        let more_nodes = max_positions.saturating_sub(self.nodes.len());
        hugepages::reserve_exact(&mut self.nodes, more_nodes);
        let more_edges = (room / EDGE_BYTES).saturating_sub(self.edges.len());
        hugepages::reserve_exact(&mut self.edges, more_edges);
        self.index = index;
        self.max_positions = self.max_positions.max(max_positions);
        self.room = self.room.max(room);
        self.reindex(attacker);
    }

    /// Puts every position into the empty index.
    fn reindex(&mut self, attacker: Color) {
        // Each position's slot is loaded into the cache [`AHEAD`]
        // positions before it is put: a put waiting on its slot was 87%
        // of this, and a cut's rebuilt index 7% of a 9x5 search (session
        // 84).
        const AHEAD: usize = 16;
        self.index.slots.fill(0);
        let hash = |i: usize| hash_key(&self.nodes[i].node.unpack(), attacker);
        let n = self.nodes.len();
        let mut ahead = [0u64; AHEAD];
        for (i, h) in ahead.iter_mut().enumerate().take(n) {
            *h = hash(i);
            self.index.prefetch(*h);
        }
        for i in 0..n {
            let h = ahead[i % AHEAD];
            if i + AHEAD < n {
                ahead[i % AHEAD] = hash(i + AHEAD);
                self.index.prefetch(ahead[i % AHEAD]);
            }
            let slot = self
                .index
                .find(&self.nodes, &self.nodes[i].node, h)
                .expect_err("each position once");
            self.index.put(slot, h, i as u32);
        }
    }

    /// The bytes of the positions, expansions and edges with their
    /// scratch.
    fn used(&self) -> usize {
        self.nodes.len() * node_bytes::<K>()
            + self.expansions.len() * EXPANSION_BYTES
            + self.edges.len() * EDGE_BYTES
    }

    /// Whether an expansion with `moves` more edges and as many new
    /// positions fits.
    fn fits(&self, moves: usize) -> bool {
        self.nodes.len() + moves <= self.max_positions
            && self.used() + EXPANSION_BYTES + moves * (node_bytes::<K>() + EDGE_BYTES) <= self.room
    }

    /// Makes the edges from `first` on (the last laid out) position
    /// `i`'s moves: it is expanded.
    fn lay_out_moves(&mut self, i: u32, first: usize) {
        let n = &mut self.nodes[i as usize];
        n.first = first as u32;
        n.count = u16::try_from(self.edges.len() - first).expect("fewer than 65,536 moves");
        n.state = EXPANDED;
        self.expansions.push(Expansion {
            node: i,
            count: n.count,
            turn: n.node.turn(),
        });
    }

    /// The expansions with their moves, as they lie in the edges.
    fn moves_in_order(&self) -> impl Iterator<Item = (Expansion, &[u32])> {
        self.expansions.iter().scan(0usize, |first, &e| {
            let moves = &self.edges[*first..*first + e.count as usize];
            *first += e.count as usize;
            Some((e, moves))
        })
    }
}

/// The bytes a graph holds with its scratch (its arrays are reserved
/// whole at the start, but memory is only taken as they fill).
fn bytes<B: Bits, K: GraphKey<B>>(g: &Graph<B, K>) -> usize {
    g.used() + g.index.slots.len() * 8
}

/// Bytes a position takes beside its share of the index: its node and
/// scratch.
fn node_bytes<K>() -> usize {
    std::mem::size_of::<GNode<K>>() + SCRATCH_PER_POSITION
}

/// Bytes an edge takes with its scratch.
const EDGE_BYTES: usize = 4 + SCRATCH_PER_EDGE;

/// Bytes an expansion's entry takes ([`Expansion`]).
const EXPANSION_BYTES: usize = size_of::<Expansion>();

/// The least room for positions and edges, whatever the memory bound:
/// half of it is kept when the graph is full, and a position's moves
/// (hundreds at most) must fit in the other half.
const MIN_ROOM: usize = 1 << 20;

/// Bytes a position of the graph takes, all told, when it has
/// [`EDGES_PER_POSITION`] edges: its node and scratch, its share of the
/// index ([`INDEX_SLOTS`] slots of 8 bytes) and the edges with theirs.
/// Sizes the index.
fn bytes_per_position<K>() -> usize {
    node_bytes::<K>() + 8 * INDEX_SLOTS.0 / INDEX_SLOTS.1 + EDGE_BYTES * EDGES_PER_POSITION
}

/// Scratch a position needs at most: a descent's mark (4 bytes), the
/// flag [`Graph::nearest_unknown`] keeps between calls (1) and, in a
/// closure, its range of the moves backwards (4), the moves it still
/// needs (4), its place in the queue (8 an expanded position: 4 a
/// position while at most half of them are expanded, as in every search
/// big enough for memory to matter) and its byte of flags (1); when the
/// graph is full, [`Graph::keep_recent`] works in the same arrays: a
/// flag (1), the new number (4) and a place in the heap (in the
/// queue's).
const SCRATCH_PER_POSITION: usize = 18;
/// Scratch an edge needs in a closure: its place among the moves
/// backwards.
const SCRATCH_PER_EDGE: usize = 4;

/// The share of a full graph kept ([`Graph::keep_recent`]).
const KEEP: (usize, usize) = (1, 2);

/// Index slots per position (3 / 2: the index is at most two thirds
/// full).
const INDEX_SLOTS: (usize, usize) = (3, 2);
/// Edges per position the index is sized for: a 3x11 search had 2.6 (11
/// moves a position expanded, 4.3 positions made per expansion), a 9x5
/// line 1.04 (9 moves, 8.8 new positions: few transpositions there). The
/// positions and edges share their room whatever the ratio, but the
/// index takes room from them: sized for 1, 2, 3 or 5 edges a position,
/// four small runs took 2.04, 1.90, 1.88 and 2.18 million expansions in
/// all (9x3 after d2-e2A in 0.1 GiB 586,508 with 1 against 496,870 with
/// 3; `experiments/search_graph/`, session 52).
const EDGES_PER_POSITION: usize = 3;

/// The positions' index: open addressing over a fixed array (sized once
/// for the most positions the memory bound allows, so it never grows),
/// each slot 32 bits of the hash and the node's number plus one (0:
/// empty). The key itself is the node's: nothing is stored twice.
struct Index {
    slots: Vec<u64>,
}

impl Index {
    fn new(positions: usize) -> Self {
        let len = (positions * INDEX_SLOTS.0 / INDEX_SLOTS.1).max(4);
        Index {
            slots: hugepages::filled(len, || 0),
        }
    }

    fn start(&self, hash: u64) -> usize {
        ((hash as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The node of `key` (of hash `hash`) if it is in the graph, else the
    /// slot to put it in.
    fn find<K: Eq>(&self, nodes: &[GNode<K>], key: &K, hash: u64) -> Result<u32, usize> {
        let tag = hash & 0xffff_ffff;
        let mut i = self.start(hash);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if s >> 32 == tag {
                let n = (s & 0xffff_ffff) as u32 - 1;
                if nodes[n as usize].node == *key {
                    return Ok(n);
                }
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// Starts loading the first slot of a key into the cache, for a
    /// [`Index::find`] soon after.
    #[inline]
    fn prefetch(&self, hash: u64) {
        prefetch(&self.slots[self.start(hash)]);
    }

    fn put(&mut self, slot: usize, hash: u64, node: u32) {
        self.slots[slot] = (hash & 0xffff_ffff) << 32 | (node as u64 + 1);
    }
}

/// The stamp of the next descent, with `mark` as long as the `nodes`
/// positions (wrapping round clears it).
fn next_stamp(mark: &mut Vec<u32>, stamp: u32, nodes: usize) -> u32 {
    let mut stamp = stamp.wrapping_add(1);
    if stamp == 0 {
        mark.iter_mut().for_each(|m| *m = 0);
        stamp = 1;
    }
    mark.resize(nodes, 0);
    stamp
}

fn cap(x: u64) -> u32 {
    x.min(CAP) as u32
}

/// How deep a descent may go below the root ([`SearchLimits::depth_cap`]),
/// and the back-outs at that depth over the last descents that found a
/// leaf.
///
/// The cap doubles when every line stops at it ([`Graph::descend_within`])
/// and also when, over a window of [`CAP_WINDOW`] descents, they backed
/// out at it more than [`CAP_BACKOUTS`] times a descent on average: the
/// positions within the cap near the search's focus are then all
/// expanded, and each descent goes through more and more of them, line by
/// line, before it finds a leaf (3x9 with the sacrifice move, "White
/// wins?" with a cap of 50: about 20 k expansions a second for 6 minutes
/// while the back-outs stayed mostly under 3 a descent (20 at most),
/// then they rose to 30-990 and the rate fell to a few hundred; with the
/// window the cap went to 100 there, later 200, and 16.2 M expansions
/// took 15 minutes; `experiments/search_graph/`, session 61).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DepthCap {
    /// Moves below the root (`usize::MAX`: no cap).
    moves: usize,
    descents: u64,
    backouts: u64,
}

/// Descents in a window of [`DepthCap`].
const CAP_WINDOW: u64 = 16_384;
/// Back-outs at the cap a descent, on average over a window, above which
/// the cap doubles ([`DepthCap`]). Before that stall the 3x9 search above
/// never went over 20 in a window, and mostly stayed under 3.
const CAP_BACKOUTS: u64 = 24;

impl DepthCap {
    fn new(moves: Option<usize>) -> Self {
        DepthCap {
            moves: moves.unwrap_or(usize::MAX),
            descents: 0,
            backouts: 0,
        }
    }

    /// The cap, if there is one.
    fn limit(&self) -> Option<usize> {
        Some(self.moves).filter(|&m| m != usize::MAX)
    }

    /// Doubles the cap for the rest of the search (no cap stays none).
    fn double(&mut self) {
        self.moves = self.moves.saturating_mul(2);
    }

    /// Counts a descent that found a leaf after `backouts` back-outs at
    /// the cap; at the end of a window, doubles the cap if they were too
    /// many.
    fn found_leaf(&mut self, backouts: usize) {
        self.descents += 1;
        self.backouts += backouts as u64;
        if self.descents == CAP_WINDOW {
            if self.backouts > CAP_BACKOUTS * CAP_WINDOW {
                self.double();
            }
            (self.descents, self.backouts) = (0, 0);
        }
    }
}

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
    fn kids(&self, i: u32) -> &[u32] {
        let g = &self.nodes[i as usize];
        &self.edges[g.first as usize..g.first as usize + g.count as usize]
    }

    /// Recomputes an expanded node from its children: local deductions
    /// and numbers. Returns whether its state or numbers changed.
    fn refresh(&mut self, i: u32, attacker: Color) -> bool {
        self.refresh_without(i, attacker, 0)
    }

    /// Refreshes the positions of a descent's `path` (the root first)
    /// from the leaf up, each without the positions above it on the path
    /// ([`Graph::refresh_without`]): each is flagged [`ABOVE`] until its
    /// own turn comes.
    ///
    /// A move back to a position above is a repetition there, and that
    /// position's numbers come from this one's: counted in, they feed a
    /// cycle's numbers on themselves, a little more at every descent,
    /// until the whole drawn region they go round stands at the cap and
    /// steers nothing (3x9 with the sacrifice move, "White wins?": White's
    /// proof numbers at the cap all along paths of 5,000 moves of paika
    /// play in an ending of 6 stones against 4, the depth cap doubling
    /// from 100 to 12,800 in 82 k expansions and the rate falling from 60 k
    /// a second to a few hundred; left out, the cap stayed at 50 for the
    /// half hour, 111 M expansions against 89 M, `experiments/search_graph`,
    /// session 64).
    fn refresh_path(&mut self, path: &[u32], attacker: Color) {
        for &i in path {
            self.nodes[i as usize].flags |= ABOVE;
        }
        for &i in path.iter().rev() {
            self.nodes[i as usize].flags &= !ABOVE;
            self.refresh_without(i, attacker, ABOVE);
        }
    }

    /// [`Graph::refresh`] with the open children that have a flag of
    /// `skip` left out; a node whose open children are all left out stays
    /// as it was. Returns whether the node's state or numbers changed.
    fn refresh_without(&mut self, i: u32, attacker: Color, skip: u8) -> bool {
        let g = self.nodes[i as usize];
        if g.state != EXPANDED {
            return false;
        }
        let or = g.node.turn() == attacker;
        let (mut pn, mut dn) = if or { (INF, 0u64) } else { (0u64, INF) };
        let mut state = EXPANDED;
        let mut open = 0u64;
        // The largest number of the open children where the node sums.
        let mut largest = 0u64;
        let mut skipped = false;
        for &c in self.kids(i) {
            let k = &self.nodes[c as usize];
            if (k.state == EXPANDED || k.state == UNKNOWN) && k.flags & skip != 0 {
                skipped = true;
                continue;
            }
            match k.state {
                PROVED if or => state = PROVED,
                DISPROVED if !or => state = DISPROVED,
                PROVED | DISPROVED => {}
                _ => {
                    open += 1;
                    if or {
                        pn = pn.min(k.pn as u64);
                        dn = dn.saturating_add(k.dn as u64);
                        largest = largest.max(k.dn as u64);
                    } else {
                        pn = pn.saturating_add(k.pn as u64);
                        dn = dn.min(k.dn as u64);
                        largest = largest.max(k.pn as u64);
                    }
                }
            }
            if state != EXPANDED {
                break;
            }
        }
        if state == EXPANDED && open == 0 {
            if skipped {
                // Only the path makes it a repetition: nothing to say.
                self.nodes[i as usize].flags |= STALE;
                return false;
            }
            state = if or { DISPROVED } else { PROVED };
        }
        if self.weak && state == EXPANDED {
            let weak = largest + (open - 1);
            if or {
                dn = weak;
            } else {
                pn = weak;
            }
        }
        let n = &mut self.nodes[i as usize];
        let (pn, dn) = match state {
            PROVED => (0, u32::MAX),
            DISPROVED => (u32::MAX, 0),
            _ => (
                cap(pn.max(1).saturating_mul(1 << n.penalty())),
                cap(dn).max(1),
            ),
        };
        let changed = (n.pn, n.dn, n.state) != (pn, dn, state);
        if changed {
            n.flags |= CHANGED;
        }
        // (A child left out may not have changed the result: stale all
        // the same, which costs the closure a refresh, nothing more.)
        if skipped {
            n.flags |= STALE;
        } else {
            n.flags &= !STALE;
        }
        (n.pn, n.dn, n.state) = (pn, dn, state);
        changed
    }

    /// The closure on the whole graph: proofs from the attractor of the
    /// proved positions, disproofs outside that of the proved and unknown
    /// ones. Returns the nodes solved.
    ///
    /// Most of a graph's positions are unknown leaves (nine in ten on
    /// 9x5), so the attractors are not grown from them one by one: each
    /// expanded position counts its seed children going forwards, and
    /// only the expanded positions that get in are followed backwards.
    /// The moves backwards are then needed only into expanded positions,
    /// and the rest of the closure reads one byte a position
    /// ([`closure_flags`]) instead of the 32 or 48 of its node.
    fn close(&mut self, attacker: Color) -> u64 {
        use closure_flags::*;
        let n = self.nodes.len();
        let ClosureScratch {
            mut flags,
            offsets: mut into_counts,
            from,
            mut needed,
            mut queue,
        } = std::mem::take(&mut self.closure_scratch);
        flags.clear();
        hugepages::reserve_exact(&mut flags, n);
        flags.extend(
            self.nodes
                .iter()
                .map(|g| g.state | g.flags & (STALE | CHANGED)),
        );
        let is_expanded = |f: u8| f & STATE == EXPANDED;
        debug_assert!(self.moves_in_order().all(|(e, moves)| {
            let g = &self.nodes[e.node as usize];
            g.state != EXPANDED || self.kids(e.node).as_ptr() == moves.as_ptr()
        }));
        debug_assert_eq!(
            self.expansions
                .iter()
                .map(|e| e.count as usize)
                .sum::<usize>(),
            self.edges.len()
        );
        // One walk over the moves counts, for each expanded position, its
        // moves into expanded positions (the moves backwards), its proved
        // children (the first attractor's seeds) and its unknown ones (the
        // second's), and marks it for the first sweep if it is stale or a
        // child changed since the last closure. `needed` holds two counts
        // a position: in its low half the moves the attractor being grown
        // still needs (a position has fewer than 65,536), in its high half
        // its unknown children until the second attractor takes them.
        hugepages::refill(&mut into_counts, n + 1, 0);
        hugepages::refill(&mut needed, n, 0);
        for (e, moves) in self.moves_in_order() {
            let p = e.node as usize;
            if !is_expanded(flags[p]) {
                continue;
            }
            let (mut proved, mut unknown, mut changed) = (0u32, 0u32, false);
            // (Counted without branches: a search's children are proved,
            // disproved and unknown in no order a branch could predict;
            // with a `match` this walk took a third longer.)
            for &d in moves {
                let f = flags[d as usize];
                proved += (f & STATE == PROVED) as u32;
                unknown += (f & STATE == UNKNOWN) as u32;
                changed |= f & CHANGED != 0;
                if is_expanded(f) {
                    into_counts[d as usize] += 1;
                }
            }
            let need = moves_needed(e.turn == attacker, e.count as u32).saturating_sub(proved);
            needed[p] = unknown << 16 | need;
            if changed || flags[p] & STALE != 0 {
                flags[p] |= FIRST;
            }
        }
        let back = Backward::with_counts(into_counts, from, |into| {
            for (e, moves) in self.moves_in_order() {
                if is_expanded(flags[e.node as usize]) {
                    for &d in moves {
                        if is_expanded(flags[d as usize]) {
                            into(e.node as usize, d as usize);
                        }
                    }
                }
            }
        });
        // The attractors ([`win_regions`]'s, as a retrograde analysis
        // grows them): first that of the proved positions, then, going on
        // from its counts, that of the proved and unknown ones.
        const NEED: u32 = 0xffff;
        queue.clear();
        for bit in [FORCED, OPEN] {
            for e in &self.expansions {
                let p = e.node as usize;
                if !is_expanded(flags[p]) || flags[p] & (FORCED | OPEN) != 0 {
                    continue;
                }
                if bit == OPEN {
                    needed[p] = (needed[p] & NEED).saturating_sub(needed[p] >> 16);
                }
                if needed[p] & NEED == 0 {
                    flags[p] |= bit;
                    queue.push(p as u64);
                }
            }
            while let Some(d) = queue.pop() {
                for &p in back.moves_into(d as usize) {
                    let p = p as usize;
                    if flags[p] & (FORCED | OPEN) != 0 {
                        continue;
                    }
                    needed[p] -= 1;
                    if needed[p] & NEED == 0 {
                        flags[p] |= bit;
                        queue.push(p as u64);
                    }
                }
            }
        }
        let mut solved = 0;
        for i in 0..n {
            let f = flags[i];
            if !is_expanded(f) || f & OPEN != 0 && f & FORCED == 0 {
                continue;
            }
            let g = &mut self.nodes[i];
            (g.pn, g.dn, g.state) = if f & FORCED != 0 {
                (0, u32::MAX, PROVED)
            } else {
                (u32::MAX, 0, DISPROVED)
            };
            g.flags |= CHANGED;
            flags[i] = f & !STATE | g.state | CHANGED;
            // (Its parents refresh in the first sweep, as do those of
            // the positions changed before the closure, marked above.)
            for &p in back.moves_into(i) {
                flags[p as usize] |= FIRST;
            }
            solved += 1;
        }
        // Children mostly come after their parents: two sweeps backwards
        // bring the numbers up to date (they only steer). A refresh gives
        // a node new numbers only if a child changed since it was last
        // refreshed (or it is stale), so each sweep refreshes only those:
        // the first, the stale nodes, the parents of the nodes changed
        // since the last closure, and of those it changes itself before
        // it reaches them; the second, the parents of the nodes changed
        // after the first sweep reached them (a child after its parent
        // changed in the first sweep, or before it in the second). A
        // parent passed by the second sweep when its child changes is
        // left stale, for the next closure. The numbers come out as two
        // full sweeps leave them. (Only expanded positions refresh, and
        // their parents are in `back`; a position the closure solved
        // may be marked, and its refresh does nothing.)
        for i in (0..n).rev() {
            if flags[i] & FIRST != 0 && self.refresh(i as u32, attacker) {
                flags[i] |= CHANGED;
                for &p in back.moves_into(i) {
                    flags[p as usize] |= if (p as usize) < i { FIRST } else { SECOND };
                }
            }
        }
        for i in (0..n).rev() {
            if flags[i] & SECOND != 0 && self.refresh(i as u32, attacker) {
                flags[i] |= CHANGED;
                for &p in back.moves_into(i) {
                    if (p as usize) < i {
                        flags[p as usize] |= SECOND;
                    } else {
                        self.nodes[p as usize].flags |= STALE;
                    }
                }
            }
        }
        for (g, f) in self.nodes.iter_mut().zip(&flags) {
            if f & CHANGED != 0 {
                g.flags &= !CHANGED;
            }
        }
        let (offsets, from) = back.into_parts();
        self.closure_scratch = ClosureScratch {
            flags,
            offsets,
            from,
            needed,
            queue,
        };
        solved
    }

    /// Makes room in a full graph by keeping the part the descents went
    /// through last: best first from the root by `mark` (the stamp of the
    /// last descent through each position; a descent marks its whole path,
    /// so a position's parents on it are as recent), the expanded positions
    /// with their moves and children while they fit in `nodes_budget`
    /// positions and `bytes_budget` bytes (as [`Graph::used`] counts). The
    /// rest goes; an expanded child kept without its moves is unknown
    /// again (its numbers stay). Nodes keep their order (children mostly
    /// after their parents), the root stays first, and the arrays are
    /// compacted where they are. Returns the positions dropped.
    fn keep_recent(
        &mut self,
        mark: &[u32],
        nodes_budget: usize,
        bytes_budget: usize,
        attacker: Color,
    ) -> usize {
        // Its scratch is the closure's arrays, given back to it after: a
        // flag and a new number a position, and the heap in the queue's
        // memory. Memory the process frees and takes again is new pages
        // the kernel clears: 12% of a 9x5 search's time where it was cut
        // every minute (session 83), 6% more while only the last two were
        // new (session 84). (The heap holds at most one entry an expanded
        // position, as the closure's queue: no more room than the closure
        // took.)
        let ClosureScratch {
            flags: mut keep,
            offsets: mut new,
            from,
            needed,
            mut queue,
        } = std::mem::take(&mut self.closure_scratch);
        let n = self.nodes.len();
        let stamp = |i: u32| mark.get(i as usize).copied().unwrap_or(0);
        // 0: dropped, 1: kept as a leaf, 2: kept with its moves.
        hugepages::refill(&mut keep, n, 0u8);
        keep[0] = 1;
        let (mut positions, mut edges, mut expansions) = (1usize, 0usize, 0usize);
        // Most recent first: the stamp above the position, ties to the
        // later position.
        let entry = |i: u32| u64::from(stamp(i)) << 32 | u64::from(i);
        queue.clear();
        let mut heap = std::collections::BinaryHeap::from(queue);
        if self.nodes[0].state == EXPANDED {
            heap.push(entry(0));
        }
        while let Some(e) = heap.pop() {
            let i = e as u32;
            let count = self.nodes[i as usize].count as usize;
            // (Counting every child as new over-counts shared ones: safe.)
            let bytes = (positions + count) * node_bytes::<K>()
                + (expansions + 1) * EXPANSION_BYTES
                + (edges + count) * EDGE_BYTES;
            if positions + count > nodes_budget || bytes > bytes_budget {
                continue;
            }
            keep[i as usize] = 2;
            edges += count;
            expansions += 1;
            // Each child's flag, node and stamp is a cache miss in a big
            // graph: all asked for before the first is read (some 13-20%
            // of this loop's time on 9x5, session 86).
            for &c in self.kids(i) {
                prefetch(&keep[c as usize]);
                prefetch(&self.nodes[c as usize]);
                if let Some(m) = mark.get(c as usize) {
                    prefetch(m);
                }
            }
            for &c in self.kids(i) {
                if keep[c as usize] == 0 {
                    keep[c as usize] = 1;
                    positions += 1;
                    if self.nodes[c as usize].state == EXPANDED {
                        heap.push(entry(c));
                    }
                }
            }
        }
        let queue = heap.into_vec();
        hugepages::refill(&mut new, n, u32::MAX);
        let mut next = 0u32;
        for i in 0..n {
            if keep[i] != 0 {
                new[i] = next;
                next += 1;
            }
        }
        // The edges first, read through the old numbers, range by range
        // in the order they were laid out, which is the expansions' (no
        // sort: sorting the kept positions by where their moves lay was
        // an eighth of a 9x5 cut, session 86). Each range moves down or
        // stays, and so does each kept expansion.
        let (mut w, mut first, mut kept) = (0usize, 0usize, 0usize);
        for x in 0..self.expansions.len() {
            let e = self.expansions[x];
            let count = e.count as usize;
            if keep[e.node as usize] == 2 {
                let g = &mut self.nodes[e.node as usize];
                debug_assert_eq!((g.first as usize, g.count), (first, e.count));
                g.first = w as u32;
                for k in 0..count {
                    self.edges[w + k] = new[self.edges[first + k] as usize];
                }
                self.expansions[kept] = Expansion {
                    node: new[e.node as usize],
                    ..e
                };
                kept += 1;
                w += count;
            }
            first += count;
        }
        self.edges.truncate(w);
        self.expansions.truncate(kept);
        // Then the nodes: each moves down or stays.
        for i in 0..n {
            let mut g = self.nodes[i];
            match keep[i] {
                0 => continue,
                1 if g.state == EXPANDED => {
                    (g.state, g.first, g.count) = (UNKNOWN, 0, 0);
                    g.flags |= CHANGED;
                }
                1 => {
                    if g.count > 0 {
                        g.flags |= SOLVED_HERE;
                    }
                    (g.first, g.count) = (0, 0);
                }
                _ => {}
            }
            self.nodes[new[i] as usize] = g;
        }
        self.nodes.truncate(next as usize);
        self.reindex(attacker);
        self.closure_scratch = ClosureScratch {
            flags: keep,
            offsets: new,
            from,
            needed,
            queue,
        };
        n - next as usize
    }

    /// A descent ([`Graph::descend`]) no deeper than the cap
    /// ([`DepthCap`]). When every line stops at the cap, the cap doubles,
    /// for this descent and the rest of the search: a descent that fails
    /// at the cap has gone through every line above it, which a cap too
    /// low for the position would cost again and again (9x3 after d2-e2A
    /// with a cap of 20, doubled each descent anew: 5.5 k expansions a
    /// second against 75 k). Each try takes the next `stamp`.
    fn descend_within(
        &mut self,
        cap: &mut DepthCap,
        path: &mut Vec<u32>,
        mark: &mut Vec<u32>,
        stamp: &mut u32,
        attacker: Color,
    ) -> Option<u32> {
        loop {
            *stamp = next_stamp(mark, *stamp, self.nodes.len());
            let (leaf, capped) = self.descend(path, mark, *stamp, attacker, cap.moves);
            if leaf.is_some() {
                cap.found_leaf(capped);
                return leaf;
            }
            if capped == 0 {
                return None;
            }
            cap.double();
        }
    }

    /// One descent from the root down to the most-proving unknown
    /// position, off its own path, into `path` (the root first): `None`
    /// when every line backs out. Each position it goes through gets
    /// `stamp` in `mark` (as long as the nodes). A node whose open
    /// children are all on the path or left is disproved on this path (a
    /// repetition): it is left, and so is an AND node above it (the
    /// defender repeats there); an OR node above tries its next child.
    /// Left nodes stay marked for the rest of the descent. An expanded
    /// node `max_depth` moves below the root is left as a repetition is;
    /// the second value counts those left so ([`SearchLimits::depth_cap`]).
    fn descend(
        &mut self,
        path: &mut Vec<u32>,
        mark: &mut [u32],
        stamp: u32,
        attacker: Color,
        max_depth: usize,
    ) -> (Option<u32>, usize) {
        path.clear();
        path.push(0);
        mark[0] = stamp;
        let mut capped = 0;
        let leaf = loop {
            let Some(&cur) = path.last() else {
                break None;
            };
            if self.nodes[cur as usize].state == UNKNOWN {
                break Some(cur);
            }
            let or = self.nodes[cur as usize].node.turn() == attacker;
            let mut best = None;
            let mut best_v = u32::MAX;
            if path.len() > max_depth {
                capped += 1;
            } else {
                for &c in self.kids(cur) {
                    let k = &self.nodes[c as usize];
                    if k.state == PROVED || k.state == DISPROVED || mark[c as usize] == stamp {
                        continue;
                    }
                    let v = if or { k.pn } else { k.dn };
                    if best.is_none() || v < best_v {
                        best = Some(c);
                        best_v = v;
                    }
                }
            }
            if let Some(c) = best {
                path.push(c);
                mark[c as usize] = stamp;
                continue;
            }
            self.refresh(cur, attacker);
            let mut left = path.pop().expect("cur is on the path");
            while let Some(&p) = path.last() {
                if self.nodes[p as usize].node.turn() == attacker {
                    break;
                }
                left = path.pop().expect("p is on the path");
            }
            // The attacker's move into a repetition: less promising for
            // it than its numbers say, so the next descent tries another
            // first (on 5x5 without tables: 2.9 s instead of 13.2 s, 10%
            // more expansions). Doubled for good (up to MAX_PENALTY
            // times): a later refresh from its children keeps it, so that
            // descents do not go back into a line they left, and walk it
            // to its end again, at every small change below.
            self.back_out_of(left);
        };
        (leaf, capped)
    }

    /// Doubles the proof number of an open position a descent backed out
    /// of, for good ([`GNode::penalty`]).
    fn back_out_of(&mut self, i: u32) {
        let n = &mut self.nodes[i as usize];
        if n.state == EXPANDED || n.state == UNKNOWN {
            n.pn = cap(n.pn as u64 * 2).max(1);
            let penalty = (n.penalty() + 1).min(MAX_PENALTY);
            n.flags = (n.flags & !PENALTY) | penalty | STALE | CHANGED;
        }
    }

    /// The nearest unknown position below `from`, breadth first through
    /// expanded open ones (none: the closure settles `from`). `seen` is
    /// scratch, all false before and after (kept between calls, so that a
    /// call costs what it visits, not the graph's size).
    fn nearest_unknown(&self, from: u32, seen: &mut Vec<bool>) -> Option<u32> {
        seen.resize(self.nodes.len(), false);
        // The queue keeps what it took: all it saw, to forget after.
        let mut queue = vec![from];
        seen[from as usize] = true;
        let mut head = 0;
        let mut found = None;
        'bfs: while let Some(&i) = queue.get(head) {
            head += 1;
            for &c in self.kids(i) {
                match self.nodes[c as usize].state {
                    UNKNOWN => {
                        found = Some(c);
                        break 'bfs;
                    }
                    EXPANDED if !seen[c as usize] => {
                        seen[c as usize] = true;
                        queue.push(c);
                    }
                    _ => {}
                }
            }
        }
        for i in queue {
            seen[i as usize] = false;
        }
        found
    }

    /// The path the next descent starts down ([`Graph::descend`]'s choices,
    /// read without changing anything), as positions from the root: at
    /// each expanded position the open child off the path with the
    /// smallest proof number where the attacker moves, the smallest
    /// disproof number where the defender does (the first of equals), down
    /// to an unknown position, to one whose open children are all solved
    /// or on the path (where the descent would back out), or to the depth
    /// cap, `max_depth` moves below the root.
    fn line(&self, attacker: Color, max_depth: usize) -> Vec<u32> {
        let mut path = vec![0u32];
        loop {
            let cur = *path.last().expect("the root is on the path");
            let n = &self.nodes[cur as usize];
            if n.state != EXPANDED || path.len() > max_depth {
                return path;
            }
            let or = n.node.turn() == attacker;
            let mut best: Option<(u32, u32)> = None;
            for &c in self.kids(cur) {
                let k = &self.nodes[c as usize];
                if k.state == PROVED || k.state == DISPROVED || path.contains(&c) {
                    continue;
                }
                let v = if or { k.pn } else { k.dn };
                if best.is_none_or(|(_, b)| v < b) {
                    best = Some((c, v));
                }
            }
            match best {
                Some((c, _)) => path.push(c),
                None => return path,
            }
        }
    }
}

impl<B: Bits, O: Oracle<B>> Solver<'_, B, O> {
    /// Searches "`attacker` can force a win" at `root` on the graph of
    /// positions (the module's method) until it is settled or a limit
    /// stops it.
    pub(super) fn prove_graph(
        &mut self,
        root: &Node<B>,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> GoalState {
        // Packed where the board allows ([`super::packed`]).
        let points = self.geo.board.points();
        if PackedNode::<2>::fits(points) {
            self.prove_graph_keyed::<PackedNode<2>>(root, attacker, progress)
        } else if PackedNode::<3>::fits(points) {
            self.prove_graph_keyed::<PackedNode<3>>(root, attacker, progress)
        } else {
            self.prove_graph_keyed::<Node<B>>(root, attacker, progress)
        }
    }

    /// [`Solver::prove_graph`] on a graph that keeps its positions as
    /// `K`.
    fn prove_graph_keyed<K: GraphKey<B>>(
        &mut self,
        root: &Node<B>,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> GoalState {
        self.attacker = attacker;
        // The graph takes what the tree would (the memory bound less the
        // tables), all of it reserved at once so that nothing doubles.
        // (The table of solved positions grows up to its share.)
        let memory = self.limits.memory_bytes;
        let tables = memory / TABLE_SHARE + self.conditional.bytes() + self.estimates.bytes();
        let room = memory.saturating_sub(tables);
        let mut g = Graph::<B, K>::new(room);
        g.weak = self.limits.weak;
        let hash = hash_key(root, attacker);
        let key = K::pack(root);
        let slot = g
            .index
            .find(&g.nodes, &key, hash)
            .expect_err("the graph is empty");
        g.index.put(slot, hash, 0);
        g.nodes.push(GNode {
            node: key,
            pn: 1,
            dn: 1,
            first: 0,
            count: 0,
            state: UNKNOWN,
            flags: 0,
        });
        let mut mark: Vec<u32> = hugepages::with_capacity(g.max_positions);
        let mut stamp = 0u32;
        let mut path: Vec<u32> = Vec::new();
        let mut next_closure = 4096u64;
        let mut since = 0u64;
        let mut depth_cap = DepthCap::new(self.limits.depth_cap);
        let mut seen = Vec::new();
        if self.limits.nodes == Some(0) && self.expand_graph(&mut g, 0) {
            // A look at a saved search (`--nodes 0`) expands nothing, but
            // the root's moves are looked up (the table of solved
            // positions, the estimates, the endgame tables), not counted:
            // the line shows which of them the checkpoint settles.
            self.nodes -= 1;
            self.total_nodes -= 1;
            g.refresh(0, attacker);
        }
        let result = loop {
            let r = g.nodes[0];
            match r.state {
                PROVED => break GoalState::Proved,
                DISPROVED => break GoalState::Disproved,
                _ => {}
            }
            self.tick_with(progress, |p| {
                p.tree_nodes = g.nodes.len();
                p.tree_bytes = bytes(&g);
                (p.proof, p.disproof) = (r.pn as u64, r.dn as u64);
                p.depth_cap = depth_cap.limit();
            });
            if self.stopped.is_some() {
                self.graph_line = Some(self.line_in_graph(&g, attacker, depth_cap.moves));
                break GoalState::Open {
                    proof: r.pn as u64,
                    disproof: r.dn as u64,
                };
            }
            if self.nodes.is_multiple_of(CHECK_EVERY) && self.autosave_due() {
                // A checkpoint holds no graph: what it solved and the
                // numbers of the rest go where one is written from.
                self.keep_graph(&g, attacker);
                self.autosave_if_due();
            }
            if since >= next_closure {
                self.close_graph(&mut g, attacker);
                since = 0;
                next_closure = next_closure.max(g.expansions.len() as u64 / 2);
                continue;
            }
            // Down to the most-proving node, off the path's own positions,
            // no deeper than the cap.
            let leaf = g.descend_within(&mut depth_cap, &mut path, &mut mark, &mut stamp, attacker);
            let leaf = match leaf {
                Some(l) => Some(l),
                None if since == 0 || since < g.nodes.len() as u64 / CLOSURE_GAP => {
                    // Every descent went round, right after a closure or
                    // too soon after one for another ([`CLOSURE_GAP`]):
                    // the nearest unknown position, breadth first.
                    g.nearest_unknown(0, &mut seen)
                }
                None => {
                    since = next_closure;
                    continue;
                }
            };
            let Some(l) = leaf else {
                // Nothing unknown within reach: the closure settles the
                // root.
                since = next_closure;
                continue;
            };
            if !self.expand_graph(&mut g, l) {
                if let Some(extra) = self.take_spare_memory() {
                    // Memory another search gave back: the graph grows
                    // rather than loses half of what it holds.
                    g.grow(extra, attacker);
                    continue;
                }
                // (A closure that ran a moment ago left little for
                // another to find: [`RECENT_CLOSURE`].)
                let close = since >= next_closure / RECENT_CLOSURE;
                self.make_graph_room(&mut g, &mark, attacker, close);
                // The numbering changed: no stamp holds.
                mark.clear();
                since = 0;
                next_closure = 4096.max(g.expansions.len() as u64 / 2);
                continue;
            }
            since += 1;
            if path.last() != Some(&l) {
                // The nearest unknown position, off the path.
                g.refresh(l, attacker);
            }
            g.refresh_path(&path, attacker);
        };
        self.keep_graph(&g, attacker);
        self.graph_bytes = self.graph_bytes.max(bytes(&g));
        self.graph_depth_cap = self.graph_depth_cap.max(depth_cap.limit());
        result
    }

    /// The line a graph search stands on ([`Solver::search_line`]): the
    /// path of [`Graph::line`], and every move of the root in the order
    /// the search prefers them (solved ones too), with their numbers.
    fn line_in_graph<K: GraphKey<B>>(
        &self,
        g: &Graph<B, K>,
        attacker: Color,
        max_depth: usize,
    ) -> SearchLine<B> {
        let node = |i: u32, parent: Option<&Position<B>>| {
            let n = &g.nodes[i as usize];
            // Solved positions hold u32::MAX for the number that is
            // infinite.
            let number = |x: u32| if x == u32::MAX { INF } else { x as u64 };
            let children = if n.state == UNKNOWN {
                0
            } else {
                g.kids(i).len()
            };
            let pos = n.node.unpack().pos;
            self.line_node_at(parent, pos, (number(n.pn), number(n.dn)), children)
        };
        let path = g.line(attacker, max_depth);
        let mut nodes = vec![node(0, None)];
        for pair in path.windows(2) {
            let parent = g.nodes[pair[0] as usize].node.unpack().pos;
            nodes.push(node(pair[1], Some(&parent)));
        }
        let root = g.nodes[0].node.unpack().pos;
        let mut root_moves: Vec<LineNode<B>> =
            g.kids(0).iter().map(|&k| node(k, Some(&root))).collect();
        // Stable: equals keep the graph's order, as a descent takes the
        // first.
        root_moves.sort_by_key(|m| {
            if root.turn == attacker {
                m.proof
            } else {
                m.disproof
            }
        });
        SearchLine {
            attacker,
            nodes,
            root_moves,
        }
    }

    /// Runs the closure on the graph ([`Graph::close`]), counted and
    /// timed.
    fn close_graph<K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>, attacker: Color) {
        let t0 = Instant::now();
        self.closures += 1;
        self.closure_solved += g.close(attacker);
        self.closure_time += t0.elapsed();
    }

    /// Makes room in a full graph (counted as a cut): what the whole
    /// graph settles (if `close`, by a closure first), and the numbers of
    /// what it does not, are kept first ([`Solver::keep_graph`]), then the
    /// half of the graph the descents went through last
    /// ([`Graph::keep_recent`]).
    fn make_graph_room<K: GraphKey<B>>(
        &mut self,
        g: &mut Graph<B, K>,
        mark: &[u32],
        attacker: Color,
        close: bool,
    ) {
        if close {
            self.close_graph(g, attacker);
        }
        let t0 = Instant::now();
        self.keep_graph(g, attacker);
        self.graph_bytes = self.graph_bytes.max(bytes(g));
        self.cuts += 1;
        self.call_cuts += 1;
        let (positions, bytes) = (g.max_positions, g.room);
        g.keep_recent(
            mark,
            positions / KEEP.1 * KEEP.0,
            bytes / KEEP.1 * KEEP.0,
            attacker,
        );
        self.cut_time += t0.elapsed();
    }

    /// Keeps what is solved for good in the table of solved positions,
    /// where later searches find it, and the numbers of the expanded open
    /// positions in the estimates. Every position the graph solved and
    /// still holds is put again with the current age: while the graph
    /// holds it, it is in use (the root's moves always are).
    fn keep_graph<K: GraphKey<B>>(&mut self, g: &Graph<B, K>, attacker: Color) {
        let age = self.age();
        for n in &g.nodes {
            if n.count > 0 && n.state == EXPANDED {
                self.estimates
                    .put(&n.node.unpack(), attacker, n.pn as u64, n.dn as u64);
            }
            let solved_here = n.count > 0 || n.flags & SOLVED_HERE != 0;
            if solved_here && (n.state == PROVED || n.state == DISPROVED) {
                let (pn, dn) = if n.state == PROVED {
                    (0, INF)
                } else {
                    (INF, 0)
                };
                self.table
                    .put(&n.node.unpack(), attacker, Entry { pn, dn, work: age });
            }
        }
    }

    /// Expands an unknown position of the graph: its children found in
    /// the graph, or classified and added. False, with the graph as it
    /// was, when they might not fit.
    fn expand_graph<K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>, i: u32) -> bool {
        let node = g.nodes[i as usize].node.unpack();
        let positions = self.children_of(&node.pos);
        if !g.fits(positions.len()) {
            self.positions = positions;
            return false;
        }
        self.nodes += 1;
        self.total_nodes += 1;
        let left = turns_left_after(node.left);
        let first = g.edges.len();
        // Each child is looked up in the index, and a new one in the table
        // of solved positions and the estimates: a cache miss each, all
        // started at once (the three hash a key alike): 13% less time on
        // 3x11 (`experiments/search_speed/`, session 71).
        g.hashes.clear();
        for p in positions.iter() {
            let hash = hash_key(&Node { pos: *p, left }, self.attacker);
            g.index.prefetch(hash);
            self.table.prefetch(hash);
            self.estimates.prefetch(hash);
            g.hashes.push(hash);
        }
        for (k, p) in positions.iter().enumerate() {
            let child = Node { pos: *p, left };
            let hash = g.hashes[k];
            let key = K::pack(&child);
            let c = match g.index.find(&g.nodes, &key, hash) {
                Ok(c) => c,
                Err(slot) => {
                    let (pn, dn) = self.graph_numbers(&child);
                    let (state, pn, dn) = match (pn, dn) {
                        (0, _) => (PROVED, 0, u32::MAX),
                        (_, 0) => (DISPROVED, u32::MAX, 0),
                        _ => (UNKNOWN, cap(pn).max(1), cap(dn).max(1)),
                    };
                    let c = g.nodes.len() as u32;
                    g.nodes.push(GNode {
                        node: key,
                        pn,
                        dn,
                        first: 0,
                        count: 0,
                        state,
                        flags: 0,
                    });
                    g.index.put(slot, hash, c);
                    c
                }
            };
            g.edges.push(c);
        }
        g.lay_out_moves(i, first);
        let n = &mut g.nodes[i as usize];
        // (Its numbers are still a leaf's.)
        n.flags |= STALE | CHANGED;
        if n.count == 0 {
            // No move is caught by `terminal`; kept safe all the same.
            n.state = if node.pos.turn == self.attacker {
                DISPROVED
            } else {
                PROVED
            };
        }
        self.positions = positions;
        true
    }

    /// A new position's numbers: solved (the end of the game, the table of
    /// solved positions, the oracle) or the heuristic ones.
    fn graph_numbers(&mut self, node: &Node<B>) -> (u64, u64) {
        if let Some(v) = self.terminal(node) {
            return self.numbers_of(node, v.wdl());
        }
        if let Some(e) = self.table.get(node, self.attacker) {
            return (e.pn, e.dn);
        }
        if let Some(v) = self.oracle_value(node) {
            return self.numbers_of(node, v);
        }
        self.leaf_numbers(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::XorShift64;
    use crate::position::Position;

    fn node(id: u64) -> GNode<Node<u64>> {
        GNode {
            node: Node {
                pos: Position {
                    white: id,
                    black: 1 << 40,
                    turn: Color::White,
                    block: None,
                },
                left: NO_LIMIT,
            },
            pn: 1,
            dn: 1,
            first: 0,
            count: 0,
            state: UNKNOWN,
            flags: 0,
        }
    }

    #[test]
    fn the_index_finds_every_position_put_in_and_no_other() {
        // Full to its limit (two thirds of the slots), with hashes that
        // collide in their slot and in their 32-bit tag.
        let n = 3000;
        let mut index = Index::new(n);
        let mut nodes: Vec<GNode<Node<u64>>> = Vec::new();
        let hash = |id: u64| {
            if id.is_multiple_of(3) {
                42
            } else {
                id.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            }
        };
        for id in 0..n as u64 {
            let g = node(id);
            let slot = index
                .find(&nodes, &g.node, hash(id))
                .expect_err("not in yet");
            index.put(slot, hash(id), nodes.len() as u32);
            nodes.push(g);
        }
        for id in 0..n as u64 {
            assert_eq!(index.find(&nodes, &node(id).node, hash(id)), Ok(id as u32));
        }
        for id in n as u64..n as u64 + 100 {
            assert!(index.find(&nodes, &node(id).node, hash(id)).is_err());
        }
    }

    #[test]
    fn an_expansion_fits_while_the_positions_and_the_bytes_do() {
        // The least room: 64 positions in the index, a MiB of nodes and
        // edges.
        let mut g = Graph::<u64>::new(0);
        assert_eq!((g.max_positions, g.room), (64, MIN_ROOM));
        assert!(g.fits(64) && !g.fits(65));
        g.nodes = (0..60).map(node).collect();
        assert!(g.fits(4) && !g.fits(5));
        // Edges take the room the positions leave.
        g.nodes.truncate(1);
        let per_move = node_bytes::<Node<u64>>() + EDGE_BYTES;
        let edges =
            (MIN_ROOM - node_bytes::<Node<u64>>() - EXPANSION_BYTES - 10 * per_move) / EDGE_BYTES;
        g.edges = vec![0; edges];
        assert!(g.fits(10) && !g.fits(11));
    }

    #[test]
    fn a_grown_graph_finds_what_it_held_and_fits_more() {
        let mut g = Graph::<u64>::new(0);
        g.nodes = (0..64).map(node).collect();
        g.reindex(Color::White);
        assert!(!g.fits(1));
        let before = g.memory();
        g.grow(16 << 20, Color::White);
        assert_eq!(g.memory(), before + (16 << 20));
        assert!(g.max_positions > 64 && g.room > MIN_ROOM);
        assert!(g.fits(1000));
        for id in 0..64 {
            let key = node(id).node;
            let found = g.index.find(&g.nodes, &key, hash_key(&key, Color::White));
            assert_eq!(found, Ok(id as u32));
        }
        let key = node(64).node;
        assert!(
            g.index
                .find(&g.nodes, &key, hash_key(&key, Color::White))
                .is_err()
        );
    }

    #[test]
    fn a_full_graph_takes_the_spare_memory_rather_than_cut() {
        // As tests/search.rs's `a_full_graph_makes_room_within_its_memory_
        // bound`: 5x5 fills 2 MiB of graph within 60,000 expansions. With
        // 64 MiB spare (as a split's ended searches give back), it takes
        // them all the first time it is full, and is not full again.
        use crate::geometry::Board;
        use crate::rules::Diagonals;
        use crate::value::NoTables;
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let geo = Geometry::<u64>::new(board);
        let pos = Position::start(&board, Color::White);
        let limits = SearchLimits {
            graph: true,
            nodes: Some(60_000),
            memory_bytes: 2 << 20,
            ..SearchLimits::default()
        };
        let run = |spare: Option<usize>| {
            let mut solver = Solver::new(&geo, Rules::default(), &NoTables, limits.clone());
            let pool = spare.map(|bytes| Arc::new(AtomicUsize::new(bytes)));
            solver.spare_memory = pool.clone();
            let root = Node {
                pos,
                left: NO_LIMIT,
            };
            let r = solver.solve_node_goal(root, Color::White, &mut |_| {});
            (r, pool.map(|p| p.load(Ordering::Relaxed)))
        };
        let (alone, _) = run(None);
        assert!(alone.cuts >= 1, "full {} times", alone.cuts);
        assert!(alone.tree_bytes <= 2 << 20, "{} bytes", alone.tree_bytes);
        let (grown, left) = run(Some(64 << 20));
        assert_eq!(grown.cuts, 0);
        assert_eq!(left, Some(0), "the spare memory taken");
        assert!(grown.tree_bytes > 2 << 20, "{} bytes", grown.tree_bytes);
        assert_eq!(grown.stopped, Some(StopReason::Nodes));
    }

    #[test]
    fn a_graph_of_packed_positions_searches_as_one_of_plain_ones() {
        // The same search with each key: the same expansions, closures,
        // cuts, numbers and line, to a proof (3x5, White wins), a stop at
        // a node limit (5x5, a draw) and through cuts (5x5 in 1 MiB).
        use crate::geometry::Board;
        use crate::rules::Diagonals;
        use crate::value::NoTables;
        fn search<K: GraphKey<u64>>(
            geo: &Geometry<u64>,
            limits: &SearchLimits,
            attacker: Color,
        ) -> String {
            let mut solver = Solver::new(geo, Rules::default(), &NoTables, limits.clone());
            let root = Node {
                pos: Position::start(&geo.board, Color::White),
                left: NO_LIMIT,
            };
            solver.begin_call();
            let state = solver.prove_graph_keyed::<K>(&root, attacker, &mut |_| {});
            let line = solver.graph_line.as_ref().map(|l| {
                let nodes: Vec<_> = l.nodes.iter().map(|n| (n.proof, n.disproof)).collect();
                let moves: Vec<_> = l.root_moves.iter().map(|n| (n.proof, n.disproof)).collect();
                format!("{nodes:?} {moves:?}")
            });
            format!(
                "{state:?}, {} expansions, {} closures solving {}, {} cuts, line {line:?}",
                solver.nodes, solver.closures, solver.closure_solved, solver.cuts,
            )
        }
        let cases = [
            ((3, 5), 64 << 20, None, Color::White),
            ((5, 5), 64 << 20, Some(20_000), Color::White),
            ((5, 5), 1 << 20, Some(40_000), Color::Black),
        ];
        for ((c, r), memory_bytes, nodes, attacker) in cases {
            let geo = Geometry::<u64>::new(Board::new(c, r, Diagonals::Corner).unwrap());
            let limits = SearchLimits {
                graph: true,
                weak: true,
                nodes,
                memory_bytes,
                ..SearchLimits::default()
            };
            let plain = search::<Node<u64>>(&geo, &limits, attacker);
            for packed in [
                search::<PackedNode<2>>(&geo, &limits, attacker),
                search::<PackedNode<3>>(&geo, &limits, attacker),
            ] {
                if memory_bytes == 1 << 20 {
                    // Smaller nodes: more of them fit, fewer cuts.
                    let cuts = |s: &str| -> u64 {
                        let head = s.split_once(" cuts").unwrap().0;
                        head.rsplit_once(' ').unwrap().1.parse().unwrap()
                    };
                    assert!(packed.starts_with("Open"), "{packed}");
                    assert!(cuts(&packed) < cuts(&plain), "{packed} against {plain}");
                } else {
                    assert_eq!(packed, plain, "{c}x{r}");
                }
            }
            if nodes.is_none() {
                assert!(plain.starts_with("Proved"), "{plain}");
            }
        }
    }

    #[test]
    fn weak_numbers_take_the_largest_child_plus_the_other_open_ones() {
        // White to move under "White wins?" (an OR node), then Black to
        // move (AND), each with three open children and a disproved or
        // proved one (which counts for nothing).
        for (turn, sum, weak) in [
            (Color::White, (1, 15), (1, 9)),
            (Color::Black, (15, 1), (9, 1)),
        ] {
            for is_weak in [false, true] {
                let mut g = Graph::<u64>::new(0);
                g.weak = is_weak;
                let mut parent = node(0);
                parent.node.pos.turn = turn;
                (parent.state, parent.first, parent.count) = (EXPANDED, 0, 4);
                g.nodes.push(parent);
                for (id, (pn, dn)) in [(1, 3), (3, 5), (5, 7)].into_iter().enumerate() {
                    let (pn, dn) = if turn == Color::White {
                        (pn, dn)
                    } else {
                        (dn, pn)
                    };
                    g.nodes.push(GNode {
                        pn,
                        dn,
                        ..node(id as u64 + 1)
                    });
                }
                let settled = if turn == Color::White {
                    DISPROVED
                } else {
                    PROVED
                };
                g.nodes.push(GNode {
                    state: settled,
                    ..node(4)
                });
                g.edges = vec![1, 2, 3, 4];
                g.refresh(0, Color::White);
                let want = if is_weak { weak } else { sum };
                assert_eq!(
                    (g.nodes[0].pn, g.nodes[0].dn),
                    want,
                    "{turn:?} weak {is_weak}"
                );
                assert_eq!(g.nodes[0].state, EXPANDED);
            }
        }
    }

    /// "White wins?" on a cycle: 0 (White to move) -> 1 (Black) -> 2
    /// (White) -> back to 0, or on to 3 (open, proof number 100); 1 -> 4
    /// too (open, 1). With `two_out`, 2's only move is back to 0.
    fn cycle(two_out: bool) -> Graph<u64> {
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

    /// A made-up graph of `n` positions from `seed`: leaves proved,
    /// disproved or unknown, expanded positions of either side with moves
    /// anywhere (cycles too), numbers and penalties at random.
    fn random_graph(n: usize, seed: u64, weak: bool) -> Graph<u64> {
        let mut rng = XorShift64::new(seed);
        let mut next = move |m: u64| rng.next_u64() % m;
        let mut g = Graph::<u64>::new(0);
        g.weak = weak;
        for id in 0..n as u64 {
            let mut v = node(id);
            if next(2) == 0 {
                v.node.pos.turn = Color::Black;
            }
            (v.pn, v.dn, v.flags) = (1 + next(50) as u32, 1 + next(50) as u32, next(3) as u8);
            // (An expanded node's numbers are a leaf's until refreshed.)
            v.flags |= STALE;
            v.state = match next(10) {
                0 => PROVED,
                1 => DISPROVED,
                2..=4 => UNKNOWN,
                _ => EXPANDED,
            };
            match v.state {
                PROVED => (v.pn, v.dn) = (0, u32::MAX),
                DISPROVED => (v.pn, v.dn) = (u32::MAX, 0),
                _ => {}
            }
            g.nodes.push(v);
        }
        for i in 0..n {
            if g.nodes[i].state != EXPANDED {
                continue;
            }
            let first = g.edges.len();
            // Mostly later positions, as a search lays them out.
            for _ in 0..1 + next(4) {
                let c = if next(4) == 0 {
                    next(n as u64) as u32
                } else {
                    (i + 1 + next(8) as usize).min(n - 1) as u32
                };
                if c as usize != i && !g.edges[first..].contains(&c) {
                    g.edges.push(c);
                }
            }
            if g.edges.len() == first {
                g.nodes[i].state = UNKNOWN;
                continue;
            }
            g.lay_out_moves(i as u32, first);
        }
        g
    }

    /// Expands unknown position `i` as a search would, with one to four
    /// moves to positions of the graph or new ones (proved, disproved or
    /// unknown), all drawn from `seed`.
    fn expand_at_random(g: &mut Graph<u64>, i: u32, seed: u64) {
        if g.nodes[i as usize].state != UNKNOWN {
            return;
        }
        let mut rng = XorShift64::new(seed | 1);
        let mut next = move |m: u64| rng.next_u64() % m;
        let first = g.edges.len();
        for _ in 0..1 + next(4) {
            let c = if next(2) == 0 {
                next(g.nodes.len() as u64) as u32
            } else {
                let mut v = node(g.nodes.len() as u64);
                if next(2) == 0 {
                    v.node.pos.turn = Color::Black;
                }
                (v.pn, v.dn) = (1 + next(50) as u32, 1 + next(50) as u32);
                match next(4) {
                    0 => (v.state, v.pn, v.dn) = (PROVED, 0, u32::MAX),
                    1 => (v.state, v.pn, v.dn) = (DISPROVED, u32::MAX, 0),
                    _ => {}
                }
                g.nodes.push(v);
                g.nodes.len() as u32 - 1
            };
            if c != i && !g.edges[first..].contains(&c) {
                g.edges.push(c);
            }
        }
        if g.edges.len() > first {
            g.lay_out_moves(i, first);
            // (Its numbers are still a leaf's.)
            g.nodes[i as usize].flags |= STALE | CHANGED;
        }
    }

    /// The closure as it reads: each attractor a least fixed point found
    /// by sweeping until nothing changes, then two full sweeps of
    /// refreshes. Returns the nodes solved.
    fn close_plainly(g: &mut Graph<u64>, attacker: Color) -> u64 {
        let n = g.nodes.len();
        let attractor = |g: &Graph<u64>, seed: &dyn Fn(u8) -> bool| {
            let mut inside: Vec<bool> = g.nodes.iter().map(|v| seed(v.state)).collect();
            loop {
                let mut grew = false;
                for i in 0..n {
                    let v = &g.nodes[i];
                    if inside[i] || v.state != EXPANDED {
                        continue;
                    }
                    let kids = g.kids(i as u32).iter().map(|&c| inside[c as usize]);
                    let forced = if v.node.turn() == attacker {
                        kids.clone().any(|k| k)
                    } else {
                        kids.clone().all(|k| k)
                    };
                    if forced {
                        inside[i] = true;
                        grew = true;
                    }
                }
                if !grew {
                    return inside;
                }
            }
        };
        let proved = attractor(g, &|s| s == PROVED);
        let open = attractor(g, &|s| s == PROVED || s == UNKNOWN);
        let mut solved = 0;
        for (i, v) in g.nodes.iter_mut().enumerate() {
            if v.state == EXPANDED && proved[i] {
                (v.pn, v.dn, v.state) = (0, u32::MAX, PROVED);
                solved += 1;
            } else if v.state == EXPANDED && !open[i] {
                (v.pn, v.dn, v.state) = (u32::MAX, 0, DISPROVED);
                solved += 1;
            }
        }
        for _ in 0..2 {
            for i in (0..n as u32).rev() {
                g.refresh(i, attacker);
            }
        }
        solved
    }

    #[test]
    fn the_closure_agrees_with_a_plain_one_on_random_graphs() {
        // The attractors grown in steps and the sweeps that refresh only
        // what changed against the plain way, closure after closure, with
        // what a search does between them: refreshes with and without the
        // positions of a path, and back-outs.
        let mut solved = 0;
        for seed in 0..300 {
            let n = 2 + seed as usize % 97;
            let weak = seed % 2 == 0;
            let attacker = if seed % 3 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mut fast = random_graph(n, seed, weak);
            let mut plain = random_graph(n, seed, weak);
            let mut rng = XorShift64::new(seed ^ 0x5555);
            let mut next = move |m: u64| rng.next_u64() % m;
            for round in 0..4 {
                let got = fast.close(attacker);
                assert_eq!(got, close_plainly(&mut plain, attacker), "seed {seed}");
                for (i, (a, b)) in fast.nodes.iter().zip(&plain.nodes).enumerate() {
                    assert_eq!(
                        (a.state, a.pn, a.dn),
                        (b.state, b.pn, b.dn),
                        "seed {seed}, round {round}, node {i}"
                    );
                }
                solved += got;
                for _ in 0..n / 3 {
                    let i = next(fast.nodes.len() as u64) as u32;
                    let r = next(1 << 20);
                    for g in [&mut fast, &mut plain] {
                        match r % 4 {
                            0 => {
                                g.refresh(i, attacker);
                            }
                            1 => {
                                // A made-up path above it.
                                let above = |c: usize| (c as u64 ^ r).is_multiple_of(3);
                                for c in (0..n).filter(|&c| above(c)) {
                                    g.nodes[c].flags |= ABOVE;
                                }
                                g.refresh_without(i, attacker, ABOVE);
                                for c in (0..n).filter(|&c| above(c)) {
                                    g.nodes[c].flags &= !ABOVE;
                                }
                            }
                            2 => g.back_out_of(i),
                            _ => expand_at_random(g, i, r),
                        }
                    }
                }
            }
        }
        // (The graphs are not all left as they were.)
        assert!(solved > 100, "{solved}");
    }

    #[test]
    fn a_path_is_refreshed_without_the_moves_back_up_it() {
        let path = [0, 1, 2];
        let mut g = cycle(false);
        for _ in 0..3 {
            g.refresh_path(&path, Color::White);
            // 2 takes 3's 100, not 0's; 1 the largest of 100 and 1, plus one.
            let pns: Vec<u32> = g.nodes[..3].iter().map(|n| n.pn).collect();
            assert_eq!(pns, [101, 101, 100]);
            assert!(
                g.nodes.iter().all(|n| n.flags & ABOVE == 0),
                "no position is left flagged"
            );
        }
        // Refreshed with the move back to 0 counted, the cycle's numbers
        // feed on themselves: one more at every pass.
        let mut g = cycle(false);
        for want in [2, 3, 4] {
            for i in [2, 1, 0] {
                g.refresh(i, Color::White);
            }
            assert_eq!(g.nodes[0].pn, want);
        }
    }

    #[test]
    fn a_position_whose_only_moves_go_back_up_the_path_is_left_as_it_was() {
        let mut g = cycle(true);
        (g.nodes[2].pn, g.nodes[2].dn) = (7, 9);
        g.refresh_path(&[0, 1, 2], Color::White);
        assert_eq!(
            (g.nodes[2].pn, g.nodes[2].dn, g.nodes[2].state),
            (7, 9, EXPANDED)
        );
        assert_eq!(g.nodes[1].pn, 8);
        // Refreshed off the path, it takes 0's numbers.
        g.refresh(2, Color::White);
        let zero = (g.nodes[0].pn, g.nodes[0].dn);
        assert_eq!((g.nodes[2].pn, g.nodes[2].dn), zero);
        assert_ne!(zero, (7, 9));
    }

    #[test]
    fn a_full_graph_keeps_the_latest_descents_with_their_children() {
        // Room for 8 positions: 0 1 4 3 with their moves, not 2's; then
        // the same room counted in bytes (with the four expansions').
        let room = 8 * (node_bytes::<Node<u64>>() + EDGE_BYTES) + 4 * EXPANSION_BYTES;
        for (positions, bytes) in [(8, usize::MAX), (100, room)] {
            keeps_the_latest_descents(positions, bytes);
        }
    }

    fn keeps_the_latest_descents(positions: usize, bytes: usize) {
        // 0 -> 1 2 3, 1 -> 4 5, 2 -> 5 6, 3 -> 7, 4 -> 0 8 (back to the
        // root), expanded in the order 0 2 1 4 3 (edge ranges out of node
        // order); the last descents went 0 1 4, then 0 3, then 0 2.
        let kids: [&[u64]; 5] = [&[1, 2, 3], &[4, 5], &[5, 6], &[7], &[0, 8]];
        let mut g = Graph::<u64>::new(0);
        g.nodes = (0..9).map(node).collect();
        for i in [0, 2, 1, 4, 3] {
            let first = g.edges.len();
            g.edges.extend(kids[i].iter().map(|&k| k as u32));
            g.lay_out_moves(i as u32, first);
        }
        let mark = [10, 9, 3, 5, 9];
        let dropped = g.keep_recent(&mark, positions, bytes, Color::White);
        assert_eq!(dropped, 1);
        let ids: Vec<u64> = g.nodes.iter().map(|n| n.node.pos.white).collect();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5, 7, 8]);
        for (i, n) in g.nodes.iter().enumerate() {
            let id = n.node.pos.white;
            let hash = hash_key(&n.node, Color::White);
            assert_eq!(g.index.find(&g.nodes, &n.node, hash), Ok(i as u32));
            if [0, 1, 3, 4].contains(&id) {
                assert_eq!(n.state, EXPANDED, "{id}");
                let moves: Vec<u64> = g.kids(i as u32).iter().map(|&c| ids[c as usize]).collect();
                assert_eq!(moves, kids[id as usize], "{id}");
            } else {
                assert_eq!((n.state, n.count), (UNKNOWN, 0), "{id}");
            }
        }
        assert_eq!((g.expansions.len(), g.edges.len()), (4, 8));
        // The expansions in the order their moves were laid out, less 2's
        // (a leaf now), with their moves compacted.
        let laid: Vec<(u32, &[u32])> = g.moves_in_order().map(|(e, m)| (e.node, m)).collect();
        let kids_of = |i: u32| g.kids(i);
        assert_eq!(
            laid,
            [
                (0, kids_of(0)),
                (1, kids_of(1)),
                (4, kids_of(4)),
                (3, kids_of(3))
            ]
        );
        let hash = hash_key(&node(6).node, Color::White);
        assert!(g.index.find(&g.nodes, &node(6).node, hash).is_err());
    }

    #[test]
    fn a_position_solved_through_its_moves_stays_in_the_table_while_the_graph_holds_it() {
        // 0 -> 1 2, 1 -> 3, 2 -> 4: 1 disproved through its move to 3
        // (disproved), 2 open, 4 disproved as found (by the oracle, say).
        use crate::geometry::Board;
        use crate::rules::Diagonals;
        use crate::value::NoTables;
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let geo = Geometry::<u64>::new(board);
        let mut solver = Solver::new(&geo, Rules::default(), &NoTables, SearchLimits::default());
        let mut g = Graph::<u64>::new(0);
        g.nodes = (0..5).map(node).collect();
        for (i, kids) in [(0, &[1u32, 2][..]), (1, &[3]), (2, &[4])] {
            let first = g.edges.len();
            g.edges.extend(kids);
            g.lay_out_moves(i, first);
        }
        for i in [1, 3, 4] {
            let n = &mut g.nodes[i];
            (n.state, n.pn, n.dn) = (DISPROVED, u32::MAX, 0);
        }
        g.reindex(Color::White);
        let work = |solver: &Solver<u64, NoTables>, id: u64| {
            solver
                .table
                .get(&node(id).node, Color::White)
                .map(|e| e.work)
        };
        // As a cut does: what the graph solved goes to the table, then the
        // graph keeps its latest descents (the open 2 with its move, 1 as
        // a leaf without its own).
        solver.keep_graph(&g, Color::White);
        let first_age = solver.age();
        assert_eq!(work(&solver, 1), Some(first_age));
        assert_eq!(
            g.keep_recent(&[3, 1, 2], usize::MAX, usize::MAX, Color::White),
            1
        );
        let at =
            |g: &Graph<u64>, id: u64| g.nodes.iter().position(|n| n.node.pos.white == id).unwrap();
        assert_eq!(g.nodes[at(&g, 1)].count, 0);
        // Later, the next cut (or the search's end) puts 1 again, with the
        // age of then: a full bucket drops the oldest entries first.
        solver.total_nodes += 5 << 10;
        solver.keep_graph(&g, Color::White);
        assert_eq!(work(&solver, 1), Some(first_age + 5));
        // A position found solved is not put, then or now.
        assert_eq!(work(&solver, 4), None);
        assert_eq!(solver.table.len(), 1);
    }

    #[test]
    fn the_nearest_unknown_position_is_found_breadth_first_and_the_scratch_left_clear() {
        // 0 -> 1 -> 2 -> 0, 1 -> 4 and 2 -> 3 (both unknown): 4 is nearer.
        let mut g = cycle(false);
        let mut seen = Vec::new();
        let mut want = [Some(4), Some(4), Some(3), None].into_iter();
        for solved in [None, None, Some(4), Some(3)] {
            if let Some(i) = solved {
                g.nodes[i].state = PROVED;
            }
            assert_eq!(g.nearest_unknown(0, &mut seen), want.next().unwrap());
            assert!(seen.iter().all(|&s| !s), "{seen:?}");
        }
        // From 2 the way to 4 goes round by 0 and 1.
        g.nodes[4].state = UNKNOWN;
        assert_eq!(g.nearest_unknown(2, &mut seen), Some(4));
    }

    #[test]
    fn a_capped_descent_takes_a_shallower_leaf_and_goes_deeper_only_when_none_is_left() {
        // "White wins?": 0 (White) -> 1 (pn 1) or 2 (pn 9, unknown);
        // 1 (Black) -> 3 -> 4 (Black) -> 5 (unknown): the most-proving
        // leaf is 5, four moves down. Capped at 2 moves, the descent
        // leaves 3 and takes 2 (and doubles 1's proof number). Without 2,
        // a cap of 1 doubles until 5 is in reach, and stays doubled.
        let build = |with_shallow: bool| {
            let mut g = Graph::<u64>::new(0);
            g.nodes = (0..6).map(node).collect();
            let kids: [&[u32]; 5] = [
                if with_shallow { &[1, 2] } else { &[1] },
                &[3],
                &[],
                &[4],
                &[5],
            ];
            for (i, k) in kids.iter().enumerate() {
                if k.is_empty() {
                    continue;
                }
                let first = g.edges.len();
                g.edges.extend_from_slice(k);
                g.lay_out_moves(i as u32, first);
            }
            for i in [1, 4] {
                g.nodes[i].node.pos.turn = Color::Black;
            }
            g.nodes[2].pn = 9;
            g
        };
        let run = |g: &mut Graph<u64>, cap: usize| {
            let (mut path, mut mark, mut stamp) = (Vec::new(), Vec::new(), 0);
            let mut cap = DepthCap::new(Some(cap));
            let leaf = g.descend_within(&mut cap, &mut path, &mut mark, &mut stamp, Color::White);
            (leaf, path, stamp, cap.moves)
        };
        let mut g = build(true);
        let deep = vec![0, 1, 3, 4, 5];
        assert_eq!(
            run(&mut g, usize::MAX),
            (Some(5), deep.clone(), 1, usize::MAX)
        );
        let mut g = build(true);
        assert_eq!(run(&mut g, 2), (Some(2), vec![0, 2], 1, 2));
        assert_eq!(g.nodes[1].pn, 2, "the move into the cap doubled");
        // For good: brought up to date from its child (proof number 1),
        // it stays doubled; backed out of again, doubled again.
        g.refresh(1, Color::White);
        assert_eq!(g.nodes[1].pn, 2, "the doubling lasts");
        assert_eq!(run(&mut g, 2), (Some(2), vec![0, 2], 1, 2));
        g.refresh(1, Color::White);
        assert_eq!(g.nodes[1].pn, 4, "doubled twice");
        let mut g = build(true);
        assert_eq!(run(&mut g, 4), (Some(5), deep.clone(), 1, 4));
        // Caps 1 and 2 stop every line; 4 reaches 5: three tries, and the
        // cap stays at 4.
        let mut g = build(false);
        assert_eq!(run(&mut g, 1), (Some(5), deep, 3, 4));
    }

    #[test]
    fn the_cap_doubles_after_a_window_of_descents_that_backed_out_at_it_too_often() {
        // On average more than CAP_BACKOUTS back-outs a descent over a
        // window: doubled at the window's end, not before; exactly
        // CAP_BACKOUTS: kept. Each window counts afresh.
        let mut cap = DepthCap::new(Some(50));
        for _ in 0..CAP_WINDOW - 1 {
            cap.found_leaf(CAP_BACKOUTS as usize + 1);
        }
        assert_eq!(cap.moves, 50);
        cap.found_leaf(CAP_BACKOUTS as usize + 1);
        assert_eq!(cap.moves, 100);
        for _ in 0..CAP_WINDOW {
            cap.found_leaf(CAP_BACKOUTS as usize);
        }
        assert_eq!(cap.moves, 100);
        // A burst in one descent counts as the window's average.
        cap.found_leaf((CAP_BACKOUTS * CAP_WINDOW) as usize + 1);
        for _ in 1..CAP_WINDOW {
            cap.found_leaf(0);
        }
        assert_eq!(cap.moves, 200);
        // No cap stays none.
        let mut none = DepthCap::new(None);
        for _ in 0..CAP_WINDOW {
            none.found_leaf(usize::MAX / CAP_WINDOW as usize);
        }
        assert_eq!((none.moves, none.limit()), (usize::MAX, None));
    }
}
