//! The search's place in the graph, kept from one expansion to the next
//! (depth-first proof-number search, df-pn): a stack of positions from
//! the root down, each with the numbers it may reach before the walk goes
//! back up to its parent (where a descent from the root would turn
//! elsewhere). After an expansion only the position on top is refreshed;
//! the positions below it are refreshed as the walk comes back up to
//! them. So an expansion costs the few positions the walk moves through,
//! not a descent from the root and a refresh of its whole path.
//!
//! The stack's positions carry [`ABOVE`] while on it, so that a refresh
//! leaves out the moves back up the stack, as [`Graph::refresh_path`]
//! does, and a position is never chosen twice on the stack. A position
//! whose open children are all on the stack or left is a repetition
//! there (or, at the depth cap, taken for one): the walk leaves it, and
//! the defender's positions above it, up to the attacker's position
//! whose move went into them; that move's proof number is doubled
//! ([`Graph::back_out_of`]), and the positions left are not chosen again
//! until the next leaf is found, as within one descent from the root.
//!
//! Measured against descents from the root with a refresh of the whole
//! path after each expansion (session 88, `experiments/search_graph/`):
//! 7 to 23% less CPU an expansion on 9x5 searches; as any change in
//! steering, more expansions on some positions and fewer on others.

use super::descent::DepthCap;
use super::*;
use crate::hugepages;

/// The bit of a position's mark that says the walk left it (its stamp in
/// the other bits).
const LEFT: u32 = 1 << 31;

/// The most times one call of [`Walk::next_leaf`] goes back up because a
/// position reached its limits.
const MAX_LIMIT_POPS: u32 = 64;

/// A position on the walk's stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    node: u32,
    /// The walk goes back up once the position's numbers reach these.
    pn_limit: u64,
    dn_limit: u64,
}

/// See the module.
#[derive(Default)]
pub(super) struct Walk {
    stack: Vec<Frame>,
    /// The positions left since the last leaf.
    left: Vec<u32>,
    /// Scratch: the stack's positions.
    path: Vec<u32>,
    /// A position's stamp: the last expansion the walk went through it at
    /// (the cut keeps the most recent), and [`LEFT`].
    mark: Vec<u32>,
    stamp: u32,
    /// Back-outs at the depth cap since the last leaf.
    capped: usize,
}

impl Walk {
    /// A walk not under way, with room for the marks of `positions`
    /// positions (on huge pages: a mark is read at every choice).
    pub(super) fn new(positions: usize) -> Self {
        Walk {
            mark: hugepages::with_capacity(positions),
            ..Walk::default()
        }
    }

    /// Each position's stamp, the last expansion the walk went through it
    /// at, for a cut ([`Graph::keep_recent`]); only while the walk is not
    /// under way (no position is marked left then).
    pub(super) fn stamps(&self) -> &[u32] {
        debug_assert!(self.stack.is_empty() && self.left.is_empty());
        &self.mark
    }

    /// Forgets the stamps: the graph's positions were numbered anew.
    pub(super) fn renumbered(&mut self) {
        debug_assert!(self.stack.is_empty());
        self.mark.clear();
    }

    /// The position on top, if the walk is under way.
    pub(super) fn top(&self) -> Option<u32> {
        self.stack.last().map(|f| f.node)
    }

