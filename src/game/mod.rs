//! A game in progress: the board, the rules, the position, the history with
//! undo and redo, the turn counter and the limits, the result and why, a
//! step-by-step entry of a turn; game records (`record`: a game as text).
//!
//! The game ends by itself when the side to move has no stones, or no legal
//! turn (a loss or a draw, by the `stalemate` variant), when the move-limit
//! variant's `10 x rows` turns are played (a draw), or when an optional turn
//! cap is reached (a draw; matches use one so that every game ends). It is
//! ended from outside by a loss on time, an agreed draw or a resignation;
//! those three are final and cannot be undone.
//!
//! A repeated position is *not* a draw by itself: the rule book only says
//! that play that can go on forever is a draw, which a game cannot detect.
//! Players agree a draw instead (the engine accepts one when its tables or
//! its search show the position is a draw or lost for it), and matches cap
//! the number of turns.
//!
//! A turn can be entered whole (`d3-e3A`) or point by point: the stone, then
//! each destination, then approach or withdrawal when one step could capture
//! both ways, then `end` while the chain may stop. The choices offered at
//! each point are the legal turns that extend what was entered so far, so
//! the step-by-step entry accepts exactly the legal turns.

use std::fmt;

use crate::bits::{Bits, Square};
use crate::draw::counted;
use crate::geometry::{Board, Geometry};
use crate::movegen::{CaptureKind, Status, Step, Turn, legal_turns, status};
use crate::notation::{
    NotationError, parse_position, parse_turn, position_to_fen, shortened, turn_to_string,
    wrong_capture_mark,
};
use crate::position::{Position, PositionError};
use crate::rules::{Color, Continuation, Rules, Stalemate};

mod record;
pub use record::{GameRecord, RecordError, RecordedMove, parse_rules_spec, rules_spec};

/// Why a game ended. The colour is the side the reason is about: the one
/// left without stones or moves, out of time, or resigning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// That side has no stones left.
    NoStones(Color),
    /// That side is to move and has no legal turn.
    Stalemate(Color),
    /// The move-limit variant's number of turns was played.
    MoveLimit(u32),
    /// The game's turn cap (a match setting, not a rule) was reached.
    TurnCap(u32),
    /// That side did not move within the time limit.
    Time(Color),
    /// Both sides agreed a draw.
    Agreed,
    /// That side resigned.
    Resigned(Color),
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// Whether the end was declared from outside the board (time, agreement,
    /// resignation). Such an end is final: it cannot be undone.
    pub fn is_adjudicated(&self) -> bool {
        matches!(
            self.reason,
            EndReason::Time(_) | EndReason::Agreed | EndReason::Resigned(_)
        )
    }

    /// `1-0`, `0-1` or `1/2-1/2` (White's score first).
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{} wins: ", w.title())?,
            None => write!(f, "draw: ")?,
        }
        match self.reason {
            EndReason::NoStones(c) => write!(f, "{} has no stones left", c.title()),
            EndReason::Stalemate(c) => write!(f, "{} cannot move", c.title()),
            // ("the cap of 1 turns" with --max-turns 1.)
            EndReason::MoveLimit(n) => {
                write!(f, "the move limit of {} was reached", counted(n, "turn"))
            }
            EndReason::TurnCap(n) => write!(f, "the cap of {} was reached", counted(n, "turn")),
            EndReason::Time(c) => write!(f, "{} ran out of time", c.title()),
            EndReason::Agreed => write!(f, "agreed"),
            EndReason::Resigned(c) => write!(f, "{} resigned", c.title()),
        }
    }
}

/// Why a game operation was refused. Each message names the input and,
/// where it helps, what would have been accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is over.
    Over(Outcome),
    /// No turn (or step) to take back.
    NothingToUndo,
    /// No taken-back turn to play again.
    NothingToRedo,
    /// Redo while a turn is half entered.
    TurnInProgress,
    /// A whole turn that does not read or is not legal.
    Notation(NotationError),
    /// Input that is neither a move, a point nor a step command.
    NotUnderstood {
        /// The input, trimmed (or the part of it that is not a point).
        text: String,
    },
    /// A turn typed whole whose step to `to` could capture both ways, its
    /// `A`/`W` left out, and the rest of it fits both.
    AmbiguousCapture {
        /// The turn as typed, trimmed.
        text: String,
        /// The step's point as typed, without a letter (`c3`).
        to: String,
    },
    /// A point with a letter after it that is not `A` or `W` (`e3X`).
    BadCaptureMark {
        /// The input, trimmed.
        text: String,
        /// The letter.
        mark: char,
    },
    /// A point name that is not on the board.
    NotAPoint {
        /// The name typed, shaped like a point (`j1`).
        text: String,
        /// The board of the game.
        board: Board,
    },
    /// A point without a stone of the side to move that can move.
    CannotMoveFrom {
        /// The point's name.
        point: String,
        /// The points of the stones that have a legal turn, by name, lowest
        /// point first ([`Game::movable`]).
        movable: Vec<String>,
    },
    /// A destination (or capture) that no legal turn takes next.
    IllegalStep {
        /// The input, trimmed.
        text: String,
        /// The inputs the half-entered turn accepts next: destinations
        /// with their capture letter (none for paika), `x`, `end`.
        options: Vec<String>,
    },
    /// `A`/`W` typed with no choice between them pending.
    NoChoicePending {
        /// The input, trimmed.
        text: String,
    },
    /// A point typed while the approach/withdrawal choice is pending.
    ChooseKind {
        /// The input, trimmed.
        text: String,
        /// The name of the destination whose capture kind is pending.
        to: String,
    },
    /// `end` when the turn may not end here.
    CannotEnd {
        /// The inputs the half-entered turn accepts instead, as for
        /// [`GameError::IllegalStep`] (`A` and `W` while a capture's kind
        /// is asked for); empty when no turn is being entered.
        options: Vec<String>,
    },
    /// A step command with no stone chosen.
    NoStoneChosen {
        /// The input, trimmed.
        text: String,
    },
    /// A start position that cannot stand on the board.
    Position(PositionError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(o) => write!(f, "the game is over ({o})"),
            GameError::NothingToUndo => write!(f, "there is nothing to undo"),
            GameError::NothingToRedo => write!(f, "there is nothing to redo"),
            GameError::TurnInProgress => write!(
                f,
                "a turn is half entered: finish it, or undo its steps first"
            ),
            GameError::Notation(e) => write!(f, "{e}"),
            GameError::Position(e) => write!(f, "{e}"),
            GameError::NotUnderstood { text } => write!(
                f,
                "'{}' is not a move, a point or a command (type 'help')",
                shortened(text)
            ),
            GameError::AmbiguousCapture { text, to } => write!(
                f,
                "'{}': the step to {to} captures by approach and by withdrawal, and the rest fits both: add A or W to {to}",
                shortened(text)
            ),
            GameError::BadCaptureMark { text, mark } => write!(
                f,
                "'{}': '{mark}' is not a capture mark: after a point, A (approach) or W (withdrawal)",
                shortened(text)
            ),
            GameError::NotAPoint { text, board } => {
                write!(
                    f,
                    "'{}' is not a point of the {board} board",
                    shortened(text)
                )
            }
            GameError::CannotMoveFrom { point, movable } => write!(
                f,
                "no stone of the side to move can move from {point}; stones that can move: {}",
                list(movable)
            ),
            GameError::IllegalStep { text, options } => write!(
                f,
                "'{}' is not a legal next step; possible: {}",
                shortened(text),
                list(options)
            ),
            GameError::NoChoicePending { text } => write!(
                f,
                "'{}': there is no choice between approach and withdrawal to make now",
                shortened(text)
            ),
            GameError::ChooseKind { text, to } => write!(
                f,
                "'{}': first choose how the step to {to} captures: A (approach) or W (withdrawal)",
                shortened(text)
            ),
            GameError::CannotEnd { options } => {
                write!(f, "the turn cannot end here; possible: {}", list(options))
            }
            GameError::NoStoneChosen { text } => {
                write!(
                    f,
                    "'{}': choose a stone first (type its point, e.g. d3)",
                    shortened(text)
                )
            }
        }
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(" ")
    }
}

