//! `build`, `probe`, `info`, `verify` and `repack`: the endgame databases
//! on the command line.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime};

use clap::Args;
use indicatif::ProgressBar;

use fanorona::bits::Bits;
use fanorona::builder::{
    BuildError, BuildOptions, Builder, ClassSummary, DEFAULT_SNAPSHOT_EVERY, PendingWork,
    Selection, Stage,
};
use fanorona::geometry::Board;
use fanorona::index::MaterialClass;
use fanorona::notation::{Diagram, position_to_fen, shortened, turn_to_string};
use fanorona::perfect_line::{LineEnd, PerfectLine, perfect_line};
use fanorona::position::Position;
use fanorona::probe::{ProbeError, Tablebase};
use fanorona::rules::Rules;
use fanorona::table::TableFile;
use fanorona::value::Value;
use fanorona::verify::verify_class;
use fanorona::with_bits;

use super::common::{
    CliError, CliResult, DbUse, RuleArgs, build_error, check_db_folder, copy_whole, gib_to_bytes,
    json_str, set_threads, shell_word, stop_flag, table_rule_flags, text_lines,
};
use super::progress::bytes;

/// Where databases go unless `--db` says otherwise.
pub const DEFAULT_DB: &str = "db";
/// Memory a build started by another command may use, in GiB.
pub const DEFAULT_BUILD_MEMORY_GIB: f64 = 16.0;
/// Minutes between two saves of a group's state, by default.
pub const DEFAULT_SNAPSHOT_MINUTES: f64 = DEFAULT_SNAPSHOT_EVERY.as_secs() as f64 / 60.0;

#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The board, columns x rows.
    #[arg(long, default_value = "9x5")]
    pub board: String,
    /// Build every class with at most this many stones in total, or `all`
    /// for every class of the board. With --sacrifice, the block classes
    /// of that many stones (`4v5b`) are left out: their pairs derive them,
    /// as the probe does (a build a stone further makes them, or name one
    /// with --classes). Default: 5, or every point of a board with fewer
    /// (3x1: 3).
    #[arg(long)]
    pub pieces: Option<String>,
    /// Build only these classes, comma-separated (`4v5,5v4`: the stones of
    /// the side to move v the other's), and the smaller classes they rest
    /// on (those with no more stones a side), instead of every class up to
    /// --pieces. Searches probe whatever tables the folder holds, so they
    /// can have the balanced classes of one stone more (7x5's 4v5 and
    /// 5v4) without the lopsided rest.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        conflicts_with = "pieces"
    )]
    pub classes: Vec<String>,
    /// Database folder (one subfolder per board and rule set is made in it).
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Memory the build may use, in GiB. A group of classes being solved
    /// needs 3 bytes a position of its own (more if it outgrows them) and 1
    /// for each smaller class it rests on (--plan says how much); a build
    /// with a group that would need more is refused with a message before
    /// it starts. A build whose largest group needs more than the system
    /// has available when it starts is warned: the kernel would kill it
    /// when it comes to that group.
    #[arg(long, default_value_t = DEFAULT_BUILD_MEMORY_GIB)]
    pub memory: f64,
    /// Save the state of a group being solved every this many minutes (0:
    /// never), so that a build killed in the middle of a large group
    /// resumes from the last save when run again. A save takes the group's
    /// state size on disk while the group is solved (9x5 with 8 stones: up
    /// to 15 GB, written at each save in under a minute at 320 MB/s).
    /// Ctrl-C or kill (SIGTERM) saves the group being solved at once (within
    /// seconds in init, before the next level's sweep) and stops.
    #[arg(long, default_value_t = DEFAULT_SNAPSHOT_MINUTES)]
    pub snapshot_minutes: f64,
    /// Print the summary as JSON lines, one object per class (with
    /// --plan: one per group, then the totals); a build stopped by Ctrl-C
    /// or kill ends with {"stopped": "interrupted", "saved": what was
    /// saved}.
    #[arg(long)]
    pub json: bool,
    /// Only say what the build would do, and build nothing: each group of
    /// classes in build order with its positions and the memory it needs,
    /// which are on disk already, and whether the largest group left fits
    /// in --memory and in the memory available now. A table counts as on
    /// disk when its header and block index read: a damaged block is
    /// found by the build itself (or `verify`), which then builds it
    /// again.
    #[arg(long)]
    pub plan: bool,
}

/// The stones `build` goes up to if `--pieces` is not given (a board of
/// fewer points: all of them).
pub const DEFAULT_BUILD_PIECES: u32 = 5;

/// Parses `--pieces` (`None`: not given): a number from 2 to the board's
/// points, or `all` for every point of the board; without it,
/// [`DEFAULT_BUILD_PIECES`] or every point of a smaller board. A refusal
/// names the board as given (the build's named the board its tables are
/// kept under: 7x3 for 3x7) and blames `--pieces` only when it was
/// given (1x3 without it said "--pieces 5").
pub fn parse_pieces(given: Option<&str>, board: &Board) -> Result<u32, CliError> {
    let points = board.points();
    let flag = given.map(|s| format!("--pieces {s}: ")).unwrap_or_default();
    if points < 2 {
        return Err(CliError(format!(
            "{flag}the {board} board has 1 point, no room for the 2 stones of the smallest class: it has no tables"
        )));
    }
    let Some(s) = given else {
        return Ok(DEFAULT_BUILD_PIECES.min(points as u32));
    };
    if s == "all" {
        return Ok(points as u32);
    }
    // (A number past u32 is one too: it was said to be no number.)
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CliError(format!("--pieces '{s}' is not a number or 'all'")));
    }
    match s.parse::<u32>() {
        Ok(n) if (2..=points as u32).contains(&n) => Ok(n),
        _ => Err(CliError(format!(
            "{flag}the {board} board has {points} points; ask for 2 to {points} stones"
        ))),
    }
}

/// A build's refusal with the board as the user gave it: the builder
/// names the board its tables are kept under ("the 7x3 board" of a 3x7
/// build), which they never wrote.
fn on_asked_board(e: BuildError, asked: Board) -> BuildError {
    match e {
        BuildError::BadPieces { pieces, .. } => BuildError::BadPieces {
            pieces,
            board: asked,
        },
        BuildError::BadClass { class, .. } => BuildError::BadClass {
            class,
            board: asked,
        },
        e => e,
    }
}

/// The head of the table of classes `build` prints (with each class's
/// seconds) and `info` (without: the files do not keep them).
fn print_summary_header(seconds: bool) {
    println!(
        "{:>7} {:>14} {:>14} {:>14} {:>14} {:>7}{} {:>12}",
        "class",
        "positions",
        "wins",
        "draws",
        "losses",
        "longest",
        if seconds {
            format!(" {:>9}", "seconds")
        } else {
            String::new()
        },
        "bytes"
    );
}

/// A build's work left in a folder, as an object of `info --json`.
fn pending_json(w: &PendingWork) -> String {
    let fields = match w {
        PendingWork::Snapshot {
            group,
            stage,
            layout_bytes,
            bytes,
        } => {
            let stage = match *stage {
                Stage::Init { done, total } => {
                    format!("\"stage\": \"init\", \"init_done\": {done}, \"init_total\": {total}")
                }
                Stage::Level(level) => format!("\"stage\": \"level\", \"level\": {level}"),
            };
            format!(
                "\"kind\": \"snapshot\", \"group\": {}, {stage}, \"layout_bytes\": {layout_bytes}, \"bytes\": {bytes}",
                json_str(group)
            )
        }
        PendingWork::UnusableSnapshot {
            group,
            why,
            damaged,
            bytes,
        } => format!(
            "\"kind\": \"unusable_snapshot\", \"group\": {}, \"why\": {}, \"damaged\": {damaged}, \"bytes\": {bytes}",
            json_str(group),
            json_str(why)
        ),
        PendingWork::OverflowNote { group, overflow } => format!(
            "\"kind\": \"overflow\", \"group\": {}, \"overflow\": {}",
            json_str(group),
            json_str(overflow.word())
        ),
        PendingWork::UnreadableOverflowNote { group, why } => format!(
            "\"kind\": \"unreadable_overflow\", \"group\": {}, \"why\": {}",
            json_str(group),
            json_str(why)
        ),
        PendingWork::Lock { pid, running } => {
            let pid = pid.map_or_else(|| "null".to_string(), |pid| pid.to_string());
            format!("\"kind\": \"lock\", \"pid\": {pid}, \"running\": {running}")
        }
        PendingWork::HalfWritten { file, bytes } => format!(
            "\"kind\": \"half_written\", \"file\": {}, \"bytes\": {bytes}",
            json_str(file)
        ),
    };
    format!("{{{fields}, \"text\": {}}}", json_str(&w.to_string()))
}

/// The fields a table's header gives (`info`'s objects, and the start of
/// `build`'s lines), without braces.
fn table_fields_json(s: &ClassSummary) -> String {
    format!(
        "\"class\": {}, \"positions\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"longest\": {}, \"bytes\": {}",
        json_str(&s.class.name()),
        s.positions,
        s.wins,
        s.draws,
        s.losses,
        s.longest,
        s.bytes,
    )
}

/// A built class's summary as one JSON object: the table's fields, and how
/// this build made it (which a table file does not keep, so `info` has
/// none of these).
fn summary_json(s: &ClassSummary) -> String {
    format!(
        "{{{}, \"seconds\": {:.3}, \"reused\": {}, \"resumed_at_level\": {}, \"resumed_in_init_at\": {}}}",
        table_fields_json(s),
        s.seconds,
        s.reused,
        match s.resumed_at {
            Some(Stage::Level(level)) => level.to_string(),
            _ => "null".to_string(),
        },
        match s.resumed_at {
            Some(Stage::Init { done, .. }) => done.to_string(),
            _ => "null".to_string(),
        },
    )
}

/// A row of the table of classes (see [`print_summary_header`]), or its
/// JSON line.
fn print_summary(s: &ClassSummary, json: bool, seconds: bool) {
    if json {
        println!("{}", summary_json(s));
    } else {
        println!(
            "{:>7} {:>14} {:>14} {:>14} {:>14} {:>7}{} {:>12}{}",
            s.class.name(),
            s.positions,
            s.wins,
            s.draws,
            s.losses,
            s.longest,
            if seconds {
                format!(" {:>9}", format!("{:.2}", s.seconds))
            } else {
                String::new()
            },
            s.bytes,
            match (s.reused, s.resumed_at) {
                (true, _) => "  (on disk)".to_string(),
                (false, Some(stage)) => format!("  (resumed {stage})"),
                (false, None) => String::new(),
            }
        );
    }
}

/// What `build_tables` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildOutput {
    /// A table of classes on standard output.
    Table,
    /// A JSON line per class on standard output.
    Json,
    /// One line on standard error (for commands whose output is elsewhere).
    Summary,
}

