//! The line of perfect play from a position, read off the tables: at each
//! ply the side to move plays its best turn (the fastest win, else a draw,
//! else the slowest loss), until the game ends.
//!
//! Exact distances make this a walk, not a search: a position worth
//! `win n` has a turn into a position worth `loss n-1`, and so on down to
//! a side with no stones or no turn, so a won or lost line is exactly as
//! long as its distance says, unless that is more than the most plies
//! asked for, where every line stops ([`LineEnd::MostPlies`]: `probe
//! --line=N` shows the first N). A drawn line has no end: it stops when a
//! position comes round again (the players can repeat from there for ever)
//! or after the most plies asked for.
//!
//! Every position of the line has a table (a turn never adds a stone), so
//! a start the tables answer gives a whole line; one just above the tables
//! (answered through its captures) needs its children's tables only.

use std::collections::HashMap;

use crate::bits::Bits;
use crate::movegen::{Turn, legal_turns};
use crate::position::Position;
use crate::probe::{ProbeError, Tablebase};
use crate::value::Value;

/// One ply of a line: the turn played, the position it leads to, and that
/// position's value for its side to move.
#[derive(Clone, Debug)]
pub struct LineStep<B> {
    /// The turn played: the best for its player, the first in
    /// move-generation order among equals.
    pub turn: Turn,
    /// The position after the turn.
    pub position: Position<B>,
    /// The value of `position` for its side to move (the player's
    /// opponent); under the move limit, cut to the turns left after this
    /// turn ([`Value::within`]).
    pub value: Value,
}

/// Why a line stops where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The side to move has no stones left: it has lost.
    NoStones,
    /// The other side has no stones left: it has lost (a position only
    /// given, as play ends the turn it loses its last stone).
    OpponentHasNoStones,
    /// The side to move has stones but no turn: a loss, or a draw under
    /// `stalemate draw`.
    NoTurn,
    /// The last position stood earlier in the line, at this ply (0 is the
    /// start): a drawn line goes round from there.
    Repetition(usize),
    /// Under the move limit, no turns are left: the game is drawn.
    MoveLimit,
    /// The most plies asked for were played before the game ended (a drawn
    /// line, or a won or lost one longer than that).
    MostPlies,
}

impl LineEnd {
    /// A short name for the command line's JSON.
    pub fn name(self) -> &'static str {
        match self {
            LineEnd::NoStones => "no stones",
            LineEnd::OpponentHasNoStones => "opponent has no stones",
            LineEnd::NoTurn => "no turn",
            LineEnd::Repetition(_) => "repetition",
            LineEnd::MoveLimit => "move limit",
            LineEnd::MostPlies => "most plies",
        }
    }
}

/// A line of perfect play: its plies and how it ends.
#[derive(Clone, Debug)]
pub struct PerfectLine<B> {
    /// The plies in the order played; the start position is not among
    /// them. Empty when the line ends at the start.
    pub steps: Vec<LineStep<B>>,
    /// Why the line stops after the last step.
    pub end: LineEnd,
}

/// The value of `pos` with `turns_left` turns left in the game (none: no
/// move limit).
fn limited<B: Bits>(
    tb: &Tablebase<B>,
    pos: &Position<B>,
    turns_left: Option<u32>,
) -> Result<Value, ProbeError> {
    let v = tb.probe(pos)?;
    Ok(turns_left.map_or(v, |t| v.within(t)))
}

/// The line of perfect play from `start`, at most `most_plies` plies long.
/// Of equally good turns the first in move-generation order is played.
/// With `turns_left` (the move-limit variant), each turn uses one up and a
/// win further away than the turns left counts as a draw.
pub fn perfect_line<B: Bits>(
    tb: &Tablebase<B>,
    start: &Position<B>,
    most_plies: usize,
    turns_left: Option<u32>,
) -> Result<PerfectLine<B>, ProbeError> {
    // Each position of the line with the ply it stands at.
    let mut seen = HashMap::from([(*start, 0)]);
    let mut steps: Vec<LineStep<B>> = Vec::new();
    let mut pos = *start;
    let end = loop {
        // (A game over by the last turn is over, not drawn by the limit.)
        let turns = legal_turns(&tb.geo, &tb.rules, &pos);
        if turns.is_empty() {
            break if pos.mover().is_empty() {
                LineEnd::NoStones
            } else if pos.waiter().is_empty() {
                LineEnd::OpponentHasNoStones
            } else {
                LineEnd::NoTurn
            };
        }
        let left = turns_left.map(|t| t.saturating_sub(steps.len() as u32));
        if left == Some(0) {
            break LineEnd::MoveLimit;
        }
        if steps.len() == most_plies {
            break LineEnd::MostPlies;
        }
        let mut best: Option<(Turn, Position<B>, Value)> = None;
        let mut not_built = None;
        for (turn, child) in turns {
            let v = match limited(tb, &child, left.map(|t| t - 1)) {
                Ok(v) => v,
                // (See below.)
                Err(e @ ProbeError::NotBuilt { .. }) => {
                    not_built.get_or_insert(e);
                    continue;
                }
                Err(e) => return Err(e),
            };
            // Better for the side that plays it: its value seen one ply up.
            if best.as_ref().is_none_or(|b| v.parent() > b.2.parent()) {
                best = Some((turn, child, v));
            }
        }
        // A position just above the tables, answered through one winning
        // capture, may have turns into classes the folder lacks: the line
        // goes on if a known turn is worth the position's value, as only
        // then is it surely the best.
        if let Some(e) = not_built {
            let here = match steps.last() {
                Some(st) => st.value,
                None => limited(tb, &pos, left)?,
            };
            if best.as_ref().is_none_or(|b| b.2.parent() != here) {
                return Err(e);
            }
        }
        let (turn, child, value) = best.expect("a position with turns has a best one");
        steps.push(LineStep {
            turn,
            position: child,
            value,
        });
        pos = child;
        if let Some(&ply) = seen.get(&child) {
            break LineEnd::Repetition(ply);
        }
        seen.insert(child, steps.len());
    };
    Ok(PerfectLine { steps, end })
}
