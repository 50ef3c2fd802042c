//! The engine: picks a turn for the side to move.
//!
//! - Inside the tables (the oracle knows every distinct child): perfect
//!   play. Each child's value is turned into the mover's value
//!   ([`Value::parent`]) and the best by [`Value`]'s order wins: the
//!   fastest win, the longest resistance, a draw kept. Ties go to the move
//!   that leaves the opponent the least material and mobility.
//! - Outside: iterative-deepening negamax alpha-beta over the distinct
//!   resulting positions, with a transposition table, oracle probes at every
//!   node below the root, a capture extension at the horizon (the biggest
//!   captures, with the static score as a floor), and a simple evaluation
//!   (material, then mobility). The clock is read every few dozen nodes and
//!   the search stops a fifth of the budget early (at most 100 ms); the best
//!   move of the last finished iteration is kept, so there is always an
//!   answer, even with no time at all.
//!
//! Under the move-limit variant ([`Limits::turns_left`]) oracle values are
//! cut with [`Value::within`] and the search scores the end of the game as
//! a draw. Won and lost scores come only from the end of the game or the
//! tables, so they are proofs; their distance is exact once the iteration is
//! as deep as the distance (`Verdict::Exact`), an upper bound before
//! (`Verdict::AtMost`). A drawn score is exact only from an iteration that
//! met no static evaluation (a tree closed under every move).
//!
//! With a node or depth limit and no time limit the engine is
//! deterministic.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::bits::Bits;
use crate::geometry::{Direction, Geometry};
use crate::movegen::{Status, Turn, children_into, has_capture, has_turn, legal_turns, status};
use crate::notation::position_to_fen;
use crate::position::{Position, PositionError};
use crate::rules::{Color, Rules, Stalemate};
use crate::value::{GameMismatch, Oracle, Value};

/// The score of a win now; a win in `n` plies from the root scores
/// `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (either sign) are proven wins or losses.
const MATE_BOUND: i32 = MATE - 100_000;
const INF: i32 = MATE + 1;
/// Extra plies searched past the horizon while captures are available.
const CAPTURE_EXTENSION: i32 = 8;
/// Captures tried at each node past the horizon.
const EXTENSION_WIDTH: usize = 6;
/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 32;
/// Transposition-table entries kept before it is cleared.
const TT_CAP: usize = 1 << 18;
/// Depth used when no limit at all is given.
const DEFAULT_DEPTH: u32 = 6;
/// Deepest iteration tried.
const MAX_DEPTH: u32 = 120;

/// How long the engine may think, and the game's move-limit state. With
/// none of time, nodes and depth (the default) it searches 6 plies deep.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall-clock budget; the engine answers within it: it stops searching
    /// [`time_margin`] earlier, room for the answer on a busy machine.
    pub time: Option<Duration>,
    /// Node budget (deterministic).
    pub nodes: Option<u64>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Under the move-limit variant: turns left in the game, this one
    /// included. `None` when the variant is off.
    pub turns_left: Option<u32>,
    /// Set from outside (Ctrl-C) to stop: the search ends as at its time
    /// limit, read as often as the clock, and answers the best move found.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Thinking for at most `t` of wall-clock time.
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }
    /// Searching at most `n` nodes (the same move on every machine).
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// Searching `d` plies deep.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// These limits under the move-limit variant with `turns_left` turns
    /// left in the game, this one included (`None`: the variant is off).
    pub fn with_turns_left(self, turns_left: Option<u32>) -> Limits {
        Limits { turns_left, ..self }
    }
}

/// Where the engine's choice came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Perfect play from the tables.
    Tables,
    /// Alpha-beta search.
    Search,
    /// There was only one distinct move.
    OnlyMove,
}

/// What the engine thinks of the position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Proven by the tables, the end of the game or a complete search.
    Exact(Value),
    /// Won or lost for sure, in at most this many plies (the search
    /// stopped before it could tell the exact distance).
    AtMost(Value),
    /// A heuristic score in hundredths of a stone.
    Estimate(i32),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Exact(v) => write!(f, "{v}"),
            Verdict::AtMost(Value::Win(n)) => write!(f, "win in at most {n}"),
            Verdict::AtMost(Value::Loss(n)) => write!(f, "loss in at most {n}"),
            Verdict::AtMost(v) => write!(f, "{v}"),
            Verdict::Estimate(s) => write!(f, "estimate {:+.2}", *s as f64 / 100.0),
        }
    }
}