/// The tables a search uses by default: what builds in about a minute or
/// less on a small machine, and 8 stones on boards of 26 to 35 points
/// (9x3, 3x9, 7x5, 5x7, 11x3, 3x11). There 8 stones is what settles the
/// start and every first move in seconds (7x5's build: 20 minutes on two
/// cores, 9x3's: 2 minutes on one), where with 5 to 7 stones some first
/// moves stay open after an hour's search
/// (`experiments/small_boards/session37/`).
pub fn default_pieces(board: &Board) -> u32 {
    match board.points() {
        n if n <= 15 => n as u32,
        n if n <= 25 => 6,
        n if n <= 35 => 8,
        n if n <= 45 => 5,
        _ => 4,
    }
}

/// Whether every table of `board` up to `pieces` stones is on disk as the
/// build would reuse it (read as `build --plan` reads it: a truncated or
/// foreign table was taken as there, and a search went on without it,
/// where the build makes it again), each with its WDL file.
pub fn tables_present(db: &Path, board: &Board, rules: &Rules, pieces: u32) -> bool {
    let dir = fanorona::builder::table_dir(db, board, rules);
    // A table without its WDL file (made before they existed) is not
    // there yet for a search: the build derives the file in seconds to a
    // minute, and the search reads it at a fraction of the table's cost.
    let with_wdl = fanorona::builder::build_groups(board, rules, pieces)
        .iter()
        .flatten()
        .all(|&c| {
            fanorona::builder::table_path(&dir, c).exists()
                && fanorona::builder::wdl_path(&dir, c).exists()
        });
    with_wdl
        && with_bits!(board.points(), B => {
            Builder::<B>::new(db, *board, *rules, BuildOptions::default())
                .plan_selection(&Selection::UpTo(pieces))
                .is_ok_and(|plan| plan.groups.iter().all(|g| g.on_disk))
        })
}

/// Builds the tables of a board up to `pieces` stones, printing a line per
/// class. Shared with `solve`, which builds what it needs first.
pub fn build_tables(
    board: Board,
    rules: &Rules,
    selection: &Selection,
    db: &Path,
    memory_gib: f64,
    snapshot_minutes: f64,
    output: BuildOutput,
) -> Result<Vec<ClassSummary>, CliError> {
    let build = BuildRequest {
        memory_gib,
        snapshot_minutes,
        output,
        deadline: None,
        caller: BuildCaller::Build,
        progress: true,
    };
    build_tables_until(board, rules, selection, db, &build)?.map_err(|s| {
        // A last line for machines too (stdout had none: a stop could not
        // be told from a crash but by the exit code).
        if output == BuildOutput::Json {
            println!(
                "{{\"stopped\": {}, \"saved\": {}}}",
                json_str(if s.interrupted {
                    "interrupted"
                } else {
                    "time limit"
                }),
                json_str(&s.saved)
            );
        }
        CliError(s.saved)
    })
}

/// A build [`build_tables_until`] stopped before its end, saved to go on
/// from with the same command.
pub struct BuildStopped {
    /// By Ctrl-C or kill, not by the deadline.
    pub interrupted: bool,
    /// What was saved.
    pub saved: String,
}

/// How [`build_tables_until`] builds.
pub struct BuildRequest {
    pub memory_gib: f64,
    pub snapshot_minutes: f64,
    pub output: BuildOutput,
    /// When to stop (a search's time limit, which counts its tables).
    pub deadline: Option<Instant>,
    /// Who asked: how a refusal names what to change.
    pub caller: BuildCaller,
    /// Progress bars on a terminal (off for a search's `--quiet`).
    pub progress: bool,
}

/// Who asked for a build, for the words of its refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildCaller {
    /// `build`, whose flags (`--memory`, `--pieces`) a refusal names.
    Build,
    /// A search building the tables it needs first, with
    /// [`DEFAULT_BUILD_MEMORY_GIB`]: its `--memory` is the search's, so a
    /// group too big for the build is sent to `build`, which takes one.
    Search,
}

/// [`build_tables`] up to a deadline: `Ok(Err(what was saved))` if the
/// deadline, Ctrl-C or kill came first (`build` makes that an error; a
/// search, an unknown value).
pub fn build_tables_until(
    board: Board,
    rules: &Rules,
    selection: &Selection,
    db: &Path,
    build: &BuildRequest,
) -> Result<Result<Vec<ClassSummary>, BuildStopped>, CliError> {
    let &BuildRequest {
        memory_gib,
        snapshot_minutes,
        output,
        deadline,
        caller,
        progress,
    } = build;
    let refusal = |e: BuildError| match (caller, e) {
        (
            BuildCaller::Search,
            BuildError::TooBig { group, needed, .. } | BuildError::TooBigWide { group, needed, .. },
        ) => CliError(format!(
            "the search builds the tables it needs first, in at most {} of memory, and building {group} needs {}: build them with `fanorona build --board {board} --pieces {}{} --db {} --memory GIB` (GIB up to the machine's memory), or search with fewer --pieces",
            bytes(gib_to_bytes(memory_gib) as usize),
            fanorona::builder::memory_text(needed),
            selection.pieces(),
            table_rule_flags(rules),
            shell_word(&db.display().to_string()),
        )),
        (BuildCaller::Search, BuildError::ClassTooBig(e)) => {
            CliError(format!("{e}: search with fewer --pieces"))
        }
        (_, e) => build_error(on_asked_board(e, board)),
    };
    let json = output == BuildOutput::Json;
    check_build_memory(memory_gib)?;
    // (Bounded as --checkpoint-every is: a Duration of 1e300 minutes
    // panicked.)
    if !(snapshot_minutes.is_finite() && (0.0..=1e6).contains(&snapshot_minutes)) {
        return Err(CliError(format!(
            "--snapshot-minutes {snapshot_minutes}: give a number of minutes from 0 to 1000000, 0 for never"
        )));
    }
    let opts = BuildOptions {
        memory_bytes: gib_to_bytes(memory_gib),
        progress,
        snapshot_every: (snapshot_minutes > 0.0)
            .then(|| Duration::from_secs_f64(snapshot_minutes * 60.0)),
        stop: Some(stop_flag()),
        deadline,
        ..Default::default()
    };
    let t = Instant::now();
    let plan = with_bits!(board.points(), B => {
        Builder::<B>::new(db, board, *rules, opts.clone())
            .check_selection(selection)
            .map_err(refusal)?
    });
    if let Some(warning) = plan.peak.and_then(|(group, needed)| {
        memory_warning(&group, needed, fanorona::sysmem::available_memory()?)
    }) {
        eprintln!("{warning}");
    }
    if output == BuildOutput::Table {
        println!(
            "building {board} tables {selection} under {} in {}",
            rules.table_text(),
            db.display()
        );
        if let Some(note) = shared_tables_note(&board, rules) {
            println!("{note}");
        }
        print_summary_header(true);
    }
    let built = with_bits!(board.points(), B => {
        let mut b = Builder::<B>::new(db, board, *rules, opts);
        b.build_selection(selection, |s| {
            if output != BuildOutput::Summary {
                print_summary(s, json, true)
            }
        })
    });
    let out = match built {
        Err(e @ BuildError::Stopped { .. }) => {
            return Ok(Err(BuildStopped {
                interrupted: stop_flag().load(Ordering::SeqCst),
                saved: e.text(&fanorona::builder::SettingNames::FLAGS),
            }));
        }
        r => r.map_err(refusal)?,
    };
    let positions: u64 = out.iter().map(|s| s.positions).sum();
    let bytes: u64 = out.iter().map(|s| s.bytes).sum();
    let totals = format!(
        "{} classes, {positions} positions, {bytes} bytes, {:.1} s",
        out.len(),
        t.elapsed().as_secs_f64()
    );
    match output {
        BuildOutput::Table => println!("{totals}"),
        BuildOutput::Summary => {
            // The folder, not the database: a tall board's tables are
            // its wide transpose's, which the folder's name says.
            let dir = fanorona::builder::table_dir(db, &board, rules);
            eprintln!("tables {board} {selection} in {}: {totals}", dir.display())
        }
        BuildOutput::Json => {}
    }
    Ok(Ok(out))
}

/// The folder a build writes its tables into, if something is in the way:
/// a file of that name ("File exists (os error 17)" after the table's
/// heading), or a file on the path to it. (Whether the system lets the
/// folder be made is found out by making it: permissions do not say it for
/// every user.)
fn check_table_folder(dir: &Path) -> CliResult {
    if dir.exists() && !dir.is_dir() {
        return Err(CliError(format!(
            "{}: a file where the folder of the tables goes: move it away",
            dir.display()
        )));
    }
    // The nearest folder that is there must take a new one: nothing is
    // made before the build starts (`--plan` makes nothing at all).
    let mut above = dir.parent();
    while let Some(p) = above.filter(|p| !p.as_os_str().is_empty() && !p.exists()) {
        above = p.parent();
    }
    let above = above
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !above.is_dir() {
        return Err(CliError(format!(
            "{}: cannot make the folder of the tables: {} is a file",
            dir.display(),
            above.display()
        )));
    }
    Ok(())
}

/// Where a board's tables are another game's: a tall board's are its wide
/// transpose's, and a `center` board's are `corner`'s where the two rules
/// join the same points (it was said of the tall board only: a `center`
/// build of 3x3 went into the `corner` folder without a word).
fn shared_tables_note(board: &Board, rules: &Rules) -> Option<String> {
    let stored = board.table_board();
    let stored_rules = fanorona::builder::table_rules(&stored, rules);
    let folder = fanorona::builder::table_game(board, rules);
    match (stored != *board, stored_rules.diagonals != rules.diagonals) {
        (false, false) => None,
        (true, false) => Some(format!(
            "({board} is {stored} turned on its side: the two share their tables, kept as {folder})"
        )),
        (false, true) => Some(format!(
            "(on {board} the center and corner diagonal rules join the same points: the two share their tables, kept as {folder})"
        )),
        (true, true) => Some(format!(
            "({board} is {stored} turned on its side, where the center and corner diagonal rules join the same points: they share their tables, kept as {folder})"
        )),
    }
}

/// A warning when the group of a build that needs the most memory,
/// `needed` bytes, needs more than the system has `available` now: the
/// build is allowed (`--memory`), but the kernel would kill it, or
/// another program, when it gets there.
fn memory_warning(group: &str, needed: u64, available: u64) -> Option<String> {
    (needed > available).then(|| {
        format!(
            "warning: building {group} needs about {}, but only {} of memory is available now: \
             the system may kill the build when it gets there (run again, it goes on from its last save)",
            bytes(needed as usize),
            bytes(available as usize)
        )
    })
}

