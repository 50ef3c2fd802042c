//! Sets of board points as bitboards.
//!
//! Point `y * cols + x` is bit number `y * cols + x`. Boards of up to 64
//! points (every board up to 9x7, 7x9, 13x3, ...) use a plain `u64`, the fast
//! path; larger boards up to 13x13 (169 points) use [`Wide`], three words.
//! Everything above this module is generic over [`Bits`].

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A point of a board: `y * cols + x`, at most 168.
pub type Square = u8;

/// A set of points, one bit each.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many points the type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set of the one point `sq`, which must be below
    /// [`Bits::CAPACITY`].
    fn from_square(sq: Square) -> Self;
    /// How many points the set holds.
    fn count(self) -> u32;
    /// Whether the set holds no point.
    fn is_empty(self) -> bool;
    /// The lowest point of a non-empty set.
    fn lowest(self) -> Square;
    /// Shifts every point up by `delta` places (down when negative); bits
    /// pushed past either end are lost. For `u64`, `delta` must be under
    /// 64 places either way (a plain shift, in the move generator's inner
    /// loops; a step on a board moves a point at most 14 places).
    fn shift(self, delta: i32) -> Self;
    /// How many points of the set are below `sq`.
    fn count_below(self, sq: Square) -> u32;
    /// The set with the points of `gaps` (disjoint from it) squeezed out:
    /// each point moves down by the number of `gaps` points below it.
    /// (The indexer ranks the other side's stones among the points the
    /// side to move leaves free.)
    #[inline]
    fn squeeze(self, gaps: Self) -> Self {
        self.squares().fold(Self::EMPTY, |acc, p| {
            acc.with(p - gaps.count_below(p) as Square)
        })
    }
    /// 64-bit words the type is stored in (files write sets as these).
    const WORDS: usize;
    /// Word `i` (< [`Bits::WORDS`]) of the set: points `64 i` to `64 i + 63`.
    fn word(self, i: usize) -> u64;
    /// The set of [`Bits::WORDS`] words, lowest first.
    fn from_words(words: &[u64]) -> Self;

    /// Whether `sq` is in the set.
    #[inline]
    fn contains(self, sq: Square) -> bool {
        !(self & Self::from_square(sq)).is_empty()
    }
    /// The set with `sq` added.
    #[inline]
    fn with(self, sq: Square) -> Self {
        self | Self::from_square(sq)
    }
    /// The set with `sq` taken out.
    #[inline]
    fn without(self, sq: Square) -> Self {
        self & !Self::from_square(sq)
    }
    /// Whether the set holds at least one point.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// The points in increasing order.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

/// Iterates over the points of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lowest();
            self.0 = self.0.without(sq);
            Some(sq)
        }
    }
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    const EMPTY: Self = 0;
    const WORDS: usize = 1;

    #[inline]
    fn word(self, _i: usize) -> u64 {
        self
    }
    #[inline]
    fn from_words(words: &[u64]) -> Self {
        words[0]
    }

    #[inline]
    fn from_square(sq: Square) -> Self {
        1u64 << sq
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn lowest(self) -> Square {
        self.trailing_zeros() as Square
    }
    #[inline]
    fn shift(self, delta: i32) -> Self {
        if delta >= 0 {
            self << delta
        } else {
            self >> -delta
        }
    }
    #[inline]
    fn count_below(self, sq: Square) -> u32 {
        (self & ((1u64 << sq) - 1)).count_ones()
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        (self >> sq) & 1 != 0
    }
    /// One instruction where the processor has BMI2 (`pext`; the build
    /// compiles for the building machine, `.cargo/config.toml`).
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[inline]
    fn squeeze(self, gaps: Self) -> Self {
        // SAFETY: the instruction exists, as the target feature says.
        unsafe { std::arch::x86_64::_pext_u64(self, !gaps) }
    }
}

/// A set of up to 192 points, for boards of more than 64 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide(pub [u64; 3]);

impl Bits for Wide {
    const CAPACITY: usize = 192;
    const EMPTY: Self = Wide([0; 3]);
    const WORDS: usize = 3;

    #[inline]
    fn word(self, i: usize) -> u64 {
        self.0[i]
    }
    #[inline]
    fn from_words(words: &[u64]) -> Self {
        Wide([words[0], words[1], words[2]])
    }

