//! `fanorona build` and `build --plan` as a user runs them: what the plan
//! says agrees with what the build then does, counts that do not wrap,
//! the boards and stone counts refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn fanorona(args: &[&str]) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(args)
        .output()
        .expect("the fanorona binary runs");
    Run {
        code: status.code(),
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
    }
}

/// A folder of this test process under the system's temporary folder,
/// emptied of what an earlier run left.
fn temp_folder(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "fanorona-builder-cli-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs a command that must succeed and returns its standard output and
/// error.
fn ok(args: &[&str]) -> (String, String) {
    let r = fanorona(args);
    assert_eq!(
        r.code,
        Some(0),
        "fanorona {args:?} failed\nstdout: {}\nstderr: {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    (r.stdout, r.stderr)
}

/// Runs a command that must fail as a user error: exit code 2, a message
/// on stderr containing every one of `needles`, nothing on stdout.
fn user_error(args: &[&str], needles: &[&str]) {
    let r = fanorona(args);
    assert_eq!(
        r.code,
        Some(2),
        "fanorona {args:?}: expected exit code 2\nstdout: {}\nstderr: {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    assert!(r.stdout.is_empty(), "{args:?} printed {:?}", r.stdout);
    for n in needles {
        assert!(
            r.stderr.contains(n),
            "{args:?}: stderr {:?} does not mention {n:?}",
            r.stderr
        );
    }
}

fn db_arg(db: &Path) -> &str {
    db.to_str().expect("a UTF-8 temporary path")
}

/// The plan calls a truncated table damaged and to build (it said "every
/// table is on disk: nothing to build", then the build built it again),
/// naming why as the build does.
#[test]
fn the_plan_calls_a_truncated_table_damaged_as_the_build_does() {
    let db = temp_folder("damaged");
    let d = db_arg(&db);
    let build = ["build", "--board", "5x3", "--pieces", "4", "--db", d];
    let plan = [&build[..], &["--plan"]].concat();
    ok(&build);
    let table = db.join("5x3-corner-free-sl").join("2v2.fnt");
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&table)
        .unwrap();
    file.set_len(50).unwrap();
    drop(file);
    let (out, _) = ok(&plan);
    assert!(!out.contains("nothing to build"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("2v2 ") && l.ends_with("damaged: to build, 3 bytes a position")),
        "{out}"
    );
    assert!(
        out.contains(
            "2v2.fnt: table is corrupt: truncated in the block index: the build makes it again"
        ),
        "{out}"
    );
    assert!(
        out.contains("to build: 1 class in 1 group, 2652 positions"),
        "{out}"
    );
    let (json, _) = ok(&[&plan[..], &["--json"]].concat());
    assert!(
        json.lines().any(|l| l.starts_with("{\"group\": \"2v2\"")
            && l.contains("\"on_disk\": false")
            && l.contains("\"damaged\": [{\"class\": \"2v2\", \"why\": ")),
        "{json}"
    );
    let (_, err) = ok(&build);
    assert!(
        err.contains("truncated in the block index: building it again"),
        "{err}"
    );
    let (out, _) = ok(&plan);
    assert!(
        out.contains("every table is on disk: nothing to build"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&db);
}

/// Counts past `u64`: a class too big for a table's index is refused by
/// name, in the plan and in the build, before any folder is made; sums of
/// classes that fit are printed whole, and memory past `u64` is said to
/// be so rather than printed as a number near 2^64 bytes.
#[test]
fn the_plan_and_the_build_refuse_a_class_too_big_to_index_and_sum_without_wrapping() {
    let db = temp_folder("too-big");
    let d = db_arg(&db);
    let big = ["build", "--board", "13x13", "--classes", "7v5", "--db", d];
    for args in [&big[..], &[&big[..], &["--plan"]].concat()] {
        user_error(
            args,
            &["class 5v7 of 13x13 has about 7.5e19 positions, more than a table can index"],
        );
    }
    assert!(!db.exists());
    let (out, _) = ok(&[
        "build", "--board", "9x5", "--pieces", "all", "--plan", "--db", d,
    ]);
    assert!(
        out.contains("to build: 990 classes in 506 groups, 738604485539584527336 positions"),
        "{out}"
    );
    assert!(out.contains("the most memory, > 16 EiB"), "{out}");
    assert!(out.contains("more than any --memory allows"), "{out}");
    assert!(!out.contains("17179869184"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("15v15 ") && l.contains(" 13373899970172675840 ")),
        "{out}"
    );
    assert!(!db.exists());
}

/// The 1x1 board has no tables whatever the stones asked for: `--pieces
/// all` (1) was an empty build that made an empty folder.
#[test]
fn the_one_point_board_has_no_tables_even_with_pieces_all() {
    let db = temp_folder("one-point");
    let d = db_arg(&db);
    for extra in [&[][..], &["--plan"]] {
        user_error(
            &[
                &["build", "--board", "1x1", "--pieces", "all", "--db", d][..],
                extra,
            ]
            .concat(),
            &[
                "the 1x1 board has 1 point, no room for the 2 stones",
                "it has no tables",
            ],
        );
    }
    assert!(!db.exists());
}

/// On a full board the block classes of all its stones are left out with
/// no build a stone further to make them (it said one would): the plan
/// says they are answered from the tables below, or built by name.
#[test]
fn the_plan_of_a_full_board_does_not_promise_a_build_a_stone_further() {
    let db = temp_folder("full-board");
    let d = db_arg(&db);
    let plan = |pieces: &str| {
        ok(&[
            "build",
            "--board",
            "3x3",
            "--sacrifice",
            "--pieces",
            pieces,
            "--plan",
            "--db",
            d,
        ])
        .0
    };
    let out = plan("all");
    let left = out
        .lines()
        .find(|l| l.starts_with("left out: 1v8b, 2v7b"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(!left.contains("a stone further"), "{left}");
    assert!(
        left.contains("the board has no room for a stone more: --classes 1v8b builds one by name"),
        "{left}"
    );
    let out = plan("5");
    assert!(
        out.contains("a build a stone further makes them, or --classes 1v4b builds one by name"),
        "{out}"
    );
    assert!(!db.exists());
}
