//! A max-heap of distinct `u64`s, eight children a node: the cut's order
//! of the positions to keep ([`Graph::keep_recent`](super::Graph::keep_recent)).
//!
//! A cut's heap holds millions of entries, far more than the caches: a
//! binary heap's pop goes down some 22 levels, the lower ones each a cache
//! miss (the standard library's heap was two fifths of the samples in a
//! 3x13 search's cuts). Eight children lie in one or two cache lines, and
//! the levels are a third as many: the cuts took 4 to 6% less time
//! (session 98, `experiments/search_graph/`). The entries are distinct (a
//! position's number is in each), so the pops come in one order whatever
//! the heap: the cut keeps the same positions as with
//! [`std::collections::BinaryHeap`].

/// Children a node.
const ARITY: usize = 8;

/// See the module.
pub(super) struct WideHeap {
    items: Vec<u64>,
}

impl WideHeap {
    /// An empty heap in `memory`'s room (what it holds is dropped).
    pub(super) fn in_memory(mut memory: Vec<u64>) -> Self {
        memory.clear();
        WideHeap { items: memory }
    }

    /// The heap's memory, to be used again.
    pub(super) fn into_vec(self) -> Vec<u64> {
        self.items
    }

    pub(super) fn push(&mut self, x: u64) {
        let mut i = self.items.len();
        self.items.push(x);
        while i > 0 {
            let parent = (i - 1) / ARITY;
            if self.items[parent] >= x {
                break;
            }
            self.items[i] = self.items[parent];
            i = parent;
        }
        self.items[i] = x;
    }

    /// The largest entry, taken out.
    pub(super) fn pop(&mut self) -> Option<u64> {
        let last = self.items.pop()?;
        let Some(&top) = self.items.first() else {
            return Some(last);
        };
        // The last entry goes down from the root in place of the top.
        let n = self.items.len();
        let mut i = 0;
        loop {
            let first = i * ARITY + 1;
            if first >= n {
                break;
            }
            let (mut best, mut most) = (first, self.items[first]);
            for c in first + 1..(first + ARITY).min(n) {
                if self.items[c] > most {
                    (best, most) = (c, self.items[c]);
                }
            }
            if most <= last {
                break;
            }
            self.items[i] = most;
            i = best;
        }
        self.items[i] = last;
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::XorShift64;
    use std::collections::BinaryHeap;

    #[test]
    fn pops_come_as_from_a_binary_heap() {
        // Pushes and pops mixed at random, as in a cut (each entry pushed
        // once), against the standard library's heap.
        let mut rng = XorShift64::new(98);
        for round in 0..50 {
            let mut wide = WideHeap::in_memory(vec![7; 3]);
            let mut binary = BinaryHeap::new();
            let mut next = 0u64;
            for step in 0..2_000 {
                if !rng.next_u64().is_multiple_of(3) {
                    // Few distinct stamps, as in a cut: the number below
                    // keeps the entries distinct.
                    let x = (rng.next_u64() % 16) << 32 | next;
                    next += 1;
                    wide.push(x);
                    binary.push(x);
                } else {
                    assert_eq!(wide.pop(), binary.pop(), "round {round}, step {step}");
                }
            }
            while let Some(x) = binary.pop() {
                assert_eq!(wide.pop(), Some(x), "round {round}");
            }
            assert_eq!(wide.pop(), None);
            assert!(wide.into_vec().is_empty());
        }
    }
}
