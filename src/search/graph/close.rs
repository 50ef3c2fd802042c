//! The closure on the whole graph: the attractors that prove and
//! disprove soundly, and the sweeps that bring the numbers up to date.

use super::*;
use crate::hugepages;
use crate::prefetch::prefetch;
use crate::search::closure::{Backward, moves_needed};

/// The byte a position has in [`Graph::close`]: its state and the node's
/// [`STALE`] and [`CHANGED`] flags (set too when the closure changes it),
/// with the closure's own.
pub(super) mod closure_flags {
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

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
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
    pub(super) fn close(&mut self, attacker: Color) -> u64 {
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
        // an expansion (only expanded positions need moves: 4 bytes an
        // expansion, not a position, a 9x5 graph expanding one position in
        // five to ten): in its low half the moves the attractor being grown
        // still needs (a position has fewer than 65,536), in its high half
        // its unknown children until the second attractor takes them.
        hugepages::refill(&mut into_counts, n + 1, 0);
        hugepages::refill(&mut needed, self.expansions.len(), 0);
        for (x, (e, moves)) in self.moves_in_order().enumerate() {
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
            needed[x] = unknown << 16 | need;
            if changed || flags[p] & STALE != 0 {
                flags[p] |= FIRST;
            }
        }
        // (A move backwards names its position by its expansion: the
        // counts above are an expansion's, not a position's, as only
        // expanded positions have any.)
        let back = Backward::with_counts(into_counts, from, |into| {
            for (x, (e, moves)) in self.moves_in_order().enumerate() {
                if is_expanded(flags[e.node as usize]) {
                    for &d in moves {
                        if is_expanded(flags[d as usize]) {
                            into(x, d as usize);
                        }
                    }
                }
            }
        });
        // The attractors ([`win_regions`]'s, as a retrograde analysis
        // grows them): first that of the proved positions, then, going on
        // from its counts, that of the proved and unknown ones.
        const NEED: u32 = 0xffff;
        // (Each expanded position is queued at most once: no more room
        // than [`EXPANSION_BYTES`](super::storage::EXPANSION_BYTES) counts.)
        queue.clear();
        queue.reserve_exact(self.expansions.len());
        // An expanded position is in an attractor once it needs no more
        // moves: after the seeds, the low half of its count is 0 exactly
        // when it is in (the flag is only set for the sweeps).
        for bit in [FORCED, OPEN] {
            for (x, e) in self.expansions.iter().enumerate() {
                let p = e.node as usize;
                if !is_expanded(flags[p]) || flags[p] & (FORCED | OPEN) != 0 {
                    continue;
                }
                if bit == OPEN {
                    needed[x] = (needed[x] & NEED).saturating_sub(needed[x] >> 16);
                }
                if needed[x] & NEED == 0 {
                    flags[p] |= bit;
                    queue.push(p as u64);
                }
            }
            while let Some(d) = queue.pop() {
                for &x in back.moves_into(d as usize) {
                    let count = &mut needed[x as usize];
                    if *count & NEED == 0 {
                        continue;
                    }
                    *count -= 1;
                    if *count & NEED == 0 {
                        let p = self.expanded_node(x);
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
            for &x in back.moves_into(i) {
                flags[self.expanded_node(x)] |= FIRST;
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
        // may be marked, and its refresh does nothing.) A refresh's
        // children are asked for before it reads the first: the sweeps
        // took 12-15% less time so on a 3x13 search (session 97); and
        // the flagged positions ahead of the sweep are loaded in stages
        // ([`SweepAhead`]): the closures 14-15% less again, the whole
        // search 6% (session 98). (Only here: the descent's refreshes
        // read children it has just read, and session 92, prefetching in
        // every refresh, saw no gain.)
        let mut ahead = SweepAhead::new(n);
        for i in (0..n).rev() {
            if flags[i] & FIRST == 0 {
                continue;
            }
            ahead.advance(self, &flags, FIRST, i);
            self.prefetch_kids(i as u32);
            if self.refresh(i as u32, attacker) {
                flags[i] |= CHANGED;
                for &x in back.moves_into(i) {
                    let p = self.expanded_node(x);
                    flags[p] |= if p < i { FIRST } else { SECOND };
                }
            }
        }
        let mut ahead = SweepAhead::new(n);
        for i in (0..n).rev() {
            if flags[i] & SECOND == 0 {
                continue;
            }
            ahead.advance(self, &flags, SECOND, i);
            self.prefetch_kids(i as u32);
            if self.refresh(i as u32, attacker) {
                flags[i] |= CHANGED;
                for &x in back.moves_into(i) {
                    let p = self.expanded_node(x);
                    if p < i {
                        flags[p] |= SECOND;
                    } else {
                        self.nodes[p].flags |= STALE;
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
}

/// Positions a stage of [`SweepAhead`] runs ahead of the next.
const AHEAD: usize = 8;

/// Loads for a sweep of the closure, asked for some positions before the
/// sweep comes to them, in three stages: a flagged position's node as it
/// is found, [`AHEAD`] flagged positions later its moves (which lie where
/// it was expanded, not near the node), [`AHEAD`] later its children's
/// nodes. Each stage reads what the one before it asked for, so no load
/// waits on another as in a refresh, where the node, its moves and its
/// children come one after the other.
///
/// Only hints: a position flagged after the scout passed it (a parent
/// of a position the sweep changed) is still refreshed, only without
/// them, and the sweep is the same refresh for refresh.
struct SweepAhead {
    /// The flagged positions the scout found, the highest first.
    found: std::collections::VecDeque<u32>,
    /// The scout looks at the positions below this one.
    scout: usize,
}

impl SweepAhead {
    fn new(n: usize) -> Self {
        SweepAhead {
            found: std::collections::VecDeque::with_capacity(3 * AHEAD),
            scout: n,
        }
    }

    /// Before the sweep's refresh of position `i`, the positions flagged
    /// with `bit` in `flags` below it each a stage on.
    fn advance<B: Bits, K: GraphKey<B>>(
        &mut self,
        g: &Graph<B, K>,
        flags: &[u8],
        bit: u8,
        i: usize,
    ) {
        while self.found.front().is_some_and(|&j| j as usize >= i) {
            self.found.pop_front();
        }
        self.scout = self.scout.min(i);
        while self.found.len() < 3 * AHEAD && self.scout > 0 {
            self.scout -= 1;
            if flags[self.scout] & bit != 0 {
                self.found.push_back(self.scout as u32);
                prefetch(&g.nodes[self.scout]);
            }
        }
        if let Some(&j) = self.found.get(2 * AHEAD - 1) {
            prefetch(g.kids(j));
        }
        if let Some(&j) = self.found.get(AHEAD - 1) {
            g.prefetch_kids(j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::XorShift64;
    use crate::search::graph::test_graphs::*;

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
    fn a_sweep_looks_ahead_at_the_flagged_positions_below_it() {
        // Every third position flagged; the sweep at each in turn, from
        // the top. Ahead of it the scout holds the next flagged ones, the
        // highest first, as many as three stages take.
        let g = random_graph(200, 98, true);
        let flags: Vec<u8> = (0..200)
            .map(|i| if i % 3 == 0 { 0x10 } else { 0 })
            .collect();
        let mut ahead = SweepAhead::new(200);
        for i in (0..200).rev().filter(|i| i % 3 == 0) {
            ahead.advance(&g, &flags, 0x10, i);
            let want: Vec<u32> = (0..i as u32)
                .rev()
                .filter(|j| j % 3 == 0)
                .take(3 * AHEAD)
                .collect();
            assert_eq!(
                ahead.found.iter().copied().collect::<Vec<_>>(),
                want,
                "at {i}"
            );
        }
        // A position flagged after the scout passed it is not in it, and
        // the sweep's own loop still refreshes it.
        let mut flags = flags;
        let mut ahead = SweepAhead::new(200);
        ahead.advance(&g, &flags, 0x10, 198);
        flags[194] = 0x10;
        ahead.advance(&g, &flags, 0x10, 195);
        assert!(!ahead.found.contains(&194));
        assert_eq!(ahead.found.front(), Some(&192));
    }
}
