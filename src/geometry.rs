//! Board geometry: sizes, points, lines, precomputed adjacency, symmetries.

use std::fmt;

use crate::bits::{Bits, Square};
use crate::rules::Diagonals;

/// The largest number of columns or rows.
pub const MAX_SIDE: usize = 13;

/// One of the eight directions a line may run in. North is up the board
/// (towards higher ranks), east to the right (towards later files); the
/// variants are listed clockwise from north, which is their
/// [`Direction::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Up one row: `d3` to `d4`.
    N,
    /// Up one row and right one column: `d3` to `e4`.
    NE,
    /// Right one column: `d3` to `e3`.
    E,
    /// Down one row and right one column: `d3` to `e2`.
    SE,
    /// Down one row: `d3` to `d2`.
    S,
    /// Down one row and left one column: `d3` to `c2`.
    SW,
    /// Left one column: `d3` to `c3`.
    W,
    /// Up one row and left one column: `d3` to `c4`.
    NW,
}

impl Direction {
    /// The eight directions in index order, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The direction's place in [`Direction::ALL`], 0 (north) to 7
    /// (north-west); tables such as [`Geometry::next`] are indexed by it.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The direction pointing the other way along the same line (north and
    /// south, north-east and south-west, ...).
    #[inline]
    pub fn opposite(self) -> Direction {
        Direction::ALL[(self.index() + 4) % 8]
    }
    /// Whether the direction is diagonal, which only strong points have
    /// lines in.
    #[inline]
    pub fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }
    /// Steps in x (right) and y (up).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }
}

