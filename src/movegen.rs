//! Move generation: whole turns (paika, capture chains with every legal
//! stopping point, sacrifice) and the distinct positions they lead to.
//!
//! Captures are found with bitboard shifts (is there any capture at all,
//! which decides whether paika is legal); chains are then walked point by
//! point with the neighbour table, since each step changes the board.

use crate::bits::{Bits, Square};
use crate::geometry::{Direction, Geometry, NO_SQUARE};
use crate::position::Position;
use crate::rules::{Continuation, Rules, Stalemate};

/// How a capturing step captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CaptureKind {
    /// The stone steps towards its prey: the enemy stone just beyond the
    /// point it steps to, in the direction of the step, is captured with
    /// the enemy stones directly behind it (`A` in move notation).
    Approach,
    /// The stone steps away from its prey: the enemy stone just behind the
    /// point it leaves, opposite the direction of the step, is captured
    /// with the enemy stones directly behind it (`W` in move notation).
    Withdrawal,
}

impl CaptureKind {
    /// `A` or `W`, the letter that follows a capturing step in move
    /// notation (`d3-e3A`).
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
    /// The point the stone steps to, one step along a line from where it
    /// stood (the turn's `from`, or the previous step's `to`).
    pub to: Square,
    /// Whether the step captures by approach or by withdrawal.
    pub kind: CaptureKind,
}

/// A whole turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A non-capturing step, legal only when the side to move has no
    /// capture anywhere.
    Paika {
        /// The point the stone leaves.
        from: Square,
        /// The empty neighbour it steps to.
        to: Square,
    },
    /// One stone's chain of capturing steps (at least one).
    Capture {
        /// The point the stone starts the chain from.
        from: Square,
        /// The capturing steps in the order played.
        steps: Vec<Step>,
    },
    /// The sacrifice variant's move: the stone on this point, one of the
    /// mover's, becomes a block through the opponent's next turn.
    Sacrifice(Square),
}

/// A turn as the generator sees it, borrowed from its stack.
#[derive(Clone, Copy, Debug)]
pub enum TurnRef<'a> {
    /// As [`Turn::Paika`].
    Paika {
        /// The point the stone leaves.
        from: Square,
        /// The empty neighbour it steps to.
        to: Square,
    },
    /// As [`Turn::Capture`], the steps borrowed from the generator (valid
    /// only during the callback).
    Capture {
        /// The point the stone starts the chain from.
        from: Square,
        /// The capturing steps in the order played.
        steps: &'a [Step],
    },
    /// As [`Turn::Sacrifice`]: the mover's stone that becomes a block.
    Sacrifice(Square),
}

