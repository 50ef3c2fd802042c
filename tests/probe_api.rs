//! `fanorona::probe::Tablebase` as a library user calls it: the answers
//! and errors of its public methods at their edges (no turn left under
//! the move limit, stray file names, indices and classes no table has,
//! a folder that is not there).

mod support;

use std::path::PathBuf;

use fanorona::builder::{table_dir, table_path};
use fanorona::index::MaterialClass;
use fanorona::notation::{parse_position, turn_to_string};
use fanorona::perfect_line::{LineEnd, perfect_line};
use fanorona::probe::{ProbeError, Tablebase};
use fanorona::{Board, Rules, Value};
use support::tables::build_quietly;

fn temp_db(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fanorona-probe-api-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The 5x3 tables of the default rules up to `pieces` stones, built once
/// into a folder of the test's own.
fn tables_5x3(name: &str, rules: Rules, pieces: u32) -> (PathBuf, Board) {
    let db = temp_db(name);
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    build_quietly(&db, board, rules, pieces);
    (db, board)
}

#[test]
fn no_turn_left_lists_no_move() {
    let rules = Rules {
        move_limit: true,
        ..Rules::default()
    };
    let (db, board) = tables_5x3("no-turn-left", rules, 2);
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let pos = parse_position::<u64>(&board, "...../.WB../..... w").unwrap();
    // One turn left: the capture wins with it.
    let one = tb.probe_moves(&pos, Some(1)).unwrap();
    let best = one.first().expect("moves with a turn left");
    assert_eq!(best.value, Some(Value::Win(1)), "{one:?}");
    assert_eq!(tb.probe(&pos).unwrap().within(1), Value::Win(1));
    // None left: the game is over, as the value and the line say.
    assert_eq!(tb.probe(&pos).unwrap().within(0), Value::Draw);
    let line = perfect_line(&tb, &pos, 10, Some(0)).unwrap();
    assert!(line.steps.is_empty(), "{:?}", line.steps.len());
    assert!(matches!(line.end, LineEnd::MoveLimit), "{:?}", line.end);
    let none = tb.probe_moves(&pos, Some(0)).unwrap();
    let listed: Vec<String> = none
        .iter()
        .map(|m| format!("{} = {:?}", turn_to_string(&board, &m.turn), m.value))
        .collect();
    assert!(none.is_empty(), "moves with no turn left: {listed:?}");
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn max_stones_counts_only_classes_of_the_board() {
    let rules = Rules::default();
    let (db, board) = tables_5x3("max-stones", rules, 3);
    assert_eq!(Tablebase::<u64>::new(&db, board, rules).max_stones(), 3);
    let dir = table_dir(&db, &board, &rules);
    // Names no table of 5x3 under these rules can have: more stones than
    // its 15 points, a side without stones, a block class without the
    // sacrifice move. (Empty files: only the names are read.)
    for stray in ["200v1", "14v2", "0v5", "6v0", "0v0", "3v1b"] {
        std::fs::write(dir.join(format!("{stray}.fnt")), b"").unwrap();
        let tb = Tablebase::<u64>::new(&db, board, rules);
        assert_eq!(tb.max_stones(), 3, "with a stray {stray}.fnt");
        // A probe above the tables still answers through its captures.
        let pos = parse_position::<u64>(&board, "W.B.W/...../....B w").unwrap();
        assert!(tb.probe(&pos).is_ok(), "{stray}: {:?}", tb.probe(&pos));
    }
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn an_index_past_a_table_is_the_callers_error() {
    let rules = Rules::default();
    let (db, board) = tables_5x3("index-past", rules, 2);
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let class = MaterialClass::new(1, 1, false);
    let entries = (0..).position(|i| tb.code_at(class, i).is_err()).unwrap() as u64;
    assert_eq!(entries, 84);
    for index in [entries, 1 << 40, u64::MAX] {
        match tb.code_at(class, index) {
            Err(e @ ProbeError::IndexOutOfRange { .. }) => {
                let text = e.to_string();
                assert!(
                    text.contains(&format!("index {index}"))
                        && text.contains("84 entries")
                        && text.contains("1v1")
                        && !text.contains("corrupt"),
                    "{text}"
                );
            }
            other => panic!("index {index}: {other:?}"),
        }
    }
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn a_class_with_an_empty_side_is_no_class() {
    let rules = Rules::default();
    let (db, board) = tables_5x3("empty-side", rules, 2);
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let cases = [
        ("0v3", "the side to move has no stones"),
        ("3v0", "the other side has no stones"),
        ("0v0", "no stones"),
        ("0v2b", "the side to move has no stones"),
        ("20v20", "more than the 15 points"),
    ];
    for (name, why) in cases {
        let class = MaterialClass::parse(name).unwrap();
        for result in [
            tb.code_at(class, 0).map(|_| ()),
            tb.wdl_problem(class).map(|_| ()),
            // (`verify_class` checks the class first, with
            // `Tablebase::check_class`.)
            fanorona::verify::verify_class(&tb, class, None, &|_| {}).map(|_| ()),
        ] {
            match result {
                Err(e @ ProbeError::NoSuchClass { .. }) => {
                    let text = e.to_string();
                    assert!(
                        text.contains(&format!("class {name} ")) && text.contains(why),
                        "{text}"
                    );
                    assert!(!text.contains("not built"), "{text}");
                }
                other => panic!("{name}: {other:?}"),
            }
        }
    }
    // A built class still answers.
    assert!(tb.code_at(MaterialClass::new(1, 1, false), 0).is_ok());
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn probe_moves_says_when_the_folder_is_missing() {
    let rules = Rules::default();
    let board = Board::new(5, 3, rules.diagonals).unwrap();
    let missing = temp_db("no-folder");
    let tb = Tablebase::<u64>::new(&missing, board, rules);
    let pos = parse_position::<u64>(&board, "...../W...B/..... w").unwrap();
    let probed = tb.probe(&pos);
    assert!(
        matches!(probed, Err(ProbeError::NotBuilt { .. })),
        "{probed:?}"
    );
    match tb.probe_moves(&pos, None) {
        Err(e @ ProbeError::NotBuilt { .. }) => {
            assert_eq!(e.to_string(), probed.unwrap_err().to_string())
        }
        other => panic!("{other:?}"),
    }
    // A game over needs no table, folder or not: no move.
    let over = parse_position::<u64>(&board, "...../W..../..... w").unwrap();
    assert!(tb.probe_moves(&over, None).unwrap().is_empty());

    // A folder there, without the class a move leads to: that move has no
    // value, the others theirs.
    let (db, board) = tables_5x3("folder-there", rules, 2);
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let moves = tb.probe_moves(&pos, None).unwrap();
    assert!(!moves.is_empty() && moves.iter().all(|m| m.value.is_some()));
    std::fs::remove_file(table_path(
        &table_dir(&db, &board, &rules),
        MaterialClass::new(1, 1, false),
    ))
    .unwrap();
    let tb = Tablebase::<u64>::new(&db, board, rules);
    let moves = tb.probe_moves(&pos, None).unwrap();
    assert!(
        !moves.is_empty() && moves.iter().all(|m| m.value.is_none()),
        "{moves:?}"
    );
    std::fs::remove_dir_all(&db).unwrap();
}