/// Why a board size is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side is even, zero, or larger than 13.
    BadSize {
        /// The number of columns asked for.
        cols: usize,
        /// The number of rows asked for.
        rows: usize,
    },
    /// Not of the form `CxR`.
    BadSyntax(String),
    /// Of the form `CxR`, with a side past any number a size can be.
    Huge(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize { cols, rows } => write!(
                f,
                "board {cols}x{rows} is not allowed: columns and rows must both be odd numbers from 1 to {MAX_SIDE}"
            ),
            BoardError::Huge(s) => write!(
                f,
                "board '{s}' is not allowed: columns and rows must both be odd numbers from 1 to {MAX_SIDE}"
            ),
            BoardError::BadSyntax(s) => {
                write!(
                    f,
                    "board '{s}' is not of the form CxR (columns x rows), e.g. 9x5"
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A board: its size and which points are strong.
///
/// Both sides are odd, 1 to [`MAX_SIDE`], when the board comes from
/// [`Board::new`]; the fields are public, so one built directly is not
/// checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Columns (files `a`, `b`, ...), left to right: odd, 1 to
    /// [`MAX_SIDE`].
    pub cols: usize,
    /// Rows (ranks `1`, `2`, ...), bottom to top: odd, 1 to [`MAX_SIDE`].
    pub rows: usize,
    /// Which points are strong, i.e. also joined to their diagonal
    /// neighbours.
    pub diagonals: Diagonals,
}

impl Board {
    /// A board of `cols` columns and `rows` rows, each odd from 1 to
    /// [`MAX_SIDE`].
    pub fn new(cols: usize, rows: usize, diagonals: Diagonals) -> Result<Board, BoardError> {
        let ok = |n: usize| !n.is_multiple_of(2) && n <= MAX_SIDE;
        if ok(cols) && ok(rows) {
            Ok(Board {
                cols,
                rows,
                diagonals,
            })
        } else {
            Err(BoardError::BadSize { cols, rows })
        }
    }

    /// Whether the two diagonal rules join the same points on this board.
    /// They do when C + R = 2 mod 4 (3x3, 5x5, 7x3, 9x5): the centre
    /// (C/2, R/2) then has an even coordinate sum, so it is strong under
    /// `corner` too and strength alternates from it the same way. On 5x3,
    /// 9x3 or 7x5 (C + R = 0 mod 4) the rules differ. A board of one row
    /// or one column has no diagonals at all, so they agree there too
    /// (5x1 built a `center` folder of the `corner` one's tables).
    pub fn diagonal_rules_agree(&self) -> bool {
        (self.cols + self.rows) % 4 == 2 || self.cols == 1 || self.rows == 1
    }

    /// The same board turned onto its side: columns become rows.
    pub fn transposed(&self) -> Board {
        Board {
            cols: self.rows,
            rows: self.cols,
            diagonals: self.diagonals,
        }
    }

    /// The board whose endgame tables serve this one. A board with more
    /// rows than columns is the transpose of a wide one: the same points
    /// joined by the same lines under either diagonal rule (both are
    /// symmetric in x and y), so the two share one set of tables, stored
    /// under the wide board. This halves the building for pairs like 5x3
    /// and 3x5.
    pub fn table_board(&self) -> Board {
        if self.rows > self.cols {
            self.transposed()
        } else {
            *self
        }
    }

    /// The map of this board's points onto the transposed board's:
    /// (x, y) goes to (y, x).
    pub fn transposition(&self) -> Symmetry {
        let t = self.transposed();
        Symmetry {
            name: "transpose",
            perm: (0..self.points() as Square)
                .map(|sq| {
                    let (x, y) = self.coords(sq);
                    t.square(y, x)
                })
                .collect(),
        }
    }

    /// Parses `CxR`, e.g. `9x5`.
    pub fn parse_size(s: &str) -> Result<(usize, usize), BoardError> {
        let bad = || BoardError::BadSyntax(s.to_string());
        let (c, r) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        // (Digits past `usize` were said not to be of the form CxR.)
        let side = |t: &str| {
            let t = t.trim();
            t.parse::<usize>().map_err(|_| {
                if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    BoardError::Huge(s.trim().to_string())
                } else {
                    bad()
                }
            })
        };
        let (c, r) = (side(c)?, side(r)?);
        Board::new(c, r, Diagonals::Corner)?;
        Ok((c, r))
    }

    /// Parses `CxR` (e.g. `9x5`) into the board of that size under
    /// `diagonals`: [`Board::parse_size`] and [`Board::new`] in one.
    ///
    /// ```
    /// use fanorona::geometry::Board;
    /// use fanorona::rules::Diagonals;
    /// let board = Board::parse("9x5", Diagonals::Corner).unwrap();
    /// assert_eq!((board.cols, board.rows), (9, 5));
    /// assert!(Board::parse("4x3", Diagonals::Corner).is_err());
    /// ```
    pub fn parse(s: &str, diagonals: Diagonals) -> Result<Board, BoardError> {
        let (cols, rows) = Board::parse_size(s)?;
        Board::new(cols, rows, diagonals)
    }

    /// The number of points, `cols * rows`; the points are numbered 0 to
    /// `points() - 1` (see [`Board::square`]).
    #[inline]
    pub fn points(&self) -> usize {
        self.cols * self.rows
    }
    /// The point of column `x` and row `y`, both from 0 (`a1` is (0, 0)).
    /// Checked in debug builds only: it is in the move generator's loops.
    #[inline]
    pub fn square(&self, x: usize, y: usize) -> Square {
        debug_assert!(
            x < self.cols && y < self.rows,
            "({x}, {y}) is not a point of the {self} board"
        );
        (y * self.cols + x) as Square
    }
    /// The column and row of a point, both from 0.
    #[inline]
    pub fn coords(&self, sq: Square) -> (usize, usize) {
        (sq as usize % self.cols, sq as usize / self.cols)
    }

    /// Whether a point is joined to its diagonal neighbours.
    pub fn is_strong(&self, x: usize, y: usize) -> bool {
        match self.diagonals {
            Diagonals::Corner => (x + y).is_multiple_of(2),
            Diagonals::Center => {
                let (cx, cy) = (self.cols / 2, self.rows / 2);
                (x.abs_diff(cx) + y.abs_diff(cy)).is_multiple_of(2)
            }
        }
    }

    /// The neighbour of a point along a line in a direction, if the line goes
    /// there.
    pub fn neighbour(&self, sq: Square, d: Direction) -> Option<Square> {
        let (x, y) = self.coords(sq);
        if d.is_diagonal() && !self.is_strong(x, y) {
            return None;
        }
        let (dx, dy) = d.delta();
        let nx = x as i32 + dx;
        let ny = y as i32 + dy;
        if nx < 0 || ny < 0 || nx >= self.cols as i32 || ny >= self.rows as i32 {
            return None;
        }
        Some(self.square(nx as usize, ny as usize))
    }

    /// The name of a point: `a1` is bottom left.
    ///
    /// # Panics
    ///
    /// When `sq` is not a point of the board (it named a point past the
    /// last row: 20 on 3x3 was "c7").
    pub fn square_name(&self, sq: Square) -> String {
        assert!(
            (sq as usize) < self.points(),
            "point {sq} is not on the {self} board"
        );
        let (x, y) = self.coords(sq);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    /// The point a name stands for, if it is on this board.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let x = (f as u8 - b'a') as usize;
        let rank: &str = chars.as_str();
        if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) || rank.starts_with('0') {
            return None;
        }
        let y: usize = rank.parse().ok()?;
        (x < self.cols && y >= 1 && y <= self.rows).then(|| self.square(x, y - 1))
    }

    /// The symmetries of the board: permutations of the points that map
    /// lines onto lines. Identity first. Each is checked against the
    /// adjacency rather than assumed, so a diagonal rule that broke one would
    /// drop it.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let (c, r) = (self.cols, self.rows);
        let mut maps: Vec<(&'static str, PointMap)> = vec![
            ("identity", Box::new(|x, y| (x, y))),
            ("mirror-x", Box::new(move |x, y| (c - 1 - x, y))),
            ("mirror-y", Box::new(move |x, y| (x, r - 1 - y))),
            ("turn-180", Box::new(move |x, y| (c - 1 - x, r - 1 - y))),
        ];
        if c == r {
            maps.push(("transpose", Box::new(|x, y| (y, x))));
            maps.push((
                "anti-transpose",
                Box::new(move |x, y| (c - 1 - y, c - 1 - x)),
            ));
            maps.push(("turn-90", Box::new(move |x, y| (c - 1 - y, x))));
            maps.push(("turn-270", Box::new(move |x, y| (y, c - 1 - x))));
        }
        let mut out = Vec::new();
        for (name, f) in maps {
            let perm: Vec<Square> = (0..self.points() as Square)
                .map(|sq| {
                    let (x, y) = self.coords(sq);
                    let (nx, ny) = f(x, y);
                    self.square(nx, ny)
                })
                .collect();
            let preserves_lines = (0..self.points() as Square).all(|a| {
                Direction::ALL.iter().all(|&d| match self.neighbour(a, d) {
                    Some(b) => {
                        let (pa, pb) = (perm[a as usize], perm[b as usize]);
                        Direction::ALL
                            .iter()
                            .any(|&e| self.neighbour(pa, e) == Some(pb))
                    }
                    None => true,
                })
            });
            if preserves_lines {
                out.push(Symmetry { name, perm });
            }
        }
        out
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

/// A map of (x, y) coordinates, a candidate symmetry.
type PointMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// A permutation of a board's points that maps lines onto lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// What the map does, for messages and tests: `identity`, `mirror-x`
    /// (left and right swapped), `mirror-y` (top and bottom swapped),
    /// `turn-180`, and on
    /// square boards `transpose`, `anti-transpose`, `turn-90`, `turn-270`
    /// ([`Board::transposition`], onto the transposed board, is also
    /// `transpose`).
    pub name: &'static str,
    /// `perm[sq]` is the image of `sq`.
    pub perm: Vec<Square>,
}

