//! The proof-number search against independent ground truth: the
//! brute-force solver of `tests/support` (its own rules implementation and
//! plain value iteration) and, for the start positions, the published
//! results of Schadd et al.

mod support;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fanorona::geometry::{Board, Geometry};
use fanorona::notation::{Diagram, position_to_fen};
use fanorona::position::Position;
use fanorona::rules::{Color, Continuation, Diagonals, Rules, Stalemate};
use fanorona::search::{
    Goal, GoalState, MoveReport, MoveValue, SearchError, SearchLimits, SolveResult, Solver, Split,
    StopReason, solve, solve_split,
};
use fanorona::value::{NoTables, Oracle, Value, Wdl};

use support::brute::{self, Val};
use support::json::{json_number, json_seconds};
use support::naive::{Diag, NaiveRules};

fn rules_of(n: NaiveRules) -> Rules {
    Rules {
        diagonals: match n.diagonals {
            Diag::Corner => Diagonals::Corner,
            Diag::Center => Diagonals::Center,
        },
        continuation: if n.forced {
            Continuation::Forced
        } else {
            Continuation::Free
        },
        stalemate: if n.stalemate_draw {
            Stalemate::Draw
        } else {
            Stalemate::Loss
        },
        sacrifice: n.sacrifice,
        ..Rules::default()
    }
}

fn wdl(v: Val) -> Wdl {
    match v {
        Val::Win(_) => Wdl::Win,
        Val::Draw => Wdl::Draw,
        Val::Loss(_) => Wdl::Loss,
    }
}

fn limits(mb: usize) -> SearchLimits {
    limits_bytes(mb << 20)
}

/// [`solve_split`] without tables, two first moves at a time, 8 MiB.
fn side_by_side(
    geo: &Geometry<u64>,
    rules: &Rules,
    pos: &Position<u64>,
    goal: Option<Color>,
) -> SolveResult<u64> {
    let split = Split {
        goal,
        ..Split::threads(2)
    };
    solve_split(geo, rules, pos, 0, &NoTables, &limits(8), &split).unwrap()
}

