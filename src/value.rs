//! Perfect-play values: win, draw or loss for the side to move, with the
//! distance in plies to the end of the game (winner fastest, loser slowest).

use std::cmp::Ordering;
use std::fmt;

use crate::bits::Bits;
use crate::geometry::Board;
use crate::position::Position;
use crate::rules::{Diagonals, Rules};

/// Win, draw or loss, without the distance, for the side to move. The
/// variants are declared worst first, so the derived order has better for
/// the side to move greater.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses under perfect play.
    Loss,
    /// Neither side can force a win (or, under the move limit, not before
    /// the turns run out).
    Draw,
    /// The side to move wins under perfect play.
    Win,
}

impl Wdl {
    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
    /// The same result for the other side.
    pub fn negate(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// [`Wdl::name`].
impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A perfect-play value for the side to move. `Win(1)`: the side to move
/// wins with this turn. `Loss(0)`: the side to move has lost already (no
/// stones, or no move under `stalemate loss`). `Win(0)`: the side to move
/// has won already (the other side has no stones; play never reaches such
/// a position, but one can be given). Distances are those of the game
/// without the move limit: [`Value::within`] cuts them to the turns left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, the game ending this many plies (turns) from
    /// now when the winner plays for the fastest win and the loser for the
    /// slowest loss.
    Win(u16),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses, the game ending this many plies from now
    /// under the same perfect play.
    Loss(u16),
}

impl Value {
    /// The result without the distance.
    pub fn wdl(self) -> Wdl {
        match self {
            Value::Win(_) => Wdl::Win,
            Value::Draw => Wdl::Draw,
            Value::Loss(_) => Wdl::Loss,
        }
    }
    /// Plies to the end under best play, none for a draw.
    pub fn plies(self) -> Option<u16> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }
    /// The value of a position one ply earlier, for the side that moves
    /// into a position of this value.
    pub fn parent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Draw => Value::Draw,
            Value::Loss(n) => Value::Win(n + 1),
        }
    }
    /// The value under the move-limit variant with `turns` turns left in
    /// the game: a win or loss further away than that is a draw (the
    /// distances are minimax game lengths, so the winner cannot force it
    /// sooner and the loser cannot lose later).
    pub fn within(self, turns: u32) -> Value {
        match self {
            Value::Win(n) | Value::Loss(n) if n as u32 > turns => Value::Draw,
            v => v,
        }
    }
    /// The value of a turn into a position of this value, for the side
    /// that plays it, with `turns_left` turns left in the game before the
    /// turn (`None`: no move limit): one turn fewer is left after it.
    pub fn of_turn(self, turns_left: Option<u32>) -> Value {
        turns_left
            .map_or(self, |t| self.within(t.saturating_sub(1)))
            .parent()
    }
}

impl Ord for Value {
    /// Better for the side to move is greater: faster wins, then draws,
    /// then slower losses.
    fn cmp(&self, other: &Self) -> Ordering {
        fn key(v: &Value) -> (i32, i32) {
            match *v {
                Value::Win(n) => (2, -(n as i32)),
                Value::Draw => (1, 0),
                Value::Loss(n) => (0, n as i32),
            }
        }
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n}"),
            Value::Draw => write!(f, "draw"),
            Value::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// Something that knows perfect-play values of some positions: endgame
/// tables, or nothing.
pub trait Oracle<B: Bits>: Sync {
    /// The value of the position for the side to move, if known. Called
    /// for every position a search meets, so the position is taken as it
    /// is: one that cannot stand on the board ([`Position::check`]) may
    /// panic (the table look-ups of [`crate::probe::Tablebase::probe`]
    /// check it).
    fn lookup(&self, pos: &Position<B>) -> Option<Value>;

    /// Only whether the side to move wins, draws or loses, if known: all a
    /// search needs without the move limit, and what tables with WDL files
    /// answer without decompressing anything.
    fn lookup_wdl(&self, pos: &Position<B>) -> Option<Wdl> {
        self.lookup(pos).map(Value::wdl)
    }

    /// Whether its values are those of positions on `board` under `rules`.
    /// A search or the engine asks before it starts and refuses an oracle
    /// of another game: a table of another board or rule set answers its
    /// positions wrongly without a word. One that knows nothing serves
    /// every game.
    fn serves(&self, board: &Board, rules: &Rules) -> bool {
        let _ = (board, rules);
        true
    }

