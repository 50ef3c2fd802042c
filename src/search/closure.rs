//! The tree's positions as a graph: disproofs that rest on cycles the tree
//! unrolls path by path (the *closure*).
//!
//! The tree keeps every copy of a position apart, so a drawn region of
//! paika play is unrolled once per path into it, and a disproof that rests
//! on its cycles is finished only when every path has come round to a
//! repetition: work that grows with the number of paths, not of
//! positions. Here the tree's nodes are merged by position (full keys: the
//! stones, the blocked stone, the side to move, the turns left) into a
//! graph whose edges are the moves of the expanded copies, and the
//! attacker's *attractor* is computed on it, as a retrograde analysis
//! does: the positions from which the attacker can force play into a
//! position it is proved to win **or into one not known yet** (an
//! unexpanded leaf, or a leaf disproved only on its own path). Every
//! expanded position outside the attractor is then a true disproof:
//!
//! The defender keeps play outside the attractor: at its own turn some
//! move stays outside (else the position would be in the attractor), at
//! the attacker's every move does. Play then goes on forever (a draw) or
//! reaches a position whose disproof is already true (an end of the game,
//! an oracle value, a stored disproof), from which the defender follows
//! that disproof. Either way the attacker does not win. Expanded
//! positions have all their moves in the graph, so nothing is missed;
//! unknown leaves count as the attacker's, so nothing is assumed.
//!
//! A class (the copies of one position) is proved if a copy is, truly
//! disproved if a copy is, else expanded if a copy is, else unknown. The
//! verdicts ([`Verdict`]) are for every tree node: copies of proved and
//! truly disproved positions learn their result too, whatever their path.

use super::table::hash_key;
use super::tree::{NONE, TreeNode};
use super::{INF, NO_DEP};
use crate::bits::Bits;
use crate::hugepages;
use crate::rules::Color;

/// What the closure found for a tree node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Nothing new: open as before, or already solved as it will stay.
    Same,
    /// The attacker wins (a copy of the position is proved).
    Proved,
    /// The attacker does not win, whatever the path: outside the
    /// attractor, or a copy of a truly disproved position.
    Disproved,
}

/// A class's state, from its copies.
const UNKNOWN: u8 = 0;
const EXPANDED: u8 = 1;
const PROVED: u8 = 2;
const DISPROVED: u8 = 3;

/// The verdict for every node of `tree` (nodes the root no longer reaches
/// count like the others: their positions and moves are as real). The
/// scratch memory is 12 bytes a node while the copies are grouped, then 9
/// a node and 11 a class ([`super::CLOSURE_BYTES_PER_NODE`]).
pub(super) fn verdicts<B: Bits>(tree: &[TreeNode<B>], attacker: Color) -> Vec<Verdict> {
    let n = tree.len();
    assert!(n < NONE as usize, "tree indices fit 32 bits");
    // Group the copies: sorted by 32 bits of the hash, then by the whole
    // key, so equal keys lie side by side whatever the hash collides on.
    let mut order: Vec<u64> = hugepages::with_capacity(n);
    order.extend((0..n).map(|i| (hash_key(&tree[i].node(), attacker) >> 32) << 32 | i as u64));
    let index = |v: u64| (v & 0xffff_ffff) as usize;
    // A plain integer sort (a comparison reading the nodes took most of
    // the time on 9x5's trees), then each run of equal hashes by key: the
    // runs are short, mostly copies of one position.
    order.sort_unstable();
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && order[end] >> 32 == order[start] >> 32 {
            end += 1;
        }
        if end - start > 1 {
            order[start..end].sort_unstable_by_key(|&v| tree[index(v)].node());
        }
        start = end;
    }
    let mut class = hugepages::filled(n, || 0u32);
    let mut state: Vec<u8> = Vec::new();
    // An expanded copy of each class (NONE if none).
    let mut rep: Vec<u32> = Vec::new();
    let mut start = 0;
    while start < n {
        let key = tree[index(order[start])].node();
        let mut end = start + 1;
        while end < n && tree[index(order[end])].node() == key {
            end += 1;
        }
        let c = state.len() as u32;
        let mut s = UNKNOWN;
        let mut r = NONE;
        for &v in &order[start..end] {
            let i = index(v);
            let t = &tree[i];
            class[i] = c;
            if t.pn() == 0 {
                debug_assert_ne!(s, DISPROVED, "a position both proved and disproved");
                s = PROVED;
            } else if t.dn() == 0 && t.dep() == NO_DEP {
                debug_assert_ne!(s, PROVED, "a position both proved and disproved");
                s = DISPROVED;
            } else if t.first != NONE {
                r = i as u32;
                if s == UNKNOWN {
                    s = EXPANDED;
                }
            }
        }
        state.push(s);
        rep.push(r);
        start = end;
    }
    drop(order);
    let classes = state.len();

    // The moves backwards (from a class to the expanded classes that move
    // into it).
    let back = Backward::new(classes, |into| {
        for c in 0..classes {
            if state[c] == EXPANDED {
                let t = &tree[rep[c] as usize];
                for j in t.first..t.first + t.count {
                    into(c, class[j as usize] as usize);
                }
            }
        }
    });
    let needed: Vec<u32> = (0..classes)
        .map(|c| match state[c] {
            EXPANDED => {
                let t = &tree[rep[c] as usize];
                moves_needed(t.turn() == attacker, t.count)
            }
            _ => 0,
        })
        .collect();
    let (proved, open) = win_regions(
        &back,
        needed,
        |c| state[c] == PROVED,
        |c| state[c] == UNKNOWN,
    );

    (0..n)
        .map(|i| {
            let t = &tree[i];
            let c = class[i] as usize;
            match state[c] {
                PROVED if t.pn() != 0 => Verdict::Proved,
                DISPROVED if !(t.dn() == 0 && t.dep() == NO_DEP) => Verdict::Disproved,
                EXPANDED if proved[c] => Verdict::Proved,
                EXPANDED if !open[c] => Verdict::Disproved,
                _ => Verdict::Same,
            }
        })
        .collect()
}

