//! A position's state and numbers from its children: the local
//! deductions that need no path, and the numbers that steer, refreshed
//! up a descent's path without the moves back up it.

use super::*;

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
    /// Recomputes an expanded node from its children: local deductions
    /// and numbers. Returns whether its state or numbers changed.
    pub(super) fn refresh(&mut self, i: u32, attacker: Color) -> bool {
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
    pub(super) fn refresh_path(&mut self, path: &[u32], attacker: Color) {
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
    pub(super) fn refresh_without(&mut self, i: u32, attacker: Color, skip: u8) -> bool {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::graph::test_graphs::*;

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
}