    /// Ends the walk: its positions refreshed from the top down (each
    /// without the positions below it on the stack, as a path's refresh),
    /// every mark of it cleared but the stamps. The next walk starts at
    /// the root. Needed before anything that reads the graph's numbers
    /// as a whole or renumbers it (closure, cut, a checkpoint, the end).
    pub(super) fn reset<B: Bits, K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>, attacker: Color) {
        self.refresh_path(g, attacker);
        for &i in &self.path {
            self.mark[i as usize] = self.stamp;
        }
        self.stack.clear();
        self.clear_left();
    }

    /// The stack's positions refreshed from the top down, each without
    /// the positions below it ([`Graph::refresh_path`]), which leaves them
    /// all unflagged; `path` holds them.
    fn refresh_path<B: Bits, K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>, attacker: Color) {
        self.path.clear();
        self.path.extend(self.stack.iter().map(|f| f.node));
        g.refresh_path(&self.path, attacker);
    }

    fn clear_left(&mut self) {
        for &i in &self.left {
            self.mark[i as usize] &= !LEFT;
        }
        self.left.clear();
    }

    /// Brings the stack's positions up to date, from the top down, each
    /// without the positions below it (as [`Graph::refresh_path`]), and
    /// goes on where it stood: for a look at the root's numbers, which the
    /// walk refreshes only when it comes back to the root.
    pub(super) fn refresh_stack<B: Bits, K: GraphKey<B>>(
        &mut self,
        g: &mut Graph<B, K>,
        attacker: Color,
    ) {
        self.refresh_path(g, attacker);
        for &i in &self.path {
            g.nodes[i as usize].flags |= ABOVE;
        }
    }

    /// Pops the top frame: its position off the stack.
    fn pop<B: Bits, K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>) -> u32 {
        let f = self.stack.pop().expect("a frame to pop");
        g.nodes[f.node as usize].flags &= !ABOVE;
        self.mark[f.node as usize] = self.stamp;
        f.node
    }

    fn push<B: Bits, K: GraphKey<B>>(
        &mut self,
        g: &mut Graph<B, K>,
        node: u32,
        limits: (u64, u64),
    ) {
        g.nodes[node as usize].flags |= ABOVE;
        self.mark[node as usize] = self.stamp;
        self.stack.push(Frame {
            node,
            pn_limit: limits.0,
            dn_limit: limits.1,
        });
    }

    /// The next unknown position to expand, left on top of the stack:
    /// `None` when every line backs out to the root (after doubling the
    /// depth cap as long as lines stopped at it), the root is solved, or
    /// `stopped` says a limit has stopped the search (asked each time the
    /// cap doubles).
    pub(super) fn next_leaf<B: Bits, K: GraphKey<B>>(
        &mut self,
        g: &mut Graph<B, K>,
        cap: &mut DepthCap,
        attacker: Color,
        mut stopped: impl FnMut() -> bool,
    ) -> Option<u32> {
        self.next_stamp(g, attacker);
        // The positions left by the last call are free again, as each
        // descent from the root starts afresh.
        self.clear_left();
        let mut limit_pops = 0;
        loop {
            if self.stack.is_empty() {
                if g.nodes[0].state == PROVED || g.nodes[0].state == DISPROVED {
                    return None;
                }
                self.push(g, 0, (INF, INF));
            }
            let f = *self.stack.last().expect("not empty");
            let n = f.node;
            if g.nodes[n as usize].state == UNKNOWN {
                cap.found_leaf(self.capped);
                self.capped = 0;
                return Some(n);
            }
            g.refresh_without(n, attacker, ABOVE);
            let gn = g.nodes[n as usize];
            if gn.state == PROVED || gn.state == DISPROVED {
                self.pop(g);
                continue;
            }
            // (A bound on the ways back up in one call: a position's
            // numbers depend on the stack it is refreshed under, so a walk
            // could otherwise go back and forth between two ways down.
            // Past it the walk goes down as a descent does.)
            if (gn.pn as u64 >= f.pn_limit || gn.dn as u64 >= f.dn_limit)
                && limit_pops < MAX_LIMIT_POPS
            {
                limit_pops += 1;
                self.pop(g);
                continue;
            }
            let or = gn.node.turn() == attacker;
            let choice = if self.stack.len() > cap.moves {
                self.capped += 1;
                None
            } else {
                let mark = &self.mark;
                g.choice(n, or, |c, k| {
                    k.flags & ABOVE != 0 || mark[c as usize] & LEFT != 0
                })
            };
            if let Some((c, second)) = choice {
                let limits = child_limits(&gn, &f, &g.nodes[c as usize], or, second);
                self.push(g, c, limits);
                continue;
            }
            // A repetition (or the cap): left, with the defender's
            // positions above it, up to the attacker's whose move led
            // there.
            g.refresh(n, attacker);
            let mut left = self.leave(g);
            while let Some(top) = self.top() {
                if g.nodes[top as usize].node.turn() == attacker {
                    break;
                }
                left = self.leave(g);
            }
            if self.stack.is_empty() {
                self.reset(g, attacker);
                if self.capped > 0 {
                    // Every line stops at the cap: doubled for this search
                    // and the rest, since a walk that fails at the cap has
                    // gone through every line above it, which a cap too low
                    // for the position would cost again and again (9x3
                    // after d2-e2A with a cap of 20, doubled each descent
                    // anew: 5.5 k expansions a second against 75 k).
                    cap.double();
                    self.capped = 0;
                    // Walks through every line up to the cap, again and
                    // again while it doubles, expand nothing: the node
                    // and time limits are looked at here too (a cap that
                    // stayed 0 went round here for ever).
                    if stopped() {
                        return None;
                    }
                    continue;
                }
                return None;
            }
            // The attacker's move into a repetition: less promising for it
            // than its numbers say, so the walk tries another first (on
            // 5x5 without tables: 2.9 s instead of 13.2 s, 10% more
            // expansions). Doubled for good (up to MAX_PENALTY times), so
            // that the walk does not go back into a line it left, and walk
            // it to its end again, at every small change below.
            g.back_out_of(left);
        }
    }

    /// Pops the top frame and marks its position left (not chosen again
    /// until the next leaf).
    fn leave<B: Bits, K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>) -> u32 {
        let i = self.pop(g);
        self.mark[i as usize] |= LEFT;
        self.left.push(i);
        i
    }

    /// A new stamp for the next leaf, the marks as long as the graph.
    fn next_stamp<B: Bits, K: GraphKey<B>>(&mut self, g: &mut Graph<B, K>, attacker: Color) {
        self.stamp += 1;
        if self.stamp >= LEFT {
            self.reset(g, attacker);
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        // (Room for as many as the graph takes, reserved at once: grown
        // by doubling it might be twice that.)
        let more = g.max_positions.saturating_sub(self.mark.len());
        hugepages::reserve_exact(&mut self.mark, more);
        self.mark.resize(g.nodes.len(), 0);
    }
}

