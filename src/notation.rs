//! Notation of the rule book: positions (`BBB/B.W/WWW w`) and turns
//! (`d3-e3A`, `f4-e4W-e3A`, `b2-b1`, `xd2`).

use std::fmt;

use crate::bits::{Bits, Square};
use crate::geometry::{Board, Geometry, MAX_SIDE};
use crate::movegen::{Turn, legal_turns};
use crate::position::Position;
use crate::rules::{Color, Diagonals, Rules};

/// Why a position or a turn could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// No side to move after the board.
    MissingSide(String),
    /// The side to move is neither `w` nor `b`.
    BadSide {
        /// The position as given, trimmed.
        fen: String,
        /// The word where the side to move goes.
        side: String,
    },
    /// A character that is not `W`, `B`, `w`, `b`, `.` or a digit.
    UnknownChar {
        /// The position as given, trimmed.
        fen: String,
        /// The character.
        ch: char,
    },
    /// Rows of different lengths.
    RaggedRows {
        /// The position as given, trimmed.
        fen: String,
        /// The first row whose length differs, counted from 1 at the top.
        row: usize,
        /// That row's number of points (digit runs counted as their
        /// number).
        len: usize,
        /// The first (top) row's number of points.
        expected: usize,
    },
    /// The size read off the diagram is not a legal board.
    BadSize {
        /// The position as given, trimmed.
        fen: String,
        /// The number of points in a row.
        cols: usize,
        /// The number of rows.
        rows: usize,
    },
    /// More than one sacrificed stone, or one of the side to move.
    BadBlock {
        /// The position as given, trimmed.
        fen: String,
        /// Which of the two it is, as a phrase for the message.
        why: &'static str,
    },
    /// Stuff after the side to move.
    Trailing {
        /// The position as given, trimmed.
        fen: String,
        /// The first word after the side to move.
        extra: String,
    },
    /// A row with a run of empty points that is not a number from 1
    /// (`0`, `01`).
    BadRun {
        /// The position as given, trimmed.
        fen: String,
        /// The text of the row with the run.
        row: String,
    },
    /// A run of empty points too long to count (over 1,000: `99999`);
    /// a shorter one past the widest board's side is counted, and the
    /// board it makes is refused by its size (`15/15/15 w` is 15x3).
    LongRun {
        /// The position as given, trimmed.
        fen: String,
        /// The text of the row with the run.
        row: String,
        /// The run's digits.
        run: String,
    },
    /// The diagram does not fit the board asked for.
    WrongBoard {
        /// The position as given, trimmed.
        fen: String,
        /// The board the position had to be on.
        expected: Board,
    },
    /// The board has more points than the set type holds (`u64` holds 64:
    /// a bigger board needs [`crate::Wide`], which [`crate::with_bits!`]
    /// picks).
    TooLarge {
        /// The board asked for.
        board: Board,
        /// The number of points the set type holds ([`Bits::CAPACITY`]).
        capacity: usize,
    },
    /// A turn that does not parse as a path of points.
    BadMoveSyntax {
        /// The turn as given, trimmed.
        text: String,
        /// What is wrong with it, as a phrase for the message.
        why: String,
    },
    /// A well-formed turn that is not legal here.
    IllegalMove {
        /// The turn as given, trimmed.
        text: String,
        /// Every legal turn of the position in move notation, in the order
        /// the move generator gives them (empty when there is none).
        legal: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::MissingSide(s) => {
                write!(
                    f,
                    "position '{}' has no side to move: add ' w' or ' b'",
                    shortened(s)
                )
            }
            NotationError::BadSide { fen, side } => write!(
                f,
                "position '{}': side to move '{}' is not 'w' or 'b'",
                shortened(fen),
                shortened(side)
            ),
            NotationError::UnknownChar { fen, ch } => write!(
                f,
                "position '{}': unknown character '{ch}' (expected W, B, w, b, ., a digit or /)",
                shortened(fen)
            ),
            NotationError::RaggedRows {
                fen,
                row,
                len,
                expected,
            } => write!(
                f,
                "position '{}': row {row} (from the top) has {len} points but the first row has {expected}",
                shortened(fen)
            ),
            NotationError::BadSize { fen, cols, rows } => write!(
                f,
                "position '{}' is {cols}x{rows}: columns and rows must both be odd numbers from 1 to {MAX_SIDE}",
                shortened(fen)
            ),
            NotationError::BadBlock { fen, why } => {
                write!(f, "position '{}': {why}", shortened(fen))
            }
            NotationError::BadRun { fen, row } => write!(
                f,
                "position '{}': row '{}' has a run of empty points that starts with 0 (a run is a number from 1)",
                shortened(fen),
                shortened(row)
            ),
            NotationError::LongRun { fen, row, run } => write!(
                f,
                "position '{}': row '{}' has a run of {} empty points, more than the \
                 {MAX_SIDE} of the widest board",
                shortened(fen),
                shortened(row),
                shortened(run)
            ),
            NotationError::Trailing { fen, extra } => write!(
                f,
                "position '{}': unexpected '{}' after the side to move",
                shortened(fen),
                shortened(extra)
            ),
            NotationError::TooLarge { board, capacity } => write!(
                f,
                "the {board} board has {} points, more than the {capacity} of the set type asked for",
                board.points()
            ),
            NotationError::WrongBoard { fen, expected } => {
                write!(
                    f,
                    "position '{}' is not on a {expected} board",
                    shortened(fen)
                )
            }
            NotationError::BadMoveSyntax { text, why } => {
                write!(
                    f,
                    "move '{}' is not in move notation: {why}",
                    shortened(text)
                )
            }
            NotationError::IllegalMove { text, legal } => {
                write!(
                    f,
                    "move '{}' is not legal here; legal moves: ",
                    shortened(text)
                )?;
                if legal.is_empty() {
                    write!(f, "none")
                } else {
                    write!(f, "{}", legal.join(" "))
                }
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// What a stone on a point is, in a [`Diagram`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No stone (`.` or part of a digit run).
    Empty,
    /// A stone of that side (`W` or `B`).
    Stone(Color),
    /// A sacrificed stone of that colour, still on the board (`w` or `b`).
    Block(Color),
}

/// A position read from notation, before it is put on a bitboard: the size
/// comes from the text itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// The number of points in each row; odd, 1 to [`MAX_SIDE`] in a
    /// diagram read by [`Diagram::parse`].
    pub cols: usize,
    /// The number of rows; odd, 1 to [`MAX_SIDE`] in a diagram read by
    /// [`Diagram::parse`].
    pub rows: usize,
    /// `cells[y * cols + x]`, `y = 0` the bottom row.
    pub cells: Vec<Cell>,
    /// The side to move.
    pub turn: Color,
}