    #[inline]
    fn contains(self, sq: Square) -> bool {
        (self.0[sq as usize / 64] >> (sq % 64)) & 1 != 0
    }
    #[inline]
    fn from_square(sq: Square) -> Self {
        // Each word chosen without a store at a computed place: that store
        // read back at once as the whole set stalled the loops of big
        // boards' move generation (session 119).
        debug_assert!((sq as usize) < Self::CAPACITY, "point {sq} past a Wide set");
        let (i, bit) = (sq as usize / 64, 1u64 << (sq % 64));
        Wide([
            if i == 0 { bit } else { 0 },
            if i == 1 { bit } else { 0 },
            if i == 2 { bit } else { 0 },
        ])
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }
    #[inline]
    fn lowest(self) -> Square {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return (i * 64) as Square + w.trailing_zeros() as Square;
            }
        }
        panic!("lowest point of an empty set")
    }
    /// A `pext` a word, the words' kept bits laid end to end (the default,
    /// a point at a time, was an eighth of a 13x13 build, session 119).
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[inline]
    fn squeeze(self, gaps: Self) -> Self {
        use std::arch::x86_64::_pext_u64;
        let mut out = [0u64; 4];
        let mut at = 0u32;
        for i in 0..3 {
            let keep = !gaps.0[i];
            // SAFETY: the instruction exists, as the target feature says.
            let bits = unsafe { _pext_u64(self.0[i], keep) };
            let (w, b) = ((at / 64) as usize, at % 64);
            out[w] |= bits << b;
            if b != 0 {
                out[w + 1] |= bits >> (64 - b);
            }
            at += keep.count_ones();
        }
        Wide([out[0], out[1], out[2]])
    }
    #[inline]
    fn count_below(self, sq: Square) -> u32 {
        let (word, bit) = (sq as usize / 64, sq % 64);
        let mut n = (self.0[word] & ((1u64 << bit) - 1)).count_ones();
        for w in &self.0[..word] {
            n += w.count_ones();
        }
        n
    }
    #[inline]
    fn shift(self, delta: i32) -> Self {
        let n = delta.unsigned_abs() as usize;
        // A step on the board moves a point by less than a word (at most
        // 14 places on 13x13): three shifts and two carries, no loop (the
        // general shift below was a fifth of a 13x13 build's level sweeps,
        // session 119).
        if (1..64).contains(&n) {
            let [a, b, c] = self.0;
            return Wide(if delta > 0 {
                [a << n, b << n | a >> (64 - n), c << n | b >> (64 - n)]
            } else {
                [a >> n | b << (64 - n), b >> n | c << (64 - n), c >> n]
            });
        }
        if n >= 192 {
            return Self::EMPTY;
        }
        let (words, bits) = (n / 64, n % 64);
        let src = self.0;
        let mut out = [0u64; 3];
        for (i, o) in out.iter_mut().enumerate() {
            // Word i of the result takes its bits from source words
            // i - words (and the one below it) when shifting up, i + words
            // (and the one above it) when shifting down.
            let get = |j: isize| -> u64 {
                if (0..3).contains(&j) {
                    src[j as usize]
                } else {
                    0
                }
            };
            let i = i as isize;
            let w = words as isize;
            *o = if delta >= 0 {
                let hi = get(i - w) << bits;
                let lo = if bits == 0 {
                    0
                } else {
                    get(i - w - 1) >> (64 - bits)
                };
                hi | lo
            } else {
                let lo = get(i + w) >> bits;
                let hi = if bits == 0 {
                    0
                } else {
                    get(i + w + 1) << (64 - bits)
                };
                hi | lo
            };
        }
        Wide(out)
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Wide {
            type Output = Wide;
            #[inline]
            fn $f(self, o: Wide) -> Wide {
                Wide([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2]])
            }
        }
        impl $tra for Wide {
            #[inline]
            fn $fa(&mut self, o: Wide) {
                *self = *self $op o;
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2]])
    }
}

