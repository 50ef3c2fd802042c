//! `play` and `match` on the command line (scripted through standard
//! input), and the engine through the library: time limits, and perfect
//! play against a random player with an exact oracle built by the
//! brute-force solver of `tests/support`.

mod support;

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use fanorona::engine::{self, Limits, Verdict, XorShift64};
use fanorona::game::{EndReason, Game};
use fanorona::geometry::{Board, Geometry};
use fanorona::notation::{parse_position, position_to_fen};
use fanorona::position::Position;
use fanorona::rules::{Color, Diagonals, Rules};
use fanorona::value::{NoTables, Oracle, Value};

use support::brute::{Val, solve};
use support::naive::NaiveRules;

const BIN: &str = env!("CARGO_BIN_EXE_fanorona");

/// Held by the tests that keep a core busy and by the one that measures the
/// engine's clock, so that the measurement does not run beside them.
static CPU: Mutex<()> = Mutex::new(());

fn cpu() -> MutexGuard<'static, ()> {
    CPU.lock().unwrap_or_else(|e| e.into_inner())
}

/// The time the calling thread has run on a core, where the system tells
/// it (Linux: the first field of `/proc/thread-self/schedstat`, in
/// nanoseconds); `None` elsewhere, and the test then goes by the clock alone.
fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// A whole 3x3 game: White wins by taking Black's last stone.
const GAME_3X3: [&str; 7] = [
    "a1-b2A",
    "b3-c3",
    "b2-a1W",
    "a2-b2A-c3W-c2A",
    "b1-b2",
    "c2-c3",
    "b2-c1W-c2A",
];

