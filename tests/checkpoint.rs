//! Search checkpoints: a search stopped, written to a file, read back into
//! a new solver and taken up again must end with the same answer after
//! about the nodes the search takes without the pause (exactly those when
//! the solver is only called again); a damaged or foreign file must be
//! refused with a clear error, never half-read into a search.

use std::path::PathBuf;

use fanorona::geometry::{Board, Geometry};
use fanorona::position::Position;
use fanorona::rules::{Color, Diagonals, Rules};
use fanorona::search::{
    CheckpointError, GoalState, MoveReport, SearchLimits, SolveResult, Solver, StopReason,
    check_checkpoint_header,
};
use fanorona::value::NoTables;

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fanorona-ckpt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start(cols: usize, rows: usize) -> (Geometry<u64>, Position<u64>) {
    let board = Board::new(cols, rows, Diagonals::Corner).unwrap();
    (Geometry::new(board), Position::start(&board, Color::White))
}

fn limits(nodes: Option<u64>, memory_bytes: usize) -> SearchLimits {
    SearchLimits {
        nodes,
        memory_bytes,
        ..SearchLimits::default()
    }
}

/// A solver of `geo` under the default rules, without tables.
fn new_solver(
    geo: &Geometry<u64>,
    nodes: Option<u64>,
    memory_bytes: usize,
) -> Solver<'_, u64, NoTables> {
    Solver::new(
        geo,
        Rules::default(),
        &NoTables,
        limits(nodes, memory_bytes),
    )
}

/// Searches "White wins?" at `pos`.
fn white_wins(solver: &mut Solver<'_, u64, NoTables>, pos: &Position<u64>) -> SolveResult<u64> {
    solver
        .prove_goal(pos, 0, Color::White, &mut |_| {})
        .unwrap()
}

/// "White wins?" at the 5x5 start (a draw: disproved) in one go: the
/// state reached and the nodes it took.
fn uninterrupted(geo: &Geometry<u64>, pos: &Position<u64>) -> (GoalState, u64) {
    let r = white_wins(&mut new_solver(geo, None, 256 << 20), pos);
    (r.goals[0].state, r.nodes)
}

