//! The command line, run as a program: `show`, `moves`, `perft` and the
//! errors a user can make. Counts are checked against the naive reference
//! rules in `tests/support/naive.rs`.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use support::json::{json_number, json_value};
use support::naive::{self, NaivePos, NaiveRules, start_position};
use support::tables::{put_wrong_value, put_wrong_wdl_values, swap_values};

const START_3X3: &str = "BBB/B.W/WWW w";
const START_9X5: &str = "BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w";
const FIG22: &str = "........./..B..WBWB/........./.W.BB.B../......... w";

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
    let d = std::env::temp_dir().join(format!("fanorona-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The files in `folder` whose names end in `.ext`.
fn files_with_extension(folder: &Path, ext: &str) -> Vec<PathBuf> {
    std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|x| x.to_str()) == Some(ext))
        .collect()
}

/// Runs a command that must succeed and returns its output.
fn ok(args: &[&str]) -> String {
    ok_run(args).stdout
}

/// Runs a command that must succeed (exit code 0, no panic) and returns
/// the run, for what it says on stderr too.
fn ok_run(args: &[&str]) -> Run {
    let r = fanorona(args);
    assert_eq!(
        r.code,
        Some(0),
        "fanorona {args:?} failed\nstdout: {}\nstderr: {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    r
}

/// Runs a command that must fail as a user error: exit code 2, a message
/// on stderr containing every one of `needles`, nothing on stdout, no panic.
fn user_error(args: &[&str], needles: &[&str]) -> String {
    let r = fanorona(args);
    assert_eq!(
        r.code,
        Some(2),
        "fanorona {args:?}: expected exit code 2\nstdout: {}\nstderr: {}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    assert!(!r.stdout.contains("panicked"), "{args:?}: {}", r.stdout);
    assert!(r.stdout.is_empty(), "{args:?} printed {:?}", r.stdout);
    for n in needles {
        assert!(
            r.stderr.contains(n),
            "{args:?}: stderr {:?} does not mention {n:?}",
            r.stderr
        );
    }
    r.stderr
}

/// The last `{"depth": D, "nodes": N, "seconds": S}` line of `perft --json`.
fn perft_json(out: &str) -> (u32, u64, f64) {
    let last = out.lines().last().expect("some output").trim();
    assert!(
        last.starts_with('{') && last.ends_with('}'),
        "not a JSON object: {last:?}"
    );
    let body = &last[1..last.len() - 1];
    let mut fields = body.split(',').map(|kv| {
        let (k, v) = kv.split_once(':').expect("key: value");
        (k.trim().to_string(), v.trim().to_string())
    });
    let mut next = |key: &str| {
        let (k, v) = fields.next().expect("three fields");
        assert_eq!(k, format!("\"{key}\""), "in {last:?}");
        v
    };
    let depth = next("depth").parse().expect("depth");
    let nodes = next("nodes").parse().expect("nodes");
    let seconds = next("seconds").parse().expect("seconds");
    assert!(fields.next().is_none(), "extra fields in {last:?}");
    (depth, nodes, seconds)
}

/// The `"key": "value"` strings of a flat JSON array of flat objects whose
/// values are strings without escapes, object by object.
fn json_objects(text: &str) -> Vec<Vec<(String, String)>> {
    let t = text.trim();
    assert!(
        t.starts_with('[') && t.ends_with(']'),
        "not an array: {t:?}"
    );
    let inner = t[1..t.len() - 1].trim();
    if inner.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut rest = inner;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').expect("closing brace") + start;
        let obj = &rest[start + 1..end];
        let pairs = obj
            .split(", \"")
            .map(|kv| {
                let (k, v) = kv.split_once("\": ").expect("\"key\": value");
                let k = k.trim_start_matches('"').to_string();
                let v = v.trim();
                assert!(v.starts_with('"') && v.ends_with('"'), "{v:?}");
                (k, v[1..v.len() - 1].to_string())
            })
            .collect();
        out.push(pairs);
        rest = &rest[end + 1..];
        let r = rest.trim_start();
        assert!(r.is_empty() || r.starts_with(','), "between objects: {r:?}");
    }
    out
}

#[test]
fn show_draws_the_board() {
    let out = ok(&["show", "--position", "BBB/B1W/WWW w"]);
    // the FEN is written back with dots, and the side to move is named
    assert!(out.lines().any(|l| l.trim() == START_3X3), "{out}");
    assert!(out.contains("White to move"), "{out}");
    // files under the board, ranks on the left
    assert!(out.lines().any(|l| l.trim() == "a   b   c"), "{out}");
    assert!(out.contains("B---.---W"), "{out}");
    // a sacrificed stone is drawn in lower case; without --sacrifice the
    // position is shown, with a warning
    let r = ok_run(&["show", "--position", "BBB/b.W/WWW w"]);
    assert!(
        r.stderr
            .contains("warning: position 'BBB/b.W/WWW w' has a sacrificed stone"),
        "{}",
        r.stderr
    );
    let out = ok(&["show", "--position", "BBB/b.W/WWW w", "--sacrifice"]);
    assert!(!out.contains("warning"), "{out}");
    assert!(out.contains("b---.---W"), "{out}");
    assert!(out.lines().any(|l| l.trim() == "BBB/b.W/WWW w"), "{out}");
    // the largest board
    let big = format!("{} b", vec!["13"; 13].join("/"));
    let out = ok(&["show", "--position", &big]);
    assert!(out.contains("Black to move"), "{out}");
    assert!(out.contains("13  .---"), "{out}");
}

#[test]
fn moves_json_lists_every_legal_turn() {
    for (fen, extra) in [
        (START_3X3, &[][..]),
        (START_9X5, &[][..]),
        (FIG22, &[][..]),
        (FIG22, &["--continuation", "forced"][..]),
        (START_3X3, &["--sacrifice"][..]),
        ("..B../...../W.... w", &["--diagonals", "center"][..]),
        (".../.../..B w", &[][..]),
    ] {
        let mut args = vec!["moves", "--position", fen, "--json"];
        args.extend_from_slice(extra);
        let out = ok(&args);
        let t = out.trim();
        assert!(t.starts_with('['), "{t}");
        let rules = NaiveRules {
            diagonals: if extra.contains(&"center") {
                naive::Diag::Center
            } else {
                naive::Diag::Corner
            },
            forced: extra.contains(&"forced"),
            sacrifice: extra.contains(&"--sacrifice"),
            stalemate_draw: false,
        };
        let mut want = naive::legal_turns(&NaivePos::parse(fen), rules);
        want.sort();
        assert_eq!(t.matches("\"move\":").count(), want.len(), "{args:?}: {t}");
        assert_eq!(t.matches("\"position\":").count(), want.len(), "{args:?}");
        let mut got: Vec<(String, String)> = json_objects(t)
            .into_iter()
            .map(|obj| {
                assert_eq!(obj.len(), 2, "{obj:?}");
                assert_eq!(obj[0].0, "move");
                assert_eq!(obj[1].0, "position");
                (obj[0].1.clone(), obj[1].1.clone())
            })
            .collect();
        got.sort();
        assert_eq!(got, want, "{args:?}");
    }
}

#[test]
fn moves_as_text() {
    let out = ok(&["moves", "--position", START_9X5]);
    let names: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"],
        "{out}"
    );
    let out = ok(&["moves", "--position", ".../.../..B w"]);
    assert_eq!(
        out.trim(),
        "no legal moves: the game is over: White has no stones, Black has won"
    );
}

#[test]
fn show_and_moves_take_a_boards_start_too() {
    // Without a position, the 9x5 start; --board names another board's.
    assert_eq!(ok(&["moves"]), ok(&["moves", "--position", START_9X5]));
    let show = ok(&["show"]);
    assert!(show.lines().any(|l| l.trim() == START_9X5), "{show}");
    let show = ok(&["show", "--board", "3x3"]);
    assert!(show.lines().any(|l| l.trim() == START_3X3), "{show}");
    assert_eq!(
        ok(&["moves", "--board", "3x3", "--json", "--sacrifice"]),
        ok(&["moves", "--position", START_3X3, "--json", "--sacrifice"])
    );
    // The rule flags reach the start: Black first.
    let show = ok(&["show", "--board", "3x3", "--first", "black"]);
    assert!(show.contains("Black to move"), "{show}");
}

#[test]
fn a_game_over_is_said_as_such() {
    // "no legal moves" alone read as a stalemate (a loss by default) of a
    // position whose game White had won.
    let won = "..W w";
    let out = ok(&["moves", "--position", won]);
    assert_eq!(
        out.trim(),
        "no legal moves: the game is over: Black has no stones, White has won"
    );
    let show = ok(&["show", "--position", won]);
    assert!(
        show.contains("the game is over: Black has no stones, White has won"),
        "{show}"
    );
    let out = ok(&["moves", "--position", "..W b"]);
    assert!(out.contains("Black has no stones, White has won"), "{out}");
    // White's stone cannot move: a stalemate, lost or drawn by the rule.
    let stuck = "WB. w";
    let out = ok(&["moves", "--position", stuck]);
    assert!(out.contains("a stalemate, which White loses"), "{out}");
    let out = ok(&["moves", "--position", stuck, "--stalemate", "draw"]);
    assert!(out.contains("a stalemate, a draw"), "{out}");
    // A game going on says nothing of it.
    let show = ok(&["show", "--board", "3x3"]);
    assert!(!show.contains("game is over"), "{show}");
    // --first black beside a position of White to move is said to be
    // passed over, by every command that takes a position (solve alone did).
    for cmd in ["moves", "show", "perft"] {
        let r = ok_run(&[cmd, "--position", "BBB/B.W/WWW w", "--first", "black"]);
        assert!(
            r.stderr.contains("warning: --first black is passed over"),
            "{cmd}: {}",
            r.stderr
        );
        let r = ok_run(&[cmd, "--position", "BBB/B.W/WWW b", "--first", "black"]);
        assert!(!r.stderr.contains("warning"), "{cmd}: {}", r.stderr);
    }
}