impl Symmetry {
    /// The image of a set of points: each point `sq` of `set` replaced by
    /// `perm[sq]`.
    pub fn apply<B: Bits>(&self, set: B) -> B {
        set.squares()
            .fold(B::EMPTY, |acc, sq| acc.with(self.perm[sq as usize]))
    }
}

/// Value in a neighbour table for "no neighbour".
pub const NO_SQUARE: Square = Square::MAX;

/// A board with its precomputed masks and adjacency, for move generation.
#[derive(Clone, Debug)]
pub struct Geometry<B> {
    /// The board whose points, lines and neighbours the other fields hold.
    pub board: Board,
    /// Every point of the board.
    pub all: B,
    /// The strong points.
    pub strong: B,
    /// `can_step[d]`: the points that have a neighbour in direction `d`.
    pub can_step: [B; 8],
    /// `shift[d]`: how far a point's index moves with one step in `d`.
    pub shift: [i32; 8],
    /// `next[sq * 8 + d]`: the neighbour of `sq` in direction `d`, or
    /// [`NO_SQUARE`].
    pub next: Vec<Square>,
    /// `neighbours[sq]`: the points one step from `sq`.
    pub neighbours: Vec<B>,
}

impl<B: Bits> Geometry<B> {
    /// The lines and neighbours of `board`, as sets of type `B`.
    ///
    /// # Panics
    ///
    /// When the board has more points than `B` holds ([`crate::with_bits!`]
    /// picks a type that holds it).
    pub fn new(board: Board) -> Geometry<B> {
        assert!(
            board.points() <= B::CAPACITY,
            "board {board} does not fit the bitboard type"
        );
        let mut all = B::EMPTY;
        let mut strong = B::EMPTY;
        let mut can_step = [B::EMPTY; 8];
        let mut next = vec![NO_SQUARE; board.points() * 8];
        let mut neighbours = vec![B::EMPTY; board.points()];
        for sq in 0..board.points() as Square {
            all = all.with(sq);
            let (x, y) = board.coords(sq);
            if board.is_strong(x, y) {
                strong = strong.with(sq);
            }
            for d in Direction::ALL {
                if let Some(n) = board.neighbour(sq, d) {
                    can_step[d.index()] = can_step[d.index()].with(sq);
                    next[sq as usize * 8 + d.index()] = n;
                    neighbours[sq as usize] = neighbours[sq as usize].with(n);
                }
            }
        }
        let c = board.cols as i32;
        let shift = Direction::ALL.map(|d| {
            let (dx, dy) = d.delta();
            dy * c + dx
        });
        Geometry {
            board,
            all,
            strong,
            can_step,
            shift,
            next,
            neighbours,
        }
    }