/// How the engine reached its choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Where the choice came from.
    pub source: Source,
    /// The value of the position before the move, for the mover.
    pub verdict: Verdict,
    /// The deepest finished iteration (0 for tables or a single move).
    pub depth: u32,
    /// Nodes searched; from the tables, the distinct moves looked up; 1
    /// for a single move.
    pub nodes: u64,
    /// Wall-clock time from the call to the answer.
    pub elapsed: Duration,
}

impl fmt::Display for SearchInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source {
            Source::Tables => write!(f, "tables: {}", self.verdict),
            Source::OnlyMove => write!(f, "only move: {}", self.verdict),
            Source::Search => write!(
                f,
                "search depth {}, {} nodes, {:.3} s: {}",
                self.depth,
                self.nodes,
                self.elapsed.as_secs_f64(),
                self.verdict
            ),
        }
    }
}

/// The engine's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<B> {
    /// The turn to play: where several turns lead to the same position,
    /// the first the move generator gives.
    pub turn: Turn,
    /// The position the turn leads to.
    pub position: Position<B>,
    /// How the choice was made, and what the engine thinks of the
    /// position.
    pub info: SearchInfo,
}

/// Why the engine has no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The side to move has no legal turn (the game is over).
    NoMove {
        /// The position, in the notation's FEN.
        fen: String,
    },
    /// The position cannot stand on the board.
    Position(PositionError),
    /// The board, rules and tables given are not one game.
    Mismatch(GameMismatch),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoMove { fen } => {
                write!(f, "no legal move in position '{fen}': the game is over")
            }
            EngineError::Position(e) => write!(f, "{e}"),
            EngineError::Mismatch(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The same position seen by the other side: a win becomes a loss.
pub fn negate(v: Value) -> Value {
    match v {
        Value::Win(n) => Value::Loss(n),
        Value::Draw => Value::Draw,
        Value::Loss(n) => Value::Win(n),
    }
}

/// Picks a turn for the side to move of `pos`: an error when there is
/// none, when `pos` cannot stand on `geo`'s board ([`Position::check`]),
/// or when `geo`'s board and `rules` give different diagonal rules or
/// `oracle` serves another game ([`crate::value::same_game`]).
pub fn choose<B: Bits, O: Oracle<B> + ?Sized>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    oracle: &O,
    limits: &Limits,
) -> Result<Choice<B>, EngineError> {
    choose_impl(geo, rules, pos, oracle, limits, true)
}

