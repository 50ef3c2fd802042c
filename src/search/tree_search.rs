//! The best-first search on a tree ([`Solver::prove_tree`]): descent to
//! the most-proving leaf, expansion and classification of its children,
//! the numbers brought up to date along the path, the path-dependent
//! disproofs kept and reused with their stretch of path, and the memory
//! bound (pruning, PN², the closure). The method is described at the top
//! of [`crate::search`].

use std::time::Instant;

use crate::bits::Bits;
use crate::rules::Color;
use crate::value::Oracle;

use super::estimates::Estimates;
use super::graph::stall::Stall;
use super::table::{self, Entry};
use super::tree::{MAX_DEPTH, NONE, TreeNode};
use super::{
    CHECK_EVERY, CLOSURE_EVERY, GoalState, INF, NO_DEP, Node, ProgressFn, Solver, StopReason, add,
    capped, closure, raise, turns_left_after,
};

/// Second-level searches start once the tree has been cut back this many
/// times in one goal's search: plain search with pruning is better while
/// the tree holds a good share of the work, PN² once it thrashes. 16
/// with second-level searches of at most [`PN2_MAX_BUDGET`] expansions:
/// against 64, 29-57% fewer expansions on two 9x5 replies in 0.4 GiB and
/// 16-28% fewer on 7x5 at 0.005-0.03 GiB (`experiments/search_memory/`).
const PN2_AFTER_CUTS: u32 = 16;

/// The most expansions of one second-level search. Small, so that the tree
/// goes on growing into its room under PN² (the second level is then a
/// short look-ahead that sharpens each new leaf's numbers). With 20,000 a
/// 9x5 search's tree stopped growing at under half its room once PN²
/// began; two 9x5 replies searched in 0.4 GiB were disproved in 27.7 M and
/// 69.6 M expansions with 200 and still open after 100 M and 107 M with
/// 20,000 (`experiments/search_memory/`).
const PN2_MAX_BUDGET: usize = 200;

/// A closure runs again after this fraction (1/n) of the tree's nodes in
/// expansions (or more: [`super::SearchLimits::closure_every`]): its cost grows
/// with the tree, so it stays a share of the time. On a 9x5 line with 28
/// to 33 M tree nodes a closure took 5 to 16 s; one every 7.5 M expansions
/// (a quarter of the tree, about 80 s) cost 6-17% of the time and solved
/// 3,700-17,500 nodes each, about as many per expansion as one every 63 M
/// expansions did (213 k): the whole tree's worth is as good and cheaper.
const CLOSURE_TREE_SHARE: u64 = 1;

/// The cuts in a row without progress after which a tree search in too
/// little memory stops ([`Stall`]; the graph search's stops after
/// `graph::stall::STALL_CUTS`, 1,024). More than the graph's: near the
/// memory it needs a tree went longer without progress (7x3's start
/// without tables in 256 KiB: up to 775 cuts in a row, then settled, with
/// every move), and where the tree is far too small a cut comes every few
/// dozen expansions (5x3's start in 1,000 bytes: stopped after 82 k
/// expansions, 0.2 s). The same 7x3 search in 128 KiB stops after 36 s;
/// unwatched, it and the one in 192 KiB were still open after 240 s.
const TREE_STALL_CUTS: u32 = 4096;

/// The bounds a tree search's cuts are watched in ([`TREE_STALL_CUTS`]):
/// far below what a real search is given, where the stalls were seen (up
/// to 256 KiB), so that no search of a sensible bound is ever stopped by
/// the watch: a split search's share of the default 1 GiB stays above it
/// up to 256 threads (the graph's `STALL_MEMORY`, 64 MiB, is every
/// thread's share of 1 GiB on 16 cores).
const TREE_STALL_MEMORY: usize = 4 << 20;

