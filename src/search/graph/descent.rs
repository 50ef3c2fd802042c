//! The way down from the root to the most-proving unknown position: the
//! depth cap, the stamps that keep a descent off its own path, backing
//! out of repetitions, and the line a search stands on.

use super::*;

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
            moves: moves.unwrap_or(usize::MAX),
            descents: 0,
            backouts: 0,
        }
    }

    /// The cap, if there is one.
    pub(super) fn limit(&self) -> Option<usize> {
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
    /// A descent ([`Graph::descend`]) no deeper than the cap
    /// ([`DepthCap`]). When every line stops at the cap, the cap doubles,
    /// for this descent and the rest of the search: a descent that fails
    /// at the cap has gone through every line above it, which a cap too
    /// low for the position would cost again and again (9x3 after d2-e2A
    /// with a cap of 20, doubled each descent anew: 5.5 k expansions a
    /// second against 75 k). Each try takes the next `stamp`.
    pub(super) fn descend_within(
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

    /// The path the next descent starts down ([`Graph::descend`]'s choices,
    /// read without changing anything), as positions from the root: at
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
