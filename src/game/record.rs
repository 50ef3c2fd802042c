//! Game records: a game as plain text (board, rules, start, moves, an end
//! declared from outside the board), read back line by line with errors
//! that name the line.

use std::fmt;

use super::{EndReason, GameError, Outcome};
use crate::geometry::{Board, BoardError};
use crate::notation::NotationError;
use crate::rules::{Color, Diagonals, Rules};

/// A move of a record and the line it is on (0 when not read from text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The line of the record the move is on, counted from 1 (0 when not
    /// read from text).
    pub line: usize,
    /// The move in notation as written, its move number (`12.`) taken
    /// off; not checked until the record is replayed.
    pub text: String,
}

/// A game record: the board, the rules, the start if not the standard one,
/// the moves in notation and an end declared from outside the board. As
/// text:
///
/// ```
/// use fanorona::game::{Game, GameRecord};
///
/// let text = "\
/// ## fanorona game record
/// board 3x3
/// rules diagonals=corner continuation=free stalemate=loss sacrifice=off first=white move-limit=off
/// start BBB/B.W/WWW w
/// max-turns 120
/// 1. a1-b2A
/// 2. b3-c3
/// end agreed
/// ";
/// let record = GameRecord::parse(text).unwrap();
/// let game = Game::<u64>::from_record(&record).unwrap();
/// assert_eq!(game.turns_played(), 2);
/// assert!(game.outcome().is_some_and(|o| o.winner.is_none()));
/// ```
///
/// `#` starts a comment; `start`, `max-turns` and `end` are optional, and
/// so are the rule keys (a missing key takes the rule book's default). Moves
/// may be numbered (`12.` or `12...`) and several may share a line. `end`
/// is `time white` (White lost on time), `resigned black` or `agreed`;
/// every other end is read off the board when the moves are replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The board, with the diagonal rule of `rules` ([`GameRecord::new`]
    /// and [`GameRecord::parse`] set it so).
    pub board: Board,
    /// The rules the game is played under.
    pub rules: Rules,
    /// The start position in notation as written, checked only when the
    /// record is replayed; `None` for the rule book's start with
    /// `rules.first` to move.
    pub start: Option<String>,
    /// The turn cap of [`Game::with_max_turns`](super::Game::with_max_turns),
    /// if any (never 0 in a record read from text).
    pub max_turns: Option<u32>,
    /// The moves in the order played.
    pub moves: Vec<RecordedMove>,
    /// An end declared from outside the board: [`EndReason::Time`],
    /// [`EndReason::Resigned`] or [`EndReason::Agreed`]. Other reasons are
    /// neither written nor replayed (the board shows them).
    pub end: Option<EndReason>,
    /// The line of the `start` header (0 when not read from text).
    pub start_line: usize,
}

impl GameRecord {
    /// A record of a game not yet begun.
    pub fn new(board: Board, rules: Rules) -> GameRecord {
        GameRecord {
            board: Board {
                diagonals: rules.diagonals,
                ..board
            },
            rules,
            start: None,
            max_turns: None,
            moves: Vec::new(),
            end: None,
            start_line: 0,
        }
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut s = String::from("# fanorona game record\n");
        s.push_str(&format!("board {}\n", self.board));
        s.push_str(&format!("rules {}\n", rules_spec(&self.rules)));
        if let Some(fen) = &self.start {
            s.push_str(&format!("start {fen}\n"));
        }
        if let Some(c) = self.max_turns {
            s.push_str(&format!("max-turns {c}\n"));
        }
        for (i, m) in self.moves.iter().enumerate() {
            s.push_str(&format!("{}. {}\n", i + 1, m.text));
        }
        match self.end {
            Some(EndReason::Time(c)) => s.push_str(&format!("end time {}\n", c.name())),
            Some(EndReason::Resigned(c)) => s.push_str(&format!("end resigned {}\n", c.name())),
            Some(EndReason::Agreed) => s.push_str("end agreed\n"),
            _ => {}
        }
        s
    }

