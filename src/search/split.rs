//! A position solved by its first moves, each with a search of its own,
//! side by side on several threads ([`solve_split`]).
//!
//! A single df-pn search runs on one thread. Sharing one tree between
//! threads would need locks on every node; instead each first move gets a
//! solver of its own with an equal share of the memory, and the position's
//! value and goals are put together from the moves'. This costs nodes (the
//! moves do not share what they learn) but uses every core, and it is how
//! the hard 9x5 positions are split child by child. A thread left with
//! nothing to search gives its share to the searches still running: on the
//! graph (`--graph`), the next one whose graph is full grows into it rather
//! than drop half of what it holds (on 9x5, one move is often left open
//! long after the others are settled).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{
    Goal, GoalState, INF, MoveReport, MoveValue, Node, Progress, SearchError, SearchLimits,
    SolveResult, Solver, StopReason, add, distinct_moves, turns_left_after,
};
use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::rules::{Color, Rules};
use crate::value::{Oracle, Wdl};

/// How [`solve_split`] shares out a position's first moves.
pub struct Split<'h, B: Bits, O: Oracle<B>> {
    /// Searches run side by side, each with an equal share of the memory;
    /// below 2 (or with fewer than two first moves) the position gets one
    /// ordinary search.
    pub threads: usize,
    /// Only the goal "`goal` wins" is searched, after every move as at the
    /// position ([`Solver::prove_goal`]): the position's value is then
    /// known only when that goal is proved, and a move's value only when it
    /// is proved after the move. The first move that settles the goal at
    /// the position (proved after it where `goal` is to move, disproved
    /// where the other side is) ends the search: the other moves' searches
    /// stop and those not started are skipped ([`StopReason::Settled`];
    /// such a move is left unknown, without goals if it was never
    /// searched). `None`: both sides' goals, the position's value.
    pub goal: Option<Color>,
    /// Called with the index of the move (in the order of
    /// [`distinct_moves`]) a report is about.
    pub progress: &'h (dyn Fn(usize, &Progress) + Sync),
    /// Called around every search of a move, with its solver: to read the
    /// state of the move's search before (a checkpoint of an earlier
    /// sitting, or of the first pass) and keep it after.
    pub hook: Option<&'h dyn MoveSearchHook<B, O>>,
}

// By hand: a derive would ask `B` and `O` to be `Clone` too, which the
// references held do not need.
impl<B: Bits, O: Oracle<B>> Clone for Split<'_, B, O> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Bits, O: Oracle<B>> Copy for Split<'_, B, O> {}

impl<B: Bits, O: Oracle<B>> Split<'static, B, O> {
    /// `threads` searches side by side for the position's value, with no
    /// progress reports and no hook.
    pub fn threads(threads: usize) -> Self {
        Split {
            threads,
            goal: None,
            progress: &|_, _| {},
            hook: None,
        }
    }
}

impl<B> SolveResult<B> {
    /// The result of a search that never ran, for `reason`.
    fn skipped(reason: StopReason) -> Self {
        SolveResult {
            value: None,
            goals: Vec::new(),
            moves: Vec::new(),
            nodes: 0,
            oracle_hits: 0,
            conditional_hits: 0,
            estimate_hits: 0,
            closures: 0,
            closure_solved: 0,
            closure_seconds: 0.0,
            cut_seconds: 0.0,
            tt_entries: 0,
            tt_bytes: 0,
            tree_bytes: 0,
            second_levels: 0,
            compactions: 0,
            cuts: 0,
            seconds: 0.0,
            stopped: Some(reason),
            line: None,
            depth_cap: None,
        }
    }
}