/// A new empty folder for one run of the program: `play` left mid-game
/// saves the game in the current folder, which must not be the repository.
fn scratch_folder(what: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("fanorona-play-{what}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the program in a scratch folder, removed afterwards.
fn run(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let dir = scratch_folder("run");
    let o = run_in(&dir, args, input);
    let _ = std::fs::remove_dir_all(&dir);
    o
}

/// Runs the program in the folder `dir`.
fn run_in(dir: &std::path::Path, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fanorona");
    let mut stdin = child.stdin.take().unwrap();
    // The program may stop reading early (quit): ignore a broken pipe.
    let _ = stdin.write_all(input.as_ref());
    drop(stdin);
    child.wait_with_output().expect("run fanorona")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The `Position:` lines, in order.
fn positions(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("Position: "))
        .map(str::to_string)
        .collect()
}

fn lines(moves: &[&str]) -> String {
    moves.iter().map(|m| format!("{m}\n")).collect()
}

#[test]
fn a_whole_3x3_game_typed_in_notation() {
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        lines(&GAME_3X3),
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    for m in GAME_3X3 {
        assert!(out.contains(&format!("plays {m}\n")), "{m} missing:\n{out}");
    }
    assert!(
        out.contains("Game over: White wins: Black has no stones left (1-0)."),
        "{out}"
    );
    let ps = positions(&out);
    assert_eq!(ps.first().unwrap(), "BBB/B.W/WWW w");
    assert_eq!(ps.last().unwrap(), ".../..W/... b");
    // The board is drawn with its lines, and the captures are counted.
    assert!(out.contains("| \\ | / |"), "{out}");
    assert!(
        out.contains("Stones taken: by White 4, by Black 3."),
        "{out}"
    );
}

/// A line that is not UTF-8 is a line like any other that is not a move:
/// named, and the game goes on (it ended the input, without a word).
#[test]
fn a_line_that_is_not_text_is_named_and_play_goes_on() {
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(lines(&GAME_3X3).into_bytes());
    let o = run(&["play", "--board", "3x3", "--human", "both"], input);
    let out = stdout(&o);
    assert!(out.contains("'\u{FFFD}\u{FFFD}' is not a move"), "{out}");
    assert!(out.contains("Game over: White wins"), "{out}");
    // The probe reads its positions from standard input the same way.
    let db = std::env::temp_dir().join(format!("fanorona-play-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&db).unwrap();
    let o = run(
        &["probe", "--db", db.to_str().unwrap()],
        b"\xff\nBBB/B.W/WWW b\n",
    );
    let _ = std::fs::remove_dir_all(&db);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    // (Said once: "position '\u{FFFD}' has no side to move".)
    assert!(err.contains("error: position '\u{FFFD}'"), "{err}");
    assert_eq!(err.matches('\u{FFFD}').count(), 1, "{err}");
    assert!(err.contains("error: BBB/B.W/WWW b: "), "{err}");
}

#[test]
fn a_chain_entered_step_by_step() {
    // The first three turns whole, then Black's chain a2-b2A-c3W-c2A point
    // by point, with a wrong step on the way.
    let mut input = lines(&GAME_3X3[..3]);
    input.push_str("a2\nb2\na1\nc3\nc2\n");
    let o = run(&["play", "--board", "3x3", "--human", "both"], &input);
    let out = stdout(&o);
    assert!(out.contains("Stone picked: a2\nNext: b2A"), "{out}");
    assert!(
        out.contains("visited a2 b2 (it may not return there)\nNext: b3W c3W end"),
        "{out}"
    );
    assert!(out.contains("'a1' is not a legal next step; possible: b3W c3W end"));
    assert!(out.contains("visited a2 b2 c3"), "{out}");
    assert!(out.contains("Black plays a2-b2A-c3W-c2A"), "{out}");
    assert_eq!(positions(&out).last().unwrap(), "B../..B/.W. w");
}

#[test]
fn approach_or_withdrawal_is_asked_when_both_capture() {
    // On 5x5, b3-c3 captures d3 by approach or a3 by withdrawal.
    let o = run(
        &["play", "--board", "5x5", "--human", "both"],
        "b3\nc3\nW\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains(
            "The step to c3 captures by approach (A): d3, or by withdrawal (W): a3. Type A or W."
        ),
        "{out}"
    );
    assert!(out.contains("White plays b3-c3W"), "{out}");
    assert_eq!(
        positions(&out).last().unwrap(),
        "BBBBB/BBBBB/..WBW/WWWWW/WWWWW b"
    );
}

#[test]
fn undo_and_redo_restore_the_exact_positions() {
    let mut input = lines(&GAME_3X3[..4]);
    input.push_str("undo\nundo\nundo\nredo\nredo\nredo\nredo\n");
    let o = run(&["play", "--board", "3x3", "--human", "both"], &input);
    let out = stdout(&o);
    let ps = positions(&out);
    // p0..p4 while playing, then p3 p2 p1 back, then p2 p3 p4 forward.
    assert_eq!(ps.len(), 11, "{out}");
    let p = &ps[..5];
    assert_eq!(&ps[5..8], &[p[3].clone(), p[2].clone(), p[1].clone()]);
    assert_eq!(&ps[8..11], &[p[2].clone(), p[3].clone(), p[4].clone()]);
    assert!(
        out.contains("Cannot redo: there is nothing to redo"),
        "{out}"
    );
}

#[test]
fn undo_against_the_engine_takes_back_its_reply_too() {
    let args = [
        "play", "--board", "5x5", "--human", "white", "--nodes", "3000",
    ];
    let o = run(&args, "c2-c3A\nundo\nredo\n");
    let out = stdout(&o);
    let ps = positions(&out);
    // start, after the engine's reply, start again, the reply again.
    assert_eq!(ps.len(), 4, "{out}");
    assert_eq!(ps[0], "BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w");
    assert_eq!(ps[2], ps[0]);
    assert_eq!(ps[3], ps[1]);
    assert!(out.contains("Black (engine) plays"), "{out}");
    assert!(out.contains("Taken back: c2-c3A "), "{out}");
}

#[test]
fn a_saved_game_loads_back_and_replays_exactly() {
    let dir = std::env::temp_dir().join(format!("fanorona-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let f = file.to_str().unwrap();
    let mut input = lines(&GAME_3X3[..5]);
    input.push_str(&format!("save {f}\nquit\n"));
    let o = run(&["play", "--board", "3x3", "--human", "both"], &input);
    let first = positions(&stdout(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("board 3x3\n"), "{text}");
    assert!(
        text.contains("rules diagonals=corner continuation=free"),
        "{text}"
    );
    assert!(text.contains("4. a2-b2A-c3W-c2A\n"), "{text}");

    // --load goes on from the last position, and the rest of the game is
    // the same game.
    let o = run(
        &["play", "--human", "both", "--load", f],
        lines(&GAME_3X3[5..]),
    );
    let out = stdout(&o);
    let second = positions(&out);
    assert_eq!(second[0], *first.last().unwrap());
    assert!(
        out.contains("White wins: Black has no stones left"),
        "{out}"
    );

    // `load` in the middle of another game (on another board) switches to it.
    let o = run(
        &["play", "--board", "5x5", "--human", "both"],
        format!("load {f}\n"),
    );
    let out = stdout(&o);
    assert!(out.contains("Loaded "), "{out}");
    assert_eq!(positions(&out).last().unwrap(), first.last().unwrap());

    // A broken record names the line of the bad move; exit code 2.
    std::fs::write(&file, text.replace("3. b2-a1W", "3. b2-b1")).unwrap();
    let o = run(&["play", "--human", "both", "--load", f], "");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    let line = text.lines().position(|l| l.starts_with("3. ")).unwrap() + 1;
    assert!(err.contains(&format!("line {line}: move 'b2-b1'")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn illegal_input_gets_a_message_and_a_new_prompt() {
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        "z9\nb2-b3\na1-c3\nb3\nfrobnicate\na1-b2A\n",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(
        out.contains("'z9' is not a point of the 3x3 board"),
        "{out}"
    );
    assert!(
        out.contains("move 'b2-b3' is not legal here; legal moves: a1-b2A b1-b2A c1-b2A c2-b2A"),
        "{out}"
    );
    assert!(out.contains("move 'a1-c3' is not legal here"), "{out}");
    assert!(
        out.contains(
            "no stone of the side to move can move from b3; stones that can move: a1 b1 c1 c2"
        ),
        "{out}"
    );
    assert!(out.contains("'frobnicate' is not a move"), "{out}");
    assert!(out.contains("White plays a1-b2A"), "{out}");
    // Six prompts for White, then one for Black.
    assert_eq!(out.matches("white> ").count(), 6, "{out}");
    assert_eq!(out.matches("black> ").count(), 1, "{out}");
}

#[test]
fn quit_leaves_at_once() {
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        "quit\na1-b2A\n",
    );
    let out = stdout(&o);
    assert!(o.status.success());
    assert!(!out.contains("plays"), "{out}");
}

/// The files of `dir`, by name, sorted.
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `quit` or the end of the input in a game in progress saves it as
/// Ctrl-C does, in the current folder, and says where (the game was
/// thrown away without a word); exit code 0. The file loads.
#[test]
fn quit_or_the_end_of_input_mid_game_saves_it() {
    let both = ["play", "--board", "3x3", "--human", "both"];
    for input in ["a1-b2A\nquit\n", "a1-b2A\n"] {
        let dir = scratch_folder("quit-saves");
        let o = run_in(&dir, &both, input);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(o.status.success(), "{input:?}: {err}");
        let saved = files_in(&dir);
        assert_eq!(saved.len(), 1, "{input:?}: {saved:?}");
        assert!(
            saved[0].starts_with("fanorona-game-") && saved[0].ends_with(".txt"),
            "{saved:?}"
        );
        assert_eq!(
            err,
            format!(
                "the game in progress is saved in {0} (fanorona play --load {0} goes on)\n",
                saved[0]
            )
        );
        let text = std::fs::read_to_string(dir.join(&saved[0])).unwrap();
        assert!(text.contains("1. a1-b2A\n"), "{text}");
        let o = run_in(
            &dir,
            &["play", "--load", &saved[0], "--human", "both"],
            "quit\n",
        );
        assert!(
            stdout(&o).contains("Turn 2: Black to move"),
            "{}",
            stdout(&o)
        );
        // Loaded and left as it was: the file holds it, nothing is written.
        assert!(
            o.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(files_in(&dir), saved);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// `load` saves the game it leaves, as `quit` does (it was dropped).
#[test]
fn load_saves_the_game_it_leaves() {
    let both = ["play", "--board", "3x3", "--human", "both"];
    let dir = scratch_folder("load-saves");
    let o = run_in(&dir, &both, "a1-b2A\nsave other.txt\nquit\n");
    assert!(o.status.success());
    assert_eq!(files_in(&dir), ["other.txt"]);
    let o = run_in(&dir, &both, "c2-b2A\nload other.txt\nquit\n");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{err}");
    assert!(
        stdout(&o).contains("Loaded other.txt: 1 turn."),
        "{}",
        stdout(&o)
    );
    let files = files_in(&dir);
    assert_eq!(files.len(), 2, "{files:?}");
    let left = files
        .iter()
        .find(|f| f.starts_with("fanorona-game-"))
        .unwrap();
    assert_eq!(
        err,
        format!("the game in progress is saved in {left} (fanorona play --load {left} goes on)\n")
    );
    let text = std::fs::read_to_string(dir.join(left)).unwrap();
    assert!(text.contains("1. c2-b2A\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Nothing is saved, and nothing said, of a game with no turn played, a
/// game over, or a game saved with `save` and unchanged since; a game
/// changed after its `save` is saved again.
#[test]
fn quit_saves_nothing_that_would_be_lost() {
    let both = ["play", "--board", "3x3", "--human", "both"];
    for input in [
        String::new(),
        "quit\n".to_string(),
        "a1-b2A\nundo\nquit\n".to_string(),
        format!("{}quit\n", lines(&GAME_3X3)),
        lines(&GAME_3X3),
        "resign\nquit\n".to_string(),
        "a1-b2A\nsave g.txt\nquit\n".to_string(),
        "a1-b2A\nsave g.txt\n".to_string(),
    ] {
        let dir = scratch_folder("quit-keeps");
        let o = run_in(&dir, &both, &input);
        assert!(o.status.success(), "{input:?}");
        assert!(
            o.stderr.is_empty(),
            "{input:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            files_in(&dir).iter().all(|f| f == "g.txt"),
            "{input:?}: {:?}",
            files_in(&dir)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // The engine's games alike (it played against nobody: over).
    let dir = scratch_folder("quit-keeps");
    let o = run_in(&dir, &["play", "--board", "3x3", "--human", "none"], "");
    assert!(o.status.success() && o.stderr.is_empty());
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    // Changed after the save: saved again, in a file of its own.
    let o = run_in(&dir, &both, "a1-b2A\nsave g.txt\nb3-c3\nquit\n");
    let files = files_in(&dir);
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(&format!("saved in {}", files[0])),
        "{files:?}"
    );
    let text = std::fs::read_to_string(dir.join(&files[0])).unwrap();
    assert!(text.contains("2. b3-c3\n"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Two games left in the same second each keep their own file (the
/// second wrote over the first): the next free name is taken.
#[test]
fn a_game_saved_on_leaving_writes_over_no_file() {
    let dir = scratch_folder("quit-names");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    // The names of this second and the next few are taken.
    for t in now..now + 5 {
        std::fs::write(dir.join(format!("fanorona-game-{t}.txt")), "mine\n").unwrap();
    }
    let o = run_in(
        &dir,
        &["play", "--board", "3x3", "--human", "both"],
        "a1-b2A\nquit\n",
    );
    assert!(o.status.success());
    let files = files_in(&dir);
    assert_eq!(files.len(), 6, "{files:?}");
    let new: Vec<&String> = files.iter().filter(|f| f.ends_with("-2.txt")).collect();
    assert_eq!(new.len(), 1, "{files:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("saved in {} ", new[0])), "{err}");
    for t in now..now + 5 {
        let text = std::fs::read_to_string(dir.join(format!("fanorona-game-{t}.txt"))).unwrap();
        assert_eq!(text, "mine\n");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_flags_exit_with_code_2() {
    for args in [
        &["play", "--board", "4x4"][..],
        &["play", "--human", "nobody"],
        &["play", "--board", "3x3", "--db", "/nonexistent/tables"],
        &["play", "--load", "/nonexistent/game.txt"],
        &["play", "--position", "BB/WW w"],
        // A cap of 0 turns ended the game before it began.
        &["play", "--board", "3x3", "--max-turns", "0"],
        &["match", "--board", "3x3", "--max-turns", "0"],
        &["match", "--white", "genius"],
        &["match", "--board", "3x3", "--time-limit", "soon"],
    ] {
        let o = run(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn a_person_past_the_time_limit_loses() {
    let mut child = Command::new(BIN)
        .args([
            "play",
            "--board",
            "3x3",
            "--human",
            "both",
            "--time-limit",
            "300",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let t = Instant::now();
    let feeder = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1200));
        let _ = stdin.write_all(b"a1-b2A\n");
    });
    let o = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let out = stdout(&o);
    assert!(out.contains("White did not move within 300 ms."), "{out}");
    assert!(
        out.contains("Game over: Black wins: White ran out of time (0-1)."),
        "{out}"
    );
    assert!(!out.contains("White plays"), "{out}");
    assert!(t.elapsed() < Duration::from_secs(20));

    // A quick player under a generous limit plays the game out.
    let o = run(
        &[
            "play",
            "--board",
            "3x3",
            "--human",
            "both",
            "--time-limit",
            "20000",
        ],
        lines(&GAME_3X3),
    );
    let out = stdout(&o);
    assert!(out.contains("Time limit: 20000 ms per move."), "{out}");
    assert!(
        out.contains("White wins: Black has no stones left"),
        "{out}"
    );
}

#[test]
fn the_engine_answers_within_the_time_limit() {
    let _cpu = cpu();
    let rules = Rules::default();
    for (cols, rows, ms) in [(9, 5, 60), (9, 5, 200), (13, 13, 120), (7, 7, 80)] {
        let board = Board::new(cols, rows, Diagonals::Corner).unwrap();
        let limit = Duration::from_millis(ms);
        fanorona::with_bits!(board.points(), B => {
            let geo = Geometry::<B>::new(board);
            let mut game = Game::<B>::new(board, rules);
            // The start and a few positions into the game.
            for _ in 0..3 {
                // The best of three tries: a machine busy with other work
                // can deschedule one answer past its limit (CI beside two
                // searches on two cores: 80 ms against 60), while an engine
                // that overruns its limit does so every time. A try whose
                // thread ran on a core for less than the limit also passes:
                // the clock ran on while the scheduler, not the engine, held
                // the thread (a niced CI run beside a build lost three tries
                // in a row); an engine that ignores its limit spends it on a
                // core too. `choose` searches on the calling thread.
                let mut best = Duration::MAX;
                let mut turn = None;
                for _ in 0..3 {
                    let cpu0 = thread_cpu_time();
                    let t = Instant::now();
                    let c = engine::choose(&geo, &rules, game.position(), &NoTables, &Limits::time(limit))
                        .unwrap();
                    let wall = t.elapsed();
                    let on_core = thread_cpu_time().zip(cpu0).map(|(b, a)| b.saturating_sub(a))
                        // A system that counts nothing must not pass every try.
                        .filter(|c| !c.is_zero());
                    best = best.min(on_core.map_or(wall, |c| wall.min(c)));
                    turn = Some(c.turn);
                    if best <= limit {
                        break;
                    }
                }
                assert!(best <= limit, "{cols}x{rows}: {best:?} > {limit:?} in three tries");
                game.play_turn(&turn.unwrap()).unwrap();
            }
        });
    }
    // And through the command line: a match under a tight limit has no
    // loss on time (in one of three tries, for the same reason as above:
    // a fresh-clone CI run beside two searches lost one game on time).
    let mut outs = Vec::new();
    for _ in 0..3 {
        let o = run(
            &[
                "match",
                "--board",
                "7x5",
                "--games",
                "2",
                "--time-limit",
                "100",
                "--max-turns",
                "8",
            ],
            "",
        );
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        if !out.contains("ran out of time") {
            return;
        }
        outs.push(out);
    }
    panic!("a loss on time in every try:\n{}", outs.join("\n"));
}

#[test]
fn a_time_limit_too_short_to_keep_is_warned_of_when_the_engine_plays() {
    // Under 50 ms a busy machine can make the engine late (20 ms lost 5
    // games of 30 at a load of 3.5): said, with what it leaves to answer.
    let warned = |args: &[&str]| {
        let o = run(args, "quit\n");
        assert!(o.status.success(), "{args:?}: {}", stdout(&o));
        String::from_utf8_lossy(&o.stderr).contains("warning: --time-limit")
    };
    let game = ["match", "--board", "3x3", "--games", "1", "--time-limit"];
    assert!(warned(&[&game[..], &["20"]].concat()));
    assert!(!warned(&[&game[..], &["50"]].concat()));
    assert!(!warned(&[&game[..], &["20", "--white", "random"]].concat()));
    let play = ["play", "--board", "3x3", "--time-limit", "30"];
    assert!(warned(&play));
    assert!(!warned(&[&play[..], &["--human", "both"]].concat()));
    // A short search leaves room enough: no warning (it was given below
    // 50 ms whatever the search); with no search at all (it panicked)
    // 10 ms is still short, 30 is not.
    assert!(!warned(
        &[&game[..], &["40", "--engine-time", "5"]].concat()
    ));
    assert!(warned(&[&game[..], &["10", "--engine-time", "0"]].concat()));
    assert!(!warned(&[&play[..], &["--engine-time", "0"]].concat()));
}

#[test]
fn match_reports_results_as_json() {
    let _cpu = cpu();
    let o = run(
        &[
            "match", "--board", "3x3", "--games", "6", "--white", "engine", "--black", "random",
            "--nodes", "2000", "--seed", "7", "--json",
        ],
        "",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let nums: Vec<u32> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(
        last.starts_with("{\"white_wins\": ")
            && last.contains("\"draws\": ")
            && last.contains("\"black_wins\": "),
        "{last}"
    );
    assert_eq!(nums.iter().sum::<u32>(), 6, "{last}");
    // Same seed, same node budget: the same results.
    let again = run(
        &[
            "match", "--board", "3x3", "--games", "6", "--white", "engine", "--black", "random",
            "--nodes", "2000", "--seed", "7", "--json",
        ],
        "",
    );
    assert_eq!(stdout(&again), out);
    // Random against random, with game lines.
    let o = run(
        &[
            "match", "--board", "3x3", "--games", "3", "--white", "random", "--black", "random",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(out.contains("game 3: "), "{out}");
    assert!(out.contains("3 games: White wins "), "{out}");
}

// ----- perfect play against a random player -----

/// An exact oracle from the brute-force solver: every position of a small
/// board with at most `max_stones` stones.
struct Brute {
    board: Board,
    values: HashMap<String, Val>,
}

impl Brute {
    fn new(cols: usize, rows: usize, max_stones: usize) -> Brute {
        Brute {
            board: Board::new(cols, rows, Diagonals::Corner).unwrap(),
            values: solve(cols, rows, NaiveRules::default(), max_stones),
        }
    }
    fn fens(&self, want: impl Fn(Val) -> bool) -> Vec<String> {
        let mut v: Vec<String> = self
            .values
            .iter()
            .filter(|(_, v)| want(**v))
            .map(|(f, _)| f.clone())
            .collect();
        v.sort();
        v
    }
}

fn value(v: Val) -> Value {
    match v {
        Val::Win(n) => Value::Win(n as u16),
        Val::Draw => Value::Draw,
        Val::Loss(n) => Value::Loss(n as u16),
    }
}

impl Oracle<u64> for Brute {
    fn lookup(&self, pos: &Position<u64>) -> Option<Value> {
        self.values
            .get(&position_to_fen(&self.board, pos))
            .map(|v| value(*v))
    }
}

/// Only the positions with at most `stones` stones: the search has to
/// reach them.
struct Partial<'a>(&'a Brute, u32);

impl Oracle<u64> for Partial<'_> {
    fn lookup(&self, pos: &Position<u64>) -> Option<Value> {
        if pos.stone_count() <= self.1 {
            self.0.lookup(pos)
        } else {
            None
        }
    }
}

/// Plays the engine (with `oracle`) for `engine_side` against a seeded
/// random player from `fen`; returns the outcome and the turns played.
fn engine_vs_random<O: Oracle<u64>>(
    brute: &Brute,
    oracle: &O,
    fen: &str,
    engine_side: Color,
    seed: u64,
    cap: u32,
) -> (Option<Color>, EndReason, u32) {
    let rules = Rules::default();
    let start = parse_position::<u64>(&brute.board, fen).unwrap();
    let mut game = Game::from_position(brute.board, rules, start)
        .unwrap()
        .with_max_turns(Some(cap));
    let mut rng = XorShift64::new(seed);
    while game.outcome().is_none() {
        let pos = *game.position();
        let turn = if pos.turn == engine_side {
            engine::choose(game.geometry(), &rules, &pos, oracle, &Limits::nodes(4000))
                .unwrap()
                .turn
        } else {
            engine::random_turn(game.geometry(), &rules, &pos, &mut rng)
                .unwrap()
                .0
        };
        game.play_turn(&turn).unwrap();
    }
    let o = game.outcome().unwrap();
    (o.winner, o.reason, game.turns_played())
}

/// A spread of positions: up to `per` of each distance.
fn sample(brute: &Brute, won: bool, per: usize) -> Vec<(String, Val)> {
    let mut by: HashMap<u32, usize> = HashMap::new();
    let mut out = Vec::new();
    let want = |v: Val| match v {
        Val::Win(n) => won && n >= 1,
        Val::Draw => !won,
        Val::Loss(_) => false,
    };
    for f in brute.fens(want) {
        let v = brute.values[&f];
        let d = match v {
            Val::Win(n) => n,
            _ => 0,
        };
        let k = by.entry(d).or_default();
        // Skip most: spread the picks over the sorted list.
        if *k < per && f.bytes().map(|b| b as usize).sum::<usize>() % 3 == 0 {
            *k += 1;
            out.push((f, v));
        }
    }
    out
}

#[test]
fn the_engine_wins_every_table_won_position_against_random() {
    let _cpu = cpu();
    let mut games = 0;
    // 3x3 with every position known; 5x3 (longer lines) up to 4 stones.
    for (cols, rows, stones, per) in [(3, 3, 9, 4), (5, 3, 4, 2)] {
        let brute = Brute::new(cols, rows, stones);
        let won = sample(&brute, true, per);
        assert!(won.len() >= 8, "only {} won positions", won.len());
        games += won_games(&brute, &won);
    }
    assert!(games >= 80, "{games} games");
}

/// Plays every position of `won` with the engine on the winning side
/// against four random players; returns the number of games.
fn won_games(brute: &Brute, won: &[(String, Val)]) -> usize {
    let mut games = 0;
    for (fen, v) in won {
        let Val::Win(n) = *v else { unreachable!() };
        let side = if fen.ends_with('w') {
            Color::White
        } else {
            Color::Black
        };
        for seed in 0..4 {
            let (winner, reason, turns) = engine_vs_random(brute, brute, fen, side, seed, 200);
            assert_eq!(winner, Some(side), "{fen} ({v:?}) seed {seed}: {reason:?}");
            // Perfect play: never slower than the table distance.
            assert!(turns <= n, "{fen}: won in {turns} turns, table says {n}");
            games += 1;
        }
    }
    games
}

#[test]
fn the_engine_never_loses_a_drawn_position() {
    let _cpu = cpu();
    let brute = Brute::new(3, 3, 9);
    let drawn = sample(&brute, false, 40);
    assert!(drawn.len() >= 10, "only {} drawn positions", drawn.len());
    let mut games = 0;
    for (fen, _) in &drawn {
        let mover = if fen.ends_with('w') {
            Color::White
        } else {
            Color::Black
        };
        // The engine to move, and the engine answering the random player.
        for side in [mover, mover.other()] {
            for seed in 0..3 {
                let (winner, reason, _) = engine_vs_random(&brute, &brute, fen, side, seed, 40);
                assert_ne!(winner, Some(side.other()), "{fen} seed {seed}: {reason:?}");
                games += 1;
            }
        }
    }
    assert!(games >= 50, "{games} games");
}

#[test]
fn with_partial_tables_the_search_still_converts_wins() {
    let _cpu = cpu();
    // The oracle knows only positions of at most 4 stones; from 5- and
    // 6-stone wins the search has to find its way into them.
    let brute = Brute::new(3, 3, 9);
    let partial = Partial(&brute, 4);
    let won: Vec<(String, Val)> = sample(&brute, true, 3)
        .into_iter()
        .filter(|(f, _)| (5..=6).contains(&f.chars().filter(|c| *c == 'W' || *c == 'B').count()))
        .collect();
    assert!(!won.is_empty());
    for (fen, v) in &won {
        let side = if fen.ends_with('w') {
            Color::White
        } else {
            Color::Black
        };
        for seed in 0..2 {
            let (winner, reason, _) = engine_vs_random(&brute, &partial, fen, side, seed, 200);
            assert_eq!(winner, Some(side), "{fen} ({v:?}) seed {seed}: {reason:?}");
        }
    }
}

#[test]
fn proven_search_values_match_the_brute_force_solver() {
    let _cpu = cpu();
    // Without tables, every value the search calls exact must be the true
    // one; under a move limit (the tree ends at the limit) every value is
    // proven, and must equal the unlimited value cut by `within`.
    for (cols, rows, stones) in [(3, 3, 9), (5, 3, 4)] {
        search_agrees_with_brute(&Brute::new(cols, rows, stones), 97);
    }
}

fn search_agrees_with_brute(brute: &Brute, every: usize) {
    let rules = Rules::default();
    let geo = Geometry::<u64>::new(brute.board);
    let mut exact = 0;
    let mut checked = 0;
    for (i, fen) in brute.fens(|_| true).iter().enumerate() {
        if i % every != 0 {
            continue;
        }
        let pos = parse_position::<u64>(&brute.board, fen).unwrap();
        let truth = value(brute.values[fen]);
        if pos.mover() == 0 || fanorona::legal_turns(&geo, &rules, &pos).is_empty() {
            continue;
        }
        checked += 1;
        let v = engine::analyse(&geo, &rules, &pos, &NoTables, &Limits::nodes(30_000));
        match v {
            Verdict::Exact(v) => {
                exact += 1;
                assert_eq!(v, truth, "{fen}");
            }
            // Won or lost for sure, the distance an upper bound.
            Verdict::AtMost(v) => {
                assert_eq!(v.wdl(), truth.wdl(), "{fen}");
                assert!(v.plies() >= truth.plies(), "{fen}: {v:?} vs {truth:?}");
            }
            Verdict::Estimate(_) => {}
        }
        for left in [1, 2, 3, 5] {
            let limits = Limits::nodes(200_000).with_turns_left(Some(left));
            let v = engine::analyse(&geo, &rules, &pos, &NoTables, &limits);
            assert_eq!(
                v,
                Verdict::Exact(truth.within(left)),
                "{fen} with {left} turns left"
            );
        }
    }
    assert!(checked >= 50, "{checked}");
    assert!(exact >= 10, "{exact} exact of {checked}");
}

#[test]
fn draws_are_accepted_only_when_proven() {
    let _cpu = cpu();
    let brute = Brute::new(3, 3, 9);
    let rules = Rules::default();
    let geo = Geometry::<u64>::new(brute.board);
    let limits = Limits::nodes(5000);
    let mut seen = [0; 3];
    for (i, fen) in brute.fens(|_| true).iter().enumerate() {
        if i % 53 != 0 {
            continue;
        }
        let pos = parse_position::<u64>(&brute.board, fen).unwrap();
        let truth = value(brute.values[fen]);
        // The engine plays the side not to move: it accepts exactly when
        // the side offering (to move) is not losing.
        let engine_side = pos.turn.other();
        let accepts = engine::accepts_draw(&geo, &rules, &pos, &brute, &limits, engine_side);
        assert_eq!(accepts, !matches!(truth, Value::Loss(_)), "{fen} {truth:?}");
        seen[match truth {
            Value::Win(_) => 0,
            Value::Draw => 1,
            Value::Loss(_) => 2,
        }] += 1;
        // Without tables a drawn position is never proven, so no draw.
        if truth == Value::Draw {
            assert!(!engine::accepts_draw(
                &geo,
                &rules,
                &pos,
                &NoTables,
                &limits,
                engine_side
            ));
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// A fresh folder of this test process named `name`, with the tables of
/// `board` up to `pieces` stones built by the program.
fn built_tables(name: &str, board: &str, pieces: &str) -> std::path::PathBuf {
    let db = std::env::temp_dir().join(format!("fanorona-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&db);
    let built = run(
        &[
            "build",
            "--board",
            board,
            "--pieces",
            pieces,
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    let err = String::from_utf8_lossy(&built.stderr);
    assert!(built.status.success(), "{err}");
    db
}

/// A damaged table is named on standard error while the engine plays on
/// by searching (it fell back without a word: the user believed play was
/// perfect), in `play` and in `match`.
#[test]
fn a_damaged_table_is_named_while_the_engine_plays_on() {
    let db = built_tables("damaged", "3x3", "4");
    let dir = db.to_str().unwrap();
    // Every table's last bytes flipped: its last block's checksum fails.
    for table in std::fs::read_dir(db.join("3x3-corner-free-sl")).unwrap() {
        let table = table.unwrap().path();
        if table.extension().is_some_and(|e| e == "fnt") {
            let mut bytes = std::fs::read(&table).unwrap();
            let n = bytes.len();
            for b in &mut bytes[n - 8..] {
                *b ^= 0xff;
            }
            std::fs::write(&table, bytes).unwrap();
        }
    }
    let start = "W.B/.W./..B w";
    for args in [
        vec!["play", "--position", start, "--human", "none", "--db", dir],
        vec!["match", "--position", start, "--games", "1", "--db", dir],
    ] {
        let o = run(&args, "");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(o.status.success(), "{args:?}: {err}");
        assert!(
            err.contains("warning: ") && err.contains(".fnt: table is corrupt"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&db);
}

/// Under a `--max-turns` cap the hint (and the engine, through the same
/// turns left) values a win or loss further away than the cap as the draw
/// it is in this game (they planned by the move limit alone: "win in 11"
/// with two turns to play).
#[test]
fn a_cap_on_the_turns_is_planned_by() {
    let db = built_tables("hint-cap", "5x3", "3");
    let dir = db.to_str().unwrap();
    let start = "W..../..B../...W. w";
    let hint = |extra: &[&str]| {
        let args = [
            &["play", "--position", start, "--human", "both", "--db", dir][..],
            extra,
        ]
        .concat();
        let out = stdout(&run(&args, "hint\nquit\n"));
        out.lines()
            .find_map(|l| {
                l.split_once("Tables (perfect play): ")
                    .map(|(_, h)| h.to_string())
            })
            .unwrap_or_else(|| panic!("no hint:\n{out}"))
    };
    let free = hint(&[]);
    assert!(
        free.starts_with("d1-e1 win in 11, a3-b3 win in 11, a3-a2 loss in 8"),
        "{free}"
    );
    let capped = hint(&["--max-turns", "2"]);
    assert!(
        capped.starts_with("d1-e1 draw, a3-b3 draw, a3-a2 draw, "),
        "{capped}"
    );
    assert!(capped.contains("d1-d2 loss in 2"), "{capped}");
    let _ = std::fs::remove_dir_all(&db);
}

/// `hint` lists every move with its perfect-play value when the tables
/// reach all of them (the values checked against the brute-force solver
/// and the naive move generator), best first; where they do not, the
/// engine names the move it would play. Neither plays a move.
#[test]
fn hint_gives_the_tables_values_or_the_engines_choice() {
    let db = built_tables("hint", "5x3", "3");
    let dir = db.to_str().unwrap();
    let brute = Brute::new(5, 3, 3);
    let start = "W..../..B../...W. w";
    let o = run(
        &["play", "--position", start, "--human", "both", "--db", dir],
        "hint\nd1-e1\nhint\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    let hints: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once("Tables (perfect play): ").map(|(_, h)| h))
        .collect();
    assert_eq!(hints.len(), 2, "{out}");
    let ps = positions(&out);
    assert_eq!(ps.len(), 2, "a hint plays no move:\n{out}");
    for (fen, hint) in ps.iter().zip(&hints) {
        let listed: Vec<(&str, &str)> = hint
            .split(", ")
            .map(|m| m.split_once(' ').expect("a move and its value"))
            .collect();
        let mut want: Vec<(String, String)> = support::naive::legal_turns(
            &support::naive::NaivePos::parse(fen),
            NaiveRules::default(),
        )
        .into_iter()
        .map(|(m, child)| (m, value(brute.values[&child]).parent().to_string()))
        .collect();
        want.sort();
        want.dedup();
        let mut got: Vec<(String, String)> = listed
            .iter()
            .map(|(m, v)| (m.to_string(), v.to_string()))
            .collect();
        got.sort();
        assert_eq!(got, want, "{fen}");
        // Best first: the first listed is worth as much as any.
        let first = brute.values[&position_to_fen(
            &brute.board,
            &parse_position::<u64>(&brute.board, fen).unwrap(),
        )];
        assert_eq!(listed[0].1, value(first).to_string(), "{fen}: {hint}");
    }
    // The 3x3 start without tables: the engine's choice, a legal move.
    let o = run(
        &[
            "play",
            "--board",
            "3x3",
            "--human",
            "both",
            "--engine-time",
            "50",
        ],
        "hint\nquit\n",
    );
    let out = stdout(&o);
    let suggested = out
        .split("Engine suggests ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no suggestion:\n{out}"));
    assert!(
        ["a1-b2A", "b1-b2A", "c1-b2A", "c2-b2A"].contains(&suggested),
        "{out}"
    );
    assert_eq!(positions(&out).len(), 1, "{out}");
    let _ = std::fs::remove_dir_all(&db);
}

/// A sacrificed stone is the sacrificing side's own loss, not a capture
/// by the other side (it was counted as one).
#[test]
fn a_sacrificed_stone_is_not_counted_as_captured() {
    let o = run(
        &["play", "--board", "3x3", "--sacrifice", "--human", "both"],
        "xa1\nb3-b2A\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("Turn 3: White to move. Stones taken: by White 0, by Black 1. Sacrificed: by White 1, by Black 0. Stones: White 2, Black 4."),
        "{out}"
    );
    // A block in the start position is its owner's sacrifice (counting it
    // from the moves alone went below zero).
    let o = run(
        &[
            "play",
            "--position",
            "W.W/.b./B.W w",
            "--sacrifice",
            "--human",
            "both",
        ],
        "c1-b1\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains(
            "Turn 1: White to move. Stones taken: by White 0, by Black 0. Stones: White 3, Black 2."
        ),
        "{out}"
    );
    assert!(
        out.contains("Stones taken: by White 1, by Black 0. Sacrificed: by White 0, by Black 1."),
        "{out}"
    );
}

/// After a resignation (final) the game-over prompt does not offer `undo`;
/// after a game played out it does.
#[test]
fn the_game_over_prompt_offers_undo_only_where_it_works() {
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        "resign\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("game over (save FILE, load FILE, quit)> "),
        "{out}"
    );
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        format!("{}quit\n", lines(&GAME_3X3)),
    );
    let out = stdout(&o);
    assert!(
        out.contains("game over (undo, save FILE, load FILE, quit)> "),
        "{out}"
    );
}

/// Ctrl-C in a game saves it (it was lost: the program just ended), in
/// the current folder, and says where; the file loads.
#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game() {
    let dir = std::env::temp_dir().join(format!("fanorona-play-ctrlc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(BIN)
        .args(["play", "--board", "3x3", "--human", "both"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fanorona");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"a1-b2A\n").unwrap();
    // Until the move is played (the program waits for Black's), then the
    // signal; standard input stays open.
    std::thread::sleep(Duration::from_millis(700));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted: the game is saved in "), "{err}");
    let saved: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = std::fs::read_to_string(&saved[0]).unwrap();
    assert!(text.contains("1. a1-b2A"), "{text}");
    let o = run(
        &[
            "play",
            "--load",
            saved[0].to_str().unwrap(),
            "--human",
            "both",
        ],
        "quit\n",
    );
    assert!(
        stdout(&o).contains("Turn 2: Black to move"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C while the engine thinks stops it at once and saves the game
/// without its move (the engine went on to the end of its time: 18 s of
/// a 20 s think).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_engine_thinking() {
    let dir = std::env::temp_dir().join(format!("fanorona-play-think-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("db")).unwrap();
    let started = std::time::Instant::now();
    // White (the person) plays, then Black (the engine) has a minute.
    let mut child = Command::new(BIN)
        .args(["play", "--board", "9x5", "--human", "white", "--db", "db"])
        .args(["--engine-time", "60000"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fanorona");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"d3-e3A\n").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted: the game is saved in "), "{err}");
    // Well within the minute the engine had.
    let took = started.elapsed();
    assert!(took < Duration::from_secs(30), "{took:?}");
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("White plays d3-e3A"), "{out}");
    assert!(!out.contains("(engine) plays"), "{out}");
    let saved: Vec<_> = files_in(&dir)
        .into_iter()
        .filter(|p| p.ends_with(".txt"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = std::fs::read_to_string(dir.join(&saved[0])).unwrap();
    assert!(text.contains("1. d3-e3A") && !text.contains("2."), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C before any turn is played saves nothing, as `quit` does there
/// (it wrote a record of no moves into the current folder), and says so.
#[cfg(unix)]
#[test]
fn ctrl_c_before_a_turn_saves_nothing() {
    let dir = scratch_folder("ctrlc-first");
    let mut child = Command::new(BIN)
        .args(["play", "--board", "3x3", "--human", "both"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fanorona");
    // Standard input stays open, as a terminal's: closed at once, its end
    // could be read before the signal's handler ran (a quit, exit 0).
    let stdin = child.stdin.take().unwrap();
    std::thread::sleep(Duration::from_millis(700));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("interrupted (no turn was played: nothing saved)"),
        "{err}"
    );
    assert_eq!(files_in(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C ends a match at the next move and counts the games finished (it
/// ended the program with no summary).
#[cfg(unix)]
#[test]
fn an_interrupted_match_counts_its_finished_games() {
    let child = Command::new(BIN)
        .args(["match", "--board", "3x3", "--games", "1000000"])
        .args(["--engine-time", "5", "--white", "random"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fanorona");
    std::thread::sleep(Duration::from_millis(1500));
    support::signal::interrupt(child.id());
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let last = stdout.lines().last().unwrap_or_default();
    let played: u32 = last.split(' ').next().unwrap().parse().expect(last);
    let games = stdout.lines().filter(|l| l.starts_with("game ")).count() as u32;
    assert_eq!(played, games, "{last}");
    assert!(
        stderr.contains(&format!("interrupted: {played} of 1000000 games played")),
        "{stderr}"
    );
}

/// Runs the program in a scratch folder with its standard error on a
/// terminal of its own (a pseudo-terminal 100 columns wide) and standard
/// output piped: what it draws only for a person on a terminal. Returns
/// standard output and all that the terminal received.
#[cfg(target_os = "linux")]
fn run_on_terminal(args: &[&str], input: &str) -> (String, String) {
    use std::fs::{File, OpenOptions};
    use std::io::Read;
    use std::os::fd::FromRawFd;
    use std::os::unix::fs::OpenOptionsExt;

    // SAFETY: libc calls on the descriptor opened here, owned by `master`
    // once it is checked.
    let master = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY) };
    assert!(master >= 0, "no pseudo-terminal");
    let mut master = unsafe { File::from_raw_fd(master) };
    let fd = std::os::fd::AsRawFd::as_raw_fd(&master);
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: as above; `name` outlives the calls that fill and read it.
    let slave_path = unsafe {
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        libc::ioctl(fd, libc::TIOCSWINSZ, &size);
        std::ffi::CStr::from_ptr(name.as_ptr())
            .to_str()
            .unwrap()
            .to_owned()
    };
    let slave = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&slave_path)
        .unwrap();
    let dir = scratch_folder("terminal");
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("start fanorona");
    // Read as it comes (a full terminal would stop the program), until
    // the program has ended: then reading fails (EIO).
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = master.read(&mut buf) {
            seen.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&seen).into_owned()
    });
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("run fanorona");
    let terminal = reader.join().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (stdout(&out), terminal)
}

/// `match` shows a bar over its games, with the turn of the game in
/// progress, on a terminal (it was silent until a game ended: 100 s for
/// the default ten engine games), cleared at the end; not when standard
/// error is piped, nor with --json.
#[cfg(target_os = "linux")]
#[test]
fn match_shows_its_progress_on_a_terminal_only() {
    let args = ["match", "--board", "3x3", "--games", "2", "--nodes", "500"];
    let (out, terminal) = run_on_terminal(&args, "");
    assert!(out.contains("2 games: "), "{out}");
    assert!(
        terminal.contains("0/2 games, game 1, turn 1, eta ?"),
        "{terminal:?}"
    );
    assert!(
        terminal.contains("1/2 games, game 2, turn "),
        "{terminal:?}"
    );
    assert!(terminal.ends_with("\r\x1b[2K"), "not cleared: {terminal:?}");
    let (_, terminal) = run_on_terminal(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(terminal, "");
    let o = run(&args, "");
    assert!(o.status.success());
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// `play` says the engine is thinking when it thinks over half a second,
/// on a terminal, and clears the line when it answers (a second's think
/// looked like a hang); not when standard error is piped.
#[cfg(target_os = "linux")]
#[test]
fn play_says_the_engine_is_thinking_on_a_terminal_only() {
    let args = ["play", "--engine-time", "1200", "--human", "white"];
    let (out, terminal) = run_on_terminal(&args, "d3-e3W\nquit\n");
    assert!(out.contains("Black (engine) plays"), "{out}");
    assert!(
        terminal.starts_with("\r\x1b[2KBlack (engine) thinking..."),
        "{terminal:?}"
    );
    // Cleared, then the game saved on leaving.
    assert!(
        terminal.contains("\r\x1b[2Kthe game in progress is saved in"),
        "{terminal:?}"
    );
    let (out, terminal) = run_on_terminal(&["play", "--nodes", "2000"], "d3-e3W\nquit\n");
    assert!(out.contains("Black (engine) plays"), "{out}");
    assert!(!terminal.contains("thinking"), "a quick move: {terminal:?}");
    let o = run(&args, "d3-e3W\nquit\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("the game in progress is saved in"), "{err}");
    assert!(!err.contains("thinking"), "{err}");
}

/// `save` writes over a game record but not over a file that is not one
/// (it replaced any file).
#[test]
fn save_does_not_write_over_other_files() {
    let dir = std::env::temp_dir().join(format!("fanorona-play-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let precious = dir.join("precious.txt");
    std::fs::write(&precious, "important\n").unwrap();
    let game = dir.join("game.txt");
    let (p, g) = (precious.to_str().unwrap(), game.to_str().unwrap());
    let o = run(
        &["play", "--board", "3x3", "--human", "both"],
        format!("a1-b2A\nsave {p}\nsave {g}\nb3-c3\nsave {g}\nquit\n"),
    );
    let out = stdout(&o);
    assert!(
        out.contains("is not a game record: not written over"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "important\n");
    assert!(
        out.contains("Saved 1 turn to") && out.contains("Saved 2 turns to"),
        "{out}"
    );
    assert!(std::fs::read_to_string(&game).unwrap().contains("2. b3-c3"));
    // A record written by hand, without the comment line, is a record too.
    let hand = dir.join("hand.txt");
    std::fs::write(&hand, "board 3x3\n1. a1-b2A\n").unwrap();
    let h = hand.to_str().unwrap();
    let o = run(
        &["play", "--load", h, "--human", "both"],
        format!("b3-c3\nsave {h}\nquit\n"),
    );
    assert!(stdout(&o).contains("Saved 2 turns to"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A draw offer between two people takes yes or no (any case, or y/n) and
/// asks again on anything else, naming it: any other line counted as "no",
/// and a move typed there was lost. The end of the input declines.
#[test]
fn a_draw_offer_takes_only_yes_or_no() {
    let args = ["play", "--board", "3x3", "--human", "both"];
    let o = run(&args, "draw\nc1-b2A\nmaybe\nNo\nc1-b2A\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("'c1-b2A' is not an answer: Black, type yes or no> "),
        "{out}"
    );
    assert!(out.contains("'maybe' is not an answer"), "{out}");
    assert!(out.contains("Black declines the draw.\n"), "{out}");
    assert!(out.contains("White plays c1-b2A"), "{out}");
    let o = run(&args, "draw\nY\nquit\n");
    assert!(
        stdout(&o).contains("Game over: draw: agreed"),
        "{}",
        stdout(&o)
    );
    let o = run(&args, "draw\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("Black declines the draw (end of input)."),
        "{out}"
    );
    assert!(!out.contains("Game over"), "{out}");
}

/// The status line names whichever ends the game first, the move limit
/// or a smaller --max-turns cap (it named the move limit while the cap
/// ended the game).
#[test]
fn the_status_line_names_what_ends_the_game_first() {
    let limited = ["play", "--board", "5x3", "--move-limit", "--human", "both"];
    for (cap, want) in [
        ("5", "Turn 1 of 5 (cap): "),
        ("40", "Turn 1 of 30 (move limit): "),
    ] {
        let o = run(&[&limited[..], &["--max-turns", cap]].concat(), "quit\n");
        assert!(
            stdout(&o).contains(want),
            "--max-turns {cap}:\n{}",
            stdout(&o)
        );
    }
    let o = run(
        &[
            "play",
            "--board",
            "5x3",
            "--move-limit",
            "--max-turns",
            "2",
            "--human",
            "none",
            "--nodes",
            "2000",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(out.contains("Game over after 2 turns of 2 (cap)."), "{out}");
    assert!(out.contains("the cap of 2 turns was reached"), "{out}");
}

/// One turn is "1 turn", in `play`'s end of a game and in `match`'s game
/// lines ("the cap of 1 turns", "(1 turns)").
#[test]
fn one_turn_is_one_turn_not_one_turns() {
    let o = run(
        &[
            "play",
            "--board",
            "3x3",
            "--human",
            "both",
            "--max-turns",
            "1",
        ],
        "a1-b2A\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("Game over after 1 turn of 1 (cap). ")
            && out.contains("Game over: draw: the cap of 1 turn was reached (1/2-1/2)."),
        "{out}"
    );
    let o = run(
        &[
            "match",
            "--board",
            "3x3",
            "--games",
            "1",
            "--max-turns",
            "1",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(
        out.contains("game 1: 1/2-1/2  draw: the cap of 1 turn was reached (1 turn)\n"),
        "{out}"
    );
}

/// A step's point with a letter after it other than A or W names the
/// letter (`e3X` was "not a move, a point or a command").
#[test]
fn a_wrong_capture_mark_is_named() {
    let o = run(&["play", "--human", "both"], "d3\ne3X\ne3W\n");
    let out = stdout(&o);
    assert!(
        out.contains(
            "'e3X': 'X' is not a capture mark: after a point, A (approach) or W (withdrawal)\n"
        ),
        "{out}"
    );
    assert!(out.contains("White plays d3-e3W\n"), "{out}");
    // Typed whole, alike.
    let o = run(&["play", "--human", "both"], "d3-e3X\n");
    let out = stdout(&o);
    assert!(
        out.contains(
            "move 'd3-e3X' is not in move notation: 'X' after e3 is not a capture mark: A (approach) or W (withdrawal)\n"
        ),
        "{out}"
    );
}

/// A long input is echoed by its first 200 characters and its length (a
/// 100,000-character line was echoed whole).
#[test]
fn long_inputs_are_shortened_in_messages() {
    let long = "z".repeat(100_000);
    let digits = format!("d{}", "1".repeat(999));
    let o = run(
        &["play", "--human", "both"],
        format!("{long}\n{digits}\nsave {long}\n"),
    );
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "'{}... (100000 characters)' is not a move, a point or a command",
            &long[..200]
        )),
        "{}",
        &out[..out.len().min(3000)]
    );
    assert!(
        out.contains(&format!(
            "'{}... (1000 characters)' is not a point of the 9x5 board",
            &digits[..200]
        )),
        "{}",
        &out[..out.len().min(3000)]
    );
    assert!(
        out.contains(&format!(
            "Cannot save to {}... (100000 characters): ",
            &long[..200]
        )),
        "{}",
        &out[..out.len().min(3000)]
    );
    assert!(out.len() < 5000, "{} bytes", out.len());
    let o = run(&["play", "--load", &long[..5000]], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.starts_with(&format!(
            "error: cannot read game record {}... (5000 characters): ",
            &long[..200]
        )),
        "{err}"
    );
}

/// 9x5, White to move: b3-c3 captures both ways, and by approach goes on
/// to d4, then d3 or e3.
const CHAIN_9X5: &str = "BBBBBBBBB/BBB.BBBBB/BW.B.BWBW/W.WWWWWWW/.WWWWWWWW w";

/// Mid-chain the position line gives the board shown, marked (it gave
/// the turn's start under the chain's board), and `hint` answers from
/// the chain entered (it suggested a whole other turn, which could not be
/// played from there): the tables' turns that go on from it, or the
/// engine's turn, said to be for the whole turn when it does not go on.
#[test]
fn mid_chain_the_position_and_hint_are_the_chains() {
    let engine = [
        "play",
        "--position",
        CHAIN_9X5,
        "--human",
        "both",
        "--nodes",
        "3000",
    ];
    let o = run(&engine, "b3\nc3\nA\nd4\nhint\nquit\n");
    let out = stdout(&o);
    assert!(
        out.contains(
            "Position mid-chain, after b3-c3A-d4A (White still to move): BBBB.BBBB/BBBWBBBBB/B....BWBW/W.WWWWWWW/.WWWWWWWW w\nThe turn started from: BBBBBBBBB/"
        ),
        "{out}"
    );
    // `Position:` lines stay positions a turn starts from: before the
    // stone, with it picked, at its A/W choice; none mid-chain.
    assert_eq!(positions(&out), vec![CHAIN_9X5; 3], "{out}");
    engine_hint_fits_the_chain(&out, "b3-c3A-d4A");
    // (Where the engine's turn is another stone's, at these nodes.)
    let o = run(&engine, "c2\nc3A\nhint\nquit\n");
    engine_hint_fits_the_chain(&stdout(&o), "c2-c3A");
    // With tables: the turns going on from a2-b2A only, valued.
    let db = built_tables("chain", "3x3", "all");
    let mut input = lines(&GAME_3X3[..3]);
    input.push_str("a2\nb2\nhint\nquit\n");
    let o = run(
        &[
            "play",
            "--board",
            "3x3",
            "--human",
            "both",
            "--db",
            db.to_str().unwrap(),
        ],
        &input,
    );
    let _ = std::fs::remove_dir_all(&db);
    let out = stdout(&o);
    let listed = out
        .split("Tables (perfect play), going on from a2-b2A: ")
        .nth(1)
        .and_then(|r| r.lines().next())
        .unwrap_or_else(|| panic!("no hint from the chain:\n{out}"));
    let moves: Vec<&str> = listed
        .split(", ")
        .map(|m| m.split(' ').next().unwrap())
        .collect();
    assert!(moves.contains(&"a2-b2A-c3W-c2A"), "{listed}");
    assert!(moves.iter().all(|m| m.starts_with("a2-b2A")), "{listed}");
}

/// The engine's hint in `out`, given with the chain `chain` entered:
/// a turn going on from it, said so, or a whole turn said not to, with
/// how to take the chain back.
fn engine_hint_fits_the_chain(out: &str, chain: &str) {
    let hint = out
        .split("Engine suggests ")
        .nth(1)
        .unwrap_or_else(|| panic!("no suggestion:\n{out}"));
    let hint = hint.split("> ").next().unwrap();
    let turn = hint.split([' ', ',']).next().unwrap();
    if turn == chain || turn.starts_with(&format!("{chain}-")) {
        assert!(hint.contains(&format!(", going on from {chain} ")), "{out}");
    } else {
        assert!(
            hint.contains(" for the whole turn ")
                && hint.contains(&format!("It does not go on from {chain}: "))
                && hint.contains("undo"),
            "{out}"
        );
    }
}

/// Small things of move input, each of which said too little or was
/// refused: points in upper case; a turn typed whole that stops at an
/// approach/withdrawal choice, or (forced continuation) mid-chain; `end`
/// with nothing entered; a sacrifice with the variant off; `moves` after
/// the end; a quoted file name for `save`.
#[test]
fn move_input_says_what_it_did() {
    let both = ["play", "--board", "3x3", "--human", "both"];
    let o = run(&both, "end\nxc1\nC1-B2A\nquit\n");
    let out = stdout(&o);
    assert!(out.contains("'end': no turn is in progress"), "{out}");
    assert!(
        out.contains("move 'xc1' is not legal here; legal moves: a1-b2A b1-b2A c1-b2A c2-b2A; the sacrifice move is off in this game (play --sacrifice turns it on)"),
        "{out}"
    );
    assert!(out.contains("White plays c1-b2A"), "{out}");

    let chain = ["play", "--position", CHAIN_9X5, "--human", "both"];
    let o = run(&chain, "b3-c3\nquit\n");
    assert!(
        stdout(&o)
            .contains("'b3-c3': the step to c3 captures by approach or by withdrawal: type A or W"),
        "{}",
        stdout(&o)
    );
    let o = run(
        &[&chain[..], &["--continuation", "forced"]].concat(),
        "b3-c3A\nquit\n",
    );
    assert!(
        stdout(&o).contains("'b3-c3A' is not a whole turn: the chain must go on while it can capture (continuation forced); type its next step: d4A"),
        "{}",
        stdout(&o)
    );

    let dir = std::env::temp_dir().join(format!("fanorona-play-input-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("my game.txt");
    let mut input = lines(&GAME_3X3);
    input.push_str(&format!("moves\nsave \"{}\"\nquit\n", file.display()));
    let o = run(&both, input);
    let out = stdout(&o);
    let after = out
        .split("Game over:")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        after
            .contains("The game is over (White wins: Black has no stones left): no moves to make."),
        "{out}"
    );
    assert!(!after.contains("Legal moves"), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}:\n{out}"));
    assert!(saved.contains("7. b2-c1W-c2A"), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `save FILE` over a saved game writes the new record whole or not at
/// all: it wrote in place, and a write that failed (a full disk; here a
/// file-size limit) left an empty or cut file where the saved game had
/// been.
#[cfg(unix)]
#[test]
fn a_failed_save_keeps_the_record_it_would_replace() {
    let dir = scratch_folder("save-fails");
    // Paika moves back and forth on 7x1: a long game, no capture.
    let o = run_in(
        &dir,
        &["play", "--position", "W.....B w", "--human", "both"],
        "a1-b1\nsave g.txt\nquit\n",
    );
    assert!(
        stdout(&o).contains("Saved 1 turn to g.txt."),
        "{}",
        stdout(&o)
    );
    let before = std::fs::read_to_string(dir.join("g.txt")).unwrap();
    let mut input = String::new();
    for _ in 0..20 {
        input.push_str("a1-b1\ng1-f1\nb1-a1\nf1-g1\n");
    }
    input.push_str("save g.txt\nquit\n");
    // No file may grow (`ulimit -f` counts 512 or 1,024 bytes; 0 is 0 in
    // both); the signal of a write past it ignored,
    // so that the write fails instead of ending the program.
    let script =
        format!("trap '' XFSZ; ulimit -f 0; exec {BIN} play --position 'W.....B w' --human both");
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sh");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    assert!(
        out.contains("Cannot save to g.txt: File too large"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(dir.join("g.txt")).unwrap(), before);
    // Nothing half written left (quit's own save fails too, and says so).
    assert_eq!(files_in(&dir), ["g.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `save` through a symbolic link writes the file it names and keeps the
/// link (renamed over, the link became a file), and leaves a file of the
/// user's named `FILE.tmp` alone (it was written over).
#[cfg(unix)]
#[test]
fn save_writes_through_a_link_and_leaves_other_files_alone() {
    let dir = scratch_folder("save-link");
    std::fs::write(dir.join("real.txt"), "").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    std::fs::write(dir.join("link.txt.tmp"), "mine").unwrap();
    let o = run_in(
        &dir,
        &["play", "--board", "3x3", "--human", "both"],
        "a1-b2A\nsave link.txt\nquit\n",
    );
    assert!(
        stdout(&o).contains("Saved 1 turn to link.txt."),
        "{}",
        stdout(&o)
    );
    let link = std::fs::symlink_metadata(dir.join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink());
    let text = std::fs::read_to_string(dir.join("real.txt")).unwrap();
    assert!(text.contains("1. a1-b2A"), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("link.txt.tmp")).unwrap(),
        "mine"
    );
    assert_eq!(files_in(&dir), ["link.txt", "link.txt.tmp", "real.txt"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