/// How many of an expanded position's `moves` must lead into the
/// attractor before it is in: one at the attacker's turn, all at the
/// defender's. (A position not expanded needs none: it gets in only as a
/// seed.)
pub(super) fn moves_needed(attackers_turn: bool, moves: u32) -> u32 {
    if attackers_turn { 1 } else { moves }
}

/// The closure's two attractors over the moves `back` (with
/// [`moves_needed`] of each node in `needed`): the forced wins, the
/// attractor of the `proved` nodes alone (a least fixed point, so no
/// cycle is taken for a win); and the nodes from which the attacker can
/// force play anywhere it might win, the attractor of the `proved` and
/// `unknown` ones. Returns each as a flag a node.
pub(super) fn win_regions(
    back: &Backward,
    needed: Vec<u32>,
    proved: impl Fn(usize) -> bool,
    unknown: impl Fn(usize) -> bool,
) -> (Vec<bool>, Vec<bool>) {
    let mut attractor = Attractor::new(back, needed);
    attractor.grow(proved);
    let forced = attractor.attracted().to_vec();
    attractor.grow(unknown);
    (forced, attractor.into_attracted())
}

/// A graph's moves backwards: for each node, the nodes that move into it.
pub(super) struct Backward {
    offsets: Vec<u32>,
    from: Vec<u32>,
}

impl Backward {
    /// From `moves(into)`, which calls `into(c, d)` for each move (from
    /// node `c` to node `d`) of a graph of `n` nodes, twice: counted,
    /// summed up to each range's end, then filled from the ends down, so
    /// that each offset ends as its range's start.
    pub(super) fn new(n: usize, moves: impl Fn(&mut dyn FnMut(usize, usize))) -> Self {
        let mut counts = hugepages::filled(n + 1, || 0u32);
        moves(&mut |_, d| counts[d] += 1);
        Self::with_counts(counts, Vec::new(), moves)
    }

    /// From `counts[d]`, the number of moves into each node `d` (one more
    /// entry, 0, at the end), and `moves(into)`, which calls `into(c, d)`
    /// for each of those moves once: for a caller that counts the moves
    /// in a walk over the graph it makes anyway. The moves are laid out in
    /// `from`'s memory (what it held is dropped), on huge pages if it has
    /// to grow; [`Backward::into_parts`] gives both arrays back.
    pub(super) fn with_counts(
        counts: Vec<u32>,
        mut from: Vec<u32>,
        moves: impl FnOnce(&mut dyn FnMut(usize, usize)),
    ) -> Self {
        let mut offsets = counts;
        let n = offsets.len() - 1;
        debug_assert_eq!(offsets[n], 0);
        for c in 1..=n {
            offsets[c] += offsets[c - 1];
        }
        hugepages::refill(&mut from, offsets[n] as usize, 0);
        moves(&mut |c, d| {
            offsets[d] -= 1;
            from[offsets[d] as usize] = c as u32;
        });
        debug_assert_eq!(offsets[0], 0, "the moves counted are the moves given");
        Backward { offsets, from }
    }

