//! Endgame tables against the brute-force solver of `tests/support`, and
//! the build's resumability.

mod support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use fanorona::builder::{
    BuildError, BuildOptions, Builder, ClassSummary, Overflow, Selection, StateLayout, WinSearch,
    build_groups, table_dir, table_path, wdl_path,
};
use fanorona::index::{MaterialClass, class_size};
use fanorona::notation::{Diagram, position_to_fen, turn_to_string};
use fanorona::perfect_line::{LineEnd, perfect_line};
use fanorona::probe::Tablebase;
use fanorona::value::Wdl;
use fanorona::{Board, Continuation, Diagonals, Rules, Stalemate, Value};
use support::brute::{self, Val};
use support::naive::{Diag, NaivePos, NaiveRules};
use support::tables::{build_quietly, put_wrong_value};

fn temp_db(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fanorona-db-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn naive_rules(r: &Rules) -> NaiveRules {
    NaiveRules {
        diagonals: match r.diagonals {
            Diagonals::Corner => Diag::Corner,
            Diagonals::Center => Diag::Center,
        },
        forced: r.continuation == Continuation::Forced,
        sacrifice: r.sacrifice,
        stalemate_draw: r.stalemate == Stalemate::Draw,
    }
}

fn to_val(v: Value) -> Val {
    match v {
        Value::Win(n) => Val::Win(n as u32),
        Value::Draw => Val::Draw,
        Value::Loss(n) => Val::Loss(n as u32),
    }
}

fn wdl_of(v: Val) -> Wdl {
    match v {
        Val::Win(_) => Wdl::Win,
        Val::Draw => Wdl::Draw,
        Val::Loss(_) => Wdl::Loss,
    }
}

/// Builds the tables of a board up to `pieces` stones and compares every
/// position the brute-force solver knows.
fn check_against_brute(cols: usize, rows: usize, rules: Rules, pieces: u32) {
    check_against_brute_with(
        cols,
        rows,
        rules,
        pieces,
        WinSearch::Auto,
        StateLayout::Auto,
    );
}

fn check_against_brute_with(
    cols: usize,
    rows: usize,
    rules: Rules,
    pieces: u32,
    win_search: WinSearch,
    layout: StateLayout,
) {
    let db = temp_db(&format!(
        "{cols}x{rows}-{}-{win_search:?}-{layout:?}",
        rules.slug()
    ));
    let board = Board::new(cols, rows, rules.diagonals).unwrap();
    let opts = BuildOptions {
        progress: false,
        win_search,
        layout,
        ..Default::default()
    };
    let mut b = Builder::<u64>::new(&db, board, rules, opts);
    let summary = b.build(pieces, |_| {}).unwrap();
    assert!(!summary.is_empty());
    let tb = Tablebase::<u64>::new(&db, board, rules);
    // The same tables with half the WDL files' bytes for reading them
    // into memory: some are, the others stay mapped.
    let held = Tablebase::<u64>::new(&db, board, rules);
    let wdl_bytes = held.wdl_file_bytes().unwrap();
    held.set_wdl_memory(wdl_bytes / 2);
    let truth = brute::solve(cols, rows, naive_rules(&rules), pieces as usize);
    let mut checked = 0;
    let mut kinds = [0usize; 3];
    for (fen, want) in &truth {
        let d = Diagram::parse(fen).unwrap();
        let pos = d.to_position::<u64>();
        let got = tb
            .probe(&pos)
            .unwrap_or_else(|e| panic!("{fen}: probe failed: {e}"));
        assert_eq!(to_val(got), *want, "{fen} under {rules}");
        assert_eq!(tb.probe_wdl(&pos).unwrap(), got.wdl(), "{fen}: WDL file");
        assert_eq!(
            held.probe_wdl(&pos).unwrap(),
            got.wdl(),
            "{fen}: WDL in memory"
        );
        kinds[match want {
            Val::Win(_) => 0,
            Val::Draw => 1,
            Val::Loss(_) => 2,
        }] += 1;
        // Every move valued, as the brute-force solver values the position
        // it leads to (a win in n for the mover is a loss in n - 1 there),
        // best first; the best is the position's own value (a stalemated
        // side has none).
        if checked % 5 == 0 {
            let moves = tb.probe_moves(&pos, None).unwrap();
            for m in &moves {
                let child = position_to_fen(&board, &m.position);
                let after = truth.get(&child).copied().or_else(|| {
                    // A side left without stones: the game is over.
                    (m.position.mover() == 0).then_some(Val::Loss(0))
                });
                let mover = match after.unwrap_or_else(|| panic!("{fen} -> {child}")) {
                    Val::Win(n) => Val::Loss(n + 1),
                    Val::Draw => Val::Draw,
                    Val::Loss(n) => Val::Win(n + 1),
                };
                assert_eq!(m.value.map(to_val), Some(mover), "{fen} -> {child}");
            }
            assert!(moves.windows(2).all(|w| w[0].value >= w[1].value), "{fen}");
            if let Some(best) = moves.first() {
                assert_eq!(best.value, Some(got), "{fen}");
            }
        }
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
    let used = held.wdl_memory_used();
    assert!(used > 0 && used <= wdl_bytes / 2, "{used} of {wdl_bytes}");
    // The verifier re-derives every stored value from its successors.
    for s in &summary {
        let r = fanorona::verify::verify_class(&tb, s.class, None, &|_| {}).unwrap();
        assert_eq!(r.checked, s.positions, "{}", s.class);
        assert_eq!(
            r.mismatches, 0,
            "{} under {rules}: {:?}",
            s.class, r.examples
        );
    }
    // Wins and losses always occur; draws (fortresses, endless play) occur
    // except where the sacrifice move breaks every fortress.
    assert!(kinds[0] > 0 && kinds[2] > 0, "wins/draws/losses: {kinds:?}");
    if !rules.sacrifice {
        assert!(kinds[1] > 0, "no draws under {rules}");
    }
    std::fs::remove_dir_all(&db).unwrap();
}

fn all_rule_sets() -> Vec<Rules> {
    let mut out = Vec::new();
    for diagonals in [Diagonals::Corner, Diagonals::Center] {
        for continuation in [Continuation::Free, Continuation::Forced] {
            for stalemate in [Stalemate::Loss, Stalemate::Draw] {
                out.push(Rules {
                    diagonals,
                    continuation,
                    stalemate,
                    ..Default::default()
                });
            }
        }
    }
    out
}

#[test]
fn every_3x3_position_matches_brute_force_under_every_rule_set() {
    for rules in all_rule_sets() {
        check_against_brute(3, 3, rules, 9);
    }
}

#[test]
fn both_ways_of_finding_wins_give_the_same_tables() {
    for win_search in [WinSearch::Backward, WinSearch::Forward] {
        for rules in all_rule_sets() {
            check_against_brute_with(3, 3, rules, 9, win_search, StateLayout::Auto);
        }
        check_against_brute_with(5, 3, Rules::default(), 5, win_search, StateLayout::Auto);
        let sac = Rules {
            sacrifice: true,
            ..Default::default()
        };
        check_against_brute_with(3, 3, sac, 9, win_search, StateLayout::Auto);
    }
}

#[test]
fn the_wide_state_layout_gives_the_same_tables() {
    let sac = Rules {
        sacrifice: true,
        stalemate: Stalemate::Draw,
        ..Default::default()
    };
    for rules in [Rules::default(), sac] {
        check_against_brute_with(3, 3, rules, 9, WinSearch::Auto, StateLayout::Wide);
    }
    check_against_brute_with(
        5,
        3,
        Rules::default(),
        5,
        WinSearch::Auto,
        StateLayout::Wide,
    );
}

/// The table files of a folder, by name, with their bytes.
fn table_files(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "fnt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

#[test]
fn a_class_built_alone_is_the_table_a_full_build_makes() {
    // (board, rules, the classes asked for, the classes the full build of
    // their stones makes that they do not need)
    let sacrifice = Rules {
        sacrifice: true,
        ..Default::default()
    };
    let forced = Rules {
        continuation: Continuation::Forced,
        ..Default::default()
    };
    let cases = [
        (5, 3, Rules::default(), "2v3", vec!["1v4", "4v1"]),
        (3, 5, forced, "3v2,1v1", vec!["1v4", "4v1"]),
        (3, 3, sacrifice, "2v2", vec!["1v3", "3v1"]),
        (5, 3, Rules::default(), "2v3,1v4", vec![]),
    ];
    for (cols, rows, rules, asked, unneeded) in cases {
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        let targets: Vec<MaterialClass> = asked
            .split(',')
            .map(|c| MaterialClass::parse(c).unwrap())
            .collect();
        let pieces = targets.iter().map(|c| c.stones()).max().unwrap();
        let opts = BuildOptions {
            progress: false,
            ..Default::default()
        };
        let alone = temp_db(&format!("alone-{cols}x{rows}-{}-{asked}", rules.slug()));
        let built = Builder::<u64>::new(&alone, board, rules, opts)
            .build_selection(&Selection::Classes(targets.clone()), |_| {})
            .unwrap();
        let full = temp_db(&format!("full-{cols}x{rows}-{}-{asked}", rules.slug()));
        build_quietly(&full, board, rules, pieces);
        let alone_files = table_files(&table_dir(&alone, &board, &rules));
        let mut full_files = table_files(&table_dir(&full, &board, &rules));
        assert_eq!(built.len(), alone_files.len(), "{cols}x{rows} {asked}");
        for name in &unneeded {
            let file = format!("{name}.fnt");
            assert!(
                full_files.remove(&file).is_some(),
                "{file} in the full build"
            );
        }
        // Everything else the full build made, byte for byte, and the
        // classes asked for among it.
        assert_eq!(
            alone_files.keys().collect::<Vec<_>>(),
            full_files.keys().collect::<Vec<_>>(),
            "{cols}x{rows} {} {asked}",
            rules.slug()
        );
        for (name, bytes) in &alone_files {
            assert!(
                *bytes == full_files[name],
                "{name} differs ({cols}x{rows} {asked})"
            );
        }
        for t in &targets {
            assert!(alone_files.contains_key(&format!("{t}.fnt")), "{t}");
        }
        let _ = std::fs::remove_dir_all(&alone);
        let _ = std::fs::remove_dir_all(&full);
    }
}

#[test]
fn classes_the_board_or_rules_lack_are_refused_before_anything_is_built() {
    let board = Board::new(5, 3, Diagonals::Corner).unwrap();
    let db = temp_db("bad-class");
    for asked in ["0v3", "9v9", "2v2b", "2v2,3v0"] {
        let targets = asked
            .split(',')
            .map(|c| MaterialClass::parse(c).unwrap())
            .collect();
        let opts = BuildOptions {
            progress: false,
            ..Default::default()
        };
        let err = Builder::<u64>::new(&db, board, Rules::default(), opts)
            .build_selection(&Selection::Classes(targets), |_| panic!("nothing is built"))
            .unwrap_err();
        assert!(matches!(err, BuildError::BadClass { .. }), "{asked}: {err}");
        let bad = asked.rsplit(',').next().unwrap();
        assert!(err.to_string().contains(bad), "{asked}: {err}");
        assert!(
            err.to_string().contains("Selection::Classes") && !err.to_string().contains("--"),
            "{asked}: {err}"
        );
    }
    assert!(!db.exists(), "a refused build made {}", db.display());
}

#[test]
fn a_build_too_big_for_its_memory_is_refused_before_it_starts() {
    let db = temp_db("too-big");
    let board = Board::new(5, 3, Diagonals::Corner).unwrap();
    let rules = Rules::default();
    // 5x3 up to 5 stones: every group up to 4 stones fits in 20 kB (the
    // largest, 1v3+3v1, about 2 x 1,400 indices of 3 bytes), but 2v3+3v2
    // needs about 2 x 7,500 of 3 bytes: the build must stop before the
    // first of them.
    let opts = BuildOptions {
        progress: false,
        memory_bytes: 20_000,
        ..Default::default()
    };
    let err = Builder::<u64>::new(&db, board, rules, opts)
        .build(5, |_| panic!("nothing is built"))
        .unwrap_err();
    let msg = err.to_string();
    // (In the library's names: `--memory` is the command line's.)
    assert!(
        msg.contains("2v3+3v2") && msg.contains("BuildOptions::memory_bytes"),
        "{msg}"
    );
    assert!(!msg.contains("--"), "{msg}");
    let dir = table_dir(&db, &board, &rules);
    let written = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
    assert_eq!(written, 0, "tables were written to {}", dir.display());
    // With room, the plan names the same group with the same estimate as
    // the build's peak (what `build` compares with the memory available
    // now), and nothing once every table is on disk.
    let BuildError::TooBig { needed, .. } = err else {
        panic!("{err:?}")
    };
    let roomy = BuildOptions {
        progress: false,
        ..Default::default()
    };
    let mut builder = Builder::<u64>::new(&db, board, rules, roomy);
    let plan = builder.check_selection(&Selection::UpTo(5)).unwrap();
    assert_eq!(plan.peak, Some(("2v3+3v2".to_string(), needed)));
    // The plan (`build --plan`) lists each group with the memory it needs:
    // the refused one with the refusal's figure, the ones before it within
    // the limit, and the classes and positions the build then writes.
    let first_plan = builder.plan_selection(&Selection::UpTo(5)).unwrap();
    let refused = first_plan
        .groups
        .iter()
        .position(|g| g.name() == "2v3+3v2")
        .unwrap();
    assert_eq!(first_plan.groups[refused].memory_bytes, needed);
    assert!(
        first_plan.groups[..refused]
            .iter()
            .all(|g| g.memory_bytes <= 20_000 && g.state_bytes() == 3 && !g.on_disk)
    );
    let mut built = Vec::new();
    builder
        .build(5, |s| built.push((s.class, s.positions)))
        .unwrap();
    let planned: Vec<_> = first_plan
        .groups
        .iter()
        .flat_map(|g| g.classes.iter().copied().zip(g.positions.iter().copied()))
        .collect();
    assert_eq!(planned, built);
    let plan = builder.check_selection(&Selection::UpTo(5)).unwrap();
    // (1v1, 1v2+2v1, 2v2, 1v3+3v1, 2v3+3v2, 1v4+4v1.)
    assert_eq!((plan.groups.len(), plan.peak), (6, None));
    assert!(plan.groups.iter().all(|g| g.on_disk));
    let _ = std::fs::remove_dir_all(&db);
}

#[test]
fn sacrifice_tables_match_brute_force_on_3x3() {
    for stalemate in [Stalemate::Loss, Stalemate::Draw] {
        let rules = Rules {
            sacrifice: true,
            stalemate,
            ..Default::default()
        };
        check_against_brute(3, 3, rules, 9);
        // Below a full board: the block positions of the top stones are
        // probed through their turns, and their pairs' init derived them.
        check_against_brute(3, 3, rules, 6);
    }
    let sacrifice = Rules {
        sacrifice: true,
        ..Default::default()
    };
    check_against_brute(5, 3, sacrifice, 5);
}

/// A build leaves out the block classes of its most stones (the pairs of
/// that total derive them); a build a stone further makes them, and one
/// that names one makes it. Every table comes out byte for byte as the
/// one a build that held those block classes makes.
#[test]
fn the_block_classes_of_the_top_stones_are_made_a_stone_later() {
    let rules = Rules {
        sacrifice: true,
        ..Default::default()
    };
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    let tables = |db: &Path| table_files(&table_dir(db, &board, &rules));
    let stepped = temp_db("top-blocks-stepped");
    let opts = BuildOptions {
        progress: false,
        ..Default::default()
    };
    // The plan names them with their positions; for two classes, the
    // block classes their pair sacrifices into.
    let planner = Builder::<u64>::new(&stepped, board, rules, opts.clone());
    let left_out = |selection: Selection| -> Vec<(String, u64)> {
        let plan = planner.plan_selection(&selection).unwrap();
        plan.left_out.iter().map(|(c, n)| (c.name(), *n)).collect()
    };
    let class = |name: &str| MaterialClass::parse(name).unwrap();
    let sized = |names: &[&str]| -> Vec<(String, u64)> {
        names
            .iter()
            .map(|n| (n.to_string(), class_size(board, class(n)).unwrap()))
            .collect()
    };
    assert_eq!(
        left_out(Selection::UpTo(5)),
        sized(&["1v4b", "2v3b", "3v2b", "4v1b"])
    );
    assert_eq!(
        left_out(Selection::Classes(vec![class("3v2")])),
        sized(&["2v3b", "3v2b"])
    );
    // Named, one is built; the other its pair needs is still left out.
    assert_eq!(
        left_out(Selection::Classes(vec![class("2v3b")])),
        sized(&["3v2b"])
    );
    build_quietly(&stepped, board, rules, 5);
    let at_five = tables(&stepped);
    for name in ["1v4b", "2v3b", "3v2b", "4v1b"] {
        assert!(!at_five.contains_key(&format!("{name}.fnt")), "{name} at 5");
    }
    assert!(at_five.contains_key("1v3b.fnt") && at_five.contains_key("2v3.fnt"));
    // The 5-stone pairs were solved with their sacrifices derived; a build
    // to 6 holds the 5-stone block classes when it solves them.
    build_quietly(&stepped, board, rules, 6);
    let direct = temp_db("top-blocks-direct");
    build_quietly(&direct, board, rules, 6);
    let (stepped_files, direct_files) = (tables(&stepped), tables(&direct));
    assert!(direct_files.contains_key("2v3b.fnt"));
    assert!(!direct_files.contains_key("2v4b.fnt"));
    assert_eq!(
        stepped_files.keys().collect::<Vec<_>>(),
        direct_files.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &at_five {
        assert!(*bytes == direct_files[name], "{name} differs");
    }
    // Named, a top block class is made, and held by nothing.
    let named = temp_db("top-blocks-named");
    let target = class("2v4b");
    Builder::<u64>::new(&named, board, rules, opts.clone())
        .build_selection(&Selection::Classes(vec![target]), |_| {})
        .unwrap();
    let named_files = tables(&named);
    assert!(named_files.contains_key("2v4b.fnt") && named_files.contains_key("4v2.fnt"));
    // On disk, it is not named as left out.
    let plan = Builder::<u64>::new(&named, board, rules, opts)
        .plan_selection(&Selection::UpTo(6))
        .unwrap();
    let left_out: Vec<String> = plan.left_out.iter().map(|(c, _)| c.name()).collect();
    assert_eq!(left_out, ["1v5b", "3v3b", "4v2b", "5v1b"]);
    build_quietly(&direct, board, rules, 7);
    assert!(named_files["2v4b.fnt"] == tables(&direct)["2v4b.fnt"]);
    for db in [stepped, direct, named] {
        let _ = std::fs::remove_dir_all(&db);
    }
}

#[test]
fn five_by_three_and_three_by_five_match_brute_force_to_six_stones() {
    let default = Rules::default();
    let center_forced = Rules {
        diagonals: Diagonals::Center,
        continuation: Continuation::Forced,
        stalemate: Stalemate::Draw,
        ..Default::default()
    };
    for rules in [default, center_forced] {
        check_against_brute(5, 3, rules, 6);
        check_against_brute(3, 5, rules, 6);
    }
}

#[test]
fn a_tall_board_shares_the_tables_of_its_wide_transpose() {
    let db = temp_db("transpose");
    let rules = Rules::default();
    let tall = Board::new(3, 7, rules.diagonals).unwrap();
    let wide = Board::new(7, 3, rules.diagonals).unwrap();
    assert_eq!(table_dir(&db, &tall, &rules), table_dir(&db, &wide, &rules));
    let first = build_quietly(&db, tall, rules, 4);
    assert!(first.iter().all(|s| !s.reused));
    // Building the wide board finds every table already there.
    let second = build_quietly(&db, wide, rules, 4);
    assert_eq!(first.len(), second.len());
    assert!(second.iter().all(|s| s.reused));
    // A tall position and its transpose have the same value.
    let tall_tb = Tablebase::<u64>::new(&db, tall, rules);
    let wide_tb = Tablebase::<u64>::new(&db, wide, rules);
    let onto = tall.transposition();
    let truth = brute::solve(3, 7, naive_rules(&rules), 3);
    assert!(truth.len() > 1000);
    for (fen, want) in &truth {
        let pos = Diagram::parse(fen).unwrap().to_position::<u64>();
        let v = tall_tb.probe(&pos).unwrap();
        assert_eq!(to_val(v), *want, "{fen}");
        assert_eq!(wide_tb.probe(&pos.transformed(&onto)).unwrap(), v, "{fen}");
    }
    std::fs::remove_dir_all(&db).unwrap();
}

/// Tables serve their own board and rule set only, and a search refuses
/// tables of another game (a 3x3 search with 5x3 tables said "loss" at a
/// start White wins; no error anywhere).
#[test]
fn tables_serve_their_own_game_and_a_search_refuses_others() {
    use fanorona::Geometry;
    use fanorona::search::{SearchLimits, solve};
    use fanorona::value::Oracle;
    let db = temp_db("serves");
    let rules = Rules::default();
    let board = |c, r, d| Board::new(c, r, d).unwrap();
    let tb = Tablebase::<u64>::new(&db, board(5, 3, Diagonals::Corner), rules);
    assert!(tb.serves(&board(5, 3, Diagonals::Corner), &rules));
    // The first player and the move limit leave the values alone.
    let later = Rules {
        first: fanorona::Color::Black,
        move_limit: true,
        ..rules
    };
    assert!(tb.serves(&board(5, 3, Diagonals::Corner), &later));
    assert!(!tb.serves(&board(3, 3, Diagonals::Corner), &rules));
    assert!(!tb.serves(&board(3, 5, Diagonals::Corner), &rules));
    let center = Rules {
        diagonals: Diagonals::Center,
        ..rules
    };
    assert!(!tb.serves(&board(5, 3, Diagonals::Center), &center));
    let forced = Rules {
        continuation: Continuation::Forced,
        ..rules
    };
    assert!(!tb.serves(&board(5, 3, Diagonals::Corner), &forced));
    // On 5x5 the two diagonal rules join the same points: one set of tables.
    let tb55 = Tablebase::<u64>::new(&db, board(5, 5, Diagonals::Corner), rules);
    assert!(tb55.serves(&board(5, 5, Diagonals::Center), &center));
    // The search asks before it starts.
    let small = board(3, 3, Diagonals::Corner);
    let geo = Geometry::<u64>::new(small);
    let start = fanorona::Position::start(&small, rules.first);
    let limits = SearchLimits::default();
    let refused = std::panic::catch_unwind(|| solve(&geo, &rules, &start, &tb, &limits, |_| {}));
    let message = refused.expect_err("5x3 tables refused on 3x3");
    let text = message.downcast_ref::<String>().unwrap();
    assert!(text.contains("not those of 3x3"), "{text}");
    // So does it when the board and the rules give different diagonal rules.
    let geo53 = Geometry::<u64>::new(board(5, 3, Diagonals::Center));
    let start53 = fanorona::Position::start(&geo53.board, rules.first);
    let refused = std::panic::catch_unwind(|| {
        solve(
            &geo53,
            &rules,
            &start53,
            &fanorona::NoTables,
            &limits,
            |_| {},
        )
    });
    let message = refused.expect_err("board center, rules corner");
    let text = message.downcast_ref::<String>().unwrap();
    assert!(text.contains("give both the same"), "{text}");
    // The engine, which answers with a `Result`, says both as errors (it
    // panicked), and a position of another board too.
    use fanorona::engine::{EngineError, Limits, choose};
    let depth = Limits::depth(2);
    match choose(&geo, &rules, &start, &tb, &depth) {
        Err(e @ EngineError::Mismatch(_)) => {
            assert!(e.to_string().contains("not those of 3x3"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    match choose(&geo53, &rules, &start53, &fanorona::NoTables, &depth) {
        Err(e @ EngineError::Mismatch(_)) => {
            assert!(e.to_string().contains("give both the same"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    match choose(&geo, &rules, &start53, &fanorona::NoTables, &depth) {
        Err(e @ EngineError::Position(_)) => {
            assert!(e.to_string().contains("past the 9 points"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    assert!(choose(&geo, &rules, &start, &fanorona::NoTables, &depth).is_ok());
    // `analyse` (and `accepts_draw`), which answer a verdict, panic as the
    // search does (an error made into "lost" had the engine take a draw).
    let refused = std::panic::catch_unwind(|| {
        fanorona::engine::analyse(&geo53, &rules, &start53, &fanorona::NoTables, &depth)
    });
    let message = refused.expect_err("board center, rules corner");
    let text = message.downcast_ref::<String>().unwrap();
    assert!(text.contains("give both the same"), "{text}");
    let refused = std::panic::catch_unwind(|| {
        fanorona::engine::analyse(&geo, &rules, &start53, &fanorona::NoTables, &depth)
    });
    let message = refused.expect_err("a 5x3 position on 3x3");
    let text = message.downcast_ref::<String>().unwrap();
    assert!(text.contains("past the 9 points"), "{text}");
}

/// Positions that cannot stand on the tables' board (of a bigger board,
/// or made by hand) and classes with more stones than points are refused
/// with an error naming what is wrong: a 5x3 position indexed past a 3x3
/// table's arrays and panicked, a stone on both sides was answered.
#[test]
fn probes_refuse_positions_and_classes_the_board_cannot_hold() {
    use fanorona::notation::parse_position;
    use fanorona::position::PositionError;
    use fanorona::probe::ProbeError;
    let db = temp_db("refuse");
    let rules = Rules::default();
    let b33 = Board::new(3, 3, rules.diagonals).unwrap();
    let b53 = Board::new(5, 3, rules.diagonals).unwrap();
    build_quietly(&db, b33, rules, 4);
    let tb = Tablebase::<u64>::new(&db, b33, rules);
    let good = parse_position::<u64>(&b33, "W../.../..B w").unwrap();
    assert!(tb.probe(&good).is_ok());
    let wide = parse_position::<u64>(&b53, "W..../...../....B w").unwrap();
    let shared = fanorona::Position {
        black: good.black | good.white,
        ..good
    };
    // A block on a stone of the side to move (white's a3).
    let own_block = fanorona::Position {
        block: fanorona::Bits::squares(good.white).next(),
        ..good
    };
    let far_block = fanorona::Position {
        block: Some(200),
        ..good
    };
    let cases = [
        (wide, "past the 9 points of the 3x3 board"),
        (shared, "a white and a black stone on a3"),
        (
            own_block,
            "block on a3 of the 3x3 board is not a stone of the side not to move",
        ),
        (far_block, "block on point number 200"),
    ];
    for (pos, words) in cases {
        for result in [
            tb.probe(&pos).map(|_| ()),
            tb.probe_wdl(&pos).map(|_| ()),
            tb.probe_moves(&pos, None).map(|_| ()),
        ] {
            match result {
                Err(ProbeError::Position(e)) => assert!(e.to_string().contains(words), "{e}"),
                other => panic!("{pos:?}: {other:?}"),
            }
        }
    }
    assert!(matches!(
        wide.check(&b33),
        Err(PositionError::OffBoard { square: 10, .. })
    ));
    assert_eq!(wide.check(&b53), Ok(()));
    let class = MaterialClass::new(5, 5, false);
    match fanorona::verify::verify_class(&tb, class, None, &|_| {}) {
        Err(e @ ProbeError::NoSuchClass { .. }) => {
            assert!(
                e.to_string().contains("10 stones, more than the 9 points"),
                "{e}"
            )
        }
        other => panic!("{:?}", other.map(|c| c.mismatches)),
    }
    // A table of such a class on disk, its header agreeing (no build
    // writes one): `code_at` and `wdl_problem` take any class, and its
    // indexer panicked.
    let dir = table_dir(&db, &b33, &rules);
    let header = fanorona::table::TableHeader::new(3, 3, &rules, class);
    fanorona::table::write_table(&table_path(&dir, class), header, &[0u16; 10]).unwrap();
    assert!(
        matches!(tb.code_at(class, 0), Err(ProbeError::NoSuchClass { .. })),
        "{:?}",
        tb.code_at(class, 0)
    );
    assert!(matches!(
        tb.wdl_problem(class),
        Err(ProbeError::NoSuchClass { .. })
    ));
    // A class too big for a table's index (its indexer panicked).
    let b13 = Board::new(13, 13, rules.diagonals).unwrap();
    let tb13 = Tablebase::<fanorona::Wide>::new(&db, b13, rules);
    let class = MaterialClass::new(7, 5, false);
    match fanorona::verify::verify_class(&tb13, class, None, &|_| {}) {
        Err(e @ ProbeError::ClassTooBig(_)) => {
            assert!(e.to_string().contains("more than a table can index"), "{e}")
        }
        other => panic!("{:?}", other.map(|c| c.mismatches)),
    }
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn verify_catches_a_wrong_value() {
    // A table whose values were shifted by one is flagged by the verifier
    // (the check can fail).
    let db = temp_db("wrong");
    let rules = Rules::default();
    let board = Board::new(3, 3, rules.diagonals).unwrap();
    build_quietly(&db, board, rules, 4);
    let dir = table_dir(&db, &board, &rules);
    let class = MaterialClass::new(2, 2, false);
    put_wrong_value(&table_path(&dir, class));
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let r = fanorona::verify::verify_class(&tb, class, None, &|_| {}).unwrap();
    assert!(r.mismatches >= 1);
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn verify_catches_a_wdl_file_that_disagrees_with_its_table() {
    // A WDL file with a win and a draw swapped (so its counts still match
    // the table's) is flagged at both positions, with what it says.
    let db = temp_db("wrong-wdl");
    let rules = Rules::default();
    let board = Board::new(3, 3, rules.diagonals).unwrap();
    build_quietly(&db, board, rules, 4);
    let dir = table_dir(&db, &board, &rules);
    let class = MaterialClass::new(2, 2, false);
    let t = fanorona::table::TableFile::open(&table_path(&dir, class)).unwrap();
    let mut codes = t.read_all().unwrap();
    let win = codes.iter().position(|&c| c % 2 == 1).unwrap();
    let draw = codes.iter().position(|&c| c == 0).unwrap();
    codes.swap(win, draw);
    fanorona::wdl::write_wdl(&wdl_path(&dir, class), &t.header, &codes).unwrap();
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let r = fanorona::verify::verify_class(&tb, class, None, &|_| {}).unwrap();
    // (Symmetric positions have several indices; each is checked.)
    assert!(r.mismatches >= 2, "{r:?}");
    assert!(
        r.examples
            .iter()
            .all(|m| m.wdl.is_some() && m.stored == m.derived),
        "{:?}",
        r.examples
    );
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn a_build_resumes_after_losing_a_class() {
    let db = temp_db("resume");
    let rules = Rules::default();
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    let first = build_quietly(&db, board, rules, 4);
    assert!(first.iter().all(|s| !s.reused));
    let dir = table_dir(&db, &board, &rules);
    // A killed build leaves a temporary file and no table for the class in
    // progress; a damaged table is rebuilt too.
    let lost = table_path(&dir, MaterialClass::new(2, 2, false));
    std::fs::rename(&lost, lost.with_extension("fnt.tmp")).unwrap();
    let damaged = table_path(&dir, MaterialClass::new(3, 1, false));
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&damaged, &bytes).unwrap();
    let second = build_quietly(&db, board, rules, 4);
    for s in &second {
        let rebuilt = s.class == MaterialClass::new(2, 2, false)
            || s.class == MaterialClass::new(3, 1, false)
            || s.class == MaterialClass::new(1, 3, false);
        assert_eq!(s.reused, !rebuilt, "{}", s.class);
        let before = first.iter().find(|f| f.class == s.class).unwrap();
        assert_eq!(
            (before.wins, before.draws, before.losses, before.longest),
            (s.wins, s.draws, s.losses, s.longest)
        );
    }
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn every_table_gets_a_wdl_file_and_a_lost_or_damaged_one_is_derived_again() {
    use fanorona::index::{ClassIndexer, DecodeCache};
    use fanorona::table::TableFile;
    use fanorona::wdl::WdlFile;
    let db = temp_db("wdl");
    let rules = Rules::default();
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    let first = build_quietly(&db, board, rules, 5);
    let dir = table_dir(&db, &board, &rules);
    let mut written = std::collections::BTreeMap::new();
    for s in &first {
        let t = TableFile::open(&table_path(&dir, s.class)).unwrap();
        let w = WdlFile::open(&wdl_path(&dir, s.class)).unwrap();
        assert!(w.header.matches(&t.header), "{}", s.class);
        w.check().unwrap();
        written.insert(s.class, std::fs::read(&w.path).unwrap());
    }
    // Two lost (one of a class the build holds for the next stones, so
    // written from its codes, one not, so derived from the table file),
    // one damaged in its data, one another class's.
    let (damaged, swapped) = (
        MaterialClass::new(3, 1, false),
        MaterialClass::new(1, 3, false),
    );
    for lost in [
        MaterialClass::new(2, 2, false),
        MaterialClass::new(3, 2, false),
    ] {
        std::fs::remove_file(wdl_path(&dir, lost)).unwrap();
    }
    let mut bytes = written[&damaged].clone();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(wdl_path(&dir, damaged), &bytes).unwrap();
    std::fs::write(wdl_path(&dir, swapped), &written[&damaged]).unwrap();
    // The probe sets both aside, answering from the tables as before,
    // and names them among its problems.
    let tb = Tablebase::<u64>::new(&db, board, rules);
    assert!(tb.problems().is_empty());
    for class in [damaged, swapped] {
        let ix = ClassIndexer::<u64>::new(board, class);
        let mut cache = DecodeCache::default();
        for i in 0..ix.size() {
            let pos = ix.decode(i, &mut cache);
            let from_table = tb.probe(&pos).unwrap().wdl();
            assert_eq!(tb.probe_wdl(&pos).unwrap(), from_table, "{class} {i}");
        }
    }
    let problems = tb.problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    for class in [damaged, swapped] {
        let name = format!("{}.fnw", class.name());
        assert!(problems.iter().any(|p| p.contains(&name)), "{problems:?}");
    }
    drop(tb);
    // Built again: every table reused, every WDL file as first written.
    let second = build_quietly(&db, board, rules, 5);
    assert!(second.iter().all(|s| s.reused));
    for (class, bytes) in &written {
        assert!(
            std::fs::read(wdl_path(&dir, *class)).unwrap() == *bytes,
            "{class}"
        );
    }
    std::fs::remove_dir_all(&db).unwrap();
}

/// Whether the probe can answer a position from tables of at most `built`
/// stones: the game is over, or it is built, or it is at most three stones
/// above the tables and every turn captures into an answerable position,
/// or one capture into an answerable position wins as surely as any could
/// (`wdl`: wins; with distances: wins with that turn), by `truth`. A
/// position with a sacrificed block (every turn removes it) goes through
/// all its turns the same way, at most one stone above the tables; so
/// does a sacrifice among the captures.
fn answerable(
    geo: &fanorona::Geometry<u64>,
    rules: &Rules,
    truth: &HashMap<fanorona::Position<u64>, Val>,
    pos: &fanorona::Position<u64>,
    built: u32,
    wdl: bool,
) -> bool {
    let stones = pos.stone_count();
    if pos.mover() == 0 || pos.waiter() == 0 || stones <= built {
        return true;
    }
    if stones > built + 3 {
        return false;
    }
    let block = pos.block.is_some();
    if block && stones > built + 1 {
        return false;
    }
    let children = fanorona::children(geo, rules, pos);
    if !block && !children.iter().any(|k| k.stone_count() < stones) {
        // No capture: only a stalemate is answered.
        return children.is_empty();
    }
    // (A paika move keeps the stones and is not answered; a sacrifice is,
    // as a block position.)
    let captures = || {
        children.iter().filter(|k| {
            (k.stone_count() < stones || k.block.is_some())
                && answerable(geo, rules, truth, k, built, wdl)
        })
    };
    let best = |k: &&fanorona::Position<u64>| match truth[*k] {
        Val::Loss(0) => true,
        Val::Loss(_) => wdl,
        _ => false,
    };
    captures().count() == children.len() || captures().any(|k| best(&k))
}

#[test]
fn positions_just_above_the_tables_are_answered_exactly_through_captures() {
    let center_forced = Rules {
        diagonals: Diagonals::Center,
        continuation: Continuation::Forced,
        stalemate: Stalemate::Draw,
        ..Default::default()
    };
    let sacrifice = Rules {
        sacrifice: true,
        ..Default::default()
    };
    for (cols, rows, rules) in [
        (5, 3, Rules::default()),
        (3, 5, center_forced),
        (3, 3, sacrifice),
    ] {
        let db = temp_db(&format!("lookahead-{cols}x{rows}"));
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        build_quietly(&db, board, rules, 4);
        let tb = Tablebase::<u64>::new(&db, board, rules);
        let geo = fanorona::Geometry::<u64>::new(board);
        let truth = brute::solve(cols, rows, naive_rules(&rules), 6);
        let by_position: HashMap<_, _> = truth
            .iter()
            .map(|(fen, v)| (Diagram::parse(fen).unwrap().to_position::<u64>(), *v))
            .collect();
        let mut answered = [0usize; 7];
        let mut answered_wdl = [0usize; 7];
        let mut blocks_answered = [0usize; 7];
        for (fen, want) in &truth {
            let pos = Diagram::parse(fen).unwrap().to_position::<u64>();
            let stones = pos.stone_count();
            if stones <= 4 {
                continue;
            }
            let answerable = |wdl| answerable(&geo, &rules, &by_position, &pos, 4, wdl);
            match tb.probe(&pos) {
                Ok(v) => {
                    assert!(
                        answerable(false),
                        "{fen}: answered {v} without tables below"
                    );
                    assert_eq!(to_val(v), *want, "{fen} under {rules}");
                    answered[stones as usize] += 1;
                    let game_on = pos.mover() != 0 && pos.waiter() != 0;
                    blocks_answered[stones as usize] += (game_on && pos.block.is_some()) as usize;
                }
                Err(e) => {
                    assert!(!answerable(false), "{fen}: not answered ({e})");
                    assert!(e.to_string().contains("not built"), "{fen}: {e}");
                }
            }
            match tb.probe_wdl(&pos) {
                Ok(v) => {
                    assert!(
                        answerable(true),
                        "{fen}: answered {v:?} from WDL files without tables below"
                    );
                    assert_eq!(v, wdl_of(*want), "{fen} under {rules}: WDL files");
                    answered_wdl[stones as usize] += 1;
                }
                Err(e) => {
                    assert!(
                        !answerable(true),
                        "{fen}: not answered from WDL files ({e})"
                    );
                    assert!(e.to_string().contains("not built"), "{fen}: {e}");
                }
            }
        }
        // Every capture position of 5 stones, and some of 6; with the
        // sacrifice move, block positions of one stone more than the
        // tables (as a build leaves out those of its top stones), and no
        // more.
        assert!(answered[5] > 1000, "{cols}x{rows}: {answered:?}");
        if rules.sacrifice {
            assert!(
                blocks_answered[5] > 1000 && blocks_answered[6] == 0,
                "{blocks_answered:?}"
            );
        }
        assert!(answered[6] > 0, "{cols}x{rows}: {answered:?}");
        // A winning capture answers more from the WDL files.
        assert!(
            (5..7).any(|n| answered_wdl[n] > answered[n]),
            "{cols}x{rows}: {answered:?} {answered_wdl:?}"
        );
        std::fs::remove_dir_all(&db).unwrap();
    }
}

/// A group that overflowed the narrow state layout leaves a note beside
/// its tables until it is written, so a build resumed after a kill starts
/// in the layout that fits instead of paying for the narrow attempt again.
#[test]
fn a_noted_overflow_skips_the_narrow_layout_until_the_group_is_written() {
    let db = temp_db("overflow-note");
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let rules = Rules::default();
    build_quietly(&db, board, rules, 4);
    let groups = build_groups(&board, &rules, 5);
    // The first group of 5 stones, 2v3+3v2: the largest.
    let at = groups
        .iter()
        .position(|g| g[0].mover + g[0].other == 5)
        .unwrap();
    let group = &groups[at];
    let name = group.iter().map(|c| c.name()).collect::<Vec<_>>().join("+");
    let total: u64 = group.iter().map(|&c| class_size(board, c).unwrap()).sum();
    let dir = table_dir(&db, &board, &rules);
    let note = dir.join(format!("{name}.overflow"));
    let build = |memory_bytes: u64| {
        let opts = BuildOptions {
            memory_bytes,
            progress: false,
            ..Default::default()
        };
        Builder::<u64>::new(&db, board, rules, opts).build(5, |_| {})
    };
    let refused = |memory_bytes: u64, word: &str, want: Overflow| -> u64 {
        std::fs::write(&note, word).unwrap();
        match build(memory_bytes) {
            Err(BuildError::TooBigWide {
                group: refused,
                overflow,
                needed,
                ..
            }) => {
                assert_eq!((refused.as_str(), overflow), (name.as_str(), want));
                assert!(note.exists(), "a refused build keeps the note");
                assert!(!table_path(&dir, group[0]).exists());
                needed
            }
            other => panic!("{word} note, {memory_bytes} bytes: {other:?}"),
        }
    };
    // What the narrow layout needs (3 bytes a position, plus the smaller
    // tables held), as the build's check before any work reports it.
    let narrow_needed = match build(3 * total) {
        Err(BuildError::TooBig { group, needed, .. }) if group == name => needed,
        other => panic!("{other:?}"),
    };
    let held = narrow_needed - 3 * total;
    // Room for the narrow layout: only the note sends the build to the wide
    // one (6 bytes a position).
    let wide_needed = refused(narrow_needed, "children", Overflow::Children);
    assert_eq!(wide_needed, 6 * total + held);
    // A distance note: the 4-byte layout, refused one byte short of it.
    let medium_needed = refused(4 * total + held - 1, "distance", Overflow::Distance);
    assert_eq!(medium_needed, 4 * total + held);
    // A note that the 4-byte layout's distances overflowed too: the wide
    // layout at once (it tried 4 bytes again, hours on a big group, and
    // with room for 4 bytes but not 6 refused only after).
    let long_needed = refused(narrow_needed, "long-distance", Overflow::LongDistance);
    assert_eq!(long_needed, 6 * total + held);
    let plan = Builder::<u64>::new(&db, board, rules, BuildOptions::default())
        .plan_selection(&Selection::UpTo(5))
        .unwrap();
    let planned = plan.groups.iter().find(|g| g.name() == name).unwrap();
    assert_eq!(planned.memory_bytes, 6 * total + held);
    std::fs::remove_file(&note).unwrap();
    let reference = build(4 * total + held - 1).expect("the narrow layout fits");
    std::fs::remove_file(table_path(&dir, group[0])).unwrap();
    std::fs::write(&note, "distance").unwrap();
    let again = build(4 * total + held).expect("the 4-byte layout fits");
    assert!(!note.exists(), "the note goes once the group is written");
    let stats = |s: &[ClassSummary]| -> Vec<_> {
        s.iter()
            .map(|c| {
                (
                    c.class,
                    c.positions,
                    c.wins,
                    c.draws,
                    c.losses,
                    c.longest,
                    c.bytes,
                )
            })
            .collect()
    };
    assert_eq!(stats(&again), stats(&reference));
    std::fs::remove_file(table_path(&dir, group[0])).unwrap();
    std::fs::write(&note, "long-distance").unwrap();
    let wide = build(6 * total + held).expect("the wide layout fits");
    assert!(!note.exists(), "the note goes once the group is written");
    assert_eq!(stats(&wide), stats(&reference));
    let _ = std::fs::remove_dir_all(&db);
}

#[test]
fn a_tiny_block_cache_stays_within_its_bound_and_reads_the_same_codes() {
    // 2v3 on 7x3 fills several blocks, read here in an order that jumps
    // between them so blocks leave the cache and come back.
    let db = temp_db("cache");
    let rules = Rules::default();
    let board = Board::new(7, 3, rules.diagonals).unwrap();
    build_quietly(&db, board, rules, 5);
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let tables = tb.list().unwrap();
    let sum: u64 = tables
        .iter()
        .map(|(_, t)| {
            let t = t.as_ref().unwrap();
            t.read_all().unwrap().len() as u64 * t.header.value_width as u64
        })
        .sum();
    assert_eq!(tb.decompressed_bytes().unwrap(), sum);
    let class = MaterialClass::new(2, 3, false);
    let t = fanorona::table::TableFile::open(&table_path(&table_dir(&db, &board, &rules), class))
        .unwrap();
    let codes = t.read_all().unwrap();
    assert!(codes.len() > 3 * fanorona::table::BLOCK_ENTRIES as usize);
    // Room for two blocks of the widest kind (other tests share the cache).
    let bound = 2 * 2 * fanorona::table::BLOCK_ENTRIES as usize;
    fanorona::table::set_block_cache_bytes(bound);
    assert!(fanorona::table::block_cache_held() <= bound);
    let n = codes.len();
    for k in 0..n {
        let i = k * 7919 % n;
        assert_eq!(t.code(i as u64).unwrap(), codes[i], "index {i}");
        assert!(fanorona::table::block_cache_held() <= bound);
    }
    fanorona::table::set_block_cache_bytes(fanorona::table::DEFAULT_BLOCK_CACHE_BYTES);
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn a_board_whose_diagonal_rules_agree_shares_the_corner_tables() {
    let db = temp_db("center-is-corner");
    let corner = Rules::default();
    let center = Rules {
        diagonals: Diagonals::Center,
        ..Default::default()
    };
    // 3x3 and 7x3: C + R = 2 mod 4, one game under both names; one row
    // or column: no diagonals at all.
    for (cols, rows) in [(3, 3), (7, 3), (3, 7), (5, 1), (1, 7), (13, 1)] {
        let board = Board::new(cols, rows, Diagonals::Center).unwrap();
        assert_eq!(
            table_dir(&db, &board, &center),
            table_dir(&db, &board, &corner),
            "{cols}x{rows}"
        );
    }
    // 5x3 and 9x3: C + R = 0 mod 4, two games, two folders.
    for (cols, rows) in [(5, 3), (3, 5), (9, 3)] {
        let board = Board::new(cols, rows, Diagonals::Center).unwrap();
        assert_ne!(
            table_dir(&db, &board, &center),
            table_dir(&db, &board, &corner),
            "{cols}x{rows}"
        );
    }
    let board = Board::new(3, 3, Diagonals::Center).unwrap();
    let first = build_quietly(&db, board, center, 9);
    assert!(first.iter().all(|s| !s.reused));
    let dir = table_dir(&db, &board, &corner);
    assert!(dir.ends_with("3x3-corner-free-sl"), "{}", dir.display());
    // Building under `corner` finds every table already there.
    let second = build_quietly(&db, Board::new(3, 3, Diagonals::Corner).unwrap(), corner, 9);
    assert_eq!(first.len(), second.len());
    assert!(second.iter().all(|s| s.reused));
    // Probed under `center`, the shared tables give the `center` game's
    // values (the brute-force solver plays it with its own diagonals).
    let tb = Tablebase::<u64>::new(&db, board, center);
    let truth = brute::solve(3, 3, naive_rules(&center), 9);
    assert!(truth.len() > 1000);
    for (fen, want) in &truth {
        let pos = Diagram::parse(fen).unwrap().to_position::<u64>();
        assert_eq!(to_val(tb.probe(&pos).unwrap()), *want, "{fen}");
    }
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn classes_names_the_tables_list_opens_without_opening_them() {
    let db = temp_db("classes");
    let rules = Rules::default();
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    build_quietly(&db, board, rules, 3);
    let dir = table_dir(&db, &board, &rules);
    // A damaged table (named as one, not one inside) and a file that is
    // no table at all.
    std::fs::write(table_path(&dir, MaterialClass::new(4, 4, false)), b"junk").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a table").unwrap();
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let listed = tb.list().unwrap();
    let classes = tb.classes().unwrap();
    assert_eq!(
        classes,
        listed.iter().map(|(c, _)| *c).collect::<Vec<_>>(),
        "the same classes in the same order"
    );
    assert_eq!(classes.last(), Some(&MaterialClass::new(4, 4, false)));
    assert!(
        listed.last().unwrap().1.is_err(),
        "list opens the junk file"
    );
    // 1v1, 1v2, 2v1 and the junk 4v4 (a side with no stones has no table).
    assert_eq!(classes.len(), 4, "{classes:?}");
    let _ = std::fs::remove_dir_all(&db);
}

/// The brute-force value `v` with `turns` turns left under the move limit.
fn val_within(v: Val, turns: u32) -> Val {
    match v {
        Val::Win(n) | Val::Loss(n) if n > turns => Val::Draw,
        v => v,
    }
}

#[test]
fn perfect_lines_follow_the_brute_force_values_to_the_end_of_the_game() {
    // Every position of 5x3 up to four stones (and of 3x3 under the
    // sacrifice move), its line off the tables checked ply by ply against
    // the brute-force values and the naive move generator: each ply a
    // legal turn, each value one ply nearer the end than the last, a won
    // or lost line ending exactly at its distance with the side to move
    // out of stones or turns, a drawn one never leaving the draw. Then
    // the same with a move limit of six turns. Last, tables of 5x3 up to
    // three stones and every position of four and five stones the probe
    // answers above them (through captures): their lines too, where some
    // turns lead to classes not built.
    let stalemate_draw = Rules {
        stalemate: Stalemate::Draw,
        ..Default::default()
    };
    let sacrifice = Rules {
        sacrifice: true,
        ..Default::default()
    };
    let mut ends = HashMap::new();
    let mut above = 0;
    for (cols, rows, rules, pieces, known) in [
        (5, 3, Rules::default(), 4, 4),
        (5, 3, stalemate_draw, 4, 4),
        (3, 3, sacrifice, 5, 5),
        (5, 3, Rules::default(), 3, 5),
    ] {
        let db = temp_db(&format!("line-{cols}x{rows}-{}-{pieces}", rules.slug()));
        let board = Board::new(cols, rows, rules.diagonals).unwrap();
        build_quietly(&db, board, rules, pieces);
        let tb = Tablebase::<u64>::new(&db, board, rules);
        let naive = naive_rules(&rules);
        let truth = brute::solve(cols, rows, naive, known);
        for turns_left in [None, Some(6u32)] {
            for (fen, &want) in &truth {
                let want = turns_left.map_or(want, |t| val_within(want, t));
                let pos = Diagram::parse(fen).unwrap().to_position::<u64>();
                if pos.stone_count() > pieces {
                    if tb.probe(&pos).is_err() {
                        continue;
                    }
                    above += 1;
                }
                let line = perfect_line(&tb, &pos, 40, turns_left)
                    .unwrap_or_else(|e| panic!("{fen}: {e}"));
                let mut at = fen.clone();
                let mut value = want;
                for (k, step) in line.steps.iter().enumerate() {
                    let next = position_to_fen(&board, &step.position);
                    let turn = turn_to_string(&board, &step.turn);
                    let legal = support::naive::legal_turns(&NaivePos::parse(&at), naive);
                    assert!(
                        legal.contains(&(turn.clone(), next.clone())),
                        "{fen}, ply {}: {turn} to {next} is not a legal turn of {at}",
                        k + 1
                    );
                    let left = turns_left.map(|t| t - k as u32 - 1);
                    let got = left.map_or(truth[&next], |t| val_within(truth[&next], t));
                    let expected = match value {
                        Val::Win(n) => Val::Loss(n - 1),
                        Val::Loss(n) => Val::Win(n - 1),
                        Val::Draw => Val::Draw,
                    };
                    assert_eq!(got, expected, "{fen}, ply {}: {turn} to {next}", k + 1);
                    assert_eq!(
                        to_val(step.value),
                        got,
                        "{fen}, ply {}: stored value",
                        k + 1
                    );
                    (at, value) = (next, got);
                }
                let over = support::naive::legal_turns(&NaivePos::parse(&at), naive).is_empty();
                match (want, line.end) {
                    (Val::Win(n) | Val::Loss(n), LineEnd::NoStones | LineEnd::NoTurn) => {
                        assert_eq!(line.steps.len(), n as usize, "{fen}: {:?}", line.end);
                        assert!(over, "{fen}: the line ends at {at}, which has turns");
                    }
                    (Val::Draw, LineEnd::NoTurn) => {
                        assert!(over && rules.stalemate == Stalemate::Draw, "{fen}")
                    }
                    (Val::Draw, LineEnd::Repetition(ply)) => {
                        assert!(ply < line.steps.len(), "{fen}: {ply}");
                        let before = match ply {
                            0 => pos,
                            p => line.steps[p - 1].position,
                        };
                        assert_eq!(before, line.steps.last().unwrap().position, "{fen}");
                    }
                    (Val::Draw, LineEnd::MoveLimit) => {
                        assert_eq!(Some(line.steps.len() as u32), turns_left, "{fen}")
                    }
                    (Val::Draw, LineEnd::MostPlies) => assert_eq!(line.steps.len(), 40, "{fen}"),
                    (want, end) => panic!("{fen}: {want:?} ends in {end:?}"),
                }
                *ends.entry(line.end.name()).or_insert(0) += 1;
            }
        }
        std::fs::remove_dir_all(&db).unwrap();
    }
    assert!(above > 1000, "{above} positions above the tables");
    // Every kind of end was met (a drawn line repeats long before 40 plies
    // on boards this small).
    for end in ["no stones", "no turn", "repetition", "move limit"] {
        assert!(ends.get(end).is_some_and(|&n| n > 0), "{end}: {ends:?}");
    }
}

/// A side to move with no turn is answered without a table, even from a
/// folder with none (it was "not built").
#[test]
fn a_position_without_a_turn_needs_no_table() {
    let db = temp_db("no-turn");
    std::fs::create_dir_all(&db).unwrap();
    let board = Board::new(3, 3, Diagonals::Corner).unwrap();
    let pos = Diagram::parse("BBB/BBB/WB. w")
        .unwrap()
        .to_position::<u64>();
    let loss = Tablebase::<u64>::new(&db, board, Rules::default());
    assert_eq!(loss.probe(&pos).unwrap(), Value::Loss(0));
    let draw = Rules {
        stalemate: Stalemate::Draw,
        ..Rules::default()
    };
    assert_eq!(
        Tablebase::<u64>::new(&db, board, draw).probe(&pos).unwrap(),
        Value::Draw
    );
    // A position with a turn is still not built.
    let open = Diagram::parse("BBB/B.W/WWW w")
        .unwrap()
        .to_position::<u64>();
    assert!(loss.probe(&open).is_err());
    std::fs::remove_dir_all(&db).unwrap();
}

/// `build --plan` and `build` decide alike, by one check of each table's
/// header and block index ([`fanorona::builder::table_on_disk`]), whether
/// a table on disk is reused: the plan said "on disk" of a truncated, an
/// empty, a damaged or another board's table, which the build then built
/// again.
#[test]
fn the_plan_says_a_damaged_or_foreign_table_is_to_build_as_the_build_finds_it() {
    let rules = Rules::default();
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    let db = temp_db("plan-damaged");
    build_quietly(&db, board, rules, 4);
    let seven = Board::new(7, 3, rules.diagonals).unwrap();
    let other = temp_db("plan-damaged-7x3");
    build_quietly(&other, seven, rules, 4);
    let two = MaterialClass::new(2, 2, false);
    let path = table_path(&table_dir(&db, &board, &rules), two);
    let good = std::fs::read(&path).unwrap();
    let foreign = std::fs::read(table_path(&table_dir(&other, &seven, &rules), two)).unwrap();
    let mut bad_header = good.clone();
    bad_header[14] ^= 1;
    let opts = BuildOptions {
        progress: false,
        ..Default::default()
    };
    let builder = || Builder::<u64>::new(&db, board, rules, opts.clone());
    for (what, bytes, why) in [
        ("truncated to 50 bytes", good[..50].to_vec(), "truncated"),
        ("empty", Vec::new(), "not a fanorona table"),
        ("a header checksum that differs", bad_header, "checksum"),
        (
            "half its length",
            good[..good.len() / 2].to_vec(),
            "corrupt",
        ),
        (
            "7x3's table",
            foreign,
            "is not this folder's 2v2 table (it holds 2v2 of 7x3 under corner-free-sl)",
        ),
    ] {
        std::fs::write(&path, &bytes).unwrap();
        let plan = builder().plan_selection(&Selection::UpTo(4)).unwrap();
        for g in &plan.groups {
            if g.classes == [two] {
                assert!(!g.on_disk, "{what}");
                assert_eq!(g.damaged.len(), 1, "{what}");
                assert_eq!(g.damaged[0].0, two);
                assert!(g.damaged[0].1.contains(why), "{what}: {}", g.damaged[0].1);
            } else {
                assert!(g.on_disk && g.damaged.is_empty(), "{what}: {}", g.name());
            }
        }
        assert_eq!(plan.peak.as_ref().map(|p| p.0.as_str()), Some("2v2"));
        // The build agrees: it makes 2v2 again, and reuses the rest.
        for s in builder().build(4, |_| {}).unwrap() {
            assert_eq!(s.reused, s.class != two, "{what}: {}", s.class);
        }
        assert!(std::fs::read(&path).unwrap() == good, "{what}");
        let plan = builder().plan_selection(&Selection::UpTo(4)).unwrap();
        assert!(
            plan.groups
                .iter()
                .all(|g| g.on_disk && g.damaged.is_empty())
        );
        assert!(plan.peak.is_none(), "{what}");
    }
    for d in [db, other] {
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// A class whose indices do not fit a `u64` is refused by name, by the
/// plan and by the build before it makes anything (13x13's 7v5 was
/// planned as 2.9e18 positions, its size wrapped); sums over the classes
/// that fit do not wrap (9x5 up to 45 stones: 7.4e20 positions, planned as
/// 7.3e17), and memory that passes `u64` is saturated and refused.
#[test]
fn classes_too_big_to_index_are_refused_and_plan_sums_do_not_wrap() {
    let rules = Rules::default();
    let opts = BuildOptions {
        progress: false,
        ..Default::default()
    };
    let big = Board::new(13, 13, rules.diagonals).unwrap();
    let db = temp_db("too-big");
    let target = Selection::Classes(vec![MaterialClass::new(7, 5, false)]);
    let mut b = Builder::<fanorona::bits::Wide>::new(&db, big, rules, opts.clone());
    for err in [
        b.plan_selection(&target).unwrap_err(),
        b.check_selection(&target).unwrap_err(),
        b.build_selection(&target, |_| {}).unwrap_err(),
    ] {
        let BuildError::ClassTooBig(e) = &err else {
            panic!("{err}");
        };
        // The first class of the group of 7v5 that is too big: 5v7, as big.
        assert_eq!(e.class, MaterialClass::new(5, 7, false));
        assert!(
            err.to_string().starts_with(
                "class 5v7 of 13x13 has about 7.5e19 positions, more than a table can index"
            ),
            "{err}"
        );
    }
    assert!(!db.exists(), "the build made its folder");

    let nine = Board::new(9, 5, rules.diagonals).unwrap();
    // Memory all but unbounded: only a saturated estimate is over it.
    let opts = BuildOptions {
        memory_bytes: u64::MAX - 1,
        ..opts
    };
    let b = Builder::<u64>::new(&db, nine, rules, opts);
    let plan = b.plan_selection(&Selection::UpTo(45)).unwrap();
    let total: u128 = plan.groups.iter().map(|g| g.total_positions()).sum();
    // By hand (Burnside over the four symmetries of 9x5, in Python).
    assert_eq!(total, 738_604_485_539_584_527_336);
    let largest = plan
        .groups
        .iter()
        .find(|g| g.name() == "15v16+16v15")
        .unwrap();
    assert!(largest.total_positions() > u64::MAX as u128);
    assert_eq!(largest.memory_bytes, u64::MAX);
    assert_eq!(plan.peak.as_ref().map(|p| p.1), Some(u64::MAX));
    match b.check_selection(&Selection::UpTo(45)) {
        Err(e @ BuildError::TooBig { .. }) => {
            assert!(e.to_string().contains("needs more than 16 EiB"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    assert!(!db.exists());
}

/// On a full board no build goes a stone further: the block classes of all
/// its stones, which a build leaves out, are only ever answered by the
/// probe from their turns into the classes below. Those answers are the
/// tables a build by name makes (3x3 with the sacrifice move, up to 9
/// stones: 1v8b to 8v1b).
#[test]
fn the_full_board_block_classes_left_out_are_answered_as_their_tables_say() {
    let rules = Rules {
        sacrifice: true,
        ..Default::default()
    };
    let board = Board::new(3, 3, rules.diagonals).unwrap();
    let full = temp_db("full-board-blocks");
    build_quietly(&full, board, rules, 9);
    let opts = BuildOptions {
        progress: false,
        ..Default::default()
    };
    let blocks: Vec<MaterialClass> = (1..9).map(|m| MaterialClass::new(m, 9 - m, true)).collect();
    let plan = Builder::<u64>::new(&full, board, rules, opts.clone())
        .plan_selection(&Selection::UpTo(9))
        .unwrap();
    let left_out: Vec<MaterialClass> = plan.left_out.iter().map(|&(c, _)| c).collect();
    assert_eq!(left_out, blocks);
    let named = temp_db("full-board-blocks-named");
    Builder::<u64>::new(&named, board, rules, opts)
        .build_selection(&Selection::Classes(blocks.clone()), |_| {})
        .unwrap();
    let (derived, tables) = (
        Tablebase::<u64>::new(&full, board, rules),
        Tablebase::<u64>::new(&named, board, rules),
    );
    let mut answered = 0;
    for &class in &blocks {
        assert!(!table_path(&table_dir(&full, &board, &rules), class).exists());
        let ix = fanorona::index::ClassIndexer::<u64>::new(board, class);
        let mut cache = fanorona::index::DecodeCache::default();
        for i in 0..ix.size() {
            let pos = ix.decode(i, &mut cache);
            let want = tables.probe(&pos).unwrap();
            assert_eq!(derived.probe(&pos).unwrap(), want, "{class} {i}");
            answered += 1;
        }
    }
    assert!(answered > 100, "{answered}");
    for d in [full, named] {
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// A run of the `fanorona` program: exit code, standard output and error.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the `fanorona` program with `args`; it must not panic.
fn fanorona(args: &[&str]) -> Run {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(args)
        .output()
        .expect("the fanorona binary runs");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    run
}

/// A database folder of 3x3 and 5x3 tables up to 3 stones, for the
/// command line's checks.
fn small_db(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let db = temp_db(name);
    let rules = Rules::default();
    let mut dirs = Vec::new();
    for cols in [3, 5] {
        let board = Board::new(cols, 3, rules.diagonals).unwrap();
        build_quietly(&db, board, rules, 3);
        dirs.push(table_dir(&db, &board, &rules));
    }
    let five = dirs.pop().unwrap();
    (db, dirs.pop().unwrap(), five)
}

/// A table folder that cannot be listed (here a link to nowhere, as a
/// folder the user may not read, which root reads all the same) is named
/// with the system's error and fails `info` and `verify`, the others
/// listed and checked all the same: both passed it over and exited 0,
/// and `verify --board` said there were no such tables. A probe whose
/// folder is a file says so, not that the class is not built.
#[cfg(unix)]
#[test]
fn a_table_folder_that_cannot_be_read_is_named_and_fails_the_run() {
    let (db, three, five) = small_db("unreadable-folder");
    let d = db.to_str().unwrap();
    let seven = db.join("7x3-corner-free-sl");
    std::os::unix::fs::symlink(db.join("nowhere"), &seven).unwrap();
    let said = format!("{}: cannot be read: ", seven.display());
    let r = fanorona(&["verify", "--db", d]);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    for folder in [&three, &five] {
        assert!(
            r.stdout.contains(&format!("{}: ", folder.display())),
            "{}",
            r.stdout
        );
    }
    assert!(r.stdout.contains(&said), "{}", r.stdout);
    assert!(
        r.stderr.contains("1 table folder could not be read"),
        "{}",
        r.stderr
    );
    let r = fanorona(&["verify", "--db", d, "--board", "7x3"]);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&said), "{}", r.stdout);
    assert!(!r.stderr.contains("no 7x3 tables"), "{}", r.stderr);
    let r = fanorona(&["verify", "--db", d, "--json"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let total = r.stdout.lines().last().unwrap();
    assert_eq!(support::json::json_number(total, "unreadable_folders"), 1);
    let r = fanorona(&["info", "--db", d]);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(&said), "{}", r.stdout);
    assert!(
        r.stdout.contains(&format!("{}: 5x3, ", five.display())),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains("1 table folder cannot be read"),
        "{}",
        r.stderr
    );
    // The only folder, unreadable: not "no tables".
    for folder in [&three, &five] {
        std::fs::remove_dir_all(folder).unwrap();
    }
    let r = fanorona(&["info", "--db", d]);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(!r.stdout.contains("no tables"), "{}", r.stdout);
    assert!(r.stdout.contains(&said), "{}", r.stdout);
    // A file where the probe's folder goes.
    std::fs::remove_file(&seven).unwrap();
    std::fs::write(&seven, "not a folder").unwrap();
    let r = fanorona(&["probe", "--db", d, "..W..../......./....B.. w"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(!r.stderr.contains("not built"), "{}", r.stderr);
    assert!(
        r.stderr.contains(&format!("{}: ", seven.display())),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&db).unwrap();
}

/// `probe --help` says that `--line=N` cuts won and lost lines too, as
/// the code does, and names every way a line can end in its JSON ("opponent
/// has no stones" was missing).
#[test]
fn probe_help_says_what_line_cuts_and_every_line_end() {
    let r = fanorona(&["probe", "--help"]);
    assert_eq!(r.code, Some(0));
    let help = r.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("won or lost line longer than N is cut"),
        "{help}"
    );
    for end in [
        LineEnd::NoStones,
        LineEnd::OpponentHasNoStones,
        LineEnd::NoTurn,
        LineEnd::Repetition(0),
        LineEnd::MoveLimit,
        LineEnd::MostPlies,
    ] {
        assert!(
            help.contains(&format!("\"{}\"", end.name())),
            "{end:?}: {help}"
        );
    }
}

/// A position of spaces alone is said to be empty, with no hint of
/// `--line` (the digit check took no digits for a number: "for a line of
/// plies write --line=").
#[test]
fn an_empty_position_is_said_empty_without_the_line_hint() {
    let (db, _, _) = small_db("empty-position");
    let d = db.to_str().unwrap();
    for empty in ["   ", ""] {
        let r = fanorona(&["probe", "--db", d, empty]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains("an empty position"), "{}", r.stderr);
        assert!(!r.stderr.contains("--line"), "{}", r.stderr);
    }
    let r = fanorona(&["probe", "--db", d, " 7 "]);
    assert!(r.stderr.contains("write --line=7)"), "{}", r.stderr);
    std::fs::remove_dir_all(&db).unwrap();
}

/// `build`'s refusals name the board as given (3x7, not the 7x3 its
/// tables are kept under) and blame `--pieces` only when it was given:
/// without it a small board builds all its stones, and 1x1 says it has
/// no tables.
#[test]
fn build_refusals_name_the_board_and_flags_as_given() {
    let db = temp_db("build-words");
    let d = db.to_str().unwrap();
    let refused = |args: &[&str]| {
        let r = fanorona(&[&["build", "--db", d, "--plan"][..], args].concat());
        assert_eq!(r.code, Some(2), "{args:?}: {}{}", r.stdout, r.stderr);
        r.stderr
    };
    for args in [
        &["--board", "3x7", "--pieces", "22"][..],
        &["--board", "3x7", "--pieces", "99999999999"],
        &["--board", "3x7", "--classes", "20v2"],
    ] {
        let e = refused(args);
        assert!(e.contains("the 3x7 board"), "{args:?}: {e}");
        assert!(!e.contains("7x3"), "{args:?}: {e}");
    }
    let e = refused(&["--board", "1x1"]);
    assert!(e.contains("the 1x1 board has 1 point"), "{e}");
    assert!(!e.contains("--pieces"), "{e}");
    let e = refused(&["--board", "1x1", "--pieces", "all"]);
    assert!(e.contains("--pieces all: the 1x1 board"), "{e}");
    let r = fanorona(&["build", "--db", d, "--plan", "--board", "1x3"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("1x3 tables up to 3 stones"),
        "{}",
        r.stdout
    );
    assert!(!db.exists());
}

/// `info` counts the WDL files that read, and says how many do not (it
/// said "WDL files for every table" of them all, then two unreadable).
#[test]
fn info_counts_only_the_wdl_files_that_read() {
    let (db, three, five) = small_db("bad-wdl-info");
    std::fs::remove_dir_all(&five).unwrap();
    let d = db.to_str().unwrap();
    for class in ["1v2", "2v1"] {
        let wdl = three.join(format!("{class}.fnw"));
        let mut bytes = std::fs::read(&wdl).unwrap();
        bytes[20] ^= 0x01;
        std::fs::write(&wdl, &bytes).unwrap();
    }
    let sound = std::fs::metadata(three.join("1v1.fnw")).unwrap().len();
    let r = fanorona(&["info", "--db", d]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(!r.stdout.contains("every table"), "{}", r.stdout);
    assert!(
        r.stdout.contains(&format!(
            "WDL files for 1 of 3 tables: {sound} bytes; 2 unreadable"
        )),
        "{}",
        r.stdout
    );
    let r = fanorona(&["info", "--db", d, "--json"]);
    assert_eq!(
        support::json::json_number(&r.stdout, "wdl_bytes"),
        sound,
        "{}",
        r.stdout
    );
    std::fs::remove_dir_all(&db).unwrap();
}

/// `verify`'s closing error for wrong table values says what to do: a
/// build keeps a table whose file reads, so the named files are to be
/// deleted first; done so, the build makes them right.
#[test]
fn verify_says_to_delete_the_tables_whose_values_are_wrong() {
    let (db, three, five) = small_db("wrong-values-advice");
    std::fs::remove_dir_all(&five).unwrap();
    let d = db.to_str().unwrap();
    let wrong = table_path(&three, MaterialClass::new(1, 1, false));
    put_wrong_value(&wrong);
    let r = fanorona(&["verify", "--db", d]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("delete "), "{}", r.stderr);
    assert!(
        r.stderr.contains(&wrong.display().to_string()),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("fanorona build"), "{}", r.stderr);
    // As it says, a build alone keeps the table.
    let build = ["build", "--db", d, "--board", "3x3", "--pieces", "3"];
    assert_eq!(fanorona(&build).code, Some(0));
    assert_eq!(fanorona(&["verify", "--db", d]).code, Some(2));
    // The files it names deleted, with their WDL files, the build makes
    // them right.
    let named = r.stderr.split("delete ").nth(1).unwrap();
    let named = named.split(" and ").next().unwrap();
    for table in named.split(' ') {
        let table = PathBuf::from(table);
        std::fs::remove_file(&table).unwrap();
        std::fs::remove_file(table.with_extension("fnw")).unwrap();
    }
    assert_eq!(fanorona(&build).code, Some(0));
    let r = fanorona(&["verify", "--db", d]);
    assert_eq!(r.code, Some(0), "{}{}", r.stdout, r.stderr);
    std::fs::remove_dir_all(&db).unwrap();
}

/// A folder where a table or a WDL file goes is said to be one (it was
/// "No such device (os error 19)", from mapping it).
#[test]
fn a_folder_in_place_of_a_table_file_is_said_to_be_one() {
    let (db, three, five) = small_db("folder-as-table");
    let d = db.to_str().unwrap();
    let table = three.join("1v1.fnt");
    std::fs::remove_file(&table).unwrap();
    std::fs::create_dir(&table).unwrap();
    let wdl = five.join("1v2.fnw");
    std::fs::remove_file(&wdl).unwrap();
    std::fs::create_dir(&wdl).unwrap();
    let r = fanorona(&["info", "--db", d]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(!r.stdout.contains("No such device"), "{}", r.stdout);
    assert!(
        r.stdout.contains(&format!(
            "1v1 unreadable: {}: a folder, not a table file",
            table.display()
        )),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(&format!(
            "1v2 WDL file unreadable: {}: a folder, not a WDL file",
            wdl.display()
        )),
        "{}",
        r.stdout
    );
    let r = fanorona(&["verify", "--db", d]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.contains("a folder, not a table file"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("a folder, not a WDL file"),
        "{}",
        r.stdout
    );
    let r = fanorona(&["probe", "--db", d, "W../.../..B w"]);
    assert!(
        r.stderr.contains("a folder, not a table file"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&db).unwrap();
}

/// A named pipe where a table goes is refused as not a file: opening it
/// waited for a writer for ever (info, verify and build hung). A build
/// puts the table in its place.
#[cfg(unix)]
#[test]
fn a_pipe_in_place_of_a_table_is_refused_not_waited_on() {
    let (db, three, _) = small_db("pipe-as-table");
    let d = db.to_str().unwrap();
    let table = three.join("1v1.fnt");
    std::fs::remove_file(&table).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&table)
        .status()
        .unwrap();
    assert!(made.success());
    for args in [
        &["info", "--db", d][..],
        &["verify", "--db", d],
        &["build", "--board", "3x3", "--pieces", "3", "--db", d],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fanorona"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(60) {
                let _ = child.kill();
                panic!("{args:?} hung on the pipe");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        if args[0] == "build" {
            assert_eq!(out.status.code(), Some(0), "{text}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{text}");
            assert!(
                text.contains("not a regular file (a pipe or a device), not a table file"),
                "{text}"
            );
        }
    }
    assert!(std::fs::metadata(&table).unwrap().is_file());
    std::fs::remove_dir_all(&db).unwrap();
}