fn limits_bytes(bytes: usize) -> SearchLimits {
    SearchLimits {
        nodes: Some(50_000_000),
        memory_bytes: bytes,
        ..SearchLimits::default()
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn start(cols: usize, rows: usize, rules: &Rules) -> Wdl {
    let board = Board::new(cols, rows, rules.diagonals).unwrap();
    let geo = Geometry::<u64>::new(board);
    let pos = Position::<u64>::start(&board, rules.first);
    let r = solve(&geo, rules, &pos, &NoTables, &limits(64), |_| {});
    assert_eq!(r.stopped, None, "{cols}x{rows} stopped");
    r.value.expect("solved")
}

/// Positions of `truth` (FEN -> value) picked at random, the draws and the
/// rest in about the proportion asked, with at least `min_draws` draws
/// when there are that many.
fn sample(truth: &HashMap<String, Val>, n: usize, min_draws: usize, seed: u64) -> Vec<String> {
    let mut keys: Vec<&String> = truth.keys().collect();
    keys.sort();
    let (draws, rest): (Vec<&String>, Vec<&String>) =
        keys.into_iter().partition(|k| truth[*k] == Val::Draw);
    let mut rng = Rng(seed);
    let nd = min_draws.min(draws.len());
    let mut out: Vec<String> = (0..nd)
        .map(|_| draws[rng.below(draws.len())].clone())
        .collect();
    while out.len() < n {
        let all = draws.len() + rest.len();
        let i = rng.below(all);
        out.push(if i < draws.len() {
            draws[i].clone()
        } else {
            rest[i - draws.len()].clone()
        });
    }
    out
}

/// Checks the value of every first move in `moves` against brute force
/// (`truth`: FEN -> value for the side to move), `from` naming the position
/// they were played from in the messages.
fn check_move_values(
    board: &Board,
    truth: &HashMap<String, Val>,
    moves: &[MoveValue<u64>],
    from: &str,
) {
    for m in moves {
        let child = position_to_fen(board, &m.position);
        let cv = wdl(truth[&child]).negate();
        assert_eq!(m.value, Some(cv), "move to {child} from {from}");
    }
}

/// Solves every sampled position (sharing one table across them, so a
/// result wrongly stored under one path would be reused under another) and
/// checks the value, and for every `moves_every`-th one the values of all
/// first moves, against brute force. Returns how many draws were checked.
fn check_sample(
    truth: &HashMap<String, Val>,
    fens: &[String],
    naive: NaiveRules,
    moves_every: usize,
) -> usize {
    check_sample_in(truth, fens, naive, moves_every, 8 << 20).draws
}

/// What [`check_sample_in`] checked.
struct Checked {
    draws: usize,
    /// Leaves the shared solver found disproved in its table of
    /// path-dependent disproofs.
    conditional_hits: u64,
    /// Leaves that took their numbers from the shared solver's table of
    /// estimates.
    estimate_hits: u64,
    /// Tree nodes the shared solver's closures solved.
    closure_solved: u64,
    /// Times the shared solver cut its tree back (or started its graph
    /// again).
    cuts: u64,
}

/// [`check_sample`] with a memory bound for the shared solver.
fn check_sample_in(
    truth: &HashMap<String, Val>,
    fens: &[String],
    naive: NaiveRules,
    moves_every: usize,
    memory_bytes: usize,
) -> Checked {
    check_sample_with(truth, fens, naive, moves_every, limits_bytes(memory_bytes))
}

/// [`check_sample`] with the shared solver's limits.
fn check_sample_with(
    truth: &HashMap<String, Val>,
    fens: &[String],
    naive: NaiveRules,
    moves_every: usize,
    lim: SearchLimits,
) -> Checked {
    let rules = rules_of(naive);
    let d0 = Diagram::parse(&fens[0]).unwrap();
    let board = Board::new(d0.cols, d0.rows, rules.diagonals).unwrap();
    let geo = Geometry::<u64>::new(board);
    let mut shared = Solver::new(&geo, rules, &NoTables, lim.clone());
    let mut draws = 0;
    let mut conditional_hits = 0;
    let mut estimate_hits = 0;
    let mut closure_solved = 0;
    let mut cuts = 0;
    for (i, fen) in fens.iter().enumerate() {
        let pos: Position<u64> = Diagram::parse(fen).unwrap().to_position();
        let expect = wdl(truth[fen]);
        draws += usize::from(expect == Wdl::Draw);
        let with_moves = moves_every > 0 && i % moves_every == 0;
        let report = if with_moves {
            MoveReport::All
        } else {
            MoveReport::None
        };
        let r = shared.solve(&pos, 0, report, &mut |_| {}).unwrap();
        assert_eq!(r.value, Some(expect), "{fen} under {rules}");
        conditional_hits += r.conditional_hits;
        estimate_hits += r.estimate_hits;
        closure_solved += r.closure_solved;
        cuts += r.cuts;
        if with_moves {
            check_move_values(&board, truth, &r.moves, &format!("{fen} under {rules}"));
            let best = r.moves.first().and_then(|m| m.value);
            if !r.moves.is_empty() {
                assert_eq!(best, r.value, "best move of {fen}");
            }
        }
        // Every tenth position also with a table of its own.
        if i % 10 == 5 {
            let own = SearchLimits {
                memory_bytes: 1 << 20,
                ..lim.clone()
            };
            let fresh = solve(&geo, &rules, &pos, &NoTables, &own, |_| {});
            assert_eq!(fresh.value, Some(expect), "{fen} (fresh table)");
        }
    }
    Checked {
        draws,
        conditional_hits,
        estimate_hits,
        closure_solved,
        cuts,
    }
}

// ------------------------------------------------------------ start positions

#[test]
fn start_positions_of_schadd() {
    let rules = Rules::default();
    assert_eq!(start(3, 3, &rules), Wdl::Win, "3x3");
    assert_eq!(start(5, 3, &rules), Wdl::Win, "5x3");
    assert_eq!(start(3, 5, &rules), Wdl::Win, "3x5");
}

const ALL_VARIANTS: [(bool, bool, bool); 8] = [
    (false, false, false),
    (true, false, false),
    (false, true, false),
    (true, true, false),
    (false, false, true),
    (true, false, true),
    (false, true, true),
    (true, true, true),
];

fn naive(diag: Diag, forced: bool, stalemate_draw: bool, sacrifice: bool) -> NaiveRules {
    NaiveRules {
        diagonals: diag,
        forced,
        sacrifice,
        stalemate_draw,
    }
}

#[test]
fn start_3x3_agrees_with_brute_force_under_every_variant() {
    for diag in [Diag::Corner, Diag::Center] {
        for (forced, sdraw, sac) in ALL_VARIANTS {
            let n = naive(diag, forced, sdraw, sac);
            let truth = brute::solve(3, 3, n, 8);
            let fen = support::naive::start_position(3, 3).to_fen();
            let rules = rules_of(n);
            assert_eq!(start(3, 3, &rules), wdl(truth[&fen]), "{rules}");
            // And every first move.
            let board = Board::new(3, 3, rules.diagonals).unwrap();
            let geo = Geometry::<u64>::new(board);
            let pos = Position::<u64>::start(&board, Color::White);
            let r = solve(&geo, &rules, &pos, &NoTables, &limits(8), |_| {});
            assert!(!r.moves.is_empty());
            check_move_values(
                &board,
                &truth,
                &r.moves,
                &format!("the start under {rules}"),
            );
        }
    }
}

// ------------------------------------------------------------ random positions

#[test]
fn random_3x3_positions_agree_with_brute_force() {
    let n = NaiveRules::default();
    let truth = brute::solve(3, 3, n, 9);
    let fens = sample(&truth, 1200, 300, 0x3a3);
    let draws = check_sample(&truth, &fens, n, 7);
    assert!(draws >= 300, "only {draws} draws checked");
}

#[test]
fn random_3x3_positions_under_other_variants() {
    for (k, (forced, sdraw, sac)) in ALL_VARIANTS.into_iter().enumerate().skip(1) {
        let n = naive(Diag::Corner, forced, sdraw, sac);
        let truth = brute::solve(3, 3, n, if sac { 7 } else { 9 });
        let fens = sample(&truth, 150, 40, 77 + k as u64);
        let draws = check_sample(&truth, &fens, n, 5);
        // With the sacrifice no 3x3 position is drawn.
        let exist = truth.values().filter(|v| **v == Val::Draw).count();
        assert!(draws >= 40.min(exist), "only {draws} draws under {n:?}");
        assert_eq!(exist == 0, sac, "draws exist exactly without the sacrifice");
    }
}

#[test]
fn random_positions_on_5x3_and_3x5() {
    for (cols, rows) in [(5, 3), (3, 5)] {
        for diag in [Diag::Corner, Diag::Center] {
            let n = naive(diag, false, false, false);
            let truth = brute::solve(cols, rows, n, 5);
            let fens = sample(&truth, 150, 40, (cols * 10 + rows) as u64);
            let checked = check_sample_in(&truth, &fens, n, 10, 8 << 20);
            let draws = checked.draws;
            assert!(draws >= 40, "only {draws} draws on {cols}x{rows}");
            // Path-dependent disproofs were reused (and the values stayed
            // right).
            let hits = checked.conditional_hits;
            assert!(hits > 0, "{cols}x{rows} {diag:?}: {hits} conditional hits");
            // Again in 256 KiB: the tree fills its room soon, so pruning is
            // exercised, and the numbers of the subtrees cut off are used
            // again (the values must not change).
            let fens = sample(&truth, 100, 30, (cols * 100 + rows) as u64);
            let checked = check_sample_in(&truth, &fens, n, 10, 256 << 10);
            let hits = checked.estimate_hits;
            assert!(hits > 0, "{cols}x{rows} {diag:?}: {hits} estimate hits");
        }
    }
}

#[test]
fn random_5x5_positions_of_three_stones_reuse_path_dependent_disproofs_soundly() {
    // Room for long paika play: the search's disproofs that rest on
    // repetitions are reused where their positions are on the path again,
    // and every value must still be brute force's.
    let n = NaiveRules::default();
    let truth = brute::solve(5, 5, n, 3);
    let fens = sample(&truth, 200, 80, 0x55);
    let checked = check_sample_in(&truth, &fens, n, 20, 8 << 20);
    assert!(checked.draws >= 80, "only {} draws", checked.draws);
    assert!(checked.conditional_hits > 0, "no reuse on 5x5");
}

/// One sample's check by [`check_small_boards`]: the board (or variant)
/// and memory bound, the draws the sample was drawn to hold (none asked
/// for under the variants), and what was checked.
struct SmallBoardCheck {
    name: String,
    bytes: usize,
    draws_asked: usize,
    checked: Checked,
}

/// [`check_sample_with`] on 3x3, 5x3, 3x5 and 5x5 under the default rules
/// (samples rich in draws, seeds `board_seed` + 3, 5, 7, 9) with
/// `lim(bytes)` for each of `bytes`, then on 3x3 under every other
/// variant (seeds `variant_seed` + k) with `lim(1 MiB)`.
fn check_small_boards(
    lim: impl Fn(usize) -> SearchLimits,
    bytes: &[usize],
    board_seed: u64,
    variant_seed: u64,
) -> Vec<SmallBoardCheck> {
    let mut out = Vec::new();
    for (cols, rows, stones, n, draws, k) in [
        (3, 3, 9, 400, 100, 3),
        (5, 3, 5, 150, 40, 5),
        (3, 5, 5, 150, 40, 7),
        (5, 5, 3, 150, 60, 9),
    ] {
        let naive = NaiveRules::default();
        let truth = brute::solve(cols, rows, naive, stones);
        let fens = sample(&truth, n, draws, board_seed + k);
        for &b in bytes {
            out.push(SmallBoardCheck {
                name: format!("{cols}x{rows}"),
                bytes: b,
                draws_asked: draws,
                checked: check_sample_with(&truth, &fens, naive, 10, lim(b)),
            });
        }
    }
    for (k, (forced, sdraw, sac)) in ALL_VARIANTS.into_iter().enumerate().skip(1) {
        let naive = naive(Diag::Center, forced, sdraw, sac);
        let truth = brute::solve(3, 3, naive, if sac { 7 } else { 9 });
        let fens = sample(&truth, 100, 20, variant_seed + k as u64);
        out.push(SmallBoardCheck {
            name: format!("3x3 {naive:?}"),
            bytes: 1 << 20,
            draws_asked: 0,
            checked: check_sample_with(&truth, &fens, naive, 5, lim(1 << 20)),
        });
    }
    out
}

#[test]
fn the_closure_agrees_with_brute_force() {
    // The closure after every 16 expansions (or a quarter of the tree):
    // its disproofs of positions whose draws rest on endless play go into
    // the shared table, and a wrong one would show in a later position's
    // value. In a small bound too, where the tree is cut back between
    // closures.
    let closure = |bytes: usize| SearchLimits {
        closure_every: Some(16),
        ..limits_bytes(bytes)
    };
    let mut solved = 0;
    for c in check_small_boards(closure, &[8 << 20, 256 << 10], 0xc0, 0xd0) {
        let draws = c.checked.draws;
        assert!(draws >= c.draws_asked, "{}: {draws} draws", c.name);
        solved += c.checked.closure_solved;
    }
    // The closure did solve positions (the values above were checked).
    assert!(solved > 1000, "the closures solved {solved} tree nodes");
}

#[test]
fn the_graph_search_agrees_with_brute_force() {
    // The search on the graph of positions: its proofs and disproofs come
    // from the attractors and local deductions, and go into nothing shared
    // but the values checked; a wrong one shows in a value. In 128 KiB too
    // (about 1,000 positions), where the graph fills and makes room now
    // and then: the values must not change.
    let graph = |bytes: usize| SearchLimits {
        graph: true,
        ..limits_bytes(bytes)
    };
    let mut checked_draws = 0;
    let mut was_full = 0;
    for c in check_small_boards(graph, &[8 << 20, 128 << 10], 0x90, 0xe0) {
        if c.bytes == 128 << 10 {
            was_full += u64::from(c.checked.cuts > 0);
            continue;
        }
        let draws = c.checked.draws;
        assert!(draws >= c.draws_asked, "{}: {draws}", c.name);
        checked_draws += draws;
    }
    assert!(checked_draws > 250, "{checked_draws} draws checked");
    assert!(was_full >= 2, "the graph was full on {was_full} boards");
}

#[test]
fn the_graph_search_with_weak_numbers_agrees_with_brute_force() {
    // Weak numbers change only which position is expanded next; every
    // value must stay (other samples than the sums' test). Without the
    // default depth cap, so that the uncapped descent is checked too.
    let weak = |bytes: usize| SearchLimits {
        graph: true,
        weak: true,
        depth_cap: None,
        ..limits_bytes(bytes)
    };
    let checks = check_small_boards(weak, &[8 << 20], 0xa0, 0xf0);
    let draws: usize = checks.iter().map(|c| c.checked.draws).sum();
    assert!(draws > 250, "{draws} draws checked");
}

#[test]
fn the_graph_search_with_a_depth_cap_agrees_with_brute_force() {
    // A cap of 3 moves stops most descents on these boards, which back
    // out below it, and doubles where every line stops; only the order
    // may change, never a value (other samples again).
    let capped = |bytes: usize| SearchLimits {
        graph: true,
        weak: true,
        depth_cap: Some(3),
        ..limits_bytes(bytes)
    };
    let checks = check_small_boards(capped, &[8 << 20], 0xb0, 0x100);
    let draws: usize = checks.iter().map(|c| c.checked.draws).sum();
    assert!(draws > 250, "{draws} draws checked");
}

#[test]
fn first_moves_search_only_what_the_value_leaves_open() {
    // After a drawn root no move can win for its side, so a move is valued
    // by "the opponent wins?" alone; after a lost root every move loses and
    // nothing is searched. The values still agree with brute force.
    let n = NaiveRules::default();
    let truth = brute::solve(3, 3, n, 9);
    let rules = rules_of(n);
    let board = Board::new(3, 3, rules.diagonals).unwrap();
    let geo = Geometry::<u64>::new(board);
    let (mut drawn_searched, mut lost) = (0, 0);
    for fen in sample(&truth, 400, 150, 0x0b0d) {
        let expect = wdl(truth[&fen]);
        if expect == Wdl::Win {
            continue;
        }
        let pos: Position<u64> = Diagram::parse(&fen).unwrap().to_position();
        let me = pos.turn;
        let mut with_moves = Solver::new(&geo, rules, &NoTables, limits(1));
        let r = with_moves
            .solve(&pos, 0, MoveReport::All, &mut |_| {})
            .unwrap();
        assert_eq!(r.value, Some(expect), "{fen}");
        check_move_values(&board, &truth, &r.moves, &fen);
        for m in &r.moves {
            let child = position_to_fen(&board, &m.position);
            let attackers: Vec<Color> = m.goals.iter().map(|g| g.attacker).collect();
            match expect {
                Wdl::Draw => {
                    assert!(
                        attackers.len() <= 1 && attackers.iter().all(|a| *a != me),
                        "{fen}, move to {child}: goals {attackers:?}"
                    );
                    drawn_searched += attackers.len();
                }
                _ => assert!(attackers.is_empty(), "{fen}: lost, yet {child} searched"),
            }
        }
        if expect == Wdl::Loss && !r.moves.is_empty() {
            // Valuing the moves of a lost root costs no node beyond the root's.
            let mut alone = Solver::new(&geo, rules, &NoTables, limits(1));
            let a = alone.solve(&pos, 0, MoveReport::None, &mut |_| {}).unwrap();
            assert_eq!(
                r.nodes, a.nodes,
                "{fen}: the moves of a lost root cost nodes"
            );
            lost += 1;
        }
    }
    assert!(
        drawn_searched >= 50,
        "only {drawn_searched} searched moves of drawn roots"
    );
    assert!(lost >= 20, "only {lost} lost roots with moves");
}

#[test]
fn first_moves_searched_side_by_side_agree_with_brute_force() {
    // Each first move on its own solver, two at a time: the value of every
    // move and of the position, including draws, against brute force.
    for (cols, rows) in [(3, 3), (5, 3)] {
        let n = naive(Diag::Corner, false, false, false);
        let rules = rules_of(n);
        let truth = brute::solve(cols, rows, n, 5);
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        let geo = Geometry::<u64>::new(board);
        let fens = sample(&truth, 40, 15, (cols * 7 + rows) as u64);
        let mut split = 0;
        for fen in &fens {
            let pos: Position<u64> = Diagram::parse(fen).unwrap().to_position();
            let r = side_by_side(&geo, &rules, &pos, None);
            assert_eq!(r.value, Some(wdl(truth[fen])), "{fen}");
            check_move_values(&board, &truth, &r.moves, fen);
            if r.moves.len() > 1 && r.moves.iter().all(|m| !m.goals.is_empty()) {
                split += 1;
                // The goals put together at the position match its value.
                let me = pos.turn;
                for g in &r.goals {
                    let wins = match r.value.unwrap() {
                        Wdl::Win => g.attacker == me,
                        Wdl::Loss => g.attacker != me,
                        Wdl::Draw => false,
                    };
                    let want = if wins {
                        GoalState::Proved
                    } else {
                        GoalState::Disproved
                    };
                    assert_eq!(g.state, want, "{fen}: {:?}", g.attacker);
                }
            }
        }
        assert!(split > 10, "only {split} positions were shared out");
    }
}

#[test]
fn one_goal_alone_agrees_with_brute_force() {
    // `prove_goal` answers "can this side force a win?" alone: proved
    // exactly when brute force says that side wins, for either side, on
    // one shared solver; and searched side by side after every first move,
    // the same for each move.
    for (cols, rows) in [(3, 3), (5, 3)] {
        let n = naive(Diag::Corner, false, false, false);
        let rules = rules_of(n);
        let truth = brute::solve(cols, rows, n, 5);
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        let geo = Geometry::<u64>::new(board);
        let mut shared = Solver::new(&geo, rules, &NoTables, limits(8));
        let fens = sample(&truth, 120, 40, (cols * 11 + rows) as u64);
        let (mut proved, mut disproved) = (0, 0);
        // First moves left unsearched or stopped because another settled
        // the goal.
        let mut cut_short = 0;
        for fen in &fens {
            let pos: Position<u64> = Diagram::parse(fen).unwrap().to_position();
            let expect = wdl(truth[fen]);
            for attacker in [Color::White, Color::Black] {
                let wins = match expect {
                    Wdl::Win => attacker == pos.turn,
                    Wdl::Loss => attacker != pos.turn,
                    Wdl::Draw => false,
                };
                let r = shared.prove_goal(&pos, 0, attacker, &mut |_| {}).unwrap();
                assert_eq!(r.stopped, None, "{fen}");
                match r.goals.as_slice() {
                    [] => assert_eq!(r.value, Some(expect), "{fen}: decided without search"),
                    [g] => {
                        assert_eq!(g.attacker, attacker);
                        if wins {
                            assert_eq!(g.state, GoalState::Proved, "{fen}: {attacker:?}");
                            assert_eq!(r.value, Some(expect), "{fen}");
                            proved += 1;
                        } else {
                            assert_eq!(g.state, GoalState::Disproved, "{fen}: {attacker:?}");
                            assert_eq!(r.value, None, "{fen}: one goal gives no value");
                            disproved += 1;
                        }
                    }
                    more => panic!("{fen}: {} goals searched", more.len()),
                }
            }
            for attacker in [pos.turn.other(), pos.turn] {
                let r = side_by_side(&geo, &rules, &pos, Some(attacker));
                assert_eq!(r.stopped, None, "{fen}");
                let wins = match expect {
                    Wdl::Win => attacker == pos.turn,
                    Wdl::Loss => attacker != pos.turn,
                    Wdl::Draw => false,
                };
                if r.moves.len() > 1 {
                    assert_eq!(r.goals.len(), 1, "{fen}");
                    let state = if wins {
                        GoalState::Proved
                    } else {
                        GoalState::Disproved
                    };
                    assert_eq!(r.goals[0], Goal { attacker, state }, "{fen}");
                }
                // The goal at a child that settles it at the position: once
                // one move has it, the others may be stopped or skipped.
                let settling = if attacker == pos.turn {
                    GoalState::Proved
                } else {
                    GoalState::Disproved
                };
                let settled = r.moves.iter().any(|m| {
                    m.goals.first().map(|g| g.state) == Some(settling)
                        || (settling == GoalState::Proved && m.value == Some(Wdl::Win))
                        || (settling == GoalState::Disproved
                            && matches!(m.value, Some(Wdl::Draw | Wdl::Win)))
                });
                for m in &r.moves {
                    let child = position_to_fen(&board, &m.position);
                    let child_value = wdl(truth[&child]);
                    if let Some(v) = m.value {
                        assert_eq!(v, child_value.negate(), "{fen} to {child}");
                    }
                    let state = m.goals.first().map(|g| g.state);
                    if !matches!(state, Some(GoalState::Proved | GoalState::Disproved)) {
                        assert!(
                            settled || m.value.is_some(),
                            "{fen} to {child}: not searched to the end"
                        );
                        if m.value.is_none() {
                            cut_short += 1;
                        }
                        continue;
                    }
                    // At the child the other side moves: the attacker wins
                    // there exactly when the child's value is a win for
                    // the attacker.
                    let attacker_wins = match child_value {
                        Wdl::Win => attacker != pos.turn,
                        Wdl::Loss => attacker == pos.turn,
                        Wdl::Draw => false,
                    };
                    let expect_state = if attacker_wins {
                        GoalState::Proved
                    } else {
                        GoalState::Disproved
                    };
                    assert_eq!(state, Some(expect_state), "{fen} to {child}: {attacker:?}");
                }
            }
        }
        assert!(
            proved > 20 && disproved > 20,
            "{proved} proved, {disproved} disproved"
        );
        // Hundreds of moves are cut short each run: the early stop works.
        assert!(cut_short > 20, "{cut_short} first moves cut short");
    }
}

#[test]
fn draws_that_rest_on_endless_play() {
    // Schadd's figure 2.3 (White to move cannot win, and cannot lose if it
    // keeps its middle stone still; Black circles round), and a 5x3
    // position on which an earlier depth-first version of the search
    // looped with ever-growing numbers.
    for (fen, cols, rows) in [(".B./.W./.W. w", 3, 3), ("..W../W..B./..WB. b", 5, 3)] {
        let truth = brute::solve(cols, rows, NaiveRules::default(), 5);
        assert_eq!(truth[fen], Val::Draw, "{fen}");
        let d = Diagram::parse(fen).unwrap();
        let rules = Rules::default();
        let board = d.board(rules.diagonals);
        let geo = Geometry::<u64>::new(board);
        let pos: Position<u64> = d.to_position();
        for graph in [false, true] {
            let lim = SearchLimits { graph, ..limits(8) };
            let r = solve(&geo, &rules, &pos, &NoTables, &lim, |_| {});
            assert_eq!(r.value, Some(Wdl::Draw), "{fen}");
            assert!(r.nodes < 100_000, "{fen}: {} nodes", r.nodes);
            // A draw takes two disproofs.
            assert_eq!(r.goals.len(), 2);
            assert!(r.goals.iter().all(|g| g.state == GoalState::Disproved));
            check_move_values(&board, &truth, &r.moves, fen);
        }
    }
}

/// The value under the move limit with `t` turns left, from the unlimited
/// value with its distance: a win or loss further away is a draw.
fn within(v: Val, t: u32) -> Wdl {
    match v {
        Val::Win(n) | Val::Loss(n) if n > t => Wdl::Draw,
        v => wdl(v),
    }
}

#[test]
fn move_limit_agrees_with_brute_force_distances() {
    let n = NaiveRules::default();
    let truth = brute::solve(3, 3, n, 9);
    let rules = Rules {
        move_limit: true,
        ..rules_of(n)
    };
    let board = Board::new(3, 3, rules.diagonals).unwrap();
    let limit = rules.turn_limit(3).unwrap();
    assert_eq!(limit, 30);
    let geo = Geometry::<u64>::new(board);
    for graph in [false, true] {
        let lim = SearchLimits { graph, ..limits(8) };
        move_limit_agrees(&geo, rules, lim, &truth, limit);
    }
}

fn move_limit_agrees(
    geo: &Geometry<u64>,
    rules: Rules,
    lim: SearchLimits,
    truth: &HashMap<String, Val>,
    limit: u32,
) {
    let board = &geo.board;
    let mut solver = Solver::new(geo, rules, &NoTables, lim);
    let fens = sample(truth, 400, 100, 0x1111);
    let mut rng = Rng(99);
    let mut cut = 0;
    for fen in &fens {
        let pos: Position<u64> = Diagram::parse(fen).unwrap().to_position();
        let left = if rng.below(2) == 0 {
            rng.below(8) as u32
        } else {
            rng.below(limit as usize + 1) as u32
        };
        let expect = within(truth[fen], left);
        cut += usize::from(expect != wdl(truth[fen]));
        let r = solver
            .solve(&pos, limit - left, MoveReport::None, &mut |_| {})
            .unwrap();
        assert_eq!(r.value, Some(expect), "{fen} with {left} turns left");
    }
    assert!(cut >= 50, "only {cut} values changed by the limit");
    // The start: a win for White, within the limit.
    let start = Position::<u64>::start(board, Color::White);
    let r = solver
        .solve(&start, 0, MoveReport::None, &mut |_| {})
        .unwrap();
    let fen = support::naive::start_position(3, 3).to_fen();
    assert_eq!(r.value, Some(within(truth[&fen], 30)));
    assert_eq!(
        solver
            .solve(&start, 31, MoveReport::None, &mut |_| {})
            .unwrap_err(),
        SearchError::PastMoveLimit {
            played: 31,
            limit: 30
        }
    );
}

// ------------------------------------------------------------ limits

fn start_5x5() -> (Geometry<u64>, Position<u64>) {
    let board = Board::new(5, 5, Diagonals::Corner).unwrap();
    (Geometry::new(board), Position::start(&board, Color::White))
}

#[test]
fn node_limit_stops_with_unknown_and_the_numbers_reached() {
    let (geo, pos) = start_5x5();
    let lim = SearchLimits {
        nodes: Some(2_000),
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let r = solve(&geo, &Rules::default(), &pos, &NoTables, &lim, |_| {});
    assert_eq!(r.value, None);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    assert!(r.nodes >= 2_000 && r.nodes < 2_100, "{}", r.nodes);
    match r.goals.last().map(|g| g.state) {
        Some(GoalState::Open { proof, disproof }) => {
            assert!(proof > 1 && disproof > 1, "{proof} {disproof}")
        }
        other => panic!("last goal {other:?}"),
    }
    assert!(r.moves.is_empty());
}

#[test]
fn a_full_graph_makes_room_within_its_memory_bound() {
    // 5x5 without tables takes some 400,000 expansions on the graph; 2 MiB
    // hold about 17,000 positions: the graph fills and keeps the half it
    // searched last (counted as cuts) and what it solved, within the bound,
    // until the node limit.
    let (geo, pos) = start_5x5();
    let lim = SearchLimits {
        graph: true,
        nodes: Some(60_000),
        ..limits_bytes(2 << 20)
    };
    let r = solve(&geo, &Rules::default(), &pos, &NoTables, &lim, |_| {});
    assert_eq!((r.value, r.stopped), (None, Some(StopReason::Nodes)));
    assert!(r.cuts >= 2, "full {} times", r.cuts);
    assert!(
        r.estimate_hits > 0,
        "no numbers kept of the positions dropped"
    );
    match r.goals.last().map(|g| g.state) {
        Some(GoalState::Open { proof, disproof }) => {
            assert!(proof > 1 && disproof > 1, "{proof} {disproof}")
        }
        other => panic!("last goal {other:?}"),
    }
    let used = r.tree_bytes + r.tt_bytes;
    assert!(used <= lim.memory_bytes, "{used} bytes");
    assert!(r.tree_bytes > 0);
}

/// Checks a stopped search's line: it starts at the root with the goal's
/// numbers, every step is a legal turn to the position it names, and no
/// position comes twice. In a tree (`on_graph` false) at each node the
/// search goes down to the child holding the node's own number (proof
/// where the attacker moves, disproof where the defender does: a minimum
/// over the children), and the line ends at a leaf; on the graph the
/// numbers only steer and may be as an earlier update left them.
fn check_line(
    geo: &Geometry<u64>,
    rules: &Rules,
    root: &Position<u64>,
    goal: GoalState,
    line: &fanorona::search::SearchLine<u64>,
    on_graph: bool,
) {
    let first = &line.nodes[0];
    assert_eq!(first.position, *root);
    assert!(first.turns.is_empty());
    assert_eq!(
        goal,
        GoalState::Open {
            proof: first.proof,
            disproof: first.disproof
        }
    );
    for pair in line.nodes.windows(2) {
        let (node, child) = (&pair[0], &pair[1]);
        assert!(node.children > 0, "an inner node has children");
        let legal: Vec<_> = fanorona::search::distinct_moves(geo, rules, &node.position)
            .into_iter()
            .find(|m| m.position == child.position)
            .expect("a step of the line is a legal turn")
            .turns;
        assert_eq!(legal, child.turns);
        if on_graph {
            continue;
        }
        if node.position.turn == line.attacker {
            assert_eq!(
                node.proof, child.proof,
                "at an OR node the smallest proof number"
            );
        } else {
            assert_eq!(
                node.disproof, child.disproof,
                "at an AND node the smallest disproof number"
            );
        }
    }
    for (i, n) in line.nodes.iter().enumerate() {
        assert!(
            line.nodes[i + 1..].iter().all(|m| m.position != n.position),
            "ply {i}'s position comes again"
        );
    }
    if !on_graph {
        assert_eq!(line.leaf().children, 0);
    }
    assert_eq!(line.plies(), line.nodes.len() - 1);
    assert!(line.plies() > 0);
    // The root's moves: each distinct legal move of the root once, with its
    // turns, in the order the search prefers them, the line's first step
    // first; the root's own number is theirs at the front.
    let legal = fanorona::search::distinct_moves(geo, rules, root);
    assert_eq!(line.root_moves.len(), legal.len());
    assert_eq!(line.root_moves.len(), first.children);
    for m in &line.root_moves {
        let same = legal.iter().find(|l| l.position == m.position);
        assert_eq!(same.map(|l| &l.turns), Some(&m.turns), "{:?}", m.turns);
    }
    let key = |n: &fanorona::search::LineNode<u64>| {
        if root.turn == line.attacker {
            n.proof
        } else {
            n.disproof
        }
    };
    let keys: Vec<u64> = line.root_moves.iter().map(key).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    assert_eq!(line.root_moves[0].position, line.nodes[1].position);
    if !on_graph {
        assert_eq!(keys[0], key(first));
    }
}

#[test]
fn a_stopped_search_shows_the_line_it_stands_on() {
    let (geo, pos) = start_5x5();
    let rules = Rules::default();
    for nodes in [500, 20_000] {
        let lim = SearchLimits {
            nodes: Some(nodes),
            memory_bytes: 8 << 20,
            ..SearchLimits::default()
        };
        let mut solver = Solver::new(&geo, rules, &NoTables, lim);
        let r = solver
            .prove_goal(&pos, 0, Color::Black, &mut |_| {})
            .unwrap();
        let line = r.line.as_ref().expect("a stopped search has a line");
        assert_eq!(line.attacker, Color::Black);
        check_line(&geo, &rules, &pos, r.goals[0].state, line, false);
        // Read off the tree without changing it.
        let again = solver.search_line().unwrap();
        assert_eq!(again.nodes.len(), line.nodes.len());
        assert_eq!(again.leaf().position, line.leaf().position);
    }
    // Side by side: each first move's own search left open has its line,
    // rooted at the move's position.
    let lim = SearchLimits {
        nodes: Some(3_000),
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let split = Split::threads(2);
    let r = solve_split(&geo, &rules, &pos, 0, &NoTables, &lim, &split).unwrap();
    assert!(r.line.is_none());
    let mut lines = 0;
    for m in &r.moves {
        let open = m
            .goals
            .iter()
            .find(|g| matches!(g.state, GoalState::Open { .. }));
        match (&m.line, open) {
            (Some(line), Some(g)) => {
                assert_eq!(g.attacker, line.attacker);
                check_line(&geo, &rules, &m.position, g.state, line, false);
                lines += 1;
            }
            (None, None) => {}
            (l, g) => panic!("a line {} for the goal {g:?}", l.is_some()),
        }
    }
    assert!(lines > 0, "{:?}", r.moves);
    // A settled search has none.
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let geo3: Geometry<u64> = Geometry::new(board);
    let r = solve(
        &geo3,
        &rules,
        &Position::start(&board, Color::White),
        &NoTables,
        &limits(8),
        |_| {},
    );
    assert!(r.value.is_some() && r.stopped.is_none());
    assert!(r.line.is_none());
}

#[test]
fn a_stopped_graph_search_shows_the_line_it_stands_on() {
    let (geo, pos) = start_5x5();
    let rules = Rules::default();
    for (attacker, nodes) in [(Color::Black, 500), (Color::White, 20_000)] {
        let lim = SearchLimits {
            nodes: Some(nodes),
            memory_bytes: 64 << 20,
            graph: true,
            ..SearchLimits::default()
        };
        let mut solver = Solver::new(&geo, rules, &NoTables, lim);
        let r = solver.prove_goal(&pos, 0, attacker, &mut |_| {}).unwrap();
        let line = r.line.as_ref().expect("a stopped search has a line");
        assert_eq!(line.attacker, attacker);
        check_line(&geo, &rules, &pos, r.goals[0].state, line, true);
        // The line goes down to where the next expansion is, or to where
        // the next descent would back out (every open child on the line).
        let leaf = line.leaf();
        assert!(leaf.proof > 0 && leaf.disproof > 0, "{leaf:?}");
        assert!(line.plies() > 1, "{} plies", line.plies());
        // Kept after the search, not read off anything still changing.
        let again = solver.search_line().unwrap();
        assert_eq!(again.leaf().position, leaf.position);
    }
    // A settled graph search has none.
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let geo3: Geometry<u64> = Geometry::new(board);
    let lim = SearchLimits {
        graph: true,
        ..limits(8)
    };
    let r = solve(
        &geo3,
        &rules,
        &Position::start(&board, Color::White),
        &NoTables,
        &lim,
        |_| {},
    );
    assert!(r.value.is_some() && r.stopped.is_none());
    assert!(r.line.is_none());
}

#[test]
fn time_limit_and_stop_flag() {
    let (geo, pos) = start_5x5();
    let flag = Arc::new(AtomicBool::new(true));
    let lim = SearchLimits {
        stop: Some(flag),
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let r = solve(&geo, &Rules::default(), &pos, &NoTables, &lim, |_| {});
    assert_eq!((r.value, r.stopped), (None, Some(StopReason::Interrupted)));
    let lim = SearchLimits {
        time: Some(Duration::from_millis(300)),
        memory_bytes: 64 << 20,
        ..SearchLimits::default()
    };
    let mut reports = 0;
    let mut numbers = (0, 0);
    let r = solve(&geo, &Rules::default(), &pos, &NoTables, &lim, |p| {
        reports += 1;
        numbers = (p.proof, p.disproof);
    });
    assert_eq!((r.value, r.stopped), (None, Some(StopReason::Time)));
    assert!(r.seconds < 1.5, "{}", r.seconds);
    assert!(reports >= 1);
    // A report carries the root's numbers, grown past the first leaf's.
    assert!(numbers.0 > 1 && numbers.1 > 1, "{numbers:?}");
}

#[test]
fn a_split_search_reports_the_memory_its_threads_hold_at_once() {
    // The moves are searched two at a time, each in a share of the bound:
    // what the result reports may not add up the tables of moves that
    // were never held together (it did, and said 33 GB of an 18 GiB run).
    let (geo, pos) = start_5x5();
    let bound = 4 << 20;
    let lim = SearchLimits {
        nodes: Some(40_000),
        memory_bytes: bound,
        ..SearchLimits::default()
    };
    let r = solve_split(
        &geo,
        &Rules::default(),
        &pos,
        0,
        &NoTables,
        &lim,
        &Split::threads(2),
    )
    .unwrap();
    assert!(r.moves.len() > 2, "{} first moves", r.moves.len());
    assert!(r.tt_bytes > 0);
    assert!(
        r.tt_bytes + r.tree_bytes <= bound,
        "{} + {} bytes of {bound}",
        r.tt_bytes,
        r.tree_bytes
    );
}

/// Sets the stop flag (Ctrl-C) once `after` first-move searches are over.
struct StopAfter {
    flag: Arc<AtomicBool>,
    after: usize,
    done: std::sync::atomic::AtomicUsize,
}

impl<B: fanorona::bits::Bits, O: Oracle<B>> fanorona::search::MoveSearchHook<B, O> for StopAfter {
    fn before(&self, _: usize, _: &Position<B>, _: &mut Solver<'_, B, O>) {}
    fn after(&self, _: usize, _: &Position<B>, _: &mut Solver<'_, B, O>, _: &SolveResult<B>) {
        let done = self.done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        if done == self.after {
            self.flag.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

#[test]
fn a_split_search_stopped_by_the_user_says_so() {
    // The first moves searched before Ctrl-C were stopped by their short
    // first-pass budgets ("time limit"); the search as a whole was
    // interrupted, and says so (it said "time limit").
    let (geo, pos) = start_5x5();
    let flag = Arc::new(AtomicBool::new(false));
    let lim = SearchLimits {
        time: Some(Duration::from_secs(8)),
        stop: Some(flag.clone()),
        memory_bytes: 16 << 20,
        ..SearchLimits::default()
    };
    let hook = StopAfter {
        flag,
        after: 3,
        done: Default::default(),
    };
    let split = Split {
        hook: Some(&hook),
        ..Split::threads(2)
    };
    let r = solve_split(&geo, &Rules::default(), &pos, 0, &NoTables, &lim, &split).unwrap();
    let first = &r.moves.iter().filter(|m| !m.goals.is_empty()).count();
    assert!(*first >= 3, "{first} moves searched");
    assert_eq!((r.value, r.stopped), (None, Some(StopReason::Interrupted)));
    assert!(r.seconds < 6.0, "{} s", r.seconds);
}

#[test]
fn a_time_limit_is_shared_out_among_the_first_moves() {
    // Side by side, no move may take the whole limit: every first move of
    // the 5x5 start (not all settle in a second without tables) is searched
    // and keeps the numbers it reached, even those the deadline stops.
    let (geo, pos) = start_5x5();
    let limit = Duration::from_secs(1);
    let lim = SearchLimits {
        time: Some(limit),
        memory_bytes: 64 << 20,
        ..SearchLimits::default()
    };
    let rules = Rules::default();
    let r = solve_split(&geo, &rules, &pos, 0, &NoTables, &lim, &Split::threads(2)).unwrap();
    assert_eq!((r.value, r.stopped), (None, Some(StopReason::Time)));
    assert!(r.seconds < limit.as_secs_f64() + 1.5, "{}", r.seconds);
    assert!(r.moves.len() > 2, "{} first moves", r.moves.len());
    for m in &r.moves {
        assert!(!m.goals.is_empty(), "{:?} was not searched", m.turns);
        for g in &m.goals {
            if let GoalState::Open { proof, disproof } = g.state {
                assert!(proof + disproof > 2, "{:?}: {:?}", m.turns, g);
            }
        }
    }
}

#[test]
fn a_small_memory_bound_prunes_but_stays_right() {
    // 5x3 from the start in small bounds: the tree must drop solved
    // subtrees and cut open ones back to leaves, and in the tinier ones it
    // thrashes, so second-level (PN²) searches start. The values must not
    // change. (64 KiB thrashed too while the table of solved positions
    // had buckets of four; with sixteen it holds enough not to.)
    let board = Board::new(5, 3, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let pos = Position::<u64>::start(&board, Color::White);
    let rules = Rules::default();
    let big = solve(&geo, &rules, &pos, &NoTables, &limits(64), |_| {});
    assert_eq!(big.value, Some(Wdl::Win));
    assert_eq!((big.compactions, big.second_levels), (0, 0));
    let values = |r: &fanorona::search::SolveResult<u64>| {
        r.moves
            .iter()
            .map(|m| (m.position, m.value))
            .collect::<HashMap<_, _>>()
    };
    for (bytes, must_thrash) in [(256 << 10, false), (48 << 10, true), (32 << 10, true)] {
        let lim = SearchLimits {
            memory_bytes: bytes,
            nodes: Some(20_000_000),
            ..SearchLimits::default()
        };
        let mut solver = Solver::new(&geo, rules, &NoTables, lim);
        let r = solver.solve(&pos, 0, MoveReport::All, &mut |_| {}).unwrap();
        assert_eq!(r.stopped, None, "{bytes} bytes");
        assert_eq!(r.value, big.value, "{bytes} bytes");
        assert_eq!(values(&r), values(&big), "{bytes} bytes");
        assert!(r.compactions > 0, "{bytes} bytes: {r:?}");
        assert!(!must_thrash || r.second_levels > 0, "{bytes} bytes: {r:?}");
        // A thrashing search meets again what it cut off or searched at
        // the second level, and starts from the numbers it had.
        assert!(!must_thrash || r.estimate_hits > 0, "{bytes} bytes: {r:?}");
        // Second-level searches start only once open subtrees have been
        // cut off 16 times, and every cut comes with a compaction.
        assert!(r.second_levels == 0 || r.cuts >= 16, "{bytes} bytes: {r:?}");
        assert!(r.cuts <= r.compactions, "{bytes} bytes: {r:?}");
        assert!(r.tree_bytes <= bytes, "{bytes} bytes");
    }
}

/// An oracle that knows every position of a brute-force solution.
struct BruteOracle {
    board: Board,
    truth: HashMap<String, Val>,
}

impl Oracle<u64> for BruteOracle {
    fn lookup(&self, pos: &Position<u64>) -> Option<Value> {
        if pos.stone_count() > 4 {
            return None;
        }
        self.truth
            .get(&position_to_fen(&self.board, pos))
            .map(|v| match *v {
                Val::Win(n) => Value::Win(n as u16),
                Val::Draw => Value::Draw,
                Val::Loss(n) => Value::Loss(n as u16),
            })
    }
}

#[test]
fn an_oracle_is_consulted_and_agrees() {
    let n = NaiveRules::default();
    let truth = brute::solve(3, 3, n, 9);
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let oracle = BruteOracle {
        board,
        truth: truth.clone(),
    };
    let rules = rules_of(n);
    let mut with = Solver::new(&geo, rules, &oracle, limits(8));
    let mut hits = 0;
    for fen in sample(&truth, 200, 50, 5) {
        let pos: Position<u64> = Diagram::parse(&fen).unwrap().to_position();
        let r = with.solve(&pos, 0, MoveReport::None, &mut |_| {}).unwrap();
        assert_eq!(r.value, Some(wdl(truth[&fen])), "{fen}");
        hits += r.oracle_hits;
    }
    assert!(hits > 0);
}

/// [`BruteOracle`] counting what it is asked: values with their distance,
/// or win, draw or loss alone.
struct CountingOracle {
    inner: BruteOracle,
    values: std::sync::atomic::AtomicUsize,
    wdls: std::sync::atomic::AtomicUsize,
}

impl Oracle<u64> for CountingOracle {
    fn lookup(&self, pos: &Position<u64>) -> Option<Value> {
        self.values
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.lookup(pos)
    }
    fn lookup_wdl(&self, pos: &Position<u64>) -> Option<Wdl> {
        self.wdls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.lookup(pos).map(Value::wdl)
    }
}

#[test]
fn the_search_asks_the_oracle_for_distances_only_under_the_move_limit() {
    // WDL files answer only win, draw or loss: a search without the move
    // limit must need nothing more, and one under it must ask for the
    // distance (a win too far away is a draw there).
    let n = NaiveRules::default();
    let truth = brute::solve(3, 3, n, 9);
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let start = Position::<u64>::start(&board, Color::White);
    let fen = support::naive::start_position(3, 3).to_fen();
    for move_limit in [false, true] {
        let rules = Rules {
            move_limit,
            ..rules_of(n)
        };
        for graph in [false, true] {
            let oracle = CountingOracle {
                inner: BruteOracle {
                    board,
                    truth: truth.clone(),
                },
                values: Default::default(),
                wdls: Default::default(),
            };
            let lim = SearchLimits { graph, ..limits(8) };
            let mut solver = Solver::new(&geo, rules, &oracle, lim);
            let r = solver
                .solve(&start, 0, MoveReport::All, &mut |_| {})
                .unwrap();
            let want = if move_limit {
                within(truth[&fen], rules.turn_limit(3).unwrap())
            } else {
                wdl(truth[&fen])
            };
            assert_eq!(
                r.value,
                Some(want),
                "move limit {move_limit}, graph {graph}"
            );
            let values = oracle.values.into_inner();
            let wdls = oracle.wdls.into_inner();
            if move_limit {
                // (Whether a first move's value is known at all may be
                // asked either way.)
                assert!(values > 0, "{values} values, {wdls} WDLs");
            } else {
                assert!(values == 0 && wdls > 0, "{values} values, {wdls} WDLs");
            }
        }
    }
}

/// A limit that stops the root's proof still leaves the first moves the
/// search has answered valued (README: "also when a limit stops the
/// search"): 5x5's start, "White wins?" disproved before 300,000 nodes and
/// "Black wins?" open, had three lost moves in its table of solved
/// positions and said none.
#[test]
fn a_limit_that_stops_the_proof_leaves_the_moves_answered_on_the_way_valued() {
    let board = Board::new(5, 5, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let start = Position::<u64>::start(&board, Color::White);
    let lim = SearchLimits {
        nodes: Some(300_000),
        ..limits(64)
    };
    let mut solver = Solver::new(&geo, Rules::default(), &NoTables, lim);
    let r = solver
        .solve(&start, 0, MoveReport::All, &mut |_| {})
        .unwrap();
    assert_eq!(r.value, None);
    assert!(
        r.goals
            .iter()
            .any(|g| g.attacker == Color::White && g.state == GoalState::Disproved),
        "{:?}",
        r.goals
    );
    assert_eq!(r.moves.len(), 5);
    let valued: Vec<_> = r.moves.iter().filter(|m| m.value.is_some()).collect();
    assert!(!valued.is_empty(), "no move valued");
    // 5x5 is a draw, kept only by b2-c3A (README): a move valued here is
    // lost, and none is called a win.
    for m in &valued {
        assert_eq!(m.value, Some(Wdl::Loss), "{:?}", m.turns);
    }
    assert!(valued.len() < 5);
}

// ------------------------------------------------------------ command line

/// Runs the binary in a fresh temporary folder, so the tables it builds in
/// its default `db/` stay out of the source tree.
fn fanorona(args: &[&str]) -> (i32, String, String) {
    static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let cwd = std::env::temp_dir().join(format!("fanorona-search-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(args)
        .current_dir(&cwd)
        .output()
        .expect("run fanorona");
    let _ = std::fs::remove_dir_all(&cwd);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solve_on_the_graph_says_so() {
    // The report speaks of the graph, the times it was full and its
    // positions, not of a tree; its checkpoint holds what it solved and
    // its numbers (no graph).
    fn on_the_graph(memory: &str, nodes: &str, more: &[&str]) -> (i32, String, String) {
        let mut args = vec![
            "solve",
            "--board",
            "5x5",
            "--pieces",
            "0",
            "--graph",
            "--memory",
            memory,
            "--nodes",
            nodes,
            "--moves",
            "none",
            "--threads",
            "1",
        ];
        args.extend_from_slice(more);
        fanorona(&args)
    }
    let (code, out, err) = on_the_graph("0.004", "20000", &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("; graph peak "), "{out}");
    assert!(!out.contains("tree peak"), "{out}");
    assert!(out.contains("memory    graph full "), "{out}");
    assert!(out.contains(" s): kept what it solved"), "{out}");
    assert!(out.contains(" positions solved"), "{out}");
    let dir = fresh_temp_dir("fanorona-graph-ckpt");
    let file = dir.join("5x5.fns");
    let checkpoint = ["--checkpoint", file.to_str().unwrap()];
    let (code, out, err) = on_the_graph("0.05", "20000", &checkpoint);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("estimates and no open tree written"), "{out}");
    let (code, look, err) = on_the_graph("0.05", "0", &checkpoint);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(" estimates ("), "{err}");
    assert!(!err.contains(" 0 estimates ("), "{err}");
    // A look searches nothing, under no cap (it gave the default, 50, as
    // where the search left it; the file keeps none).
    assert!(!look.contains("depth cap"), "{look}");
    std::fs::remove_dir_all(&dir).unwrap();
    // Weak numbers steer the graph only: asked for without it, a usage
    // error.
    let (code, out, err) = on_the_graph("0.004", "20000", &["--weak"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("memory    graph full "), "{out}");
    let (code, _, err) = fanorona(&["solve", "--board", "5x5", "--pieces", "0", "--weak"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--graph"), "{err}");
    // The graph has a depth cap unless told `none`; the report says
    // where the search left it, doubled where lines stopped at it (5x5
    // without tables: lines of whole games, so a cap of 3 doubles). A cap
    // of 0 moves, or one without the graph, is a usage error.
    let cap_left = |out: &str| -> Option<u64> {
        let rest = out.split("graph     depth cap ").nth(1)?;
        rest.split_whitespace().next()?.parse().ok()
    };
    let (code, out, err) = on_the_graph("0.004", "20000", &[]);
    assert_eq!(code, 0, "{err}");
    let cap = cap_left(&out).unwrap_or_else(|| panic!("no depth cap in {out}"));
    assert!(cap % 50 == 0 && (cap / 50).is_power_of_two(), "{out}");
    let (code, out, err) = on_the_graph("0.004", "20000", &["--depth-cap", "3"]);
    assert_eq!(code, 0, "{err}");
    let cap = cap_left(&out).unwrap_or_else(|| panic!("no depth cap in {out}"));
    assert!(
        cap > 3 && (cap / 3).is_power_of_two() && cap % 3 == 0,
        "{out}"
    );
    let (code, out, err) = on_the_graph("0.004", "20000", &["--depth-cap", "none"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(cap_left(&out), None, "{out}");
    let (code, _, err) = on_the_graph("0.004", "20000", &["--depth-cap", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("none"), "{err}");
    let (code, _, err) = fanorona(&[
        "solve",
        "--board",
        "5x5",
        "--pieces",
        "0",
        "--depth-cap",
        "9",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--graph"), "{err}");
}

/// Runs the binary in `dir`, sends it SIGTERM after `after`, and returns
/// its exit code, standard output and standard error.
#[cfg(unix)]
fn killed_after(
    args: &[&str],
    dir: &std::path::Path,
    after: Duration,
) -> (Option<i32>, String, String) {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run fanorona");
    std::thread::sleep(after);
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn a_search_killed_stops_as_at_a_limit_and_writes_its_checkpoint() {
    // The 7x5 start without tables runs for minutes; SIGTERM after a
    // second must end it with "unknown" and its checkpoint, as Ctrl-C
    // would.
    let dir = fresh_temp_dir("fanorona-sigterm");
    let file = dir.join("7x5.fns");
    let args = [
        "solve",
        "--board",
        "7x5",
        "--pieces",
        "0",
        "--memory",
        "0.05",
        "--moves",
        "none",
        "--threads",
        "1",
        "--json",
        "--checkpoint",
        file.to_str().unwrap(),
    ];
    let (code, stdout, stderr) = killed_after(&args, &dir, Duration::from_millis(1500));
    // Exit 2, as an interrupted `build`, `play` or `match`: not an answer
    // (it was 0, as for a limit asked for), the report printed all the same.
    assert_eq!(code, Some(2), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("interrupted by Ctrl-C or kill: the report above is where the search stood; it is kept in "),
        "{stderr}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.contains("\"value\": \"unknown\""), "{last}");
    assert!(last.contains("\"stopped\": \"interrupted\""), "{last}");
    assert!(json_number(last, "nodes") > 0, "{last}");
    assert!(file.exists(), "no checkpoint after SIGTERM: {stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_build_killed_saves_the_group_it_is_solving() {
    // 7x5 up to 6 stones takes minutes on two cores: SIGTERM after two
    // seconds stops it with the group it was solving saved, and `info`
    // tells where.
    let dir = fresh_temp_dir("fanorona-build-sigterm");
    let db = dir.to_str().unwrap();
    let args = [
        "build", "--board", "7x5", "--pieces", "6", "--db", db, "--json",
    ];
    let (code, stdout, stderr) = killed_after(&args, &dir, Duration::from_secs(2));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("build stopped: "), "{stderr}");
    // With --json a last line says so (stdout had none).
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("{\"stopped\": \"interrupted\", \"saved\": \"build stopped: "),
        "{stdout}"
    );
    assert!(
        stderr.contains("the same command goes on from there"),
        "{stderr}"
    );
    let (code, info, _) = fanorona(&["info", "--db", db]);
    assert_eq!(code, 0);
    assert!(info.contains(": snapshot "), "{info}");
    // For machines: the same snapshot as an object, its stage in fields.
    let (code, info, _) = fanorona(&["info", "--db", db, "--json"]);
    assert_eq!(code, 0);
    let at = info.find("\"in_progress\": [{\"kind\": \"snapshot\", \"group\": ");
    let work = &info[at.unwrap_or_else(|| panic!("{info}"))..];
    assert!(
        work.contains("\"stage\": \"init\", \"init_done\": ")
            || work.contains("\"stage\": \"level\", \"level\": "),
        "{info}"
    );
    assert!(json_number(work, "layout_bytes") >= 3, "{info}");
    assert!(work.contains(": snapshot "), "{info}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_time_limit_stops_the_tables_a_search_builds_first() {
    // 7x5's default tables (8 stones) take minutes to build: a time limit
    // of a second stops the build, saved, and the position is unknown,
    // not searched; `table` likewise, its row unknown.
    let dir = fresh_temp_dir("fanorona-build-time-limit");
    let db = dir.to_str().unwrap();
    let args = [
        "solve",
        "--board",
        "7x5",
        "--db",
        db,
        "--time-limit",
        "1",
        "--json",
    ];
    let (code, stdout, stderr) = fanorona(&args);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.contains("\"value\": \"unknown\""), "{last}");
    assert!(last.contains("\"stopped\": \"time limit\""), "{last}");
    assert_eq!(json_number(last, "nodes"), 0, "{last}");
    assert!(
        last.contains("\"build_stopped\": \"build stopped: ")
            && last.contains("the same command goes on from there"),
        "{last}"
    );
    let (code, info, _) = fanorona(&["info", "--db", db]);
    assert_eq!(code, 0);
    assert!(info.contains(": snapshot "), "{info}");
    // The same command goes on from the snapshot, and says so as text.
    let (code, stdout, stderr) = fanorona(&args[..args.len() - 1]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stderr.contains(": resuming "), "{stderr}");
    assert!(
        stdout.contains("value     unknown (time limit)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("tables    the time limit came after "),
        "{stdout}"
    );
    let (code, stdout, stderr) = fanorona(&[
        "table",
        "--boards",
        "7x5",
        "--db",
        db,
        "--time-limit",
        "1",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("\n7x5,"), "{stdout}");
    assert!(stdout.contains(",unknown,time limit,"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_ending_builds_the_tables_of_its_stones_only() {
    // 7x5's default is 8 stones (minutes to build); a position of four
    // needs the tables of four, and its value is theirs.
    let dir = fresh_temp_dir("fanorona-ending-tables");
    let db = dir.to_str().unwrap();
    let fen = "W....../......./..W.B../......./.....B. w";
    let (code, stdout, stderr) = fanorona(&[
        "solve",
        "--position",
        fen,
        "--db",
        db,
        "--json",
        "--time-limit",
        "60",
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let last = stdout.lines().last().unwrap_or_default();
    assert_eq!(json_number(last, "tables"), 4, "{last}");
    assert!(stderr.contains("tables 7x5 up to 4 stones"), "{stderr}");
    // Where they went: the board's folder, not only the database.
    let folder = std::path::Path::new(db).join("7x5-corner-free-sl");
    assert!(
        stderr.contains(&format!("in {}: ", folder.display())),
        "{stderr}"
    );
    let (code, info, _) = fanorona(&["info", "--db", db]);
    assert_eq!(code, 0);
    assert!(info.contains("every class up to 4 stones\n"), "{info}");
    assert!(!info.contains("1v4"), "{info}");
    let (code, probe, _) = fanorona(&["probe", "--db", db, "--json", fen]);
    assert_eq!(code, 0);
    let value = |s: &str| {
        let at = s.find("\"value\": \"").unwrap_or_else(|| panic!("{s}")) + 10;
        s[at..at + s[at..].find('"').unwrap()].to_string()
    };
    assert_eq!(value(last), value(&probe), "{last}\n{probe}");
    assert_eq!(value(last), "win", "{last}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_search_over_damaged_wdl_files_reads_the_tables_and_says_so() {
    let dir = fresh_temp_dir("fanorona-damaged-wdl");
    let db = dir.to_str().unwrap();
    let (code, _, stderr) = fanorona(&["build", "--board", "3x3", "--pieces", "4", "--db", db]);
    assert_eq!(code, 0, "{stderr}");
    let fen = "WW./.../.BB w";
    let solve = ["solve", "--position", fen, "--db", db, "--json"];
    let (code, sound, _) = fanorona(&solve);
    assert_eq!(code, 0);
    let sound = sound.lines().last().unwrap().to_string();
    assert!(!sound.contains("table_problems"), "{sound}");
    // Every WDL file's last byte flipped: the data's checksum fails.
    let folder = dir.join("3x3-corner-free-sl");
    for e in std::fs::read_dir(&folder).unwrap().flatten() {
        if e.path().extension().and_then(|x| x.to_str()) == Some("fnw") {
            let mut bytes = std::fs::read(e.path()).unwrap();
            *bytes.last_mut().unwrap() ^= 0x01;
            std::fs::write(e.path(), bytes).unwrap();
        }
    }
    let (code, damaged, stderr) = fanorona(&solve);
    assert_eq!(code, 0, "{stderr}");
    let damaged = damaged.lines().last().unwrap();
    assert!(
        stderr.contains("warning: ") && stderr.contains("2v2.fnw"),
        "{stderr}"
    );
    assert!(damaged.contains("\"table_problems\": [\""), "{damaged}");
    assert!(damaged.contains("2v2.fnw: "), "{damaged}");
    assert!(
        damaged.contains("WDL file set aside, the table read instead: "),
        "{damaged}"
    );
    // Read into memory (--wdl-memory), every chunk is checked as it is
    // loaded: set aside just the same, not searched through.
    let mut loaded = solve.to_vec();
    loaded.extend(["--wdl-memory", "0.5"]);
    let (code, in_memory, stderr) = fanorona(&loaded);
    assert_eq!(code, 0, "{stderr}");
    let in_memory = in_memory.lines().last().unwrap();
    assert!(in_memory.contains("WDL file set aside"), "{in_memory}");
    assert!(
        !in_memory.contains("not read, its positions searched"),
        "{in_memory}"
    );
    // The same answer, from the tables, with no more search.
    let before = |key: &str, line: &str| {
        line[line.find(key).unwrap()..]
            .split(", \"")
            .next()
            .unwrap()
            .to_string()
    };
    for key in ["\"value\": ", "\"moves\": ", "\"nodes\": "] {
        assert_eq!(before(key, damaged), before(key, &sound), "{key}");
        assert_eq!(before(key, in_memory), before(key, &sound), "{key}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn where_the_game_is_over_no_move_is_valued() {
    // The move limit reached: a draw, and no move left to play (they had
    // been valued as in a game without the limit, some "win").
    for threads in ["1", "2"] {
        let (code, out, err) = fanorona(&[
            "solve",
            "--board",
            "3x3",
            "--move-limit",
            "--turns-played",
            "30",
            "--pieces",
            "0",
            "--threads",
            threads,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let last = out.lines().last().unwrap();
        assert!(last.contains("\"value\": \"draw\""), "{last}");
        assert!(last.contains("\"first_moves\": []"), "{last}");
    }
    // One turn before it, every move ends the game drawn.
    let (_, out, _) = fanorona(&[
        "solve",
        "--board",
        "3x3",
        "--move-limit",
        "--turns-played",
        "29",
        "--pieces",
        "0",
        "--json",
    ]);
    let last = out.lines().last().unwrap();
    assert_eq!(last.matches("\"value\": \"draw\"").count(), 5, "{last}");
    // The side not to move has no stones: it has lost, the game is over.
    let fen = "BBB/.../... b";
    let (code, out, _) = fanorona(&["solve", "--position", fen, "--pieces", "0", "--json"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    assert!(last.contains("\"value\": \"win\""), "{last}");
    assert!(last.contains("\"first_moves\": []"), "{last}");
    let (_, out, _) = fanorona(&["moves", "--position", fen, "--json"]);
    assert_eq!(out.trim(), "[]", "{out}");
    let (_, out, _) = fanorona(&["perft", "--position", fen, "--depth", "1", "--json"]);
    assert!(out.contains("\"nodes\": 0"), "{out}");
    // (No table is needed to know it.)
    let (code, out, err) = fanorona(&["probe", "--db", ".", "--line", "--json", fen]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"value\": \"win\", \"plies\": 0, \"moves\": []")
            && out.contains("\"line_end\": \"opponent has no stones\""),
        "{out}"
    );
}

#[test]
fn solve_command_prints_json_and_refuses_bad_input() {
    let (code, out, _) = fanorona(&["solve", "--board", "3x3", "--json", "--quiet"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("{\"board\": \"3x3\", \"position\": \"BBB/B.W/WWW w\""));
    assert!(last.contains("\"value\": \"win\""), "{last}");
    assert!(last.contains("\"nodes\": ") && last.contains("\"seconds\": "));
    let (code, out, _) = fanorona(&["solve", "--position", ".B./.W./.W. w", "--json", "--quiet"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"value\": \"draw\""), "{out}");
    assert_eq!(json_number(&out, "closures"), 0, "{out}");
    // With --closure: the same draw, and the closures it ran counted (one
    // at the start of the first goal's search at least).
    let drawn = [
        "solve",
        "--position",
        ".B./.W./.W. w",
        "--pieces",
        "0",
        "--threads",
        "1",
        "--closure",
    ];
    let (code, out, _) = fanorona(&[&drawn[..], &["--json", "--quiet"]].concat());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"value\": \"draw\""), "{out}");
    assert!(json_number(&out, "closures") >= 1, "{out}");
    json_number(&out, "closure_solved");
    let seconds = json_seconds(&out, "closure_seconds");
    assert!((0.0..60.0).contains(&seconds), "{out}");
    let (code, out, _) = fanorona(&drawn);
    assert_eq!(code, 0);
    assert!(out.contains("closure   "), "{out}");
    let (code, out, _) = fanorona(&[
        "solve", "--board", "5x5", "--nodes", "500", "--json", "--quiet", "--pieces", "0",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\"value\": \"unknown\""), "{out}");
    assert!(out.contains("\"stopped\": \"node limit\""), "{out}");
    // 5x5 stopped after 500 nodes, on `threads` threads, with `extra`.
    let stopped_5x5 = |threads: &str, extra: &[&str]| {
        let mut args = vec![
            "solve",
            "--board",
            "5x5",
            "--nodes",
            "500",
            "--pieces",
            "0",
            "--threads",
            threads,
        ];
        args.extend(extra);
        fanorona(&args)
    };
    // One search stopped: where it stood, its line, in JSON and in words.
    let (code, out, _) = stopped_5x5("1", &["--json", "--quiet"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "\"line\": {\"attacker\": \"white\", \"root\": \"BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w\""
        ),
        "{out}"
    );
    assert!(out.contains("\"steps\": [{\"move\": \""), "{out}");
    assert!(json_number(&out, "leaf_stones") <= 24, "{out}");
    // Every first move in the tree, each once, the line's first step first.
    let root_moves = &out[out.find("\"root_moves\": [").expect(&out)..];
    let first_step = &out[out.find("\"steps\": [{\"move\": ").unwrap() + 20..];
    let first_step = &first_step[..first_step.find('"').unwrap()];
    assert!(
        root_moves.starts_with(&format!("\"root_moves\": [{{\"move\": \"{first_step}\"")),
        "{out}"
    );
    for m in ["b2-c3A", "c2-c3A", "d2-c3A", "b3-c3A", "b3-c3W"] {
        assert_eq!(
            root_moves.matches(&format!("\"{m}\"")).count(),
            1,
            "{m}: {out}"
        );
    }
    let (code, text, _) = stopped_5x5("1", &["--quiet"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("line      \"white wins?\" goes on "),
        "{text}"
    );
    assert!(text.contains("          1."), "{text}");
    assert!(text.contains("leaf      "), "{text}");
    assert!(
        text.contains("root      its 5 moves in the tree, the next first (proof / disproof):"),
        "{text}"
    );
    // On the graph too.
    let (code, text, _) = stopped_5x5("1", &["--quiet", "--graph"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("line      \"white wins?\" goes on "),
        "{text}"
    );
    assert!(
        text.contains("root      its 5 moves in the graph, the next first (proof / disproof):"),
        "{text}"
    );
    // Side by side: a line for each first move left open, in its entry.
    let (code, out, _) = stopped_5x5("2", &["--json", "--quiet"]);
    assert_eq!(code, 0);
    let moves = &out[out.find("\"first_moves\"").unwrap()..out.find("\"nodes\"").unwrap()];
    assert!(moves.contains("\"line\": {\"attacker\": "), "{out}");
    let (code, text, _) = stopped_5x5("2", &["--quiet"]);
    assert_eq!(code, 0);
    assert!(text.contains("line      after "), "{text}");
    // A bound too small for the tree: the report says how often it was
    // full and cut back, in JSON and in words.
    let tight = [
        "solve", "--board", "7x3", "--pieces", "0", "--moves", "none",
    ];
    let tight = [&tight[..], &["--threads", "1", "--memory", "0.001"]].concat();
    let (code, out, _) = fanorona(&[&tight[..], &["--json", "--quiet"]].concat());
    assert_eq!(code, 0);
    assert!(out.contains("\"value\": \"win\""), "{out}");
    let count = |key: &str| json_number(&out, key);
    let (compactions, cuts) = (count("tree_compactions"), count("tree_cuts"));
    assert!(cuts > 0 && cuts <= compactions, "{out}");
    assert_eq!(count("second_level_searches"), 0, "{out}");
    let (code, text, _) = fanorona(&[&tight[..], &["--quiet"]].concat());
    assert_eq!(code, 0);
    assert!(
        text.contains(&format!("tree full {compactions} times (")),
        "{text}"
    );
    assert!(
        text.contains(&format!(" s): open subtrees cut off {cuts} times")),
        "{text}"
    );
    // The time the cuts took, closures aside: no more than the run's.
    assert!(
        json_seconds(&out, "cut_seconds") <= json_seconds(&out, "seconds"),
        "{out}"
    );
    // One goal alone: 5x3's start is a White win, so "black wins?" is
    // disproved (a bound, no value) and "white wins?" proved (the value).
    let goal_5x3 = |side: &str, threads: &str, json: bool| {
        let mut args = vec![
            "solve",
            "--board",
            "5x3",
            "--pieces",
            "0",
            "--goal",
            side,
            "--threads",
            threads,
        ];
        if json {
            args.extend(["--json", "--quiet"]);
        }
        let (code, out, _) = fanorona(&args);
        assert_eq!(code, 0, "{args:?}");
        out
    };
    let out = goal_5x3("black", "1", true);
    assert!(out.contains("\"value\": \"unknown\""), "{out}");
    assert!(out.contains("\"bound\": \"not-loss\""), "{out}");
    assert!(out.contains("\"stopped\": null"), "{out}");
    assert_eq!(out.matches("\"attacker\"").count(), 1, "{out}");
    let out = goal_5x3("white", "1", true);
    assert!(out.contains("\"value\": \"win\""), "{out}");
    assert!(out.contains("\"bound\": null"), "{out}");
    // Side by side: each first move gets the goal, until a move settles
    // it at the position (a move after which Black does not win; a move
    // that wins for White); the moves cut short stay unknown.
    let out = goal_5x3("black", "2", false);
    assert!(out.contains("not a loss for white"), "{out}");
    assert!(out.contains(" not-loss"), "{out}");
    let out = goal_5x3("white", "2", true);
    assert!(out.contains("\"value\": \"win\""), "{out}");
    assert!(out.contains("\"stopped\": null"), "{out}");
    // The table cache: none by default, since the search reads the WDL
    // files `build` writes beside the tables; under the move limit (which
    // needs the distances) a quarter of --memory at most, and no more than
    // the tables decompress to (3x3's are a few kilobytes); 0 still probes.
    let solve_3x3 = |more: &[&str]| -> String {
        let (code, out, _) =
            fanorona(&[&["solve", "--board", "3x3", "--json", "--quiet"], more].concat());
        assert_eq!(code, 0, "{out}");
        out
    };
    let out = solve_3x3(&[]);
    assert_eq!(json_number(&out, "table_cache_bytes"), 0, "{out}");
    let out = solve_3x3(&["--move-limit"]);
    assert!(
        (1..1 << 20).contains(&json_number(&out, "table_cache_bytes")),
        "{out}"
    );
    let out = solve_3x3(&["--table-cache", "0"]);
    assert_eq!(json_number(&out, "table_cache_bytes"), 0, "{out}");
    assert!(out.contains("\"value\": \"win\""), "{out}");
    // WDL files read into memory: none by default, all of 3x3's (a few
    // kilobytes) in half a GiB; the same value.
    assert_eq!(json_number(&out, "wdl_memory_bytes"), 0, "{out}");
    let out = solve_3x3(&["--wdl-memory", "0.5"]);
    assert!(
        (1..1 << 20).contains(&json_number(&out, "wdl_memory_bytes")),
        "{out}"
    );
    assert!(out.contains("\"value\": \"win\""), "{out}");
    for (args, needle) in [
        (
            &["solve", "--board", "3x3", "--wdl-memory=-1"][..],
            "--wdl-memory -1",
        ),
        (
            &[
                "solve",
                "--board",
                "3x3",
                "--table-cache",
                "0.5",
                "--wdl-memory",
                "0.5",
            ][..],
            "--wdl-memory 0.5",
        ),
        (&["solve", "--board", "4x3"][..], "4x3"),
        (
            &["solve", "--board", "3x3", "--table-cache", "1"][..],
            "--table-cache 1",
        ),
        (
            &["solve", "--board", "3x3", "--table-cache=-0.5"][..],
            "-0.5",
        ),
        (&["solve", "--position", "BBB/BQW/WWW w"][..], "'Q'"),
        (
            &["solve", "--board", "3x3", "--memory", "0"][..],
            "--memory 0",
        ),
        (
            &["solve", "--board", "3x3", "--turns-played", "4"][..],
            "--turns-played 4",
        ),
        (
            &[
                "solve",
                "--board",
                "3x3",
                "--move-limit",
                "--turns-played",
                "40",
            ][..],
            "40 turns",
        ),
        (
            &["solve", "--board", "3x3", "--db", "/no/such/dir"][..],
            "/no/such/dir",
        ),
        (&["table", "--boards", "3x3,6x3"][..], "6x3"),
        (&["solve", "--board", "3x3", "--goal", "red"][..], "red"),
    ] {
        let (code, _, err) = fanorona(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `solve` of the 5x5 start (a draw) with its 4-stone tables, one thread.
const SOLVE_5X5: [&str; 8] = [
    "solve",
    "--board",
    "5x5",
    "--pieces",
    "4",
    "--threads",
    "1",
    "--quiet",
];

#[test]
fn first_moves_left_open_after_a_drawn_position_are_not_wins() {
    // 5x5's start is a draw. A node limit just past the root's proof stops
    // the search while it values the first moves: those it did not settle
    // are bounded by the position's value, "not-win" for White, not
    // plain unknowns.
    let solve = |extra: &[&str]| {
        let mut args = SOLVE_5X5.to_vec();
        args.extend(extra);
        let (code, out, err) = fanorona(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    let root = solve(&["--moves", "none", "--json"]);
    assert!(root.contains("\"value\": \"draw\""), "{root}");
    let limit = (json_number(&root, "nodes") + 2_000).to_string();
    let out = solve(&["--nodes", &limit, "--json"]);
    assert!(out.contains("\"stopped\": \"node limit\""), "{out}");
    assert!(out.starts_with("{\"board\": \"5x5\""), "{out}");
    assert!(out.contains("\"value\": \"draw\", \"moves\""), "{out}");
    let first_moves = &out[out.find("\"first_moves\"").unwrap()..out.find("\"nodes\"").unwrap()];
    let open = first_moves.matches("\"value\": \"unknown\"").count();
    assert!(open > 0, "{out}");
    assert_eq!(
        first_moves
            .matches("\"value\": \"unknown\", \"bound\": \"not-win\"")
            .count(),
        open,
        "{out}"
    );
    // A move that was settled carries no bound.
    assert_eq!(first_moves.matches("\"bound\"").count(), open, "{out}");
    let text = solve(&["--nodes", &limit]);
    assert!(text.contains(" not-win"), "{text}");
    assert!(
        !text.contains(" unknown,") && !text.ends_with(" unknown\n"),
        "{text}"
    );
}

/// `solve --json` of `board`'s start with 4-stone tables and one search
/// (the position's proof first, then its moves), `extra` flags added.
fn solve_one_search(board: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "solve",
        "--board",
        board,
        "--pieces",
        "4",
        "--threads",
        "1",
        "--quiet",
        "--json",
    ];
    args.extend(extra);
    let (code, out, err) = fanorona(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The (move, value) pairs of `first_moves` in a `solve --json` line.
fn first_move_values(out: &str) -> Vec<(String, String)> {
    let start = out.find("\"first_moves\"").expect("first_moves");
    let end = out.find("\"nodes\"").expect("nodes");
    out[start..end]
        .split("{\"move\": \"")
        .skip(1)
        .map(|m| {
            let mv = m.split('"').next().unwrap().to_owned();
            let value = m.split("\"value\": \"").nth(1).unwrap();
            (mv, value.split('"').next().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn first_moves_the_solved_positions_answer_are_valued_before_a_limit_stops() {
    // On 7x3 (4-stone tables), c1-d2A comes first in generation order and
    // takes a while; the start's proof went through e1-d2A, whose win is
    // then in the table of solved positions. A node limit just past the
    // start's proof must not leave that move unknown behind c1-d2A.
    let solve = |extra: &[&str]| solve_one_search("7x3", extra);
    let root = solve(&["--moves", "none"]);
    assert!(root.contains("\"value\": \"win\""), "{root}");
    let whole = first_move_values(&solve(&[]));
    assert!(whole.iter().all(|(_, v)| v != "unknown"), "{whole:?}");
    let limit = json_number(&root, "nodes").to_string();
    let out = solve(&["--nodes", &limit]);
    assert!(out.contains("\"stopped\": \"node limit\""), "{out}");
    assert!(out.contains("\"value\": \"win\", \"moves\""), "{out}");
    let limited = first_move_values(&out);
    assert_eq!(limited.len(), whole.len(), "{out}");
    assert!(limited.iter().any(|(_, v)| v == "win"), "{out}");
    assert!(limited.iter().any(|(_, v)| v == "unknown"), "{out}");
    for (mv, v) in &limited {
        if v != "unknown" {
            assert!(
                whole.contains(&(mv.clone(), v.clone())),
                "{mv} {v}: {whole:?}"
            );
        }
    }
    // Best first, unknown last; among equals in the order of the full run.
    let rank = |v: &str| {
        ["win", "draw", "loss", "unknown"]
            .iter()
            .position(|w| *w == v)
    };
    assert!(
        limited.windows(2).all(|w| rank(&w[0].1) <= rank(&w[1].1)),
        "{limited:?}"
    );
    let settled: Vec<_> = whole.iter().filter(|m| limited.contains(m)).collect();
    let shown: Vec<_> = limited.iter().filter(|(_, v)| v != "unknown").collect();
    assert_eq!(settled, shown, "{out}");
}

#[test]
fn a_hard_first_move_does_not_hold_up_easy_ones_behind_it() {
    // 5x5 (4-stone tables) is a draw; of White's moves c2-c3A, second in
    // generation order, is the hardest to settle. With 4,000 nodes past
    // the start's proof, searching the moves in order spends them all on
    // c2-c3A; a short search of every move first settles d2-c3A and
    // b3-c3W (losses) too.
    let solve = |extra: &[&str]| solve_one_search("5x5", extra);
    let root = solve(&["--moves", "none"]);
    let whole = first_move_values(&solve(&[]));
    assert_eq!(whole.len(), 5, "{whole:?}");
    assert!(whole.iter().all(|(_, v)| v != "unknown"), "{whole:?}");
    let limit = (json_number(&root, "nodes") + 4_000).to_string();
    let out = solve(&["--nodes", &limit]);
    assert!(out.contains("\"stopped\": \"node limit\""), "{out}");
    let limited = first_move_values(&out);
    let settled: Vec<_> = limited.iter().filter(|(_, v)| v != "unknown").collect();
    assert!(settled.len() >= 3, "{out}");
    assert!(settled.len() < whole.len(), "{out}");
    for m in &settled {
        assert!(whole.contains(m), "{m:?}: {whole:?}");
    }
}

/// An empty folder of the system's temporary one, named `name` and this
/// process (emptied if a run before left it).
fn fresh_temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// "White wins?" at the 5x5 start without tables: the command's words.
const WHITE_WINS_5X5: [&str; 7] = [
    "solve", "--board", "5x5", "--pieces", "0", "--goal", "white",
];

/// [`WHITE_WINS_5X5`] with `extra`, one search's JSON line (quiet): its
/// standard output, the command having succeeded.
fn white_wins_5x5(extra: &[&str]) -> String {
    let mut args = WHITE_WINS_5X5.to_vec();
    args.extend(["--moves", "none", "--json", "--quiet"]);
    args.extend(extra);
    let (code, out, err) = fanorona(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// Two files in `dir` that a 5x5 search must refuse to merge: `junk.fns`,
/// a checkpoint's magic and then no header, and `5x3.fns`, a good
/// checkpoint of another board.
fn wrong_checkpoints(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let junk = dir.join("junk.fns");
    std::fs::write(&junk, b"FNSEARCH\xff\xff\xff\xff").unwrap();
    let other = dir.join("5x3.fns");
    let (code, _, err) = fanorona(&[
        "solve",
        "--board",
        "5x3",
        "--pieces",
        "0",
        "--moves",
        "none",
        "--quiet",
        "--checkpoint",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    (junk, other)
}

#[test]
fn solve_command_merges_the_solved_positions_of_other_checkpoints() {
    // A search stopped part way, and the same goal proved in another
    // search's file: merged in, the proof settles the stopped search's
    // tree at once; the merged file is only read; bad merges are refused
    // before anything is searched or written.
    let dir = fresh_temp_dir("fanorona-solve-merge");
    let open = dir.join("open.fns");
    let done = dir.join("done.fns");
    let (o, d) = (open.to_str().unwrap(), done.to_str().unwrap());
    let goal = WHITE_WINS_5X5;
    let with = white_wins_5x5;
    let first = with(&["--nodes", "20000", "--checkpoint", o]);
    assert!(first.contains("\"value\": \"unknown\""), "{first}");
    assert!(!first.contains("\"merged\""), "{first}");
    let proved = with(&["--checkpoint", d]);
    assert!(proved.contains("\"bound\": \"not-win\""), "{proved}");
    let kept = std::fs::read(&done).unwrap();
    let merged = with(&["--checkpoint", o, "--checkpoint-merge", d]);
    assert!(merged.contains("\"bound\": \"not-win\""), "{merged}");
    assert_eq!(json_number(&merged, "nodes"), 0, "{merged}");
    let report = &merged[merged.find("\"merged\": [").expect("merged")..];
    assert!(report.contains(d), "{merged}");
    assert!(json_number(report, "settled") >= 1, "{merged}");
    assert!(json_number(report, "solved") > 0, "{merged}");
    // The own checkpoint now holds the answer, not the open tree.
    let written = &merged[merged.find("\"written\"").expect("written")..];
    assert_eq!(json_number(written, "tree_nodes"), 0, "{merged}");
    assert_eq!(std::fs::read(&done).unwrap(), kept);
    // Without a checkpoint of its own: the merged positions answer.
    let alone = with(&["--checkpoint-merge", d]);
    assert_eq!(json_number(&alone, "nodes"), 0, "{alone}");
    assert!(alone.contains("\"bound\": \"not-win\""), "{alone}");
    // Refused with exit code 2: a missing file, a damaged one, another
    // board; the own checkpoint left as it was.
    let (junk, other) = wrong_checkpoints(&dir);
    let j = junk.to_str().unwrap();
    let own = std::fs::read(&open).unwrap();
    for (args, needle) in [
        (
            vec!["--checkpoint", o, "--checkpoint-merge", "/no/such.fns"],
            "/no/such.fns",
        ),
        (vec!["--checkpoint", o, "--checkpoint-merge", j], "junk.fns"),
        (
            vec![
                "--checkpoint",
                o,
                "--checkpoint-merge",
                other.to_str().unwrap(),
            ],
            "5x3",
        ),
    ] {
        let mut all = goal.to_vec();
        all.extend(&args);
        let (code, _, err) = fanorona(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{all:?}: {err}");
        assert_eq!(std::fs::read(&open).unwrap(), own, "{all:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn split_solve_command_merges_other_checkpoints_into_each_first_move() {
    // A split search (a search a first move, --threads 2) stopped part
    // way with a checkpoint a move, and the start's "White wins?" proved
    // in one file: merged into every move's search, that proof answers
    // each of them at once and settles their trees; a wrong file is
    // refused before any move's search starts or writes.
    let dir = fresh_temp_dir("fanorona-split-merge");
    let done = dir.join("done.fns");
    let moves = dir.join("moves");
    let (d, m) = (done.to_str().unwrap(), moves.to_str().unwrap());
    white_wins_5x5(&["--checkpoint", d]);
    let split = |extra: &[&str]| {
        let mut args = WHITE_WINS_5X5.to_vec();
        args.extend(["--threads", "2", "--json", "--quiet"]);
        args.extend(extra);
        fanorona(&args)
    };
    let (code, first, err) = split(&["--nodes", "20000", "--checkpoint", m]);
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("\"value\": \"unknown\""), "{first}");
    assert!(!first.contains("\"merged\""), "{first}");
    // (One checkpoint a move; the folder also holds `position.txt`.)
    let files = std::fs::read_dir(&moves)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().and_then(|x| x.to_str()) == Some("fns"))
        .count();
    assert!(files >= 2, "{first}");
    let (code, merged, err) = split(&["--checkpoint", m, "--checkpoint-merge", d]);
    assert_eq!(code, 0, "{err}");
    assert!(merged.contains("\"bound\": \"not-win\""), "{merged}");
    assert_eq!(json_number(&merged, "nodes"), 0, "{merged}");
    let report = &merged[merged.find("\"merged\": [").expect("merged")..];
    assert!(report.contains(d), "{merged}");
    // Read into every move's search; the stopped ones' trees settled.
    assert_eq!(json_number(report, "searches"), files as u64, "{merged}");
    assert!(json_number(report, "settled") >= 1, "{merged}");
    // Each move's file now holds its answer, not an open tree.
    let written: Vec<u64> = merged
        .split("\"written\": ")
        .skip(1)
        .map(|w| json_number(w, "tree_nodes"))
        .collect();
    assert_eq!(written, vec![0; files], "{merged}");
    // Without checkpoints of their own, the same answer.
    let (code, alone, err) = split(&["--checkpoint-merge", d]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_number(&alone, "nodes"), 0, "{alone}");
    assert!(alone.contains("\"bound\": \"not-win\""), "{alone}");
    // Refused with exit code 2 before any move's search: a file that is
    // no checkpoint, one of another board; no folder made.
    let (junk, other) = wrong_checkpoints(&dir);
    let fresh = dir.join("fresh");
    for (file, needle) in [(&junk, "junk.fns"), (&other, "5x3")] {
        let args = [
            "--checkpoint",
            fresh.to_str().unwrap(),
            "--checkpoint-merge",
            file.to_str().unwrap(),
        ];
        let (code, _, err) = split(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!fresh.exists(), "{args:?}");
    }
    // ... and before the tables it needs are built.
    let db = dir.join("db");
    std::fs::create_dir_all(&db).unwrap();
    let (code, _, err) = fanorona(&[
        "solve",
        "--board",
        "5x5",
        "--pieces",
        "3",
        "--db",
        db.to_str().unwrap(),
        "--quiet",
        "--checkpoint-merge",
        junk.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("junk.fns"), "{err}");
    assert_eq!(std::fs::read_dir(&db).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_command_keeps_a_checkpoint() {
    let dir = fresh_temp_dir("fanorona-solve-ckpt");
    let file = dir.join("5x5.fns");
    let f = file.to_str().unwrap();
    let goal = WHITE_WINS_5X5;
    let with = white_wins_5x5;
    let whole = with(&[]);
    assert!(whole.contains("\"bound\": \"not-win\""), "{whole}");
    let total = json_number(&whole, "nodes");
    // Two sittings: a node limit, then the rest from the file. --threads
    // is 1 by default with --checkpoint.
    let first = with(&["--nodes", "60000", "--checkpoint", f]);
    assert!(first.contains("\"value\": \"unknown\""), "{first}");
    assert!(first.contains("\"read\": null"), "{first}");
    let written = &first[first.find("\"written\"").expect("written")..];
    assert!(json_number(written, "tree_nodes") > 1000, "{first}");
    let kept = json_number(written, "path_dependent");
    assert!(kept > 0, "{first}");
    assert!(file.exists() && !dir.join("5x5.fns.tmp").exists());
    // A look at the file (--nodes 0): where the first sitting stood, its
    // numbers and line, the file left as it is.
    let saved = std::fs::read(&file).unwrap();
    let look = with(&["--nodes", "0", "--checkpoint", f]);
    assert_eq!(json_number(&look, "nodes"), 0, "{look}");
    let goals = |out: &str| {
        out[out.find("\"goals\"").unwrap()..]
            .split(']')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(goals(&look), goals(&first), "{look}");
    assert!(goals(&look).contains("\"state\": \"open\""), "{look}");
    let line = &look[look.find("\"line\"").expect("a line")..];
    assert_eq!(
        json_number(line, "proof"),
        json_number(&goals(&first), "proof"),
        "{look}"
    );
    assert_eq!(
        &line[..line.find("\"checkpoint\"").unwrap()],
        &first[first.find("\"line\"").unwrap()..first.find("\"checkpoint\"").unwrap()]
    );
    assert!(look.contains("\"written\": null"), "{look}");
    assert_eq!(std::fs::read(&file).unwrap(), saved);
    // A look with another goal or at another position shows the file's
    // tree, and says whose it is; the look above says nothing of it.
    let note = "note: the open tree in";
    let (_, _, err) = fanorona(
        &[
            WHITE_WINS_5X5.as_slice(),
            &["--nodes", "0", "--checkpoint", f],
        ]
        .concat(),
    );
    assert!(!err.contains(note), "{err}");
    for other in [
        vec!["--goal", "black"],
        vec!["--position", "BBBBB/BBBBB/BW.WB/WWWWW/WWWWW w"],
    ] {
        let mut args = vec!["solve", "--pieces", "0", "--nodes", "0", "--checkpoint", f];
        if other[0] == "--goal" {
            args.extend(["--board", "5x5"]);
        } else {
            args.extend(["--goal", "white"]);
        }
        args.extend(&other);
        let (code, out, err) = fanorona(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "{note} {f} is of \"white wins?\" at BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w, not of"
            )),
            "{args:?}: {err}"
        );
        assert!(out.contains("goes on"), "{out}");
        assert_eq!(std::fs::read(&file).unwrap(), saved);
    }
    let second = with(&["--checkpoint", f, "--checkpoint-every", "0.00001"]);
    assert!(second.contains("\"bound\": \"not-win\""), "{second}");
    let read = &second[second.find("\"read\"").expect("read")..];
    assert!(json_number(read, "tree_nodes") > 1000, "{second}");
    assert_eq!(json_number(read, "path_dependent"), kept, "{second}");
    assert!(read.contains("\"tree_goal\": \"white\""), "{second}");
    assert!(json_number(&second, "autosaves") > 0, "{second}");
    let both = json_number(&second, "total_nodes");
    assert_eq!(
        both,
        json_number(&first, "nodes") + json_number(&second, "nodes")
    );
    assert!(
        both >= total - total / 50 && both <= total + total / 50,
        "{both} nodes in two sittings, {total} in one"
    );
    // The goal is settled and kept: a third sitting answers at once.
    let third = with(&["--checkpoint", f]);
    assert_eq!(json_number(&third, "nodes"), 0, "{third}");
    assert!(third.contains("\"bound\": \"not-win\""), "{third}");
    // A seed is read when the checkpoint does not exist yet, and is not
    // written to: the search answers from the seed's solved positions.
    let seeded_file = dir.join("seeded.fns");
    let before = std::fs::read(&file).unwrap();
    let seeded = with(&[
        "--checkpoint",
        seeded_file.to_str().unwrap(),
        "--checkpoint-seed",
        f,
    ]);
    assert_eq!(json_number(&seeded, "nodes"), 0, "{seeded}");
    let read = &seeded[seeded.find("\"read\"").expect("read")..];
    let written = &third[third.find("\"written\"").expect("written")..];
    assert_eq!(
        json_number(read, "solved"),
        json_number(written, "solved"),
        "{seeded}"
    );
    assert!(seeded_file.is_file());
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // Refused, with the file left as it was: a damaged file, another
    // board, a split search, a bad interval.
    let junk = dir.join("junk.fns");
    std::fs::write(&junk, b"FNSEARCH\xff\xff\xff\xff").unwrap();
    let j = junk.to_str().unwrap();
    let kept = std::fs::read(&file).unwrap();
    let none = dir.join("none.fns");
    let n = none.to_str().unwrap();
    for (args, needle) in [
        (vec!["--checkpoint", j], "junk.fns"),
        (vec!["--board", "5x3", "--checkpoint", f], "5x3"),
        (
            vec!["--threads", "2", "--moves", "all", "--checkpoint", f],
            "--threads 2",
        ),
        (
            vec!["--checkpoint", f, "--checkpoint-every=-1"],
            "--checkpoint-every -1",
        ),
        (vec!["--checkpoint-every", "5"], "--checkpoint"),
        (vec!["--checkpoint-seed", f], "--checkpoint"),
        (vec!["--nodes", "0"], "--nodes 0"),
        (vec!["--nodes", "0", "--checkpoint", n], "no file"),
        (
            vec!["--checkpoint", f, "--checkpoint-seed", "/no/such.fns"],
            "/no/such.fns",
        ),
    ] {
        let mut all = goal.to_vec();
        if args.contains(&"--board") {
            all.truncate(1);
            all.extend(["--pieces", "0"]);
        }
        all.extend(&args);
        let (code, _, err) = fanorona(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(err.contains(needle), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{all:?}: {err}");
    }
    // A file that cannot be written is refused before the search, not
    // after it (nor at its first write while searching).
    for bad in [dir.join("missing").join("x.fns"), dir.clone()] {
        let mut all = goal.to_vec();
        all.extend(["--json", "--checkpoint", bad.to_str().unwrap()]);
        let (code, out, err) = fanorona(&all);
        assert_eq!(code, 2, "{all:?}: {err}");
        assert!(out.is_empty(), "{all:?} searched: {out}");
        assert!(
            err.contains("cannot write") && err.contains(bad.to_str().unwrap()),
            "{err}"
        );
        assert!(!dir.join("missing").exists());
    }
    assert_eq!(std::fs::read(&file).unwrap(), kept);
    assert_eq!(std::fs::read(&junk).unwrap(), b"FNSEARCH\xff\xff\xff\xff");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The entries of a split search's `"checkpoints"` list, one a first move.
fn checkpoint_entries(out: &str) -> Vec<&str> {
    let at = out.find("\"checkpoints\": [").expect("a checkpoint a move");
    out[at..].split("{\"move\": ").skip(1).collect()
}

#[test]
fn a_split_search_of_a_single_move_keeps_its_checkpoint() {
    // White's one legal move is the capture b3-c3A. The split used to
    // fall back on one search of the position, which neither read nor
    // wrote the folder's checkpoint, and said so only in its JSON.
    let dir = fresh_temp_dir("fanorona-split-one");
    let folder = dir.join("moves");
    let args = [
        "solve",
        "--position",
        ".W.B./B..../..... w",
        "--pieces",
        "0",
        "--threads",
        "2",
        "--moves",
        "all",
        "--json",
        "--quiet",
        "--checkpoint",
        folder.to_str().unwrap(),
    ];
    let (code, first, err) = fanorona(&args);
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("\"value\": \"loss\""), "{first}");
    let entries = checkpoint_entries(&first);
    assert_eq!(entries.len(), 1, "{first}");
    assert!(entries[0].starts_with("\"b3-c3A\""), "{first}");
    assert!(!entries[0].contains("\"written\": null"), "{first}");
    assert!(folder.join("b3-c3A.fns").is_file());
    // Taken up: answered from the file.
    let (code, again, err) = fanorona(&args);
    assert_eq!(code, 0, "{err}");
    assert!(again.contains("\"value\": \"loss\""), "{again}");
    assert!(
        !checkpoint_entries(&again)[0].contains("\"read\": null"),
        "{again}"
    );
    assert_eq!(json_number(&again, "nodes"), 0, "{again}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_split_search_keeps_a_checkpoint_a_first_move() {
    let dir = fresh_temp_dir("fanorona-split-ckpt");
    // Made by the first sitting.
    let folder = dir.join("moves");
    let f = folder.to_str().unwrap();
    let base = [
        "solve",
        "--board",
        "7x3",
        "--pieces",
        "0",
        "--threads",
        "2",
        "--json",
        "--quiet",
    ];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend(extra);
        let (code, out, err) = fanorona(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    let whole = with(&[]);
    assert!(whole.contains("\"value\": \"win\""), "{whole}");
    let moves = ["c1-d2A", "d1-d2A", "e1-d2A", "e2-d2A", "e2-d2W"];
    // First sitting: every move stopped by the node limit, each kept.
    let first = with(&["--nodes", "3000", "--checkpoint", f]);
    assert!(first.contains("\"value\": \"unknown\""), "{first}");
    let entries = checkpoint_entries(&first);
    assert_eq!(entries.len(), moves.len(), "{first}");
    for m in moves {
        assert!(folder.join(format!("{m}.fns")).is_file(), "{m}");
    }
    // The folder is the start's: another position is refused, before
    // any move's file is read or written (another position's moves of the
    // same names had their trees replaced).
    let start_fen = "BBBBBBB/BWB.WBW/WWWWWWW w";
    assert_eq!(
        std::fs::read_to_string(folder.join("position.txt")).unwrap(),
        format!("{start_fen}\n")
    );
    let saved: Vec<Vec<u8>> = moves
        .iter()
        .map(|m| std::fs::read(folder.join(format!("{m}.fns"))).unwrap())
        .collect();
    let other_fen = "BBBBBBB/BWB.WBW/WWWWWWW b";
    let (code, _, err) = fanorona(&[
        "solve",
        "--position",
        other_fen,
        "--pieces",
        "0",
        "--threads",
        "2",
        "--nodes",
        "1000",
        "--checkpoint",
        f,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("holds the split search of {start_fen}"))
            && err.contains(&format!("not of {other_fen}")),
        "{err}"
    );
    // ... before any table is built (they were built first).
    let db = dir.join("db");
    std::fs::create_dir_all(&db).unwrap();
    let (code, _, err) = fanorona(&[
        "solve",
        "--position",
        other_fen,
        "--pieces",
        "4",
        "--db",
        db.to_str().unwrap(),
        "--threads",
        "2",
        "--checkpoint",
        f,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds the split search of"), "{err}");
    assert_eq!(std::fs::read_dir(&db).unwrap().count(), 0, "{err}");
    for (m, bytes) in moves.iter().zip(&saved) {
        assert_eq!(
            &std::fs::read(folder.join(format!("{m}.fns"))).unwrap(),
            bytes,
            "{m}"
        );
    }
    for e in &entries {
        assert!(e.contains("\"read\": null"), "{e}");
        let written = &e[e.find("\"written\"").expect("written")..];
        assert!(json_number(written, "tree_nodes") > 100, "{e}");
    }
    // Second sitting: each move goes on from its tree, to the answer,
    // and then keeps only that (the root's entries, one a goal).
    let second = with(&["--checkpoint", f]);
    assert!(second.contains("\"value\": \"win\""), "{second}");
    let mut total = 0;
    for e in checkpoint_entries(&second) {
        let read = &e[e.find("\"read\"").expect("read")..];
        assert!(json_number(read, "tree_nodes") > 100, "{e}");
        assert!(json_number(read, "solved") > 10, "{e}");
        let written = &e[e.find("\"written\"").expect("written")..];
        assert!((1..=2).contains(&json_number(written, "solved")), "{e}");
        assert_eq!(json_number(written, "tree_nodes"), 0, "{e}");
        total += json_number(e, "total_nodes");
    }
    assert_eq!(
        total,
        json_number(&first, "nodes") + json_number(&second, "nodes")
    );
    assert!(json_number(&second, "nodes") < json_number(&whole, "nodes"));
    // Third: every move is answered from its file.
    let third = with(&["--checkpoint", f]);
    assert!(third.contains("\"value\": \"win\""), "{third}");
    assert_eq!(json_number(&third, "nodes"), 0, "{third}");
    // A seed: read by every move's search that has no file yet.
    let start = dir.join("start.fns");
    let (code, single, err) = fanorona(&[
        "solve",
        "--board",
        "7x3",
        "--pieces",
        "0",
        "--moves",
        "none",
        "--json",
        "--quiet",
        "--nodes",
        "5000",
        "--checkpoint",
        start.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let seeded_with = json_number(&single[single.find("\"written\"").unwrap()..], "solved");
    assert!(seeded_with > 0, "{single}");
    let other = dir.join("seeded");
    let seeded = with(&[
        "--nodes",
        "1000",
        "--checkpoint",
        other.to_str().unwrap(),
        "--checkpoint-seed",
        start.to_str().unwrap(),
    ]);
    for e in checkpoint_entries(&seeded) {
        let read = &e[e.find("\"read\"").expect("read")..];
        assert_eq!(json_number(read, "solved"), seeded_with, "{e}");
        // The seed's tree (of the start) is passed over, and its nodes
        // are not counted as the move's.
        assert_eq!(json_number(read, "tree_nodes"), 0, "{e}");
        assert!(!read.contains("\"tree_skipped\": null"), "{e}");
        assert!(json_number(e, "total_nodes") <= json_number(&seeded, "nodes"));
    }
    // A damaged file stops the search with its name, and is left as it
    // was.
    let junk = other.join("c1-d2A.fns");
    std::fs::write(&junk, b"FNSEARCH\xff\xff\xff\xff").unwrap();
    let mut args = base.to_vec();
    args.extend(["--checkpoint", other.to_str().unwrap()]);
    let (code, _, err) = fanorona(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("c1-d2A.fns"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read(&junk).unwrap(), b"FNSEARCH\xff\xff\xff\xff");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_start_stopped_between_its_two_goals_is_bounded_by_the_settled_one() {
    // 5x5's start is a draw: both "White wins?" and "Black wins?" are
    // disproved. A node limit after the first disproof leaves the value
    // unknown, but "not-win" (or "not-loss") for White, in every output.
    let run = |args: &[&str]| {
        let (code, out, err) = fanorona(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    let full = run(&[&SOLVE_5X5[..], &["--moves", "none", "--json"]].concat());
    assert!(full.contains("\"value\": \"draw\""), "{full}");
    let nodes = json_number(&full, "nodes");
    let (limit, out) = (1..8)
        .map(|i| (nodes * i / 8).to_string())
        .find_map(|limit| {
            let out = run(&[
                &SOLVE_5X5[..],
                &["--moves", "none", "--json", "--nodes", &limit],
            ]
            .concat());
            (out.contains("\"value\": \"unknown\"") && out.contains("\"state\": \"disproved\""))
                .then_some((limit, out))
        })
        .unwrap_or_else(|| panic!("no limit below {nodes} nodes stops between the goals"));
    let (bound, words, open) = if out.contains("{\"attacker\": \"white\", \"state\": \"disproved\"")
    {
        ("not-win", "not a win", "black")
    } else {
        ("not-loss", "not a loss", "white")
    };
    assert!(out.contains(&format!("\"bound\": \"{bound}\"")), "{out}");
    let text = run(&[&SOLVE_5X5[..], &["--moves", "none", "--nodes", &limit]].concat());
    assert!(
        text.contains(&format!("value     {words} for white (node limit)")),
        "{text}"
    );
    // The same board, tables and thread as the solve above, so the limit
    // found there falls between the two disproofs here too.
    let table = [&["table", "--boards"][..], &SOLVE_5X5[2..]].concat();
    let md = run(&[&table[..], &["--format", "md", "--nodes", &limit]].concat());
    // The goal left open is given with its numbers (the rows said only
    // the bound; JSON has them).
    assert!(
        md.contains(&format!("| 5x5 | {bound} (node limit; {open} wins? ")),
        "{md}"
    );
    let csv = run(&[&table[..], &["--format", "csv", "--nodes", &limit]].concat());
    assert!(
        csv.contains(&format!("5x5,corner-free-sl,{bound},node limit,")),
        "{csv}"
    );
    let row = csv.lines().find(|l| l.starts_with("5x5,")).unwrap();
    let (_, last) = row.rsplit_once(',').unwrap();
    let (pn, dn) = last
        .strip_prefix(&format!("{open} wins? "))
        .and_then(|n| n.split_once(" / "))
        .unwrap_or_else(|| panic!("{row}"));
    assert!(
        pn.parse::<u64>().is_ok() && dn.parse::<u64>().is_ok(),
        "{row}"
    );
}

#[test]
fn table_command_writes_every_format() {
    let dir = std::env::temp_dir().join(format!("fanorona-table-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (code, _, err) = fanorona(&[
        "table",
        "--boards",
        "3x3,5x3",
        "--format",
        "md,csv,json",
        "--out",
        d,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let md = std::fs::read_to_string(dir.join("table.md")).unwrap();
    assert!(md.contains("| 3x3 | win | "), "{md}");
    let csv = std::fs::read_to_string(dir.join("table.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3);
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .starts_with("5x3,corner-free-sl,win,")
    );
    let json = std::fs::read_to_string(dir.join("table.json")).unwrap();
    assert_eq!(json.matches("\"board\"").count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `table` refuses a checkpoint of another board before it searches any
/// board (it solved the boards before, then failed and wrote nothing), and
/// writes each format once, with no leftover temporary file.
#[test]
fn table_checks_its_checkpoints_first_and_writes_whole_files() {
    let dir = std::env::temp_dir().join(format!("fanorona-table-first-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ck = dir.join("ck");
    std::fs::create_dir_all(&ck).unwrap();
    let c = ck.to_str().unwrap();
    // A 3x3 checkpoint where the 5x3 one belongs.
    let (code, _, err) = fanorona(&[
        "solve",
        "--board",
        "3x3",
        "--pieces",
        "0",
        "--threads",
        "1",
        "--quiet",
        "--checkpoint",
        ck.join("5x3.fns").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = fanorona(&[
        "table",
        "--boards",
        "3x3,5x3",
        "--pieces",
        "0",
        "--threads",
        "1",
        "--checkpoint",
        c,
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("5x3.fns") && err.contains("3x3"), "{err}");
    assert!(!err.contains("3x3: win"), "searched before refusing: {err}");
    let out_dir = dir.join("out");
    let o = out_dir.to_str().unwrap();
    let (code, _, err) = fanorona(&[
        "table",
        "--boards",
        "3x3",
        "--format",
        "md,csv,md",
        "--out",
        o,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.matches("wrote ").count(), 2, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["table.csv", "table.md"]);
    // A one-thread sitting's checkpoint is refused by a split one (which
    // started from nothing), not passed over.
    let one = dir.join("one");
    let c = one.to_str().unwrap();
    let sitting = |threads| {
        fanorona(&[
            "table",
            "--boards",
            "3x3",
            "--pieces",
            "0",
            "--threads",
            threads,
            "--checkpoint",
            c,
        ])
    };
    let (code, _, err) = sitting("1");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = sitting("2");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("3x3.fns") && err.contains("--threads 1"),
        "{err}"
    );
    // A split search's folder of other rules, refused before the boards
    // before it are searched.
    let split = dir.join("split");
    let c = split.to_str().unwrap();
    let table = |boards: &str, extra: &[&str]| {
        let mut args = vec![
            "table",
            "--boards",
            boards,
            "--pieces",
            "0",
            "--threads",
            "2",
        ];
        args.extend(["--nodes", "2000", "--checkpoint", c]);
        args.extend(extra);
        fanorona(&args)
    };
    let (code, _, err) = table("5x3", &["--stalemate", "draw"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = table("3x3,5x3", &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("corner-free-sd"), "{err}");
    assert!(!err.contains("3x3: win"), "searched before refusing: {err}");
    // ... and one of another start (Black first): its moves' files have
    // the same names.
    let (code, _, err) = table("3x3,5x3", &["--stalemate", "draw", "--first", "black"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds the split search of BBBBB/BW.BW/WWWWW w")
            && err.contains("not of BBBBB/BW.BW/WWWWW b"),
        "{err}"
    );
    assert!(!err.contains("3x3: win"), "searched before refusing: {err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_stopped_by_its_limit_is_taken_up_from_its_checkpoints() {
    let dir = std::env::temp_dir().join(format!("fanorona-table-ckpt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.join("ck");
    let d = d.to_str().unwrap();
    let table = |extra: &[&str]| {
        let mut args = vec![
            "table", "--boards", "5x3,3x5", "--pieces", "0", "--format", "csv", "--quiet",
        ];
        args.extend(extra);
        let (code, out, err) = fanorona(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    // (board, all first moves, nodes) of each row.
    let rows = |csv: &str| -> Vec<(String, String, u64)> {
        csv.lines()
            .skip(1)
            .map(|l| {
                let (board, rest) = l.split_once(',').unwrap();
                let moves = rest.split('"').nth(1).unwrap().to_string();
                let nodes = rest.rsplit(',').nth(4).unwrap().parse().unwrap();
                (board.to_string(), moves, nodes)
            })
            .collect()
    };
    let whole = rows(&table(&["--threads", "1"]));
    assert!(whole.iter().all(|r| !r.1.contains("unknown")), "{whole:?}");
    // One search a board (--threads 1 by default with --checkpoint): the
    // first sitting stops with a move unknown, the second goes on from the
    // file and ends as one sitting would have, in as many nodes in all.
    let first = rows(&table(&["--nodes", "2000", "--checkpoint", d]));
    // (Unknown, or only bounded: one goal of the move settled.)
    let unsettled = |moves: &str| moves.contains("unknown") || moves.contains(" not-");
    assert!(unsettled(&first[0].1), "{first:?}");
    assert!(dir.join("ck/5x3.fns").is_file() && dir.join("ck/3x5.fns").is_file());
    let second = rows(&table(&["--checkpoint", d]));
    for ((one, a), b) in whole.iter().zip(&first).zip(&second) {
        assert_eq!(one.1, b.1, "{b:?}");
        assert_eq!(a.2 + b.2, one.2, "{a:?} then {b:?}, {one:?} in one sitting");
    }
    // Answered and kept: a third sitting searches nothing.
    let third = rows(&table(&["--checkpoint", d]));
    assert!(third.iter().all(|r| r.2 == 0), "{third:?}");
    assert_eq!(
        third.iter().map(|r| &r.1).collect::<Vec<_>>(),
        whole.iter().map(|r| &r.1).collect::<Vec<_>>()
    );
    // Side by side, a folder a board with a file a first move.
    let split = dir.join("split");
    let s = split.to_str().unwrap();
    let out = rows(&table(&["--threads", "2", "--checkpoint", s]));
    assert_eq!(out[0].1, whole[0].1);
    for m in ["c1-c2A", "b2-c2W", "b2-c2A"] {
        assert!(split.join("5x3").join(format!("{m}.fns")).is_file(), "{m}");
    }
    // A file where a board's folder should be, a folder where a file
    // should be, and a negative period are refused before any search.
    std::fs::write(split.join("7x3"), "not a folder").unwrap();
    std::fs::create_dir_all(split.join("3x3.fns")).unwrap();
    for (board, threads, extra, message) in [
        ("7x3", "2", None, "a file, but --threads 2"),
        (
            "5x3",
            "1",
            Some("--checkpoint-every=-1"),
            "--checkpoint-every -1",
        ),
        ("3x3", "1", None, "a folder, not a file"),
    ] {
        let mut args = vec![
            "table",
            "--boards",
            board,
            "--pieces",
            "0",
            "--threads",
            threads,
            "--checkpoint",
            s,
        ];
        args.extend(extra);
        let (code, _, err) = fanorona(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reports_name_the_rules_the_tables_share_but_play_does_not() {
    // The move limit and who starts share the tables (and their folder
    // names) with the default rules, but a report must tell them apart.
    for (flags, label) in [
        (&[][..], "corner-free-sl"),
        (&["--move-limit"][..], "corner-free-sl-limit"),
        (&["--first", "black"][..], "corner-free-sl-black-first"),
        (
            &["--move-limit", "--first", "black", "--sacrifice"][..],
            "corner-free-sl-sac-limit-black-first",
        ),
    ] {
        let mut args = vec!["solve", "--board", "3x3", "--json", "--quiet"];
        args.extend(flags);
        let (code, out, err) = fanorona(&args);
        assert_eq!(code, 0, "{flags:?}: {err}");
        let want = format!("\"rules\": \"{label}\",");
        assert!(
            out.lines().last().unwrap().contains(&want),
            "{flags:?}: {out}"
        );
    }
}

/// After the root is proved, `MoveReport::Best` finds the move the proof
/// went through in the table of solved positions, without searching the
/// moves before it (on 9x5 under forced continuation the first move in the
/// list is a drawn one that takes hours).
#[test]
fn the_best_move_of_a_proved_root_comes_from_the_table() {
    for (cols, rows) in [(3, 3), (5, 3), (3, 5)] {
        let rules = Rules::default();
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        let geo = Geometry::<u64>::new(board);
        let pos = Position::<u64>::start(&board, rules.first);
        let mut solver = Solver::new(&geo, rules, &NoTables, limits(64));
        let root = solver
            .solve(&pos, 0, MoveReport::None, &mut |_| {})
            .unwrap();
        assert_eq!(root.value, Some(Wdl::Win), "{cols}x{rows}");
        let best = solver
            .solve(&pos, 0, MoveReport::Best, &mut |_| {})
            .unwrap();
        assert_eq!(best.value, Some(Wdl::Win), "{cols}x{rows}");
        assert_eq!(best.nodes, 0, "{cols}x{rows}: searched again");
        assert_eq!(best.moves.len(), 1, "{cols}x{rows}: {:?}", best.moves);
        assert_eq!(best.moves[0].value, Some(Wdl::Win), "{cols}x{rows}");
    }
}

/// A split search whose value is known while first moves are left unknown
/// by the node limit says it stopped, as the search of one thread does
/// (it said nothing: a table's "best first moves" left out winning moves
/// with no word that the search was cut short).
#[test]
fn a_split_search_with_moves_left_unknown_says_why() {
    let board = Board::new(5, 3, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let rules = Rules::default();
    let pos = Position::start(&board, rules.first);
    let lim = SearchLimits {
        nodes: Some(2_000),
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let r = solve_split(&geo, &rules, &pos, 0, &NoTables, &lim, &Split::threads(2)).unwrap();
    assert_eq!(r.value, Some(Wdl::Win));
    assert!(r.moves.iter().any(|m| m.value.is_none()), "{:?}", r.moves);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    // With room for every move, nothing stopped it.
    let lim = SearchLimits {
        nodes: Some(100_000),
        ..lim
    };
    let r = solve_split(&geo, &rules, &pos, 0, &NoTables, &lim, &Split::threads(2)).unwrap();
    assert!(r.moves.iter().all(|m| m.value.is_some()), "{:?}", r.moves);
    assert_eq!(r.stopped, None);
}

/// A seed of another board is refused even where the search's own
/// checkpoint is there to be read instead (it was passed over without a
/// word), a folder given to --checkpoint-merge is named as one, and a
/// split search's folder of another rule set is refused before any move's
/// file is written.
#[test]
fn seeds_merges_and_split_folders_are_checked_first() {
    let dir = std::env::temp_dir().join(format!("fanorona-seed-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--pieces", "0", "--quiet", "--nodes", "3000"];
        args.extend(extra);
        fanorona(&args)
    };
    for board in ["3x3", "5x3"] {
        let file = path(&format!("{board}.fns"));
        let (code, _, err) = solve(&["--board", board, "--threads", "1", "--checkpoint", &file]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = solve(&[
        "--board",
        "5x3",
        "--threads",
        "1",
        "--checkpoint",
        &path("5x3.fns"),
        "--checkpoint-seed",
        &path("3x3.fns"),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--checkpoint-seed") && err.contains("3x3"),
        "{err}"
    );
    let (code, _, err) = solve(&[
        "--board",
        "5x3",
        "--threads",
        "2",
        "--checkpoint",
        &path("split"),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = solve(&["--board", "5x3", "--checkpoint-merge", &path("split")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a folder"), "{err}");
    let files = || std::fs::read_dir(dir.join("split")).unwrap().count();
    let before = files();
    let (code, _, err) = solve(&[
        "--board",
        "5x3",
        "--threads",
        "2",
        "--sacrifice",
        "--checkpoint",
        &path("split"),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("corner-free-sl-sac"), "{err}");
    assert_eq!(
        files(),
        before,
        "files written into a folder of other rules"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A split search of both goals (no --goal) that disproved one goal after
/// a first move, the other left open, gives that move its bound (it said
/// "unknown").
#[test]
fn a_split_search_gives_a_half_settled_move_its_bound() {
    let (code, out, err) = fanorona(&[
        "solve",
        "--board",
        "5x3",
        "--pieces",
        "0",
        "--threads",
        "2",
        "--nodes",
        "2000",
    ]);
    assert_eq!(code, 0, "{err}");
    let moves = out.lines().find(|l| l.starts_with("moves")).expect(&out);
    assert!(moves.contains("b2-c2W not-loss"), "{moves}");
}

/// `table --out DIR` where a table already is, and the run ends before
/// its last board: the table there before is kept when no board was
/// solved, and a partial one is said to be partial, naming the boards it
/// lacks.
#[test]
fn a_table_checks_db_before_it_solves_or_writes_anything() {
    let dir = fresh_temp_dir("fanorona-table-db-typo");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let md = out.join("table.md");
    std::fs::write(&md, "an earlier table\n").unwrap();
    let missing = dir.join("nodbX");
    // A typo in --db was found at the first board needing tables, after
    // the table file was replaced by its header alone.
    let (code, stdout, stderr) = fanorona(&[
        "table",
        "--db",
        missing.to_str().unwrap(),
        "--boards",
        "3x3,5x3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.contains("no such folder"), "{stderr}");
    assert!(!stderr.contains("wrote"), "{stderr}");
    assert!(
        !stderr.contains("3x3: "),
        "solved before the check: {stderr}"
    );
    assert_eq!(std::fs::read_to_string(&md).unwrap(), "an earlier table\n");
    // A file is not said to be missing: it is a file.
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    for cmd in [
        &["table", "--boards", "3x3"][..],
        &["solve", "--board", "3x3"],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--db", file.to_str().unwrap()]);
        let (code, _, stderr) = fanorona(&args);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains(&format!("--db {}: a file, not a folder", file.display())),
            "{stderr}"
        );
    }
    // Without tables no folder is needed, named or not.
    let (code, _, stderr) = fanorona(&[
        "table",
        "--db",
        missing.to_str().unwrap(),
        "--boards",
        "3x3",
        "--pieces",
        "0",
    ]);
    assert_eq!(code, 0, "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs the binary with `args`, sends it SIGINT (Ctrl-C, once) when
/// `ready` holds (or after 60 s) and `after` more, and returns its exit
/// code, standard output and standard error.
#[cfg(unix)]
fn interrupted_when(
    args: &[&str],
    ready: impl Fn() -> bool,
    after: Duration,
) -> (Option<i32>, String, String) {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run fanorona");
    let t0 = std::time::Instant::now();
    while !ready() && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(after);
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn an_interrupted_table_exits_2_and_says_what_it_wrote_and_left_out() {
    let dir = fresh_temp_dir("fanorona-table-interrupted");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let (md, csv) = (out.join("table.md"), out.join("table.csv"));
    std::fs::write(&md, "an earlier table\n").unwrap();
    // 3x3 takes milliseconds, 7x5 without tables minutes: Ctrl-C once
    // 7x5 is being searched. The table was written with 7x5 "unknown
    // (interrupted)" and 5x3 missing without a word, and exit 0.
    let args = [
        "table",
        "--boards",
        "3x3,7x5,5x3",
        "--pieces",
        "0",
        "--threads",
        "1",
        "--memory",
        "0.1",
        "--quiet",
        "--format",
        "md,csv",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, _, stderr) = interrupted_when(&args, || true, Duration::from_millis(1500));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("3x3: win"), "3x3 not solved yet: {stderr}");
    assert!(
        stderr.contains(&format!(
            "interrupted by Ctrl-C or kill; wrote a partial table to {}, {} (over the table there before: {}): 7x5 unfinished (value unknown), 5x3 left out",
            md.display(),
            csv.display(),
            md.display()
        )),
        "{stderr}"
    );
    let table = std::fs::read_to_string(&md).unwrap();
    assert!(table.contains("| 3x3 | win |"), "{table}");
    // (With the numbers of the goal left open, if its search began.)
    assert!(table.contains("| 7x5 | unknown (interrupted"), "{table}");
    assert!(!table.contains("5x3"), "{table}");
    // Interrupted at the first board: no board solved, nothing written,
    // the table there before kept.
    std::fs::write(&md, "an earlier table\n").unwrap();
    std::fs::remove_file(&csv).unwrap();
    let args = [
        "table",
        "--boards",
        "7x5,5x3",
        "--pieces",
        "0",
        "--threads",
        "1",
        "--memory",
        "0.1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, _, stderr) = interrupted_when(&args, || true, Duration::from_millis(1000));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("no board was solved: no table written"),
        "{stderr}"
    );
    assert!(
        stderr.contains("7x5 unfinished (value unknown), 5x3 left out"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&md).unwrap(), "an earlier table\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search stopped by Ctrl-C while its tables are built says so in its
/// report: it said "the time limit came after ... of building" with no
/// --time-limit given.
#[cfg(unix)]
#[test]
fn a_search_interrupted_in_its_table_build_says_interrupted() {
    let dir = fresh_temp_dir("fanorona-build-interrupted-text");
    let db = dir.to_str().unwrap();
    let folder = dir.join("7x5-corner-free-sl");
    // 7x5 up to 6 stones takes tens of seconds: 0.3 s into it, even a
    // much faster machine is still building.
    let args = [
        "solve",
        "--board",
        "7x5",
        "--pieces",
        "6",
        "--threads",
        "1",
        "--db",
        db,
    ];
    let (code, stdout, stderr) =
        interrupted_when(&args, || folder.exists(), Duration::from_millis(300));
    assert_eq!(code, Some(2), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("value     unknown (interrupted)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("tables    Ctrl-C or kill came after "),
        "{stdout}"
    );
    assert!(!stdout.contains("time limit"), "{stdout}");
    assert!(
        stderr.contains("interrupted by Ctrl-C or kill while its tables were being built"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--nodes` is looked at every 1,024 expansions: said in `--help`.
#[test]
fn the_node_limit_says_it_goes_by_1024() {
    for cmd in ["solve", "table"] {
        let (code, help, _) = fanorona(&[cmd, "--help"]);
        assert_eq!(code, 0);
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains("--nodes 1 expands 1,024, 1025 expands 2,048"),
            "{cmd}: {help}"
        );
    }
    // As said.
    for (n, expanded) in [("1", 1024), ("1025", 2048)] {
        let (code, out, err) = fanorona(&[
            "solve",
            "--board",
            "5x5",
            "--pieces",
            "0",
            "--threads",
            "1",
            "--moves",
            "none",
            "--nodes",
            n,
            "--quiet",
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(json_number(&out, "nodes"), expanded, "{out}");
    }
}

/// Messages that name the input and what it should be.
#[test]
fn bad_limits_and_paths_are_named() {
    // The bound a time limit exceeds, and the number in short.
    let (code, _, err) = fanorona(&["solve", "--board", "3x3", "--time-limit", "1e100"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--time-limit 1e100: give a number of seconds above 0 and below 1000000000"),
        "{err}"
    );
    // --out and --checkpoint of `table` take folders: a file there said
    // only "File exists (os error 17)".
    let dir = fresh_temp_dir("fanorona-table-file-paths");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    for flag in ["--out", "--checkpoint"] {
        let (code, _, err) = fanorona(&[
            "table",
            "--boards",
            "3x3",
            "--pieces",
            "0",
            flag,
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!(
                "{flag} {}: a file, but {flag} takes a folder",
                file.display()
            )),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_board_given_twice_is_refused() {
    // It was solved and listed twice; most likely a typo for another.
    let (code, out, err) = fanorona(&["table", "--boards", "3x3,3x5,3x3", "--pieces", "0"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("--boards: 3x3 is given twice"), "{err}");
    assert!(out.is_empty(), "{out}");
    // Two boards that share their tables are two boards.
    let (code, out, err) = fanorona(&["table", "--boards", "3x5,5x3", "--pieces", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| 3x5 |") && out.contains("| 5x3 |"), "{out}");
}

#[test]
fn first_black_with_a_position_of_white_to_move_is_said_to_be_passed_over() {
    // The position's side letter decides, as with `moves`, `show` and
    // `perft`; --first black went without a word.
    let solve = |fen: &str| {
        fanorona(&[
            "solve",
            "--position",
            fen,
            "--first",
            "black",
            "--pieces",
            "0",
            "--moves",
            "none",
        ])
    };
    let (code, out, err) = solve("BBB/B.W/WWW w");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value     win for white"), "{out}");
    assert!(
        err.contains("warning: --first black is passed over with --position: its side letter (w) says White moves"),
        "{err}"
    );
    let (code, _, err) = solve("BBB/B.W/WWW b");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
}

/// A split search whose first moves' checkpoints cannot be written (here a
/// file-size limit stands for a full disk) fails, exit code 2 with the
/// reason on standard error, as the whole search's own checkpoint does: it
/// said so on standard output only, and exited 0.
#[cfg(unix)]
#[test]
fn a_split_search_whose_checkpoints_cannot_be_written_fails() {
    let cwd = std::env::temp_dir().join(format!("fanorona-split-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cwd);
    std::fs::create_dir_all(&cwd).unwrap();
    // Files of at most 512 bytes (dash, the sh of Debian, counts 512-byte
    // blocks; position.txt fits); the signal of a write past that ignored,
    // so that the write fails instead of ending the program.
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec {} solve --board 5x5 --pieces 0 --threads 2 --checkpoint sp --nodes 20000 --quiet",
        env!("CARGO_BIN_EXE_fanorona")
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(&cwd)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(stdout.contains(": not written: "), "{stdout}");
    assert_eq!(out.status.code(), Some(2), "{stdout}\n{stderr}");
    assert!(
        stderr.starts_with("error: writing the checkpoint failed: sp/")
            && stderr.contains("File too large"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&cwd).unwrap();
}

/// A damaged checkpoint is refused and kept, and the message says how to
/// go on (it gave no way forward).
#[test]
fn a_damaged_checkpoint_says_how_to_go_on() {
    let cwd = std::env::temp_dir().join(format!("fanorona-damaged-cp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cwd);
    std::fs::create_dir_all(&cwd).unwrap();
    let file = cwd.join("cp.fns");
    let path = file.to_str().unwrap();
    let args = [
        "solve",
        "--board",
        "5x3",
        "--pieces",
        "0",
        "--checkpoint",
        path,
    ];
    let (code, _, stderr) = fanorona(&args);
    assert_eq!(code, 0, "{stderr}");
    let whole = std::fs::read(&file).unwrap();
    for bytes in [
        &whole[..whole.len() - 5],
        b"not a checkpoint at all".as_slice(),
    ] {
        std::fs::write(&file, bytes).unwrap();
        let (code, stdout, stderr) = fanorona(&args);
        assert_eq!(code, 2, "{stdout}");
        assert!(
            stderr.contains("; it is left as it is: move it aside (or delete it) to search afresh"),
            "{stderr}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), bytes);
    }
    std::fs::remove_dir_all(&cwd).unwrap();
}
