//! The graph's arrays: the positions (nodes), their moves (edges) in the
//! order the expansions laid them out, the index that finds a position,
//! and what each takes of the memory bound.

use super::*;
use crate::hugepages;
use crate::prefetch::prefetch;
use crate::search::table::hash_key;

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
    /// An empty graph in `memory` bytes: an index for as many positions as
    /// would fit with [`EDGES_PER_POSITION`] edges each, the rest for the
    /// positions and edges (at least [`MIN_ROOM`]).
    pub(super) fn new(memory: usize) -> Self {
        let position_bytes = bytes_per_position::<K>();
        let (index, max_positions, room) = Self::sized(memory, position_bytes);
        Graph {
            index,
            nodes: hugepages::with_capacity(max_positions),
            // Reserved, not taken: memory is taken as the arrays fill.
            edges: hugepages::with_capacity(room / EDGE_BYTES),
            expansions: Vec::new(),
            max_positions,
            position_bytes,
            room,
            weak: false,
            hashes: Vec::new(),
            closure_scratch: ClosureScratch::default(),
            _bits: std::marker::PhantomData,
        }
    }

    /// A graph in `memory` bytes ([`Graph::new`]) holding only `root`,
    /// unknown, as position 0.
    pub(super) fn with_root(memory: usize, root: &Node<B>, attacker: Color) -> Self {
        let mut g = Self::new(memory);
        let hash = hash_key(root, attacker);
        let key = K::pack(root);
        let slot = g
            .index
            .find(&g.nodes, &key, hash)
            .expect_err("the graph is empty");
        g.index.put(slot, hash, 0);
        g.nodes.push(GNode::leaf(key, 1, 1, UNKNOWN));
        g
    }

    /// The index, the most positions and the room of a graph in `memory`
    /// bytes whose positions take `position_bytes` each, all told.
    fn sized(memory: usize, position_bytes: usize) -> (Index, usize, usize) {
        let (max_positions, room) = Self::shares(memory, position_bytes);
        (Index::new(max_positions), max_positions, room)
    }

    /// The most positions and the room beside their index of a graph in
    /// `memory` bytes whose positions take `position_bytes` each.
    fn shares(memory: usize, position_bytes: usize) -> (usize, usize) {
        let max_positions = (memory / position_bytes).clamp(64, u32::MAX as usize - 1);
        let index_bytes = Index::slots_for(max_positions) * 8;
        (
            max_positions,
            memory.saturating_sub(index_bytes).max(MIN_ROOM),
        )
    }

    /// The bytes the graph was given: its room and its index.
    fn memory(&self) -> usize {
        self.room + self.index.slots.len() * 8
    }

    /// The same graph in `extra` more bytes: a larger index, with every
    /// position put in again, and more room for positions and edges.
    pub(super) fn grow(&mut self, extra: usize, attacker: Color) {
        let (index, max_positions, room) = Self::sized(self.memory() + extra, self.position_bytes);
        self.reserve(max_positions, room);
        self.index = index;
        self.max_positions = self.max_positions.max(max_positions);
        self.room = self.room.max(room);
        self.reindex(attacker);
    }

    /// Room in the arrays for `max_positions` positions and the edges
    /// `room` bytes hold: reserved, not taken, as in `new`.
    fn reserve(&mut self, max_positions: usize, room: usize) {
        let more_nodes = max_positions.saturating_sub(self.nodes.len());
        hugepages::reserve_exact(&mut self.nodes, more_nodes);
        let more_edges = (room / EDGE_BYTES).saturating_sub(self.edges.len());
        hugepages::reserve_exact(&mut self.edges, more_edges);
    }

    /// The bytes a position of the graph takes all told, as the graph
    /// holds them: its node and scratch, its share of the index, and its
    /// share of the edges and of the expansions.
    pub(super) fn held_position_bytes(&self) -> usize {
        let moves = self.edges.len() * EDGE_BYTES + self.expansions.len() * EXPANSION_BYTES;
        node_bytes::<K>() + INDEX_BYTES + moves.div_ceil(self.nodes.len().max(1))
    }

    /// After a cut: the index sized again, in the same memory, for
    /// positions that take `position_bytes` each, as they did in the full
    /// graph ([`Graph::held_position_bytes`]), if that is more than a
    /// 32nd off what it was sized for (a new index is new pages, which
    /// the kernel clears: not for the graph's wobble of a byte or two)
    /// and what the cut kept fits in half of it; the caller puts the
    /// positions into it ([`Graph::reindex`]). The first index is sized for
    /// [`EDGES_PER_POSITION`] edges a position, room enough for a board of
    /// many transpositions; a 9x5 graph has about one, and filled its
    /// index with a ninth of its room unused (a long search in 4 GiB: its
    /// 40.8 M positions took 2.90 of its 3.27 GiB, session 89).
    pub(super) fn fit_index(&mut self, position_bytes: usize) {
        let now = self.position_bytes;
        if position_bytes.abs_diff(now) <= now / 32 {
            return;
        }
        let memory = self.memory();
        let (max_positions, room) = Self::shares(memory, position_bytes);
        if 2 * self.nodes.len() > max_positions || 2 * self.used() > room {
            return;
        }
        // (The old index goes first: both at once might not fit.)
        self.index = Index { slots: Vec::new() };
        self.index = Index::new(max_positions);
        self.reserve(max_positions, room);
        (self.max_positions, self.room, self.position_bytes) =
            (max_positions, room, position_bytes);
    }

    /// Puts every position into the empty index.
    pub(super) fn reindex(&mut self, attacker: Color) {
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
        bytes_of::<K>(self.nodes.len(), self.expansions.len(), self.edges.len())
    }

    /// Whether an expansion with `moves` more edges and as many new
    /// positions fits.
    pub(super) fn fits(&self, moves: usize) -> bool {
        self.nodes.len() + moves <= self.max_positions
            && self.used() + bytes_of::<K>(moves, 1, moves) <= self.room
    }

    /// Makes the edges from `first` on (the last laid out) position
    /// `i`'s moves: it is expanded.
    pub(super) fn lay_out_moves(&mut self, i: u32, first: usize) {
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
    pub(super) fn moves_in_order(&self) -> impl Iterator<Item = (Expansion, &[u32])> {
        self.expansions.iter().scan(0usize, |first, &e| {
            let moves = &self.edges[*first..*first + e.count as usize];
            *first += e.count as usize;
            Some((e, moves))
        })
    }

    /// The position expansion `x` expanded (a move backwards in the
    /// closure names its position so).
    pub(super) fn expanded_node(&self, x: u32) -> usize {
        self.expansions[x as usize].node as usize
    }

    /// Starts loading the nodes of `i`'s children (each a cache miss in a
    /// big graph), so that their waits overlap: for a refresh of a
    /// position whose children the search has not just read.
    pub(super) fn prefetch_kids(&self, i: u32) {
        for &c in self.kids(i) {
            prefetch(&self.nodes[c as usize]);
        }
    }

    pub(super) fn kids(&self, i: u32) -> &[u32] {
        let g = &self.nodes[i as usize];
        &self.edges[g.first as usize..g.first as usize + g.count as usize]
    }
}