impl std::error::Error for GameError {}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> Self {
        GameError::Notation(e)
    }
}

/// A turn played in a game, with its notation and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<B> {
    /// The turn.
    pub turn: Turn,
    /// The turn in move notation, as [`turn_to_string`] writes it (capture
    /// letters always given).
    pub notation: String,
    /// The position after the turn, the other side to move.
    pub after: Position<B>,
}

/// What `undo` took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// One step of a half-entered turn (or the choice of stone).
    Step,
    /// A whole turn, given by its notation.
    Turn(String),
}

/// What an input to [`Game::enter`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entered<B> {
    /// A whole turn was played.
    Played(Played<B>),
    /// The turn is half entered; see [`Game::partial`].
    InProgress,
}

/// A next step of a half-entered turn: the destination and how it
/// captures (none for a paika step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NextStep {
    /// The point the stone may step to.
    pub to: Square,
    /// How that step captures; `None` for a paika step, which is offered
    /// only as the first step and ends the turn.
    pub kind: Option<CaptureKind>,
}

/// A pending choice between approach and withdrawal for a step to `to`:
/// the stones each would capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindChoice<B> {
    /// The destination chosen.
    pub to: Square,
    /// The enemy stones the step captures by approach.
    pub approach: B,
    /// The enemy stones the step captures by withdrawal.
    pub withdrawal: B,
}

/// A half-entered turn, as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialView<B> {
    /// The chosen stone's starting point.
    pub from: Square,
    /// The capturing steps made so far.
    pub steps: Vec<Step>,
    /// The points the stone has stood on this turn, its start first.
    pub visited: Vec<Square>,
    /// The board as it stands after the steps so far (same side to move).
    pub position: Position<B>,
    /// A destination chosen whose capture kind is still to be chosen.
    pub choice: Option<KindChoice<B>>,
    /// The steps that may come next.
    pub next: Vec<NextStep>,
    /// Whether the turn may end here (`end`).
    pub can_end: bool,
    /// Whether the chosen stone may be sacrificed instead (`x`).
    pub can_sacrifice: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Partial {
    from: Square,
    steps: Vec<Step>,
    choice: Option<Square>,
}

/// A game: rules, start, history with undo and redo, and the result.
#[derive(Clone, Debug)]
pub struct Game<B: Bits> {
    geo: Geometry<B>,
    rules: Rules,
    start: Position<B>,
    played: Vec<Played<B>>,
    /// Turns taken back, the next one to redo last.
    undone: Vec<Played<B>>,
    max_turns: Option<u32>,
    adjudication: Option<Outcome>,
    partial: Option<Partial>,
}

impl<B: Bits> Game<B> {
    /// A game from the rule book's start position. The board's diagonal rule
    /// is taken from `rules`.
    ///
    /// # Panics
    ///
    /// When the board has more points than `B` holds.
    pub fn new(board: Board, rules: Rules) -> Game<B> {
        let board = Board {
            diagonals: rules.diagonals,
            ..board
        };
        let start = Position::start(&board, rules.first);
        Game::from_position(board, rules, start).expect("the start stands on its board")
    }

    /// A game from any position that can stand on the board
    /// ([`Position::check`]: a position of a bigger board, or with a stone
    /// on both sides, is refused). The board's diagonal rule is taken from
    /// `rules`.
    ///
    /// # Panics
    ///
    /// When the board has more points than `B` holds.
    pub fn from_position(
        board: Board,
        rules: Rules,
        start: Position<B>,
    ) -> Result<Game<B>, GameError> {
        let board = Board {
            diagonals: rules.diagonals,
            ..board
        };
        start.check(&board).map_err(GameError::Position)?;
        Ok(Game {
            geo: Geometry::new(board),
            rules,
            start,
            played: Vec::new(),
            undone: Vec::new(),
            max_turns: None,
            adjudication: None,
            partial: None,
        })
    }

    /// Ends the game as a draw after `cap` turns in all (not a rule of the
    /// game: matches use it so that every game ends).
    pub fn with_max_turns(mut self, cap: Option<u32>) -> Game<B> {
        self.max_turns = cap;
        self
    }