    /// What the look-ups met and could not read, each naming its file
    /// (damaged tables, whose positions were taken for unknown): a caller
    /// that plays or searches on shows these, since a look-up itself only
    /// says "not known". Empty for an oracle that reads nothing.
    fn problems(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Why tables, a board and rules given together are not one game
/// ([`same_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameMismatch {
    /// The board and the rules give different diagonal rules, on a board
    /// where the two join different points.
    Diagonals {
        /// The board given, with its own diagonal rule.
        board: Board,
        /// The diagonal rule of the rules given.
        rules: Diagonals,
    },
    /// The oracle holds tables of another board or rule set.
    OtherTables {
        /// The board of the game asked for.
        board: Board,
        /// The rules of the game asked for.
        rules: Rules,
    },
}

impl fmt::Display for GameMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMismatch::Diagonals { board, rules } => write!(
                f,
                "the board {board} has the {} diagonal rule, the rules {rules}: give both the same",
                board.diagonals
            ),
            GameMismatch::OtherTables { board, rules } => write!(
                f,
                "the tables given are not those of {board} under {}",
                rules.slug()
            ),
        }
    }
}

impl std::error::Error for GameMismatch {}

/// Whether `board` is played under `rules`' diagonal rule (or the two
/// rules agree on it) and `oracle` serves that game: the check of
/// [`crate::search::Solver::new`] and [`crate::engine::choose`], which
/// take both and would otherwise answer wrongly (move generation follows
/// the board, tables the rules).
pub fn same_game<B: Bits, O: Oracle<B> + ?Sized>(
    board: &Board,
    rules: &Rules,
    oracle: &O,
) -> Result<(), GameMismatch> {
    if board.diagonals != rules.diagonals && !board.diagonal_rules_agree() {
        return Err(GameMismatch::Diagonals {
            board: *board,
            rules: rules.diagonals,
        });
    }
    if !oracle.serves(board, rules) {
        return Err(GameMismatch::OtherTables {
            board: *board,
            rules: *rules,
        });
    }
    Ok(())
}

/// Panics where [`same_game`] says no.
pub(crate) fn assert_same_game<B: Bits, O: Oracle<B> + ?Sized>(
    board: &Board,
    rules: &Rules,
    oracle: &O,
) {
    if let Err(e) = same_game(board, rules, oracle) {
        panic!("{e}");
    }
}

/// Maybe an oracle: `None` knows nothing.
impl<B: Bits, O: Oracle<B>> Oracle<B> for Option<O> {
    fn lookup(&self, pos: &Position<B>) -> Option<Value> {
        self.as_ref().and_then(|o| o.lookup(pos))
    }
    fn lookup_wdl(&self, pos: &Position<B>) -> Option<Wdl> {
        self.as_ref().and_then(|o| o.lookup_wdl(pos))
    }
    fn serves(&self, board: &Board, rules: &Rules) -> bool {
        self.as_ref().is_none_or(|o| o.serves(board, rules))
    }
    fn problems(&self) -> Vec<String> {
        self.as_ref().map_or(Vec::new(), |o| o.problems())
    }
}

/// An oracle that knows nothing: search without tables.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTables;

impl<B: Bits> Oracle<B> for NoTables {
    fn lookup(&self, _pos: &Position<B>) -> Option<Value> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_prefers_fast_wins_and_slow_losses() {
        let mut v = vec![
            Value::Loss(3),
            Value::Win(5),
            Value::Draw,
            Value::Win(1),
            Value::Loss(0),
        ];
        v.sort();
        assert_eq!(
            v,
            [
                Value::Loss(0),
                Value::Loss(3),
                Value::Draw,
                Value::Win(5),
                Value::Win(1)
            ]
        );
        assert_eq!(Value::Loss(0).parent(), Value::Win(1));
        assert_eq!(Value::Win(7).within(6), Value::Draw);
        assert_eq!(Value::Win(6).within(6), Value::Win(6));
    }

    #[test]
    fn a_turn_leaves_one_turn_fewer() {
        // Loss in 4 after the turn: a win in 5 for its player, if 5 turns
        // are left before it, else a draw.
        assert_eq!(Value::Loss(4).of_turn(None), Value::Win(5));
        assert_eq!(Value::Loss(4).of_turn(Some(5)), Value::Win(5));
        assert_eq!(Value::Loss(4).of_turn(Some(4)), Value::Draw);
        assert_eq!(Value::Win(2).of_turn(Some(3)), Value::Loss(3));
        assert_eq!(Value::Win(2).of_turn(Some(2)), Value::Draw);
        assert_eq!(Value::Draw.of_turn(Some(0)), Value::Draw);
    }
}