/// The bytes a graph holds with its scratch (its arrays are reserved
/// whole at the start, but memory is only taken as they fill).
pub(super) fn bytes<B: Bits, K: GraphKey<B>>(g: &Graph<B, K>) -> usize {
    g.used() + g.index.slots.len() * 8
}

/// Bytes a position takes beside its share of the index: its node and
/// scratch.
pub(super) fn node_bytes<K>() -> usize {
    std::mem::size_of::<GNode<K>>() + SCRATCH_PER_POSITION
}

/// Bytes that many positions, expansions and edges take with their
/// scratch, as [`Graph::used`] counts them (and [`Graph::fits`] and a
/// cut's budget, [`Graph::keep_recent`]).
pub(super) fn bytes_of<K>(positions: usize, expansions: usize, edges: usize) -> usize {
    positions * node_bytes::<K>() + expansions * EXPANSION_BYTES + edges * EDGE_BYTES
}

/// Bytes an edge takes with its scratch.
pub(super) const EDGE_BYTES: usize = 4 + SCRATCH_PER_EDGE;

/// Bytes an expansion takes: its entry ([`Expansion`]), its position's
/// place in the closure's queue (8 bytes: [`Graph::keep_recent`] keeps
/// its heap of `u64`s there) and the moves it still needs in a closure
/// (4). The queue holds expanded positions only, each at most once, and
/// is reserved for no more than that. (Both were counted a position, as
/// if up to half of them were expanded; a 9x5 graph expands one in five
/// to ten.)
pub(super) const EXPANSION_BYTES: usize = size_of::<Expansion>() + 8 + 4;

