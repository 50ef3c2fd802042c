//! The search given limits a library user may pass, which the command line
//! never does (it checks its flags): each must end the search cleanly or be
//! refused with an error, never panic or search on for ever.

use std::sync::mpsc;
use std::time::Duration;

use fanorona::geometry::{Board, Geometry};
use fanorona::position::Position;
use fanorona::rules::{Color, Diagonals, Rules};
use fanorona::search::{
    GoalState, SearchError, SearchLimits, SolveResult, Solver, Split, StopReason, solve,
    solve_split,
};
use fanorona::value::{GameMismatch, NoTables, Oracle, Value, Wdl, same_game};

/// 5x3's start, White to move (a win for White, settled in well under a
/// second with room enough).
fn five_by_three() -> (Geometry<u64>, Position<u64>) {
    let board = Board::new(5, 3, Diagonals::Corner).unwrap();
    (Geometry::new(board), Position::start(&board, Color::White))
}

/// Runs `search` on a thread of its own and waits at most `net` for it: a
/// search that went on for ever fails the test instead of hanging it.
fn within<T: Send + 'static>(net: Duration, search: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, heard) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(search());
    });
    heard
        .recv_timeout(net)
        .expect("the search ended within the net (or panicked)")
}

/// `solve` on 5x3's start, default rules, no tables, within a net of a
/// minute.
fn solve_five_by_three(limits: SearchLimits) -> SolveResult<u64> {
    within(Duration::from_secs(60), move || {
        let (geo, pos) = five_by_three();
        solve(&geo, &Rules::default(), &pos, &NoTables, &limits, |_| {})
    })
}

#[test]
fn a_time_too_long_for_the_clock_is_no_limit() {
    // `Duration::MAX` added to the clock panicked ("overflow when adding
    // duration to instant"); a long time that does add is a limit never
    // reached. Either way the search settles the root and every move.
    for time in [Duration::MAX, Duration::from_secs(u64::MAX / 4)] {
        let r = solve_five_by_three(SearchLimits {
            time: Some(time),
            memory_bytes: 8 << 20,
            ..SearchLimits::default()
        });
        assert_eq!((r.value, r.stopped), (Some(Wdl::Win), None), "{time:?}");
        assert!(r.moves.iter().all(|m| m.value.is_some()), "{time:?}");
    }
}

#[test]
fn a_time_too_long_for_the_clock_is_no_limit_on_several_threads() {
    // `solve_split` adds the time to its clock too, and shares it out in
    // two passes: with no deadline to share, the moves are searched once
    // each, as without a limit (not given no time at all).
    let (geo, pos) = five_by_three();
    for time in [Duration::MAX, Duration::from_secs(u64::MAX / 4)] {
        let limits = SearchLimits {
            time: Some(time),
            memory_bytes: 8 << 20,
            ..SearchLimits::default()
        };
        let split = Split::threads(2);
        let r = solve_split(&geo, &Rules::default(), &pos, 0, &NoTables, &limits, &split).unwrap();
        assert_eq!((r.value, r.stopped), (Some(Wdl::Win), None), "{time:?}");
        assert!(r.moves.len() > 1);
        assert!(r.moves.iter().all(|m| m.value.is_some()), "{time:?}");
    }
}