    pub(super) fn moves_into(&self, d: usize) -> &[u32] {
        &self.from[self.offsets[d] as usize..self.offsets[d + 1] as usize]
    }

    /// The arrays, to be used again: the offsets and the moves.
    pub(super) fn into_parts(self) -> (Vec<u32>, Vec<u32>) {
        (self.offsets, self.from)
    }
}

/// An attractor as a retrograde analysis finds it, grown in steps: a node
/// is in once `needed[c]` of its moves lead into it (one at the
/// attacker's turn, all at the defender's; 0 for a node with no moves in
/// the graph, which gets in only as a seed). A least fixed point: no cycle
/// counts.
///
/// Growing it from more seeds goes on from the counts where the last step
/// left them, so the closure's second attractor (the proved and the
/// unknown positions) does not walk the first (the proved ones) again:
/// the result is the same, the least fixed point holding every seed.
pub(super) struct Attractor<'a> {
    back: &'a Backward,
    needed: Vec<u32>,
    attracted: Vec<bool>,
}

impl<'a> Attractor<'a> {
    /// An empty attractor over the moves `back` with the counts `needed`.
    pub(super) fn new(back: &'a Backward, needed: Vec<u32>) -> Self {
        let attracted = hugepages::filled(needed.len(), || false);
        Attractor {
            back,
            needed,
            attracted,
        }
    }

    /// Adds the nodes `seed` names and every node they attract.
    pub(super) fn grow(&mut self, seed: impl Fn(usize) -> bool) {
        let mut queue: Vec<u32> = (0..self.attracted.len())
            .filter(|&c| !self.attracted[c] && seed(c))
            .map(|c| c as u32)
            .collect();
        for &c in &queue {
            self.attracted[c as usize] = true;
        }
        while let Some(d) = queue.pop() {
            for &c in self.back.moves_into(d as usize) {
                let c = c as usize;
                if self.attracted[c] {
                    continue;
                }
                self.needed[c] -= 1;
                if self.needed[c] == 0 {
                    self.attracted[c] = true;
                    queue.push(c as u32);
                }
            }
        }
    }

    /// Which nodes are in, so far.
    pub(super) fn attracted(&self) -> &[bool] {
        &self.attracted
    }

    /// Which nodes are in, the attractor given up.
    pub(super) fn into_attracted(self) -> Vec<bool> {
        self.attracted
    }
}

