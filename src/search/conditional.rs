//! The table of path-dependent disproofs: a disproof that rests on
//! repetitions of positions above its node, kept with those positions, so
//! that the node met again below them is not searched again.
//!
//! A disproof of a node at depth `k` whose dependency depth is `d < k`
//! (`super`'s method, "Repetitions and the graph-history interaction")
//! rests only on repetitions of the positions at depths `d..k` of its path
//! (its *stretch*) and of positions below the node. It is not a true
//! disproof, but it is one wherever each position of the stretch is on the
//! node's path, in any order and with any others between: every repetition
//! it used is a repetition there too, and nothing else of the path is used.
//! Such a reuse gets as its dependency depth that of the shallowest
//! stretch position on the new path, so the numbers above it are as sound
//! as the search's own. These disproofs come from paika play, where one
//! position is met again and again through quiet moves in other orders
//! and other play further up (transpositions the tree does not share): on
//! a long 9x3 line the search took a quarter of the expansions with them
//! (`experiments/search_ghi/`).
//!
//! A stretch holds as many stones as its node (stones are never added,
//! and it starts at a position the node's line repeats), so only the end
//! of the path with that many stones is searched for it. Stretches are
//! kept whole, one after another in an arena that is overwritten round and
//! round (eight positions a slot; they averaged four on that 9x3 line); an
//! entry whose stretch has been overwritten is dead. Buckets of four
//! slots, all the entries of a node in one bucket, the slot of lowest
//! priority (`work`, the search's age when stored) replaced. One bit a
//! bucket tells whether it holds anything, so that the many look-ups of
//! nodes never stored cost one read of a small array.

use crate::bits::Bits;
use crate::prefetch::prefetch;
use crate::rules::Color;

use super::Node;
use super::table::{hash_key, scale};

/// Slots per bucket.
const WAYS: usize = 4;
/// Arena positions per slot: stretches averaged four on a 9x3 line.
const ARENA_PER_SLOT: usize = 8;

#[derive(Clone, Copy, Debug)]
struct Slot<B> {
    node: Node<B>,
    /// Where its stretch starts in the arena (a count of positions ever
    /// written there).
    start: u64,
    /// Positions in the stretch (at least one); 0 marks an empty slot.
    len: u32,
    work: u32,
    attacker: Color,
}

impl<B: Bits> Slot<B> {
    fn holds(&self, node: &Node<B>, attacker: Color) -> bool {
        self.len != 0 && self.node == *node && self.attacker == attacker
    }
}

/// A fixed-size table of path-dependent disproofs ([module](self)).
pub(super) struct Conditional<B> {
    slots: Vec<Slot<B>>,
    /// The stretches, one after the other, overwritten round and round.
    arena: Vec<Node<B>>,
    /// Positions ever written to the arena.
    written: u64,
    /// Bit `b` set: bucket `b` has held an entry since the last clear.
    marks: Vec<u64>,
    used: usize,
}

impl<B: Bits> Conditional<B> {
    /// Bytes one slot takes.
    pub(super) fn slot_bytes() -> usize {
        std::mem::size_of::<Slot<B>>()
    }

    /// A table of at most `memory_bytes` with its arena (at least one
    /// bucket).
    pub(super) fn new(memory_bytes: usize) -> Self {
        let per_slot = Self::slot_bytes() + ARENA_PER_SLOT * std::mem::size_of::<Node<B>>();
        let buckets = (memory_bytes / (WAYS * per_slot)).max(1);
        let empty = Slot {
            node: Node {
                pos: crate::position::Position {
                    white: B::EMPTY,
                    black: B::EMPTY,
                    turn: Color::White,
                    block: None,
                },
                left: 0,
            },
            start: 0,
            len: 0,
            work: 0,
            attacker: Color::White,
        };
        Conditional {
            arena: crate::hugepages::filled(buckets * WAYS * ARENA_PER_SLOT, || empty.node),
            written: 0,
            slots: crate::hugepages::filled(buckets * WAYS, || empty),
            marks: vec![0; buckets.div_ceil(64)],
            used: 0,
        }
    }

