//! A position: the stones of both sides, the side to move, and the
//! sacrificed block of the sacrifice variant.

use std::fmt;

use crate::bits::{Bits, Square};
use crate::geometry::{Board, Symmetry};
use crate::rules::Color;

/// Why a position cannot stand on a board ([`Position::check`]). The
/// fields of [`Position`] are public, and the position does not know its
/// board: one made by hand, or parsed on another board, reaches here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A stone on a point number the board does not have.
    OffBoard {
        /// The board the position was checked against.
        board: Board,
        /// The lowest point number past the board's last point that holds
        /// a stone.
        square: Square,
    },
    /// A white and a black stone on one point.
    Shared {
        /// The board the position was checked against.
        board: Board,
        /// The lowest point that holds both a white and a black stone.
        square: Square,
    },
    /// The sacrificed block is not a stone of the side not to move.
    BadBlock {
        /// The board the position was checked against.
        board: Board,
        /// The point named as the block (possibly past the board, or past
        /// what the set type holds).
        square: Square,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::OffBoard { board, square } => write!(
                f,
                "a stone on point number {square}, past the {} points of the {board} board \
                 (a position of another board?)",
                board.points()
            ),
            PositionError::Shared { board, square } => write!(
                f,
                "a white and a black stone on {} of the {board} board",
                board.square_name(square)
            ),
            PositionError::BadBlock { board, square } if (square as usize) < board.points() => {
                write!(
                    f,
                    "the sacrificed block on {} of the {board} board is not a stone of the side \
                     not to move",
                    board.square_name(square)
                )
            }
            PositionError::BadBlock { board, square } => write!(
                f,
                "the sacrificed block on point number {square}, past the {} points of the \
                 {board} board",
                board.points()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position on some board (the board is kept beside it, in a
/// [`Geometry`](crate::geometry::Geometry)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position<B> {
    /// White's stones, one bit per point (bit `y * cols + x`, as in
    /// [`crate::bits`]); the sacrificed block among them when it is White's.
    pub white: B,
    /// Black's stones, as for `white`.
    pub black: B,
    /// The side to move.
    pub turn: Color,
    /// A sacrificed stone still on the board. It belongs to the side *not*
    /// to move, is among that side's stones, and is removed at the end of
    /// this turn.
    pub block: Option<Square>,
}

impl<B: Bits> Position<B> {
    /// A board with no stones and no block, `turn` to move.
    pub fn empty(turn: Color) -> Self {
        Position {
            white: B::EMPTY,
            black: B::EMPTY,
            turn,
            block: None,
        }
    }

    /// The start position of the rule book, with `first` to move.
    ///
    /// # Panics
    ///
    /// When the board has more points than `B` holds.
    pub fn start(board: &Board, first: Color) -> Self {
        assert!(
            board.points() <= B::CAPACITY,
            "board {board} does not fit the bitboard type"
        );
        let mut p = Self::empty(first);
        let (c, r) = (board.cols, board.rows);
        let half = r / 2;
        for x in 0..c {
            for y in 0..half {
                p.white = p.white.with(board.square(x, y));
                p.black = p.black.with(board.square(x, r - 1 - y));
            }
        }
        let mid = half;
        for x in 0..c / 2 {
            // Left of the centre: Black in column 1, then alternating; the
            // right half is the left half turned with colours swapped.
            let left_black = x % 2 == 0;
            let (l, rgt) = (board.square(x, mid), board.square(c - 1 - x, mid));
            if left_black {
                p.black = p.black.with(l);
                p.white = p.white.with(rgt);
            } else {
                p.white = p.white.with(l);
                p.black = p.black.with(rgt);
            }
        }
        p
    }

    /// The stones of one side, its sacrificed block included.
    #[inline]
    pub fn stones(&self, color: Color) -> B {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
    /// The stones of one side, to change them in place.
    #[inline]
    pub fn stones_mut(&mut self, color: Color) -> &mut B {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
    /// The stones of the side to move.
    #[inline]
    pub fn mover(&self) -> B {
        self.stones(self.turn)
    }
    /// The stones of the side not to move, the sacrificed block (if any)
    /// included.
    #[inline]
    pub fn waiter(&self) -> B {
        self.stones(self.turn.other())
    }
    /// Every point holding a stone of either side.
    #[inline]
    pub fn occupied(&self) -> B {
        self.white | self.black
    }
    /// The sacrificed block as a set: its one point, or the empty set.
    #[inline]
    pub fn block_set(&self) -> B {
        match self.block {
            Some(sq) => B::from_square(sq),
            None => B::EMPTY,
        }
    }
    /// Stones on the board, blocks included.
    pub fn stone_count(&self) -> u32 {
        self.occupied().count()
    }

    /// Whether the position can stand on `board`: every stone on one of
    /// its points, no point with two stones, and the sacrificed block (if
    /// any) a stone of the side not to move. Positions read by
    /// [`crate::notation::parse_position`] or made by the move generator
    /// always can. [`crate::probe::Tablebase::probe`] (and its kin),
    /// [`crate::engine::choose`] and [`crate::game::Game::from_position`]
    /// check the positions given to them; the move generator, the search
    /// and [`crate::value::Oracle::lookup`] take them as they are.
    pub fn check(&self, board: &Board) -> Result<(), PositionError> {
        let past = |set: B| set.squares().find(|&sq| sq as usize >= board.points());
        if let Some(square) = past(self.occupied()) {
            return Err(PositionError::OffBoard {
                board: *board,
                square,
            });
        }
        if let Some(square) = (self.white & self.black).squares().next() {
            return Err(PositionError::Shared {
                board: *board,
                square,
            });
        }
        match self.block {
            Some(square) if (square as usize) >= B::CAPACITY || !self.waiter().contains(square) => {
                Err(PositionError::BadBlock {
                    board: *board,
                    square,
                })
            }
            _ => Ok(()),
        }
    }

    /// The same position with colours swapped (and the side to move with
    /// them).
    pub fn color_swapped(&self) -> Self {
        Position {
            white: self.black,
            black: self.white,
            turn: self.turn.other(),
            block: self.block,
        }
    }

    /// The image of the position under a board symmetry.
    pub fn transformed(&self, sym: &Symmetry) -> Self {
        Position {
            white: sym.apply(self.white),
            black: sym.apply(self.black),
            turn: self.turn,
            block: self.block.map(|sq| sym.perm[sq as usize]),
        }
    }

    /// The same position on a different bitboard type (for boards that fit
    /// both).
    pub fn convert<C: Bits>(&self) -> Position<C> {
        let conv = |b: B| b.squares().fold(C::EMPTY, |acc, sq| acc.with(sq));
        Position {
            white: conv(self.white),
            black: conv(self.black),
            turn: self.turn,
            block: self.block,
        }
    }
}