/// Solves a position by valuing each of its first moves with a search of
/// its own, `threads` of them side by side, each with its own table of
/// solved positions and an equal share of `limits.memory_bytes` (on the
/// graph, a search still running once a thread has nothing left to start
/// takes that thread's share when its graph is full). The
/// position's value is the best of its moves' (known as soon as one move
/// wins, even if others are unknown).
///
/// This spends more nodes than [`Solver::solve`], which proves the
/// position first and reuses what it learned, but it uses every core. The
/// stop flag is shared and the node limit is per move. A time limit is
/// spent in two passes, so that hard moves early in the list cannot starve
/// the others: first every move gets a short search (a quarter of an equal
/// share), which settles the easy ones; then the moves still open are
/// searched again (from scratch, or from where the first pass stopped
/// when a [`MoveSearchHook`] keeps each move's state), the most promising
/// for the side to move first (a winning move settles the position), each
/// with all the time left when it starts. A thread with no first search
/// left to start takes the best of the moves waiting for a second at once
/// (before, it sat idle until every first search had ended: on 3x11 with
/// six moves and two threads, one core for 550 s of 6,600). Without a time
/// limit (or with a single first move) every move is searched once, in
/// order.
///
/// The goals reported for the position are put together from the moves':
/// for "the side to move wins" the position is an OR node of its moves
/// (proof number the least, disproof number the sum), for "the opponent
/// wins" an AND node.
///
/// How the first moves are searched is set by `split` ([`Split`]).
///
/// # Errors
///
/// [`SearchError::PastMoveLimit`] when `turns_played` is past the move
/// limit; [`SearchError::Mismatch`] when `geo`'s board and `rules` give
/// different diagonal rules where they differ, or `oracle` does not serve
/// them ([`crate::value::same_game`]), where [`Solver::new`] panics.
pub fn solve_split<B: Bits, O: Oracle<B> + Sync>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    turns_played: u32,
    oracle: &O,
    limits: &SearchLimits,
    split: &Split<'_, B, O>,
) -> Result<SolveResult<B>, SearchError> {
    let Split {
        threads,
        goal,
        progress,
        hook,
    } = *split;
    // Said as an error, where [`Solver::new`] would panic.
    crate::value::same_game(&geo.board, rules, oracle).map_err(SearchError::Mismatch)?;
    let start = Instant::now();
    // The solver of the position itself: it settles what needs no sharing
    // out (its table and tree are allocated as they fill).
    let mut solver = Solver::new(geo, *rules, oracle, limits.clone());
    let left = solver.turns_left(turns_played)?;
    let root = Node { pos: *pos, left };
    let mut moves = distinct_moves(geo, rules, pos);
    // A single move still gets a search of its own (the same work as the
    // position's, one ply down), so that the hook keeps its state: with
    // the one ordinary search a split search's checkpoints were neither
    // read nor written.
    if solver.static_value(&root).is_some() || moves.is_empty() || threads < 2 {
        // Nothing to share out: one ordinary search.
        let mut report = |p: &Progress| progress(0, p);
        return Ok(match goal {
            Some(attacker) => solver.solve_node_goal(root, attacker, &mut report),
            None => solver.solve_node(root, MoveReport::All, &mut report),
        });
    }
    drop(solver);
    let total = moves.len();
    let child_left = turns_left_after(left);
    // A time too long to add to the clock is no limit, as in a search of
    // one thread ([`SearchLimits::time`]).
    let deadline = limits.time.and_then(|t| start.checked_add(t));
    let workers = threads.min(total);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .expect("a thread pool");
    let share = limits.memory_bytes / workers;
    let me = pos.turn;
    // With one goal, a move can settle it at the position (a proof where
    // the attacker is to move, a disproof where the defender is): the
    // other moves' searches then stop, and those not started are skipped.
    let settled = Arc::new(AtomicBool::new(false));
    let settles = |r: &SolveResult<B>| {
        goal.is_some_and(|attacker| {
            let numbers = move_numbers(me, attacker, r.value.map(Wdl::negate), &r.goals);
            numbers == if attacker == me { (0, INF) } else { (INF, 0) }
        })
    };
    // A thread with no search left gives its share of the memory to the
    // searches still running (each search's solver, with its memory, is
    // dropped when the search returns): the first of them whose graph
    // is full takes it.
    let spare = Arc::new(AtomicUsize::new(0));
    let give_back = || {
        spare.fetch_add(share, Ordering::Relaxed);
    };
    // One search of move `i` with at most `time`.
    let search = |i: usize, time: Option<Duration>| {
        if settled.load(Ordering::Relaxed) {
            return SolveResult::skipped(StopReason::Settled);
        }
        let mut solver = Solver::new(
            geo,
            *rules,
            oracle,
            SearchLimits {
                time,
                memory_bytes: share,
                ..limits.clone()
            },
        );
        let child = Node {
            pos: moves[i].position,
            left: child_left,
        };
        let mut report = |p: &Progress| {
            progress(
                i,
                &Progress {
                    first_move: Some((i + 1, total)),
                    ..p.clone()
                },
            )
        };
        solver.settled = Some(settled.clone());
        solver.spare_memory = Some(spare.clone());
        if let Some(h) = hook {
            h.before(i, &child.pos, &mut solver);
        }
        // The side to move at the child first: after a drawing or losing
        // first move that is the goal that settles it.
        let r = match goal {
            Some(attacker) => solver.solve_node_goal(child, attacker, &mut report),
            None => solver.solve_node_goals(child, me.other(), &mut report),
        };
        if let Some(h) = hook {
            h.after(i, &child.pos, &mut solver, &r);
        }
        if settles(&r) {
            settled.store(true, Ordering::Relaxed);
        }
        r
    };
    // With a time limit, two passes: first every move with a short budget
    // (together at most a quarter of the limit), so the moves settled in
    // seconds are settled whatever their order; then the moves that budget
    // stopped, the most promising first, each with all the time left when
    // it starts. A thread with no first-pass search left to start takes a
    // second-pass one at once, rather than wait idle for the others' first
    // passes to end. Without a time limit (or with one move), one pass of
    // the second kind, in order.
    let mut spent = SpentTotals::default();
    let mut last: Vec<Option<SolveResult<B>>> = vec![None; total];
    let interrupted = || {
        limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || settled.load(Ordering::Relaxed)
    };
    let left_then = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let passes: Vec<(usize, SolveResult<B>, Option<SolveResult<B>>)> = match limits.time {
        // One move has nothing to share the time with. (Without a
        // deadline, a time too long for the clock, the first passes
        // would have none left to take: one pass, as without a limit.)
        Some(limit) if total > 1 && deadline.is_some() => {
            let first = first_budget(limit, total, workers);
            pool.install(|| {
                two_passes(
                    total,
                    workers,
                    true,
                    |i, unstarted| {
                        let left = left_then().unwrap_or(Duration::ZERO);
                        let time = first.min(time_share(left, unstarted, workers));
                        let r = search(i, Some(time));
                        // Stopped by its short budget, not by the deadline
                        // or the other limits: searched again.
                        let again = r.stopped == Some(StopReason::Time)
                            && !time.is_zero()
                            && !left_then().unwrap_or(Duration::ZERO).is_zero()
                            && !interrupted();
                        let rank = again.then(|| promise(me, &r.goals));
                        (r, rank)
                    },
                    |i| (!interrupted()).then(|| search(i, left_then())),
                    give_back,
                )
            })
            .into_iter()
            .map(|(i, first, second)| (i, first, second.flatten()))
            .collect()
        }
        // The first pass alone, no move asking for a second.
        _ => pool.install(|| {
            two_passes(
                total,
                workers,
                false,
                |i, _| (search(i, left_then()), None),
                |_| unreachable!("no second pass was asked for"),
                give_back,
            )
        }),
    };
    for (i, first, second) in passes {
        spent.add(&first);
        last[i] = Some(first);
        if let Some(r) = second {
            spent.add(&r);
            // A search the deadline cut shorter than the first pass's keeps
            // the numbers of the first.
            let keep_first = last[i]
                .as_ref()
                .is_some_and(|first| r.stopped.is_some() && r.nodes < first.nodes);
            if !keep_first {
                last[i] = Some(r);
            }
        }
    }
    for (m, r) in moves.iter_mut().zip(&last) {
        if let Some(r) = r {
            m.value = r.value.map(Wdl::negate);
            m.goals = r.goals.clone();
            m.line = r.line.clone();
        }
    }
    let settled = settled.load(Ordering::Relaxed);
    let results: Vec<SolveResult<B>> = last.into_iter().flatten().collect();
    let value = if moves.iter().any(|m| m.value == Some(Wdl::Win)) {
        Some(Wdl::Win)
    } else if moves.iter().all(|m| m.value.is_some()) {
        moves
            .iter()
            .filter_map(|m| m.value)
            .max_by_key(|w| *w as i8)
    } else {
        None
    };
    let asked = match goal {
        Some(attacker) => vec![attacker],
        None => vec![me, me.other()],
    };
    let goals = asked
        .into_iter()
        .map(|attacker| Goal {
            attacker,
            state: root_goal(me, attacker, &moves),
        })
        .collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.value.map(|w| w as i8 + 1).unwrap_or(0)));
    // A value known with first moves left unknown is a search stopped all
    // the same (by the time limit, say): said so, as the search of one
    // thread says it, unless a settled goal skipped them.
    let answered = settled || (value.is_some() && moves.iter().all(|m| m.value.is_some()));
    Ok(SolveResult {
        value,
        goals,
        moves,
        nodes: spent.nodes,
        oracle_hits: spent.oracle_hits,
        conditional_hits: spent.conditional_hits,
        estimate_hits: spent.estimate_hits,
        closures: spent.closures,
        closure_solved: spent.closure_solved,
        closure_seconds: spent.closure_seconds,
        cut_seconds: spent.cut_seconds,
        tt_entries: results.iter().map(|r| r.tt_entries).sum(),
        // What the threads hold at once, at most, as for the trees: not
        // the sum over moves searched one after another.
        tt_bytes: results.iter().map(|r| r.tt_bytes).max().unwrap_or(0) * workers,
        tree_bytes: results.iter().map(|r| r.tree_bytes).max().unwrap_or(0) * workers,
        second_levels: spent.second_levels,
        compactions: spent.compactions,
        cuts: spent.cuts,
        seconds: start.elapsed().as_secs_f64(),
        stopped: if answered {
            None
        } else if interrupted() {
            // (Not settled, so stopped by the user.) Moves searched before
            // the stop were cut by their first-pass budgets: the search as
            // a whole was interrupted.
            Some(StopReason::Interrupted)
        } else {
            results.iter().find_map(|r| r.stopped)
        },
        line: None,
        depth_cap: results.iter().filter_map(|r| r.depth_cap).max(),
    })
}