impl TurnRef<'_> {
    /// The same turn as an owned [`Turn`], the steps copied.
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
    /// Whether the turn is a capture chain.
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
    /// The other side has no stones: the side to move has won, and the
    /// game is over (a position only given, as play never reaches it).
    Won,
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
    if own.is_empty() || pos.waiter().is_empty() {
        return; // The game is over: a side has no stones.
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
            walker.walk_from(from, own, enemy, empty, &mut f);
        }
    } else {
        for d in Direction::ALL {
            // The stones that can step in `d`, not every point that could
            // (a 13x13 ending of four stones walked some 160 points a
            // direction: 63% of its tables' init, session 119).
            for from in (own & geo.from_which(empty, d)).squares() {
                let to = geo.next(from, d);
                let own2 = own.without(from).with(to);
                f(TurnRef::Paika { from, to }, &finish(pos, own2, enemy, None));
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

/// Whether the side with stones `own_after` had a capture before one of
/// its stones stepped from `from` to `to` without capturing: whether that
/// paika step was illegal. `enemy` and `empty_after` are the other
/// stones and the free points after the step, and `capturers_after` is
/// [`capturers`] after it, which the builder computes once for all the
/// steps back from a position.
///
/// Most steps back are illegal (on 9x5 with 8 stones about nine in ten),
/// and most of those are seen without building the position before: a
/// stone other than the one that stepped, not next to `from`, that can
/// capture after the step could capture before it too, since only `from`
/// and `to` changed and neither is the point it captures through.
#[inline]
pub fn had_capture_before_step<B: Bits>(
    geo: &Geometry<B>,
    own_after: B,
    enemy: B,
    empty_after: B,
    capturers_after: B,
    from: Square,
    to: Square,
) -> bool {
    // The stone that stepped, on `to`, is next to `from`: left out too.
    if (capturers_after & !geo.neighbours[from as usize]).any() {
        return true;
    }
    let own_before = own_after.without(to).with(from);
    let empty_before = empty_after.without(from).with(to);
    capturers(geo, own_before, enemy, empty_before).any()
}

/// The number of paika moves of the side to move when it has no capture,
/// or `None` when it has one (then every capturing turn, and only those,
/// is legal). Sacrifices are not counted. Counts what [`for_each_turn`]
/// would go through without building a position for each: the table
/// builder's init only needs how many quiet children most positions have.
#[inline]
pub fn paika_count<B: Bits>(geo: &Geometry<B>, pos: &Position<B>) -> Option<u32> {
    let own = pos.mover();
    if pos.waiter().is_empty() {
        return Some(0); // The game is over.
    }
    let enemy = pos.waiter() & !pos.block_set();
    let empty = geo.all & !pos.occupied();
    if has_capture(geo, own, enemy, empty) {
        return None;
    }
    Some(
        Direction::ALL
            .iter()
            .map(|&d| (own & geo.from_which(empty, d)).count())
            .sum(),
    )
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

/// One point of a capture walk (where the stone stands, where it steps,
/// the first stone of a captured line), held as what makes a step cheap:
/// a one-point set where a set is one word (a step is a mask and a
/// shift), an index where a set is more (a step is a look-up in the
/// neighbour table; shifting a three-word set cost more: perft 5 from the
/// 13x13 start 0.37 -> 0.26 s, where indices on 9x5 made perft 6 0.36 ->
/// 0.43 s; session 120).
trait WalkPoint<B: Bits>: Copy {
    /// The neighbour in `d`, if it is one of `set`'s points.
    fn step_into(self, geo: &Geometry<B>, d: Direction, set: B) -> Option<Self>;
    /// The point as a one-point set.
    fn set(self) -> B;
    fn square(self) -> Square;
    /// A key that tells points apart, cheap to make and sort: the
    /// one-point set's word, or the index.
    fn key(self) -> u64;
}

/// A point as a one-point set.
#[derive(Clone, Copy)]
struct OneBit<B>(B);

impl<B: Bits> WalkPoint<B> for OneBit<B> {
    #[inline]
    fn step_into(self, geo: &Geometry<B>, d: Direction, set: B) -> Option<Self> {
        let next = geo.step(self.0, d) & set;
        next.any().then_some(OneBit(next))
    }
    #[inline]
    fn set(self) -> B {
        self.0
    }
    #[inline]
    fn square(self) -> Square {
        self.0.lowest()
    }
    /// (Used on one-word boards only, where the word is the set.)
    #[inline]
    fn key(self) -> u64 {
        debug_assert_eq!(B::WORDS, 1, "one-point sets key points of one-word sets");
        self.0.word(0)
    }
}

/// A point as its index.
#[derive(Clone, Copy)]
struct Index(Square);

impl<B: Bits> WalkPoint<B> for Index {
    #[inline]
    fn step_into(self, geo: &Geometry<B>, d: Direction, set: B) -> Option<Self> {
        let next = geo.next(self.0, d);
        (next != NO_SQUARE && set.contains(next)).then_some(Index(next))
    }
    #[inline]
    fn set(self) -> B {
        B::from_square(self.0)
    }
    #[inline]
    fn square(self) -> Square {
        self.0
    }
    #[inline]
    fn key(self) -> u64 {
        self.0 as u64
    }
}

struct ChainWalker<'a, B> {
    geo: &'a Geometry<B>,
    forced: bool,
    pos: &'a Position<B>,
    steps: Vec<Step>,
}

impl<B: Bits> ChainWalker<'_, B> {
    /// Walks every capture chain of the stone on `from`.
    #[inline]
    fn walk_from<F>(&mut self, from: Square, own: B, enemy: B, empty: B, f: &mut F)
    where
        F: FnMut(TurnRef<'_>, &Position<B>),
    {
        let visited = B::from_square(from);
        if B::WORDS == 1 {
            self.walk(from, OneBit(visited), visited, None, own, enemy, empty, f);
        } else {
            self.walk(from, Index(from), visited, None, own, enemy, empty, f);
        }
    }

    /// Tries every capturing step of the stone on `at` and goes on from
    /// each. Returns whether there was one.
    #[allow(clippy::too_many_arguments)]
    fn walk<P: WalkPoint<B>, F>(
        &mut self,
        origin: Square,
        at: P,
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
            let Some(to) = at.step_into(geo, d, open) else {
                continue;
            };
            if let Some(ahead) = to.step_into(geo, d, enemy) {
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
            if let Some(behind) = at.step_into(geo, back, enemy) {
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
    fn step<P: WalkPoint<B>, F>(
        &mut self,
        origin: Square,
        at: P,
        to: P,
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
        let (at_set, to_set) = (at.set(), to.set());
        let own2 = (own & !at_set) | to_set;
        let enemy2 = enemy & !captured;
        let empty2 = (empty | captured | at_set) & !to_set;
        self.steps.push(Step {
            to: to.square(),
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
        let went_on = enemy2.any()
            && self.walk(
                origin,
                to,
                visited | to_set,
                Some(d),
                own2,
                enemy2,
                empty2,
                f,
            );
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

/// The enemy stones captured from `first` on along `d`: the run of enemy
/// stones up to the first point that is not one.
#[inline]
fn line<B: Bits, P: WalkPoint<B>>(geo: &Geometry<B>, first: P, d: Direction, enemy: B) -> B {
    let mut out = first.set();
    let mut cur = first;
    while let Some(next) = cur.step_into(geo, d, enemy) {
        out |= next.set();
        cur = next;
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
    scratch: &mut Vec<(u64, B)>,
) -> u64 {
    let own = pos.mover();
    if own.is_empty() || pos.waiter().is_empty() {
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
    let mut counter = ChainEnds {
        geo,
        forced: rules.continuation == Continuation::Forced,
        ends: scratch,
    };
    let mut distinct = 0;
    for from in capturing.squares() {
        // Chains from different stones never meet (the first leaves its
        // origin, which the second keeps), so duplicates are looked for
        // only among one stone's chains.
        counter.ends.clear();
        counter.walk_from(from, enemy, empty);
        if counter.ends.len() > 1 {
            counter.ends.sort_unstable();
            counter.ends.dedup();
        }
        distinct += counter.ends.len() as u64;
    }
    distinct + sacrifices
}

/// The ends of one stone's capture chains, for [`count_children`]: where
/// the stone stopped and the enemy stones left, which among one stone's
/// chains say which position a chain leads to. [`ChainWalker`]'s walk
/// without the turns and positions, which counting does not need. Its loop
/// over the directions is a copy of that walk's on purpose: one function
/// shared through a closure made perft 4% slower (session 115, alternated
/// `bench --depth 6` runs, 0.40 s against 0.385 s).
struct ChainEnds<'a, B> {
    geo: &'a Geometry<B>,
    forced: bool,
    ends: &'a mut Vec<(u64, B)>,
}

impl<B: Bits> ChainEnds<'_, B> {
    /// Adds the ends of every capture chain of the stone on `from`.
    #[inline]
    fn walk_from(&mut self, from: Square, enemy: B, empty: B) {
        let visited = B::from_square(from);
        if B::WORDS == 1 {
            self.walk(OneBit(visited), visited, None, enemy, empty);
        } else {
            self.walk(Index(from), visited, None, enemy, empty);
        }
    }

    /// As [`ChainWalker::walk`]: every capturing step of the stone on `at`
    /// and on from each; whether there was one.
    fn walk<P: WalkPoint<B>>(
        &mut self,
        at: P,
        visited: B,
        last: Option<Direction>,
        enemy: B,
        empty: B,
    ) -> bool {
        let geo = self.geo;
        let mut any = false;
        let open = empty & !visited;
        for d in Direction::ALL {
            if Some(d) == last {
                continue;
            }
            let Some(to) = at.step_into(geo, d, open) else {
                continue;
            };
            if let Some(ahead) = to.step_into(geo, d, enemy) {
                any = true;
                let captured = line(geo, ahead, d, enemy);
                self.step(at, to, d, captured, visited, enemy, empty);
            }
            let back = d.opposite();
            if let Some(behind) = at.step_into(geo, back, enemy) {
                any = true;
                let captured = line(geo, behind, back, enemy);
                self.step(at, to, d, captured, visited, enemy, empty);
            }
        }
        any
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn step<P: WalkPoint<B>>(
        &mut self,
        at: P,
        to: P,
        d: Direction,
        captured: B,
        visited: B,
        enemy: B,
        empty: B,
    ) {
        let to_set = to.set();
        let enemy2 = enemy & !captured;
        let empty2 = (empty | captured | at.set()) & !to_set;
        if !self.forced {
            self.ends.push((to.key(), enemy2));
        }
        let went_on = enemy2.any() && self.walk(to, visited | to_set, Some(d), enemy2, empty2);
        if self.forced && !went_on {
            self.ends.push((to.key(), enemy2));
        }
    }
}

/// Whether the side to move has any legal turn.
pub fn has_turn<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> bool {
    let own = pos.mover();
    if own.is_empty() || pos.waiter().is_empty() {
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
    } else if pos.waiter().is_empty() {
        Status::Won
    } else if has_turn(geo, rules, pos) {
        Status::Ongoing
    } else {
        Status::Stalemate(rules.stalemate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;
    use crate::engine::XorShift64;
    use crate::geometry::Board;
    use crate::rules::{Color, Diagonals};

    /// A random set of the board's points, each in it with chance 1/k.
    fn random_set<B: Bits>(geo: &Geometry<B>, rng: &mut XorShift64, k: usize) -> B {
        geo.all
            .squares()
            .filter(|_| rng.below(k) == 0)
            .fold(B::EMPTY, |s, p| s.with(p))
    }

    /// Every step back of a stone in random positions: the shortcut's
    /// answer is `capturers` on the position before the step.
    fn steps_back_agree<B: Bits>(cols: usize, rows: usize, diagonals: Diagonals) -> (u32, u32) {
        let geo = Geometry::<B>::new(Board::new(cols, rows, diagonals).unwrap());
        let mut rng = XorShift64::new((cols * 100 + rows) as u64);
        let (mut asked, mut had) = (0, 0);
        // From crowded boards to a few stones a side.
        let sparsest = geo.all.count() as usize / 4;
        for round in 0..300 {
            let own = random_set(&geo, &mut rng, 2 + round % sparsest);
            let enemy = random_set(&geo, &mut rng, 2 + (round * 7) % sparsest) & !own;
            let empty = geo.all & !(own | enemy);
            let after = capturers(&geo, own, enemy, empty);
            for d in Direction::ALL {
                for to in (own & geo.step(empty, d)).squares() {
                    let from = geo.next(to, d.opposite());
                    let before = own.without(to).with(from);
                    let want = capturers(&geo, before, enemy, empty.without(from).with(to)).any();
                    let got = had_capture_before_step(&geo, own, enemy, empty, after, from, to);
                    assert_eq!(
                        got, want,
                        "{cols}x{rows}: own {own:?} enemy {enemy:?}, {from}-{to}"
                    );
                    asked += 1;
                    had += want as u32;
                }
            }
        }
        assert!(
            had > 0 && had < asked,
            "{cols}x{rows}: {had} of {asked} steps back capture"
        );
        (asked, had)
    }

    #[test]
    fn a_step_back_had_a_capture_exactly_when_capturers_says_so() {
        let mut asked = 0;
        for (c, r) in [(3, 3), (5, 3), (9, 5), (7, 7)] {
            for diagonals in [Diagonals::Corner, Diagonals::Center] {
                asked += steps_back_agree::<u64>(c, r, diagonals).0;
            }
        }
        asked += steps_back_agree::<Wide>(13, 13, Diagonals::Corner).0;
        asked += steps_back_agree::<Wide>(11, 9, Diagonals::Center).0;
        assert!(asked > 10_000, "{asked}");
    }

    /// `paika_count` against the turns `for_each_turn` goes through, on
    /// random positions with and without a block; returns how many had no
    /// capture and how many had one.
    fn paika_counts_agree<B: Bits>(cols: usize, rows: usize, rules: &Rules) -> (u32, u32) {
        let geo = Geometry::<B>::new(Board::new(cols, rows, rules.diagonals).unwrap());
        let mut rng = XorShift64::new((cols * 100 + rows) as u64 + rules.sacrifice as u64);
        let sparsest = (geo.all.count() as usize / 3).max(1);
        let (mut quiet, mut capturing) = (0, 0);
        for round in 0..400 {
            let white = random_set(&geo, &mut rng, 2 + round % sparsest);
            let black = random_set(&geo, &mut rng, 2 + (round * 5) % sparsest) & !white;
            let turn = [Color::White, Color::Black][round % 2];
            let mut pos = Position {
                white,
                black,
                turn,
                block: None,
            };
            // A block on one of the waiter's stones, as after a sacrifice.
            if round % 3 == 0 {
                pos.block = pos.waiter().squares().next();
            }
            let (mut paika, mut captures, mut others) = (0u32, 0u32, 0u32);
            for_each_turn(&geo, rules, &pos, |turn, _| match turn {
                TurnRef::Paika { .. } => paika += 1,
                TurnRef::Capture { .. } => captures += 1,
                TurnRef::Sacrifice(_) => others += 1,
            });
            // (None where the game is over: the waiter has no stones.)
            let over = pos.waiter().is_empty();
            assert_eq!(
                others,
                (rules.sacrifice && !over) as u32 * pos.mover().count()
            );
            let want = (captures == 0).then_some(paika);
            assert_eq!(paika_count(&geo, &pos), want, "{cols}x{rows} {pos:?}");
            if captures == 0 {
                quiet += 1;
            } else {
                capturing += 1;
            }
        }
        (quiet, capturing)
    }

    #[test]
    fn paika_count_is_the_number_of_quiet_turns_for_each_turn_goes_through() {
        let (mut quiet, mut capturing) = (0, 0);
        for (c, r) in [(1, 1), (3, 1), (3, 3), (5, 3), (9, 5), (7, 7)] {
            for diagonals in [Diagonals::Corner, Diagonals::Center] {
                for sacrifice in [false, true] {
                    let rules = Rules {
                        diagonals,
                        sacrifice,
                        ..Rules::default()
                    };
                    let (q, k) = paika_counts_agree::<u64>(c, r, &rules);
                    quiet += q;
                    capturing += k;
                }
            }
        }
        let (q, k) = paika_counts_agree::<Wide>(13, 13, &Rules::default());
        assert!(
            quiet + q > 1_000 && capturing + k > 1_000,
            "{quiet} {capturing}"
        );
    }
}