/// [`choose`]; `shortcut`: answer a single move without searching.
fn choose_impl<B: Bits, O: Oracle<B> + ?Sized>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    oracle: &O,
    limits: &Limits,
    shortcut: bool,
) -> Result<Choice<B>, EngineError> {
    crate::value::same_game(&geo.board, rules, oracle).map_err(EngineError::Mismatch)?;
    pos.check(&geo.board).map_err(EngineError::Position)?;
    let started = Instant::now();
    // A time past what the clock can count is no limit (Duration::MAX
    // panicked).
    let deadline = limits
        .time
        .and_then(|t| started.checked_add(search_budget(t)));
    // Distinct children, each with the first turn that reaches it.
    let mut roots: Vec<(Turn, Position<B>)> = Vec::new();
    for (t, p) in legal_turns(geo, rules, pos) {
        if !roots.iter().any(|(_, q)| *q == p) {
            roots.push((t, p));
        }
    }
    if roots.is_empty() {
        return Err(EngineError::NoMove {
            fen: position_to_fen(&geo.board, pos),
        });
    }
    let child_left = limits.turns_left.map(|t| t.saturating_sub(1));
    let limit = |v: Value| child_left.map_or(v, |l| v.within(l));

    // Inside the tables: perfect play.
    let known: Option<Vec<Value>> = roots.iter().map(|(_, p)| oracle.lookup(p)).collect();
    if let Some(values) = known {
        let mut best: Option<(usize, (Value, Value, i32))> = None;
        for (i, v) in values.iter().enumerate() {
            let key = (limit(*v).parent(), v.parent(), -evaluate(geo, &roots[i].1));
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((i, key));
            }
        }
        let (i, key) = best.expect("at least one move");
        let probes = roots.len() as u64;
        let (turn, position) = roots.swap_remove(i);
        return Ok(Choice {
            turn,
            position,
            info: SearchInfo {
                source: Source::Tables,
                verdict: Verdict::Exact(key.0),
                depth: 0,
                nodes: probes,
                elapsed: started.elapsed(),
            },
        });
    }

    if roots.len() == 1 && shortcut {
        let (turn, position) = roots.pop().expect("one move");
        let known = end_value(geo, rules, &position)
            .or_else(|| (child_left == Some(0)).then_some(Value::Draw))
            .or_else(|| oracle.lookup(&position));
        let verdict = match known {
            Some(v) => Verdict::Exact(limit(v).parent()),
            None => Verdict::Estimate(-evaluate(geo, &position)),
        };
        return Ok(Choice {
            turn,
            position,
            info: SearchInfo {
                source: Source::OnlyMove,
                verdict,
                depth: 0,
                nodes: 1,
                elapsed: started.elapsed(),
            },
        });
    }

    // Room for the whole table at once: growing it would pause the search
    // (a rehash) where the clock is not read.
    let capacity = limits
        .nodes
        .map_or(TT_CAP, |n| (n as usize).clamp(1024, TT_CAP));
    let mut s = Searcher {
        geo,
        rules,
        oracle,
        tt: HashMap::with_capacity_and_hasher(capacity, Default::default()),
        nodes: 0,
        deadline,
        node_limit: limits.nodes,
        stop: limits.stop.clone(),
        stopped: false,
        proven: true,
        turns_left: limits.turns_left,
        pool: Vec::new(),
    };
    let max_depth = limits
        .depth
        .unwrap_or(if limits.time.is_some() || limits.nodes.is_some() {
            MAX_DEPTH
        } else {
            DEFAULT_DEPTH
        });
    let children: Vec<Position<B>> = roots.iter().map(|(_, p)| *p).collect();
    let r = s.root(&children, max_depth);
    // A proven iteration searched a tree closed under every move down to
    // the end of the game (or the tables): its value is exact.
    let verdict = if r.proven {
        Verdict::Exact(value_of(r.score))
    } else if r.score.abs() > MATE_BOUND {
        if r.depth as i32 >= MATE - r.score.abs() {
            Verdict::Exact(value_of(r.score))
        } else {
            Verdict::AtMost(value_of(r.score))
        }
    } else {
        Verdict::Estimate(r.score)
    };
    let depth = r.depth;
    let (turn, position) = roots.swap_remove(r.index);
    Ok(Choice {
        turn,
        position,
        info: SearchInfo {
            source: Source::Search,
            verdict,
            depth,
            nodes: s.nodes,
            elapsed: started.elapsed(),
        },
    })
}

/// What the engine thinks of `pos` for its side to move: the end of the
/// game, the tables, or a search within `limits`.
///
/// # Panics
///
/// When `pos` cannot stand on `geo`'s board ([`Position::check`]), or the
/// board, rules and tables are not one game ([`crate::value::same_game`]):
/// [`choose`] says these as errors, and a verdict made of one said "lost".
pub fn analyse<B: Bits, O: Oracle<B> + ?Sized>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    oracle: &O,
    limits: &Limits,
) -> Verdict {
    crate::value::assert_same_game(&geo.board, rules, oracle);
    if let Err(e) = pos.check(&geo.board) {
        panic!("{e}");
    }
    if let Some(v) = end_value(geo, rules, pos) {
        return Verdict::Exact(v);
    }
    if limits.turns_left == Some(0) {
        return Verdict::Exact(Value::Draw);
    }
    if let Some(v) = oracle.lookup(pos) {
        return Verdict::Exact(limits.turns_left.map_or(v, |l| v.within(l)));
    }
    match choose_impl(geo, rules, pos, oracle, limits, false) {
        Ok(c) => c.info.verdict,
        // (Checked above: only the end of the game is left.)
        Err(_) => Verdict::Exact(Value::Loss(0)),
    }
}