/// A build's `--memory`: a positive number of GiB, at most a million
/// (`inf` was taken, and `--plan` said "within --memory 17179869184.00
/// GiB").
fn check_build_memory(memory_gib: f64) -> Result<(), CliError> {
    if !(memory_gib > 0.0 && memory_gib <= 1e6) {
        return Err(CliError(format!(
            "--memory {memory_gib}: must be a positive number of GiB, at most 1000000"
        )));
    }
    Ok(())
}

/// `build --plan`: what a build of `selection` would do, built nothing.
fn print_plan(board: Board, rules: &Rules, selection: &Selection, args: &BuildArgs) -> CliResult {
    check_build_memory(args.memory)?;
    let limit = gib_to_bytes(args.memory);
    let (plan, dir) = with_bits!(board.points(), B => {
        let b = Builder::<B>::new(&args.db, board, *rules, BuildOptions::default());
        let plan = b
            .plan_selection(selection)
            .map_err(|e| build_error(on_asked_board(e, board)))?;
        (plan, b.dir.clone())
    });
    let left: Vec<_> = plan.groups.iter().filter(|g| !g.on_disk).collect();
    let classes_left: usize = left.iter().map(|g| g.classes.len()).sum();
    // (u128: 9x5 up to 45 stones has 7.4e20 positions, which wrapped.)
    let positions_left: u128 = left.iter().map(|g| g.total_positions()).sum();
    // A memory estimate past u64 is saturated: not a number to print.
    let memory = |b: u64| match b {
        u64::MAX => "> 16 EiB".to_string(),
        b => bytes(b as usize),
    };
    let refused = left.iter().find(|g| g.memory_bytes > limit);
    let available = fanorona::sysmem::available_memory();
    // A build running, stopped or killed in the folder: what the next one
    // takes up (as `info` says).
    let pending = fanorona::builder::pending_work(&dir);
    if args.json {
        for g in &plan.groups {
            let names: Vec<String> = g.classes.iter().map(|c| json_str(&c.name())).collect();
            let counts: Vec<String> = g.positions.iter().map(u64::to_string).collect();
            let damaged: Vec<String> = g
                .damaged
                .iter()
                .map(|(c, why)| {
                    format!(
                        "{{\"class\": {}, \"why\": {}}}",
                        json_str(&c.name()),
                        json_str(why)
                    )
                })
                .collect();
            println!(
                "{{\"group\": {}, \"classes\": [{}], \"positions\": [{}], \"on_disk\": {}, \"damaged\": [{}], \"state_bytes\": {}, \"memory_bytes\": {}}}",
                json_str(&g.name()),
                names.join(", "),
                counts.join(", "),
                g.on_disk,
                damaged.join(", "),
                g.state_bytes(),
                g.memory_bytes
            );
        }
        let peak = match &plan.peak {
            Some((group, needed)) => format!(
                "{{\"group\": {}, \"memory_bytes\": {needed}}}",
                json_str(group)
            ),
            None => "null".to_string(),
        };
        println!(
            "{{\"board\": {}, \"folder\": {}, \"groups\": {}, \"groups_to_build\": {}, \"classes_to_build\": {classes_left}, \"positions_to_build\": {positions_left}, \"peak\": {peak}, \"memory_limit_bytes\": {limit}, \"fits\": {}, \"memory_available_bytes\": {}, \"left_out\": [{}], \"pending\": [{}]}}",
            json_str(&board.to_string()),
            json_str(&dir.display().to_string()),
            plan.groups.len(),
            left.len(),
            refused.is_none(),
            available.map_or("null".to_string(), |a| a.to_string()),
            plan.left_out
                .iter()
                .map(|(c, n)| format!("{{\"class\": {}, \"positions\": {n}}}", json_str(&c.name())))
                .collect::<Vec<_>>()
                .join(", "),
            pending
                .iter()
                .map(pending_json)
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Ok(());
    }
    println!(
        "plan: {board} tables {selection} under {} in {}",
        rules.table_text(),
        dir.display()
    );
    if let Some(note) = shared_tables_note(&board, rules) {
        println!("{note}");
    }
    let width = plan
        .groups
        .iter()
        .map(|g| g.name().len())
        .chain([5])
        .max()
        .unwrap_or(5);
    println!(
        "{:<width$} {:>14} {:>11}  state",
        "group", "positions", "memory"
    );
    for g in &plan.groups {
        // (A damaged table was said to be on disk, then built again.)
        let state = if g.on_disk {
            "on disk".to_string()
        } else if !g.damaged.is_empty() {
            format!("damaged: to build, {} bytes a position", g.state_bytes())
        } else {
            format!("to build, {} bytes a position", g.state_bytes())
        };
        println!(
            "{:<width$} {:>14} {:>11}  {state}",
            g.name(),
            g.total_positions(),
            memory(g.memory_bytes)
        );
    }
    for (class, why) in plan.groups.iter().flat_map(|g| &g.damaged) {
        println!("{class}: {why}: the build makes it again");
    }
    if !plan.left_out.is_empty() {
        let names: Vec<String> = plan.left_out.iter().map(|(c, _)| c.name()).collect();
        let positions: u128 = plan.left_out.iter().map(|&(_, n)| n as u128).sum();
        // On a full board no build goes a stone further.
        let later = if selection.pieces() as usize >= board.points() {
            "the board has no room for a stone more: --classes"
        } else {
            "a build a stone further makes them, or --classes"
        };
        println!(
            "left out: {} ({positions} positions), block classes of the most stones: \
             their pairs derive them, and so does the probe, from the tables below \
             ({later} {} builds one by name)",
            names.join(", "),
            names[0]
        );
    }
    for w in &pending {
        println!("{w}");
    }
    let Some((group, needed)) = &plan.peak else {
        println!("every table is on disk: nothing to build");
        return Ok(());
    };
    println!(
        "to build: {} in {}, {positions_left} positions; the most memory, {}, for {group}",
        counted(classes_left, "class", "classes"),
        counted(left.len(), "group", "groups"),
        memory(*needed)
    );
    let hopeless = *needed > gib_to_bytes(1e6);
    match refused {
        // --memory goes up to 1000000 GiB: past that, no raise will do.
        Some(_) if hopeless => println!(
            "over --memory {}: {group} needs {}, more than any --memory allows (at most 1000000 GiB), so the build would be refused before it starts: build fewer stones",
            bytes(limit as usize),
            memory(*needed)
        ),
        Some(g) => println!(
            "over --memory {}: {} needs {}, so the build would be refused before it starts; raise --memory to at least {:.2} GiB",
            bytes(limit as usize),
            g.name(),
            memory(g.memory_bytes),
            (*needed as f64 / (1u64 << 30) as f64 * 100.0).ceil() / 100.0
        ),
        // (With what is available now, as --help says the plan tells;
        // short of it, the warning below says so instead.)
        None => match available {
            Some(a) if *needed <= a => println!(
                "within --memory {} and the {} of memory available now",
                bytes(limit as usize),
                bytes(a as usize)
            ),
            _ => println!("within --memory {}", bytes(limit as usize)),
        },
    }
    if let Some(warning) = available
        .filter(|_| !hopeless)
        .and_then(|a| memory_warning(group, *needed, a))
    {
        println!("{warning}");
    }
    Ok(())
}

/// `n` and the noun for `n` of them: `1 class`, `4 classes`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The classes of a `--classes` list.
fn parse_classes(names: &[String]) -> Result<Vec<MaterialClass>, CliError> {
    names
        .iter()
        .map(|name| {
            MaterialClass::parse(name.trim()).ok_or_else(|| {
                CliError(format!(
                    "--classes '{name}' is not a class: write the stones of the side to move v the other's, like 4v5 (4v5b with a sacrificed stone)"
                ))
            })
        })
        .collect()
}

pub fn build(args: &BuildArgs) -> CliResult {
    set_threads(args.threads)?;
    let rules = args.rules.rules();
    let board = Board::parse(&args.board, rules.diagonals)?;
    let selection = if args.classes.is_empty() {
        Selection::UpTo(parse_pieces(args.pieces.as_deref(), &board)?)
    } else {
        Selection::Classes(parse_classes(&args.classes)?)
    };
    // A folder that is not there is made; a file there was found out only
    // after the table's heading, as the system's "Not a directory".
    if args.db.exists() {
        check_db_folder(&args.db, DbUse::Read)?;
    }
    check_table_folder(&fanorona::builder::table_dir(&args.db, &board, &rules))?;
    if args.plan {
        return print_plan(board, &rules, &selection, args);
    }
    let output = if args.json {
        BuildOutput::Json
    } else {
        BuildOutput::Table
    };
    build_tables(
        board,
        &rules,
        &selection,
        &args.db,
        args.memory,
        args.snapshot_minutes,
        output,
    )?;
    Ok(())
}

#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// Database folder.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// With --move-limit: turns left in the game; a win or loss further
    /// away than that is a draw, and with none left the game is over (no
    /// moves). Default: the whole limit, as for a game that starts at the
    /// position (as `play --position` and `solve` take it).
    #[arg(long)]
    pub turns_left: Option<u32>,
    /// Also print the line of perfect play: each side's best turn, ply by
    /// ply, to the end of the game (a won or lost line is as long as its
    /// distance), or to N plies (`--line=N`, default 200), whichever comes
    /// first: a won or lost line longer than N is cut there too. A drawn
    /// line also stops where a position comes round again. JSON: "line" (a
    /// list of {"move", "position", "value", "plies"}, each value for the
    /// side to move in that position) and "line_end": "no stones" (the
    /// side to move has none left), "opponent has no stones" (a position
    /// given so), "no turn" (stones but no turn), "repetition" (with "repeats_ply": the ply the
    /// position stood at before, 0 the start), "move limit" (no turns
    /// left under --move-limit) or "most plies" (cut at N).
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true,
          default_missing_value = "200")]
    pub line: Option<usize>,
    /// One JSON object per position: {"position", "value", "plies" (for
    /// the side to move; plies null for a draw), "moves" (a list of
    /// {"move", "position", "value", "plies"}, each valued for the side
    /// that plays it, best first)}, with "turns_left" under --move-limit,
    /// and "line" with --line.
    #[arg(long)]
    pub json: bool,
    /// Positions; read one per line from standard input when none given,
    /// each answered as it is read (a program can ask one at a time).
    pub positions: Vec<String>,
}

fn value_json(v: Value) -> String {
    match v.plies() {
        Some(n) => format!("\"value\": \"{}\", \"plies\": {n}", v.wdl().name()),
        None => format!("\"value\": \"{}\", \"plies\": null", v.wdl().name()),
    }
}

