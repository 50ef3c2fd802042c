//! A full graph cut down to the part the descents went through last.

use super::heap::WideHeap;
use super::storage::bytes_of;
use super::*;
use crate::hugepages;
use crate::prefetch::prefetch;

/// The share of a full graph kept ([`Graph::keep_recent`]).
pub(super) const KEEP: (usize, usize) = (1, 2);

impl<B: Bits, K: GraphKey<B>> Graph<B, K> {
    /// Makes room in a full graph by keeping the part the descents went
    /// through last: best first from the root by `mark` (the stamp of the
    /// walk's last pass through each position, down or back up: a position
    /// is stamped again when the walk leaves it, and the walk is ended
    /// before a cut, so a position's parents on it are as recent), the
    /// expanded positions
    /// with their moves and children while they fit in `nodes_budget`
    /// positions and `bytes_budget` bytes (as [`Graph::used`] counts). The
    /// rest goes; an expanded child kept without its moves is unknown
    /// again (its numbers stay). Nodes keep their order (children mostly
    /// after their parents), the root stays first, and the arrays are
    /// compacted where they are. The index is sized again for positions
    /// as the full graph held them ([`Graph::fit_index`]). Returns the
    /// positions dropped.
    pub(super) fn keep_recent(
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
        // position, as the closure's queue:
        // [`EXPANSION_BYTES`](super::storage::EXPANSION_BYTES); eight
        // children a node, [`WideHeap`].)
        let ClosureScratch {
            flags: mut keep,
            offsets: mut new,
            from,
            needed,
            mut queue,
        } = std::mem::take(&mut self.closure_scratch);
        let n = self.nodes.len();
        let held = self.held_position_bytes();
        let stamp = |i: u32| mark.get(i as usize).copied().unwrap_or(0);
        // 0: dropped, 1: kept as a leaf, 2: kept with its moves.
        hugepages::refill(&mut keep, n, 0u8);
        keep[0] = 1;
        let (mut positions, mut edges, mut expansions) = (1usize, 0usize, 0usize);
        // Most recent first: the stamp above the position, ties to the
        // later position.
        let entry = |i: u32| u64::from(stamp(i)) << 32 | u64::from(i);
        queue.clear();
        queue.reserve_exact(self.expansions.len());
        let mut heap = WideHeap::in_memory(queue);
        if self.nodes[0].state == EXPANDED {
            heap.push(entry(0));
        }
        while let Some(e) = heap.pop() {
            let i = e as u32;
            let count = self.nodes[i as usize].count as usize;
            // (Counting every child as new over-counts shared ones: safe.)
            let bytes = bytes_of::<K>(positions + count, expansions + 1, edges + count);
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
        self.fit_index(held);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::graph::storage::{EDGE_BYTES, EXPANSION_BYTES, node_bytes};
    use crate::search::graph::test_graphs::*;
    use crate::search::table::hash_key;

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
}
