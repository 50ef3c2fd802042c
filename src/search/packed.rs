//! How the graph search keeps its positions ([`GraphKey`]): as they are,
//! or packed into fewer bytes ([`PackedNode`]).
//!
//! Nine positions in ten of a 9x5 graph are never expanded, so a graph's
//! size is mostly that of its positions: a node ([`Node<u64>`], 32 bytes
//! of which 6 are padding) with its numbers and moves took 48 bytes, a
//! position ~100 with its scratch, its share of the index and its edges.
//! Packed, a node of a board of at most 52 points takes 16 bytes and the
//! graph's position 32, and a graph holds a fifth more positions in the
//! same memory (`experiments/search_graph/`, session 83). A key is
//! unpacked only where a position is expanded, shown or kept in a table.

use super::Node;
use crate::bits::{Bits, Square};
use crate::position::Position;
use crate::rules::Color;

/// A position as the graph keeps it: packed from a [`Node`] and back
/// without loss, equal exactly when the nodes are.
pub(super) trait GraphKey<B: Bits>: Copy + Eq {
    fn pack(node: &Node<B>) -> Self;
    fn unpack(&self) -> Node<B>;
    /// The side to move (read without unpacking the rest).
    fn turn(&self) -> Color;
}

impl<B: Bits> GraphKey<B> for Node<B> {
    #[inline]
    fn pack(node: &Node<B>) -> Self {
        *node
    }
    #[inline]
    fn unpack(&self) -> Node<B> {
        *self
    }
    #[inline]
    fn turn(&self) -> Color {
        self.pos.turn
    }
}

/// A node in `W` 64-bit words, as one number of `64 W` bits: White's
/// points from bit 0, Black's from bit [`PackedNode::POINTS`], then in the
/// top 24 bits the side to move (1 bit), the sacrificed stone still on
/// the board (7 bits: 0 for none, else its point plus one) and the turns
/// left ([`Node::left`], 16 bits).
///
/// Two words hold boards of up to 52 points (9x5, 7x7, 5x9, 13x3: 16
/// bytes), three up to 84 (9x7, 11x5, 9x9, 11x7: 24 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct PackedNode<const W: usize>([u64; W]);

impl<const W: usize> PackedNode<W> {
    /// The most points a board may have for its nodes to be packed.
    pub(super) const POINTS: usize = (64 * W - 24) / 2;
    /// Where the side to move, the sacrificed stone and the turns left
    /// start, in the last word.
    const TAIL: u32 = 40;

    /// Whether a board of `points` points packs into `W` words.
    pub(super) fn fits(points: usize) -> bool {
        points <= Self::POINTS
    }
}

/// ORs the number in `src` (as many words as it has), shifted up by
/// `shift` bits, into `dst`; its bits past `dst`'s end must be clear.
#[inline]
fn or_shifted<const W: usize>(dst: &mut [u64; W], src: &[u64], shift: usize) {
    let (word, bit) = (shift / 64, shift % 64);
    for (i, &v) in src.iter().enumerate() {
        if v == 0 {
            continue;
        }
        dst[word + i] |= v << bit;
        if bit != 0 && word + i + 1 < W {
            dst[word + i + 1] |= v >> (64 - bit);
        }
    }
}

/// The `bits` bits of `src` from bit `shift` on, into the words of a
/// [`Bits`].
#[inline]
fn extract<B: Bits, const W: usize>(src: &[u64; W], shift: usize, bits: usize) -> B {
    let mut out = [0u64; 4];
    let (word, bit) = (shift / 64, shift % 64);
    for (i, o) in out.iter_mut().enumerate().take(bits.div_ceil(64)) {
        let mut v = src.get(word + i).map_or(0, |&w| w >> bit);
        if bit != 0 {
            v |= src.get(word + i + 1).map_or(0, |&w| w << (64 - bit));
        }
        let left = bits - 64 * i;
        if left < 64 {
            v &= (1u64 << left) - 1;
        }
        *o = v;
    }
    B::from_words(&out[..B::WORDS])
}

/// The words of a set of points (those past the type's words are 0).
#[inline]
fn words<B: Bits>(set: B) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (i, x) in w.iter_mut().enumerate().take(B::WORDS) {
        *x = set.word(i);
    }
    w
}

impl<B: Bits, const W: usize> GraphKey<B> for PackedNode<W> {
    #[inline]
    fn pack(node: &Node<B>) -> Self {
        let p = &node.pos;
        let n = B::WORDS.min(W);
        let mut w = [0u64; W];
        or_shifted(&mut w, &words(p.white)[..n], 0);
        or_shifted(&mut w, &words(p.black)[..n], Self::POINTS);
        let turn = matches!(p.turn, Color::Black) as u64;
        let block = p.block.map_or(0, |s| s as u64 + 1);
        debug_assert!(block < 128, "a point packs in 7 bits");
        w[W - 1] |= (turn | block << 1 | (node.left as u64) << 8) << Self::TAIL;
        PackedNode(w)
    }

