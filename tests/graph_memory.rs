//! The graph search (`solve --graph`) in too little memory: it must end,
//! either with the right answer or unknown saying that the memory is too
//! small, never search on for ever (5x5's start, "White wins?" without
//! tables, in 1 MiB cut its graph over 10,000 times a minute without end).

use fanorona::geometry::{Board, Geometry};
use fanorona::position::Position;
use fanorona::rules::{Color, Diagonals, Rules};
use fanorona::search::{GoalState, MoveReport, SearchLimits, Solver, StopReason};
use fanorona::value::{NoTables, Wdl};

/// The search of `fanorona bench --search-memory`: 5x5's start, weak
/// numbers, no tables, in `memory_bytes`, with a node limit as a net.
fn graph_limits(memory_bytes: usize, nodes: u64) -> SearchLimits {
    SearchLimits {
        memory_bytes,
        graph: true,
        weak: true,
        nodes: Some(nodes),
        ..SearchLimits::default()
    }
}

fn five_by_five() -> (Geometry<u64>, Position<u64>) {
    let board = Board::new(5, 5, Diagonals::Corner).unwrap();
    (Geometry::new(board), Position::start(&board, Color::White))
}

/// Well over what the searches below take: stopped by the watch on
/// their memory, not by this net (in 1 MiB the watch stops "White wins?"
/// after some 9.5 M expansions, 25 s; without it the search reached the
/// net after some 100 s, open).
const NET: u64 = 40_000_000;

#[test]
fn a_graph_too_small_to_progress_stops_unknown_and_says_so() {
    // 5x5 is a draw: "White wins?" is false. In 1 MiB the search cannot
    // disprove it (the table of solved positions holds some 5,000, the
    // graph after a cut 9,000 positions): it stops, open, and says why.
    let (geo, pos) = five_by_five();
    let memory = 1 << 20;
    let mut solver = Solver::new(&geo, Rules::default(), &NoTables, graph_limits(memory, NET));
    let r = solver
        .prove_goal(&pos, 0, Color::White, &mut |_| {})
        .unwrap();
    let state = r.goals[0].state;
    assert_ne!(state, GoalState::Proved, "White does not win 5x5");
    if state != GoalState::Disproved {
        assert!(matches!(state, GoalState::Open { .. }), "{state:?}");
        assert_eq!(
            r.stopped,
            Some(StopReason::MemoryTooSmall {
                memory_bytes: memory
            }),
            "{} expansions, {} cuts",
            r.nodes,
            r.cuts
        );
        assert!(r.nodes < NET, "{} expansions", r.nodes);
        assert!(r.cuts > 0);
        // Stopped as at a limit: the line where it stood, the value
        // unknown.
        assert!(r.line.is_some());
        assert_eq!(r.value, None);
        let reason = r.stopped.unwrap();
        assert!(reason.name().contains("memory too small"), "{reason}");
        let told = reason.to_string();
        assert!(told.contains("at least 2.0 MiB"), "{told}");
    }
}

#[test]
fn a_value_in_too_little_memory_is_right_or_unknown() {
    // Both goals, as `solve --graph` asks them: a draw, or no value with
    // the memory named as the reason; never a win or a loss.
    let (geo, pos) = five_by_five();
    let memory = 512 << 10;
    let mut solver = Solver::new(&geo, Rules::default(), &NoTables, graph_limits(memory, NET));
    let r = solver
        .solve(&pos, 0, MoveReport::None, &mut |_| {})
        .unwrap();
    match r.value {
        Some(v) => assert_eq!(v, Wdl::Draw),
        None => {
            assert_eq!(
                r.stopped,
                Some(StopReason::MemoryTooSmall {
                    memory_bytes: memory
                })
            );
            assert!(r.nodes < NET, "{} expansions", r.nodes);
        }
    }
}

#[test]
fn a_graph_with_room_enough_still_settles_through_its_cuts() {
    // In 2 and 4 MiB the same search is disproved after 102 and 27 cuts
    // (bench: 367,678 and 211,774 expansions): the watch must not stop it.
    let (geo, pos) = five_by_five();
    for memory in [2 << 20, 4 << 20] {
        let mut solver = Solver::new(&geo, Rules::default(), &NoTables, graph_limits(memory, NET));
        let r = solver
            .prove_goal(&pos, 0, Color::White, &mut |_| {})
            .unwrap();
        assert_eq!(r.goals[0].state, GoalState::Disproved, "{memory} bytes");
        assert_eq!(r.stopped, None);
        assert!(r.cuts > 0, "{memory} bytes: the graph was full");
    }
}