/// The limits of the child `c` the walk goes down to from `n` (frame
/// `f`): where it stops being the child a descent would choose (`second`,
/// the next best number among `n`'s children), or where `n` reaches its
/// own limits. Where `n` sums (the defender's numbers at an attacker's
/// node and the other way round), the child may grow by what `n` may.
/// Approximate where the weak numbers or a penalty change the sums: they
/// only steer.
fn child_limits<K>(n: &GNode<K>, f: &Frame, c: &GNode<K>, or: bool, second: u64) -> (u64, u64) {
    let pen = n.penalty() as u32;
    let unpenalized = |limit: u64| {
        if limit == INF {
            INF
        } else {
            limit.div_ceil(1 << pen)
        }
    };
    let grows = |limit: u64, whole: u64, part: u64| {
        if limit == INF {
            INF
        } else {
            limit.saturating_sub(whole.saturating_sub(part))
        }
    };
    let (pn, dn) = if or {
        (
            unpenalized(f.pn_limit).min(second.saturating_add(1)),
            grows(f.dn_limit, n.dn as u64, c.dn as u64),
        )
    } else {
        (
            grows(unpenalized(f.pn_limit), (n.pn >> pen) as u64, c.pn as u64),
            f.dn_limit.min(second.saturating_add(1)),
        )
    };
    // `n`'s numbers count the children left, which the walk does not
    // choose: the child it does choose may already be past what they
    // allow. It is still the one a descent would take: the walk goes
    // down it until its numbers change.
    (pn.max(c.pn as u64 + 1), dn.max(c.dn as u64 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::graph::test_graphs::*;

    /// A graph of `n` positions, White to move unless in `black`, with the
    /// moves `kids` (`(position, children)`, laid out in that order).
    fn graph(n: u64, kids: &[(u32, &[u32])], black: &[usize]) -> Graph<u64> {
        let mut g = Graph::<u64>::new(0);
        g.nodes = (0..n).map(node).collect();
        for &(i, k) in kids {
            let first = g.edges.len();
            g.edges.extend_from_slice(k);
            g.lay_out_moves(i, first);
        }
        for &i in black {
            g.nodes[i].node.pos.turn = Color::Black;
        }
        g
    }

    fn stack(w: &Walk) -> Vec<u32> {
        w.stack.iter().map(|f| f.node).collect()
    }

    #[test]
    fn a_capped_walk_takes_a_shallower_leaf_and_goes_deeper_only_when_none_is_left() {
        // "White wins?": 0 (White) -> 1 (pn 1) or 2 (pn 9, unknown);
        // 1 (Black) -> 3 -> 4 (Black) -> 5 (unknown): the most-proving
        // leaf is 5, four moves down. Capped at 2 moves, the walk leaves 3
        // and takes 2 (and doubles 1's proof number). Without 2, a cap of
        // 1 doubles until 5 is in reach, and stays doubled.
        let build = |with_shallow: bool| {
            let root: &[u32] = if with_shallow { &[1, 2] } else { &[1] };
            let mut g = graph(6, &[(0, root), (1, &[3]), (3, &[4]), (4, &[5])], &[1, 4]);
            g.nodes[2].pn = 9;
            g
        };
        let run = |g: &mut Graph<u64>, cap: usize| {
            let mut walk = Walk::new(0);
            let mut cap = DepthCap::new(Some(cap));
            let leaf = walk.next_leaf(g, &mut cap, Color::White, || false);
            let on = stack(&walk);
            walk.reset(g, Color::White);
            (leaf, on, cap.moves)
        };
        let deep = vec![0, 1, 3, 4, 5];
        let mut g = build(true);
        assert_eq!(run(&mut g, usize::MAX), (Some(5), deep.clone(), usize::MAX));
        let mut g = build(true);
        assert_eq!(run(&mut g, 2), (Some(2), vec![0, 2], 2));
        assert_eq!(g.nodes[1].pn, 2, "the move into the cap doubled");
        // For good: brought up to date from its child (proof number 1),
        // it stays doubled; backed out of again, doubled again.
        g.refresh(1, Color::White);
        assert_eq!(g.nodes[1].pn, 2, "the doubling lasts");
        assert_eq!(run(&mut g, 2), (Some(2), vec![0, 2], 2));
        g.refresh(1, Color::White);
        assert_eq!(g.nodes[1].pn, 4, "doubled twice");
        let mut g = build(true);
        assert_eq!(run(&mut g, 4), (Some(5), deep.clone(), 4));
        // Caps 1 and 2 stop every line; 4 reaches 5, and the cap stays
        // there.
        let mut g = build(false);
        assert_eq!(run(&mut g, 1), (Some(5), deep, 4));
        // No position is left flagged on a walk ended.
        assert!(g.nodes.iter().all(|n| n.flags & ABOVE == 0));
        // A limit met as the cap doubles ends the walk there, without a
        // leaf; the cap stays doubled.
        let mut g = build(false);
        let mut walk = Walk::new(0);
        let mut cap = DepthCap::new(Some(1));
        let mut asked = 0;
        let leaf = walk.next_leaf(&mut g, &mut cap, Color::White, || {
            asked += 1;
            true
        });
        assert_eq!((leaf, walk.top(), cap.moves, asked), (None, None, 2, 1));
        // A cap of 0 is 1 (doubled, 0 stayed 0 and the walk went round).
        let mut g = build(false);
        assert_eq!(run(&mut g, 0), (Some(5), vec![0, 1, 3, 4, 5], 4));
    }

    #[test]
    fn the_walk_stays_below_a_position_while_its_numbers_hold() {
        // "White wins?": 0 (White) -> 1 or 2 (Black, proof numbers 1 and
        // 3), 1 -> 3, 2 -> 4 (White, unknown).
        let mut g = graph(7, &[(0, &[1, 2]), (1, &[3]), (2, &[4])], &[1, 2]);
        g.nodes[2].pn = 3;
        let mut walk = Walk::new(0);
        let mut cap = DepthCap::new(None);
        assert_eq!(
            walk.next_leaf(&mut g, &mut cap, Color::White, || false),
            Some(3)
        );
        assert_eq!(stack(&walk), [0, 1, 3]);
        // 3 expanded, its one move to 5 (proof number 2): 1 and 3 rise to
        // 2, still below 2's 3, so the walk goes on below 3 without
        // coming back to the root (whose numbers it leaves as they were).
        g.nodes[5].pn = 2;
        let first = g.edges.len();
        g.edges.push(5);
        g.lay_out_moves(3, first);
        g.nodes[0].pn = 77;
        assert_eq!(
            walk.next_leaf(&mut g, &mut cap, Color::White, || false),
            Some(5)
        );
        assert_eq!(stack(&walk), [0, 1, 3, 5]);
        assert_eq!(g.nodes[0].pn, 77, "the root was not refreshed");
        assert_eq!((g.nodes[1].pn, g.nodes[3].pn), (1, 2));
        // 5 expanded, its one move to 6 (proof number 4): past 2's 3, the
        // walk goes back up to the root and down to 4.
        g.nodes[6].pn = 4;
        let first = g.edges.len();
        g.edges.push(6);
        g.lay_out_moves(5, first);
        assert_eq!(
            walk.next_leaf(&mut g, &mut cap, Color::White, || false),
            Some(4)
        );
        assert_eq!(stack(&walk), [0, 2, 4]);
        assert_eq!((g.nodes[0].pn, g.nodes[1].pn), (3, 4));
        // Ended, the walk leaves every position refreshed and unflagged.
        walk.reset(&mut g, Color::White);
        assert_eq!(walk.top(), None);
        assert!(g.nodes.iter().all(|n| n.flags & ABOVE == 0));
    }

    #[test]
    fn a_child_past_its_limits_when_chosen_is_gone_down_all_the_same() {
        // "White wins?": 0 (White) -> 1 (Black) or 2 (Black, unknown,
        // proof number 6); 1 -> 3 (White) -> 4 (Black, whose only move goes
        // back to 1: a repetition on the walk) or 5 (Black, proof number
        // 12) -> 6 (unknown). The walk backs out of 4, whose proof number
        // (doubled to 2) still makes 3's: 3 stays below its limit, 7 (2's
        // 6, plus one), and its one child left, 5, is past it. It goes
        // down 5 all the same, to 6, where without that it would go back
        // and forth between 3 and 5.
        let mut g = graph(
            7,
            &[(0, &[1, 2]), (1, &[3]), (3, &[4, 5]), (4, &[1]), (5, &[6])],
            &[1, 2, 4, 5],
        );
        g.nodes[2].pn = 6;
        (g.nodes[5].pn, g.nodes[6].pn) = (12, 12);
        let mut walk = Walk::new(0);
        let mut cap = DepthCap::new(None);
        assert_eq!(
            walk.next_leaf(&mut g, &mut cap, Color::White, || false),
            Some(6)
        );
        assert_eq!(stack(&walk), [0, 1, 3, 5, 6]);
        assert_eq!(g.nodes[4].pn, 2, "backed out of, doubled");
        let five = walk.stack[3];
        assert!(five.pn_limit > 12, "{five:?}");
    }
}