    /// Reads a record (see the type's documentation for the format).
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut size: Option<(usize, usize)> = None;
        let mut rules = Rules::default();
        let mut rec = GameRecord::new(
            Board {
                cols: 1,
                rows: 1,
                diagonals: Diagonals::Corner,
            },
            rules,
        );
        // A byte-order mark, as some editors write, is no move.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Each header's line, to refuse a second one (the last was taken).
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (kw, rest) = match content.split_once(char::is_whitespace) {
                Some((k, r)) => (k, r.trim()),
                None => (content, ""),
            };
            if let Some(&(_, first)) = seen.iter().find(|(h, _)| *h == kw) {
                return Err(RecordError::RepeatedHeader {
                    line,
                    header: kw.to_string(),
                    first,
                });
            }
            // (A second `end` line was taken over the first.)
            if ["board", "rules", "start", "max-turns", "end"].contains(&kw) {
                seen.push((kw, line));
            }
            let header = |name: &str| -> Result<(), RecordError> {
                match rec.moves.first() {
                    None => Ok(()),
                    Some(first) => Err(RecordError::HeaderAfterMoves {
                        line,
                        header: name.to_string(),
                        moves_from: first.line,
                    }),
                }
            };
            match kw {
                "board" => {
                    header(kw)?;
                    size = Some(
                        Board::parse_size(rest)
                            .map_err(|error| RecordError::BadBoard { line, error })?,
                    );
                }
                "rules" => {
                    header(kw)?;
                    rules = parse_rules_spec(rest).map_err(|why| RecordError::BadRules {
                        line,
                        text: rest.to_string(),
                        why,
                    })?;
                }
                "start" => {
                    header(kw)?;
                    rec.start = Some(rest.to_string());
                    rec.start_line = line;
                }
                "max-turns" => {
                    header(kw)?;
                    let cap = rest.parse().map_err(|_| RecordError::BadNumber {
                        line,
                        text: rest.to_string(),
                    })?;
                    // (A cap of 0 ended the game before its first turn.)
                    if cap == 0 {
                        return Err(RecordError::ZeroCap { line });
                    }
                    rec.max_turns = Some(cap);
                }
                // A `moves` line heads the moves; any on it are moves too
                // (they were dropped without a word).
                "moves" if rest.is_empty() => {}
                "end" => {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    let color = |w: &str| match w {
                        "white" => Some(Color::White),
                        "black" => Some(Color::Black),
                        _ => None,
                    };
                    let reason = match words.as_slice() {
                        ["agreed"] => Some(EndReason::Agreed),
                        ["time", c] => color(c).map(EndReason::Time),
                        ["resigned", c] => color(c).map(EndReason::Resigned),
                        _ => None,
                    };
                    rec.end = Some(reason.ok_or_else(|| RecordError::BadEnd {
                        line,
                        text: rest.to_string(),
                    })?);
                }
                _ => {
                    if rec.end.is_some() {
                        return Err(RecordError::AfterEnd {
                            line,
                            text: content.to_string(),
                        });
                    }
                    let moves = if kw == "moves" { rest } else { content };
                    for tok in moves.split_whitespace() {
                        let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit());
                        let tok = tok.trim_start_matches('.');
                        if !tok.is_empty() {
                            rec.moves.push(RecordedMove {
                                line,
                                text: tok.to_string(),
                            });
                        }
                    }
                }
            }
        }
        let (cols, rows) = size.ok_or(RecordError::MissingBoard)?;
        rec.rules = rules;
        rec.board = Board::new(cols, rows, rules.diagonals)
            .map_err(|error| RecordError::BadBoard { line: 0, error })?;
        Ok(rec)
    }
}

/// The rules as `key=value` words, as written in game records.
pub fn rules_spec(r: &Rules) -> String {
    format!(
        "diagonals={} continuation={} stalemate={} sacrifice={} first={} move-limit={}",
        r.diagonals.name(),
        r.continuation.name(),
        r.stalemate.name(),
        if r.sacrifice { "on" } else { "off" },
        r.first.name(),
        if r.move_limit { "on" } else { "off" },
    )
}

/// Reads [`rules_spec`]'s format; missing keys keep the defaults.
pub fn parse_rules_spec(s: &str) -> Result<Rules, String> {
    let mut r = Rules::default();
    for word in s.split_whitespace() {
        let (k, v) = word
            .split_once('=')
            .ok_or_else(|| format!("'{word}' is not key=value"))?;
        let bad = || format!("'{v}' is not a value of {k}");
        let on_off = |v: &str| match v {
            "on" | "true" | "yes" => Ok(true),
            "off" | "false" | "no" => Ok(false),
            _ => Err(bad()),
        };
        match k {
            "diagonals" => r.diagonals = v.parse().map_err(|_| bad())?,
            "continuation" => r.continuation = v.parse().map_err(|_| bad())?,
            "stalemate" => r.stalemate = v.parse().map_err(|_| bad())?,
            "sacrifice" => r.sacrifice = on_off(v)?,
            "first" => r.first = v.parse().map_err(|_| bad())?,
            "move-limit" => r.move_limit = on_off(v)?,
            _ => {
                return Err(format!(
                    "unknown rule '{k}' (known: diagonals, continuation, stalemate, sacrifice, first, move-limit)"
                ));
            }
        }
    }
    Ok(r)
}

