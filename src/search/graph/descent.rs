//! What the way down to the most-proving unknown position ([`walk`])
//! needs besides: the depth cap, backing out of repetitions, the nearest
//! unknown position when every line backs out, and the line a search
//! stands on.

use super::*;

/// How deep a descent may go below the root ([`SearchLimits::depth_cap`]),
/// and the back-outs at that depth over the last descents that found a
/// leaf.
///
/// The cap doubles when every line stops at it
/// ([`Walk::next_leaf`](super::walk::Walk::next_leaf)) and also when,
/// over a window of [`CAP_WINDOW`] descents (ways down to a leaf), they
/// backed out at it more than [`CAP_BACKOUTS`] times a descent on
/// average: the positions within the cap near the search's focus are
/// then all expanded, and each descent goes through more and more of
/// them, line by line, before it finds a leaf (3x9 with the sacrifice move, "White
/// wins?" with a cap of 50: about 20 k expansions a second for 6 minutes
/// while the back-outs stayed mostly under 3 a descent (20 at most),
/// then they rose to 30-990 and the rate fell to a few hundred; with the
/// window the cap went to 100 there, later 200, and 16.2 M expansions
/// took 15 minutes; `experiments/search_graph/`, session 61).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DepthCap {
    /// Moves below the root (`usize::MAX`: no cap).
    pub(super) moves: usize,
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
    pub(super) fn new(moves: Option<usize>) -> Self {
        DepthCap {
            // A cap of 0 is 1 ([`SearchLimits::depth_cap`]): doubled, 0
            // stayed 0, and the walk backed out at the root for ever.
            moves: moves.unwrap_or(usize::MAX).max(1),
            descents: 0,
            backouts: 0,
        }
    }

    /// The cap, if there is one.
    pub(super) fn limit(&self) -> Option<usize> {
        Some(self.moves).filter(|&m| m != usize::MAX)
    }

    /// Doubles the cap for the rest of the search (no cap stays none).
    pub(super) fn double(&mut self) {
        self.moves = self.moves.saturating_mul(2);
    }

    /// Counts a descent that found a leaf after `backouts` back-outs at
    /// the cap; at the end of a window, doubles the cap if they were too
    /// many.
    pub(super) fn found_leaf(&mut self, backouts: usize) {
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
    /// Doubles the proof number of an open position a descent backed out
    /// of, for good ([`GNode::penalty`]).
    pub(super) fn back_out_of(&mut self, i: u32) {
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
    pub(super) fn nearest_unknown(&self, from: u32, seen: &mut Vec<bool>) -> Option<u32> {
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

    /// The path the next descent from the root would take (the choices of
    /// [`Walk::next_leaf`](super::walk::Walk::next_leaf), read without
    /// changing anything), as positions from the root: at
    /// each expanded position the open child off the path with the
    /// smallest proof number where the attacker moves, the smallest
    /// disproof number where the defender does (the first of equals), down
    /// to an unknown position, to one whose open children are all solved
    /// or on the path (where the descent would back out), or to the depth
    /// cap, `max_depth` moves below the root.
    pub(super) fn line(&self, attacker: Color, max_depth: usize) -> Vec<u32> {
        let mut path = vec![0u32];
        loop {
            let cur = *path.last().expect("the root is on the path");
            let n = &self.nodes[cur as usize];
            if n.state != EXPANDED || path.len() > max_depth {
                return path;
            }
            let or = n.node.turn() == attacker;
            match self.choice(cur, or, |c, _| path.contains(&c)) {
                Some((c, _)) => path.push(c),
                None => return path,
            }
        }
    }

    /// The child a descent takes from expanded position `n`: the open one
    /// not `skip`ped with the smallest proof number where the attacker
    /// moves (`or`), the smallest disproof number where the defender does,
    /// the first of equals; with the next smallest number among the
    /// others (`INF` if none).
    #[inline]
    pub(super) fn choice(
        &self,
        n: u32,
        or: bool,
        skip: impl Fn(u32, &GNode<K>) -> bool,
    ) -> Option<(u32, u64)> {
        let mut best: Option<(u32, u64)> = None;
        let mut second = INF;
        for &c in self.kids(n) {
            let k = &self.nodes[c as usize];
            if k.state == PROVED || k.state == DISPROVED || skip(c, k) {
                continue;
            }
            let v = if or { k.pn } else { k.dn } as u64;
            match best {
                Some((_, b)) if v >= b => second = second.min(v),
                Some((_, b)) => {
                    second = b;
                    best = Some((c, v));
                }
                None => best = Some((c, v)),
            }
        }
        best.map(|(c, _)| (c, second))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::graph::test_graphs::*;

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