    /// The board's lines and neighbours.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.geo
    }
    /// The board, with the rules' diagonal rule.
    pub fn board(&self) -> &Board {
        &self.geo.board
    }
    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The cap of [`Game::with_max_turns`], if any.
    pub fn max_turns(&self) -> Option<u32> {
        self.max_turns
    }
    /// The position the game started from.
    pub fn start(&self) -> &Position<B> {
        &self.start
    }
    /// The position now (before any half-entered turn).
    pub fn position(&self) -> &Position<B> {
        self.played.last().map_or(&self.start, |p| &p.after)
    }
    /// The turns played, first first.
    pub fn history(&self) -> &[Played<B>] {
        &self.played
    }
    /// The notation of the turns played.
    pub fn moves(&self) -> Vec<String> {
        self.played.iter().map(|p| p.notation.clone()).collect()
    }
    /// How many turns have been played.
    pub fn turns_played(&self) -> u32 {
        self.played.len() as u32
    }
    /// How many turns can be redone.
    pub fn redo_depth(&self) -> usize {
        self.undone.len()
    }
    /// The move-limit variant's total number of turns, if it is on.
    pub fn turn_limit(&self) -> Option<u32> {
        self.rules.turn_limit(self.geo.board.rows)
    }
    /// Turns left under the move-limit variant (this one included).
    pub fn turns_left(&self) -> Option<u32> {
        self.turn_limit()
            .map(|l| l.saturating_sub(self.turns_played()))
    }
    /// Turns left before the game ends by the move limit or by the cap of
    /// [`Game::with_max_turns`], whichever comes first (this one included;
    /// `None` when neither is set): what an engine or a hint plans by,
    /// since a win further away is a draw in this game.
    pub fn turns_to_end(&self) -> Option<u32> {
        let cap = self
            .max_turns
            .map(|c| c.saturating_sub(self.turns_played()));
        match (self.turns_left(), cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
    /// The stones `side` has captured since the start.
    pub fn captured_by(&self, side: Color) -> u32 {
        let other = side.other();
        self.start
            .stones(other)
            .count()
            .saturating_sub(self.position().stones(other).count())
    }
    /// The legal turns of the position now.
    pub fn legal_turns(&self) -> Vec<(Turn, Position<B>)> {
        legal_turns(&self.geo, &self.rules, self.position())
    }
    /// The notation of the legal turns of the position now.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_turns()
            .iter()
            .map(|(t, _)| turn_to_string(&self.geo.board, t))
            .collect()
    }
    /// The position now in notation.
    pub fn fen(&self) -> String {
        position_to_fen(&self.geo.board, self.position())
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.adjudication.is_some() {
            return self.adjudication;
        }
        let pos = self.position();
        let me = pos.turn;
        match status(&self.geo, &self.rules, pos) {
            Status::NoStones => {
                return Some(Outcome {
                    winner: Some(me.other()),
                    reason: EndReason::NoStones(me),
                });
            }
            Status::Won => {
                return Some(Outcome {
                    winner: Some(me),
                    reason: EndReason::NoStones(me.other()),
                });
            }
            Status::Stalemate(s) => {
                return Some(Outcome {
                    winner: (s == Stalemate::Loss).then_some(me.other()),
                    reason: EndReason::Stalemate(me),
                });
            }
            Status::Ongoing => {}
        }
        let n = self.turns_played();
        if let Some(limit) = self.turn_limit()
            && n >= limit
        {
            return Some(Outcome {
                winner: None,
                reason: EndReason::MoveLimit(limit),
            });
        }
        if let Some(c) = self.max_turns
            && n >= c
        {
            return Some(Outcome {
                winner: None,
                reason: EndReason::TurnCap(c),
            });
        }
        None
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        match self.outcome() {
            Some(o) => Err(GameError::Over(o)),
            None => Ok(()),
        }
    }

    /// Plays a whole turn given in notation.
    pub fn play_text(&mut self, text: &str) -> Result<Played<B>, GameError> {
        self.check_not_over()?;
        let (turn, _) = parse_turn(&self.geo, &self.rules, self.position(), text)?;
        self.commit(turn)
    }

    /// Plays a turn (it must be legal here).
    pub fn play_turn(&mut self, turn: &Turn) -> Result<Played<B>, GameError> {
        self.check_not_over()?;
        let legal = self.legal_turns();
        if !legal.iter().any(|(t, _)| t == turn) {
            return Err(GameError::Notation(NotationError::IllegalMove {
                text: turn_to_string(&self.geo.board, turn),
                legal: self.legal_moves(),
            }));
        }
        self.commit(turn.clone())
    }

    fn commit(&mut self, turn: Turn) -> Result<Played<B>, GameError> {
        let after = self
            .legal_turns()
            .into_iter()
            .find(|(t, _)| *t == turn)
            .map(|(_, p)| p)
            .ok_or_else(|| {
                GameError::Notation(NotationError::IllegalMove {
                    text: turn_to_string(&self.geo.board, &turn),
                    legal: self.legal_moves(),
                })
            })?;
        let played = Played {
            notation: turn_to_string(&self.geo.board, &turn),
            turn,
            after,
        };
        self.played.push(played.clone());
        self.undone.clear();
        self.partial = None;
        Ok(played)
    }

    /// Whether the game was ended by a loss on time, an agreed draw or a
    /// resignation: final, not taken back by [`Game::undo`].
    pub fn is_adjudicated(&self) -> bool {
        self.adjudication.is_some()
    }

    /// Takes back the last step of a half-entered turn, or else the last
    /// whole turn. A loss on time, an agreed draw and a resignation are
    /// final.
    pub fn undo(&mut self) -> Result<Undone, GameError> {
        if let Some(o) = self.adjudication {
            return Err(GameError::Over(o));
        }
        if let Some(p) = &mut self.partial {
            if p.choice.is_some() {
                p.choice = None;
            } else if p.steps.pop().is_none() {
                self.partial = None;
            }
            return Ok(Undone::Step);
        }
        let last = self.played.pop().ok_or(GameError::NothingToUndo)?;
        let name = last.notation.clone();
        self.undone.push(last);
        Ok(Undone::Turn(name))
    }

    /// Plays again the last turn taken back.
    pub fn redo(&mut self) -> Result<String, GameError> {
        if let Some(o) = self.adjudication {
            return Err(GameError::Over(o));
        }
        if self.partial.is_some() {
            return Err(GameError::TurnInProgress);
        }
        let next = self.undone.pop().ok_or(GameError::NothingToRedo)?;
        let name = next.notation.clone();
        self.played.push(next);
        Ok(name)
    }

    /// The side `loser` did not move in time.
    pub fn lose_on_time(&mut self, loser: Color) {
        self.adjudicate(Outcome {
            winner: Some(loser.other()),
            reason: EndReason::Time(loser),
        });
    }
    /// Both sides agree a draw.
    pub fn agree_draw(&mut self) {
        self.adjudicate(Outcome {
            winner: None,
            reason: EndReason::Agreed,
        });
    }
    /// The side `loser` resigns.
    pub fn resign(&mut self, loser: Color) {
        self.adjudicate(Outcome {
            winner: Some(loser.other()),
            reason: EndReason::Resigned(loser),
        });
    }
    fn adjudicate(&mut self, o: Outcome) {
        if self.outcome().is_none() {
            self.adjudication = Some(o);
            self.partial = None;
        }
    }

    // ----- step-by-step entry -----

    /// Takes one line of move input: a whole turn (`d3-e3A`, `xd2`), the
    /// start of one (`d3-e3` leaves the rest to enter), a point (the stone
    /// to move, or the next destination, optionally with `A`/`W`), `A` or
    /// `W` to choose how a step captures, `x` to sacrifice the chosen stone,
    /// or `end` to end a chain that may stop. A turn typed whole may leave
    /// out the `A`/`W` of a step where the steps after it fit one way only;
    /// where they fit both it is refused as ambiguous
    /// ([`GameError::AmbiguousCapture`]), and where one way makes a whole
    /// turn of the text and the other only the start of one, the whole turn
    /// is played, as it is when typed with its letters.
    pub fn enter(&mut self, text: &str) -> Result<Entered<B>, GameError> {
        self.check_not_over()?;
        let t = text.trim();
        let board = self.geo.board;
        let whole_sacrifice =
            t.len() > 1 && t.starts_with(['x', 'X']) && board.parse_square(&t[1..]).is_some();
        if t.contains('-') || whole_sacrifice {
            return match parse_turn(&self.geo, &self.rules, self.position(), t) {
                Ok((turn, _)) => self.commit(turn).map(Entered::Played),
                Err(e @ NotationError::IllegalMove { .. }) if t.contains('-') => {
                    // Perhaps the beginning of a turn: enter it point by point.
                    let saved = self.partial.take();
                    match self.enter_path(t) {
                        // Entered as far as typed: played when it is the
                        // whole of the one turn it fits (a chain that could
                        // go on waited for `end`).
                        Ok(Entered::InProgress) => match self.only_turn_fitting(t) {
                            Some(turn) => {
                                self.partial = None;
                                self.commit(turn).map(Entered::Played)
                            }
                            None => Ok(Entered::InProgress),
                        },
                        Ok(r) => Ok(r),
                        Err(ambiguous @ GameError::AmbiguousCapture { .. }) => {
                            self.partial = saved;
                            Err(ambiguous)
                        }
                        Err(_) => {
                            self.partial = saved;
                            Err(GameError::Notation(e))
                        }
                    }
                }
                Err(e) => Err(GameError::Notation(e)),
            };
        }
        match t.to_ascii_lowercase().as_str() {
            "a" | "approach" => return self.choose_kind(t, CaptureKind::Approach),
            "w" | "withdrawal" | "withdraw" => {
                return self.choose_kind(t, CaptureKind::Withdrawal);
            }
            "end" | "end turn" | "stop" => return self.end_turn(),
            "x" | "sacrifice" => return self.sacrifice_chosen(t),
            _ => {}
        }
        let (sq, kind) = self.parse_point(t)?;
        match &self.partial {
            None => {
                if kind.is_some() {
                    return Err(GameError::NoStoneChosen {
                        text: t.to_string(),
                    });
                }
                self.select(sq)
            }
            Some(p) if p.steps.is_empty() && p.choice.is_none() && p.from != sq => {
                // Another stone of one's own: choose it instead; otherwise a
                // destination.
                if kind.is_none() && self.movable().contains(&sq) {
                    self.select(sq)
                } else {
                    self.step(t, sq, kind)
                }
            }
            Some(_) => self.step(t, sq, kind),
        }
    }

    /// The one legal turn whose notation is `t` with the `A`/`W` letters `t`
    /// leaves out, if exactly one is.
    fn only_turn_fitting(&self, t: &str) -> Option<Turn> {
        let typed: Vec<&str> = t.split('-').collect();
        let fits = |name: &str| {
            let parts: Vec<&str> = name.split('-').collect();
            parts.len() == typed.len()
                && parts.iter().zip(&typed).all(|(p, q)| {
                    let bare = |s: &str| s.trim_end_matches(['A', 'W', 'a', 'w']).to_string();
                    bare(p) == bare(q) && (bare(q).len() == q.len() || p.eq_ignore_ascii_case(q))
                })
        };
        let mut fitting = self
            .legal_turns()
            .into_iter()
            .filter(|(turn, _)| fits(&turn_to_string(&self.geo.board, turn)));
        match (fitting.next(), fitting.next()) {
            (Some((turn, _)), None) => Some(turn),
            _ => None,
        }
    }

    /// Enters `a-b-c...` point by point from the start of the turn.
    fn enter_path(&mut self, t: &str) -> Result<Entered<B>, GameError> {
        let mut parts = t.split('-');
        let first = parts.next().unwrap_or("");
        let (sq, kind) = self.parse_point(first)?;
        if kind.is_some() {
            return Err(GameError::NoStoneChosen {
                text: first.to_string(),
            });
        }
        let last = self.select(sq)?;
        let parts: Vec<&str> = parts.collect();
        self.enter_steps(t, &parts, last)
    }

    /// The rest of [`Game::enter_path`]: the steps `parts`, after `last`.
    /// A step whose `A`/`W` was left out where it could capture both ways
    /// is settled by the steps after it when only one way goes on with
    /// them (`b3-c3-c4A` was refused as not legal).
    fn enter_steps(
        &mut self,
        t: &str,
        parts: &[&str],
        mut last: Entered<B>,
    ) -> Result<Entered<B>, GameError> {
        for (i, part) in parts.iter().enumerate() {
            if matches!(last, Entered::Played(_)) {
                return Err(GameError::NotUnderstood {
                    text: t.to_string(),
                });
            }
            if self.partial.as_ref().is_some_and(|p| p.choice.is_some()) {
                // The whole turn with the letter put in, each way: a
                // legal turn is played as typed whole would be.
                let all: Vec<&str> = t.split('-').collect();
                // `parts` ends `all`: the step that was `parts[i - 1]`.
                let at = all.len() - 1 - parts.len() + i;
                let whole: Vec<Turn> = ["A", "W"]
                    .iter()
                    .filter_map(|k| {
                        let mut with = all.iter().map(|s| s.to_string()).collect::<Vec<_>>();
                        with[at].push_str(k);
                        parse_turn(&self.geo, &self.rules, self.position(), &with.join("-"))
                            .ok()
                            .map(|(turn, _)| turn)
                    })
                    .collect();
                match whole.len() {
                    1 => {
                        self.partial = None;
                        let turn = whole.into_iter().next().expect("one turn");
                        return self.commit(turn).map(Entered::Played);
                    }
                    2 => {
                        return Err(GameError::AmbiguousCapture {
                            text: t.to_string(),
                            to: parts[i - 1].to_string(),
                        });
                    }
                    _ => {}
                }
                // Else a turn still to be entered: the way whose steps go on.
                let mut ways = Vec::new();
                for kind in [CaptureKind::Approach, CaptureKind::Withdrawal] {
                    let mut game = self.clone();
                    let went = game
                        .choose_kind(t, kind)
                        .and_then(|chosen| game.enter_steps(t, &parts[i..], chosen));
                    match went {
                        Ok(entered) => ways.push((game, entered)),
                        // A later step fits both ways too: more than one
                        // turn fits, whatever this step's letter.
                        Err(GameError::AmbiguousCapture { .. }) => {
                            return Err(GameError::AmbiguousCapture {
                                text: t.to_string(),
                                to: parts[i - 1].to_string(),
                            });
                        }
                        Err(_) => {}
                    }
                }
                return match ways.len() {
                    1 => {
                        let (game, entered) = ways.pop().expect("one way");
                        *self = game;
                        Ok(entered)
                    }
                    0 => Err(GameError::NotUnderstood {
                        text: t.to_string(),
                    }),
                    _ => Err(GameError::AmbiguousCapture {
                        text: t.to_string(),
                        to: parts[i - 1].to_string(),
                    }),
                };
            }
            let (sq, kind) = self.parse_point(part)?;
            last = self.step(part, sq, kind)?;
        }
        Ok(last)
    }

    /// A point with an optional `A`/`W` suffix.
    fn parse_point(&self, t: &str) -> Result<(Square, Option<CaptureKind>), GameError> {
        let board = self.geo.board;
        let (name, kind) = match t.char_indices().last() {
            Some((i, c)) if t.len() > 2 && matches!(c, 'A' | 'a') => {
                (&t[..i], Some(CaptureKind::Approach))
            }
            Some((i, c)) if t.len() > 2 && matches!(c, 'W' | 'w') => {
                (&t[..i], Some(CaptureKind::Withdrawal))
            }
            _ => (t, None),
        };
        let looks_like_point = name.len() >= 2
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name[1..].bytes().all(|b| b.is_ascii_digit());
        if !looks_like_point {
            // A point with another letter after it: the letter is wrong,
            // not the point (`e3X` was "not a move, a point or a command").
            if let Some((_, mark)) = wrong_capture_mark(&board, t) {
                return Err(GameError::BadCaptureMark {
                    text: t.to_string(),
                    mark,
                });
            }
            return Err(GameError::NotUnderstood {
                text: t.to_string(),
            });
        }
        let sq = board
            .parse_square(name)
            .ok_or_else(|| GameError::NotAPoint {
                text: name.to_string(),
                board,
            })?;
        Ok((sq, kind))
    }

    /// The points of stones that have a legal turn.
    pub fn movable(&self) -> Vec<Square> {
        let mut v: Vec<Square> = self
            .legal_turns()
            .iter()
            .map(|(t, _)| match t {
                Turn::Paika { from, .. } | Turn::Capture { from, .. } => *from,
                Turn::Sacrifice(sq) => *sq,
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn names(&self, sqs: &[Square]) -> Vec<String> {
        sqs.iter().map(|&s| self.geo.board.square_name(s)).collect()
    }

    fn select(&mut self, sq: Square) -> Result<Entered<B>, GameError> {
        let movable = self.movable();
        if !movable.contains(&sq) {
            return Err(GameError::CannotMoveFrom {
                point: self.geo.board.square_name(sq),
                movable: self.names(&movable),
            });
        }
        self.partial = Some(Partial {
            from: sq,
            steps: Vec::new(),
            choice: None,
        });
        Ok(Entered::InProgress)
    }

    /// The legal capture turns of the chosen stone that extend the steps so
    /// far, and whether the steps so far are a whole turn.
    fn extensions(&self, p: &Partial) -> (Vec<Step>, bool) {
        let mut next = Vec::new();
        let mut complete = false;
        for (t, _) in self.legal_turns() {
            if let Turn::Capture { from, steps } = t
                && from == p.from
                && steps.starts_with(&p.steps)
            {
                if steps.len() == p.steps.len() {
                    complete = true;
                } else {
                    next.push(steps[p.steps.len()]);
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        (next, complete)
    }

    fn next_steps(&self, p: &Partial) -> Vec<NextStep> {
        let mut out: Vec<NextStep> = self
            .extensions(p)
            .0
            .into_iter()
            .map(|s| NextStep {
                to: s.to,
                kind: Some(s.kind),
            })
            .collect();
        if p.steps.is_empty() {
            for (t, _) in self.legal_turns() {
                if let Turn::Paika { from, to } = t
                    && from == p.from
                {
                    out.push(NextStep { to, kind: None });
                }
            }
        }
        out.sort_unstable();
        out
    }

    fn step_names(&self, p: &Partial) -> Vec<String> {
        let board = &self.geo.board;
        let mut v: Vec<String> = self
            .next_steps(p)
            .iter()
            .map(|n| {
                let mut s = board.square_name(n.to);
                if let Some(k) = n.kind {
                    s.push(k.letter());
                }
                s
            })
            .collect();
        if p.steps.is_empty() && self.can_sacrifice(p.from) {
            v.push("x".into());
        }
        if !p.steps.is_empty() && self.extensions(p).1 {
            v.push("end".into());
        }
        v
    }

    fn can_sacrifice(&self, sq: Square) -> bool {
        self.legal_turns()
            .iter()
            .any(|(t, _)| *t == Turn::Sacrifice(sq))
    }

    fn step(
        &mut self,
        text: &str,
        to: Square,
        kind: Option<CaptureKind>,
    ) -> Result<Entered<B>, GameError> {
        let p = self
            .partial
            .clone()
            .ok_or_else(|| GameError::NoStoneChosen {
                text: text.to_string(),
            })?;
        if let Some(c) = p.choice {
            let k = match kind {
                Some(k) if c == to => k,
                _ => {
                    return Err(GameError::ChooseKind {
                        text: text.to_string(),
                        to: self.geo.board.square_name(c),
                    });
                }
            };
            return self.choose_kind(text, k);
        }
        if p.steps.is_empty() && kind.is_none() {
            let paika = Turn::Paika { from: p.from, to };
            if self.legal_turns().iter().any(|(t, _)| *t == paika) {
                return self.commit(paika).map(Entered::Played);
            }
        }
        let (next, _) = self.extensions(&p);
        let kinds: Vec<CaptureKind> = next.iter().filter(|s| s.to == to).map(|s| s.kind).collect();
        let chosen = match kind {
            Some(k) if kinds.contains(&k) => k,
            None if kinds.len() == 1 => kinds[0],
            None if kinds.len() > 1 => {
                if let Some(p) = &mut self.partial {
                    p.choice = Some(to);
                }
                return Ok(Entered::InProgress);
            }
            _ => {
                return Err(GameError::IllegalStep {
                    text: text.to_string(),
                    options: self.step_names(&p),
                });
            }
        };
        self.push_step(Step { to, kind: chosen })
    }

    fn push_step(&mut self, s: Step) -> Result<Entered<B>, GameError> {
        let mut p = self.partial.clone().expect("a stone is chosen");
        p.steps.push(s);
        p.choice = None;
        let (next, complete) = self.extensions(&p);
        if next.is_empty() {
            debug_assert!(complete, "a chain with no way on is a whole turn");
            let turn = Turn::Capture {
                from: p.from,
                steps: p.steps,
            };
            return self.commit(turn).map(Entered::Played);
        }
        self.partial = Some(p);
        Ok(Entered::InProgress)
    }

    fn choose_kind(&mut self, text: &str, kind: CaptureKind) -> Result<Entered<B>, GameError> {
        let to = match &self.partial {
            Some(Partial {
                choice: Some(to), ..
            }) => *to,
            _ => {
                return Err(GameError::NoChoicePending {
                    text: text.to_string(),
                });
            }
        };
        self.push_step(Step { to, kind })
    }

    /// Ends a chain that may stop here.
    pub fn end_turn(&mut self) -> Result<Entered<B>, GameError> {
        self.check_not_over()?;
        let options = match &self.partial {
            None => Vec::new(),
            // (With a capture's letter asked for, it named next steps and
            // "end" itself.)
            Some(p) if p.choice.is_some() || p.steps.is_empty() => self.partial_options(),
            Some(p) => {
                if self.extensions(p).1 {
                    let turn = Turn::Capture {
                        from: p.from,
                        steps: p.steps.clone(),
                    };
                    return self.commit(turn).map(Entered::Played);
                }
                self.step_names(p)
            }
        };
        Err(GameError::CannotEnd { options })
    }

    fn sacrifice_chosen(&mut self, text: &str) -> Result<Entered<B>, GameError> {
        match &self.partial {
            Some(p) if p.steps.is_empty() && p.choice.is_none() => {
                let from = p.from;
                if self.can_sacrifice(from) {
                    self.commit(Turn::Sacrifice(from)).map(Entered::Played)
                } else {
                    Err(GameError::IllegalStep {
                        text: text.to_string(),
                        options: self.step_names(p),
                    })
                }
            }
            Some(p) => Err(GameError::IllegalStep {
                text: text.to_string(),
                options: self.step_names(p),
            }),
            None => Err(GameError::NoStoneChosen {
                text: text.to_string(),
            }),
        }
    }

    /// Drops a half-entered turn.
    pub fn cancel_partial(&mut self) {
        self.partial = None;
    }

    /// The half-entered turn, if any.
    pub fn partial(&self) -> Option<PartialView<B>> {
        let p = self.partial.as_ref()?;
        let position = self.after_steps(p.from, &p.steps);
        let choice = p.choice.map(|to| {
            let captured = |kind| {
                let mut steps = p.steps.clone();
                steps.push(Step { to, kind });
                position.waiter() & !self.after_steps(p.from, &steps).waiter()
            };
            KindChoice {
                to,
                approach: captured(CaptureKind::Approach),
                withdrawal: captured(CaptureKind::Withdrawal),
            }
        });
        let (_, complete) = self.extensions(p);
        let mut visited = vec![p.from];
        visited.extend(p.steps.iter().map(|s| s.to));
        Some(PartialView {
            from: p.from,
            steps: p.steps.clone(),
            visited,
            position,
            choice,
            next: if p.choice.is_some() {
                Vec::new()
            } else {
                self.next_steps(p)
            },
            can_end: complete && !p.steps.is_empty() && p.choice.is_none(),
            can_sacrifice: p.steps.is_empty() && p.choice.is_none() && self.can_sacrifice(p.from),
        })
    }

    /// The next inputs a half-entered turn accepts, in notation (`e4A`,
    /// `x`, `end`).
    pub fn partial_options(&self) -> Vec<String> {
        match &self.partial {
            Some(p) if p.choice.is_some() => vec!["A".into(), "W".into()],
            Some(p) => self.step_names(p),
            None => Vec::new(),
        }
    }

    /// The board after the capturing steps `steps` of the stone on `from`,
    /// the same side still to move. Under free continuation every prefix of
    /// a chain is a legal turn, so this reads the board off the legal turns
    /// of the free rule rather than replaying the captures by hand.
    fn after_steps(&self, from: Square, steps: &[Step]) -> Position<B> {
        let pos = *self.position();
        if steps.is_empty() {
            return pos;
        }
        let free = Rules {
            continuation: Continuation::Free,
            ..self.rules
        };
        let want = Turn::Capture {
            from,
            steps: steps.to_vec(),
        };
        let mut after = legal_turns(&self.geo, &free, &pos)
            .into_iter()
            .find(|(t, _)| *t == want)
            .map(|(_, p)| p)
            .unwrap_or(pos);
        // Mid-turn: the same side is still to move and the waiter's
        // sacrificed block is still on the board.
        after.turn = pos.turn;
        after.block = pos.block;
        if let Some(b) = pos.block {
            let other = pos.turn.other();
            *after.stones_mut(other) = after.stones(other).with(b);
        }
        after
    }

    // ----- records -----

    /// The game as a record (see [`GameRecord`]).
    pub fn record(&self) -> GameRecord {
        let standard = Position::<B>::start(&self.geo.board, self.rules.first);
        GameRecord {
            board: self.geo.board,
            rules: self.rules,
            start: (self.start != standard).then(|| position_to_fen(&self.geo.board, &self.start)),
            max_turns: self.max_turns,
            moves: self
                .played
                .iter()
                .map(|p| RecordedMove {
                    line: 0,
                    text: p.notation.clone(),
                })
                .collect(),
            end: self.adjudication.map(|o| o.reason),
            start_line: 0,
        }
    }

    /// Replays a record: every move goes through the move parser, so an
    /// illegal record is an error naming its line.
    pub fn from_record(rec: &GameRecord) -> Result<Game<B>, RecordError> {
        if rec.board.points() > B::CAPACITY {
            return Err(RecordError::TooLarge { board: rec.board });
        }
        let start = match &rec.start {
            Some(fen) => {
                parse_position::<B>(&rec.board, fen).map_err(|error| RecordError::BadStart {
                    line: rec.start_line,
                    error,
                })?
            }
            None => Position::start(&rec.board, rec.rules.first),
        };
        // (A position read from text always stands on its board.)
        let mut game = Game::from_position(rec.board, rec.rules, start)
            .expect("a parsed position stands on its board")
            .with_max_turns(rec.max_turns);
        for m in &rec.moves {
            if let Some(outcome) = game.outcome() {
                return Err(RecordError::MoveAfterEnd {
                    line: m.line,
                    text: m.text.clone(),
                    outcome,
                });
            }
            game.play_text(&m.text)
                .map_err(|error| RecordError::IllegalMove {
                    line: m.line,
                    text: m.text.clone(),
                    error: Box::new(error),
                })?;
        }
        if let Some(reason) = rec.end {
            match reason {
                EndReason::Time(c) => game.lose_on_time(c),
                EndReason::Agreed => game.agree_draw(),
                EndReason::Resigned(c) => game.resign(c),
                _ => {}
            }
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Diagonals;

    fn game(fen: &str, rules: Rules) -> Game<u64> {
        let board = Board::new(3, 3, rules.diagonals).unwrap();
        let pos = parse_position::<u64>(&board, fen).unwrap();
        Game::from_position(board, rules, pos).unwrap()
    }

    #[test]
    fn a_game_refuses_a_start_of_another_board() {
        // (Taken, and played as if the stones past the board were not
        // there.)
        let b33 = Board::new(3, 3, Diagonals::Corner).unwrap();
        let b53 = Board::new(5, 3, Diagonals::Corner).unwrap();
        let wide = parse_position::<u64>(&b53, "W..../...../....B w").unwrap();
        match Game::from_position(b33, Rules::default(), wide) {
            Err(e @ GameError::Position(_)) => {
                assert!(e.to_string().contains("past the 9 points"), "{e}")
            }
            other => panic!("{:?}", other.map(|g| g.fen())),
        }
        assert!(Game::from_position(b53, Rules::default(), wide).is_ok());
    }

    #[test]
    fn undo_and_redo_restore_positions() {
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let mut g = Game::<u64>::new(board, Rules::default());
        let mut fens = vec![g.fen()];
        for _ in 0..6 {
            let t = g.legal_turns()[0].0.clone();
            g.play_turn(&t).unwrap();
            fens.push(g.fen());
        }
        for i in (0..6).rev() {
            assert!(matches!(g.undo().unwrap(), Undone::Turn(_)));
            assert_eq!(g.fen(), fens[i]);
        }
        assert_eq!(g.undo(), Err(GameError::NothingToUndo));
        for f in fens.iter().skip(1) {
            g.redo().unwrap();
            assert_eq!(&g.fen(), f);
        }
        assert_eq!(g.redo(), Err(GameError::NothingToRedo));
        // A new turn after undo clears the redo list.
        g.undo().unwrap();
        let t = g.legal_turns().last().unwrap().0.clone();
        g.play_turn(&t).unwrap();
        assert_eq!(g.redo(), Err(GameError::NothingToRedo));
    }

    #[test]
    fn step_by_step_matches_whole_turns() {
        // Every legal turn of several positions can be entered point by
        // point, with A/W asked only when both are possible.
        let rules_list = [
            Rules::default(),
            Rules {
                continuation: Continuation::Forced,
                ..Rules::default()
            },
        ];
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        for rules in rules_list {
            let mut g = Game::<u64>::new(board, rules);
            for _ in 0..8 {
                if g.outcome().is_some() {
                    break;
                }
                let turns = g.legal_turns();
                for (t, after) in &turns {
                    let mut h = g.clone();
                    let got = match t {
                        Turn::Paika { from, to } => {
                            h.enter(&board.square_name(*from)).unwrap();
                            h.enter(&board.square_name(*to)).unwrap()
                        }
                        Turn::Capture { from, steps } => {
                            h.enter(&board.square_name(*from)).unwrap();
                            let mut last = Entered::InProgress;
                            for (i, s) in steps.iter().enumerate() {
                                last = h.enter(&board.square_name(s.to)).unwrap();
                                if h.partial().is_some_and(|p| p.choice.is_some()) {
                                    let k = if s.kind == CaptureKind::Approach {
                                        "A"
                                    } else {
                                        "W"
                                    };
                                    last = h.enter(k).unwrap();
                                }
                                if i + 1 < steps.len() {
                                    assert_eq!(last, Entered::InProgress);
                                }
                            }
                            if last == Entered::InProgress {
                                last = h.enter("end").unwrap();
                            }
                            last
                        }
                        Turn::Sacrifice(_) => unreachable!(),
                    };
                    match got {
                        Entered::Played(p) => {
                            assert_eq!(&p.turn, t);
                            assert_eq!(&p.after, after);
                        }
                        Entered::InProgress => panic!("turn {t:?} not finished"),
                    }
                }
                let t = turns[turns.len() / 2].0.clone();
                g.play_turn(&t).unwrap();
            }
        }
    }

    #[test]
    fn partial_view_shows_the_board_mid_chain() {
        // White a1-b1 approaches c1, then may go on b1-b2 approaching b3.
        let mut g = game(".B./.../W.B w", Rules::default());
        g.enter("a1").unwrap();
        let v = g.partial().unwrap();
        assert_eq!(v.visited, vec![0]);
        assert!(v.next.iter().any(|n| n.kind == Some(CaptureKind::Approach)));
        g.enter("b1").unwrap();
        let v = g.partial().unwrap();
        // c1 is gone mid-turn, White still to move.
        assert_eq!(v.position.turn, Color::White);
        assert!(!v.position.black.contains(2));
        assert_eq!(v.visited, vec![0, 1]);
        assert!(v.can_end);
        assert_eq!(g.partial_options(), vec!["b2A", "end"]);
        assert_eq!(g.undo().unwrap(), Undone::Step);
        assert_eq!(g.partial().unwrap().steps.len(), 0);
        g.enter("b1").unwrap();
        match g.enter("b2").unwrap() {
            Entered::Played(p) => assert_eq!(p.notation, "a1-b1A-b2A"),
            e => panic!("{e:?}"),
        }
        assert_eq!(g.fen(), ".../.W./... b");
    }

    #[test]
    fn records_round_trip_and_name_bad_lines() {
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let mut g = Game::<u64>::new(board, Rules::default()).with_max_turns(Some(40));
        for _ in 0..7 {
            let t = g.legal_turns()[1 % g.legal_turns().len()].0.clone();
            g.play_turn(&t).unwrap();
        }
        let text = g.record().to_text();
        let rec = GameRecord::parse(&text).unwrap();
        let h = Game::<u64>::from_record(&rec).unwrap();
        assert_eq!(h.history(), g.history());
        assert_eq!(h.max_turns(), Some(40));
        // Break the third move.
        let bad = text.replace(&format!("3. {}", g.moves()[2]), "3. a1-a2");
        let rec = GameRecord::parse(&bad).unwrap();
        let err = Game::<u64>::from_record(&rec).unwrap_err();
        let line = bad.lines().position(|l| l.starts_with("3. ")).unwrap() + 1;
        assert!(matches!(err, RecordError::IllegalMove { line: l, .. } if l == line));
        assert!(err.to_string().contains("a1-a2"));
        assert!(GameRecord::parse("rules sacrifice=maybe\nboard 3x3").is_err());
        assert_eq!(
            GameRecord::parse("1. a1-a2"),
            Err(RecordError::MissingBoard)
        );
        // A stray first line is read as moves: the header after it says
        // where they began.
        let err = GameRecord::parse("hello world\nboard 3x3").unwrap_err();
        assert_eq!(
            err,
            RecordError::HeaderAfterMoves {
                line: 2,
                header: "board".into(),
                moves_from: 1
            }
        );
        assert!(err.to_string().contains("begin on line 1"), "{err}");
        // A second board line (the last one was taken), and a cap of 0
        // (the game ended before its first turn).
        assert_eq!(
            GameRecord::parse("board 3x3\nboard 5x3\n1. a1-b2A"),
            Err(RecordError::RepeatedHeader {
                line: 2,
                header: "board".into(),
                first: 1
            })
        );
        assert_eq!(
            GameRecord::parse("board 3x3\nmax-turns 0"),
            Err(RecordError::ZeroCap { line: 2 })
        );
        assert!(GameRecord::parse("board 3x3\nmax-turns 1").is_ok());
        // A byte-order mark before the first line is no move.
        let with_bom = format!("\u{feff}{text}");
        assert_eq!(GameRecord::parse(&with_bom), GameRecord::parse(&text));
        let err = GameRecord::parse("board 3x3\nend agreed\n1. a1-b2A").unwrap_err();
        assert!(
            matches!(err, RecordError::AfterEnd { line: 3, .. }),
            "{err:?}"
        );
        // A second end line (the last was taken), and moves on a `moves`
        // line (they were dropped).
        assert_eq!(
            GameRecord::parse("board 3x3\nend agreed\nend time white"),
            Err(RecordError::RepeatedHeader {
                line: 3,
                header: "end".into(),
                first: 2
            })
        );
        let rec = GameRecord::parse("board 3x3\nmoves 1. a1-b2A 2. b3-c3\n3. c1-b1").unwrap();
        let texts: Vec<(usize, &str)> = rec.moves.iter().map(|m| (m.line, &m.text[..])).collect();
        assert_eq!(texts, [(2, "a1-b2A"), (2, "b3-c3"), (3, "c1-b1")]);
        let rec = GameRecord::parse("board 3x3\nmoves\n1. a1-b2A").unwrap();
        assert_eq!(rec.moves.len(), 1);
    }

    /// A capture typed whole without the `A`/`W` of a first step that
    /// could capture both ways is played when the rest of it fits one way
    /// only, and named as ambiguous when it fits both (it was refused as
    /// not legal). Over random 5x5 positions.
    #[test]
    fn a_left_out_capture_letter_is_settled_by_the_rest_of_the_turn() {
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let mut rng = crate::engine::XorShift64::new(120);
        let strip = |text: &str| -> String {
            let mut parts: Vec<String> = text.split('-').map(str::to_string).collect();
            parts[1] = parts[1].trim_end_matches(['A', 'W']).to_string();
            parts.join("-")
        };
        let (mut settled, mut ambiguous, mut many_ways) = (0, 0, 0);
        for _ in 0..3000 {
            let mut pos = Position::<u64>::empty(Color::White);
            for sq in 0..25u8 {
                match rng.below(3) {
                    0 => pos.white = pos.white.with(sq),
                    1 if rng.below(2) == 0 => pos.black = pos.black.with(sq),
                    _ => {}
                }
            }
            let game = Game::from_position(board, Rules::default(), pos).unwrap();
            let names = game.legal_moves();
            for name in &names {
                let steps = name.split('-').count() - 1;
                let first = name.split('-').take(2).collect::<Vec<_>>().join("-");
                let head = first.trim_end_matches(['A', 'W']);
                let both_ways = ["A", "W"]
                    .iter()
                    .all(|k| names.iter().any(|n| n.starts_with(&format!("{head}{k}"))));
                if steps < 2 || !both_ways {
                    continue;
                }
                let typed = strip(name);
                let fits = names.iter().filter(|n| strip(n) == typed).count();
                let mut g = game.clone();
                match (fits, g.enter(&typed)) {
                    (1, Ok(Entered::Played(p))) => {
                        assert_eq!(&p.notation, name, "{typed}");
                        settled += 1;
                    }
                    (2, Err(GameError::AmbiguousCapture { .. })) => ambiguous += 1,
                    (n, r) => panic!("{typed} ({n} fit) at {}: {r:?}", game.fen()),
                }
                // Every step's letter left out: a turn is played only when
                // it is the one that fits (the steps after an ambiguous one
                // fitting two ways once played one of three that fit).
                let bare = |text: &str| text.replace(['A', 'W'], "");
                let typed = bare(name);
                let fits = names.iter().filter(|n| bare(n) == typed).count();
                let mut g = game.clone();
                match (fits, g.enter(&typed)) {
                    (1, Ok(Entered::Played(p))) => assert_eq!(&p.notation, name, "{typed}"),
                    // Half entered: the last step's letter still asked for,
                    // nothing played; ending the turn there names the
                    // letters to give (it named next steps: `c3A c3W`).
                    (2.., Ok(Entered::InProgress)) => {
                        assert_eq!(g.turns_played(), 0);
                        match g.end_turn() {
                            Err(GameError::CannotEnd { options }) => {
                                assert_eq!(options, ["A", "W"], "{typed}")
                            }
                            other => panic!("{typed}: {other:?}"),
                        }
                    }
                    (2.., Err(GameError::AmbiguousCapture { .. })) => many_ways += 1,
                    (n, r) => panic!("{typed} ({n} fit) at {}: {r:?}", game.fen()),
                }
            }
        }
        assert!(
            settled > 10 && ambiguous > 10 && many_ways > 10,
            "{settled} settled, {ambiguous} ambiguous, {many_ways} bare ambiguous"
        );
    }

    #[test]
    fn adjudications_are_final_and_recorded() {
        let board = Board::new(3, 3, Diagonals::Corner).unwrap();
        let mut g = Game::<u64>::new(board, Rules::default());
        let t = g.legal_turns()[0].0.clone();
        g.play_turn(&t).unwrap();
        g.lose_on_time(Color::Black);
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, Some(Color::White));
        assert!(matches!(g.undo(), Err(GameError::Over(_))));
        let rec = GameRecord::parse(&g.record().to_text()).unwrap();
        let h = Game::<u64>::from_record(&rec).unwrap();
        assert_eq!(h.outcome(), Some(o));
    }

    #[test]
    fn move_limit_ends_in_a_draw() {
        let rules = Rules {
            move_limit: true,
            ..Rules::default()
        };
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let pos = parse_position::<u64>(&board, "B..../...../...../...../....W w").unwrap();
        let mut g = Game::from_position(board, rules, pos).unwrap();
        assert_eq!(g.turn_limit(), Some(50));
        while g.outcome().is_none() {
            // A step after which the other side has no capture.
            let quiet = g
                .legal_turns()
                .into_iter()
                .find(|(_, after)| {
                    legal_turns(g.geometry(), &rules, after)
                        .iter()
                        .all(|(t, _)| matches!(t, Turn::Paika { .. }))
                })
                .expect("a quiet step");
            g.play_turn(&quiet.0).unwrap();
        }
        assert_eq!(g.turns_played(), 50);
        assert_eq!(
            g.outcome(),
            Some(Outcome {
                winner: None,
                reason: EndReason::MoveLimit(50)
            })
        );
        assert_eq!(g.turns_left(), Some(0));
        // Undo reopens the game.
        g.undo().unwrap();
        assert_eq!(g.outcome(), None);
    }
}