/// Whether the engine, playing `engine`, accepts a draw in `pos`: only when
/// its tables or its search prove the position drawn or lost for it.
/// Panics as [`analyse`].
pub fn accepts_draw<B: Bits, O: Oracle<B> + ?Sized>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    oracle: &O,
    limits: &Limits,
    engine: Color,
) -> bool {
    let v = analyse(geo, rules, pos, oracle, limits);
    let mine = match v {
        Verdict::Exact(v) | Verdict::AtMost(v) if pos.turn == engine => v,
        Verdict::Exact(v) | Verdict::AtMost(v) => negate(v),
        Verdict::Estimate(_) => return false,
    };
    matches!(mine, Value::Draw | Value::Loss(_))
}

/// The value of a position whose game is over: a side without stones, or
/// no move.
fn end_value<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> Option<Value> {
    match status(geo, rules, pos) {
        Status::NoStones | Status::Stalemate(Stalemate::Loss) => Some(Value::Loss(0)),
        Status::Won => Some(Value::Win(0)),
        Status::Stalemate(Stalemate::Draw) => Some(Value::Draw),
        Status::Ongoing => None,
    }
}

/// A static score for the side to move, in hundredths of a stone: material,
/// then mobility (paika steps available). Far below the won/lost range.
pub fn evaluate<B: Bits>(geo: &Geometry<B>, pos: &Position<B>) -> i32 {
    let empty = geo.all & !pos.occupied();
    let mobility = |own: B| -> i32 {
        Direction::ALL
            .iter()
            .map(|&d| (own & geo.from_which(empty, d)).count() as i32)
            .sum()
    };
    let (me, them) = (pos.mover(), pos.waiter());
    100 * (me.count() as i32 - them.count() as i32) + 2 * (mobility(me) - mobility(them))
}

/// A proven score as a value.
fn value_of(score: i32) -> Value {
    if score > MATE_BOUND {
        Value::Win((MATE - score) as u16)
    } else if score < -MATE_BOUND {
        Value::Loss((MATE + score) as u16)
    } else {
        Value::Draw
    }
}

/// A value `ply` plies below the root as a score.
fn score_of(v: Value, ply: u32) -> i32 {
    match v {
        Value::Win(n) => MATE - (ply as i32 + n as i32),
        Value::Draw => 0,
        Value::Loss(n) => -(MATE - (ply as i32 + n as i32)),
    }
}

/// Scores in the table are relative to their node.
fn to_tt(s: i32, ply: u32) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}
fn from_tt(s: i32, ply: u32) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// How long the engine searches of a time limit `t`: `t` less its
/// [`time_margin`], which leaves time to answer.
pub fn search_budget(t: Duration) -> Duration {
    t.saturating_sub(time_margin(t))
}

/// The part of a time limit the engine leaves unused: room for the answer,
/// and for its thread waiting for a core on a busy machine. Half the
/// limit, at least 15 ms where the limit leaves a quarter to search, at
/// most 250 ms: a fifth, at most 100 ms, lost games on time on two cores
/// with five other jobs (moves of an 80 ms search took up to 132 ms;
/// session 120), and half of 20 ms lost 5 games of 30 at a load of 3.5
/// (a 10 ms search took 13 ms, the move 26 ms; session 125).
pub fn time_margin(t: Duration) -> Duration {
    // (Divided first: `t * 3` overflowed for a caller's Duration::MAX.)
    let at_least = MIN_TIME_MARGIN.min(t / 4 * 3);
    (t / 2)
        .max(at_least)
        .clamp(Duration::from_micros(200), Duration::from_millis(250))
}

/// The least margin [`time_margin`] keeps of limits of 20 ms and more.
pub const MIN_TIME_MARGIN: Duration = Duration::from_millis(15);