#[test]
fn perft_json_matches_naive() {
    let out = ok(&[
        "perft",
        "--board",
        "3x3",
        "--depth",
        "4",
        "--json",
        "--threads",
        "1",
    ]);
    let (depth, nodes, seconds) = perft_json(&out);
    assert_eq!(depth, 4);
    assert_eq!(
        nodes,
        naive::perft(&start_position(3, 3), NaiveRules::default(), 4)
    );
    assert!(seconds >= 0.0);
    // only the JSON line is printed
    assert_eq!(out.trim().lines().count(), 1, "{out}");

    // rule flags reach the counter
    let out = ok(&[
        "perft",
        "--board",
        "9x5",
        "--depth",
        "2",
        "--json",
        "--continuation",
        "forced",
        "--diagonals",
        "center",
        "--threads",
        "1",
    ]);
    let rules = NaiveRules {
        diagonals: naive::Diag::Center,
        forced: true,
        ..NaiveRules::default()
    };
    assert_eq!(
        perft_json(&out).1,
        naive::perft(&start_position(9, 5), rules, 2)
    );

    // a wide board (more than 64 points)
    let out = ok(&[
        "perft",
        "--board",
        "11x7",
        "--depth",
        "2",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(
        perft_json(&out).1,
        naive::perft(&start_position(11, 7), NaiveRules::default(), 2)
    );
}

#[test]
fn perft_from_a_position() {
    let out = ok(&[
        "perft",
        "--position",
        FIG22,
        "--depth",
        "3",
        "--threads",
        "1",
    ]);
    // one line per depth: "depth  N  nodes  seconds s"
    let counts: Vec<(u32, u64)> = out
        .lines()
        .filter(|l| l.starts_with("depth"))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[1].parse().unwrap(), w[2].parse().unwrap())
        })
        .collect();
    let pos = NaivePos::parse(FIG22);
    let want: Vec<(u32, u64)> = (1..=3)
        .map(|d| (d, naive::perft(&pos, NaiveRules::default(), d)))
        .collect();
    assert_eq!(counts, want, "{out}");
    assert!(out.contains(FIG22), "the header names the position: {out}");

    // with a sacrificed block, under the sacrifice rule
    let fen = "...B./...../...W./..Bw./...W. b";
    let out = ok(&[
        "perft",
        "--position",
        fen,
        "--depth",
        "2",
        "--sacrifice",
        "--json",
        "--threads",
        "1",
    ]);
    let rules = NaiveRules {
        sacrifice: true,
        ..NaiveRules::default()
    };
    assert_eq!(
        perft_json(&out).1,
        naive::perft(&NaivePos::parse(fen), rules, 2)
    );
}

#[test]
fn user_errors_exit_with_code_2() {
    // board sizes
    user_error(
        &["perft", "--board", "4x5", "--depth", "1"],
        &["4x5", "odd"],
    );
    user_error(&["perft", "--board", "15x5", "--depth", "1"], &["15x5"]);
    user_error(&["perft", "--board", "9by5", "--depth", "1"], &["9by5"]);
    // Numbers past any size are said to be too big, not to be no number
    // (nor cut to 1,000 and said as a row length no one wrote).
    let huge = "99999999999999999999";
    user_error(
        &["perft", "--board", &format!("{huge}x3")],
        &["is not allowed", "from 1 to 13"],
    );
    user_error(
        &["build", "--pieces", "100000000000", "--plan"],
        &["--pieces 100000000000: the 9x5 board has 45 points"],
    );
    user_error(
        &["show", "--position", &format!("B{huge}/B.W/WWW w")],
        &[&format!("a run of {huge} empty points, more than the 13")],
    );
    user_error(&["repack", "--block-entries=-1"], &["64..=1048576"]);
    // positions
    user_error(&["show", "--position", "BBB/BXW/WWW w"], &["'X'"]);
    user_error(&["moves", "--position", "BBB/B.W/WWW"], &["side to move"]);
    user_error(&["moves", "--position", "BBB/B./WWW w"], &["row 2"]);
    user_error(&["moves", "--position", "BBBB/..../..../WWWW w"], &["4x4"]);
    user_error(&["show", "--position", "15/15/15 w"], &["15x3"]);
    user_error(&["show", "--position", "bbB/B.W/WWW w"], &["more than one"]);
    user_error(
        &["perft", "--position", "BBB/B.W/WWW q", "--depth", "1"],
        &["'q'"],
    );
    // flags
    user_error(&["moves", "--bogus"], &["--bogus"]);
    user_error(&["show", "--board", "4x3"], &["4x3", "odd"]);
    user_error(
        &["moves", "--board", "9x5", "--position", START_9X5],
        &["--position"],
    );
    user_error(&["perft", "--depth", "many"], &["many"]);
    user_error(&["perft", "--diagonals", "sideways"], &["sideways"]);
    user_error(
        &["perft", "--board", "9x5", "--position", START_9X5],
        &["--position"],
    );
    // play and match as the other commands (the position's size won
    // without a word); a saved game's board and rules are its own (rule
    // flags beside --load were ignored without a word)
    for cmd in ["play", "match"] {
        user_error(
            &[cmd, "--board", "9x5", "--position", START_9X5],
            &["--position"],
        );
    }
    for flag in [
        &["--board", "5x5"][..],
        &["--position", START_9X5],
        &["--diagonals", "center"],
        &["--continuation", "forced"],
        &["--stalemate", "draw"],
        &["--sacrifice"],
        &["--first", "black"],
        &["--move-limit"],
    ] {
        let mut args = vec!["play", "--load", "game.txt"];
        args.extend_from_slice(flag);
        user_error(&args, &["--load", flag[0]]);
    }
    user_error(&["no-such-command"], &["no-such-command"]);
    user_error(
        &[
            "probe",
            "--move-limit",
            "--turns-left",
            "1000",
            "BBB/B.W/WWW w",
        ],
        &["--turns-left 1000", "30 turns"],
    );
    user_error(
        &["probe", "--turns-left", "3", "BBB/B.W/WWW w"],
        &["--turns-left needs --move-limit"],
    );
    // More memory than the machine has (it ended with an abort, exit 134).
    if fanorona::sysmem::total_memory().is_some_and(|t| t < 4000 << 30) {
        user_error(
            &[
                "solve", "--board", "3x3", "--pieces", "0", "--memory", "4000",
            ],
            &["--memory 4000", "more than this machine's"],
        );
    }
    // zero or too many where that means nothing
    for args in [
        &[
            "match",
            "--board",
            "3x3",
            "--games",
            "1",
            "--time-limit",
            "0",
        ][..],
        &[
            "play",
            "--board",
            "3x3",
            "--human",
            "none",
            "--time-limit",
            "0",
        ],
    ] {
        user_error(args, &["--time-limit", "'0'"]);
    }
    user_error(&["verify", "--sample", "0"], &["--sample", "'0'"]);
    user_error(&["bench", "--runs", "0"], &["--runs", "'0'"]);
    user_error(
        &[
            "perft",
            "--board",
            "3x3",
            "--depth",
            "1",
            "--threads",
            "5000",
        ],
        &["--threads 5000", "at most 1024"],
    );
    // The searches' --threads alike (a search a first move: 5000 passed).
    for cmd in [
        &["solve", "--board", "3x3", "--threads", "5000"][..],
        &["table", "--boards", "3x3", "--threads", "5000"],
    ] {
        user_error(cmd, &["--threads 5000", "at most 1024"]);
    }
    // --closure adds nothing to --graph (it was taken without a word).
    user_error(
        &["solve", "--board", "3x3", "--graph", "--closure"],
        &["--closure", "--graph"],
    );
}