/// The least room for positions and edges, whatever the memory bound:
/// half of it is kept when the graph is full, and a position's moves
/// (hundreds at most) must fit in the other half.
const MIN_ROOM: usize = 1 << 20;

/// Bytes a position of the graph takes, all told, when it has
/// [`EDGES_PER_POSITION`] edges: its node and scratch, its share of the
/// index ([`INDEX_SLOTS`] slots of 8 bytes) and the edges with theirs.
/// Sizes the index.
fn bytes_per_position<K>() -> usize {
    node_bytes::<K>() + INDEX_BYTES + EDGE_BYTES * EDGES_PER_POSITION
}

/// A position's share of the index: [`INDEX_SLOTS`] slots of 8 bytes.
const INDEX_BYTES: usize = 8 * INDEX_SLOTS.0 / INDEX_SLOTS.1;

/// Scratch a position needs at most: the walk's mark (4 bytes), the
/// flag [`Graph::nearest_unknown`] keeps between calls (1) and, in a
/// closure, its range of the moves backwards (4) and its byte of flags
/// (1); when the graph is full, [`Graph::keep_recent`] works in the same
/// arrays: a flag (1) and the new number (4). (The closure's queue, the
/// cut's heap and the moves an expanded position still needs are an
/// expansion's, [`EXPANSION_BYTES`].)
pub(super) const SCRATCH_PER_POSITION: usize = 10;
/// Scratch an edge needs in a closure: its place among the moves
/// backwards.
pub(super) const SCRATCH_PER_EDGE: usize = 4;

/// Index slots per position (3 / 2: the index is at most two thirds
/// full).
const INDEX_SLOTS: (usize, usize) = (3, 2);
/// Edges per position the first index is sized for (cuts size it again
/// for what the full graph held, [`Graph::fit_index`]): a 3x11 search
/// had 2.6 (11 moves a position expanded, 4.3 positions made per
/// expansion), a 9x5 line 1.04 (9 moves, 8.8 new positions: few
/// transpositions there). The positions and edges share their room
/// whatever the ratio, but the index takes room from them: sized for 1,
/// 2, 3 or 5 edges a position, four small runs took 2.04, 1.90, 1.88 and
/// 2.18 million expansions in all (9x3 after d2-e2A in 0.1 GiB 586,508
/// with 1 against 496,870 with 3; `experiments/search_graph/`, session
/// 52).
pub(super) const EDGES_PER_POSITION: usize = 3;

/// The positions' index: open addressing over a fixed array (sized once
/// for the most positions the memory bound allows, so it never grows),
/// each slot 32 bits of the hash and the node's number plus one (0:
/// empty). The key itself is the node's: nothing is stored twice.
pub(super) struct Index {
    slots: Vec<u64>,
}

impl Index {
    fn new(positions: usize) -> Self {
        Index {
            slots: hugepages::filled(Self::slots_for(positions), || 0),
        }
    }

    /// The slots of an index for `positions` positions.
    fn slots_for(positions: usize) -> usize {
        (positions * INDEX_SLOTS.0 / INDEX_SLOTS.1).max(4)
    }