impl Diagram {
    /// Reads a position: rows top first separated by `/`, `W` `B` `.` (or
    /// digit runs for empty points), lower case for a sacrificed stone, then
    /// the side to move.
    pub fn parse(fen: &str) -> Result<Diagram, NotationError> {
        let fen_t = fen.trim();
        let mut parts = fen_t.split_whitespace();
        let board_part = parts.next().unwrap_or("");
        let side_part = parts
            .next()
            .ok_or_else(|| NotationError::MissingSide(fen_t.to_string()))?;
        if let Some(extra) = parts.next() {
            return Err(NotationError::Trailing {
                fen: fen_t.to_string(),
                extra: extra.to_string(),
            });
        }
        let turn = match side_part {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            s => {
                return Err(NotationError::BadSide {
                    fen: fen_t.to_string(),
                    side: s.to_string(),
                });
            }
        };
        let mut rows_top_first: Vec<Vec<Cell>> = Vec::new();
        for row in board_part.split('/') {
            let mut cells = Vec::new();
            let mut digits = String::new();
            // (A run was cut to 1,000 points, and the row then said to
            // have a length no one wrote.)
            let flush = |digits: &mut String, cells: &mut Vec<Cell>| {
                if !digits.is_empty() {
                    let n = digits
                        .parse::<usize>()
                        .ok()
                        // (Runs up to this are counted, so that the
                        // board's size can be said: "15/15/15 w is 15x3".)
                        .filter(|&n| n <= 1000)
                        .ok_or_else(|| NotationError::LongRun {
                            fen: fen_t.to_string(),
                            row: row.to_string(),
                            run: digits.clone(),
                        })?;
                    cells.extend(std::iter::repeat_n(Cell::Empty, n));
                    digits.clear();
                }
                Ok(())
            };
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    // A run starts with 1 to 9: `0` and `01` are typos.
                    if digits.is_empty() && ch == '0' {
                        return Err(NotationError::BadRun {
                            fen: fen_t.to_string(),
                            row: row.to_string(),
                        });
                    }
                    digits.push(ch);
                    continue;
                }
                flush(&mut digits, &mut cells)?;
                cells.push(match ch {
                    '.' => Cell::Empty,
                    'W' => Cell::Stone(Color::White),
                    'B' => Cell::Stone(Color::Black),
                    'w' => Cell::Block(Color::White),
                    'b' => Cell::Block(Color::Black),
                    ch => {
                        return Err(NotationError::UnknownChar {
                            fen: fen_t.to_string(),
                            ch,
                        });
                    }
                });
            }
            flush(&mut digits, &mut cells)?;
            rows_top_first.push(cells);
        }
        let cols = rows_top_first[0].len();
        for (i, r) in rows_top_first.iter().enumerate() {
            if r.len() != cols {
                return Err(NotationError::RaggedRows {
                    fen: fen_t.to_string(),
                    row: i + 1,
                    len: r.len(),
                    expected: cols,
                });
            }
        }
        let rows = rows_top_first.len();
        if Board::new(cols, rows, Diagonals::Corner).is_err() {
            return Err(NotationError::BadSize {
                fen: fen_t.to_string(),
                cols,
                rows,
            });
        }
        let cells: Vec<Cell> = rows_top_first.into_iter().rev().flatten().collect();
        let blocks: Vec<Color> = cells
            .iter()
            .filter_map(|c| match c {
                Cell::Block(col) => Some(*col),
                _ => None,
            })
            .collect();
        if blocks.len() > 1 {
            return Err(NotationError::BadBlock {
                fen: fen_t.to_string(),
                why: "more than one sacrificed stone",
            });
        }
        if blocks.first() == Some(&turn) {
            return Err(NotationError::BadBlock {
                fen: fen_t.to_string(),
                why: "the sacrificed stone belongs to the side to move (it is removed before its owner's turn)",
            });
        }
        Ok(Diagram {
            cols,
            rows,
            cells,
            turn,
        })
    }

    /// The board this diagram is on, under a diagonal rule.
    pub fn board(&self, diagonals: Diagonals) -> Board {
        Board::new(self.cols, self.rows, diagonals).expect("checked when parsed")
    }

    /// Puts the diagram on a bitboard.
    ///
    /// # Panics
    ///
    /// When the diagram has more points than `B` holds (pick `B` with
    /// [`crate::with_bits!`] on [`Diagram::board`]'s points).
    pub fn to_position<B: Bits>(&self) -> Position<B> {
        assert!(
            self.cells.len() <= B::CAPACITY,
            "a diagram of {} points does not fit a set of {}",
            self.cells.len(),
            B::CAPACITY
        );
        let mut p = Position::<B>::empty(self.turn);
        for (i, c) in self.cells.iter().enumerate() {
            let sq = i as Square;
            match *c {
                Cell::Empty => {}
                Cell::Stone(col) => *p.stones_mut(col) = p.stones(col).with(sq),
                Cell::Block(col) => {
                    *p.stones_mut(col) = p.stones(col).with(sq);
                    p.block = Some(sq);
                }
            }
        }
        p
    }

    /// Reads a position off a bitboard.
    pub fn from_position<B: Bits>(board: &Board, pos: &Position<B>) -> Diagram {
        let cells = (0..board.points() as Square)
            .map(|sq| {
                let col = if pos.white.contains(sq) {
                    Some(Color::White)
                } else if pos.black.contains(sq) {
                    Some(Color::Black)
                } else {
                    None
                };
                match col {
                    None => Cell::Empty,
                    Some(c) if pos.block == Some(sq) => Cell::Block(c),
                    Some(c) => Cell::Stone(c),
                }
            })
            .collect();
        Diagram {
            cols: board.cols,
            rows: board.rows,
            cells,
            turn: pos.turn,
        }
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.rows).rev() {
            for x in 0..self.cols {
                let ch = match self.cells[y * self.cols + x] {
                    Cell::Empty => '.',
                    Cell::Stone(Color::White) => 'W',
                    Cell::Stone(Color::Black) => 'B',
                    Cell::Block(Color::White) => 'w',
                    Cell::Block(Color::Black) => 'b',
                };
                write!(f, "{ch}")?;
            }
            if y > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, " {}", self.turn.letter())
    }
}