/// A move's value in `probe --json`: `"unknown"` when the class it leads
/// to is not built.
fn move_value_json(v: Option<Value>) -> String {
    v.map_or_else(
        || "\"value\": \"unknown\", \"plies\": null".to_string(),
        value_json,
    )
}

fn value_text(v: Value) -> String {
    match v.plies() {
        Some(n) => format!("{} {n}", v.wdl().name()),
        None => v.wdl().name().to_string(),
    }
}

/// A line of perfect play as `probe --json` appends it.
fn line_json<B: Bits>(board: &Board, line: &PerfectLine<B>) -> String {
    let steps: Vec<String> = line
        .steps
        .iter()
        .map(|st| {
            format!(
                "{{\"move\": {}, \"position\": {}, {}}}",
                json_str(&turn_to_string(board, &st.turn)),
                json_str(&position_to_fen(board, &st.position)),
                value_json(st.value)
            )
        })
        .collect();
    let repeats = match line.end {
        LineEnd::Repetition(ply) => format!(", \"repeats_ply\": {ply}"),
        _ => String::new(),
    };
    format!(
        ", \"line\": [{}], \"line_end\": {}{repeats}",
        steps.join(", "),
        json_str(line.end.name())
    )
}

/// A line of perfect play as `probe` prints it: the turns, numbered by
/// ply, then how it ends.
fn line_text<B: Bits>(board: &Board, start: &Position<B>, line: &PerfectLine<B>) -> String {
    let mut s = String::from("\n  line:");
    for (i, st) in line.steps.iter().enumerate() {
        if i % 8 == 0 {
            s.push_str(&format!("\n    {:>3}.", i + 1));
        }
        s.push_str(&format!(" {}", turn_to_string(board, &st.turn)));
    }
    let last = line.steps.last().map_or(start, |st| &st.position);
    let plies = line.steps.len();
    let end = match line.end {
        LineEnd::NoStones => format!("{} has no stones left", last.turn.title()),
        LineEnd::OpponentHasNoStones => {
            format!("{} has no stones left", last.turn.other().title())
        }
        LineEnd::NoTurn => format!("{} has no turn", last.turn.title()),
        LineEnd::Repetition(0) => "the starting position comes round again: a draw".to_string(),
        LineEnd::Repetition(ply) => {
            format!("the position after ply {ply} comes round again: a draw")
        }
        LineEnd::MoveLimit => "no turns left under the move limit: a draw".to_string(),
        LineEnd::MostPlies => "stopped at the most plies asked for (--line=N)".to_string(),
    };
    let unit = if plies == 1 { "ply" } else { "plies" };
    s.push_str(&format!("\n    ({plies} {unit}: {end})"));
    s
}

/// The most boards whose tables `probe` keeps open at once.
const PROBE_BOARDS: usize = 4;

/// The tables `probe` has opened, one [`Tablebase`] a board (the rules
/// and the folder are the run's), reused from one position to the next:
/// each position made its own, and building its class indexers took
/// nearly all of the time (50,000 7x5 positions: 5 min 23 s).
struct OpenTables {
    db: PathBuf,
    rules: Rules,
    /// The most recently used first: the board, when its folder was last
    /// changed as it was opened (`None` when that was less than
    /// [`SETTLED`] before: never taken as unchanged), and its
    /// `Tablebase<B>`.
    open: Vec<(Board, Option<SystemTime>, Box<dyn std::any::Any>)>,
    /// How many times tables were opened.
    opened: usize,
}

/// How long before tables are opened their folder must have last changed
/// for a later look to find it unchanged: a folder's time of change is
/// kept to a tick (up to 2 s on some file systems), and two changes in
/// one tick (a `.fnt.tmp` made, then renamed) look like one.
const SETTLED: Duration = Duration::from_secs(3);

impl OpenTables {
    fn new(db: &Path, rules: Rules) -> OpenTables {
        OpenTables {
            db: db.to_path_buf(),
            rules,
            open: Vec::new(),
            opened: 0,
        }
    }

    /// The tables of `board`, opened again if their folder has changed
    /// since (a build running beside a long probe adds tables, which a
    /// `Tablebase` that found a class missing would not see).
    fn get<B: Bits + 'static>(&mut self, board: Board) -> &Tablebase<B> {
        let dir = fanorona::builder::table_dir(&self.db, &board, &self.rules);
        let changed = std::fs::metadata(dir).and_then(|m| m.modified()).ok();
        let at = self.open.iter().position(|(b, c, tb)| {
            *b == board && c.is_some() && *c == changed && tb.is::<Tablebase<B>>()
        });
        let entry = match at {
            Some(i) => self.open.remove(i),
            None => {
                self.open.retain(|(b, _, _)| *b != board);
                self.open.truncate(PROBE_BOARDS - 1);
                let opened = SystemTime::now();
                let settled = changed
                    .filter(|&c| opened.duration_since(c).is_ok_and(|since| since >= SETTLED));
                let tb = Tablebase::<B>::new(&self.db, board, self.rules);
                self.opened += 1;
                (board, settled, Box::new(tb) as Box<dyn std::any::Any>)
            }
        };
        self.open.insert(0, entry);
        self.open[0]
            .2
            .downcast_ref()
            .expect("the entry just put first holds this board's tables")
    }
}

/// Answers one position: its value and every turn with its value.
fn probe_one(
    fen: &str,
    args: &ProbeArgs,
    rules: &Rules,
    tables: &mut OpenTables,
) -> Result<String, CliError> {
    let word = fen.trim();
    if word.is_empty() {
        // (It was "position '' has no side to move ... (for a line of
        // plies write --line=)": no digits are digits too.)
        return Err(CliError(
            "an empty position: write the board and the side to move, like 'BBB/B.W/WWW w'".into(),
        ));
    }
    let d = Diagram::parse(fen).map_err(|e| {
        // `--line 5` (with a space) gives the 5 as a position.
        if word.bytes().all(|b| b.is_ascii_digit()) {
            CliError(format!(
                "{e} (for a line of {word} plies write --line={word})"
            ))
        } else {
            e.into()
        }
    })?;
    super::rules_cmds::warn_of_blocks_without_sacrifice(&d, fen, rules);
    let board = d.board(rules.diagonals);
    let whole_limit = rules.turn_limit(board.rows);
    if let (Some(t), Some(limit)) = (args.turns_left, whole_limit)
        && t > limit
    {
        return Err(CliError(format!(
            "--turns-left {t}: the move limit of a {board} game is {limit} turns"
        )));
    }
    // (Without --turns-left the limit was not applied at all: "win 19" on
    // 13x1, where its 10 turns draw.)
    let turns_left = args.turns_left.or(whole_limit);
    let limit = |v: Value| match turns_left {
        Some(t) => v.within(t),
        None => v,
    };
    with_bits!(board.points(), B => {
        let tb = tables.get::<B>(board);
        let pos = d.to_position::<B>();
        let v = limit(tb.probe(&pos)?);
        // (With no turn left the list is empty: the game is over.)
        let moves: Vec<(String, String, Option<Value>)> = tb
            .probe_moves(&pos, turns_left)?
            .into_iter()
            .map(|m| (turn_to_string(&board, &m.turn), position_to_fen(&board, &m.position), m.value))
            .collect();
        let fen = position_to_fen(&board, &pos);
        let line = match args.line {
            Some(most) => Some(perfect_line(tb, &pos, most, turns_left)?),
            None => None,
        };
        let left_json = turns_left.map(|t| format!(", \"turns_left\": {t}")).unwrap_or_default();
        let left_text = match turns_left {
            // A game already over (no stones, no move) is lost whatever
            // the limit: the limit is its reason only for a draw.
            Some(0) if v == Value::Draw => " (no turn left: the move limit is reached)".to_string(),
            Some(0) => " (no turn left)".to_string(),
            Some(1) => " (1 turn left)".to_string(),
            Some(t) => format!(" ({t} turns left)"),
            None => String::new(),
        };
        Ok(if args.json {
            let ms: Vec<String> = moves
                .iter()
                .map(|(m, p, v)| {
                    format!("{{\"move\": {}, \"position\": {}, {}}}", json_str(m), json_str(p), move_value_json(*v))
                })
                .collect();
            let line_json = line.map(|l| line_json(&board, &l)).unwrap_or_default();
            format!(
                "{{\"position\": {}, {}{left_json}, \"moves\": [{}]{line_json}}}",
                json_str(&fen),
                value_json(v),
                ms.join(", ")
            )
        } else {
            let mut s = format!("{fen}: {}{left_text}", value_text(v));
            for (m, _, mv) in &moves {
                let v = mv.map_or_else(|| "unknown (class not built)".to_string(), value_text);
                s.push_str(&format!("\n  {m:<16} {v}"));
            }
            if let Some(l) = line {
                s.push_str(&line_text(&board, &pos, &l));
            }
            s
        })
    })
}

pub fn probe(args: &ProbeArgs) -> CliResult {
    let rules = args.rules.rules();
    if args.turns_left.is_some() && !rules.move_limit {
        return Err(CliError("--turns-left needs --move-limit".into()));
    }
    // Said once, before any position (each said "class 4v4 is not built:
    // no /nonexistent/3x3-...", as if one table were missing).
    check_db_folder(&args.db, DbUse::Read)?;
    // Read from the input, each line is answered as it comes (all were
    // read to the end first, so a program asking one position at a time
    // through a pipe waited for ever).
    let inputs: Box<dyn Iterator<Item = String>> = if args.positions.is_empty() {
        Box::new(text_lines(std::io::stdin().lock()).filter(|l| !l.trim().is_empty()))
    } else {
        Box::new(args.positions.iter().cloned())
    };
    let (mut asked, mut failed) = (0, 0);
    let mut tables = OpenTables::new(&args.db, rules);
    for fen in inputs {
        asked += 1;
        match probe_one(&fen, args, &rules, &mut tables) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                failed += 1;
                if args.json {
                    println!(
                        "{{\"position\": {}, \"error\": {}}}",
                        json_str(fen.trim()),
                        json_str(&e.0)
                    );
                }
                // (A message of the position's own names it: it was said
                // twice, "X: position 'X': ...".)
                // (And an empty one has no name to give.)
                // (Messages echo a long input shortened: so is it here.)
                let name = shortened(fen.trim());
                if name.is_empty() || e.0.contains(&format!("'{name}'")) {
                    eprintln!("error: {e}");
                } else {
                    eprintln!("error: {name}: {e}");
                }
            }
        }
    }
    if failed > 0 {
        Err(CliError(format!(
            "{failed} of {asked} positions could not be answered"
        )))
    } else {
        Ok(())
    }
}