/// What one step of the search did.
enum Step {
    /// Expanded this leaf.
    Expanded(u32),
    /// Found this leaf solved in the table.
    Solved(u32),
    /// Raised this leaf's numbers to those of the table of estimates
    /// instead of expanding it.
    Raised(u32),
    /// No room for this many children.
    NoRoom(usize),
    /// The leaf is as deep as a tree node may be: the search stops.
    TooDeep,
}

impl<'a, B: Bits, O: Oracle<B>> Solver<'a, B, O> {
    /// [`Solver::prove`] on the tree: PN² with the tree bounded by the
    /// memory, taken up where an earlier call or a checkpoint left it.
    pub(super) fn prove_tree(
        &mut self,
        root: &Node<B>,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> GoalState {
        // The tree of this very goal, left open by an earlier call or read
        // from a checkpoint, is taken up where it stopped.
        let resume = self.tree_goal == Some(attacker)
            && self
                .tree
                .first()
                .is_some_and(|t| t.node() == *root && t.pn() != 0 && t.dn() != 0);
        if self.stopped.is_some() {
            // Stopped before it began (a node limit of 0): the goal stands
            // where its tree left it, if there is one.
            let (proof, disproof) = if resume {
                (self.tree[0].pn(), self.tree[0].dn())
            } else {
                (1, 1)
            };
            return GoalState::Open { proof, disproof };
        }
        if !resume {
            // A checkpoint's open tree of another goal or position goes:
            // one tree is held. Said, since its file loses it at the next
            // save.
            if std::mem::take(&mut self.tree_read)
                && let (Some(goal), Some(root)) = (self.tree_goal, self.tree.first())
                && root.pn() != 0
                && root.dn() != 0
            {
                self.replaced_tree = Some(super::checkpoint::SkippedTree {
                    root: root.node().pos,
                    goal,
                    nodes: self.tree.len() as u64,
                });
            }
            if self.tree.capacity() == 0 {
                // A bound past what the system gives at once (more than
                // the machine's memory: a reservation of 32 GB on 24 GiB
                // ended the program) is halved until it does.
                while !crate::hugepages::try_reserve_exact(&mut self.tree, self.max_nodes)
                    && self.max_nodes > 64
                {
                    self.max_nodes /= 2;
                }
            }
            self.cuts = 0;
            self.tree.clear();
            self.tree
                .push(TreeNode::new(*root, (1, 1), NONE, 0, NO_DEP));
            self.tree_goal = Some(attacker);
        }
        self.reset_path();
        let mut stall = Stall::default();
        loop {
            let (pn, dn) = (self.tree[0].pn(), self.tree[0].dn());
            if pn == 0 {
                return GoalState::Proved;
            }
            if dn == 0 {
                return GoalState::Disproved;
            }
            self.tick(progress);
            if self.stopped.is_some() {
                return GoalState::Open {
                    proof: pn,
                    disproof: dn,
                };
            }
            if self.nodes.is_multiple_of(CHECK_EVERY) {
                self.autosave_if_due();
            }
            if self.limits.closure_every.is_some() && self.total_nodes >= self.closure_due {
                self.close();
                continue;
            }
            match self.step() {
                Step::Expanded(leaf) => {
                    let budget = self.second_level_budget();
                    if budget > 0 {
                        self.second_level(leaf, budget, progress);
                    }
                    // The second level may have updated the leaf already:
                    // its ancestors must hear of it all the same.
                    self.update(leaf, 0, true);
                }
                Step::Solved(leaf) | Step::Raised(leaf) => self.update(leaf, 0, true),
                // The stop is set: the next round returns.
                Step::TooDeep => {}
                Step::NoRoom(needed) => {
                    // Compact or prune, then start again from the root.
                    let cut_open = self.make_room(needed);
                    self.reset_path();
                    if cut_open
                        && self.stopped.is_none()
                        && self.limits.memory_bytes <= TREE_STALL_MEMORY
                        && stall.after_cut_with(
                            self.table.len(),
                            self.root_moves_solved(),
                            (self.tree[0].pn(), self.tree[0].dn()),
                        ) >= TREE_STALL_CUTS
                    {
                        // Too little memory to get anywhere, as on the
                        // graph (`graph::stall`): stopped as at a limit,
                        // unknown with the root's numbers.
                        self.stopped = Some(StopReason::MemoryTooSmall {
                            memory_bytes: self.limits.memory_bytes,
                        });
                    }
                }
            }
        }
    }

    /// One step of the search: down from the end of the path to the
    /// most-proving leaf, which is then found solved in
    /// the table or expanded (its numbers are not updated yet).
    fn step(&mut self) -> Step {
        let mut cur = *self.stack.last().expect("the root is on the path");
        while self.tree[cur as usize].first != NONE {
            cur = self.select(cur);
            let node = self.tree[cur as usize].node();
            self.path_push(node);
            self.stack.push(cur);
        }
        if let Some(e) = self
            .table
            .get(&self.tree[cur as usize].node(), self.attacker)
        {
            // Solved through a transposition meanwhile.
            let t = &mut self.tree[cur as usize];
            t.set_numbers(e.pn, e.dn);
            t.set_dep(NO_DEP);
            Step::Solved(cur)
        } else if let Some(dep) =
            self.conditional_disproof(&self.tree[cur as usize].node(), self.path.len() - 1)
        {
            // Disproved below the same positions meanwhile.
            self.conditional_hits += 1;
            let t = &mut self.tree[cur as usize];
            t.set_numbers(INF, 0);
            t.set_dep(dep);
            Step::Solved(cur)
        } else if let Some((pn, dn)) = self.raised_numbers(cur) {
            // Searched below elsewhere, and harder than it looks here:
            // its ancestors hear of that before it is expanded.
            self.estimate_hits += 1;
            self.tree[cur as usize].set_numbers(pn, dn);
            Step::Raised(cur)
        } else if self.tree[cur as usize].depth() >= MAX_DEPTH {
            self.stopped = Some(StopReason::Depth);
            Step::TooDeep
        } else {
            match self.expand(cur) {
                None => Step::Expanded(cur),
                Some(needed) => Step::NoRoom(needed),
            }
        }
    }

    /// The node budget of a second-level search: none until the tree has
    /// been cut back [`PN2_AFTER_CUTS`] times in this goal's search (plain
    /// proof-number search), then a share of the room left.
    fn second_level_budget(&self) -> u64 {
        let len = self.tree.len();
        if self.cuts < PN2_AFTER_CUTS {
            0
        } else {
            ((self.max_nodes - len) / 64).clamp(1, PN2_MAX_BUDGET) as u64
        }
    }

    /// PN²: searches below a just-expanded leaf for up to `budget` nodes,
    /// then keeps only the leaf's children, with the numbers the search gave
    /// them (or the leaf alone, if it was solved). The path ends at the leaf
    /// again afterwards.
    fn second_level(&mut self, leaf: u32, budget: u64, progress: &mut ProgressFn<'_>) {
        let base = self.tree[leaf as usize].first;
        let count = self.tree[leaf as usize].count;
        let start = self.nodes;
        self.second_levels += 1;
        self.update(leaf, leaf, true);
        loop {
            let t = &self.tree[leaf as usize];
            if t.pn() == 0 || t.dn() == 0 || self.nodes - start >= budget {
                break;
            }
            self.tick(progress);
            if self.stopped.is_some() {
                break;
            }
            match self.step() {
                Step::Expanded(i) | Step::Solved(i) | Step::Raised(i) => self.update(i, leaf, true),
                Step::NoRoom(_) | Step::TooDeep => break,
            }
        }
        while *self.stack.last().expect("the leaf is on the path") != leaf {
            self.stack.pop();
            self.path.pop();
        }
        // What was learned below is dropped but for the leaf's children:
        // the numbers of the nodes expanded are kept for their copies.
        let searched = std::iter::once(leaf as usize).chain(base as usize..self.tree.len());
        keep_estimates(&mut self.estimates, &self.tree, self.attacker, searched);
        let t = &self.tree[leaf as usize];
        if t.first == NONE {
            // Solved: nothing below it is kept.
            self.tree.truncate(base as usize);
        } else {
            for c in base..base + count {
                let k = &mut self.tree[c as usize];
                k.first = NONE;
                k.count = 0;
            }
            self.tree.truncate((base + count) as usize);
        }
    }

    /// The closure ([`closure`]): the tree's positions merged into a
    /// graph, whose disproofs (and proofs of copies) go into the tree and
    /// the table; the numbers are brought up to date and the next descent
    /// starts from the root. Runs again after as many expansions as the
    /// tree has nodes ([`CLOSURE_TREE_SHARE`]; at least
    /// [`super::SearchLimits::closure_every`]), so that its cost, a sort of the
    /// tree, stays a small share.
    fn close(&mut self) {
        let t0 = Instant::now();
        self.compact();
        let verdicts = closure::verdicts(&self.tree, self.attacker);
        self.closures += 1;
        let age = self.age();
        for (i, v) in verdicts.into_iter().enumerate() {
            let Some((pn, dn)) = closure::numbers(v) else {
                continue;
            };
            self.closure_solved += 1;
            let t = &mut self.tree[i];
            t.set_numbers(pn, dn);
            t.set_dep(NO_DEP);
            t.first = NONE;
            t.count = 0;
            let node = t.node();
            self.table
                .put(&node, self.attacker, Entry { pn, dn, work: age });
        }
        // Children lie after their parents: one sweep backwards brings
        // every expanded node up to date (as `update` would, but for the
        // path-dependent disproofs' table, which needs the path).
        for i in (0..self.tree.len()).rev() {
            if self.tree[i].first == NONE {
                continue;
            }
            let numbers = self.fresh_numbers(i as u32);
            self.set_node_numbers(i, numbers, self.attacker, age);
        }
        self.compact();
        let every = self.limits.closure_every.unwrap_or(CLOSURE_EVERY);
        let share = self.tree.len() as u64 / CLOSURE_TREE_SHARE;
        // (`closure_every` is the caller's: `u64::MAX` is never again.)
        self.closure_due = self.total_nodes.saturating_add(share.max(every).max(1));
        self.reset_path();
        self.closure_time += t0.elapsed();
    }

    /// The path holds the root alone.
    pub(super) fn reset_path(&mut self) {
        self.stack.clear();
        self.stack.push(0);
        self.path.clear();
        self.path_push(self.tree[0].node());
    }

    fn path_push(&mut self, node: Node<B>) {
        self.path.push((node, node.pos.stone_count()));
    }

    /// The depth of a child of the path's last node on the path, if it is
    /// there (a repetition). Stones are never added, so the positions of
    /// the path with as many stones as the child are a suffix of it: after
    /// a capture there is nothing to compare, after a paika move only the
    /// moves back to the last capture. (A hash map of the path cost 8% of a
    /// 9x5 search in its inserts, removals and look-ups.)
    fn on_path(&self, node: &Node<B>) -> Option<u32> {
        let stones = node.pos.stone_count();
        for (depth, (n, s)) in self.path.iter().enumerate().rev() {
            if *s != stones {
                debug_assert!(*s > stones, "a child has no more stones than the path");
                return None;
            }
            if n == node {
                return Some(depth as u32);
            }
        }
        None
    }

    /// A path-dependent disproof of `node` at depth `k`, below the first
    /// `k` positions of the path, that holds there ([`super::conditional`]): its
    /// dependency depth. A node with fewer stones than its parent has none:
    /// a stretch's positions have as many stones as the node, and a path
    /// has none such above a parent with more.
    fn conditional_disproof(&self, node: &Node<B>, k: usize) -> Option<u32> {
        let above = &self.path[..k];
        if above.last()?.1 != node.pos.stone_count() {
            return None;
        }
        self.conditional.get(node, self.attacker, above)
    }

    /// The most promising child: the smallest proof number at an OR node,
    /// the smallest disproof number at an AND node; the first of equals.
    fn select(&self, i: u32) -> u32 {
        self.select_for(i, self.attacker)
    }

    /// [`Solver::select`] in a tree of the goal "`attacker` wins".
    pub(super) fn select_for(&self, i: u32, attacker: Color) -> u32 {
        let t = &self.tree[i as usize];
        let kids = &self.tree[t.first as usize..(t.first + t.count) as usize];
        let mut best = 0;
        let mut best_v = INF;
        for (k, c) in kids.iter().enumerate() {
            let v = preference(t, c, attacker);
            if v < best_v {
                best_v = v;
                best = k;
            }
        }
        t.first + best as u32
    }

    /// Expands a leaf: its children, ordered and classified. When the tree
    /// has no room for them, leaves the leaf as it was and returns how many
    /// there are.
    fn expand(&mut self, i: u32) -> Option<usize> {
        let t = self.tree[i as usize];
        let node = t.node();
        let positions = self.children_of(&node.pos);
        if self.tree.len() + positions.len() > self.max_nodes {
            let needed = positions.len();
            self.positions = positions;
            return Some(needed);
        }
        self.nodes += 1;
        self.total_nodes += 1;
        let left = turns_left_after(node.left);
        let first = self.tree.len() as u32;
        // Most children are looked up in the table of solved positions, and
        // many in the path-dependent disproofs (a quiet move's child) and
        // the estimates too, a cache miss each: start them all at once
        // (the three tables hash a key alike).
        let stones = node.pos.stone_count();
        for p in positions.iter() {
            let hash = table::hash_key(&Node { pos: *p, left }, self.attacker);
            self.table.prefetch(hash);
            if p.stone_count() == stones {
                self.conditional.prefetch(hash);
            }
            self.estimates.prefetch(hash);
        }
        for p in positions.iter() {
            let node = Node { pos: *p, left };
            let (pn, dn, dep) = self.classify(&node);
            self.tree
                .push(TreeNode::new(node, (pn, dn), i, t.depth() + 1, dep));
        }
        self.peak_tree = self.peak_tree.max(self.tree.len());
        let t = &mut self.tree[i as usize];
        t.first = first;
        t.count = positions.len() as u32;
        self.positions = positions;
        None
    }

    /// A new child: ended, repeated, solved before, known to the oracle, or
    /// a leaf with initial numbers. Returns (pn, dn, dependency depth).
    fn classify(&mut self, node: &Node<B>) -> (u64, u64, u32) {
        if let Some(v) = self.terminal(node) {
            let (pn, dn) = self.numbers_of(node, v.wdl());
            return (pn, dn, NO_DEP);
        }
        if let Some(d) = self.on_path(node) {
            // A repetition: a failure for the attacker, on this path.
            return (INF, 0, d);
        }
        if let Some(e) = self.table.get(node, self.attacker) {
            return (e.pn, e.dn, NO_DEP);
        }
        if let Some(dep) = self.conditional_disproof(node, self.path.len()) {
            self.conditional_hits += 1;
            return (INF, 0, dep);
        }
        if let Some(v) = self.oracle_value(node) {
            let (pn, dn) = self.numbers_of(node, v);
            self.table.put(
                node,
                self.attacker,
                Entry {
                    pn,
                    dn,
                    work: self.age(),
                },
            );
            return (pn, dn, NO_DEP);
        }
        let (pn, dn) = self.leaf_numbers(node);
        (pn, dn, NO_DEP)
    }

    /// The numbers the most-proving leaf `i` is to take from the table of
    /// estimates before it is expanded, if they are larger than its own.
    fn raised_numbers(&mut self, i: u32) -> Option<(u64, u64)> {
        let t = self.tree[i as usize];
        let node = t.node();
        // Most leaves were never searched below: one look-up, no moves
        // counted.
        let kept = self.estimates.get(&node, self.attacker)?;
        let heuristic = self.initial_numbers(&node);
        raise((t.pn(), t.dn()), capped(kept, heuristic))
    }

    /// The numbers of an expanded node from its children.
    fn aggregate(&self, i: u32) -> (u64, u64, u32) {
        let t = &self.tree[i as usize];
        let kids = &self.tree[t.first as usize..(t.first + t.count) as usize];
        if t.turn() == self.attacker {
            // OR: pn the smallest, dn the sum. Disproved when every child
            // is, depending on the shallowest position any of them does.
            let mut pn = INF;
            let mut dn = 0;
            let mut dep = NO_DEP;
            for c in kids {
                if c.pn() == 0 {
                    return (0, INF, NO_DEP);
                }
                pn = pn.min(c.pn());
                dn = add(dn, c.dn());
                if c.dn() == 0 {
                    dep = dep.min(c.dep());
                }
            }
            if dn == 0 {
                (INF, 0, dep)
            } else {
                (pn, dn, NO_DEP)
            }
        } else {
            // AND: pn the sum, dn the smallest. Disproved by any disproved
            // child: the least path-dependent one.
            let mut pn = 0;
            let mut dn = INF;
            let mut dep = None;
            for c in kids {
                pn = add(pn, c.pn());
                dn = dn.min(c.dn());
                if c.dn() == 0 {
                    dep = Some(dep.map_or(c.dep(), |d: u32| d.max(c.dep())));
                }
            }
            match dep {
                Some(d) => (INF, 0, d),
                None if pn == 0 => (0, INF, NO_DEP),
                None => (pn, dn, NO_DEP),
            }
        }
    }

    /// Brings the numbers up to date from node `i` towards `top` (an
    /// ancestor, or `i` itself), as far as they change. Solved nodes drop
    /// their subtrees and go to the table if their result does not depend
    /// on the path. The path is left ending at the deepest node whose
    /// numbers did not change (or `top`), where the next descent starts.
    /// With `force`, node `i` counts as changed.
    fn update(&mut self, mut i: u32, top: u32, mut force: bool) {
        loop {
            let t = self.tree[i as usize];
            let (pn, dn, dep) = self.fresh_numbers(i);
            let changed = force || (pn, dn, dep) != (t.pn(), t.dn(), t.dep());
            force = false;
            let n = &mut self.tree[i as usize];
            n.set_numbers(pn, dn);
            n.set_dep(dep);
            if pn == 0 || dn == 0 {
                n.first = NONE;
                n.count = 0;
                if dep != NO_DEP {
                    // Kept with the stretch of path it rests on.
                    let node = n.node();
                    let depth = t.depth() as usize;
                    debug_assert_eq!(self.path.len(), depth + 1);
                    self.conditional.put(
                        &node,
                        self.attacker,
                        &self.path[dep as usize..depth],
                        self.age(),
                    );
                } else {
                    let node = n.node();
                    self.table.put(
                        &node,
                        self.attacker,
                        Entry {
                            pn,
                            dn,
                            work: self.age(),
                        },
                    );
                }
            }
            if !changed && t.first != NONE && pn != 0 && dn != 0 {
                break;
            }
            if i == top {
                break;
            }
            let popped = self.stack.pop();
            debug_assert_eq!(popped, Some(i));
            let left = self.path.pop();
            debug_assert_eq!(left.map(|(n, _)| n), Some(t.node()));
            i = t.parent;
        }
    }

    /// The numbers of node `i` from its children (a leaf's own), with the
    /// dependency depth kept only for a disproof that rests on positions
    /// above the node: one that rests only on repetitions of this node or
    /// of nodes below it holds whatever the path above.
    fn fresh_numbers(&self, i: u32) -> (u64, u64, u32) {
        let t = &self.tree[i as usize];
        let (pn, mut dn, mut dep) = if t.first != NONE {
            self.aggregate(i)
        } else {
            (t.pn(), t.dn(), t.dep())
        };
        if dn != 0 || dep >= t.depth() {
            dep = NO_DEP;
        }
        if pn == 0 {
            dn = INF;
        }
        (pn, dn, dep)
    }

    /// The root's moves solved in the tree (none while the root is a
    /// leaf).
    fn root_moves_solved(&self) -> usize {
        let root = &self.tree[0];
        if root.first == NONE {
            return 0;
        }
        let kids = &self.tree[root.first as usize..(root.first + root.count) as usize];
        kids.iter().filter(|k| k.pn() == 0 || k.dn() == 0).count()
    }

    /// Frees the subtrees of solved nodes; when that is not enough, also
    /// the deepest subtrees of open nodes, which become leaves again with
    /// the numbers they had. Stops the search if there is still no room for
    /// `needed` more nodes. Returns whether open subtrees were cut off.
    fn make_room(&mut self, needed: usize) -> bool {
        let t0 = Instant::now();
        self.compactions += 1;
        self.compact();
        let cut_open = if self.tree.len() > self.max_nodes / 2 {
            let mut by_depth: Vec<usize> = Vec::new();
            for t in &self.tree {
                let d = t.depth() as usize;
                if by_depth.len() <= d {
                    by_depth.resize(d + 1, 0);
                }
                by_depth[d] += 1;
            }
            // Cut below the deepest depth that frees at least half.
            let half = self.tree.len() / 2;
            let mut below = 0;
            let mut cut = 0;
            for d in (0..by_depth.len()).rev() {
                below += by_depth[d];
                if below >= half {
                    cut = d.saturating_sub(1);
                    break;
                }
            }
            self.cuts += 1;
            self.call_cuts += 1;
            // What is cut off is searched again some day: its numbers are
            // kept for that (or for another copy).
            let tree = &self.tree;
            let dropped = (0..tree.len()).filter(|&i| tree[i].depth() as usize >= cut);
            keep_estimates(&mut self.estimates, tree, self.attacker, dropped);
            for t in self.tree.iter_mut() {
                if t.depth() as usize == cut {
                    t.first = NONE;
                    t.count = 0;
                }
            }
            self.compact();
            true
        } else {
            false
        };
        if self.tree.len() + needed > self.max_nodes {
            self.stopped = Some(StopReason::Memory);
        }
        self.cut_time += t0.elapsed();
        cut_open
    }

    /// Where each tree node goes when the tree is compacted: the nodes
    /// reachable from the root are numbered in order, the rest map to
    /// [`NONE`]. Also returns how many are reachable.
    pub(super) fn reachable(&self) -> (Vec<u32>, u32) {
        let len = self.tree.len();
        let mut map = vec![NONE; len];
        if len > 0 {
            map[0] = 0;
        }
        let mut next = 0u32;
        for i in 0..len {
            if map[i] == NONE {
                continue;
            }
            map[i] = next;
            next += 1;
            let t = &self.tree[i];
            if t.first != NONE {
                for c in t.first..t.first + t.count {
                    map[c as usize] = 0;
                }
            }
        }
        (map, next)
    }

    /// Drops the nodes no longer reachable from the root, keeping the order
    /// of the rest (so every node moves down and children stay side by
    /// side).
    fn compact(&mut self) {
        let len = self.tree.len();
        let (map, next) = self.reachable();
        for i in 0..len {
            let j = map[i];
            if j == NONE {
                continue;
            }
            let mut t = self.tree[i];
            if t.parent != NONE {
                t.parent = map[t.parent as usize];
            }
            if t.first != NONE {
                t.first = map[t.first as usize];
            }
            self.tree[j as usize] = t;
        }
        self.tree.truncate(next as usize);
    }

    /// Gives tree node `i` its numbers (and dependency depth). A node
    /// solved loses its subtree (freed at the next compaction) and, unless
    /// it rests on its path, goes into the table of solved positions of
    /// `attacker`'s goal with priority `work`.
    fn set_node_numbers(
        &mut self,
        i: usize,
        (pn, dn, dep): (u64, u64, u32),
        attacker: Color,
        work: u32,
    ) {
        let n = &mut self.tree[i];
        n.set_numbers(pn, dn);
        n.set_dep(dep);
        if pn == 0 || dn == 0 {
            n.first = NONE;
            n.count = 0;
            if dep == NO_DEP {
                let node = n.node();
                self.table.put(&node, attacker, Entry { pn, dn, work });
            }
        }
    }

    /// Settles the open nodes of the kept tree that the table of solved
    /// positions answers, then brings up to date the nodes above them,
    /// and frees the subtrees below every node settled. Returns how many
    /// nodes the table answered.
    ///
    /// For solved positions merged in from another search's checkpoint
    /// ([`Solver::load_checkpoint_solved`]): a sub-position proved apart,
    /// on another core or machine, then counts in the tree at once, where
    /// the search would otherwise meet it only when it expanded a new
    /// leaf there. A table entry holds wherever its position stands (it
    /// rests on no path), so settling any copy of it is sound. Only the
    /// ancestors of a settled node are recomputed: the numbers of the rest
    /// of the tree (PN² leaves, raised estimates) stay as they were.
    pub(super) fn settle_tree_from_table(&mut self) -> usize {
        let Some(goal) = self.tree_goal else {
            return 0;
        };
        let len = self.tree.len();
        // Children lie after their parent, so one sweep from the end
        // meets every node after all of its children.
        let mut touched = vec![0u64; len.div_ceil(64)];
        let mut settled = 0;
        for i in (0..len).rev() {
            let t = self.tree[i];
            if t.pn() == 0 || t.dn() == 0 {
                continue;
            }
            let (pn, dn, dep) = match self.table.get(&t.node(), goal) {
                Some(e) => {
                    settled += 1;
                    (e.pn, e.dn, NO_DEP)
                }
                None if touched[i / 64] >> (i % 64) & 1 == 1 => self.fresh_numbers(i as u32),
                None => continue,
            };
            if (pn, dn, dep) == (t.pn(), t.dn(), t.dep()) {
                continue;
            }
            self.set_node_numbers(i, (pn, dn, dep), goal, self.age());
            if t.parent != NONE {
                let p = t.parent as usize;
                touched[p / 64] |= 1 << (p % 64);
            }
        }
        if settled > 0 {
            self.compact();
        }
        settled
    }
}

/// How much the search prefers `child` of `parent` in a tree of the goal
/// "`attacker` wins", smaller first: its proof number where the attacker
/// moves (an OR node), its disproof number where the defender does.
/// [`Solver::select_for`] goes down to the first smallest; the line's
/// root moves are sorted by it.
pub(super) fn preference<B: Bits>(
    parent: &TreeNode<B>,
    child: &TreeNode<B>,
    attacker: Color,
) -> u64 {
    if parent.turn() == attacker {
        child.pn()
    } else {
        child.dn()
    }
}

/// Keeps the numbers of the expanded, unsolved nodes among `nodes` of
/// `tree` in `estimates`.
fn keep_estimates<B: Bits>(
    estimates: &mut Estimates<B>,
    tree: &[TreeNode<B>],
    attacker: Color,
    nodes: impl IntoIterator<Item = usize>,
) {
    for i in nodes {
        let t = &tree[i];
        if t.first != NONE && t.pn() != 0 && t.dn() != 0 {
            estimates.put(&t.node(), attacker, t.pn(), t.dn());
        }
    }
}