    #[inline]
    fn unpack(&self) -> Node<B> {
        let tail = self.0[W - 1] >> Self::TAIL;
        let mut low = self.0;
        low[W - 1] &= (1u64 << Self::TAIL) - 1;
        let block = ((tail >> 1) & 0x7f) as Square;
        Node {
            pos: Position {
                white: extract(&low, 0, Self::POINTS),
                black: extract(&low, Self::POINTS, Self::POINTS),
                turn: <Self as GraphKey<B>>::turn(self),
                block: block.checked_sub(1),
            },
            left: (tail >> 8) as u16,
        }
    }

    #[inline]
    fn turn(&self) -> Color {
        if self.0[W - 1] >> Self::TAIL & 1 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;
    use crate::engine::XorShift64;

    /// A random node of a board of `points` points: stones anywhere (a
    /// point White's or Black's or empty), either side to move, a
    /// sacrificed stone or none, any turns left.
    fn random_node<B: Bits>(rng: &mut XorShift64, points: usize) -> Node<B> {
        let mut pos = Position::<B>::empty(if rng.next_u64() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        });
        for sq in 0..points as Square {
            match rng.next_u64() % 3 {
                0 => pos.white = pos.white.with(sq),
                1 => pos.black = pos.black.with(sq),
                _ => {}
            }
        }
        if rng.next_u64() & 1 == 0 {
            pos.block = Some((rng.next_u64() % points as u64) as Square);
        }
        let left = match rng.next_u64() % 3 {
            0 => u16::MAX,
            1 => 0,
            _ => rng.next_u64() as u16,
        };
        Node { pos, left }
    }

    fn round_trip<B: Bits, const W: usize>(points: usize, seed: u64) {
        let mut rng = XorShift64::new(seed);
        let mut last: Option<(Node<B>, PackedNode<W>)> = None;
        for _ in 0..2000 {
            let node = random_node::<B>(&mut rng, points);
            let key = <PackedNode<W> as GraphKey<B>>::pack(&node);
            assert_eq!(
                GraphKey::<B>::unpack(&key),
                node,
                "{points} points, {key:?}"
            );
            assert_eq!(GraphKey::<B>::turn(&key), node.pos.turn);
            if let Some((n, k)) = last {
                assert_eq!(n == node, k == key, "keys equal exactly when nodes are");
            }
            last = Some((node, key));
        }
    }

    #[test]
    fn a_packed_node_unpacks_to_the_node_it_was() {
        for points in [1, 9, 15, 45, 49, 52] {
            round_trip::<u64, 2>(points, points as u64);
        }
        for points in [53, 63, 64] {
            round_trip::<u64, 3>(points, points as u64);
        }
        for points in [65, 81, 84] {
            round_trip::<Wide, 3>(points, points as u64);
        }
        // A wide type on a board small enough for two words.
        round_trip::<Wide, 2>(45, 7);
    }

    #[test]
    fn nodes_that_differ_in_one_thing_pack_apart() {
        let mut rng = XorShift64::new(3);
        for _ in 0..200 {
            let node = random_node::<u64>(&mut rng, 52);
            let key = <PackedNode<2> as GraphKey<u64>>::pack(&node);
            let mut others = Vec::new();
            for sq in 0..52 {
                let mut o = node;
                o.pos.white ^= u64::from_square(sq);
                others.push(o);
                let mut o = node;
                o.pos.black ^= u64::from_square(sq);
                others.push(o);
            }
            let mut o = node;
            o.pos.turn = o.pos.turn.other();
            others.push(o);
            let mut o = node;
            o.pos.block = if o.pos.block.is_some() { None } else { Some(0) };
            others.push(o);
            let mut o = node;
            o.left ^= 1 << (rng.next_u64() % 16);
            others.push(o);
            for o in others {
                assert_ne!(
                    <PackedNode<2> as GraphKey<u64>>::pack(&o),
                    key,
                    "{o:?} against {node:?}"
                );
            }
        }
    }

    #[test]
    fn the_packed_sizes_are_those_the_module_counts_on() {
        assert_eq!(PackedNode::<2>::POINTS, 52);
        assert_eq!(PackedNode::<3>::POINTS, 84);
        assert_eq!(size_of::<PackedNode<2>>(), 16);
        assert_eq!(size_of::<PackedNode<3>>(), 24);
        assert!(PackedNode::<2>::fits(45) && !PackedNode::<2>::fits(53));
    }
}