#[derive(Args, Debug)]
pub struct InfoArgs {
    /// Database folder.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// One JSON line a table folder (none when it holds none): {"folder", "board", "rules",
    /// "complete_up_to", "blocks_derived" (true when the block classes of
    /// that many stones are left out, as a sacrifice build leaves them: the
    /// probe derives them), "beyond", "positions", "bytes" (the sums over its
    /// tables), "wdl_bytes" (over the WDL files beside them that read; not
    /// those of "unreadable_wdl"), "without_wdl"
    /// (the classes that have none), "tables": [{"class", "positions",
    /// "wins", "draws", "losses", "longest", "bytes"}], "unreadable": [{"class",
    /// "error"}], "unreadable_wdl": [{"class", "error"}] (a WDL file whose
    /// header is damaged or another table's), "in_progress": [{"kind": "snapshot" | "overflow" |
    /// "lock" | "half_written", ..., "text"}] (a folder with no table yet
    /// but work in progress: {"folder", "tables": [], "in_progress"}
    /// alone), "passed_over": the `.fnt`
    /// files not named as a class's table (`foo.fnt`), which every
    /// command passes over} (in progress: a snapshot: "group",
    /// "stage": "init" with "init_done" and "init_total", or "level" with
    /// "level"; "layout_bytes", "bytes"; an overflow note: "group",
    /// "overflow"; a lock: "pid", "running"; a half-written file
    /// (`.fnt.tmp`, `.fnw.tmp`, `.snapshot.tmp`): "file", "bytes"; "text"
    /// as `info` prints it); or {"folder", "error"} for a folder that
    /// cannot be read (the others are listed all the same, and the run
    /// exits with code 2).
    #[arg(long)]
    pub json: bool,
}

/// The most stones up to which a folder holds every class (0 if it lacks
/// a two-stone one), and the classes it holds beyond that (built with
/// `build --classes`).
fn completeness(board: &Board, rules: &Rules, held: &[MaterialClass]) -> (u32, Vec<MaterialClass>) {
    let mut complete = 0;
    for k in 2..=board.points() as u32 {
        // All of a build's classes, not only those of k stones: a build
        // to k - 1 left out the block classes of k - 1 stones.
        let all = fanorona::builder::build_groups(board, rules, k)
            .iter()
            .flatten()
            .all(|c| held.contains(c));
        if !all {
            break;
        }
        complete = k;
    }
    let beyond = held
        .iter()
        .copied()
        .filter(|c| c.stones() > complete)
        .collect();
    (complete, beyond)
}

/// Whether some block class of `k` stones (`k` at least 2) is missing from
/// `held`: a sacrifice build up to `k` stones leaves them out
/// ([`fanorona::builder::is_top_block`]), and the probe derives their
/// values one ply from the classes below.
fn top_blocks_left_out(rules: &Rules, k: u32, held: &[MaterialClass]) -> bool {
    rules.sacrifice
        && k >= 2
        && (1..k).any(|m| !held.contains(&MaterialClass::new(m as u8, (k - m) as u8, true)))
}

/// A table folder inside a database folder ([`table_folders`]).
struct TableFolder {
    /// The folder.
    path: PathBuf,
    /// The board and rules its name stands for, or why it cannot be read
    /// (the system's error, without the folder's name).
    game: Result<(Board, Rules), String>,
}

/// The table folders inside a database folder, each with the board and
/// rules its name stands for: those of the first table whose header maps
/// back to the folder (a file copied in from another folder does not name
/// it; `info` and `verify` then find that file out). A folder that cannot
/// be listed (no permission, a link to nowhere), or whose every table
/// fails to open, is one too, with why: it was passed over without a
/// word, and `info` and `verify` exited 0. Sorted by folder.
fn table_folders(db: &Path) -> Result<Vec<TableFolder>, CliError> {
    check_db_folder(db, DbUse::Read)?;
    let rd = std::fs::read_dir(db).map_err(|e| CliError(format!("{}: {e}", db.display())))?;
    table_folders_in(db, rd.flatten().map(|e| e.path()), |p| std::fs::read_dir(p))
}

/// Says in its place, for `info` and `verify`, that the table folder
/// `dir` cannot be read, and `why`.
fn print_unreadable_folder(dir: &Path, why: &str, json: bool) {
    if json {
        println!(
            "{{\"folder\": {}, \"error\": {}}}",
            json_str(&dir.display().to_string()),
            json_str(why)
        );
    } else {
        println!("{}: cannot be read: {why}", dir.display());
    }
}

/// Whether `path`'s name starts as a table folder's does: a board size
/// and a dash (`7x3-corner-free-sl`).
fn named_as_table_folder(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split_once('-'))
        .is_some_and(|(size, _)| Board::parse_size(size).is_ok())
}