/// Runs `$body` with the type alias `$B` bound to the bitboard type that fits
/// a board of `$points` points: `u64` up to 64 points, [`Wide`] above.
/// The way to handle a board known only at run time, such as that of a
/// position read from text:
///
/// ```
/// use fanorona::notation::Diagram;
/// use fanorona::{Diagonals, Geometry, Rules, legal_turns, with_bits};
///
/// // A 9x9 position (81 points: a `Wide` set) and a 3x3 one (`u64`).
/// for fen in ["9/9/9/9/4W4/4B4/9/9/9 w", "BBB/B.W/WWW w"] {
///     let diagram = Diagram::parse(fen).unwrap();
///     let board = diagram.board(Diagonals::Corner);
///     let turns = with_bits!(board.points(), B => {
///         let geo = Geometry::<B>::new(board);
///         legal_turns(&geo, &Rules::default(), &diagram.to_position::<B>()).len()
///     });
///     assert!(turns > 0);
/// }
/// ```
#[macro_export]
macro_rules! with_bits {
    ($points:expr, $B:ident => $body:expr) => {
        if $points <= 64 {
            type $B = u64;
            $body
        } else {
            type $B = $crate::bits::Wide;
            $body
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set<B: Bits>(sqs: &[u8]) -> B {
        sqs.iter().fold(B::EMPTY, |b, &s| b.with(s))
    }

    #[test]
    fn wide_shift_matches_point_arithmetic() {
        let pts = [0u8, 1, 13, 63, 64, 65, 100, 127, 128, 150, 168];
        let w: Wide = set(&pts);
        for delta in [
            -191, -70, -64, -63, -14, -13, -12, -1, 0, 1, 12, 13, 14, 63, 64, 70, 191,
        ] {
            let expect: Wide = set(&pts
                .iter()
                .map(|&p| p as i32 + delta)
                .filter(|p| (0..192).contains(p))
                .map(|p| p as u8)
                .collect::<Vec<_>>());
            assert_eq!(w.shift(delta), expect, "delta {delta}");
        }
    }

    #[test]
    fn words_hold_each_point_in_its_place() {
        fn check<B: Bits>(pts: &[u8]) {
            let b: B = set(pts);
            let words: Vec<u64> = (0..B::WORDS).map(|i| b.word(i)).collect();
            for &p in pts {
                assert_ne!(words[p as usize / 64] & (1 << (p % 64)), 0, "point {p}");
            }
            assert_eq!(words.iter().map(|w| w.count_ones()).sum::<u32>(), b.count());
            assert_eq!(B::from_words(&words), b);
        }
        check::<Wide>(&[0, 1, 63, 64, 127, 128, 168]);
        check::<u64>(&[0, 17, 63]);
    }

    #[test]
    fn contains_says_which_points_are_in_the_set() {
        fn check<B: Bits>(pts: &[u8]) {
            let b: B = set(pts);
            for p in 0..B::CAPACITY as u8 {
                assert_eq!(b.contains(p), pts.contains(&p), "point {p}");
            }
        }
        check::<Wide>(&[0, 1, 63, 64, 127, 128, 168, 191]);
        check::<u64>(&[0, 17, 62, 63]);
    }

    #[test]
    fn squeeze_moves_each_point_down_past_the_gaps() {
        // Point by point, as the rank of a point among those not in the
        // gaps; u64's `pext` and Wide's default must both agree with it.
        fn check<B: Bits>(pts: &[u8], gaps: &[u8]) {
            let expect: Vec<u8> = pts
                .iter()
                .map(|&p| p - gaps.iter().filter(|&&g| g < p).count() as u8)
                .collect();
            let got = set::<B>(pts).squeeze(set(gaps));
            assert_eq!(
                got.squares().collect::<Vec<_>>(),
                expect,
                "{pts:?} past {gaps:?}"
            );
        }
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..500 {
            let (mut pts, mut gaps) = (Vec::new(), Vec::new());
            for p in 0..64u8 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                match rng % (3 + round % 7) {
                    0 => pts.push(p),
                    1 => gaps.push(p),
                    _ => {}
                }
            }
            check::<u64>(&pts, &gaps);
            check::<Wide>(&pts, &gaps);
            // Wide past its first word.
            let shift = |v: &[u8], by: u8| v.iter().map(|&p| p + by).collect::<Vec<_>>();
            check::<Wide>(
                &shift(&pts, 100),
                &[gaps.clone(), shift(&gaps, 100)].concat(),
            );
        }
        check::<u64>(&[], &[1, 2]);
        check::<u64>(&[63], &[0, 62]);
        // Wide over all its words, as on 13x13 (169 points).
        for round in 0..2000 {
            let (mut pts, mut gaps) = (Vec::new(), Vec::new());
            for p in 0..169u8 {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                match rng % (3 + round % 40) {
                    0 => pts.push(p),
                    1 => gaps.push(p),
                    _ => {}
                }
            }
            check::<Wide>(&pts, &gaps);
        }
    }

    #[test]
    fn iterates_in_order() {
        let pts = [3u8, 64, 70, 168];
        let w: Wide = set(&pts);
        assert_eq!(w.squares().collect::<Vec<_>>(), pts);
        assert_eq!(w.count(), 4);
        let u: u64 = set(&[0, 5, 63]);
        assert_eq!(u.squares().collect::<Vec<_>>(), [0, 5, 63]);
    }
}