    /// Bytes the table takes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * Self::slot_bytes()
            + self.arena.len() * std::mem::size_of::<Node<B>>()
            + self.marks.len() * 8
    }

    /// Entries held.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.used
    }

    /// The bucket of a key, given by its [`hash_key`].
    fn bucket(&self, hash: u64) -> usize {
        scale(hash, self.slots.len() / WAYS)
    }

    fn marked(&self, b: usize) -> bool {
        self.marks[b / 64] & (1 << (b % 64)) != 0
    }

    /// Starts loading the bucket of a key, given by its [`hash_key`], into
    /// the cache, for a [`get`] soon after (nothing when the bucket never
    /// held an entry).
    ///
    /// [`get`]: Conditional::get
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        let b = self.bucket(hash);
        if self.marked(b) {
            prefetch(&self.slots[b * WAYS..(b + 1) * WAYS]);
        }
    }

    /// A disproof of `node` (for `attacker`) that holds below `path` (root
    /// first, the node's parent last): the depth of the shallowest path
    /// position it rests on. Of several that hold, the one that rests on
    /// the least of the path (the deepest such depth).
    pub(super) fn get(
        &self,
        node: &Node<B>,
        attacker: Color,
        path: &[(Node<B>, u32)],
    ) -> Option<u32> {
        let b = self.bucket(hash_key(node, attacker));
        if !self.marked(b) {
            return None;
        }
        let stones = node.pos.stone_count();
        // The run of the path with as many stones as the node: where every
        // position of a stretch must be.
        let run = path.iter().rev().take_while(|(_, s)| *s == stones).count();
        let from = path.len() - run;
        let mut best: Option<u32> = None;
        for s in &self.slots[b * WAYS..(b + 1) * WAYS] {
            if !s.holds(node, attacker) || s.len as usize > run || !self.alive(s) {
                continue;
            }
            let mut dep = u32::MAX;
            let mut all = true;
            for x in self.stretch(s) {
                match path[from..].iter().position(|(n, _)| *n == x) {
                    Some(at) => dep = dep.min((from + at) as u32),
                    None => {
                        all = false;
                        break;
                    }
                }
            }
            if all {
                best = Some(best.map_or(dep, |b| b.max(dep)));
            }
        }
        best
    }

    /// Whether a slot's stretch is still whole in the arena.
    fn alive(&self, s: &Slot<B>) -> bool {
        self.written - s.start <= self.arena.len() as u64
    }

    /// A slot's stretch, root first.
    fn stretch(&self, s: &Slot<B>) -> impl ExactSizeIterator<Item = Node<B>> + '_ {
        let cap = self.arena.len() as u64;
        let start = s.start;
        (0..s.len as usize).map(move |i| self.arena[((start + i as u64) % cap) as usize])
    }

    /// The entries whose stretches are whole (node, attacker, priority,
    /// stretch), the oldest stretch first: put back in this order into a
    /// table of any size, the newest are the ones kept.
    pub(super) fn entries(
        &self,
    ) -> impl Iterator<
        Item = (
            Node<B>,
            Color,
            u32,
            impl ExactSizeIterator<Item = Node<B>> + '_,
        ),
    > + '_ {
        let mut live: Vec<usize> = (0..self.slots.len())
            .filter(|&i| self.slots[i].len != 0 && self.alive(&self.slots[i]))
            .collect();
        live.sort_unstable_by_key(|&i| self.slots[i].start);
        live.into_iter().map(move |i| {
            let s = &self.slots[i];
            (s.node, s.attacker, s.work, self.stretch(s))
        })
    }

    /// Keeps a disproof of `node` (for `attacker`) that rests on
    /// `stretch`, the positions right above it (root first, at least one),
    /// with priority `work`. A stretch longer than the arena is not kept.
    /// An entry held already that makes this one useless (its stretch
    /// within the new one) is not looked for: skipping such entries took
    /// 5x5 without tables 9% fewer expansions but left the 9x3 line of
    /// `experiments/search_ghi/` open at 30 M (7.96 M with them).
    pub(super) fn put(
        &mut self,
        node: &Node<B>,
        attacker: Color,
        stretch: &[(Node<B>, u32)],
        work: u32,
    ) {
        debug_assert!(!stretch.is_empty());
        let len = stretch.len();
        if len > self.arena.len() {
            return;
        }
        let b = self.bucket(hash_key(node, attacker));
        let start = self.written;
        let cap = self.arena.len() as u64;
        for (i, (n, _)) in stretch.iter().enumerate() {
            self.arena[((start + i as u64) % cap) as usize] = *n;
        }
        self.written += len as u64;
        let bucket = &mut self.slots[b * WAYS..(b + 1) * WAYS];
        let slot = Slot {
            node: *node,
            start,
            len: len as u32,
            work: work.max(1),
            attacker,
        };
        let victim = (0..WAYS)
            .min_by_key(|&i| bucket[i].work)
            .expect("a bucket has slots");
        if bucket[victim].len == 0 {
            self.used += 1;
        }
        bucket[victim] = slot;
        self.marks[b / 64] |= 1 << (b % 64);
    }

    /// [`Self::put`], unless the table holds this very disproof already
    /// (the same node, attacker and stretch), whose priority then becomes
    /// the larger of the two. For checkpoints read in: a checkpoint merged
    /// with a copy of itself, or with one that shares its disproofs, held
    /// each of them twice (7x3's 1,922 grew to 2,990, 3,549 and 4,108 over
    /// three sittings of no search), pushing others out.
    pub(super) fn put_new(
        &mut self,
        node: &Node<B>,
        attacker: Color,
        stretch: &[(Node<B>, u32)],
        work: u32,
    ) {
        let b = self.bucket(hash_key(node, attacker));
        let held = (b * WAYS..(b + 1) * WAYS).find(|&i| {
            let s = &self.slots[i];
            s.holds(node, attacker)
                && s.len as usize == stretch.len()
                && self.alive(s)
                && self.stretch(s).zip(stretch).all(|(x, (n, _))| x == *n)
        });
        match held {
            Some(i) => self.slots[i].work = self.slots[i].work.max(work.max(1)),
            None => self.put(node, attacker, stretch, work),
        }
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| s.len = 0);
        self.marks.iter_mut().for_each(|m| *m = 0);
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// Position `i` (below 56; White to move for even `i`), with `stones`
    /// + 1 stones.
    fn node(i: u64, stones: u32) -> Node<u64> {
        let turn = if i.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        Node {
            pos: Position {
                white: (1 << stones) - 1,
                black: 1u64 << (u64::from(stones) + i),
                turn,
                block: None,
            },
            left: super::super::NO_LIMIT,
        }
    }

    /// A path of positions given as (number, stones), root first.
    fn path(ids: &[(u64, u32)]) -> Vec<(Node<u64>, u32)> {
        ids.iter()
            .map(|&(i, s)| {
                let n = node(i, s);
                (n, n.pos.stone_count())
            })
            .collect()
    }

    /// A disproof put again by `put_new` is held once, with the larger
    /// priority; another stretch of the same node is a second entry.
    #[test]
    fn a_disproof_read_in_twice_is_held_once() {
        let mut t = Conditional::<u64>::new(1 << 16);
        let leaf = node(9, 4);
        let w = Color::White;
        let stretch = path(&[(3, 4), (4, 4)]);
        t.put_new(&leaf, w, &stretch, 7);
        t.put_new(&leaf, w, &stretch, 9);
        assert_eq!(t.len(), 1);
        let works: Vec<u32> = t.entries().map(|(_, _, work, _)| work).collect();
        assert_eq!(works, [9]);
        t.put_new(&leaf, w, &stretch[1..], 2);
        t.put_new(&leaf, Color::Black, &stretch, 2);
        assert_eq!(t.len(), 3);
        // (`put`, the search's, does not look.)
        t.put(&leaf, w, &stretch, 1);
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn a_disproof_is_found_only_where_its_stretch_is_on_the_path() {
        let mut t = Conditional::<u64>::new(1 << 16);
        let leaf = node(9, 4);
        let stones = leaf.pos.stone_count();
        let w = Color::White;
        // Stored below 1 2 3 4 5, resting on the last two.
        let stored = path(&[(1, 6), (2, 5), (3, 4), (4, 4), (5, 4)]);
        t.put(&leaf, w, &stored[3..], 7);
        assert_eq!(t.len(), 1);
        assert_eq!(stored[4].1, stones);
        // Both on the path (in any order, others between): found, resting
        // on the shallower of them.
        assert_eq!(t.get(&leaf, w, &stored), Some(3));
        let p = path(&[(8, 6), (5, 4), (6, 4), (4, 4), (7, 4)]);
        assert_eq!(t.get(&leaf, w, &p), Some(1));
        // One missing, or there only with more stones (a different
        // position), another attacker, another node: not found.
        assert_eq!(
            t.get(&leaf, w, &path(&[(1, 6), (2, 5), (3, 4), (5, 4)])),
            None
        );
        assert_eq!(t.get(&leaf, w, &path(&[(4, 5), (5, 4)])), None);
        assert_eq!(t.get(&leaf, Color::Black, &stored), None);
        assert_eq!(t.get(&node(11, 4), w, &stored), None);
        // Of two that hold, the one resting on less of the path.
        t.put(&leaf, w, &path(&[(6, 4), (7, 4)]), 8);
        let p = path(&[(4, 4), (6, 4), (5, 4), (7, 4)]);
        assert_eq!(t.get(&leaf, w, &p), Some(1));
        t.clear();
        assert_eq!((t.len(), t.get(&leaf, w, &stored)), (0, None));
    }

    #[test]
    fn entries_put_back_in_their_order_answer_as_before() {
        let mut t = Conditional::<u64>::new(1 << 16);
        let w = Color::White;
        let p = path(&[(1, 4), (2, 4), (3, 4), (4, 4)]);
        t.put(&node(20, 4), w, &p[1..], 5);
        t.put(&node(21, 4), Color::Black, &p[3..], 6);
        t.put(&node(22, 4), w, &p[..2], 7);
        let entries: Vec<_> = t
            .entries()
            .map(|(n, a, work, st)| {
                let st: Vec<_> = st.map(|x| (x, x.pos.stone_count())).collect();
                (n, a, work, st)
            })
            .collect();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].3, p[1..].to_vec());
        assert_eq!(
            entries.iter().map(|e| e.2).collect::<Vec<_>>(),
            vec![5, 6, 7]
        );
        let mut u = Conditional::<u64>::new(1 << 12);
        for (n, a, work, st) in &entries {
            u.put(n, *a, st, *work);
        }
        assert_eq!(u.len(), 3);
        assert_eq!(u.get(&node(20, 4), w, &p), Some(1));
        assert_eq!(u.get(&node(21, 4), Color::Black, &p), Some(3));
        assert_eq!(u.get(&node(22, 4), w, &p), Some(0));
        assert_eq!(u.get(&node(22, 4), w, &p[1..]), None);
    }

    #[test]
    fn a_full_bucket_replaces_its_oldest_entry_and_an_overwritten_stretch_is_dead() {
        // One bucket: every key lands in it; an arena of 4 x 8 positions.
        let mut t = Conditional::<u64>::new(1);
        let per_slot =
            Conditional::<u64>::slot_bytes() + ARENA_PER_SLOT * std::mem::size_of::<Node<u64>>();
        assert!(t.bytes() <= WAYS * per_slot + 8, "{}", t.bytes());
        let p = path(&[(1, 4), (2, 4), (3, 4)]);
        for i in 0..5u64 {
            t.put(&node(10 + i, 4), Color::White, &p[2..], 10 + i as u32);
        }
        assert_eq!(t.len(), WAYS);
        // The first (lowest work) went.
        assert_eq!(t.get(&node(10, 4), Color::White, &p), None);
        for i in 1..5u64 {
            assert_eq!(t.get(&node(10 + i, 4), Color::White, &p), Some(2));
        }
        // Thirty-two more positions written over the arena (a stretch too long
        // for it is not kept at all): the four entries' stretches are gone.
        let long = path(&(20..53u64).map(|i| (i, 4)).collect::<Vec<_>>());
        t.put(&node(55, 4), Color::White, &long, 1);
        assert_eq!(t.get(&node(55, 4), Color::White, &long), None);
        t.put(&node(54, 4), Color::White, &long[..32], 1);
        for i in 1..5u64 {
            assert_eq!(t.get(&node(10 + i, 4), Color::White, &p), None);
        }
        assert_eq!(t.get(&node(54, 4), Color::White, &long), Some(0));
    }
}