    /// The points `p` such that the neighbour of `p` in direction `d` is in
    /// `set`.
    #[inline]
    pub fn from_which(&self, set: B, d: Direction) -> B {
        set.shift(-self.shift[d.index()]) & self.can_step[d.index()]
    }

    /// The neighbours in direction `d` of the points of `set`.
    #[inline]
    pub fn step(&self, set: B, d: Direction) -> B {
        (set & self.can_step[d.index()]).shift(self.shift[d.index()])
    }

    /// The neighbour of `sq` along a line in direction `d`, or
    /// [`NO_SQUARE`] when no line goes that way from `sq`.
    #[inline]
    pub fn next(&self, sq: Square, d: Direction) -> Square {
        self.next[sq as usize * 8 + d.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;

    #[test]
    fn all_sizes_and_rules_agree_where_the_book_says() {
        for c in (1..=13).step_by(2) {
            for r in (1..=13).step_by(2) {
                let a = Board::new(c, r, Diagonals::Corner).unwrap();
                let b = Board::new(c, r, Diagonals::Center).unwrap();
                let strong_alike =
                    (0..c).all(|x| (0..r).all(|y| a.is_strong(x, y) == b.is_strong(x, y)));
                assert_eq!(strong_alike, (c + r) % 4 == 2, "{c}x{r}");
                // The same lines: from every point, the same neighbours.
                let (ga, gb) = (Geometry::<Wide>::new(a), Geometry::<Wide>::new(b));
                let same = (0..a.points() as Square).all(|sq| {
                    Direction::ALL
                        .iter()
                        .all(|&d| ga.next(sq, d) == gb.next(sq, d))
                });
                assert_eq!(same, strong_alike || c == 1 || r == 1, "{c}x{r}");
                assert_eq!(same, a.diagonal_rules_agree(), "{c}x{r}");
                assert_eq!(same, b.diagonal_rules_agree(), "{c}x{r}");
            }
        }
        assert!(Board::new(4, 5, Diagonals::Corner).is_err());
        assert!(Board::new(15, 5, Diagonals::Corner).is_err());
        assert!(Board::new(0, 5, Diagonals::Corner).is_err());
    }

    #[test]
    fn symmetry_counts() {
        for c in (1..=13).step_by(2) {
            for r in (1..=13).step_by(2) {
                for d in [Diagonals::Corner, Diagonals::Center] {
                    let b = Board::new(c, r, d).unwrap();
                    let n = b.symmetries().len();
                    // Odd sizes keep every mirror and turn under both rules.
                    assert_eq!(n, if c == r { 8 } else { 4 }, "{c}x{r} {d:?}");
                }
            }
        }
    }

    #[test]
    fn transposition_maps_lines_onto_lines() {
        for c in (1..=13).step_by(2) {
            for r in (1..=13).step_by(2) {
                for d in [Diagonals::Corner, Diagonals::Center] {
                    let b = Board::new(c, r, d).unwrap();
                    let t = b.transposed();
                    let perm = b.transposition().perm;
                    // Each point's neighbours, as a set, go onto the image's.
                    for a in 0..b.points() as Square {
                        let mut from: Vec<Square> = Direction::ALL
                            .iter()
                            .filter_map(|&e| b.neighbour(a, e))
                            .map(|n| perm[n as usize])
                            .collect();
                        let mut onto: Vec<Square> = Direction::ALL
                            .iter()
                            .filter_map(|&e| t.neighbour(perm[a as usize], e))
                            .collect();
                        from.sort();
                        onto.sort();
                        assert_eq!(from, onto, "{b} point {a} {d:?}");
                    }
                    let tb = b.table_board();
                    assert!(tb.cols >= tb.rows && tb.points() == b.points());
                }
            }
        }
    }

    #[test]
    fn step_masks_match_neighbours() {
        let b = Board::new(9, 5, Diagonals::Corner).unwrap();
        let g = Geometry::<u64>::new(b);
        for sq in 0..45u8 {
            for d in Direction::ALL {
                let via_mask = g.step(u64::from_square(sq), d);
                match b.neighbour(sq, d) {
                    Some(n) => assert_eq!(via_mask, u64::from_square(n)),
                    None => assert_eq!(via_mask, 0),
                }
            }
        }
        assert_eq!(b.square_name(0), "a1");
        assert_eq!(b.parse_square("e3"), Some(b.square(4, 2)));
        assert_eq!(b.parse_square("j1"), None);
        assert_eq!(b.parse_square("a0"), None);
        assert_eq!(b.parse_square("a6"), None);
    }
}