/// Why a game record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No `board CxR` line.
    MissingBoard,
    /// A `board` line whose size is not of the form `CxR` or not a legal
    /// board.
    BadBoard {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with the size.
        error: BoardError,
    },
    /// A `rules` line that does not read as `key=value` words of the rule
    /// switches ([`parse_rules_spec`]).
    BadRules {
        /// The line, counted from 1.
        line: usize,
        /// The line's text after `rules`.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The `start` position does not read, or is not on the record's
    /// board (found when the record is replayed).
    BadStart {
        /// The line of the `start` header (0 when the record was not read
        /// from text).
        line: usize,
        /// Why the position does not read.
        error: NotationError,
    },
    /// A `max-turns` value that is not a whole number that fits a `u32`.
    BadNumber {
        /// The line, counted from 1.
        line: usize,
        /// The value as written.
        text: String,
    },
    /// An `end` line that is not `agreed`, `time white|black` or
    /// `resigned white|black`.
    BadEnd {
        /// The line, counted from 1.
        line: usize,
        /// The line's text after `end`.
        text: String,
    },
    /// A second `board`, `rules`, `start`, `max-turns` or `end` line (the first on
    /// line `first`).
    RepeatedHeader {
        /// The line of the second header, counted from 1.
        line: usize,
        /// The header's keyword.
        header: String,
        /// The line of the first.
        first: usize,
    },
    /// `max-turns 0`: a cap must allow a turn.
    ZeroCap {
        /// The line, counted from 1.
        line: usize,
    },
    /// A header line after the first move, which is on line `moves_from`
    /// (a line that is neither a header nor a comment is read as moves).
    HeaderAfterMoves {
        /// The line of the header, counted from 1.
        line: usize,
        /// The header's keyword.
        header: String,
        /// The line of the first move.
        moves_from: usize,
    },
    /// A line of moves after the `end` line.
    AfterEnd {
        /// The line, counted from 1.
        line: usize,
        /// The line's text, its comment taken off.
        text: String,
    },
    /// The board does not fit the bitboard type asked for.
    TooLarge {
        /// The record's board.
        board: Board,
    },
    /// A move that is not legal where it stands.
    IllegalMove {
        /// The line of the move (0 when the record was not read from
        /// text).
        line: usize,
        /// The move as written.
        text: String,
        /// Why the game refused it.
        error: Box<GameError>,
    },
    /// A move after the game ended.
    MoveAfterEnd {
        /// The line of the move (0 when the record was not read from
        /// text).
        line: usize,
        /// The move as written.
        text: String,
        /// How the game had ended before it.
        outcome: Outcome,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::MissingBoard => {
                write!(f, "game record has no 'board CxR' line")
            }
            RecordError::BadBoard { line, error } => {
                write!(f, "game record line {line}: {error}")
            }
            RecordError::BadRules { line, text, why } => {
                write!(f, "game record line {line}: rules '{text}': {why}")
            }
            RecordError::BadStart { line, error } => {
                write!(f, "game record line {line}: start position: {error}")
            }
            RecordError::BadNumber { line, text } => {
                write!(f, "game record line {line}: '{text}' is not a number")
            }
            RecordError::BadEnd { line, text } => write!(
                f,
                "game record line {line}: end '{text}' is not 'agreed', 'time white|black' or 'resigned white|black'"
            ),
            RecordError::RepeatedHeader {
                line,
                header,
                first,
            } => write!(
                f,
                "game record line {line}: a second '{header}' line (the first is line {first})"
            ),
            RecordError::ZeroCap { line } => write!(
                f,
                "game record line {line}: max-turns 0: a game needs at least 1 turn (leave the line out for no cap)"
            ),
            RecordError::HeaderAfterMoves {
                line,
                header,
                moves_from,
            } => write!(
                f,
                "game record line {line}: '{header}' comes after the moves, which begin on line {moves_from} (a line that is neither a header nor a comment is read as moves)"
            ),
            RecordError::AfterEnd { line, text } => {
                write!(f, "game record line {line}: '{text}' comes after 'end'")
            }
            RecordError::TooLarge { board } => {
                write!(
                    f,
                    "game record board {board} does not fit the bitboard type"
                )
            }
            RecordError::IllegalMove { line, text, error } => {
                // (Not twice where the error names the move itself.)
                let error = error.to_string();
                if error.contains(&format!("'{text}'")) {
                    write!(f, "game record line {line}: {error}")
                } else {
                    write!(f, "game record line {line}: move '{text}': {error}")
                }
            }
            RecordError::MoveAfterEnd {
                line,
                text,
                outcome,
            } => write!(
                f,
                "game record line {line}: move '{text}' comes after the end of the game ({outcome})"
            ),
        }
    }
}

impl std::error::Error for RecordError {}
