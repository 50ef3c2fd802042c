//! Move generation: whole turns (paika, capture chains with every legal
//! stopping point, sacrifice) and the distinct positions they lead to.
//!
//! Captures are found with bitboard shifts (is there any capture at all,
//! which decides whether paika is legal); chains are then walked point by
//! point with the neighbour table, since each step changes the board.

use crate::bits::{Bits, Square};
use crate::geometry::{Direction, Geometry};
use crate::position::Position;
use crate::rules::{Continuation, Rules, Stalemate};

/// How a capturing step captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CaptureKind {
    Approach,
    Withdrawal,
}

impl CaptureKind {
    pub fn letter(self) -> char {
        match self {
            CaptureKind::Approach => 'A',
            CaptureKind::Withdrawal => 'W',
        }
    }
}

/// One capturing step of a chain: where the stone goes and how it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub to: Square,
    pub kind: CaptureKind,
}

/// A whole turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A non-capturing step.
    Paika { from: Square, to: Square },
    /// One stone's chain of capturing steps (at least one).
    Capture { from: Square, steps: Vec<Step> },
    /// The sacrifice variant's move: the stone becomes a block.
    Sacrifice(Square),
}

/// A turn as the generator sees it, borrowed from its stack.
#[derive(Clone, Copy, Debug)]
pub enum TurnRef<'a> {
    Paika { from: Square, to: Square },
    Capture { from: Square, steps: &'a [Step] },
    Sacrifice(Square),
}

impl TurnRef<'_> {
    pub fn to_owned(self) -> Turn {
        match self {
            TurnRef::Paika { from, to } => Turn::Paika { from, to },
            TurnRef::Capture { from, steps } => Turn::Capture {
                from,
                steps: steps.to_vec(),
            },
            TurnRef::Sacrifice(sq) => Turn::Sacrifice(sq),
        }
    }
    pub fn is_capture(&self) -> bool {
        matches!(self, TurnRef::Capture { .. })
    }
}

/// How a position stands before any turn is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has turns to play.
    Ongoing,
    /// The side to move has no stones: lost.
    NoStones,
    /// The side to move has stones but no legal turn.
    Stalemate(Stalemate),
}

/// Calls `f` with every legal turn of the side to move and the position it
/// leads to, in a fixed order: captures by origin, direction and chain, or
/// paika moves; then sacrifices.
pub fn for_each_turn<B: Bits, F>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>, mut f: F)
where
    F: FnMut(TurnRef<'_>, &Position<B>),
{
    let own = pos.mover();
    if own.is_empty() {
        return;
    }
    let enemy = pos.waiter() & !pos.block_set();
    let empty = geo.all & !pos.occupied();
    let mut walker = ChainWalker {
        geo,
        forced: rules.continuation == Continuation::Forced,
        pos,
        steps: Vec::with_capacity(16),
    };
    let capturing = capturers(geo, own, enemy, empty);
    if capturing.any() {
        for from in capturing.squares() {
            let at = B::from_square(from);
            walker.walk(from, at, at, None, own, enemy, empty, &mut f);
        }
    } else {
        for d in Direction::ALL {
            for from in geo.from_which(empty, d).squares() {
                if own.contains(from) {
                    let to = geo.next(from, d);
                    let own2 = own.without(from).with(to);
                    f(TurnRef::Paika { from, to }, &finish(pos, own2, enemy, None));
                }
            }
        }
    }
    if rules.sacrifice {
        for sq in own.squares() {
            f(TurnRef::Sacrifice(sq), &finish(pos, own, enemy, Some(sq)));
        }
    }
}

/// The stones of `own` that can capture something.
#[inline]
pub fn capturers<B: Bits>(geo: &Geometry<B>, own: B, enemy: B, empty: B) -> B {
    let mut out = B::EMPTY;
    for d in Direction::ALL {
        // Approach: own, then an empty point, then an enemy stone, along d.
        let approach = geo.from_which(empty & geo.from_which(enemy, d), d);
        // Withdrawal: an enemy stone behind, an empty point ahead.
        let withdraw = geo.from_which(empty, d) & geo.from_which(enemy, d.opposite());
        out |= approach | withdraw;
    }
    own & out
}

/// Whether the side with stones `own` can capture anything.
#[inline]
pub fn has_capture<B: Bits>(geo: &Geometry<B>, own: B, enemy: B, empty: B) -> bool {
    capturers(geo, own, enemy, empty).any()
}

/// The position after the mover's stones became `own` and the waiter's
/// capturable stones `enemy`: the other side moves, the waiter's old block
/// is gone, and `sacrificed` (if any) is the mover's new block.
#[inline]
fn finish<B: Bits>(pos: &Position<B>, own: B, enemy: B, sacrificed: Option<Square>) -> Position<B> {
    let mut next = *pos;
    *next.stones_mut(pos.turn) = own;
    *next.stones_mut(pos.turn.other()) = enemy;
    next.turn = pos.turn.other();
    next.block = sacrificed;
    next
}

struct ChainWalker<'a, B> {
    geo: &'a Geometry<B>,
    forced: bool,
    pos: &'a Position<B>,
    steps: Vec<Step>,
}