/// Every command given a `--db` that is a file, or a folder that is not
/// there, says so in the same words before any work (the system's "Not a
/// directory (os error 20)" came from some, after a build's heading; `play`
/// said "not a folder of endgame tables" of a folder not made yet).
#[test]
fn every_command_names_a_db_that_is_no_folder() {
    let dir = temp_folder("db-no-folder");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tables.txt");
    std::fs::write(&file, "not tables\n").unwrap();
    let missing = dir.join("nodb");
    let (file, missing) = (file.to_str().unwrap(), missing.to_str().unwrap());
    let commands: [&[&str]; 9] = [
        &["build", "--board", "3x3", "--pieces", "2"],
        &["build", "--board", "3x3", "--pieces", "2", "--plan"],
        &["info"],
        &["verify"],
        &["repack", "--block-entries", "100"],
        &["probe", "BBB/B.W/WWW w"],
        &["play", "--board", "3x3", "--human", "none"],
        &["solve", "--board", "3x3"],
        &["table", "--boards", "3x3"],
    ];
    for command in commands {
        user_error(
            &[command, &["--db", file]].concat(),
            &[&format!("--db {file}: a file, not a folder")],
        );
        // `build` makes a folder that is not there.
        if command[0] != "build" {
            user_error(
                &[command, &["--db", missing]].concat(),
                &[&format!("--db {missing}: no such folder")],
            );
        }
    }
    assert!(!Path::new(missing).exists());
    assert_eq!(std::fs::read_to_string(file).unwrap(), "not tables\n");
    // A table folder given for the database that holds it: `build` made a
    // second copy of its tables inside it, `probe` said each class was not
    // built.
    let tables = dir.join("db").join("3x3-corner-free-sl");
    std::fs::create_dir_all(&tables).unwrap();
    std::fs::write(tables.join("1v1.fnt"), "a table\n").unwrap();
    for command in commands {
        user_error(
            &[command, &["--db", tables.to_str().unwrap()]].concat(),
            &["is a folder of tables itself", "--db /"],
        );
    }
    assert_eq!(std::fs::read_dir(&tables).unwrap().count(), 1);
    // A database with a stray table beside its table folders is one still.
    let real = dir.join("real");
    let r = real.to_str().unwrap();
    ok(&["build", "--board", "3x3", "--pieces", "2", "--db", r]);
    std::fs::write(real.join("stray.fnt"), "a table\n").unwrap();
    let out = ok(&["info", "--db", r]);
    assert!(out.contains("3x3-corner-free-sl: 3x3"), "{out}");
    // A file where a build's table folder goes, or on the way to it: said
    // before the build's heading (the system's "File exists").
    let db = dir.join("db2");
    std::fs::create_dir_all(&db).unwrap();
    std::fs::write(db.join("3x3-corner-free-sl"), "").unwrap();
    let below_file = format!("{file}/inner");
    for plan in [&[][..], &["--plan"]] {
        let build = ["build", "--board", "3x3", "--pieces", "2"];
        user_error(
            &[&build[..], plan, &["--db", db.to_str().unwrap()]].concat(),
            &["3x3-corner-free-sl: a file where the folder of the tables goes"],
        );
        user_error(
            &[&build[..], plan, &["--db", &below_file]].concat(),
            &[&format!(
                "cannot make the folder of the tables: {file} is a file"
            )],
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `perft 0` counts the root alone: one node (the library's
/// `perft(.., 0)` is 1). Refusing depth 0 as a user error would do too.
#[test]
fn perft_depth_zero_counts_the_root() {
    let r = fanorona(&["perft", "--board", "3x3", "--depth", "0", "--json"]);
    match r.code {
        Some(0) => assert_eq!(perft_json(&r.stdout).1, 1, "{}", r.stdout),
        Some(2) => assert!(r.stderr.contains("depth"), "{}", r.stderr),
        other => panic!("exit code {other:?}: {}", r.stderr),
    }
}

#[test]
fn a_build_beyond_its_memory_or_board_stops_before_it_starts() {
    let db = temp_folder("build");
    let dir = db.to_str().unwrap();
    // 3v5+5v3 needs about 18.7 GiB: refused at once, before the classes
    // that would fit are built, and nothing is written.
    user_error(
        &[
            "build", "--board", "9x5", "--pieces", "8", "--memory", "16", "--db", dir,
        ],
        &["3v5+5v3", "--memory", "16.00 GiB"],
    );
    // A search builds its tables with a memory of its own, which its
    // `--memory` (the search's) does not raise: it sends the user to
    // `build` with the command to give, rules included ("raise --memory").
    let searched = temp_folder("solve-build");
    std::fs::create_dir_all(&searched).unwrap();
    let searched_db = searched.to_str().unwrap();
    let r = user_error(
        &[
            "solve",
            "--board",
            "9x5",
            "--pieces",
            "9",
            "--db",
            searched_db,
            "--stalemate",
            "draw",
        ],
        &[
            "3v5+5v3",
            "16.00 GiB",
            &format!(
                "fanorona build --board 9x5 --pieces 9 --stalemate draw --db {searched_db} --memory GIB"
            ),
            "fewer --pieces",
        ],
    );
    assert!(!r.contains("raise --memory"), "{r}");
    user_error(
        &[
            "solve",
            "--board",
            "13x13",
            "--pieces",
            "12",
            "--db",
            searched_db,
        ],
        &["more than a table can index", "search with fewer --pieces"],
    );
    std::fs::remove_dir_all(&searched).unwrap();
    // Small bounds read in MiB ("needs about 0.00 GiB but --memory allows
    // 0.00 GiB"); a bound past any machine is refused (`inf` was taken).
    user_error(
        &[
            "build", "--board", "7x3", "--pieces", "6", "--memory", "0.0001", "--db", dir,
        ],
        &["needs about 0.", " MiB but --memory allows 0.1 MiB"],
    );
    // A negative number is the flag's value, refused naming the flag
    // (it was "unexpected argument '-1' found").
    for (flag, needle) in [
        ("--memory", "--memory -1: must be a positive number"),
        ("--threads", "'--threads <THREADS>'"),
        ("--pieces", "--pieces '-1'"),
    ] {
        user_error(
            &["build", "--board", "3x3", "--db", dir, flag, "-1"],
            &[needle],
        );
    }
    for memory in ["inf", "1e300", "-1", "0", "NaN"] {
        user_error(
            &[
                "build",
                "--board",
                "3x3",
                "--db",
                dir,
                &format!("--memory={memory}"),
            ],
            &["--memory ", "a positive number of GiB, at most 1000000"],
        );
    }
    user_error(
        &["build", "--board", "5x3", "--pieces", "16", "--db", dir],
        &["--pieces 16", "15 points"],
    );
    // ("the 1x1 board has 1 points; ask for 2 to 1 stones")
    user_error(
        &["build", "--board", "1x1", "--pieces", "2", "--db", dir],
        &["the 1x1 board has 1 point, no room for the 2 stones"],
    );
    // (1e300 panicked making a Duration.)
    for minutes in ["-1", "1e300", "99999999999999999999", "NaN"] {
        user_error(
            &[
                "build",
                "--board",
                "5x3",
                "--db",
                dir,
                &format!("--snapshot-minutes={minutes}"),
            ],
            &["--snapshot-minutes ", "0 for never"],
        );
    }
    for (extra, needles) in [
        (
            &["--classes", "2x2"][..],
            &["'2x2' is not a class", "4v5"][..],
        ),
        (&["--classes", "2v2,9v9"], &["--classes 9v9", "15 in all"]),
        (&["--classes", "2v2b"], &["--classes 2v2b", "--sacrifice"]),
        (
            &["--classes", "2v2", "--pieces", "4"],
            &["--classes", "cannot be used with", "--pieces"],
        ),
    ] {
        let args = [&["build", "--board", "5x3", "--db", dir][..], extra].concat();
        user_error(&args, needles);
    }
    assert!(!db.exists(), "{dir} was created");
}

#[test]
fn build_classes_makes_them_and_the_classes_below_alone() {
    let db = temp_folder("classes");
    let dir = db.to_str().unwrap();
    let out = ok(&[
        "build",
        "--board",
        "5x3",
        "--db",
        dir,
        "--classes",
        "2v2",
        "--json",
    ]);
    let mut built: Vec<&str> = out
        .lines()
        .map(|l| l.split('"').nth(3).expect("a class name"))
        .collect();
    built.sort();
    let positions: u64 = out.lines().map(|l| json_number(l, "positions")).sum();
    let bytes: u64 = out.lines().map(|l| json_number(l, "bytes")).sum();
    assert_eq!(built, ["1v1", "1v2", "2v1", "2v2"], "{out}");
    // A search asked for 3 stones finds them on disk (no build) and
    // probes the 4-stone table beside them, and says so.
    let out = ok(&[
        "solve", "--board", "5x3", "--db", dir, "--pieces", "3", "--json",
    ]);
    let last = out.lines().last().unwrap();
    assert!(last.contains("\"tables\": 4,"), "{last}");
    // `info` says what the folder holds in full and what beyond.
    let out = ok(&["info", "--db", dir]);
    assert!(
        out.contains("every class up to 3 stones, and beyond them 2v2"),
        "{out}"
    );
    assert!(
        out.contains(&format!("4 tables, {positions} positions, {bytes} bytes")),
        "{out}"
    );
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(
        out.contains(&format!(
            "\"complete_up_to\": 3, \"blocks_derived\": false, \"beyond\": [\"2v2\"], \"positions\": {positions}, \"bytes\": {bytes},"
        )),
        "{out}"
    );
    assert_eq!(out.matches("\"class\"").count(), 4, "{out}");
    // A table file keeps no build time: `info` gives none.
    assert!(!out.contains("\"seconds\""), "{out}");
    // Every table has its WDL file; one taken away is named, and a
    // build puts it back.
    assert!(out.contains("\"without_wdl\": [],"), "{out}");
    let wdl_bytes = json_number(&out, "wdl_bytes");
    assert!(wdl_bytes > 0, "{out}");
    let folder = db.join("5x3-corner-free-sl");
    std::fs::remove_file(folder.join("1v2.fnw")).unwrap();
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(out.contains("\"without_wdl\": [\"1v2\"],"), "{out}");
    let out = ok(&["info", "--db", dir]);
    assert!(out.contains("no WDL file for 1v2 "), "{out}");
    ok(&["build", "--board", "5x3", "--pieces", "3", "--db", dir]);
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(out.contains("\"without_wdl\": [],"), "{out}");
    assert_eq!(json_number(&out, "wdl_bytes"), wdl_bytes, "{out}");
    // So does a search that needs the class.
    std::fs::remove_file(folder.join("2v1.fnw")).unwrap();
    ok(&[
        "solve", "--board", "5x3", "--db", dir, "--pieces", "3", "--json",
    ]);
    assert!(folder.join("2v1.fnw").exists());
    // A damaged table is built again and a damaged WDL file derived again,
    // each said (they were mended without a word).
    let flip = |p: &Path, from_end: usize| {
        let mut b = std::fs::read(p).unwrap();
        let at = b.len() - from_end;
        b[at] ^= 1;
        std::fs::write(p, b).unwrap();
    };
    flip(&folder.join("1v2.fnt"), 20);
    flip(&folder.join("2v1.fnw"), 1);
    let r = ok_run(&["build", "--board", "5x3", "--pieces", "3", "--db", dir]);
    assert!(
        r.stderr.contains("1v2: ") && r.stderr.contains("1v2.fnt: "),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains(": building it again"), "{}", r.stderr);
    assert!(
        r.stderr.contains("2v1.fnw: ") && r.stderr.contains(": deriving it again from the table"),
        "{}",
        r.stderr
    );
    assert!(ok(&["verify", "--db", dir]).contains(" 0 mismatches"));
    let _ = std::fs::remove_dir_all(&db);
}

#[test]
fn info_says_a_sacrifice_builds_top_block_classes_are_derived() {
    // A sacrifice build up to 3 stones leaves out 1v2b and 2v1b, whose
    // values the probe derives: `info` says so until they are built.
    let db = temp_folder("info_blocks");
    let dir = db.to_str().unwrap();
    ok(&[
        "build",
        "--board",
        "3x3",
        "--sacrifice",
        "--pieces",
        "3",
        "--db",
        dir,
    ]);
    let out = ok(&["info", "--db", dir]);
    assert!(
        out.contains("every class up to 3 stones but the 3-stone block classes (a sacrificed"),
        "{out}"
    );
    assert!(!out.contains("1v2b") && !out.contains("2v1b"), "{out}");
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(
        out.contains("\"complete_up_to\": 3, \"blocks_derived\": true,"),
        "{out}"
    );
    // One of the two built by name is not enough.
    let build = |classes| {
        ok(&[
            "build",
            "--board",
            "3x3",
            "--sacrifice",
            "--classes",
            classes,
            "--db",
            dir,
        ])
    };
    build("1v2b");
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(out.contains("\"blocks_derived\": true,"), "{out}");
    build("2v1b");
    let out = ok(&["info", "--db", dir]);
    assert!(out.contains("every class up to 3 stones\n"), "{out}");
    let out = ok(&["info", "--db", dir, "--json"]);
    assert!(
        out.contains("\"complete_up_to\": 3, \"blocks_derived\": false,"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&db);
}

/// A build whose tables are another game's says where they are kept: a
/// tall board's (said before) and a `center` board's whose diagonal rules
/// join the same points as `corner` (went into the `corner` folder without
/// a word); headings name only the switches the tables depend on (every
/// folder was headed "first white, move limit off", though it serves
/// either side first and the move limit too).
#[test]
fn builds_say_where_shared_tables_are_kept() {
    let db = temp_folder("shared-note");
    let dir = db.to_str().unwrap();
    let plan = |board: &str, extra: &[&str]| {
        let args = [
            &[
                "build", "--board", board, "--pieces", "2", "--plan", "--db", dir,
            ][..],
            extra,
        ]
        .concat();
        ok(&args)
    };
    let out = plan("3x3", &["--diagonals", "center"]);
    assert!(
        out.contains("center and corner diagonal rules join the same points: the two share their tables, kept as 3x3-corner-free-sl"),
        "{out}"
    );
    let out = plan("3x5", &[]);
    assert!(out.contains("(3x5 is 5x3 turned on its side"), "{out}");
    let out = plan("5x3", &["--diagonals", "center"]);
    assert!(!out.contains("share their tables"), "{out}");
    assert!(!out.contains("first white"), "{out}");
    ok(&[
        "build",
        "--board",
        "3x3",
        "--pieces",
        "2",
        "--db",
        dir,
        "--first",
        "black",
        "--move-limit",
    ]);
    let out = ok(&["info", "--db", dir]);
    assert!(
        out.contains("3x3, diagonals corner, continuation free, stalemate loss, sacrifice off\n"),
        "{out}"
    );
    std::fs::remove_dir_all(&db).unwrap();
}

#[test]
fn build_plan_says_what_a_build_would_do_and_builds_nothing() {
    let db = temp_folder("plan");
    let dir = db.to_str().unwrap();
    let build = ["build", "--board", "5x3", "--db", dir, "--classes", "2v2"];
    let plan = |extra: &[&str]| ok(&[&build[..], &["--plan"], extra].concat());
    let out = plan(&["--json"]);
    assert!(!db.exists(), "--plan created {dir}");
    let totals = out.lines().last().unwrap();
    // 1v1, 1v2+2v1, 2v2: three groups, four classes, the largest last.
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(json_number(totals, "groups_to_build"), 3, "{totals}");
    assert_eq!(json_number(totals, "classes_to_build"), 4, "{totals}");
    assert!(
        totals.contains("\"peak\": {\"group\": \"2v2\", \"memory_bytes\": ")
            && totals.contains("\"fits\": true"),
        "{totals}"
    );
    let planned = json_number(totals, "positions_to_build");
    let text = plan(&[]);
    assert!(text.contains("to build: 4 classes in 3 groups"), "{text}");
    assert!(text.contains("within --memory 16.00 GiB"), "{text}");
    // ... and, on Linux, within the memory available now (a tiny build).
    #[cfg(target_os = "linux")]
    assert!(text.contains(" of memory available now"), "{text}");
    // The build writes just what the plan said.
    let built = ok(&[&build[..], &["--json"]].concat());
    let positions: u64 = built.lines().map(|l| json_number(l, "positions")).sum();
    assert_eq!((built.lines().count(), positions), (4, planned), "{built}");
    let out = plan(&["--json"]);
    let totals = out.lines().last().unwrap();
    assert_eq!(json_number(totals, "groups_to_build"), 0, "{totals}");
    assert!(totals.contains("\"peak\": null"), "{totals}");
    assert_eq!(out.matches("\"on_disk\": true").count(), 3, "{out}");
    assert!(plan(&[]).contains("nothing to build"));
    // One class left: said in the singular.
    std::fs::remove_file(db.join("5x3-corner-free-sl").join("2v2.fnt")).unwrap();
    let text = plan(&[]);
    assert!(text.contains("to build: 1 class in 1 group, "), "{text}");
    // A build too big for --memory: planned all the same, and said so.
    let big = ["build", "--board", "9x5", "--pieces", "8", "--memory", "16"];
    let out = ok(&[&big[..], &["--db", dir, "--plan"]].concat());
    assert!(
        out.contains("over --memory 16.00 GiB: 3v5+5v3 needs 18."),
        "{out}"
    );
    assert!(
        out.contains("so the build would be refused before it starts"),
        "{out}"
    );
    let out = ok(&[&big[..], &["--db", dir, "--plan", "--json"]].concat());
    assert!(
        out.lines().last().unwrap().contains("\"fits\": false"),
        "{out}"
    );
    assert!(!db.join("9x5-corner-free-sl").exists());
    // With the sacrifice move, the block classes of the top stones are
    // named as left out, without and with --json.
    let sac = ["build", "--board", "5x3", "--pieces", "3", "--sacrifice"];
    let out = ok(&[&sac[..], &["--db", dir, "--plan"]].concat());
    assert!(out.contains("left out: 1v2b, 2v1b ("), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("1v2b")), "{out}");
    let out = ok(&[&sac[..], &["--db", dir, "--plan", "--json"]].concat());
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("\"left_out\": [{\"class\": \"1v2b\", \"positions\": "),
        "{out}"
    );
    user_error(
        &["build", "--board", "5x3", "--pieces", "16", "--plan"],
        &["--pieces 16", "15 points"],
    );
    let _ = std::fs::remove_dir_all(&db);
}

/// Holds the lock file `path` as a build does (the system's lock on it,
/// this process's id in it) until the file returned is dropped.
fn hold_lock(path: &Path) -> std::fs::File {
    std::fs::write(path, format!("{} cli-test", std::process::id())).unwrap();
    let file = std::fs::File::open(path).unwrap();
    file.lock().unwrap();
    file
}

/// A build refuses a folder another running build holds (here this test
/// process), and takes over a lock its holder left when it was killed.
#[test]
fn a_build_refuses_a_folder_another_build_is_writing() {
    let db = temp_folder("lock");
    let folder = db.join("3x3-corner-free-sl");
    std::fs::create_dir_all(&folder).unwrap();
    let lock = folder.join("build.lock");
    let me = std::process::id();
    let held = hold_lock(&lock);
    let dir = db.to_str().unwrap();
    user_error(
        &["build", "--board", "3x3", "--pieces", "3", "--db", dir],
        &["another build", &format!("process {me}"), "build.lock"],
    );
    assert!(!folder.join("1v1.fnt").exists());
    // `build --plan` plans all the same, and says who holds the folder.
    let out = ok(&[
        "build", "--board", "3x3", "--pieces", "3", "--db", dir, "--plan",
    ]);
    assert!(
        out.contains(&format!("being built or repacked by process {me}")),
        "{out}"
    );

    // Let go (as by a build killed with `kill -9`), the file left: no
    // longer held, though it names a running process.
    drop(held);
    let text = ok(&["info", "--db", dir]);
    assert!(
        text.contains(&format!(
            "lock of a build or repack that stopped (process {me})"
        )),
        "{text}"
    );
    ok_run(&["build", "--board", "3x3", "--pieces", "3", "--db", dir]);
    assert!(folder.join("1v1.fnt").exists());
    assert!(!lock.exists(), "the lock outlived the build");

    // `info` tells what a stopped build left behind, in a folder with no
    // table yet too (it said "no tables").
    let empty = temp_folder("info-waiting");
    let waiting = empty.join("9x5-corner-free-sl");
    std::fs::create_dir_all(&waiting).unwrap();
    std::fs::write(waiting.join("4v4.overflow"), "distance").unwrap();
    let e = empty.to_str().unwrap();
    let text = ok(&["info", "--db", e]);
    assert!(text.contains("9x5-corner-free-sl: no table yet"), "{text}");
    assert!(
        text.contains("  in progress: 4v4: outgrew the 3-byte layout"),
        "{text}"
    );
    let j = ok(&["info", "--db", e, "--json"]);
    assert!(
        j.contains("\"tables\": [], \"in_progress\": [{\"kind\": \"overflow\""),
        "{j}"
    );
    // A note it cannot understand is named (info passed over it and a
    // build removed it without a word); the build warns and goes on.
    std::fs::write(waiting.join("4v4.overflow"), "distanse").unwrap();
    let text = ok(&["info", "--db", e]);
    assert!(
        text.contains(
            "  in progress: 4v4: overflow note not understood (it holds \"distanse\", not one of"
        ),
        "{text}"
    );
    let j = ok(&["info", "--db", e, "--json"]);
    assert!(
        j.contains("{\"kind\": \"unreadable_overflow\", \"group\": \"4v4\""),
        "{j}"
    );
    std::fs::write(waiting.join("2v2.overflow"), [0xff, 0xfe]).unwrap();
    let r = ok_run(&["build", "--board", "9x5", "--pieces", "4", "--db", e]);
    assert!(
        r.stderr.contains("2v2.overflow: overflow note not understood (stream did not contain valid UTF-8); passed over"),
        "{}",
        r.stderr
    );
    assert!(!waiting.join("2v2.overflow").exists());
    let _ = std::fs::remove_dir_all(&empty);
    std::fs::write(&lock, "4294967295 fanorona").unwrap();
    std::fs::write(folder.join("2v2.overflow"), "distance").unwrap();
    // Half-written files too (they were not listed), ...
    let half = ["1v2.fnt.tmp", "1v2.fnw.tmp", "2v2.snapshot.tmp"];
    for f in half {
        std::fs::write(folder.join(f), b"half").unwrap();
    }
    let r = ok_run(&["info", "--db", dir]);
    for want in [
        "in progress: lock of a build or repack that stopped (process 4294967295)",
        "in progress: 2v2: outgrew the 3-byte layout (distance)",
        "in progress: 1v2.fnt.tmp: a file half written (4 bytes)",
        "in progress: 1v2.fnw.tmp: a file half written (4 bytes)",
        "in progress: 2v2.snapshot.tmp: a file half written (4 bytes)",
    ] {
        assert!(r.stdout.contains(want), "{want:?} not in {}", r.stdout);
    }
    // A file named as no class's table is named too (it was passed over
    // without a word).
    std::fs::write(folder.join("foo.fnt"), b"junk").unwrap();
    let text = ok(&["info", "--db", dir]);
    assert!(
        text.contains("  passed over (not named as a class's table): foo.fnt"),
        "{text}"
    );
    let j = ok(&["info", "--db", dir, "--json"]);
    assert!(
        j.contains("{\"kind\": \"half_written\", \"file\": \"1v2.fnt.tmp\", \"bytes\": 4, "),
        "{j}"
    );
    assert!(j.contains("\"passed_over\": [\"foo.fnt\"]}"), "{j}");
    std::fs::remove_file(folder.join("foo.fnt")).unwrap();
    // ... which the next build of the folder removes (they stayed for ever).
    ok(&["build", "--board", "3x3", "--pieces", "3", "--db", dir]);
    for f in half {
        assert!(!folder.join(f).exists(), "{f} left");
    }
    std::fs::write(&lock, "4294967295 fanorona").unwrap();
    // A group noted as outgrowing 3 bytes is planned in 4.
    let out = ok(&[
        "build", "--board", "3x3", "--pieces", "4", "--db", dir, "--plan",
    ]);
    let row = out.lines().find(|l| l.starts_with("2v2 ")).unwrap();
    assert!(row.ends_with("to build, 4 bytes a position"), "{out}");
    assert!(out.contains("2v2: outgrew the 3-byte layout"), "{out}");
    let _ = std::fs::remove_dir_all(&db);
}

/// A search finds a damaged table as a build does, and has it built
/// again before searching (a truncated table was taken as there: the
/// search went on without it, saying so).
#[test]
fn a_search_has_a_damaged_table_built_again() {
    let db = temp_folder("search-damaged");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "3x3", "--pieces", "4", "--db", dir]);
    let table = db.join("3x3-corner-free-sl").join("2v2.fnt");
    let whole = std::fs::read(&table).unwrap();
    std::fs::write(&table, &whole[..50]).unwrap();
    let r = ok_run(&["solve", "--board", "3x3", "--pieces", "4", "--db", dir]);
    let said = format!("{}{}", r.stdout, r.stderr);
    assert!(
        said.contains("truncated in the block index: building it again"),
        "{said}"
    );
    assert!(r.stdout.contains("value     win for white"), "{}", r.stdout);
    assert_eq!(std::fs::read(&table).unwrap(), whole);
    std::fs::remove_dir_all(&db).unwrap();
}

/// What `bench` can refuse it refuses before its timed runs, in its own
/// flags' words: a perft of seconds was timed and printed before a missing
/// `--probe-db` was found, and a build too big said "raise --memory", a
/// flag `bench` does not have.
#[test]
fn bench_refuses_its_flags_before_timing_anything() {
    let dir = temp_folder("bench-refuses");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let missing = format!("{d}/none");
    // (Depth 9 would take minutes: the refusal comes first.)
    let bench = ["bench", "--depth", "9", "--runs", "1"];
    user_error(
        &[&bench[..], &["--probe-db", &missing]].concat(),
        &[&format!("--probe-db {missing}: no such folder")],
    );
    user_error(
        &[&bench[..], &["--probe-db", d]].concat(),
        &["no 9x5 tables", "9x5-corner-free-sl"],
    );
    let r = user_error(
        &[&bench[..], &["--build-pieces", "8"]].concat(),
        &["--build-pieces 8: building"],
    );
    assert!(!r.contains("--memory allows"), "{r}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bench --json` counts the same tree as the naive generator, and times
/// probes of the largest 9x5 table of a folder when given one.
#[test]
fn bench_json_counts_perft_and_times_probes() {
    let want = naive::perft(&start_position(9, 5), NaiveRules::default(), 2);
    let out = ok(&["bench", "--depth", "2", "--runs", "1", "--json"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(json_number(&out, "depth"), 2, "{out}");
    assert_eq!(json_number(&out, "nodes"), want, "{out}");
    assert!(
        out.contains("\"probe\": null, \"build\": null, \"search\": null}"),
        "{out}"
    );

    let db = temp_folder("bench");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "9x5", "--pieces", "3", "--db", dir]);
    let bench = || {
        ok(&[
            "bench",
            "--depth",
            "1",
            "--runs",
            "1",
            "--probe-db",
            dir,
            "--json",
        ])
    };
    let out = bench();
    // The largest of 1v1, 1v2, 2v1 is 1v2 (Black has more stones to place).
    assert!(out.contains("\"probe\": {\"class\": \"1v2\""), "{out}");
    assert!(json_number(&out, "entries") > 0, "{out}");
    for key in ["wdl_us", "wdl_loaded_us"] {
        let us: f64 = json_value(&out, key).parse().expect(key);
        assert!(us > 0.0, "{out}");
    }
    std::fs::remove_file(db.join("9x5-corner-free-sl").join("1v2.fnw")).unwrap();
    let out = bench();
    assert!(
        out.contains("\"wdl_us\": null, \"wdl_loaded_us\": null"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&db);
    let empty = temp_folder("bench-none");
    std::fs::create_dir_all(&empty).unwrap();
    user_error(
        &[
            "bench",
            "--depth",
            "1",
            "--runs",
            "1",
            "--probe-db",
            empty.to_str().unwrap(),
            "--json",
        ],
        &["9x5-corner-free-sl"],
    );
    let _ = std::fs::remove_dir_all(&empty);
    user_error(&["bench", "--build-pieces", "1"], &["--build-pieces 1"]);
}

/// `bench --search-memory MIB` times the very search `solve` runs with
/// those settings: the same expansions to the same disproof, with its
/// closures and cuts, and their times within the whole. (In 3 MiB the
/// graph often fills just after the periodic closure and is cut without
/// another: the disproof holds through those cuts too.)
#[test]
fn bench_times_the_graph_search_solve_runs() {
    let out = ok(&[
        "bench",
        "--depth",
        "1",
        "--runs",
        "1",
        "--search-memory",
        "3",
        "--json",
    ]);
    let search = &out[out.find("\"search\": {").expect(&out)..];
    assert_eq!(json_value(search, "state"), "\"disproved\"", "{out}");
    // (An open search says why it stopped: "memory too small: ...".)
    assert_eq!(json_value(search, "stopped"), "null", "{out}");
    let solved = ok(&[
        "solve",
        "--board",
        "5x5",
        "--pieces",
        "0",
        "--goal",
        "white",
        "--graph",
        "--weak",
        "--memory",
        "0.0029296875",
        "--threads",
        "1",
        "--moves",
        "none",
        "--json",
        "--quiet",
    ]);
    let solved = solved.lines().last().expect("a JSON line");
    assert_eq!(
        json_number(search, "expansions"),
        json_number(solved, "nodes"),
        "{out}\n{solved}"
    );
    assert_eq!(
        json_number(search, "cuts"),
        json_number(solved, "tree_cuts"),
        "{out}\n{solved}"
    );
    assert!(json_number(search, "cuts") > 0, "{out}");
    assert!(json_number(search, "closures") > 0, "{out}");
    let seconds = |key: &str| -> f64 { json_value(search, key).parse().expect(key) };
    assert!(seconds("seconds") > 0.0, "{out}");
    assert!(
        seconds("closure_seconds") + seconds("cut_seconds") <= seconds("seconds"),
        "{out}"
    );
    user_error(&["bench", "--search-memory", "0"], &["--search-memory 0"]);
}

/// `bench --build-pieces K` builds the same positions as `build --pieces
/// K` and leaves nothing behind.
#[test]
fn bench_times_a_build_and_removes_its_folder() {
    let db = temp_folder("bench-build");
    let dir = db.to_str().unwrap();
    let built = ok(&[
        "build", "--board", "9x5", "--pieces", "3", "--db", dir, "--json",
    ]);
    let _ = std::fs::remove_dir_all(&db);
    let want: u64 = built
        .lines()
        .filter(|l| l.contains("\"class\""))
        .map(|l| json_number(l, "positions"))
        .sum();
    let out = ok(&[
        "bench",
        "--depth",
        "1",
        "--runs",
        "2",
        "--build-pieces",
        "3",
        "--json",
    ]);
    let build = &out[out.find("\"build\": {").expect(&out)..];
    assert_eq!(json_number(build, "pieces"), 3, "{out}");
    assert_eq!(json_number(build, "positions"), want, "{out}");
    for key in ["seconds_one_thread", "seconds_threads"] {
        let s: f64 = json_value(build, key).parse().expect(key);
        assert!(s > 0.0, "{out}");
    }
    let folder = json_value(build, "folder");
    let folder = folder.trim_matches('"');
    assert!(folder.contains("fanorona-bench-build"), "{out}");
    assert!(!Path::new(folder).exists(), "{folder} left behind");
}

/// `bench --build-pieces` stopped by Ctrl-C removes its folder too, and
/// says it was interrupted (the signal's default ended the program with
/// the tables left behind).
#[cfg(unix)]
#[test]
fn an_interrupted_bench_removes_its_folder() {
    // 9x5 up to 6 stones takes a minute on two cores.
    let child = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args([
            "bench",
            "--depth",
            "1",
            "--runs",
            "1",
            "--build-pieces",
            "6",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the fanorona binary runs");
    let folder = std::env::temp_dir().join(format!("fanorona-bench-build-{}", child.id()));
    // Until its build has started (its folder made), then a second more.
    let t0 = std::time::Instant::now();
    while !folder.exists() && t0.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(folder.exists(), "no build folder {}", folder.display());
    std::thread::sleep(std::time::Duration::from_secs(1));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(!folder.exists(), "{} left behind", folder.display());
}

/// A repack stopped by Ctrl-C finishes no table half: the table being
/// written is left as it was, nothing else left behind, and the same
/// command finishes the job (it was killed, leaving a `.tmp` file and the
/// folder's lock, with no word).
#[cfg(unix)]
#[test]
fn an_interrupted_repack_leaves_every_table_whole() {
    use std::io::BufRead;
    let db = temp_folder("interrupted-repack");
    let dir = db.to_str().unwrap();
    // 7x3 up to 8 stones: repacked into blocks of 64 values in seconds,
    // the largest tables last.
    ok(&["build", "--board", "7x3", "--pieces", "8", "--db", dir]);
    let folder = db.join("7x3-corner-free-sl");
    let probe = |d: &str| {
        ok(&[
            "probe",
            "--db",
            d,
            "--json",
            "BBBBBBB/...W.../WW....W w",
            "B.B.B.B/.W.W.../W...W.. b",
        ])
    };
    let before = probe(dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(["repack", "--db", dir, "--block-entries", "64"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the fanorona binary runs");
    // Stopped once the first table is repacked.
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        if line.unwrap().contains("values: blocks of 8192 -> 64") {
            break;
        }
    }
    support::signal::interrupt(child.id());
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("error: repack stopped at "), "{stderr}");
    assert!(stderr.contains("the same command goes on"), "{stderr}");
    assert!(!rest.iter().any(|l| l.contains(" tables, ")), "{rest:?}");
    let leftovers = files_with_extension(&folder, "tmp");
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(!folder.join("build.lock").exists());
    assert_eq!(probe(dir), before);
    // The same command finishes, passing over the tables done.
    let r = ok(&["repack", "--db", dir, "--block-entries", "64"]);
    assert!(r.contains("already in blocks of 64"), "{r}");
    assert_eq!(probe(dir), before);
    assert!(ok(&["verify", "--db", dir, "--sample", "2000"]).contains(" 0 mismatches"));
    let _ = std::fs::remove_dir_all(&db);
}

/// A search stopped by Ctrl-C while it builds its tables first reports an
/// unknown value, interrupted, with what the build saved, as the time
/// limit does (it was an error, exit 2, with no report; `table` lost the
/// boards it had solved).
#[cfg(unix)]
#[test]
fn a_search_interrupted_in_its_table_build_reports_unknown() {
    let db = temp_folder("interrupted-build");
    std::fs::create_dir_all(&db).unwrap();
    // 7x5 up to 6 stones takes tens of seconds on two cores: stopped
    // 0.3 s into it, even a much faster machine is still building.
    let child = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(["solve", "--board", "7x5", "--pieces", "6", "--json"])
        .args(["--db", db.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the fanorona binary runs");
    let folder = db.join("7x5-corner-free-sl");
    let t0 = std::time::Instant::now();
    while !folder.exists() && t0.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit 2: interrupted, not answered (the report is printed all the same).
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    // Said at once, with what a second Ctrl-C would do.
    assert!(
        stderr.contains("stopping cleanly (a second Ctrl-C or kill ends at once"),
        "{stderr}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.contains("\"value\": \"unknown\""), "{last}");
    assert!(last.contains("\"stopped\": \"interrupted\""), "{last}");
    assert!(
        last.contains("\"build_stopped\": \"build stopped: "),
        "{last}"
    );
    let _ = std::fs::remove_dir_all(&db);
}

/// `verify --json` gives a line a table and a total, and names a wrong
/// value (exit code 2) once one is written into a table.
#[test]
fn verify_json_reports_each_table_and_a_wrong_value() {
    let db = temp_folder("verify");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "3x3", "--pieces", "4", "--db", dir]);
    let folder = db.join("3x3-corner-free-sl");
    let tables = files_with_extension(&folder, "fnt").len();
    let out = ok(&["verify", "--db", dir, "--json"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), tables + 1, "{out}");
    let (total, classes) = lines.split_last().unwrap();
    for l in classes {
        assert!(l.contains("\"board\": \"3x3\""), "{l}");
        assert_eq!(json_number(l, "mismatches"), 0, "{l}");
        assert!(
            l.ends_with("\"examples\": [], \"wdl_problem\": null}"),
            "{l}"
        );
    }
    let checked: u64 = classes.iter().map(|l| json_number(l, "checked")).sum();
    assert!(checked > 500, "{out}");
    assert_eq!(json_number(total, "checked"), checked, "{total}");
    assert_eq!(json_number(total, "mismatches"), 0, "{total}");
    // The flags that share the folder (3x3's diagonal rules agree; who
    // moves first and the move limit are not the tables' business) find
    // it, as `build` and `probe` do; a rule that has its own folder does not.
    for flag in ["--diagonals=center", "--first=black", "--move-limit"] {
        let out = ok(&["verify", "--db", dir, "--board", "3x3", flag, "--json"]);
        let total = out.lines().last().unwrap();
        assert_eq!(json_number(total, "checked"), checked, "{flag}: {out}");
    }
    // The table folder given for its database: said, with the folder to
    // give (`info` said "no tables", exit 0).
    for command in ["info", "verify"] {
        user_error(
            &[command, "--db", folder.to_str().unwrap()],
            &[
                "is a folder of tables itself",
                &format!("--db {}", db.canonicalize().unwrap().display()),
            ],
        );
    }
    // A damaged WDL file: the values check out (the probe reads the table
    // instead), the file is named, and the run fails.
    let wdl = folder.join("2v1.fnw");
    let sound = std::fs::read(&wdl).unwrap();
    // Its header damaged: `info` names it too, and fails (it said "WDL
    // files for every table", exit 0).
    let mut bad_header = sound.clone();
    bad_header[20] ^= 0x01;
    std::fs::write(&wdl, &bad_header).unwrap();
    let r = fanorona(&["info", "--db", dir]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.contains("    2v1 WDL file unreadable: "),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains("1 table or WDL file cannot be read"),
        "{}",
        r.stderr
    );
    let mut damaged = sound.clone();
    *damaged.last_mut().unwrap() ^= 0x01;
    std::fs::write(&wdl, &damaged).unwrap();
    let r = fanorona(&["verify", "--db", dir, "--json"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("1 WDL files are damaged"), "{}", r.stderr);
    let line = r
        .stdout
        .lines()
        .find(|l| l.contains("\"class\": \"2v1\""))
        .expect(&r.stdout);
    assert!(
        line.contains("\"mismatches\": 0") && line.contains("2v1.fnw: "),
        "{line}"
    );
    assert_eq!(
        json_number(r.stdout.lines().last().unwrap(), "bad_wdl_files"),
        1
    );
    std::fs::write(&wdl, &sound).unwrap();

    // A WDL value wrong where its table is right: said as the WDL file's
    // fault, with the way to mend it (it was "stored values disagree with
    // their successors").
    put_wrong_wdl_values(&folder.join("2v1.fnt"));
    let r = fanorona(&["verify", "--db", dir, "--classes", "2v1"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.contains("  WDL file wrong at index "),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("in the table, as its moves give, but draw in its WDL file"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr.contains("2 WDL file values disagree with their tables, which agree with their successors: remove those WDL files"),
        "{}",
        r.stderr
    );
    let j = fanorona(&["verify", "--db", dir, "--classes", "2v1", "--json"]);
    let total = j.stdout.lines().last().unwrap();
    assert_eq!(json_number(total, "mismatches"), 2, "{total}");
    assert_eq!(json_number(total, "wdl_mismatches"), 2, "{total}");
    std::fs::write(&wdl, &sound).unwrap();

    // Two values of a table swapped, its WDL file right: every mismatch is
    // the table's, none said to be the WDL file's (a position right at its
    // own index, wrong where the probe reads its symmetric twin, was).
    let twin_db = temp_folder("verify-twins");
    let t = twin_db.to_str().unwrap();
    ok(&["build", "--board", "5x3", "--pieces", "4", "--db", t]);
    swap_values(&twin_db.join("5x3-corner-free-sl").join("2v2.fnt"), 1500);
    let r = fanorona(&["verify", "--db", t, "--classes", "2v2"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.contains("  mismatch at index 1500: "),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("WDL file wrong"), "{}", r.stdout);
    assert!(!r.stderr.contains("WDL file values"), "{}", r.stderr);
    assert!(
        r.stderr.contains("positions' table values disagree"),
        "{}",
        r.stderr
    );
    let j = fanorona(&["verify", "--db", t, "--classes", "2v2", "--json"]);
    assert!(j.stdout.contains("\"table_wrong\": true"), "{}", j.stdout);
    assert!(!j.stdout.contains("\"table_wrong\": false"), "{}", j.stdout);
    let _ = std::fs::remove_dir_all(&twin_db);

    // One value of 2v2 moved by one step.
    put_wrong_value(&folder.join("2v2.fnt"));
    let r = fanorona(&["verify", "--db", dir, "--json"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("disagree"), "{}", r.stderr);
    let bad = r
        .stdout
        .lines()
        .find(|l| l.contains("\"class\": \"2v2\""))
        .unwrap_or_else(|| panic!("no 2v2 line in {}", r.stdout));
    assert!(json_number(bad, "mismatches") >= 1, "{bad}");
    assert!(bad.contains("\"position\": \""), "{bad}");
    let last = r.stdout.lines().last().unwrap();
    assert_eq!(
        json_number(last, "mismatches"),
        json_number(bad, "mismatches"),
        "{last}"
    );

    // --classes checks those alone: the others pass, 2v2 alone fails.
    let out = ok(&["verify", "--db", dir, "--classes", "1v1,2v1", "--json"]);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("\"class\": \"").nth(1))
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert_eq!(names, ["1v1", "2v1"], "{out}");
    let r = fanorona(&["verify", "--db", dir, "--classes", "2v2"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stdout.contains("mismatch at index"), "{}", r.stdout);
    user_error(
        &["verify", "--db", dir, "--classes", "1v1,4v4"],
        &["4v4", "no such table"],
    );
    user_error(&["verify", "--db", dir, "--classes", "two"], &["'two'"]);
    // --board (with the variant flags) picks one folder.
    let out = ok(&[
        "verify",
        "--db",
        dir,
        "--board",
        "3x3",
        "--classes",
        "1v1",
        "--json",
    ]);
    assert_eq!(out.lines().count(), 2, "{out}");
    user_error(
        &["verify", "--db", dir, "--board", "5x3"],
        &["no 5x3 tables"],
    );
    user_error(
        &["verify", "--db", dir, "--board", "3x3", "--sacrifice"],
        &["no 3x3 tables", "sacrifice on"],
    );
    user_error(&["verify", "--db", dir, "--sacrifice"], &["--board"]);
    // With a second folder, --classes heads only the folders holding one.
    ok(&["build", "--board", "5x3", "--pieces", "3", "--db", dir]);
    let out = ok(&["verify", "--db", dir, "--classes", "3v1"]);
    assert!(out.contains("3x3-corner-free-sl"), "{out}");
    assert!(!out.contains("5x3-corner-free-sl"), "{out}");
    let out = ok(&["verify", "--db", dir, "--classes", "1v1", "--json"]);
    assert_eq!(out.lines().count(), 3, "{out}");
    // A table copied in from another folder: the folder is still the one
    // its name says (it was taken for the copy's board), and the copy is
    // named.
    let own = std::fs::read(db.join("5x3-corner-free-sl").join("1v2.fnt")).unwrap();
    std::fs::copy(
        db.join("3x3-corner-free-sl").join("1v2.fnt"),
        db.join("5x3-corner-free-sl").join("1v2.fnt"),
    )
    .unwrap();
    let r = fanorona(&["verify", "--db", dir, "--board", "5x3", "--json"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let copied = r
        .stdout
        .lines()
        .find(|l| l.contains("\"error\": "))
        .expect(&r.stdout);
    assert!(
        copied.contains("\"board\": \"5x3\"") && copied.contains("built for 3x3"),
        "{copied}"
    );
    // `info` lists it with the rest, and fails (it exited 0).
    let r = fanorona(&["info", "--db", dir]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let info = r.stdout;
    assert!(info.contains("5x3-corner-free-sl: 5x3,"), "{info}");
    assert!(info.contains("1v2 unreadable: "), "{info}");
    assert!(
        r.stderr
            .contains("1 table or WDL file cannot be read (said above)"),
        "{}",
        r.stderr
    );
    std::fs::write(db.join("5x3-corner-free-sl").join("1v2.fnt"), own).unwrap();
    // A truncated table is said and counted, and the others are checked
    // all the same.
    let short = db.join("5x3-corner-free-sl").join("1v2.fnt");
    let bytes = std::fs::read(&short).unwrap();
    std::fs::write(&short, &bytes[..bytes.len() / 2]).unwrap();
    let r = fanorona(&["verify", "--db", dir, "--json", "--classes", "1v1,1v2,2v1"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("could not be checked"), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let broken = lines
        .iter()
        .find(|l| l.contains("\"error\": "))
        .expect(&r.stdout);
    assert!(
        broken.contains("\"class\": \"1v2\"") && broken.contains("1v2.fnt"),
        "{broken}"
    );
    // A line for each of the three classes in both folders, and the
    // total: 5x3's 2v1 cannot be checked either, its moves leading into
    // 1v2.
    assert_eq!(lines.len(), 3 + 3 + 1, "{}", r.stdout);
    let total = lines.last().unwrap();
    assert_eq!(json_number(total, "unreadable"), 2, "{}", r.stdout);
    let sound: u64 = lines[..lines.len() - 1]
        .iter()
        .filter(|l| !l.contains("\"error\": "))
        .map(|l| json_number(l, "checked"))
        .sum();
    assert!(sound > 0);
    assert_eq!(json_number(total, "checked"), sound, "{}", r.stdout);
    let _ = std::fs::remove_dir_all(&db);
}

/// `repack` rewrites a database's tables in blocks of another size, in
/// place or into another folder, and every probe answers as before.
#[test]
fn repacked_tables_answer_as_before() {
    let db = temp_folder("repack");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "5x3", "--pieces", "4", "--db", dir]);
    let positions = [
        "B..../..W../...W. w",
        "BB.../..W../...W. b",
        ".B.../..W../W...W w",
        "..B../.W.W./..B.. b",
    ];
    let probe = |d: &str| ok(&[&["probe", "--db", d, "--json"][..], &positions[..]].concat());
    let before = probe(dir);
    assert_eq!(before.lines().count(), positions.len(), "{before}");
    let folder = db.join("5x3-corner-free-sl");
    let bytes = |p: &Path| std::fs::read(p.join("2v2.fnt")).unwrap();
    let original = bytes(&folder);

    // Into another folder: the database is left as it was.
    let out = db.with_extension("out");
    let _ = std::fs::remove_dir_all(&out);
    let o = out.to_str().unwrap();
    let r = ok(&[
        "repack",
        "--db",
        dir,
        "--out",
        o,
        "--block-entries",
        "64",
        "--json",
    ]);
    assert!(r.contains("\"block_entries\": 64"), "{r}");
    assert_eq!(bytes(&folder), original);
    assert_ne!(bytes(&out.join("5x3-corner-free-sl")), original);
    assert_eq!(probe(o), before);

    // In place; again, every table is passed over.
    let r = ok(&["repack", "--db", dir, "--block-entries", "100"]);
    assert!(r.contains("blocks of 8192 -> 100"), "{r}");
    assert_ne!(bytes(&folder), original);
    assert_eq!(probe(dir), before);
    let r = ok(&["repack", "--db", dir, "--block-entries", "100", "--json"]);
    assert!(r.contains("\"repacked\": 0"), "{r}");
    // Into another folder, a table in blocks of that size is copied (it
    // was said to be passed over).
    let copied = db.with_extension("copied");
    let _ = std::fs::remove_dir_all(&copied);
    let r = ok(&[
        "repack",
        "--db",
        dir,
        "--out",
        copied.to_str().unwrap(),
        "--block-entries",
        "100",
    ]);
    assert!(r.contains("already in blocks of 100: copied"), "{r}");
    assert_eq!(probe(copied.to_str().unwrap()), before);
    std::fs::remove_dir_all(&copied).unwrap();
    let r = ok(&["verify", "--db", dir]);
    assert!(r.contains(" 0 mismatches"), "{r}");
    let leftovers = files_with_extension(&folder, "tmp");
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // --out naming --db, by another spelling too, is a repack in place:
    // copying the files onto themselves emptied every table and WDL file.
    let wdl = |p: &Path| std::fs::read(p.join("2v2.fnw")).unwrap();
    let wdl_before = wdl(&folder);
    let slash = format!("{dir}/");
    let dotted = format!("{dir}/../{}", db.file_name().unwrap().to_str().unwrap());
    for (same, entries) in [
        (dir, "100"),
        (slash.as_str(), "128"),
        (dotted.as_str(), "128"),
    ] {
        let r = ok(&[
            "repack",
            "--db",
            dir,
            "--out",
            same,
            "--block-entries",
            entries,
        ]);
        assert!(r.contains(" tables, "), "{r}");
        assert_eq!(wdl(&folder), wdl_before, "--out {same}");
        assert_eq!(probe(dir), before, "--out {same}");
    }
    assert!(files_with_extension(&folder, "tmp").is_empty());

    // Not while a build (here this test process) holds the folder.
    {
        let lock = folder.join("build.lock");
        let me = std::process::id();
        let held = hold_lock(&lock);
        let kept = bytes(&folder);
        user_error(
            &["repack", "--db", dir, "--block-entries", "64"],
            &[
                "another build or repack",
                &format!("process {me}"),
                "build.lock",
            ],
        );
        assert_eq!(bytes(&folder), kept);
        drop(held);
        std::fs::remove_file(&lock).unwrap();
    }
    // A damaged table stops the repack before any table is written (it
    // stopped half way, the tables before it done), ...
    let junk = folder.join("3v3.fnt");
    std::fs::write(&junk, b"junk").unwrap();
    let kept = bytes(&folder);
    user_error(
        &["repack", "--db", dir, "--block-entries", "256"],
        &["3v3.fnt", "nothing repacked"],
    );
    assert_eq!(bytes(&folder), kept);
    std::fs::remove_file(&junk).unwrap();
    // ... and a file named as no class's table is passed over and named
    // (a copy of a table under another name was repacked as its class).
    let backup = folder.join("backup.fnt");
    std::fs::copy(folder.join("2v2.fnt"), &backup).unwrap();
    let r = ok(&["repack", "--db", dir, "--block-entries", "256"]);
    assert!(
        r.contains("passed over (not named as a class's table): backup.fnt"),
        "{r}"
    );
    assert_eq!(r.matches("    2v2 ").count(), 1, "{r}");
    let j = ok(&["repack", "--db", dir, "--block-entries", "256", "--json"]);
    assert!(
        j.contains("\"passed_over\": [\"") && j.contains("backup.fnt\"]}"),
        "{j}"
    );
    assert_eq!(std::fs::read(&backup).unwrap(), kept);
    std::fs::remove_file(&backup).unwrap();
    // Into a folder whose files are the database's own under other names
    // (hard links, as `cp -al` makes): both were emptied, exit 0.
    #[cfg(unix)]
    {
        let linked = db.with_extension("linked");
        let _ = std::fs::remove_dir_all(&linked);
        let lfolder = linked.join("5x3-corner-free-sl");
        std::fs::create_dir_all(&lfolder).unwrap();
        for e in std::fs::read_dir(&folder).unwrap() {
            let p = e.unwrap().path();
            std::fs::hard_link(&p, lfolder.join(p.file_name().unwrap())).unwrap();
        }
        let before = probe(dir);
        let wdl = std::fs::read(folder.join("2v2.fnw")).unwrap();
        ok(&[
            "repack",
            "--db",
            dir,
            "--out",
            linked.to_str().unwrap(),
            "--block-entries",
            "256",
        ]);
        assert_eq!(probe(dir), before);
        assert_eq!(probe(linked.to_str().unwrap()), before);
        assert_eq!(std::fs::read(folder.join("2v2.fnw")).unwrap(), wdl);
        assert_eq!(std::fs::read(lfolder.join("2v2.fnw")).unwrap(), wdl);
        let _ = std::fs::remove_dir_all(&linked);
    }
    user_error(
        &["repack", "--db", dir, "--block-entries", "10"],
        &["10 is not in 64..=1048576", "64"],
    );
    user_error(
        &["repack", "--db", "/no/such/db", "--block-entries", "1024"],
        &["/no/such/db"],
    );
    let _ = std::fs::remove_dir_all(&db);
    let _ = std::fs::remove_dir_all(&out);
}

/// Output into a pipe closed by its reader (`fanorona moves ... | head
/// -1`) ends the program quietly, with no panic on stderr.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(["moves", "--board", "13x13", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fanorona binary runs");
    // Closed before the program writes (it starts in milliseconds).
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
}

/// On Linux with glibc 2.35 or later and transparent huge pages on, the
/// program starts itself again with glibc's heap on huge pages
/// (`src/cli/huge_heap.rs`): the same process and arguments; a setting of
/// the user's own stays. `play` and `match`, whose moves are on the clock,
/// keep small pages (on huge ones moves were late, `main.rs`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_program_restarts_with_its_heap_on_huge_pages() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let db = temp_folder("huge-heap");
    std::fs::create_dir_all(&db).unwrap();
    let db = db.to_str().unwrap();
    // The environment and arguments of a command once it has started and
    // answered a first line (`probe` a position read from its input, the
    // game over; `play` its header), waiting for the next.
    let started = |args: &[&str], tunables: Option<&str>, restarted: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fanorona"));
        match restarted {
            true => command.env("FANORONA_HUGE_PAGE_HEAP", "1"),
            false => command.env_remove("FANORONA_HUGE_PAGE_HEAP"),
        };
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        match tunables {
            Some(t) => command.env("GLIBC_TUNABLES", t),
            None => command.env_remove("GLIBC_TUNABLES"),
        };
        let mut child = command.spawn().expect("the fanorona binary runs");
        if args[0] == "probe" {
            let input = child.stdin.as_mut().unwrap();
            input.write_all(b"WW./.../... b\n").unwrap();
            input.flush().unwrap();
        }
        let mut first = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut first)
            .expect("the command answers");
        assert!(
            first.starts_with("WW./.../... b: loss 0") || first.starts_with("Fanorona 3x3"),
            "{first}"
        );
        let proc = format!("/proc/{}", child.id());
        let read = |f: &str| {
            let bytes = std::fs::read(format!("{proc}/{f}")).expect("/proc readable");
            bytes
                .split(|&b| b == 0)
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .collect::<Vec<_>>()
        };
        let (environ, cmdline) = (read("environ"), read("cmdline"));
        child.kill().expect("it stops");
        let _ = child.wait();
        let tunables: Vec<String> = environ
            .into_iter()
            .filter_map(|v| v.strip_prefix("GLIBC_TUNABLES=").map(str::to_owned))
            .collect();
        (tunables, cmdline)
    };
    let probe = ["probe", "--db", db];
    let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|s| s.contains("[always]") || s.contains("[madvise]"));
    // SAFETY: a pointer to a static NUL-terminated string.
    let glibc = unsafe { std::ffi::CStr::from_ptr(libc::gnu_get_libc_version()) };
    let glibc: Vec<u32> = glibc
        .to_str()
        .unwrap()
        .split('.')
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    let restarts = thp && glibc >= vec![2, 35];

    let (tunables, cmdline) = started(&probe, None, false);
    assert_eq!(&cmdline[1..=probe.len()], probe);
    if restarts {
        assert_eq!(tunables, ["glibc.malloc.hugetlb=1"]);
    } else {
        assert!(tunables.is_empty(), "{tunables:?}");
    }
    // (A variable with other tunables gets this one added after a colon;
    // not checked here: glibc cuts the variable at its first tunable in
    // place, so `/proc/PID/environ` no longer shows it whole.)
    let (tunables, _) = started(&probe, Some("glibc.malloc.hugetlb=0"), false);
    assert_eq!(tunables, ["glibc.malloc.hugetlb=0"]);
    // A restarted program does not start again, whatever the variable
    // holds by then.
    let (tunables, _) = started(&probe, None, true);
    assert!(tunables.is_empty(), "{tunables:?}");
    // A game keeps small pages.
    let play = ["play", "--board", "3x3", "--human", "both"];
    let (tunables, cmdline) = started(&play, None, false);
    assert_eq!(&cmdline[1..=play.len()], play);
    assert!(tunables.is_empty(), "{tunables:?}");
}

/// `probe --move-limit` applies the limit: by default the whole of it, as
/// for a game starting at the position (it was not applied at all without
/// `--turns-left`: "win 19" on 13x1, where the 10 turns draw), and with no
/// turn left it lists no moves (they were "win 1" in a drawn position).
#[test]
fn probe_under_the_move_limit() {
    let db = temp_folder("probe-limit");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "13x1", "--pieces", "all", "--db", dir]);
    ok(&["build", "--board", "3x1", "--pieces", "all", "--db", dir]);
    let far = "W...B........ w";
    let out = ok(&["probe", "--db", dir, far]);
    assert!(out.starts_with(&format!("{far}: win 19")), "{out}");
    let out = ok(&["probe", "--db", dir, "--move-limit", far]);
    assert!(
        out.starts_with(&format!("{far}: draw (10 turns left)")),
        "{out}"
    );
    assert!(out.contains("a1-b1            draw"), "{out}");
    let out = ok(&["probe", "--db", dir, "--move-limit", "--json", far]);
    assert!(
        out.contains("\"value\": \"draw\", \"plies\": null, \"turns_left\": 10"),
        "{out}"
    );
    let out = ok(&[
        "probe",
        "--db",
        dir,
        "--move-limit",
        "--turns-left",
        "9",
        far,
    ]);
    assert!(
        out.starts_with(&format!("{far}: draw (9 turns left)")),
        "{out}"
    );

    let near = "W.B w";
    let out = ok(&[
        "probe",
        "--db",
        dir,
        "--move-limit",
        "--turns-left",
        "1",
        near,
    ]);
    assert_eq!(
        out.trim_end(),
        "W.B w: win 1 (1 turn left)\n  a1-b1A           win 1"
    );
    let out = ok(&[
        "probe",
        "--db",
        dir,
        "--move-limit",
        "--turns-left",
        "0",
        near,
    ]);
    assert_eq!(
        out.trim_end(),
        "W.B w: draw (no turn left: the move limit is reached)"
    );
    let out = ok(&[
        "probe",
        "--db",
        dir,
        "--move-limit",
        "--turns-left",
        "0",
        "--json",
        near,
    ]);
    assert!(out.contains("\"moves\": []"), "{out}");
    // A game already over is not lost to the move limit.
    let out = ok(&[
        "probe",
        "--db",
        dir,
        "--move-limit",
        "--turns-left",
        "0",
        "..B w",
    ]);
    assert_eq!(out.trim_end(), "..B w: loss 0 (no turn left)");
    // A folder that is not there is said once, as such.
    let missing = db.join("no-such-folder");
    user_error(
        &["probe", "--db", missing.to_str().unwrap(), near, far],
        &["no-such-folder: no such folder"],
    );
    // `--line 5` takes the 5 for a position: the message says how to ask.
    let r = fanorona(&["probe", "--db", dir, "--line", "5", near]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("write --line=5"), "{}", r.stderr);
    std::fs::remove_dir_all(&db).unwrap();
}

/// `perft --move-limit` counts nothing past the limit (the flag was shown
/// in the header and not applied: 13x1's depth 11 counted 1,807 leaves,
/// its game over after 10 turns).
#[test]
fn perft_stops_at_the_move_limit() {
    let depths = |extra: &[&str]| -> Vec<u64> {
        let mut args = vec![
            "perft",
            "--board",
            "13x1",
            "--depth",
            "12",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        ok(&args)
            .lines()
            .filter(|l| l.starts_with("depth "))
            .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect()
    };
    let free = depths(&[]);
    let limited = depths(&["--move-limit"]);
    assert_eq!(free.len(), 12);
    assert_eq!(limited[..], free[..10]);
    assert!(free[10] > 0 && free[11] > 0, "{free:?}");
    // The depths past the limit are one line.
    let text = ok(&["perft", "--board", "13x1", "--depth", "12", "--move-limit"]);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("depths 11 to 12 "), "{text}");
    assert!(
        last.contains(" 0  (past the move limit of 10 turns)"),
        "{text}"
    );
    // So are those past a depth with no node (`--depth 4294967295` wrote
    // a line for each).
    let text = ok(&["perft", "--position", "W.B w", "--depth", "4294967295"]);
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.contains("depths 3 to 4294967295 "), "{text}");
    let json = ok(&[
        "perft",
        "--position",
        "W.B w",
        "--depth",
        "4294967295",
        "--json",
    ]);
    assert!(
        json.starts_with("{\"depth\": 4294967295, \"nodes\": 0,"),
        "{json}"
    );
    let json = ok(&[
        "perft",
        "--board",
        "13x1",
        "--depth",
        "11",
        "--move-limit",
        "--json",
    ]);
    assert!(json.contains("\"nodes\": 0"), "{json}");
}

/// `probe --line` prints the line of perfect play to the end of the game:
/// as long as a win's distance, round to a repeated position in a draw,
/// cut at `--line=N`; in JSON too.
#[test]
fn probe_prints_the_line_of_perfect_play() {
    let db = temp_folder("line");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "5x3", "--pieces", "4", "--db", dir]);
    let win = "W..../..B../...W. w";
    let draw = "W..../...../....B w";

    let out = ok(&["probe", "--db", dir, "--line", win]);
    assert!(out.starts_with(&format!("{win}: win 11")), "{out}");
    let line_at = out.find("  line:").expect("a line");
    let turns: Vec<&str> = out[line_at..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('('))
        .flat_map(|l| l.split_whitespace().skip(1))
        .collect();
    assert_eq!(turns.len(), 11, "{out}");
    // White's first turn is one of its two that win in 11.
    assert!(["d1-e1", "a3-b3"].contains(&turns[0]), "{out}");
    assert!(
        out.contains("(11 plies: Black has no stones left)"),
        "{out}"
    );

    let json = ok(&["probe", "--db", dir, "--json", "--line", win, draw]);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 2, "{json}");
    let [won, drawn] = [lines[0], lines[1]];
    let steps = |l: &str| {
        l[l.find("\"line\": ").unwrap()..]
            .matches("\"move\"")
            .count()
    };
    assert_eq!(steps(won), 11, "{won}");
    assert_eq!(json_value(won, "line_end"), "\"no stones\"");
    // The last ply is the one that wins: its position is lost at once.
    assert!(
        won.ends_with("\"value\": \"loss\", \"plies\": 0}], \"line_end\": \"no stones\"}"),
        "{won}"
    );
    assert_eq!(json_value(drawn, "value"), "\"draw\"");
    assert_eq!(json_value(drawn, "line_end"), "\"repetition\"");
    let repeats = json_number(drawn, "repeats_ply") as usize;
    assert!(repeats < steps(drawn), "{drawn}");
    assert!(
        !drawn[drawn.find("\"line\": ").unwrap()..].contains("\"win\""),
        "{drawn}"
    );

    let out = ok(&["probe", "--db", dir, "--line=3", win]);
    assert!(
        out.contains("(3 plies: stopped at the most plies asked for"),
        "{out}"
    );
    user_error(&["probe", "--db", dir, "--line=x", win], &["--line", "'x'"]);
    let _ = std::fs::remove_dir_all(&db);

    // Above tables of three stones, a position answered through its
    // winning capture: the turns into classes not built are unknown, and
    // the line is that capture.
    let db = temp_folder("line-above");
    let dir = db.to_str().unwrap();
    ok(&["build", "--board", "5x3", "--pieces", "3", "--db", dir]);
    let out = ok(&["probe", "--db", dir, "--line", "W.B.B/..W../W.... w"]);
    assert!(
        out.starts_with("W.B.B/..W../W.... w: win 1\n  c2-c1W-d2A       win 1\n"),
        "{out}"
    );
    assert_eq!(out.matches("unknown (class not built)").count(), 2, "{out}");
    assert!(
        out.contains("  line:\n      1. c2-c1W-d2A\n    (1 ply: Black has no stones left)"),
        "{out}"
    );
    let json = ok(&["probe", "--db", dir, "--json", "W.B.B/..W../W.... w"]);
    assert!(json.contains("{\"move\": \"a1-b2A\", \"position\": \"W...B/.WW../..... b\", \"value\": \"unknown\", \"plies\": null}"), "{json}");
    let _ = std::fs::remove_dir_all(&db);
}

/// The plan calls a truncated table damaged and to build (it said "every
/// table is on disk: nothing to build", then the build built it again),
/// naming why as the build does.
#[test]
fn the_plan_calls_a_truncated_table_damaged_as_the_build_does() {
    let db = temp_folder("damaged");
    let d = db.to_str().unwrap();
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
    let out = ok(&plan);
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
    let json = ok(&[&plan[..], &["--json"]].concat());
    assert!(
        json.lines().any(|l| l.starts_with("{\"group\": \"2v2\"")
            && l.contains("\"on_disk\": false")
            && l.contains("\"damaged\": [{\"class\": \"2v2\", \"why\": ")),
        "{json}"
    );
    let r = ok_run(&build);
    assert!(
        r.stderr
            .contains("truncated in the block index: building it again"),
        "{}",
        r.stderr
    );
    let out = ok(&plan);
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
    let d = db.to_str().unwrap();
    let big = ["build", "--board", "13x13", "--classes", "7v5", "--db", d];
    for args in [&big[..], &[&big[..], &["--plan"]].concat()] {
        user_error(
            args,
            &["class 5v7 of 13x13 has about 7.5e19 positions, more than a table can index"],
        );
    }
    assert!(!db.exists());
    let out = ok(&[
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
    let d = db.to_str().unwrap();
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
    let d = db.to_str().unwrap();
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

/// `probe` names each position it cannot answer once: a message of the
/// position's own already names it ("X: position 'X': unknown character"
/// said it twice), others get it in front.
#[test]
fn probe_names_a_position_it_cannot_answer_once() {
    let dir = temp_folder("probe-once");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let bad = "BBB/BXW/WWW w";
    let said = user_error(&["probe", "--db", d, bad], &["unknown character 'X'"]);
    assert_eq!(said.matches(bad).count(), 1, "{said}");
    let unbuilt = "W../.../..B w";
    let said = user_error(&["probe", "--db", d, unbuilt], &[&format!("{unbuilt}: ")]);
    assert_eq!(said.matches(unbuilt).count(), 1, "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search without tables keeps all of `--memory`: a given
/// `--table-cache` was taken from it all the same (`--pieces 0
/// --table-cache 0.1` searched in 921.6 MiB of 1 GiB, for a cache of
/// nothing).
#[test]
fn a_table_cache_is_kept_only_for_tables() {
    let dir = temp_folder("cache-no-tables");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let solve = |pieces: &str| {
        let out = ok(&[
            "solve",
            "--board",
            "3x3",
            "--db",
            d,
            "--pieces",
            pieces,
            "--table-cache",
            "0.1",
            "--threads",
            "1",
            "--json",
            "--quiet",
        ]);
        let line = out.lines().last().expect("a JSON line").to_string();
        assert_eq!(json_value(&line, "value"), "\"win\"", "{line}");
        json_number(&line, "table_cache_bytes")
    };
    assert_eq!(solve("0"), 0);
    assert_eq!(solve("4"), (0.1 * (1u64 << 30) as f64) as u64);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Output that cannot be written (a full disk) ends a command with a
/// message and exit code 2, as other errors do: every command panicked
/// in `println!` (exit code 101, the panic's text all a user saw).
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    for args in [
        &["moves", "--board", "5x5"][..],
        &["perft", "--board", "5x5", "--depth", "2", "--json"],
        &["show", "--board", "3x3"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_fanorona"))
            .args(args)
            .stdout(std::fs::File::create(full).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.trim_end(),
            "error: writing standard output: No space left on device (os error 28)",
            "{args:?}"
        );
    }
    // Standard error full too: the same exit code, nothing to say it on.
    let out = Command::new(env!("CARGO_BIN_EXE_fanorona"))
        .args(["moves", "--board", "3x3"])
        .stdout(std::fs::File::create(full).unwrap())
        .stderr(std::fs::File::create(full).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