/// [`table_folders`] of the entries `paths` of `db`, each listed by
/// `list` (the system's `read_dir`, or in a test one that fails).
fn table_folders_in(
    db: &Path,
    paths: impl Iterator<Item = PathBuf>,
    list: impl Fn(&Path) -> std::io::Result<std::fs::ReadDir>,
) -> Result<Vec<TableFolder>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        // (A link is followed: to a file, it is passed over as a file.)
        if p.is_file() {
            continue;
        }
        let files = match list(&p) {
            Ok(files) => files,
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => continue,
            // Only a folder named as table folders are ("7x3-corner-..."):
            // a `lost+found` a user cannot read, on a disk of tables, is
            // none of the database's.
            Err(_) if !named_as_table_folder(&p) => continue,
            Err(e) => {
                out.push(TableFolder {
                    game: Err(e.to_string()),
                    path: p,
                });
                continue;
            }
        };
        let mut first = None;
        let mut own = None;
        // The first error of a table that did not open: the folder's, if
        // none did.
        let mut failed = None;
        for f in files.flatten() {
            let fp = f.path();
            if fp.extension().and_then(|x| x.to_str()) != Some("fnt") {
                continue;
            }
            let t = match TableFile::open(&fp) {
                Ok(t) => t,
                Err(e) => {
                    // Files named as no class are passed over by every
                    // command, broken or not.
                    let named = fp
                        .file_stem()
                        .and_then(|s| s.to_str())
                        .and_then(MaterialClass::parse)
                        .is_some();
                    if named {
                        failed.get_or_insert(e.to_string());
                    }
                    continue;
                }
            };
            let h = &t.header;
            let rules = h.rules();
            let Ok(board) = Board::new(h.cols as usize, h.rows as usize, rules.diagonals) else {
                continue;
            };
            if fanorona::builder::table_dir(db, &board, &rules) == p {
                own = Some((board, rules));
                break;
            }
            first.get_or_insert((board, rules));
        }
        match (own, first) {
            (Some((board, rules)), _) => out.push(TableFolder {
                path: p.clone(),
                game: Ok((board, rules)),
            }),
            (None, Some((board, _))) if board.table_board() != board => {
                // Written before tall boards shared their wide twin's
                // tables: nothing reads this folder now.
                eprintln!(
                    "warning: {} holds {board} tables, which are now kept as {}: rebuild them there (or delete the folder)",
                    p.display(),
                    board.table_board()
                );
            }
            (None, Some((board, rules)))
                if fanorona::builder::table_rules(&board, &rules) != rules =>
            {
                // Written before boards whose diagonal rules agree shared
                // the `corner` tables.
                eprintln!(
                    "warning: {} holds {board} tables under `center`, which joins the same points as `corner` there: they are now kept in {} (rebuild them there, or delete the folder)",
                    p.display(),
                    fanorona::builder::table_dir(Path::new(""), &board, &rules).display()
                );
            }
            (None, Some((board, rules))) => eprintln!(
                "warning: {} holds no table of its own, only {board} tables under {} (copied or \
                 moved from {}?)",
                p.display(),
                rules.slug(),
                fanorona::builder::table_dir(db, &board, &rules).display()
            ),
            (None, None) => {
                if let Some(e) = failed {
                    out.push(TableFolder {
                        game: Err(format!("no table in it opens: {e}")),
                        path: p,
                    });
                }
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// The `.fnt` files of a table folder: those named as a class's table,
/// and the names of the others (`foo.fnt`, `backup.fnt`), which every
/// command passes over and `info` and `repack` name; each sorted.
fn table_files(dir: &Path) -> Result<(Vec<PathBuf>, Vec<String>), CliError> {
    let (mut tables, strays): (Vec<PathBuf>, Vec<PathBuf>) = std::fs::read_dir(dir)
        .map_err(|e| CliError(format!("{}: {e}", dir.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("fnt"))
        .partition(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .and_then(MaterialClass::parse)
                .is_some()
        });
    tables.sort();
    let mut strays: Vec<String> = strays
        .iter()
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .collect();
    strays.sort();
    Ok((tables, strays))
}

pub fn info(args: &InfoArgs) -> CliResult {
    let folders = table_folders(&args.db)?;
    // Folders with no table yet but a build's work in them (a lock, a
    // snapshot, an overflow note written by hand): they said "no tables".
    let mut waiting: Vec<(PathBuf, Vec<PendingWork>)> = std::fs::read_dir(&args.db)
        .map_err(|e| CliError(format!("{}: {e}", args.db.display())))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !folders.iter().any(|f| f.path == *p))
        .map(|p| {
            let work = fanorona::builder::pending_work(&p);
            (p, work)
        })
        .filter(|(_, work)| !work.is_empty())
        .collect();
    waiting.sort_by(|a, b| a.0.cmp(&b.0));
    if folders.is_empty() && waiting.is_empty() && !args.json {
        println!("no tables in {}", args.db.display());
    }
    for (dir, work) in &waiting {
        if args.json {
            let items: Vec<String> = work.iter().map(pending_json).collect();
            println!(
                "{{\"folder\": {}, \"tables\": [], \"in_progress\": [{}]}}",
                json_str(&dir.display().to_string()),
                items.join(", ")
            );
        } else {
            println!("{}: no table yet", dir.display());
            for w in work {
                println!("  in progress: {w}");
            }
        }
    }
    // Tables that cannot be read are listed with the rest, and the run
    // then fails (it exited 0), as `verify` does.
    let mut damaged = 0;
    let mut unreadable_folders = 0;
    for TableFolder { path: dir, game } in folders {
        let (board, rules) = match game {
            Ok(game) => game,
            Err(why) => {
                unreadable_folders += 1;
                print_unreadable_folder(&dir, &why, args.json);
                continue;
            }
        };
        let listed = with_bits!(board.points(), B => {
            Tablebase::<B>::new(&args.db, board, rules).list()?
        });
        let mut tables = Vec::new();
        let mut unreadable = Vec::new();
        // A WDL file whose header is damaged or another table's (the
        // search sets it aside and reads the table, more slowly): its
        // header alone is read, as the table's is.
        let mut bad_wdl = Vec::new();
        for (class, t) in listed {
            match t {
                Ok(t) => {
                    let wpath = fanorona::builder::wdl_path(&dir, class);
                    if wpath.exists() {
                        match fanorona::wdl::WdlFile::open(&wpath) {
                            Err(e) => bad_wdl.push((class, e.to_string())),
                            Ok(w) if !w.header.matches(&t.header) => bad_wdl.push((
                                class,
                                format!("{}: not the WDL file of its table", wpath.display()),
                            )),
                            Ok(_) => {}
                        }
                    }
                    tables.push(ClassSummary::from_header(&t.header, t.file_len, 0.0, false))
                }
                Err(e) => unreadable.push((class, e.to_string())),
            }
        }
        damaged += unreadable.len() + bad_wdl.len();
        let held: Vec<MaterialClass> = tables.iter().map(|s| s.class).collect();
        let (complete, beyond) = completeness(&board, &rules, &held);
        let blocks_left_out = top_blocks_left_out(&rules, complete, &held);
        let pending = fanorona::builder::pending_work(&dir);
        let positions: u64 = tables.iter().map(|s| s.positions).sum();
        let bytes: u64 = tables.iter().map(|s| s.bytes).sum();
        // The WDL files beside the tables (the search reads those), by
        // their size alone: `verify` checks them.
        let wdl_sizes: Vec<Option<u64>> = tables
            .iter()
            .map(|s| {
                std::fs::metadata(fanorona::builder::wdl_path(&dir, s.class))
                    .ok()
                    .map(|m| m.len())
            })
            .collect();
        // (The unreadable were counted too: "WDL files for every table:
        // 117644 bytes", then two of them said unreadable.)
        let wdl_bytes: u64 = tables
            .iter()
            .zip(&wdl_sizes)
            .filter(|(s, _)| !bad_wdl.iter().any(|(c, _)| *c == s.class))
            .filter_map(|(_, w)| *w)
            .sum();
        let without_wdl: Vec<MaterialClass> = tables
            .iter()
            .zip(&wdl_sizes)
            .filter(|(_, w)| w.is_none())
            .map(|(s, _)| s.class)
            .collect();
        let strays = table_files(&dir).map(|(_, s)| s).unwrap_or_default();
        if args.json {
            let list = |items: Vec<String>| items.join(", ");
            // [{"class", "error"}, ...]
            let errors = |found: &[(MaterialClass, String)]| {
                list(
                    found
                        .iter()
                        .map(|(c, e)| {
                            format!(
                                "{{\"class\": {}, \"error\": {}}}",
                                json_str(&c.name()),
                                json_str(e)
                            )
                        })
                        .collect(),
                )
            };
            println!(
                "{{\"folder\": {}, \"board\": {}, \"rules\": {}, \"complete_up_to\": {complete}, \"blocks_derived\": {blocks_left_out}, \"beyond\": [{}], \"positions\": {positions}, \"bytes\": {bytes}, \"wdl_bytes\": {wdl_bytes}, \"without_wdl\": [{}], \"tables\": [{}], \"unreadable\": [{}], \"unreadable_wdl\": [{}], \"in_progress\": [{}], \"passed_over\": [{}]}}",
                json_str(&dir.display().to_string()),
                json_str(&board.to_string()),
                json_str(&rules.slug()),
                list(beyond.iter().map(|c| json_str(&c.name())).collect()),
                list(without_wdl.iter().map(|c| json_str(&c.name())).collect()),
                list(
                    tables
                        .iter()
                        .map(|s| format!("{{{}}}", table_fields_json(s)))
                        .collect()
                ),
                errors(&unreadable),
                errors(&bad_wdl),
                list(pending.iter().map(pending_json).collect()),
                list(strays.iter().map(|f| json_str(f)).collect()),
            );
            continue;
        }
        println!("{}: {board}, {}", dir.display(), rules.table_text());
        print_summary_header(false);
        for s in &tables {
            print_summary(s, false, false);
        }
        println!(
            "  {} tables, {positions} positions, {bytes} bytes",
            tables.len()
        );
        if without_wdl.is_empty() && bad_wdl.is_empty() {
            println!("  WDL files for every table: {wdl_bytes} bytes");
        }
        if !bad_wdl.is_empty() {
            println!(
                "  WDL files for {} of {} tables: {wdl_bytes} bytes; {} unreadable (below)",
                tables.len() - without_wdl.len() - bad_wdl.len(),
                tables.len(),
                bad_wdl.len()
            );
        }
        if !without_wdl.is_empty() {
            let names: Vec<String> = without_wdl.iter().map(|c| c.name()).collect();
            println!(
                "  no WDL file for {} (searches read those tables more slowly; `fanorona build` with the same board, rules and stones derives them)",
                names.join(", ")
            );
        }
        for (class, e) in &unreadable {
            println!("{:>7} unreadable: {e}", class.name());
        }
        for (class, e) in &bad_wdl {
            println!("{:>7} WDL file unreadable: {e}", class.name());
        }
        let names: Vec<String> = beyond.iter().map(|c| c.name()).collect();
        // A sacrifice build leaves out the block classes of its most
        // stones (`is_top_block`): say so, or a reader looks for them.
        let derived = if blocks_left_out {
            format!(
                " but the {complete}-stone block classes (a sacrificed stone on the board), which the probe derives from the others"
            )
        } else {
            String::new()
        };
        match (complete, names.is_empty()) {
            (0, _) => println!("  incomplete: not every 2-stone class is here"),
            (k, true) => println!("  every class up to {k} stones{derived}"),
            (k, false) => println!(
                "  every class up to {k} stones{derived}, and beyond them {}",
                names.join(", ")
            ),
        }
        for work in pending {
            println!("  in progress: {work}");
        }
        if !strays.is_empty() {
            println!(
                "  passed over (not named as a class's table): {}",
                strays.join(", ")
            );
        }
    }
    let mut unread = Vec::new();
    if unreadable_folders > 0 {
        unread.push(counted(unreadable_folders, "table folder", "table folders"));
    }
    if damaged > 0 {
        unread.push(counted(damaged, "table or WDL file", "tables or WDL files"));
    }
    if unread.is_empty() {
        return Ok(());
    }
    Err(CliError(format!(
        "{} cannot be read (said above){}",
        unread.join(" and "),
        if damaged > 0 {
            ": `fanorona build` (the command that built them) replaces damaged tables and derives WDL files again"
        } else {
            ""
        }
    )))
}

#[derive(Args, Debug)]
pub struct RepackArgs {
    /// Database folder: every table in it, of every board and rule set.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// Values per compressed block (`build` writes 8192), 64 to 1048576. A
    /// probe that misses the cache of decompressed blocks decompresses a
    /// whole block to read one value, but a block also brings the values
    /// near it, which a search probes next: on the 9x5 8-stone tables in
    /// a search with a 2 GiB cache, blocks of 1024 missed 2.4 times as
    /// often, for 4% more CPU and 19% more disk; blocks of 32768 missed a
    /// third less, for 17-26% more CPU and 5% less disk
    /// (`experiments/table_blocks/`).
    // (Bounded here, so that `-1` is told the range that holds, not
    // "not in 0..=4294967295".)
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32)
              .range(fanorona::table::MIN_BLOCK_ENTRIES as i64..=MAX_BLOCK_ENTRIES as i64))]
    pub block_entries: u32,
    /// Write the repacked tables into DIR (the same folder names inside)
    /// and leave --db as it is, instead of replacing each table in place
    /// (--out naming the --db folder itself is a repack in place).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// End with one JSON line {"tables", "repacked", "block_entries",
    /// "bytes_before", "bytes_after", "seconds", "passed_over": the `.fnt`
    /// files named as no class, left as they are}.
    #[arg(long)]
    pub json: bool,
}

/// A progress bar over `len` positions of one table, headed `msg`.
fn count_bar(len: u64, msg: String) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(fanorona::progress::count_style(12));
    bar.set_message(msg);
    bar
}

/// Why a repack stopped by Ctrl-C or kill before `at` fails, and what
/// running it again does.
fn stopped_repack(at: &Path, repacked: u64, in_other_folder: bool) -> CliError {
    CliError(format!(
        "repack stopped at {} (left as it was), {repacked} tables repacked before it; {}",
        at.display(),
        if in_other_folder {
            "the same command repacks them all again into --out"
        } else {
            "the same command goes on from there"
        }
    ))
}

/// The largest block `repack` writes: 2 MiB of two-byte values.
const MAX_BLOCK_ENTRIES: u32 = 1 << 20;