impl<B: Bits> ChainWalker<'_, B> {
    /// Tries every capturing step of the stone on `at` (a one-point set) and
    /// goes on from each. Returns whether there was one. Works on one-point
    /// bitboards rather than indices: shifts and masks, no table look-ups.
    #[allow(clippy::too_many_arguments)]
    fn walk<F>(
        &mut self,
        origin: Square,
        at: B,
        visited: B,
        last: Option<Direction>,
        own: B,
        enemy: B,
        empty: B,
        f: &mut F,
    ) -> bool
    where
        F: FnMut(TurnRef<'_>, &Position<B>),
    {
        let geo = self.geo;
        let mut any = false;
        let open = empty & !visited;
        for d in Direction::ALL {
            if Some(d) == last {
                continue;
            }
            let to = geo.step(at, d) & open;
            if to.is_empty() {
                continue;
            }
            let ahead = geo.step(to, d) & enemy;
            if ahead.any() {
                any = true;
                let captured = line(geo, ahead, d, enemy);
                self.step(
                    origin,
                    at,
                    to,
                    d,
                    CaptureKind::Approach,
                    captured,
                    visited,
                    own,
                    enemy,
                    empty,
                    f,
                );
            }
            let back = d.opposite();
            let behind = geo.step(at, back) & enemy;
            if behind.any() {
                any = true;
                let captured = line(geo, behind, back, enemy);
                self.step(
                    origin,
                    at,
                    to,
                    d,
                    CaptureKind::Withdrawal,
                    captured,
                    visited,
                    own,
                    enemy,
                    empty,
                    f,
                );
            }
        }
        any
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn step<F>(
        &mut self,
        origin: Square,
        at: B,
        to: B,
        d: Direction,
        kind: CaptureKind,
        captured: B,
        visited: B,
        own: B,
        enemy: B,
        empty: B,
        f: &mut F,
    ) where
        F: FnMut(TurnRef<'_>, &Position<B>),
    {
        let own2 = (own & !at) | to;
        let enemy2 = enemy & !captured;
        let empty2 = (empty | captured | at) & !to;
        self.steps.push(Step {
            to: to.lowest(),
            kind,
        });
        if !self.forced {
            let next = finish(self.pos, own2, enemy2, None);
            f(
                TurnRef::Capture {
                    from: origin,
                    steps: &self.steps,
                },
                &next,
            );
        }
        let went_on =
            enemy2.any() && self.walk(origin, to, visited | to, Some(d), own2, enemy2, empty2, f);
        if self.forced && !went_on {
            let next = finish(self.pos, own2, enemy2, None);
            f(
                TurnRef::Capture {
                    from: origin,
                    steps: &self.steps,
                },
                &next,
            );
        }
        self.steps.pop();
    }
}

/// The enemy stones captured from `first` (a one-point set) on along `d`:
/// the run of enemy stones up to the first point that is not one.
#[inline]
fn line<B: Bits>(geo: &Geometry<B>, first: B, d: Direction, enemy: B) -> B {
    let mut out = first;
    let mut cur = geo.step(first, d) & enemy;
    while cur.any() {
        out |= cur;
        cur = geo.step(cur, d) & enemy;
    }
    out
}

/// Every legal turn with the position it leads to.
pub fn legal_turns<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
) -> Vec<(Turn, Position<B>)> {
    let mut out = Vec::new();
    for_each_turn(geo, rules, pos, |t, p| out.push((t.to_owned(), *p)));
    out
}

/// The distinct positions the legal turns lead to, sorted.
pub fn children<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> Vec<Position<B>> {
    let mut out = Vec::new();
    children_into(geo, rules, pos, &mut out);
    out
}

/// [`children`] into a reused buffer (cleared first).
pub fn children_into<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    out: &mut Vec<Position<B>>,
) {
    out.clear();
    for_each_turn(geo, rules, pos, |_, p| out.push(*p));
    out.sort_unstable();
    out.dedup();
}

/// The number of distinct positions the legal turns lead to: what
/// [`children`] would return, counted without building the paika results
/// (paika moves and sacrifices always lead to distinct positions; only
/// capture chains can meet).
pub fn count_children<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    scratch: &mut Vec<(B, B)>,
) -> u64 {
    let own = pos.mover();
    if own.is_empty() {
        return 0;
    }
    let enemy = pos.waiter() & !pos.block_set();
    let empty = geo.all & !pos.occupied();
    let sacrifices = if rules.sacrifice {
        own.count() as u64
    } else {
        0
    };
    let capturing = capturers(geo, own, enemy, empty);
    if capturing.is_empty() {
        let paika: u32 = Direction::ALL
            .iter()
            .map(|&d| (own & geo.from_which(empty, d)).count())
            .sum();
        return paika as u64 + sacrifices;
    }
    let mut walker = ChainWalker {
        geo,
        forced: rules.continuation == Continuation::Forced,
        pos,
        steps: Vec::with_capacity(16),
    };
    let me = pos.turn;
    let mut distinct = 0;
    for from in capturing.squares() {
        // Chains from different stones never meet (the first leaves its
        // origin, which the second keeps), so duplicates are looked for
        // only among one stone's chains.
        scratch.clear();
        let mut f =
            |_: TurnRef<'_>, p: &Position<B>| scratch.push((p.stones(me), p.stones(me.other())));
        let at = B::from_square(from);
        walker.walk(from, at, at, None, own, enemy, empty, &mut f);
        scratch.sort_unstable();
        scratch.dedup();
        distinct += scratch.len() as u64;
    }
    distinct + sacrifices
}

/// Whether the side to move has any legal turn.
pub fn has_turn<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> bool {
    let own = pos.mover();
    if own.is_empty() {
        return false;
    }
    if rules.sacrifice {
        return true;
    }
    let empty = geo.all & !pos.occupied();
    if Direction::ALL
        .iter()
        .any(|&d| (own & geo.from_which(empty, d)).any())
    {
        // A stone can step somewhere: that is a paika move, or, if paika is
        // forbidden, there is a capture.
        return true;
    }
    false
}

/// How the position stands for the side to move.
pub fn status<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> Status {
    if pos.mover().is_empty() {
        Status::NoStones
    } else if has_turn(geo, rules, pos) {
        Status::Ongoing
    } else {
        Status::Stalemate(rules.stalemate)
    }
}