/// Writes a position in the rule book's notation.
pub fn position_to_fen<B: Bits>(board: &Board, pos: &Position<B>) -> String {
    Diagram::from_position(board, pos).to_string()
}

/// Reads a position that must be on `board`.
pub fn parse_position<B: Bits>(board: &Board, fen: &str) -> Result<Position<B>, NotationError> {
    if board.points() > B::CAPACITY {
        return Err(NotationError::TooLarge {
            board: *board,
            capacity: B::CAPACITY,
        });
    }
    let d = Diagram::parse(fen)?;
    if d.cols != board.cols || d.rows != board.rows {
        return Err(NotationError::WrongBoard {
            fen: fen.trim().to_string(),
            expected: *board,
        });
    }
    Ok(d.to_position())
}

/// Writes a turn: `d3-e3A`, `f4-e4W-e3A`, `b2-b1`, `xd2`.
pub fn turn_to_string(board: &Board, turn: &Turn) -> String {
    match turn {
        Turn::Paika { from, to } => {
            format!("{}-{}", board.square_name(*from), board.square_name(*to))
        }
        Turn::Capture { from, steps } => {
            let mut s = board.square_name(*from);
            for st in steps {
                s.push('-');
                s.push_str(&board.square_name(st.to));
                s.push(st.kind.letter());
            }
            s
        }
        Turn::Sacrifice(sq) => format!("x{}", board.square_name(*sq)),
    }
}