/// The numbers of a node with a verdict: (pn, dn).
pub(super) fn numbers(v: Verdict) -> Option<(u64, u64)> {
    match v {
        Verdict::Same => None,
        Verdict::Proved => Some((0, INF)),
        Verdict::Disproved => Some((INF, 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Node;
    use super::*;
    use crate::position::Position;

    /// A node of a made-up tree: `id` tells positions apart.
    fn node(id: u64, turn: Color) -> Node<u64> {
        Node {
            pos: Position {
                white: id,
                black: 1 << 40,
                turn,
                block: None,
            },
            left: u16::MAX,
        }
    }

    /// A made-up tree node: (position id, side to move, parent, (pn, dn),
    /// dependency depth).
    type Spec = (u64, Color, u32, (u64, u64), u32);

    /// A tree from its nodes, parents before children and children side
    /// by side.
    fn tree(spec: &[Spec]) -> Vec<TreeNode<u64>> {
        let mut t: Vec<TreeNode<u64>> = Vec::new();
        for (i, &(id, turn, parent, numbers, dep)) in spec.iter().enumerate() {
            let depth = if parent == NONE {
                0
            } else {
                t[parent as usize].depth() + 1
            };
            t.push(TreeNode::new(node(id, turn), numbers, parent, depth, dep));
            if parent != NONE {
                let p = &mut t[parent as usize];
                if p.first == NONE {
                    p.first = i as u32;
                }
                p.count += 1;
            }
        }
        t
    }

    const W: Color = Color::White;
    const B: Color = Color::Black;
    const OPEN: (u64, u64) = (3, 2);
    const DISPROVED: (u64, u64) = (INF, 0);

    #[test]
    fn a_cycle_the_tree_unrolls_is_a_disproof_for_every_copy() {
        // White (the attacker) at R plays to 1 or 2; 1 and 3 alternate for
        // ever (the tree met 1 again on its path: a disproof that depends
        // on that path), 2 leads to 3 too, met there as an unexpanded
        // leaf. Every line is endless: White cannot win, wherever it
        // starts, and every copy learns it.
        let t = tree(&[
            (10, W, NONE, OPEN, NO_DEP), // 0: R
            (1, B, 0, OPEN, NO_DEP),     // 1
            (2, B, 0, OPEN, NO_DEP),     // 2
            (3, W, 1, OPEN, NO_DEP),     // 3
            (3, W, 2, OPEN, NO_DEP),     // 4: 3's copy under 2, a leaf
            (1, B, 3, DISPROVED, 1),     // 5: 1 again, on the path
        ]);
        assert_eq!(verdicts(&t, W), vec![Verdict::Disproved; 6]);
    }

    #[test]
    fn a_way_out_to_an_unknown_leaf_keeps_everything_open() {
        // As above, but 3 has a second move, to a position never searched:
        // it may win for White, and every position can reach it.
        let t = tree(&[
            (10, W, NONE, OPEN, NO_DEP),
            (1, B, 0, OPEN, NO_DEP),
            (2, B, 0, OPEN, NO_DEP),
            (3, W, 1, OPEN, NO_DEP),
            (3, W, 2, OPEN, NO_DEP),
            (1, B, 3, DISPROVED, 1),
            (4, B, 3, OPEN, NO_DEP), // 6: unknown
        ]);
        assert_eq!(verdicts(&t, W), vec![Verdict::Same; 7]);
        // With that position proved, White wins from every position by
        // going there: a forced win through positions met apart in the
        // tree (1's copy under 3 was disproved only on its path).
        let mut t = t;
        t[6].set_numbers(0, INF);
        let mut proved = vec![Verdict::Proved; 7];
        proved[6] = Verdict::Same;
        assert_eq!(verdicts(&t, W), proved);
    }

    #[test]
    fn the_defender_keeps_out_of_the_attractor() {
        // Black, to move at 1, may go to 3 (endless with 1, as above) or
        // to 4 (never searched): Black keeps out of 4, so R, 1 and 3 are
        // disproved and 4 stays unknown.
        let mut t = tree(&[
            (10, W, NONE, OPEN, NO_DEP), // 0: R
            (1, B, 0, OPEN, NO_DEP),     // 1
            (3, W, 1, OPEN, NO_DEP),     // 2
            (4, W, 1, OPEN, NO_DEP),     // 3: unknown
            (1, B, 2, DISPROVED, 1),     // 4: 1 again
        ]);
        use Verdict::*;
        assert_eq!(
            verdicts(&t, W),
            [Disproved, Disproved, Disproved, Same, Disproved]
        );
        // White, to move at 3, with a way out to an unknown position:
        // then Black's move to 3 lets White out too, and nothing is known.
        t[2].count = 0;
        t[2].first = NONE;
        let leaf = t.len() as u32;
        t.push(TreeNode::new(node(1, B), DISPROVED, 2, 2, 1));
        t.push(TreeNode::new(node(9, B), OPEN, 2, 2, NO_DEP));
        t[4] = TreeNode::new(node(7, B), OPEN, 0, 1, NO_DEP); // unreached
        t[2].first = leaf;
        t[2].count = 2;
        assert_eq!(verdicts(&t, W), vec![Same; 7]);
    }

    #[test]
    fn copies_learn_the_true_results_of_their_positions() {
        // 5 is truly disproved under 1 (say the game ended there) and 6
        // proved; their copies under 2 are open leaves. Black, to move at
        // 1 and 2, goes to 5: R, 1 and 2 are disproved.
        let t = tree(&[
            (10, W, NONE, OPEN, NO_DEP), // 0: R
            (1, B, 0, OPEN, NO_DEP),     // 1
            (2, B, 0, OPEN, NO_DEP),     // 2
            (5, W, 1, DISPROVED, NO_DEP),
            (6, W, 1, (0, INF), NO_DEP),
            (5, W, 2, OPEN, NO_DEP),
            (6, W, 2, OPEN, NO_DEP),
        ]);
        use Verdict::*;
        assert_eq!(
            verdicts(&t, W),
            [
                Disproved, Disproved, Disproved, Same, Same, Disproved, Proved
            ]
        );
    }
}