#[derive(Clone, Copy, Debug)]
struct RootResult {
    index: usize,
    score: i32,
    depth: u32,
    proven: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    depth: i32,
    score: i32,
    bound: Bound,
    /// Index of the best child in the sorted child list, if any.
    best: u16,
    /// Derived without static evaluation.
    proven: bool,
}

/// A small multiplicative hasher for the transposition table.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Table<B> = HashMap<(Position<B>, u32), Entry, BuildHasherDefault<FastHasher>>;

struct Searcher<'a, B: Bits, O: ?Sized> {
    geo: &'a Geometry<B>,
    rules: &'a Rules,
    oracle: &'a O,
    tt: Table<B>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    /// No static evaluation met since this was last set.
    proven: bool,
    turns_left: Option<u32>,
    pool: Vec<Vec<Position<B>>>,
}

impl<B: Bits, O: Oracle<B> + ?Sized> Searcher<'_, B, O> {
    /// Iterative deepening over the root's children. Returns the chosen
    /// child, its score, the depth of the iteration that scored it and
    /// whether that iteration met no static evaluation.
    ///
    /// A won or lost score is a proof, but the capture extension makes the
    /// tree irregular, so its distance is only known to be exact (the
    /// fastest win, the longest loss) once the iteration is at least that
    /// deep: every line that short is then searched in full. Deepening goes
    /// on until then.
    fn root(&mut self, children: &[Position<B>], max_depth: u32) -> RootResult {
        // First order: most stones captured first.
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| children[i].mover().count());
        let mut best: Option<RootResult> = None;
        for depth in 1..=max_depth {
            self.proven = true;
            let mut alpha = -INF;
            let mut iter_best: Option<RootResult> = None;
            let mut first_done = false;
            for (k, &i) in order.iter().enumerate() {
                let score = -self.negamax(&children[i], depth as i32 - 1, 1, -INF, -alpha);
                if self.stopped {
                    break;
                }
                if k == 0 {
                    first_done = true;
                }
                if iter_best.is_none() || score > alpha {
                    alpha = score;
                    iter_best = Some(RootResult {
                        index: i,
                        score,
                        depth,
                        proven: false,
                    });
                }
            }
            if self.stopped {
                // The previous best was searched first: a move that beat it
                // at this depth is safe to take.
                if first_done || best.is_none() {
                    best = iter_best.or(best);
                }
                break;
            }
            let mut b = iter_best.expect("at least one child");
            b.proven = self.proven;
            best = Some(b);
            order.retain(|&i| i != b.index);
            order.insert(0, b.index);
            let distance = MATE - b.score.abs();
            if b.proven || (b.score.abs() > MATE_BOUND && depth as i32 >= distance) {
                break;
            }
        }
        best.unwrap_or_else(|| {
            // Not even one child searched: take the greediest capture.
            let i = order[0];
            RootResult {
                index: i,
                score: -evaluate(self.geo, &children[i]),
                depth: 0,
                proven: false,
            }
        })
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(n) = self.node_limit
            && self.nodes >= n
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .stop
                    .as_ref()
                    .is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn negamax(
        &mut self,
        pos: &Position<B>,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let (geo, rules) = (self.geo, self.rules);
        if pos.mover().is_empty() {
            return -(MATE - ply as i32);
        }
        if pos.waiter().is_empty() {
            return MATE - ply as i32; // (A position only given.)
        }
        if !has_turn(geo, rules, pos) {
            return match rules.stalemate {
                Stalemate::Loss => -(MATE - ply as i32),
                Stalemate::Draw => 0,
            };
        }
        let left = self.turns_left.map(|t| t.saturating_sub(ply));
        if left == Some(0) {
            return 0;
        }
        if let Some(v) = self.oracle.lookup(pos) {
            return score_of(left.map_or(v, |l| v.within(l)), ply);
        }
        let key = (*pos, left.unwrap_or(0));
        let mut tt_best = u16::MAX;
        if let Some(e) = self.tt.get(&key) {
            tt_best = e.best;
            if e.depth >= depth {
                let s = from_tt(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    if !e.proven {
                        self.proven = false;
                    }
                    return s;
                }
            }
        }
        let empty = geo.all & !pos.occupied();
        let enemy = pos.waiter() & !pos.block_set();
        // Past the horizon: the static score, or (while captures are
        // available) the better of it and the captures. Standing pat is not
        // a legal move, so such a node is never proven; a won score found
        // through a capture is still a proof.
        let mut best = -INF;
        let alpha0 = alpha;
        if depth <= 0 {
            self.proven = false;
            let stand = evaluate(geo, pos);
            let capture = has_capture(geo, pos.mover(), enemy, empty);
            if !capture || depth <= -CAPTURE_EXTENSION || stand >= beta {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }

        let mut kids = self.pool.pop().unwrap_or_default();
        children_into(geo, rules, pos, &mut kids);
        // Order: the table's best first, then most stones captured. Past
        // the horizon, captures only.
        let waiting = pos.waiter().count();
        let mut order: Vec<(u32, u16)> = kids
            .iter()
            .enumerate()
            .filter(|(_, c)| depth > 0 || c.mover().count() < waiting)
            .map(|(i, c)| {
                let first = if i as u16 == tt_best { 0 } else { 1 };
                (first * 1000 + c.mover().count(), i as u16)
            })
            .collect();
        order.sort_unstable();
        if depth <= 0 {
            // Past the horizon only the biggest captures: chains branch at
            // every stopping point, and the rest rarely matter there.
            order.truncate(EXTENSION_WIDTH);
        }

        let outer_proven = self.proven;
        self.proven = true;
        let mut best_i = u16::MAX;
        for &(_, i) in &order {
            let child = kids[i as usize];
            let s = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if self.stopped {
                self.pool.push(kids);
                return 0;
            }
            if s > best {
                best = s;
                best_i = i;
                if s > alpha {
                    alpha = s;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.pool.push(kids);
        let node_proven = self.proven && depth > 0;
        self.proven = outer_proven && node_proven;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.tt.len() >= TT_CAP {
            self.tt.clear();
        }
        self.tt.insert(
            key,
            Entry {
                depth,
                score: to_tt(best, ply),
                bound,
                best: best_i,
                proven: node_proven,
            },
        );
        best
    }
}

/// A small xorshift generator, for the random player and for tests.
#[derive(Clone, Debug)]
pub struct XorShift64(u64);

impl XorShift64 {
    /// A generator from `seed`, mixed so that nearby seeds give unrelated
    /// streams; any seed, 0 included, is allowed.
    pub fn new(seed: u64) -> XorShift64 {
        // Mix the seed so that small seeds give unrelated streams; never 0.
        let mut x = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
        XorShift64(if x == 0 { 0x2545_F491_4F6C_DD1D } else { x })
    }
    /// The next number of the stream (xorshift 13, 7, 17), never 0.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A legal turn chosen uniformly at random, if there is one.
pub fn random_turn<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    rng: &mut XorShift64,
) -> Option<(Turn, Position<B>)> {
    let mut turns = legal_turns(geo, rules, pos);
    if turns.is_empty() {
        None
    } else {
        let i = rng.below(turns.len());
        Some(turns.swap_remove(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Board;
    use crate::notation::parse_position;
    use crate::rules::Diagonals;
    use crate::value::NoTables;

    fn setup(fen: &str) -> (Geometry<u64>, Position<u64>) {
        let d = crate::notation::Diagram::parse(fen).unwrap();
        let board = Board::new(d.cols, d.rows, Diagonals::Corner).unwrap();
        (Geometry::new(board), parse_position(&board, fen).unwrap())
    }

    #[test]
    fn the_time_margin_keeps_room_for_a_busy_machine() {
        let ms = Duration::from_millis;
        // Half of a limit, at most 250 ms.
        assert_eq!(time_margin(ms(100)), ms(50));
        assert_eq!(time_margin(ms(2000)), ms(250));
        // 15 ms at least: half of 20 ms lost games on time at a load of 3.5.
        assert_eq!(time_margin(ms(20)), ms(15));
        assert_eq!(time_margin(ms(30)), ms(15));
        assert_eq!(time_margin(ms(40)), ms(20));
        // Below 20 ms a quarter is searched.
        assert_eq!(time_margin(ms(8)), ms(6));
        assert_eq!(search_budget(ms(8)), ms(2));
        assert_eq!(
            time_margin(Duration::from_micros(300)),
            Duration::from_micros(225)
        );
    }

    #[test]
    fn takes_a_winning_capture() {
        // White's a1-b1 approach captures c1, Black's last stone.
        let (geo, pos) = setup("W.B w");
        let c = choose(&geo, &Rules::default(), &pos, &NoTables, &Limits::depth(3)).unwrap();
        assert_eq!(c.position.black, 0);
        let (geo, pos) = setup("W.BB. w");
        let c = choose(&geo, &Rules::default(), &pos, &NoTables, &Limits::depth(4)).unwrap();
        assert_eq!(c.info.verdict, Verdict::Exact(Value::Win(1)));
        assert_eq!(c.position.black, 0);
    }

    #[test]
    fn a_game_over_is_seen_whichever_side_has_no_stones() {
        let rules = Rules::default();
        for (fen, want) in [
            ("BBB/.../... b", Value::Win(0)),
            ("BBB/.../... w", Value::Loss(0)),
        ] {
            let (geo, pos) = setup(fen);
            let v = analyse(&geo, &rules, &pos, &NoTables, &Limits::depth(3));
            assert_eq!(v, Verdict::Exact(want), "{fen}");
            assert!(choose(&geo, &rules, &pos, &NoTables, &Limits::depth(3)).is_err());
        }
        // Under `stalemate draw` too (the lost side has no turn, which is
        // not a stalemate).
        let draw = Rules {
            stalemate: Stalemate::Draw,
            ..rules
        };
        let (geo, pos) = setup("BBB/.../... b");
        let v = analyse(&geo, &draw, &pos, &NoTables, &Limits::depth(3));
        assert_eq!(v, Verdict::Exact(Value::Win(0)));
    }

    /// The start of the `cols` x `rows` board, White to move.
    fn start(cols: usize, rows: usize) -> (Geometry<u64>, Position<u64>) {
        let board = Board::new(cols, rows, Diagonals::Corner).unwrap();
        (Geometry::new(board), Position::start(&board, Color::White))
    }

    #[test]
    fn answers_with_no_time_at_all() {
        let (geo, pos) = start(9, 5);
        let c = choose(
            &geo,
            &Rules::default(),
            &pos,
            &NoTables,
            &Limits::time(Duration::ZERO),
        )
        .unwrap();
        assert!(
            legal_turns(&geo, &Rules::default(), &pos)
                .iter()
                .any(|(t, _)| *t == c.turn)
        );
    }

    /// A time the clock cannot add is no limit (it panicked); the depth
    /// ends the search.
    #[test]
    fn a_time_past_the_clock_is_no_limit() {
        let (geo, pos) = start(5, 3);
        assert_eq!(time_margin(Duration::MAX), Duration::from_millis(250));
        let limits = Limits {
            time: Some(Duration::MAX),
            ..Limits::depth(3)
        };
        let c = choose(&geo, &Rules::default(), &pos, &NoTables, &limits).unwrap();
        assert!(
            legal_turns(&geo, &Rules::default(), &pos)
                .iter()
                .any(|(t, _)| *t == c.turn)
        );
    }

    #[test]
    fn node_limit_is_deterministic() {
        let (geo, pos) = start(5, 5);
        let run = || {
            choose(
                &geo,
                &Rules::default(),
                &pos,
                &NoTables,
                &Limits::nodes(5000),
            )
            .unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!(a.turn, b.turn);
        assert_eq!(a.info.nodes, b.info.nodes);
    }

    #[test]
    fn xorshift_streams_differ_by_seed() {
        let mut a = XorShift64::new(1);
        let mut b = XorShift64::new(2);
        assert_ne!(a.next_u64(), b.next_u64());
        assert!((0..100).all(|_| a.below(7) < 7));
    }
}