/// What [`solve_split`] does around each search of a first move, in the
/// thread that runs it: for instance keep each move's search in a
/// checkpoint file of its own, so that a split search can be taken up in
/// a later sitting, and a move stopped by the first pass's short budget
/// goes on from its tree in the second.
pub trait MoveSearchHook<B: Bits, O: Oracle<B>>: Sync {
    /// Before the search of move `i`, whose position is `pos`, in a fresh
    /// solver.
    fn before(&self, i: usize, pos: &Position<B>, solver: &mut Solver<'_, B, O>);
    /// After that search of `pos`, whatever its outcome.
    fn after(
        &self,
        i: usize,
        pos: &Position<B>,
        solver: &mut Solver<'_, B, O>,
        result: &SolveResult<B>,
    );
}

/// The work of every search [`solve_split`] ran, a move's repeated
/// searches included.
#[derive(Default)]
struct SpentTotals {
    nodes: u64,
    oracle_hits: u64,
    conditional_hits: u64,
    estimate_hits: u64,
    closures: u64,
    closure_solved: u64,
    closure_seconds: f64,
    cut_seconds: f64,
    second_levels: u64,
    compactions: u64,
    cuts: u64,
}

impl SpentTotals {
    fn add<B>(&mut self, r: &SolveResult<B>) {
        self.nodes += r.nodes;
        self.oracle_hits += r.oracle_hits;
        self.conditional_hits += r.conditional_hits;
        self.estimate_hits += r.estimate_hits;
        self.closures += r.closures;
        self.closure_solved += r.closure_solved;
        self.closure_seconds += r.closure_seconds;
        self.cut_seconds += r.cut_seconds;
        self.second_levels += r.second_levels;
        self.compactions += r.compactions;
        self.cuts += r.cuts;
    }
}

/// The time budget of each first move's search in the first pass of
/// [`solve_split`]: a quarter of a fair share of the whole `limit`, so the
/// first pass takes at most a quarter of the limit.
fn first_budget(limit: Duration, moves: usize, workers: usize) -> Duration {
    time_share(limit, moves, workers) / 4
}

/// Runs every item `0..count` through `first` on `workers` threads, in
/// order, and again through `second` when `first` asks for it, and returns
/// the answers by item. `first` gets the item and how many items had not
/// started their first pass when it did (it included), and returns its
/// answer with, for an item to run again, its rank: the second passes
/// waiting run the lowest rank first (then the lowest item). A thread with
/// no first pass left to start takes the best second pass waiting at once,
/// and waits only while there is none and first passes are still running
/// (which may add some, unless `firsts_ask` is false: `first` never asks).
/// A thread with nothing left to run calls `leave` as it ends, while the
/// others may still run theirs.
fn two_passes<T: Send, U: Send>(
    count: usize,
    workers: usize,
    firsts_ask: bool,
    first: impl Fn(usize, usize) -> (T, Option<u64>) + Sync,
    second: impl Fn(usize) -> U + Sync,
    leave: impl Fn() + Sync,
) -> Vec<(usize, T, Option<U>)> {
    use std::sync::{Condvar, Mutex};
    enum Job {
        First(usize),
        Second(usize),
    }
    struct Queue<T, U> {
        next_first: usize,
        running_first: usize,
        /// (rank, item) of the second passes waiting.
        waiting: Vec<(u64, usize)>,
        firsts: Vec<Option<T>>,
        seconds: Vec<Option<U>>,
    }
    let queue = Mutex::new(Queue {
        next_first: 0,
        running_first: 0,
        waiting: Vec::new(),
        firsts: (0..count).map(|_| None).collect(),
        seconds: (0..count).map(|_| None).collect(),
    });
    let changed = Condvar::new();
    let next_job = || {
        let mut q = queue.lock().expect("no job panicked");
        loop {
            if q.next_first < count {
                let i = q.next_first;
                q.next_first += 1;
                q.running_first += 1;
                return Some(Job::First(i));
            }
            if let Some(best) = (0..q.waiting.len()).min_by_key(|&k| q.waiting[k]) {
                let (_, i) = q.waiting.swap_remove(best);
                return Some(Job::Second(i));
            }
            if q.running_first == 0 || !firsts_ask {
                return None;
            }
            q = changed.wait(q).expect("no job panicked");
        }
    };
    rayon::scope(|scope| {
        for _ in 0..workers.min(count) {
            scope.spawn(|_| {
                while let Some(job) = next_job() {
                    match job {
                        Job::First(i) => {
                            let (answer, again) = first(i, count - i);
                            let mut q = queue.lock().expect("no job panicked");
                            q.firsts[i] = Some(answer);
                            q.running_first -= 1;
                            if let Some(rank) = again {
                                q.waiting.push((rank, i));
                            }
                            changed.notify_all();
                        }
                        Job::Second(i) => {
                            let answer = second(i);
                            queue.lock().expect("no job panicked").seconds[i] = Some(answer);
                        }
                    }
                }
                leave();
            });
        }
    });
    let q = queue.into_inner().expect("no job panicked");
    q.firsts
        .into_iter()
        .zip(q.seconds)
        .enumerate()
        .filter_map(|(i, (first, second))| first.map(|f| (i, f, second)))
        .collect()
}

/// How far a first move of the side `me` is from being shown good for it,
/// from the goals searched after it: the disproof number of the first open
/// goal "the opponent wins", or the proof number of "`me` wins" (0 when
/// none is open). The second pass of [`solve_split`] takes the most
/// promising moves first, as df-pn would at the position: a winning move,
/// which settles the position, is then searched before the moves that
/// lose.
fn promise(me: Color, goals: &[Goal]) -> u64 {
    goals
        .iter()
        .find_map(|g| match g.state {
            GoalState::Open { proof, disproof } => {
                Some(if g.attacker == me { proof } else { disproof })
            }
            _ => None,
        })
        .unwrap_or(0)
}

/// The time a first move's search gets in [`solve_split`] when it starts
/// with `remaining` before the deadline and `unstarted` moves (this one
/// included) still to search on `workers` threads: an equal part of the
/// rounds of `workers` moves left. The last round gets all that is left.
fn time_share(remaining: Duration, unstarted: usize, workers: usize) -> Duration {
    let rounds = unstarted.div_ceil(workers.max(1)).max(1);
    remaining / u32::try_from(rounds).unwrap_or(u32::MAX)
}

/// The proof and disproof numbers of "`attacker` wins?" at the position
/// a first move of `me` leads to, from the move's value (for `me`) or the
/// goals searched there.
fn move_numbers(me: Color, attacker: Color, value: Option<Wdl>, goals: &[Goal]) -> (u64, u64) {
    if let Some(v) = value {
        let wins = match v {
            Wdl::Win => attacker == me,
            Wdl::Loss => attacker != me,
            Wdl::Draw => false,
        };
        return if wins { (0, INF) } else { (INF, 0) };
    }
    match goals
        .iter()
        .find(|g| g.attacker == attacker)
        .map(|g| g.state)
    {
        Some(GoalState::Proved) => (0, INF),
        Some(GoalState::Disproved) => (INF, 0),
        Some(GoalState::Open { proof, disproof }) => (proof, disproof),
        None => (1, 1),
    }
}

/// The state at a position (side to move `me`) of the goal "`attacker`
/// wins", from what is known of its first moves.
fn root_goal<B>(me: Color, attacker: Color, moves: &[MoveValue<B>]) -> GoalState {
    let numbers = |m: &MoveValue<B>| move_numbers(me, attacker, m.value, &m.goals);
    let all = moves.iter().map(numbers);
    let (pn, dn) = if attacker == me {
        all.fold((INF, 0), |(p, d), (cp, cd)| (p.min(cp), add(d, cd)))
    } else {
        all.fold((0, INF), |(p, d), (cp, cd)| (add(p, cp), d.min(cd)))
    };
    if pn == 0 {
        GoalState::Proved
    } else if dn == 0 {
        GoalState::Disproved
    } else {
        GoalState::Open {
            proof: pn,
            disproof: dn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_share_gives_each_round_of_moves_an_equal_part() {
        let hour = Duration::from_secs(3600);
        // 5 first moves on 2 threads: 3 rounds, the first two moves a
        // third of the hour each.
        assert_eq!(time_share(hour, 5, 2), hour / 3);
        assert_eq!(time_share(hour, 4, 2), hour / 2);
        // The last round, and a single thread's last move: all that is left.
        assert_eq!(time_share(hour, 2, 2), hour);
        assert_eq!(time_share(hour, 1, 1), hour);
        assert_eq!(time_share(hour, 20, 1), hour / 20);
        // Nothing to share out, or nothing left.
        assert_eq!(time_share(hour, 0, 2), hour);
        assert_eq!(time_share(Duration::ZERO, 7, 2), Duration::ZERO);
        // The first pass of 15 moves on 2 threads takes at most a quarter.
        let first = first_budget(hour, 15, 2);
        assert_eq!(first, hour / 32);
        assert!(first * 8 <= hour / 4);
    }

    #[test]
    fn two_passes_without_second_passes_answers_each_item_once() {
        let started = std::sync::Mutex::new(Vec::new());
        let left = std::sync::atomic::AtomicUsize::new(0);
        let done = two_passes(
            4,
            1,
            false,
            |i, unstarted| {
                started.lock().unwrap().push((i, unstarted));
                (i * 10, None)
            },
            |_| unreachable!(),
            || {
                left.fetch_add(1, Ordering::Relaxed);
            },
        );
        assert_eq!(left.load(Ordering::Relaxed), 1, "the one thread left once");
        assert_eq!(
            started.into_inner().unwrap(),
            [(0, 4), (1, 3), (2, 2), (3, 1)]
        );
        let answers: Vec<(usize, usize)> = done.iter().map(|&(i, a, _)| (i, a)).collect();
        assert_eq!(answers, [(0, 0), (1, 10), (2, 20), (3, 30)]);
        let done = two_passes(50, 2, false, |i, _| (i + 1, None), |_: usize| 0, || ());
        assert_eq!(done, (0..50).map(|i| (i, i + 1, None)).collect::<Vec<_>>());
    }

    #[test]
    fn two_passes_runs_second_passes_by_rank_after_every_first() {
        let log = std::sync::Mutex::new(Vec::new());
        let ranks = [Some(7), None, Some(3), Some(3), Some(1)];
        let done = two_passes(
            5,
            1,
            true,
            |i, unstarted| {
                log.lock().unwrap().push(format!("first {i}"));
                ((i, unstarted), ranks[i])
            },
            |i| {
                log.lock().unwrap().push(format!("second {i}"));
                i * 10
            },
            || (),
        );
        assert_eq!(
            log.into_inner().unwrap(),
            [
                "first 0", "first 1", "first 2", "first 3", "first 4", "second 4", "second 2",
                "second 3", "second 0"
            ]
        );
        assert_eq!(
            done,
            [
                (0, (0, 5), Some(0)),
                (1, (1, 4), None),
                (2, (2, 3), Some(20)),
                (3, (3, 2), Some(30)),
                (4, (4, 1), Some(40))
            ]
        );
        assert!(two_passes(0, 2, true, |i, _| (i, Some(0)), |i| i, || ()).is_empty());
    }

    fn on_two_threads<R: Send>(f: impl FnOnce() -> R + Send) -> R {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2);
        pool.build().unwrap().install(f)
    }

    fn heard_within_20_s(heard: &std::sync::Mutex<std::sync::mpsc::Receiver<()>>) -> bool {
        let heard = heard.lock().unwrap();
        heard.recv_timeout(Duration::from_secs(20)).is_ok()
    }

    #[test]
    fn two_passes_starts_a_second_pass_while_another_first_runs() {
        // Item 0's first pass ends only once item 1's second pass has
        // started (or after 20 s: then the thread that finished item 1's
        // first pass sat idle instead).
        let (started, heard) = std::sync::mpsc::channel();
        let heard = std::sync::Mutex::new(heard);
        let done = on_two_threads(|| {
            two_passes(
                2,
                2,
                true,
                |i, _| match i {
                    0 => (heard_within_20_s(&heard), None),
                    _ => (true, Some(0)),
                },
                |_| started.send(()).unwrap(),
                || (),
            )
        });
        assert_eq!(done, [(0, true, None), (1, true, Some(()))]);
    }

    #[test]
    fn without_second_passes_a_thread_with_nothing_to_start_leaves_at_once() {
        // Item 0's search ends only once the other thread, done with items
        // 1 and 2, has left (or after 20 s: then it waited for item 0, and
        // its share of the memory would have sat idle).
        let (left, heard) = std::sync::mpsc::channel();
        let heard = std::sync::Mutex::new(heard);
        let left = std::sync::Mutex::new(left);
        let done = on_two_threads(|| {
            two_passes(
                3,
                2,
                false,
                |i, _| match i {
                    0 => (heard_within_20_s(&heard), None),
                    _ => (true, None),
                },
                |_: usize| unreachable!("no second pass was asked for"),
                || left.lock().unwrap().send(()).unwrap_or(()),
            )
        });
        let answers: Vec<(usize, bool)> = done.iter().map(|&(i, a, _)| (i, a)).collect();
        assert_eq!(answers, [(0, true), (1, true), (2, true)]);
    }

    #[test]
    fn promise_reads_the_number_that_would_show_the_move_good() {
        let open = |attacker, proof, disproof| Goal {
            attacker,
            state: GoalState::Open { proof, disproof },
        };
        let settled = |attacker, state| Goal { attacker, state };
        // After White's move: "Black wins?" is good for White disproved.
        assert_eq!(promise(Color::White, &[open(Color::Black, 10, 3)]), 3);
        assert_eq!(promise(Color::White, &[open(Color::White, 7, 9)]), 7);
        assert_eq!(
            promise(
                Color::White,
                &[
                    settled(Color::Black, GoalState::Disproved),
                    open(Color::White, 5, 2)
                ]
            ),
            5
        );
        assert_eq!(
            promise(Color::Black, &[settled(Color::White, GoalState::Proved)]),
            0
        );
    }
}