    fn start(&self, hash: u64) -> usize {
        ((hash as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The node of `key` (of hash `hash`) if it is in the graph, else the
    /// slot to put it in.
    pub(super) fn find<K: Eq>(&self, nodes: &[GNode<K>], key: &K, hash: u64) -> Result<u32, usize> {
        let mut i = self.start(hash);
        loop {
            let (slot, n) = self.next_tagged(hash, i)?;
            if nodes[n as usize].node == *key {
                return Ok(n);
            }
            i = self.after(slot);
        }
    }

    /// From slot `i` on, the first slot with `hash`'s tag and the node it
    /// names, or (`Err`) the empty slot that ends the run before one.
    #[inline]
    fn next_tagged(&self, hash: u64, mut i: usize) -> Result<(usize, u32), usize> {
        let tag = hash & 0xffff_ffff;
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if s >> 32 == tag {
                return Ok((i, (s & 0xffff_ffff) as u32 - 1));
            }
            i = self.after(i);
        }
    }

    /// The slot after slot `i`, the first after the last.
    #[inline]
    fn after(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() { 0 } else { i + 1 }
    }

    /// Starts loading the first slot of a key into the cache, for a
    /// [`Index::find`] soon after.
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        prefetch(&self.slots[self.start(hash)]);
    }

    /// Starts loading into the cache the node a [`Index::find`] of `hash`
    /// would compare its key with, if any: the node is a miss of its
    /// own, which the find would otherwise wait for after the slot's.
    /// Returns whether there is one (the key is then almost surely in
    /// the graph: a 32-bit tag of another key is one in four billion).
    #[inline]
    pub(super) fn prefetch_node<K>(&self, nodes: &[GNode<K>], hash: u64) -> bool {
        match self.next_tagged(hash, self.start(hash)) {
            Ok((_, n)) => {
                prefetch(&nodes[n as usize]);
                true
            }
            Err(_) => false,
        }
    }

    pub(super) fn put(&mut self, slot: usize, hash: u64, node: u32) {
        self.slots[slot] = (hash & 0xffff_ffff) << 32 | (node as u64 + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::graph::test_graphs::*;

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
            assert!(index.prefetch_node(&nodes, hash(id)), "{id}");
        }
        for id in n as u64..n as u64 + 100 {
            assert!(index.find(&nodes, &node(id).node, hash(id)).is_err());
            // (Only a key whose tag is in the index says it may be there.)
            assert_eq!(
                index.prefetch_node(&nodes, hash(id)),
                hash(id) == 42,
                "{id}"
            );
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
    fn a_cut_sizes_the_index_for_the_positions_the_graph_held() {
        // Full to its index's limit with one edge a position (one in nine
        // expanded, into nine new positions: a 9x5 graph's shape), where
        // the first index was sized for three, with room left unused.
        let shape = |n: usize| bytes_of::<Node<u64>>(n, n / 9, n);
        let mut g = Graph::<u64>::new(4 << 20);
        let (memory, first) = (g.memory(), g.max_positions);
        assert!(
            shape(first) < g.room / 8 * 7,
            "{} of {}",
            shape(first),
            g.room
        );
        // New positions, numbered from `from` on, to the index's limit,
        // as a tree from the first of them: each expanded into nine.
        let fill = |g: &mut Graph<u64>, from: u64| {
            let (start, n) = (g.nodes.len(), g.max_positions);
            g.nodes.extend((start..n).map(|i| node(from + i as u64)));
            let mut e = 0;
            while start + 9 * e + 9 < n {
                let (first, kid) = (g.edges.len(), (start + 9 * e) as u32);
                g.edges.extend(kid + 1..=kid + 9);
                g.lay_out_moves((start + e) as u32, first);
                e += 1;
            }
            g.reindex(Color::White);
            assert!(!g.fits(1));
        };
        fill(&mut g, 0);
        let mark: Vec<u32> = (0..g.nodes.len() as u32).collect();
        let (positions, room) = (g.max_positions, g.room);
        g.keep_recent(&mark, positions / 2, room / 2, Color::White);
        // The same memory, sized for what the graph held: now the
        // positions and the room fill together.
        assert_eq!(g.memory(), memory);
        assert!(
            g.max_positions > first / 8 * 9,
            "{first} -> {}",
            g.max_positions
        );
        let now = g.max_positions;
        assert!(shape(now) <= g.room && shape(now + now / 32) > g.room);
        for (i, n) in g.nodes.iter().enumerate() {
            let hash = hash_key(&n.node, Color::White);
            assert_eq!(g.index.find(&g.nodes, &n.node, hash), Ok(i as u32));
        }
        // Full again in the same shape: the index stays as it is.
        fill(&mut g, 1 << 32);
        let mark: Vec<u32> = (0..g.nodes.len() as u32).collect();
        let (positions, room) = (g.max_positions, g.room);
        g.keep_recent(&mark, positions / 2, room / 2, Color::White);
        assert_eq!((g.memory(), g.max_positions), (memory, now));
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
}