/// Rewrites every table of a database folder in blocks of another size
/// (in place, each file replaced whole when done, or into --out). In place
/// a table already in blocks of that size is passed over, so a repack cut
/// short is finished by running it again.
pub fn repack(args: &RepackArgs) -> CliResult {
    // (In range: `--block-entries` is bounded where it is parsed.)
    let n = args.block_entries;
    set_threads(args.threads)?;
    let mut folders = Vec::new();
    for f in table_folders(&args.db)? {
        match f.game {
            Ok((board, rules)) => folders.push((f.path, board, rules)),
            // Before anything is written, as for a damaged table below.
            Err(why) => {
                return Err(CliError(format!(
                    "{}: cannot be read: {why} (nothing repacked)",
                    f.path.display()
                )));
            }
        }
    }
    if folders.is_empty() {
        return Err(CliError(format!("no tables in {}", args.db.display())));
    }
    // Ctrl-C (or kill) stops at the next batch of blocks, the table being
    // written left as it was: it killed the program, leaving the half
    // table's `.tmp` file and the folder's lock behind.
    let stop = stop_flag();
    // Every table is opened (header and index checked) before any is
    // written: a damaged one stopped the repack half way, the tables
    // before it done. Files not named as a class's table (`foo.fnt`,
    // `backup.fnt`) are passed over, as every command passes them over.
    for (dir, _, _) in &folders {
        for path in table_files(dir)?.0 {
            TableFile::open(&path).map_err(|e| {
                CliError(format!(
                    "{e} (nothing repacked: mend or move the file first)"
                ))
            })?;
        }
    }
    let start = Instant::now();
    let (mut tables, mut repacked, mut before, mut after) = (0u64, 0u64, 0u64, 0u64);
    let mut passed_over: Vec<String> = Vec::new();
    for (dir, board, rules) in folders {
        let out_dir = match &args.out {
            Some(out) => {
                let d = out.join(dir.file_name().expect("a table folder has a name"));
                std::fs::create_dir_all(&d)
                    .map_err(|e| CliError(format!("--out {}: {e}", d.display())))?;
                d
            }
            None => dir.clone(),
        };
        // --out naming --db (by any spelling: `R2/`, `./R2`, a link) is a
        // repack in place: copying a file onto itself emptied it.
        let copy_out = match (out_dir.canonicalize(), dir.canonicalize()) {
            (Ok(a), Ok(b)) => a != b,
            _ => true,
        };
        // No build (or other repack) writes the folder meanwhile.
        let _lock =
            fanorona::builder::lock_folder(&out_dir).map_err(|e| CliError(e.to_string()))?;
        if !args.json {
            println!(
                "{}: {board}, {} -> {}",
                dir.display(),
                rules.table_text(),
                out_dir.display()
            );
        }
        let (files, strays) = table_files(&dir)?;
        passed_over.extend(strays.iter().map(|f| dir.join(f).display().to_string()));
        if !strays.is_empty() && !args.json {
            println!(
                "  passed over (not named as a class's table): {}",
                strays.join(", ")
            );
        }
        for path in files {
            // Ctrl-C between two tables, or while one is copied.
            if stop.load(Ordering::SeqCst) {
                return Err(stopped_repack(&path, repacked, copy_out));
            }
            let t = TableFile::open(&path).map_err(|e| CliError(e.to_string()))?;
            let dst = out_dir.join(path.file_name().expect("a table file has a name"));
            tables += 1;
            before += t.file_len;
            let name = t.header.class().name();
            // The WDL file holds no blocks: into --out as it is, after its
            // table (copied first, a repack stopped in the table left the
            // WDL file alone in --out).
            let wdl = path.with_extension("fnw");
            let copy_wdl = || -> CliResult {
                if copy_out && wdl.exists() {
                    copy_whole(&wdl, &dst.with_extension("fnw"))?;
                }
                Ok(())
            };
            if t.header.block_entries == n {
                if copy_out {
                    copy_whole(&path, &dst)?;
                }
                copy_wdl()?;
                after += t.file_len;
                if !args.json {
                    // (Copied into --out, it was said to be passed over.)
                    let done = if copy_out { ": copied" } else { "" };
                    println!("{name:>7} already in blocks of {n}{done}");
                }
                continue;
            }
            let bar = count_bar(t.header.entries, format!("repack {name}"));
            let t0 = Instant::now();
            let finished = fanorona::table::repack_table(&t, &dst, n, |done| {
                bar.set_position(done);
                if stop.load(Ordering::SeqCst) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_err(|e| CliError(e.to_string()))?;
            bar.finish_and_clear();
            if finished.is_none() {
                return Err(stopped_repack(&path, repacked, copy_out));
            }
            copy_wdl()?;
            let len = std::fs::metadata(&dst)
                .map_err(|e| CliError(format!("{}: {e}", dst.display())))?
                .len();
            repacked += 1;
            after += len;
            if !args.json {
                println!(
                    "{name:>7} {:>14} values: blocks of {} -> {n}, {} -> {} bytes, {:.2} s",
                    t.header.entries,
                    t.header.block_entries,
                    t.file_len,
                    len,
                    t0.elapsed().as_secs_f64()
                );
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{{\"tables\": {tables}, \"repacked\": {repacked}, \"block_entries\": {n}, \"bytes_before\": {before}, \"bytes_after\": {after}, \"seconds\": {seconds:.3}, \"passed_over\": [{}]}}",
            passed_over
                .iter()
                .map(|p| json_str(p))
                .collect::<Vec<_>>()
                .join(", ")
        );
    } else {
        println!(
            "{tables} tables, {repacked} repacked: {before} -> {after} bytes in {seconds:.1} s"
        );
    }
    Ok(())
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Database folder (every board and rule set in it is checked, or
    /// the one --board picks).
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: PathBuf,
    /// Check this many positions per class, spread over the table, instead
    /// of all of them.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub sample: Option<u64>,
    /// Check only the folder of this board (columns x rows) under the
    /// variant flags given (default: every folder in --db).
    #[arg(long, value_name = "CxR")]
    pub board: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Check only these classes, comma-separated (`4v3,4v3b`), in every
    /// folder checked that holds them; each must be in one at least.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub classes: Vec<String>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// One JSON line a table: {"folder", "board", "rules", "class",
    /// "checked", "mismatches" (positions where the table or its WDL file
    /// is wrong), "wdl_mismatches" (of those, where only the WDL file is),
    /// "seconds", "examples": [{"index",
    /// "position", "stored" (the table's value at this index), "probed"
    /// (what the probe reads, at the index of the position's symmetric
    /// form it looks up), "derived" (what its moves give), "table_wrong"
    /// (false where only the WDL file is wrong), "wdl_file"}]}
    /// ("wdl_file": what the class's WDL file says where it disagrees
    /// with the table, else null), "wdl_problem": what is wrong with the class's WDL file, read
    /// whole, else null}, or {"folder", "board", "rules", "class",
    /// "error"} for a table that cannot be checked (its file or a
    /// successor's unreadable; the others are checked all the same), or
    /// {"folder", "error"} for a table folder that cannot be read; then
    /// a last line {"checked", "mismatches", "wdl_mismatches",
    /// "unreadable", "unreadable_folders", "bad_wdl_files", "seconds"}.
    /// Mismatches, unreadable tables and folders, and damaged WDL files
    /// still exit with code 2.
    #[arg(long)]
    pub json: bool,
}

/// What [`verify_folder`] found: positions checked, mismatches, and
/// tables it could not check (a file unreadable, its own or a
/// successor's).
#[derive(Default)]
struct VerifyCounts {
    checked: u64,
    mismatches: u64,
    /// Of the mismatches, those of a WDL file whose table is right.
    wdl_mismatches: u64,
    unreadable: u64,
    /// WDL files found damaged or not their table's.
    bad_wdl: u64,
    /// The tables whose own values disagree with their successors (not
    /// only their WDL files'): to delete, as a build keeps them.
    wrong_tables: Vec<PathBuf>,
}

/// Re-derives the tables of one folder (`dir`, of `board` under `rules`),
/// those of `only` if it names any, printing a line a table (a table that
/// cannot be read is said and counted, and the others are checked all
/// the same).
fn verify_folder<B: Bits>(
    db: &Path,
    dir: &Path,
    board: Board,
    rules: Rules,
    args: &VerifyArgs,
    only: &[MaterialClass],
) -> Result<VerifyCounts, CliError> {
    let sample = args.sample;
    let tb = Tablebase::<B>::new(db, board, rules);
    let mut counts = VerifyCounts::default();
    // The fields every JSON line of a table starts with.
    let json_head = |class: MaterialClass| {
        format!(
            "\"folder\": {}, \"board\": {}, \"rules\": {}, \"class\": {}",
            json_str(&dir.display().to_string()),
            json_str(&board.to_string()),
            json_str(&rules.slug()),
            json_str(&class.name())
        )
    };
    for (class, t) in tb.list()? {
        if !only.is_empty() && !only.contains(&class) {
            continue;
        }
        let t0 = Instant::now();
        let bar = count_bar(
            t.as_ref().map_or(0, |t| {
                sample.map_or(t.header.entries, |s| s.min(t.header.entries))
            }),
            format!("verify {}", class.name()),
        );
        let verified = t
            .map_err(ProbeError::from)
            .and_then(|_| verify_class(&tb, class, sample, &|n| bar.inc(n)));
        bar.finish_and_clear();
        let r = match verified {
            Ok(r) => r,
            Err(e) => {
                counts.unreadable += 1;
                if args.json {
                    println!(
                        "{{{}, \"error\": {}}}",
                        json_head(class),
                        json_str(&e.to_string())
                    );
                } else {
                    println!("{:>7} cannot be checked: {e}", class.name());
                }
                continue;
            }
        };
        let seconds = t0.elapsed().as_secs_f64();
        if args.json {
            let examples: Vec<String> = r
                .examples
                .iter()
                .map(|m| {
                    format!(
                        "{{\"index\": {}, \"position\": {}, \"stored\": {}, \"probed\": {}, \"derived\": {}, \"table_wrong\": {}, \"wdl_file\": {}}}",
                        m.index,
                        json_str(&position_to_fen(&board, &m.position)),
                        json_str(&m.stored.to_string()),
                        json_str(&m.probed.to_string()),
                        json_str(&m.derived.to_string()),
                        m.table_wrong,
                        m.wdl.map_or("null".to_string(), |w| json_str(w.name()))
                    )
                })
                .collect();
            println!(
                "{{{}, \"checked\": {}, \"mismatches\": {}, \"wdl_mismatches\": {}, \"seconds\": {seconds:.3}, \"examples\": [{}], \"wdl_problem\": {}}}",
                json_head(class),
                r.checked,
                r.mismatches,
                r.wdl_mismatches,
                examples.join(", "),
                r.wdl_problem
                    .as_deref()
                    .map_or("null".to_string(), json_str)
            );
        } else {
            println!(
                "{:>7} {:>14} checked {:>8} mismatches  {seconds:.2} s",
                class.name(),
                r.checked,
                r.mismatches,
            );
            for m in &r.examples {
                let fen = position_to_fen(&board, &m.position);
                match m.wdl {
                    // The table is right; its WDL file is not.
                    Some(w) if !m.table_wrong => println!(
                        "  WDL file wrong at index {}: {fen} is {} in the table, as its moves give, but {} in its WDL file",
                        m.index,
                        m.stored,
                        w.name()
                    ),
                    // Right here, wrong at the index the probe reads.
                    _ if m.stored == m.derived => println!(
                        "  mismatch at index {}: {fen} stored {} here, as its moves give, but the probe reads {} at the index of its symmetric twin",
                        m.index, m.stored, m.probed
                    ),
                    _ => println!(
                        "  mismatch at index {}: {fen} stored {} but its moves give {}{}",
                        m.index,
                        m.stored,
                        m.derived,
                        m.wdl
                            .map(|w| format!("; its WDL file says {}", w.name()))
                            .unwrap_or_default()
                    ),
                }
            }
            if let Some(p) = &r.wdl_problem {
                println!("  its WDL file is set aside: {p}");
            }
        }
        counts.checked += r.checked;
        counts.mismatches += r.mismatches;
        counts.wdl_mismatches += r.wdl_mismatches;
        counts.bad_wdl += u64::from(r.wdl_problem.is_some());
        if r.mismatches > r.wdl_mismatches {
            counts
                .wrong_tables
                .push(fanorona::builder::table_path(dir, class));
        }
    }
    Ok(counts)
}

pub fn verify(args: &VerifyArgs) -> CliResult {
    set_threads(args.threads)?;
    let rules = args.rules.rules();
    let wanted = match &args.board {
        Some(size) => {
            let board = Board::parse(size, rules.diagonals)?;
            // The folder `build`, `probe` and `solve` use for these rules
            // (which leaves out what the tables share: who moves first,
            // the move limit, the diagonals where both rules agree).
            Some((
                board,
                fanorona::builder::table_dir(&args.db, &board, &rules),
            ))
        }
        None if rules != Rules::default() => {
            return Err(CliError(
                "variant flags choose a folder together with --board: give --board too".into(),
            ));
        }
        None => None,
    };
    let only = parse_classes(&args.classes)?;
    let mut folders = table_folders(&args.db)?;
    if folders.is_empty() {
        return Err(CliError(format!("no tables in {}", args.db.display())));
    }
    if let Some((board, dir)) = wanted {
        folders.retain(|f| f.path == dir);
        if folders.is_empty() {
            return Err(CliError(format!(
                "no {board} tables under {rules} in {}",
                args.db.display()
            )));
        }
    }
    // Every class asked for must be somewhere before any is checked (a
    // typo found after an hour of checking would waste it), and a folder
    // holding none of them is left out, not headed with nothing under it.
    if !only.is_empty() {
        let mut held = Vec::new();
        let mut holding = Vec::new();
        for folder in folders {
            let Ok((board, rules)) = folder.game else {
                // Said and counted below, as it cannot be looked into.
                holding.push(folder);
                continue;
            };
            let classes = with_bits!(board.points(), B => {
                Tablebase::<B>::new(&args.db, board, rules).classes()?
            });
            if classes.iter().any(|c| only.contains(c)) {
                holding.push(folder);
            }
            held.extend(classes);
        }
        if let Some(missing) = only.iter().find(|c| !held.contains(c)) {
            // (It may be in a folder that cannot be read.)
            let unread = holding
                .iter()
                .find_map(|f| Some((&f.path, f.game.as_ref().err()?)))
                .map(|(path, why)| format!(" (where {} cannot be read: {why})", path.display()))
                .unwrap_or_default();
            return Err(CliError(format!(
                "--classes {missing}: no such table in {}{unread}",
                args.db.display()
            )));
        }
        folders = holding;
    }
    let start = Instant::now();
    let mut total = VerifyCounts::default();
    // Folders that cannot be listed: said in their place, the others
    // checked all the same (they were passed over, and the run said "0
    // mismatches" and exited 0).
    let mut unreadable_folders = 0u64;
    for TableFolder { path: dir, game } in folders {
        let (board, rules) = match game {
            Ok(game) => game,
            Err(why) => {
                unreadable_folders += 1;
                print_unreadable_folder(&dir, &why, args.json);
                continue;
            }
        };
        if !args.json {
            println!("{}: {board}, {}", dir.display(), rules.table_text());
        }
        let c = with_bits!(board.points(), B => verify_folder::<B>(&args.db, &dir, board, rules, args, &only)?);
        total.checked += c.checked;
        total.mismatches += c.mismatches;
        total.wdl_mismatches += c.wdl_mismatches;
        total.unreadable += c.unreadable;
        total.bad_wdl += c.bad_wdl;
        total.wrong_tables.extend(c.wrong_tables);
    }
    let VerifyCounts {
        checked,
        mismatches,
        wdl_mismatches,
        unreadable,
        bad_wdl,
        wrong_tables,
    } = total;
    if args.json {
        println!(
            "{{\"checked\": {checked}, \"mismatches\": {mismatches}, \"wdl_mismatches\": {wdl_mismatches}, \"unreadable\": {unreadable}, \"unreadable_folders\": {unreadable_folders}, \"bad_wdl_files\": {bad_wdl}, \"seconds\": {:.3}}}",
            start.elapsed().as_secs_f64()
        );
    } else {
        println!("{checked} positions checked, {mismatches} mismatches");
        if unreadable_folders > 0 {
            println!(
                "{} could not be read (said above)",
                counted(unreadable_folders as usize, "table folder", "table folders")
            );
        }
        if unreadable > 0 {
            println!("{unreadable} tables could not be checked (said above)");
        }
        if bad_wdl > 0 {
            println!("{bad_wdl} WDL files damaged or not their table's (said above)");
        }
    }
    if mismatches > wdl_mismatches {
        // What to do, as the WDL files' case says: a build reuses a table
        // whose header and block index read, whatever its values, so the
        // files must go first.
        return Err(CliError(format!(
            "{} positions' table values disagree with their successors (at the position's own index, or where the probe reads it){}: delete {} and {} WDL {} (`.fnw`), and `fanorona build` with the same board, rules and stones makes them again (it keeps a table whose file reads, wrong values and all); then verify again{}",
            mismatches - wdl_mismatches,
            if wdl_mismatches > 0 {
                format!(", and {wdl_mismatches} WDL file values with their tables")
            } else {
                String::new()
            },
            wrong_tables
                .iter()
                .map(|p| shell_word(&p.display().to_string()))
                .collect::<Vec<_>>()
                .join(" "),
            if wrong_tables.len() == 1 {
                "its"
            } else {
                "their"
            },
            if wrong_tables.len() == 1 {
                "file"
            } else {
                "files"
            },
            // A wrong value can also be a successor's, in a table this
            // run did not check.
            if args.sample.is_some() || !args.classes.is_empty() {
                " (this run checked a sample or some classes: a successor's table it did not check can be the wrong one, so if it fails again, verify without --sample and --classes)"
            } else {
                ""
            },
        )));
    }
    if wdl_mismatches > 0 {
        return Err(CliError(format!(
            "{wdl_mismatches} WDL file values disagree with their tables, which agree with their successors: remove those WDL files (`.fnw`), and `fanorona build` with the same board, rules and stones derives them again from the tables"
        )));
    }
    let mut failures = Vec::new();
    if unreadable_folders > 0 {
        failures.push(format!(
            "{} could not be read",
            counted(unreadable_folders as usize, "table folder", "table folders")
        ));
    }
    if unreadable > 0 {
        failures.push(format!("{unreadable} tables could not be checked"));
    }
    if bad_wdl > 0 {
        failures.push(format!("{bad_wdl} WDL files are damaged"));
    }
    if failures.is_empty() {
        Ok(())
    } else if unreadable == 0 && bad_wdl == 0 {
        // (A folder the system will not list is no build's to mend.)
        Err(CliError(format!("{} (said above)", failures.join(" and "))))
    } else {
        Err(CliError(format!(
            "{}: `fanorona build` (the command that built them) replaces damaged tables and \
             derives WDL files again",
            failures.join(" and ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database folder of this test process, emptied, with the 3x3
    /// tables up to `pieces` stones.
    fn db_with_3x3(name: &str, pieces: u32) -> (PathBuf, Board) {
        let db =
            std::env::temp_dir().join(format!("fanorona-dbcmds-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&db);
        let board = Board::new(3, 3, Rules::default().diagonals).unwrap();
        build_3x3(&db, board, pieces);
        (db, board)
    }

    fn build_3x3(db: &Path, board: Board, pieces: u32) {
        let opts = BuildOptions {
            progress: false,
            ..Default::default()
        };
        Builder::<u64>::new(db, board, Rules::default(), opts)
            .build(pieces, |_| {})
            .unwrap();
    }

    /// A table folder whose listing fails (permission denied, which root
    /// never meets) is one of the folders, with the system's error: it
    /// was passed over.
    #[test]
    fn a_folder_whose_listing_fails_is_listed_with_the_error() {
        let (db, board) = db_with_3x3("listing-fails", 2);
        let dir = fanorona::builder::table_dir(&db, &board, &Rules::default());
        let denied = db.join("5x3-corner-free-sl");
        std::fs::create_dir(&denied).unwrap();
        // A folder not named as table folders are is none of them, read
        // or not (a `lost+found` of a disk of tables).
        let other = db.join("lost+found");
        std::fs::create_dir(&other).unwrap();
        let paths = vec![denied.clone(), other.clone(), dir.clone()];
        let found = table_folders_in(&db, paths.into_iter(), |p| {
            if p == denied || p == other {
                Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied))
            } else {
                std::fs::read_dir(p)
            }
        })
        .unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].path, dir);
        assert_eq!(found[0].game.as_ref().unwrap().0, board);
        assert_eq!(found[1].path, denied);
        let why = found[1].game.as_ref().unwrap_err();
        assert!(why.contains("permission denied"), "{why}");
        std::fs::remove_dir_all(&db).unwrap();
    }

    /// `probe` opens a board's tables once for all its positions (each
    /// built its own `Tablebase`, class indexers and all), and again when
    /// the folder changes, so tables built meanwhile are seen.
    #[test]
    fn probe_reuses_a_boards_tables_until_their_folder_changes() {
        let (db, board) = db_with_3x3("reuse", 2);
        let dir = fanorona::builder::table_dir(&db, &board, &Rules::default());
        let set_changed = |t: SystemTime| {
            std::fs::File::open(&dir).unwrap().set_modified(t).unwrap();
        };
        let long_ago = SystemTime::now() - Duration::from_secs(60);
        set_changed(long_ago);
        let mut tables = OpenTables::new(&db, Rules::default());
        let two = Diagram::parse("W../.../.B. w")
            .unwrap()
            .to_position::<u64>();
        assert!(tables.get::<u64>(board).probe(&two).is_ok());
        assert!(tables.get::<u64>(board).probe(&two).is_ok());
        assert_eq!(tables.opened, 1, "opened once for two positions");
        // A table taken away behind the folder's back (its time of change
        // put back) is not seen: the tables are those opened first.
        let class = MaterialClass::new(1, 1, false);
        std::fs::remove_file(fanorona::builder::table_path(&dir, class)).unwrap();
        std::fs::remove_file(fanorona::builder::wdl_path(&dir, class)).unwrap();
        set_changed(long_ago);
        tables.get::<u64>(board);
        assert_eq!(tables.opened, 1);
        // A change is seen: opened again, the new tables answer.
        let three = Diagram::parse("W../.W./..B w")
            .unwrap()
            .to_position::<u64>();
        build_3x3(&db, board, 3);
        set_changed(SystemTime::now());
        assert!(tables.get::<u64>(board).probe(&three).is_ok());
        assert_eq!(tables.opened, 2);
        // Tables opened just after their folder changed are opened again
        // at the next look, whatever the time of change reads: it is kept
        // to a tick (2 s on some file systems), in which a second change
        // reads as the first.
        tables.get::<u64>(board);
        assert_eq!(tables.opened, 3);
        std::fs::remove_dir_all(&db).unwrap();
    }

    #[test]
    fn a_build_warns_only_when_its_largest_group_needs_more_than_is_available() {
        const GIB: u64 = 1 << 30;
        let w = memory_warning("3v5+5v3", 20 * GIB, 15 * GIB).expect("a warning");
        assert!(
            w.contains("3v5+5v3") && w.contains("20.00 GiB") && w.contains("15.00 GiB"),
            "{w}"
        );
        assert_eq!(memory_warning("3v5+5v3", 15 * GIB, 15 * GIB), None);
        assert_eq!(memory_warning("4v4", GIB, 15 * GIB), None);
    }
}