#[test]
fn a_search_taken_up_from_a_checkpoint_expands_what_it_would_have() {
    let (geo, pos) = start(5, 5);
    let (state, total) = uninterrupted(&geo, &pos);
    assert_eq!(state, GoalState::Disproved);
    assert!(total > 50_000, "{total} nodes: too few to pause twice");
    let dir = scratch("resume");
    let file = dir.join("5x5.fns");
    // Three sittings, each in a new solver that knows only the file.
    let mut nodes = 0;
    let mut sittings = 0;
    let answer = loop {
        sittings += 1;
        let mut solver = new_solver(&geo, Some(total / 3 + 1), 256 << 20);
        if file.exists() {
            let info = solver.load_checkpoint(&file).unwrap();
            assert!(
                info.tree_nodes > 1 && info.solved > 0 && info.path_dependent > 0,
                "{info:?}"
            );
            assert_eq!(
                solver.table_size().0,
                info.solved,
                "every solved position read"
            );
            assert_eq!(info.solved_held, info.solved);
            assert_eq!(info.tree_root, Some((pos, Color::White)));
            assert_eq!(info.total_nodes, nodes);
        }
        let r = white_wins(&mut solver, &pos);
        nodes += r.nodes;
        let saved = solver.save_checkpoint(&file).unwrap();
        assert_eq!(saved.total_nodes, nodes);
        if r.stopped.is_none() {
            // The goal is settled: nothing open is left to keep.
            assert_eq!(saved.tree_nodes, 0);
            break r.goals[0].state;
        }
        assert_eq!(r.stopped, Some(StopReason::Nodes));
        assert!(saved.tree_nodes > 1);
        assert!(sittings < 5, "no answer after {nodes} nodes");
    };
    assert_eq!(answer, state);
    assert_eq!(sittings, 3);
    // Not exactly `total`: the tables, refilled from the file, have their
    // entries in other slots, and a full bucket drops another one than it
    // would have. Starting afresh in each sitting would take 5/3 of it;
    // without the path-dependent disproofs in the file (version 1), the
    // sittings took 6% fewer.
    assert!(
        nodes >= total - total / 50 && nodes <= total + total / 50,
        "{nodes} nodes over three sittings against {total} in one"
    );
    // The settled goal is in the table now: a new search answers at once.
    let mut solver = new_solver(&geo, None, 64 << 20);
    solver.load_checkpoint(&file).unwrap();
    let r = white_wins(&mut solver, &pos);
    assert_eq!((r.goals[0].state, r.nodes), (state, 0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_graph_search_hands_on_its_solved_positions_and_numbers() {
    // The graph search keeps no tree: its checkpoint holds what it solved
    // and the numbers of the positions it expanded (estimates), which the
    // next sitting's graph takes as it is built again.
    let (geo, pos) = start(5, 5);
    let (state, _) = uninterrupted(&geo, &pos);
    let graph = |nodes| SearchLimits {
        graph: true,
        ..limits(nodes, 64 << 20)
    };
    let dir = scratch("graph");
    let file = dir.join("5x5.fns");
    let mut solver = Solver::new(&geo, Rules::default(), &NoTables, graph(Some(20_000)));
    let r = white_wins(&mut solver, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let saved = solver.save_checkpoint(&file).unwrap();
    assert!(
        saved.tree_nodes == 0 && saved.solved > 0 && saved.estimates > 1000,
        "{saved:?}"
    );
    let mut next = Solver::new(&geo, Rules::default(), &NoTables, graph(None));
    let info = next.load_checkpoint(&file).unwrap();
    assert_eq!(
        (info.solved, info.estimates),
        (saved.solved, saved.estimates)
    );
    let r = white_wins(&mut next, &pos);
    assert_eq!(r.goals[0].state, state);
    assert!(r.estimate_hits > 1000, "{} estimates used", r.estimate_hits);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tree search's open tree, taken up by a graph search that then
/// solves its root, is not written again as open: it was (the file's
/// answer drawn, and a look at it showing the old tree's line as open).
#[test]
fn a_tree_solved_by_a_graph_search_is_not_kept_open() {
    let (geo, pos) = start(5, 5);
    let dir = scratch("tree-then-graph");
    let file = dir.join("5x5.fns");
    let mut tree = new_solver(&geo, Some(20_000), 64 << 20);
    let r = white_wins(&mut tree, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let saved = tree.save_checkpoint(&file).unwrap();
    assert!(saved.tree_nodes > 1000, "{saved:?}");
    let graph = SearchLimits {
        graph: true,
        ..limits(None, 64 << 20)
    };
    let mut next = Solver::new(&geo, Rules::default(), &NoTables, graph);
    let info = next.load_checkpoint(&file).unwrap();
    assert_eq!(info.tree_nodes, saved.tree_nodes);
    let r = white_wins(&mut next, &pos);
    assert_eq!(r.goals[0].state, GoalState::Disproved);
    let saved = next.save_checkpoint(&file).unwrap();
    assert_eq!(saved.tree_nodes, 0, "{saved:?}");
    let mut look = new_solver(&geo, Some(0), 64 << 20);
    let info = look.load_checkpoint(&file).unwrap();
    assert!(info.tree_root.is_none(), "{info:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn calling_again_takes_up_the_open_tree() {
    // The same in one solver: a second call after a node limit goes on.
    let (geo, pos) = start(5, 5);
    let (state, total) = uninterrupted(&geo, &pos);
    let mut solver = new_solver(&geo, Some(total / 2 + 1), 256 << 20);
    let first = white_wins(&mut solver, &pos);
    assert_eq!(first.stopped, Some(StopReason::Nodes));
    let second = white_wins(&mut solver, &pos);
    assert_eq!(second.goals[0].state, state);
    assert_eq!(first.nodes + second.nodes, total);
}

#[test]
fn a_checkpoint_written_while_searching_is_taken_up() {
    // Written between steps while the search runs, as if the program were
    // killed after its last one: the state in it must be whole.
    let (geo, pos) = start(5, 5);
    let (state, total) = uninterrupted(&geo, &pos);
    let dir = scratch("autosave");
    let file = dir.join("auto.fns");
    let mut solver = new_solver(&geo, Some(total / 2), 256 << 20);
    solver.set_autosave(&file, std::time::Duration::ZERO);
    let r = white_wins(&mut solver, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let (written, error) = solver.autosave_status();
    assert!(error.is_none(), "{error:?}");
    assert!(written > 10, "{written} checkpoints written");
    drop(solver);
    let mut solver = new_solver(&geo, None, 256 << 20);
    let info = solver.load_checkpoint(&file).unwrap();
    // The last one came at most a few checks before the stop.
    assert!(
        info.total_nodes <= r.nodes && info.total_nodes + 5_000 > r.nodes,
        "{info:?}"
    );
    let rest = white_wins(&mut solver, &pos);
    assert_eq!(rest.goals[0].state, state);
    let nodes = info.total_nodes + rest.nodes;
    // Within a fiftieth, as above.
    assert!(
        nodes >= total - total / 50 && nodes <= total + total / 50,
        "{nodes} against {total}"
    );
    // An autosave that cannot write stops writing, not the search.
    let mut solver = new_solver(&geo, Some(5_000), 64 << 20);
    solver.set_autosave(&dir.join("no-such-folder/x.fns"), std::time::Duration::ZERO);
    let r = white_wins(&mut solver, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let (written, error) = solver.autosave_status();
    assert_eq!(written, 0);
    assert!(
        matches!(error, Some(CheckpointError::Io { .. })),
        "{error:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_small_bound_resumes_through_pruning_to_the_same_answer() {
    // With the tree cut back (and PN² started) in every sitting, the
    // table full and the order of its slots changed by the reload, the
    // path differs, but the answer must not.
    let (geo, pos) = start(5, 5);
    let (state, _) = uninterrupted(&geo, &pos);
    let dir = scratch("small");
    let file = dir.join("small.fns");
    let mut sittings = 0;
    let answer = loop {
        sittings += 1;
        let mut solver = new_solver(&geo, Some(40_000), 2 << 20);
        if file.exists() {
            solver.load_checkpoint(&file).unwrap();
        }
        let r = white_wins(&mut solver, &pos);
        solver.save_checkpoint(&file).unwrap();
        if r.stopped.is_none() {
            break r.goals[0].state;
        }
        // The tree is cut back, or kept small by PN² once that began.
        assert!(r.compactions > 0 || r.second_levels > 0, "{r:?}");
        assert!(sittings < 200, "no answer after {sittings} sittings");
    };
    assert_eq!(answer, state);
    assert!(sittings > 2, "{sittings}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_smaller_bound_says_how_many_solved_positions_it_holds() {
    let (geo, pos) = start(5, 5);
    let dir = scratch("held");
    let file = dir.join("held.fns");
    let mut solver = new_solver(&geo, Some(60_000), 256 << 20);
    white_wins(&mut solver, &pos);
    solver.save_checkpoint(&file).unwrap();
    let written = solver.table_size().0;
    // The same bound holds them all; a bound whose table is a few
    // thousand slots cannot.
    let mut same = new_solver(&geo, None, 256 << 20);
    let info = same.load_checkpoint_solved(&file).unwrap();
    assert_eq!((info.solved, info.solved_held), (written, written));
    let mut small = new_solver(&geo, None, 256 << 10);
    let info = small.load_checkpoint_solved(&file).unwrap();
    assert_eq!(info.solved, written);
    assert!(info.solved_held < written, "{info:?}");
    assert_eq!(info.solved_held, small.table_size().0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint with its header's format version set to `version`; an
/// older one also loses the header's last fields (version 2: the count of
/// estimates; version 1: that of path-dependent disproofs too; 0 here: one
/// varint byte each).
fn with_version(file: &[u8], version: u8) -> Vec<u8> {
    let hlen = u32::from_le_bytes(file[8..12].try_into().unwrap()) as usize;
    let mut header = file[12..12 + hlen].to_vec();
    assert_eq!(
        (header[0], header[hlen - 2], header[hlen - 1]),
        (3, 0, 0),
        "a version 3 header without path-dependent disproofs or estimates"
    );
    header[0] = version;
    header.truncate(hlen - 3usize.saturating_sub(version as usize));
    let mut out = file[..8].to_vec();
    out.extend((header.len() as u32).to_le_bytes());
    out.extend(&header);
    out.extend(xxhash_rust::xxh3::xxh3_64(&header).to_le_bytes());
    out.extend(&file[12 + hlen + 8..]);
    out
}

#[test]
fn older_files_are_read_as_ones_without_what_came_later() {
    let (geo, pos) = start(5, 5);
    let (state, _) = uninterrupted(&geo, &pos);
    let dir = scratch("v1");
    let file = dir.join("v3.fns");
    let mut solver = new_solver(&geo, Some(20_000), 64 << 20);
    white_wins(&mut solver, &pos);
    // Only the tree is left to write, as a version 1 file would hold it.
    solver.clear_table();
    let saved = solver.save_checkpoint(&file).unwrap();
    assert!(
        saved.tree_nodes > 1 && saved.path_dependent == 0 && saved.estimates == 0,
        "{saved:?}"
    );
    let v3 = std::fs::read(&file).unwrap();
    let old = dir.join("old.fns");
    for version in [1, 2] {
        std::fs::write(&old, with_version(&v3, version)).unwrap();
        let mut s = new_solver(&geo, None, 64 << 20);
        let info = s.load_checkpoint(&old).unwrap();
        assert_eq!(
            (info.tree_nodes, info.path_dependent, info.estimates),
            (saved.tree_nodes, 0, 0)
        );
        assert_eq!(info.tree_root, Some((pos, Color::White)));
        assert_eq!(white_wins(&mut s, &pos).goals[0].state, state);
    }
    // A version to come is refused, as is a version 3 header cut short.
    for (bytes, version) in [(with_version(&v3, 4), 4), (with_version(&v3, 2), 3)] {
        let mut bytes = bytes;
        bytes[12] = version;
        let hlen = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let sum = xxhash_rust::xxh3::xxh3_64(&bytes[12..12 + hlen]);
        bytes[12 + hlen..12 + hlen + 8].copy_from_slice(&sum.to_le_bytes());
        std::fs::write(&old, &bytes).unwrap();
        let e = new_solver(&geo, None, 64 << 20)
            .load_checkpoint(&old)
            .unwrap_err();
        let expected = if version == 4 {
            matches!(e, CheckpointError::Version { found: 4, .. })
        } else {
            matches!(e, CheckpointError::Corrupt { .. })
        };
        assert!(expected, "version {version}: {e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let (geo, pos) = start(5, 5);
    let dir = scratch("bad");
    let file = dir.join("good.fns");
    let mut solver = new_solver(&geo, Some(20_000), 64 << 20);
    white_wins(&mut solver, &pos);
    let saved = solver.save_checkpoint(&file).unwrap();
    assert!(saved.tree_nodes > 1);
    let good = std::fs::read(&file).unwrap();
    assert_eq!(good.len() as u64, saved.bytes);
    assert!(!dir.join("good.fns.tmp").exists());

    let load = |bytes: &[u8], geo: &Geometry<u64>, rules: Rules, memory: usize| {
        let path = dir.join("try.fns");
        std::fs::write(&path, bytes).unwrap();
        let mut s = Solver::new(geo, rules, &NoTables, limits(None, memory));
        let r = s.load_checkpoint(&path).map(|_| ());
        // Whatever happened, the solver answers right afterwards.
        if r.is_err() {
            assert_eq!(s.table_size().0, 0);
        }
        r
    };
    assert!(load(&good, &geo, Rules::default(), 64 << 20).is_ok());
    // A flipped byte anywhere: in the header, the compressed body, the
    // checksum at the end.
    for at in [14, good.len() / 2, good.len() - 3] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        let e = load(&bad, &geo, Rules::default(), 64 << 20).unwrap_err();
        assert!(
            matches!(e, CheckpointError::Corrupt { .. }),
            "byte {at}: {e}"
        );
    }
    for len in [5, 20, good.len() / 3, good.len() - 1] {
        let e = load(&good[..len], &geo, Rules::default(), 64 << 20).unwrap_err();
        assert!(
            matches!(
                e,
                CheckpointError::Corrupt { .. } | CheckpointError::NotACheckpoint { .. }
            ),
            "{len} bytes: {e}"
        );
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        load(&longer, &geo, Rules::default(), 64 << 20),
        Err(CheckpointError::Corrupt { .. })
    ));
    let e = load(
        b"FANORONA table, not a checkpoint",
        &geo,
        Rules::default(),
        1 << 20,
    )
    .unwrap_err();
    assert!(matches!(e, CheckpointError::NotACheckpoint { .. }), "{e}");
    // Another board, other rules.
    let (geo53, _) = start(5, 3);
    let e = load(&good, &geo53, Rules::default(), 64 << 20).unwrap_err();
    assert!(matches!(e, CheckpointError::Mismatch { .. }), "{e}");
    assert!(
        e.to_string().contains("5x5") && e.to_string().contains("5x3"),
        "{e}"
    );
    let draw = Rules {
        stalemate: fanorona::rules::Stalemate::Draw,
        ..Rules::default()
    };
    let e = load(&good, &geo, draw, 64 << 20).unwrap_err();
    assert!(matches!(e, CheckpointError::Mismatch { .. }), "{e}");
    // A tree too big for the memory bound.
    let e = load(&good, &geo, Rules::default(), 64 << 10).unwrap_err();
    assert!(matches!(e, CheckpointError::TooBig { .. }), "{e}");
    // A missing file.
    let mut s = new_solver(&geo, None, 1 << 20);
    let e = s.load_checkpoint(&dir.join("none.fns")).unwrap_err();
    assert!(matches!(e, CheckpointError::Io { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_header_check_refuses_what_a_read_refuses_before_the_body() {
    // `check_checkpoint_header` (for files many searches read later) says
    // what a read would say of the header: a good file passes, and so does
    // one damaged only in its body, found when it is read.
    let (geo, pos) = start(5, 5);
    let board = geo.board;
    let dir = scratch("header");
    let file = dir.join("good.fns");
    let mut solver = new_solver(&geo, Some(5_000), 64 << 20);
    white_wins(&mut solver, &pos);
    solver.save_checkpoint(&file).unwrap();
    let good = std::fs::read(&file).unwrap();
    let check = |bytes: &[u8], board: &Board, rules: &Rules| {
        let path = dir.join("try.fns");
        std::fs::write(&path, bytes).unwrap();
        check_checkpoint_header::<u64>(&path, board, rules)
    };
    let rules = Rules::default();
    assert!(check(&good, &board, &rules).is_ok());
    let mut body = good.clone();
    let middle = body.len() / 2;
    body[middle] ^= 0x10;
    assert!(check(&body, &board, &rules).is_ok());
    let mut s = new_solver(&geo, None, 64 << 20);
    std::fs::write(dir.join("body.fns"), &body).unwrap();
    let e = s.load_checkpoint_solved(&dir.join("body.fns")).unwrap_err();
    assert!(matches!(e, CheckpointError::Corrupt { .. }), "{e}");
    let mut header = good.clone();
    header[14] ^= 0x10;
    let e = check(&header, &board, &rules).unwrap_err();
    assert!(matches!(e, CheckpointError::Corrupt { .. }), "{e}");
    let e = check(&good[..5], &board, &rules).unwrap_err();
    assert!(matches!(e, CheckpointError::NotACheckpoint { .. }), "{e}");
    let e = check(&good[..20], &board, &rules).unwrap_err();
    assert!(matches!(e, CheckpointError::Corrupt { .. }), "{e}");
    let (geo53, _) = start(5, 3);
    let e = check(&good, &geo53.board, &rules).unwrap_err();
    assert!(matches!(e, CheckpointError::Mismatch { .. }), "{e}");
    assert!(e.to_string().contains("5x3"), "{e}");
    let draw = Rules {
        stalemate: fanorona::rules::Stalemate::Draw,
        ..Rules::default()
    };
    let e = check(&good, &board, &draw).unwrap_err();
    assert!(matches!(e, CheckpointError::Mismatch { .. }), "{e}");
    let e = check_checkpoint_header::<u64>(&dir.join("none.fns"), &board, &rules).unwrap_err();
    assert!(matches!(e, CheckpointError::Io { .. }), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tree_too_big_is_passed_over_only_when_it_is_another_positions() {
    let (geo, pos) = start(5, 5);
    let dir = scratch("skip");
    let file = dir.join("start.fns");
    let mut solver = new_solver(&geo, Some(20_000), 64 << 20);
    white_wins(&mut solver, &pos);
    let saved = solver.save_checkpoint(&file).unwrap();
    assert!(saved.tree_nodes > 1000 && saved.solved > 0, "{saved:?}");
    // A reply to White's first move: not the tree's root.
    let reply = fanorona::movegen::children(&geo, &Rules::default(), &pos)[0];
    // Room for a few hundred tree nodes only.
    let small = 64 << 10;
    let mut s = new_solver(&geo, None, small);
    assert!(
        s.max_tree_nodes() < saved.tree_nodes,
        "the tree must not fit"
    );
    let e = s.load_checkpoint_for(&file, &pos).unwrap_err();
    assert!(matches!(e, CheckpointError::TooBig { .. }), "{e}");
    let e = s.load_checkpoint(&file).unwrap_err();
    assert!(matches!(e, CheckpointError::TooBig { .. }), "{e}");
    let info = s.load_checkpoint_for(&file, &reply).unwrap();
    assert_eq!(info.tree_nodes, 0);
    assert_eq!(info.tree_root, None);
    let skipped = info.tree_skipped.expect("the start's tree passed over");
    assert_eq!(
        (skipped.root, skipped.goal, skipped.nodes as usize),
        (pos, Color::White, saved.tree_nodes)
    );
    assert_eq!(info.solved, saved.solved);
    assert!(s.table_size().0 > 0, "the solved positions are kept");
    // The checksum still covers the records passed over.
    let good = std::fs::read(&file).unwrap();
    let mut bad = good.clone();
    let at = good.len() - 20;
    bad[at] ^= 0x10;
    let damaged = dir.join("bad.fns");
    std::fs::write(&damaged, &bad).unwrap();
    let mut s = new_solver(&geo, None, small);
    let e = s.load_checkpoint_for(&damaged, &reply).unwrap_err();
    assert!(matches!(e, CheckpointError::Corrupt { .. }), "{e}");
    // With room enough, the tree is read whatever the position searched.
    let mut s = new_solver(&geo, None, 64 << 20);
    let info = s.load_checkpoint_for(&file, &reply).unwrap();
    assert_eq!(info.tree_nodes, saved.tree_nodes);
    assert_eq!(info.tree_skipped, None);
    // A seed: the solved positions only, whatever the room, and not the
    // nodes of the search that wrote it.
    let mut s = new_solver(&geo, None, 64 << 20);
    let info = s.load_checkpoint_solved(&file).unwrap();
    assert_eq!((info.tree_nodes, info.tree_root), (0, None));
    assert_eq!(info.solved, saved.solved);
    assert_eq!(info.tree_skipped.map(|t| t.root), Some(pos));
    assert_eq!(info.total_nodes, 0);
    assert!(saved.total_nodes > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_settled_goal_keeps_its_answer_for_the_next_sitting() {
    // A search that settles its goal writes only the root's answer for a
    // later sitting (a split's answered moves), so that answer must be in
    // the table of solved positions at the end, however crowded its
    // bucket: the graph search keeps its solved positions in one sweep,
    // root first, and a full bucket used to drop the root's entry for a
    // later one (here after b3-c3A on the graph; on 9x5 in 9 of 28
    // answered moves), and the next sitting searched the position again.
    let (geo, start) = start(5, 5);
    let rules = Rules::default();
    let dir = scratch("answer");
    let mut searched = 0;
    for (turn, pos) in fanorona::movegen::legal_turns(&geo, &rules, &start) {
        let turn = fanorona::notation::turn_to_string(&geo.board, &turn);
        for graph in [true, false] {
            let limits = SearchLimits {
                graph,
                weak: graph,
                ..limits(None, 64 << 20)
            };
            let mut solver = Solver::new(&geo, rules, &NoTables, limits.clone());
            let r = white_wins(&mut solver, &pos);
            let state = r.goals[0].state;
            assert!(r.stopped.is_none() && r.nodes > 0, "{turn}: {r:?}");
            let file = dir.join(format!("{turn}-{graph}.fns"));
            let saved = solver.save_checkpoint_answer(&file, &pos).unwrap();
            assert_eq!(saved.solved, 1, "{turn}, graph {graph}: the answer written");
            let mut next = Solver::new(&geo, rules, &NoTables, limits);
            next.load_checkpoint(&file).unwrap();
            let again = white_wins(&mut next, &pos);
            assert_eq!(
                (again.goals[0].state, again.nodes),
                (state, 0),
                "{turn}, graph {graph}: answered again without a search"
            );
            searched += 1;
        }
    }
    assert_eq!(searched, 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_look_at_a_graph_checkpoint_shows_the_moves_it_settles() {
    // A graph search keeps no tree, so a look at its checkpoint (`--nodes
    // 0`) looks the root's moves up in what the file holds: every move the
    // search had settled when it stopped must be settled alike from the
    // file, through the cuts that keep the root's moves as leaves and a
    // table that grows (a forced 5x7 search lost 4 of 7, one to a cut and
    // three while its table grew; session 79). "White wins?" at the
    // 5x5 start, disproved in some 212,000 expansions in 4 MiB, has two
    // of its five moves disproved, after 25 cuts, at 200,000 (since the
    // closure counts the moves needed an expansion, session 90: before,
    // 293,000, and two after 34 cuts at 250,000; before the graph filled
    // the memory it is given, session 89, 371,000, and three after 51
    // cuts at 300,000; before the positions were packed, session 83,
    // three after 25 cuts at 130,000).
    let (geo, pos) = start(5, 5);
    let graph = |nodes| SearchLimits {
        graph: true,
        weak: true,
        ..limits(nodes, 4 << 20)
    };
    let settled = |r: &SolveResult<u64>| {
        let line = r.line.as_ref().expect("an open search has a line");
        assert_eq!(line.root_moves.len(), 5, "every move of the 5x5 start");
        line.root_moves
            .iter()
            .filter(|m| m.proof == 0 || m.disproof == 0)
            .map(|m| (m.position, m.proof == 0))
            .collect::<std::collections::BTreeSet<_>>()
    };
    let dir = scratch("look");
    let file = dir.join("5x5.fns");
    let mut solver = Solver::new(&geo, Rules::default(), &NoTables, graph(Some(200_000)));
    let r = white_wins(&mut solver, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    assert!(r.cuts > 10, "{} cuts", r.cuts);
    let before = settled(&r);
    assert!(!before.is_empty());
    solver.save_checkpoint(&file).unwrap();
    let mut look = Solver::new(&geo, Rules::default(), &NoTables, graph(Some(0)));
    let info = look.load_checkpoint(&file).unwrap();
    let r = white_wins(&mut look, &pos);
    assert_eq!(r.nodes, 0);
    assert_eq!(settled(&r), before);
    // The look counts nothing and writes nothing.
    assert_eq!(look.total_nodes(), info.total_nodes);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Where a search kept in `file` stands, read into a new solver with
/// `merged` merged in: the root's numbers, or its answer, without
/// searching (a node limit of 0), and how many open nodes the merged
/// files settled.
fn stands(
    geo: &Geometry<u64>,
    pos: &Position<u64>,
    file: &std::path::Path,
    merged: &[&std::path::Path],
) -> (GoalState, usize) {
    let mut s = new_solver(geo, Some(0), 256 << 20);
    s.load_checkpoint(file).unwrap();
    let settled = merged
        .iter()
        .map(|m| s.load_checkpoint_solved(m).unwrap().settled)
        .sum();
    (white_wins(&mut s, pos).goals[0].state, settled)
}

#[test]
fn solved_positions_merged_into_a_kept_tree_settle_its_open_nodes() {
    // A search stopped part way, and sub-positions of it proved apart (as
    // on another core or machine): merged into the first, their proofs
    // settle the tree's copies of them at once, the nodes above them
    // change with them, and the search ends in fewer nodes with the same
    // answer.
    let (geo, pos) = start(5, 5);
    let rules = Rules::default();
    let dir = scratch("merge");
    let open = dir.join("open.fns");
    let mut s = new_solver(&geo, Some(20_000), 256 << 20);
    assert_eq!(white_wins(&mut s, &pos).stopped, Some(StopReason::Nodes));
    s.save_checkpoint(&open).unwrap();
    let before = std::fs::read(&open).unwrap();
    let (GoalState::Open { proof, disproof }, 0) = stands(&geo, &pos, &open, &[]) else {
        panic!("the stopped search is open");
    };
    // The rest of it without help.
    let mut alone = new_solver(&geo, None, 256 << 20);
    alone.load_checkpoint(&open).unwrap();
    let baseline = white_wins(&mut alone, &pos);
    assert_eq!(baseline.goals[0].state, GoalState::Disproved);
    // Each first move apart, a file each: "White wins?" disproved after
    // every one of them (the start is a draw).
    let turns = fanorona::movegen::legal_turns(&geo, &rules, &pos);
    assert!(turns.len() > 1);
    let mut parts = Vec::new();
    for (k, (_, after)) in turns.iter().enumerate() {
        let mut s = new_solver(&geo, None, 256 << 20);
        assert_eq!(
            white_wins(&mut s, after).goals[0].state,
            GoalState::Disproved
        );
        let part = dir.join(format!("part{k}.fns"));
        s.save_checkpoint(&part).unwrap();
        parts.push(part);
    }
    // One move's proof: the root's disproof number (the sum over its
    // moves, White to move) falls, its proof number cannot fall.
    let (state, settled) = stands(&geo, &pos, &open, &[&parts[0]]);
    assert!(settled > 0, "{state:?}");
    let GoalState::Open {
        proof: p1,
        disproof: d1,
    } = state
    else {
        panic!(
            "one move of {} does not settle the root: {state:?}",
            turns.len()
        );
    };
    assert!(
        d1 < disproof && p1 >= proof,
        "({proof}, {disproof}) to ({p1}, {d1})"
    );
    // Merged in, it saves the search nodes here (not always: the search
    // then goes another way, and on 5x5 one of the five moves' proofs
    // cost the rest 10% more), and the answer stands.
    let mut helped = new_solver(&geo, None, 256 << 20);
    helped.load_checkpoint(&open).unwrap();
    let info = helped.load_checkpoint_solved(&parts[0]).unwrap();
    assert_eq!(info.settled, settled);
    assert_eq!(
        info.tree_root,
        Some((pos, Color::White)),
        "the search's own tree is kept"
    );
    let r = white_wins(&mut helped, &pos);
    assert_eq!(r.goals[0].state, GoalState::Disproved);
    assert!(
        r.nodes < baseline.nodes,
        "{} nodes with the merged proof, {} without",
        r.nodes,
        baseline.nodes
    );
    // Every move's proof: the root is settled before any search.
    let all: Vec<&std::path::Path> = parts.iter().map(|p| p.as_path()).collect();
    assert_eq!(stands(&geo, &pos, &open, &all).0, GoalState::Disproved);
    let mut s = new_solver(&geo, None, 256 << 20);
    s.load_checkpoint(&open).unwrap();
    for p in &all {
        s.load_checkpoint_solved(p).unwrap();
    }
    let r = white_wins(&mut s, &pos);
    assert_eq!((r.goals[0].state, r.nodes), (GoalState::Disproved, 0));
    // The tree left is whole: written and read back, it is the answer.
    let done = dir.join("done.fns");
    let saved = s.save_checkpoint(&done).unwrap();
    assert_eq!(saved.tree_nodes, 0);
    // Merging into a solver without a tree settles nothing (a seed), and
    // the merged files are only read.
    let mut fresh = new_solver(&geo, None, 256 << 20);
    assert_eq!(fresh.load_checkpoint_solved(&parts[1]).unwrap().settled, 0);
    assert_eq!(std::fs::read(&open).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_merged_tree_stays_whole_through_a_sitting_and_a_file() {
    // Settling frees subtrees and compacts the tree: a search taken up
    // after a merge, stopped again and written, must read back as a tree
    // of the right shape (the reader checks every node's place) and go on
    // to the same answer.
    let (geo, pos) = start(5, 5);
    let rules = Rules::default();
    let dir = scratch("merge-whole");
    let open = dir.join("open.fns");
    let mut s = new_solver(&geo, Some(20_000), 256 << 20);
    white_wins(&mut s, &pos);
    s.save_checkpoint(&open).unwrap();
    // A reply two plies down, proved apart.
    let (_, first) = fanorona::movegen::legal_turns(&geo, &rules, &pos)
        .into_iter()
        .next()
        .unwrap();
    let (_, reply) = fanorona::movegen::legal_turns(&geo, &rules, &first)
        .into_iter()
        .next()
        .unwrap();
    let mut part = new_solver(&geo, None, 256 << 20);
    let state = white_wins(&mut part, &reply).goals[0].state;
    assert!(!matches!(state, GoalState::Open { .. }), "{state:?}");
    let part_file = dir.join("part.fns");
    part.save_checkpoint(&part_file).unwrap();
    let mut s = new_solver(&geo, Some(5_000), 256 << 20);
    s.load_checkpoint(&open).unwrap();
    let settled = s.load_checkpoint_solved(&part_file).unwrap().settled;
    assert!(settled > 0, "the reply is open in the tree");
    let r = white_wins(&mut s, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let again = dir.join("again.fns");
    let saved = s.save_checkpoint(&again).unwrap();
    assert!(saved.tree_nodes > 1);
    let mut s = new_solver(&geo, None, 256 << 20);
    let info = s.load_checkpoint(&again).unwrap();
    assert_eq!(info.tree_nodes, saved.tree_nodes);
    assert_eq!(
        white_wins(&mut s, &pos).goals[0].state,
        GoalState::Disproved
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint's open tree taken up by a search of its own goal is not
/// replaced; a search of the other goal replaces it and says so (the file
/// lost hours of tree without a word).
#[test]
fn a_tree_replaced_by_another_goals_search_is_said() {
    let (geo, pos) = start(5, 5);
    let dir = scratch("replaced");
    let file = dir.join("5x5.fns");
    let mut first = new_solver(&geo, Some(20_000), 64 << 20);
    let r = white_wins(&mut first, &pos);
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    first.save_checkpoint(&file).unwrap();
    // The same goal takes the tree up.
    let mut same = new_solver(&geo, Some(2_000), 64 << 20);
    same.load_checkpoint(&file).unwrap();
    white_wins(&mut same, &pos);
    assert!(same.replaced_tree().is_none());
    // The other goal replaces it, and says which it was.
    let mut other = new_solver(&geo, Some(2_000), 64 << 20);
    let read = other.load_checkpoint(&file).unwrap();
    other
        .prove_goal(&pos, 0, Color::Black, &mut |_| {})
        .unwrap();
    let replaced = other.replaced_tree().expect("the white tree replaced");
    assert_eq!(replaced.goal, Color::White);
    assert_eq!(replaced.root, pos);
    assert_eq!(replaced.nodes, read.tree_nodes as u64);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One search at a time on a checkpoint: a second lock is refused naming
/// the holder, the lock goes with its holder, and one left by a process
/// that is gone is taken over (two searches on one file each wrote it in
/// turn, the last silently replacing the other's state).
#[test]
fn a_checkpoint_is_held_by_one_search_at_a_time() {
    use fanorona::search::lock_checkpoint;
    let dir = scratch("lock");
    let file = dir.join("5x5.fns");
    let held = lock_checkpoint(&file).unwrap();
    match lock_checkpoint(&file) {
        Err(CheckpointError::InUse { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
        other => panic!("a second lock: {other:?}"),
    }
    drop(held);
    let again = lock_checkpoint(&file).expect("free once dropped");
    drop(again);
    // A lock file no process holds (left by one killed, here naming one
    // that is no more: no process has id u32::MAX).
    std::fs::write(dir.join("5x5.fns.lock"), format!("{} fanorona", u32::MAX)).unwrap();
    lock_checkpoint(&file).expect("a stale lock taken over");
    // A split search's folder holds its lock inside.
    let folder = dir.join("split");
    std::fs::create_dir_all(&folder).unwrap();
    let _split = lock_checkpoint(&folder).unwrap();
    assert!(folder.join("search.lock").is_file());
    assert!(matches!(
        lock_checkpoint(&folder),
        Err(CheckpointError::InUse { .. })
    ));
    // A move's file in a split search's folder is the split search's while
    // it runs (a search of one thread on it wrote over the move's tree) ...
    match lock_checkpoint(&folder.join("e3-d3W.fns")) {
        Err(CheckpointError::InUse { path, pid }) => {
            assert_eq!((path, pid), (folder.clone(), Some(std::process::id())));
        }
        other => panic!("a move's file of a running split search: {other:?}"),
    }
    drop(_split);
    // ... and a split search waits for a search on one of its files.
    let file = folder.join("e3-d3W.fns");
    let one = lock_checkpoint(&file).expect("no split search runs");
    match lock_checkpoint(&folder) {
        Err(CheckpointError::InUse { path, .. }) => assert_eq!(path, file),
        other => panic!("a split search beside a search of one of its files: {other:?}"),
    }
    drop(one);
    let _split = lock_checkpoint(&folder).expect("free again");
    // A file given by its bare name in a split search's folder, the
    // current one (it was let through: its parent is "").
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(["solve", "--board", "3x3", "--pieces", "0"])
        .args(["--checkpoint", "e3-d3W.fns"])
        .current_dir(&folder)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("another search"), "{stderr}");
    assert!(!folder.join("e3-d3W.fns").exists());
    drop(_split);
    // A file named `search` beside no split search: its own lock is the
    // name of a folder's, which it does not refuse itself for.
    let search = dir.join("search");
    let own = lock_checkpoint(&search).expect("a file named search");
    drop(own);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_look_at_a_checkpoint_of_one_goal_says_what_it_settled() {
    // "Black wins?" at the 7x3 start is disproved (White wins) and saved;
    // a solver that reads the file and may search nothing asks both goals:
    // the saved one is answered from the file, not left behind the other's
    // stop (it said only "white wins? open").
    let (geo, pos) = start(7, 3);
    let dir = scratch("one-goal");
    let file = dir.join("7x3.fns");
    let mut solver = new_solver(&geo, None, 64 << 20);
    let r = solver
        .prove_goal(&pos, 0, Color::Black, &mut |_| {})
        .unwrap();
    assert_eq!(r.goals[0].state, GoalState::Disproved);
    solver.save_checkpoint(&file).unwrap();
    let mut look = new_solver(&geo, Some(0), 64 << 20);
    look.load_checkpoint(&file).unwrap();
    let r = look.solve(&pos, 0, MoveReport::None, &mut |_| {}).unwrap();
    assert_eq!((r.value, r.nodes), (None, 0));
    assert_eq!(r.stopped, Some(StopReason::Nodes));
    let black = r.goals.iter().find(|g| g.attacker == Color::Black);
    assert_eq!(
        black.map(|g| g.state),
        Some(GoalState::Disproved),
        "{:?}",
        r.goals
    );
    let white = r.goals.iter().find(|g| g.attacker == Color::White);
    assert!(
        matches!(white.map(|g| g.state), Some(GoalState::Open { .. })),
        "{:?}",
        r.goals
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
