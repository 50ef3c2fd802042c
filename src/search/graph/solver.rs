//! The search on the graph ([`Solver::prove_graph`]): descents,
//! expansions, closures and cuts, and what it keeps in the tables that
//! outlive the graph.

use super::cut::KEEP;
use super::descent::DepthCap;
use super::stall::{STALL_MEMORY, Stall};
use super::storage::bytes;
use super::walk::Walk;
use super::*;
use crate::search::packed::PackedNode;
use crate::search::table::hash_key;

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

impl<B: Bits, O: Oracle<B>> Solver<'_, B, O> {
    /// Searches "`attacker` can force a win" at `root` on the graph of
    /// positions (the module's method) until it is settled or a limit
    /// stops it.
    pub(in crate::search) fn prove_graph(
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
        let mut g = Graph::<B, K>::with_root(room, root, attacker);
        g.weak = self.limits.weak;
        let mut walk = Walk::new(g.max_positions);
        let mut next_closure = 4096u64;
        let mut since = 0u64;
        let mut depth_cap = DepthCap::new(self.limits.depth_cap);
        let mut seen = Vec::new();
        let mut stall = Stall::default();
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
            if self.nodes.is_multiple_of(CHECK_EVERY) {
                // The root's numbers for the progress line (the walk
                // refreshes it only when it comes back to it).
                walk.refresh_stack(&mut g, attacker);
            }
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
                if walk.top().is_some() {
                    // The root's state and numbers brought up to date
                    // first (the walk refreshes it only when back there).
                    walk.reset(&mut g, attacker);
                    continue;
                }
                self.graph_line = Some(self.line_in_graph(&g, attacker, depth_cap.moves));
                break GoalState::Open {
                    proof: r.pn as u64,
                    disproof: r.dn as u64,
                };
            }
            if self.nodes.is_multiple_of(CHECK_EVERY) && self.autosave_due() {
                // A checkpoint holds no graph: what it solved and the
                // numbers of the rest go where one is written from.
                walk.reset(&mut g, attacker);
                self.keep_graph(&g, attacker);
                self.autosave_if_due();
            }
            if since >= next_closure {
                walk.reset(&mut g, attacker);
                self.close_graph(&mut g, attacker);
                since = 0;
                next_closure = next_closure.max(g.expansions.len() as u64 / 2);
                continue;
            }
            // On to the most-proving node, off the walk's own positions, no
            // deeper than the cap.
            let leaf = walk.next_leaf(&mut g, &mut depth_cap, attacker, || {
                self.check_stop();
                self.stopped.is_some()
            });
            if leaf.is_none()
                && (matches!(g.nodes[0].state, PROVED | DISPROVED) || self.stopped.is_some())
            {
                continue;
            }
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
                walk.reset(&mut g, attacker);
                if let Some(extra) = self.take_spare_memory() {
                    // Memory another search gave back: the graph grows
                    // rather than loses half of what it holds.
                    g.grow(extra, attacker);
                    stall.grown();
                    continue;
                }
                // (A closure that ran a moment ago left little for
                // another to find: [`RECENT_CLOSURE`].)
                let close = since >= next_closure / RECENT_CLOSURE;
                self.make_graph_room(&mut g, walk.stamps(), attacker, close);
                walk.renumbered();
                if self.limits.memory_bytes <= STALL_MEMORY
                    && g.nodes[0].state == EXPANDED
                    && stall.after_cut(&g, self.table.len())
                {
                    // Too little memory to get anywhere ([`super::stall`]):
                    // stopped as at a limit, unknown with the root's
                    // numbers.
                    self.stopped = Some(StopReason::MemoryTooSmall {
                        memory_bytes: self.limits.memory_bytes,
                    });
                }
                since = 0;
                next_closure = 4096.max(g.expansions.len() as u64 / 2);
                continue;
            }
            since += 1;
            // (The walk refreshes its top, the leaf, when it goes on.)
            if walk.top() != Some(l) {
                // The nearest unknown position, off the walk.
                g.refresh(l, attacker);
            }
        };
        walk.reset(&mut g, attacker);
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
        // of solved positions and the estimates: cache misses, started
        // together where they can be (the three hash a key alike; 13% less
        // time on 3x11, `experiments/search_speed/`, session 71). First
        // the index slots; then, from them, the node of each child already
        // in the graph (its key is compared: a quarter or more of 9x5's
        // children, each a miss after its slot's) and the table's and the
        // estimates' slots of each new one, which a child found needs not
        // (4.5% less CPU on 3x11 and 9x5 than with all three asked for at
        // once and the nodes not; `experiments/search_graph/`, session 91).
        g.hashes.clear();
        for p in positions.iter() {
            let hash = hash_key(&Node { pos: *p, left }, self.attacker);
            g.index.prefetch(hash);
            g.hashes.push(hash);
        }
        for &hash in &g.hashes {
            if !g.index.prefetch_node(&g.nodes, hash) {
                self.table.prefetch(hash);
                self.estimates.prefetch(hash);
            }
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
                    g.nodes.push(GNode::leaf(key, pn, dn, state));
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
    use crate::search::graph::test_graphs::*;

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
}