/// Checks that `text` is shaped like a turn on `board`, so a typo is told
/// apart from an illegal move.
fn check_move_syntax(board: &Board, text: &str) -> Result<(), NotationError> {
    let bad = |why: String| NotationError::BadMoveSyntax {
        text: text.to_string(),
        why,
    };
    if let Some(sq) = text.strip_prefix('x') {
        return board.parse_square(sq).map(|_| ()).ok_or_else(|| {
            bad(format!(
                "'{}' is not a point of the {board} board",
                shortened(sq)
            ))
        });
    }
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() < 2 {
        return Err(bad("expected points joined by '-', like d3-e3A".into()));
    }
    for (i, p) in parts.iter().enumerate() {
        let pt = if i > 0 {
            p.strip_suffix(['A', 'W', 'a', 'w']).unwrap_or(p)
        } else {
            p
        };
        if board.parse_square(pt).is_none() {
            // A step's point with another letter after it: the letter is
            // wrong, not the point (`d3-e3X` said "'e3X' is not a point").
            if i > 0
                && let Some((point, mark)) = wrong_capture_mark(board, pt)
            {
                // (`c2AA` said "'A' after c2 is not a capture mark: A
                // (approach) or W ...".)
                return Err(bad(if "AWaw".contains(mark) {
                    format!(
                        "two capture marks after {point}: give one, A (approach) or W (withdrawal)"
                    )
                } else {
                    format!(
                        "'{mark}' after {point} is not a capture mark: A (approach) or W (withdrawal)"
                    )
                }));
            }
            // Files are lower case: `C1` is c1 mistyped, said so.
            let lower = pt.to_ascii_lowercase();
            let hint = if lower != pt && board.parse_square(&lower).is_some() {
                format!(" (files are lower case: {lower})")
            } else {
                String::new()
            };
            return Err(bad(format!(
                "'{}' is not a point of the {board} board{hint}",
                shortened(pt)
            )));
        }
    }
    Ok(())
}

/// Reads a turn and checks it is legal, giving the turn and the position
/// it leads to. An illegal turn's error lists the legal ones.
pub fn parse_turn<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    text: &str,
) -> Result<(Turn, Position<B>), NotationError> {
    let text = text.trim();
    check_move_syntax(&geo.board, text)?;
    let turns = legal_turns(geo, rules, pos);
    let wanted = normalise(text);
    let mut names = Vec::with_capacity(turns.len());
    for (t, p) in turns {
        let name = turn_to_string(&geo.board, &t);
        if normalise(&name) == wanted {
            return Ok((t, p));
        }
        names.push(name);
    }
    Err(NotationError::IllegalMove {
        text: text.to_string(),
        legal: names,
    })
}

/// Capture letters (after a rank number) are accepted in either case.
fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_digit = false;
    for c in s.chars() {
        out.push(if after_digit {
            c.to_ascii_uppercase()
        } else {
            c
        });
        after_digit = c.is_ascii_digit();
    }
    out
}

/// A point of `board` and the letter after it, when `text` is such
/// (`e3X`): a step whose capture mark is wrong, not an unknown point.
pub fn wrong_capture_mark<'t>(board: &Board, text: &'t str) -> Option<(&'t str, char)> {
    let (at, mark) = text.char_indices().last()?;
    let point = &text[..at];
    (mark.is_ascii_alphabetic() && board.parse_square(point).is_some()).then_some((point, mark))
}

/// The characters of an input that messages echo whole ([`shortened`]):
/// more than the longest position (13x13: 183), whose mistake a message
/// must show wherever it is.
pub const ECHO_CHARS: usize = 200;

/// `text` as a message echoes it: whole up to [`ECHO_CHARS`] characters,
/// else its first ones and `... (N characters)` (a 100,000-character line
/// was echoed whole).
///
/// ```
/// use fanorona::notation::shortened;
/// assert_eq!(shortened("e3X"), "e3X");
/// let long = "a".repeat(300);
/// assert_eq!(shortened(&long), format!("{}... (300 characters)", &long[..200]));
/// ```
pub fn shortened(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.into(),
        Some((cut, _)) => {
            format!("{}... ({} characters)", &text[..cut], text.chars().count()).into()
        }
    }
}