#[test]
fn a_closure_never_due_again_does_not_overflow_its_count() {
    // `closure_every: Some(u64::MAX)` after expansions counted before (a
    // checkpoint's): the next closure's due count overflowed.
    let dir = std::env::temp_dir().join(format!("fanorona-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("closure.ckpt");
    let board = Board::new(5, 5, Diagonals::Corner).unwrap();
    let geo = Geometry::<u64>::new(board);
    let pos = Position::start(&board, Color::White);
    let limits = |closure_every| SearchLimits {
        nodes: Some(4096),
        memory_bytes: 8 << 20,
        closure_every,
        ..SearchLimits::default()
    };
    let mut first = Solver::new(&geo, Rules::default(), &NoTables, limits(None));
    let r = first
        .prove_goal(&pos, 0, Color::White, &mut |_| {})
        .unwrap();
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    first.save_checkpoint(&path).unwrap();
    let mut again = Solver::new(&geo, Rules::default(), &NoTables, limits(Some(u64::MAX)));
    again.load_checkpoint(&path).unwrap();
    assert!(again.total_nodes() > 0);
    let r = again
        .prove_goal(&pos, 0, Color::White, &mut |_| {})
        .unwrap();
    assert_eq!(r.closures, 1, "one closure, then never again");
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_depth_cap_of_0_is_a_cap_of_1_and_the_limits_still_stop_the_graph() {
    // A cap of 0 stayed 0 however often it doubled, and the graph search
    // backed out at the root for ever, past its node and time limits. It
    // searches as a cap of 1 does now, to the same end.
    let graph = |depth_cap: usize, nodes: Option<u64>, time: Option<Duration>| SearchLimits {
        graph: true,
        depth_cap: Some(depth_cap),
        nodes,
        time,
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let nodes = Some(1000);
    let zero = solve_five_by_three(graph(0, nodes, None));
    let one = solve_five_by_three(graph(1, nodes, None));
    let summary = |r: &SolveResult<u64>| (r.value, r.stopped, r.nodes, r.depth_cap);
    assert_eq!(summary(&zero), summary(&one));
    // (Checked every 1,024 expansions: up to 1,023 past it.)
    assert!(zero.nodes < 2048, "{} expansions", zero.nodes);
    assert!(zero.value.is_some() || zero.stopped == Some(StopReason::Nodes));
    assert!(zero.depth_cap >= Some(1), "{:?}", zero.depth_cap);
    // A time limit alone.
    let timed = solve_five_by_three(graph(0, None, Some(Duration::from_secs(2))));
    assert!(timed.seconds < 10.0, "{} s", timed.seconds);
    assert!(timed.value.is_some() || timed.stopped == Some(StopReason::Time));
}

#[test]
fn a_tree_too_small_to_progress_stops_unknown_and_says_so() {
    // 5x3's start without tables in 0 or 1,000 bytes: a tree of 64 nodes
    // (the least it is given) and one bucket of the table of solved
    // positions, cut every 20 expansions, 12 M expansions in 10 s and no
    // end. It stops as the graph search does in too little memory.
    for memory_bytes in [0, 1000] {
        let r = solve_five_by_three(SearchLimits {
            memory_bytes,
            ..SearchLimits::default()
        });
        assert_eq!(
            r.stopped,
            Some(StopReason::MemoryTooSmall { memory_bytes }),
            "{memory_bytes} bytes: {} expansions, {} cuts",
            r.nodes,
            r.cuts
        );
        assert_eq!(r.value, None);
        assert!(matches!(r.goals[0].state, GoalState::Open { .. }));
        assert!(r.cuts > 0);
        // Stopped as at a limit: the line where it stood.
        assert!(r.line.is_some());
        let told = r.stopped.unwrap().to_string();
        assert!(told.contains("memory too small"), "{told}");
        assert!(told.contains("at least 1.0 MiB"), "{told}");
    }
}

#[test]
fn a_tree_with_room_enough_still_settles_through_its_cuts() {
    // In 32 KiB the same search cuts its tree some 340 times, with at most
    // some 30 cuts in a row that bring nothing new, and settles the root
    // and every move: the watch must not stop it.
    let r = solve_five_by_three(SearchLimits {
        memory_bytes: 32 << 10,
        ..SearchLimits::default()
    });
    assert_eq!((r.value, r.stopped), (Some(Wdl::Win), None));
    assert!(r.moves.iter().all(|m| m.value.is_some()));
    assert!(r.cuts > 100, "{} cuts", r.cuts);
}

/// Tables of some other game: they know nothing, and serve no game.
struct OtherTables;

impl Oracle<u64> for OtherTables {
    fn lookup(&self, _: &Position<u64>) -> Option<Value> {
        None
    }
    fn serves(&self, _: &Board, _: &Rules) -> bool {
        false
    }
}

/// Rules whose diagonal rule joins other points than 5x3's board's.
fn center_rules() -> Rules {
    Rules {
        diagonals: Diagonals::Center,
        ..Rules::default()
    }
}

#[test]
fn a_split_search_of_another_game_is_an_error() {
    // `solve_split` returns a result that can say so, as `engine::choose`
    // does: it panicked in `Solver::new` instead.
    let (geo, pos) = five_by_three();
    let limits = SearchLimits {
        nodes: Some(1000),
        memory_bytes: 8 << 20,
        ..SearchLimits::default()
    };
    let split = Split::threads(2);
    let rules = center_rules();
    let mismatch = same_game::<u64, _>(&geo.board, &rules, &NoTables).unwrap_err();
    assert!(matches!(mismatch, GameMismatch::Diagonals { .. }));
    let r = solve_split(&geo, &rules, &pos, 0, &NoTables, &limits, &split);
    assert_eq!(r.unwrap_err(), SearchError::Mismatch(mismatch));
    let rules = Rules::default();
    let r = solve_split(
        &geo,
        &rules,
        &pos,
        0,
        &OtherTables,
        &limits,
        &Split::threads(2),
    );
    let mismatch = same_game::<u64, _>(&geo.board, &rules, &OtherTables).unwrap_err();
    assert!(matches!(mismatch, GameMismatch::OtherTables { .. }));
    let err = r.unwrap_err();
    assert_eq!(err, SearchError::Mismatch(mismatch));
    assert_eq!(err.to_string(), mismatch.to_string());
}

#[test]
#[should_panic(expected = "give both the same")]
fn solve_of_another_game_panics_as_documented() {
    // `solve` returns a bare result: its `# Panics` says when.
    let (geo, pos) = five_by_three();
    let limits = SearchLimits {
        nodes: Some(1000),
        ..SearchLimits::default()
    };
    solve(&geo, &center_rules(), &pos, &NoTables, &limits, |_| {});
}
