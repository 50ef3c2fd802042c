//! `solve` and `table`: the proof-number search on the command line.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};

use fanorona::bits::Bits;
use fanorona::geometry::{Board, Geometry};
use fanorona::notation::{Diagram, position_to_fen, turn_to_string};
use fanorona::position::Position;
use fanorona::probe::Tablebase;
use fanorona::rules::{Color, Rules};
use fanorona::search::{
    CheckpointError, CheckpointInfo, Goal, GoalState, INF, MoveReport, MoveSearchHook, MoveValue,
    Progress, SearchLimits, SolveResult, Solver, Split, distinct_moves, solve_split,
};
use fanorona::value::Oracle;
use fanorona::with_bits;

use super::common::{CliError, CliResult, ColorArg, RuleArgs, gib_to_bytes, json_str};
use super::db_cmds;
use super::rules_cmds::board_and_diagram;

/// Flags of the search shared by `solve` and `table`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Endgame table folder (default `db/`). Tables the search needs are
    /// built there first if missing.
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    /// Use tables of at most K stones (default: 15 on boards of up to 15
    /// points, 6 up to 25 points, 5 up to 45, 4 above); 0 searches without
    /// tables.
    #[arg(long, value_name = "K")]
    pub pieces: Option<u32>,
    /// Memory for the search, in GiB (fractions allowed, e.g. 0.5): its
    /// tree, its table of solved positions and the cache of decompressed
    /// endgame-table blocks (see --table-cache).
    #[arg(long, value_name = "GIB", default_value_t = 1.0)]
    pub memory: f64,
    /// How much of --memory holds decompressed endgame-table blocks, in
    /// GiB (default: a quarter of --memory, or less when the tables
    /// decompress to less). Big tables are probed all over: on 9x5 with
    /// 8-stone tables, 3 GiB took 1.7 times less CPU than 256 MiB.
    #[arg(long, value_name = "GIB")]
    pub table_cache: Option<f64>,
    /// Stop after this many seconds (per position with `table`); the result
    /// is then unknown.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop after expanding this many nodes (per position with `table`;
    /// per first move when they are searched side by side).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// No progress line on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Threads (0 = one per core). With more than one, every first move
    /// gets a search of its own, side by side, each with an equal share of
    /// --memory, and the position's value is the best of theirs (a time
    /// limit is spent on a short search of every move first, then on the
    /// moves still open, the most promising first); with 1, a
    /// single search proves the position first and then values its moves,
    /// reusing what it learned (fewer nodes, one core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
}

/// Which first moves `solve` values.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesArg {
    /// Only the value of the position.
    None,
    /// Moves until one that keeps the position's value is found.
    Best,
    /// Every first move.
    All,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Solve the start position of this board (columns x rows), e.g. 5x3.
    #[arg(
        long,
        value_name = "CxR",
        conflicts_with = "position",
        required_unless_present = "position"
    )]
    pub board: Option<String>,
    /// Solve this position instead, e.g. "BBB/B.W/WWW w".
    #[arg(long, value_name = "FEN")]
    pub position: Option<String>,
    /// With --move-limit: how many turns of the game have been played.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub turns_played: u32,
    /// Which first moves to value after the position.
    #[arg(long, value_enum, default_value_t = MovesArg::All)]
    pub moves: MovesArg,
    /// Search only whether SIDE can force a win: one of the two searches a
    /// value needs, for when the other answer is known (after a first move
    /// from a start known to be a draw, only whether the replying side
    /// wins is open). Proved gives the value; disproved gives a bound
    /// ("not a loss" for the other side, JSON "bound"). With --threads
    /// above 1 and --moves all, every first move gets a search of the goal
    /// of its own, until one of them settles the goal at the position (the
    /// others are then stopped or skipped, and left unknown); otherwise
    /// first moves are not valued.
    #[arg(long, value_enum, value_name = "SIDE")]
    pub goal: Option<ColorArg>,
    /// Keep the search's state in FILE, to take a long proof up again
    /// later: when FILE exists it is read first (a checkpoint of the same
    /// board and rules: its solved positions serve any position, its open
    /// tree goes on where it stopped when the same goal is searched from
    /// the same position), and it is written again when the search ends,
    /// whether answered, stopped by a limit or by Ctrl-C. One search only:
    /// --threads is 1 unless given. A tree of the position searched must
    /// fit this search's --memory (the --memory that wrote it always
    /// does); another position's tree that does not fit is passed over,
    /// its solved positions still read (a reply's search seeded with its
    /// parent's checkpoint). With --threads above 1 and --moves all, FILE
    /// is a folder (made if missing) where every first move's search keeps
    /// a checkpoint of its own, FILE/<move>.fns: a split search taken up
    /// in a later sitting skips the moves answered and goes on with the
    /// others where they stopped. Format: db/FORMAT.md.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: a checkpoint read instead of the search's own
    /// when that does not exist yet, for its solved positions only (its
    /// tree is passed over): the checkpoint of the position before, say.
    #[arg(long, value_name = "FILE", requires = "checkpoint")]
    pub checkpoint_seed: Option<PathBuf>,
    /// With --checkpoint: write it every this many minutes while the
    /// search runs too (0: only at the end).
    #[arg(
        long,
        value_name = "MINUTES",
        default_value_t = 30.0,
        requires = "checkpoint"
    )]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// End with one JSON line {"board", "position", "value", "moves",
    /// "nodes", "seconds", ...}.
    #[arg(long)]
    pub json: bool,
}

/// Output formats of `table`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Md,
    Csv,
    Json,
}

impl Format {
    fn ext(self) -> &'static str {
        match self {
            Format::Md => "md",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }
}

#[derive(Args, Debug)]
pub struct TableArgs {
    /// Boards whose start positions to solve, comma-separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "3x3,5x3,3x5,7x3,3x7"
    )]
    pub boards: Vec<String>,
    /// Output formats, comma-separated: md, csv, json.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "md")]
    pub format: Vec<Format>,
    /// Write the table to DIR/table.<format> instead of standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// The oracle the search consults: the endgame tables of `board` under
/// `rules` in `--db` (default `db/`) up to `--pieces` stones (default: a
/// size per board that builds in about a minute), built first when any is
/// missing. `--pieces 0` searches without tables. Returns the oracle, the
/// most stones it knows and the bytes its tables decompress to (0 when
/// `--table-cache` is given, which makes that unneeded).
fn open_oracle<B: Bits>(
    args: &SearchArgs,
    board: &Board,
    rules: &Rules,
) -> Result<(impl Oracle<B> + use<B>, Option<u32>, u64), CliError> {
    // The default folder is made when needed; one named by hand must exist,
    // so a typo does not start a build somewhere unexpected.
    let db = match &args.db {
        Some(db) if !db.is_dir() => {
            return Err(CliError(format!(
                "--db {}: no such folder (create it, or leave --db out to use {}/)",
                db.display(),
                db_cmds::DEFAULT_DB
            )));
        }
        Some(db) => db.clone(),
        None => PathBuf::from(db_cmds::DEFAULT_DB),
    };
    let pieces = args
        .pieces
        .unwrap_or_else(|| db_cmds::default_pieces(board))
        .min(board.points() as u32);
    if pieces < 2 {
        return Ok((None, None, 0));
    }
    if !db_cmds::tables_present(&db, board, rules, pieces) {
        db_cmds::build_tables(
            *board,
            rules,
            pieces,
            &db,
            db_cmds::DEFAULT_BUILD_MEMORY_GIB,
            db_cmds::BuildOutput::Summary,
        )?;
    }
    let tables = Tablebase::<B>::new(&db, *board, *rules);
    // Sizing the default cache opens every table once (header and block
    // index: about 30 MB for 9x5 with 8 stones); a given size needs none.
    let table_bytes = match args.table_cache {
        Some(_) => 0,
        None => tables
            .decompressed_bytes()
            .map_err(|e| CliError(e.to_string()))?,
    };
    Ok((Some(tables), Some(pieces), table_bytes))
}

/// The stop flag, set by Ctrl-C (a second Ctrl-C ends the program at
/// once).
fn stop_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        let installed = ctrlc::set_handler(move || {
            if f.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        if let Err(e) = installed {
            eprintln!("warning: Ctrl-C will not stop the search cleanly: {e}");
        }
        flag
    })
    .clone()
}

impl SearchArgs {
    fn limits(&self) -> Result<SearchLimits, CliError> {
        if !self.memory.is_finite() || self.memory <= 0.0 || self.memory > 4096.0 {
            return Err(CliError(format!(
                "--memory {}: give a number of GiB above 0 and at most 4096",
                self.memory
            )));
        }
        let bytes = gib_to_bytes(self.memory) as usize;
        if bytes < 1 << 20 {
            return Err(CliError(format!(
                "--memory {}: at least 1 MiB (0.001 GiB) is needed",
                self.memory
            )));
        }
        if let Some(c) = self.table_cache
            && (!c.is_finite() || c < 0.0 || gib_to_bytes(c) as usize + (1 << 20) > bytes)
        {
            return Err(CliError(format!(
                "--table-cache {c}: give a number of GiB from 0 up to --memory ({}) less 1 MiB",
                self.memory
            )));
        }
        let time = match self.time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(CliError(format!(
                    "--time-limit {t}: give a number of seconds above 0"
                )));
            }
        };
        if self.nodes == Some(0) {
            return Err(CliError("--nodes 0: give at least 1".into()));
        }
        Ok(SearchLimits {
            nodes: self.nodes,
            time,
            memory_bytes: bytes,
            stop: Some(stop_flag()),
        })
    }

    /// The bytes of `memory_bytes` (checked by [`SearchArgs::limits`]) to
    /// give the cache of decompressed table blocks, when the tables
    /// decompress to `table_bytes`.
    fn table_cache_bytes(&self, memory_bytes: usize, table_bytes: u64) -> usize {
        match self.table_cache {
            Some(c) => gib_to_bytes(c) as usize,
            None => (memory_bytes / 4).min(usize::try_from(table_bytes).unwrap_or(usize::MAX)),
        }
    }
}

/// The progress line on stderr: redrawn in place at most four times a
/// second on a terminal, a plain line every 30 seconds otherwise.
struct ProgressLine {
    enabled: bool,
    tty: bool,
    label: String,
    /// The first moves' names, in the order the search counts them.
    move_names: Vec<String>,
    last: Option<Instant>,
    drawn: bool,
}

impl ProgressLine {
    fn new(quiet: bool, label: String) -> Self {
        ProgressLine {
            enabled: !quiet,
            tty: std::io::stderr().is_terminal(),
            label,
            move_names: Vec::new(),
            last: None,
            drawn: false,
        }
    }

    /// The line for a snapshot.
    fn text(&self, p: &Progress) -> String {
        let phase = match p.first_move {
            Some((i, n)) => match self.move_names.get(i - 1) {
                Some(name) => format!("first move {i}/{n} {name}, "),
                None => format!("first move {i}/{n}, "),
            },
            None => String::new(),
        };
        format!(
            "{} {}{} wins? pn {} dn {}, {} nodes ({}/s), {} table hits, tree {} nodes {}{}, solved {} ({}), {:.1} s",
            self.label,
            phase,
            p.attacker.name(),
            number(p.proof),
            number(p.disproof),
            human(p.nodes as f64),
            human(p.nodes as f64 / p.seconds.max(1e-9)),
            human(p.oracle_hits as f64),
            human(p.tree_nodes as f64),
            bytes(p.tree_bytes),
            if p.second_levels > 0 {
                format!(" ({} cuts, PN² {})", p.cuts, human(p.second_levels as f64))
            } else if p.cuts > 0 {
                format!(" ({} cuts)", p.cuts)
            } else {
                String::new()
            },
            human(p.tt_entries as f64),
            bytes(p.tt_bytes),
            p.seconds
        )
    }

    fn show(&mut self, p: &Progress) {
        if !self.enabled {
            return;
        }
        let every = if self.tty { 0.25 } else { 30.0 };
        if self.last.is_some_and(|t| t.elapsed().as_secs_f64() < every) {
            return;
        }
        self.last = Some(Instant::now());
        let line = self.text(p);
        let mut err = std::io::stderr().lock();
        if self.tty {
            let _ = write!(err, "\r\x1b[2K{line}");
            self.drawn = true;
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
    }

    fn finish(&mut self) {
        if self.drawn {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.drawn = false;
        }
    }
}

fn human(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2}G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.2}M", x / 1e6)
    } else if x >= 1e4 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn bytes(b: usize) -> String {
    let b = b as f64;
    if b >= (1u64 << 30) as f64 {
        format!("{:.2} GiB", b / (1u64 << 30) as f64)
    } else {
        format!("{:.1} MiB", b / (1u64 << 20) as f64)
    }
}

fn number(n: u64) -> String {
    if n == INF {
        "inf".into()
    } else {
        n.to_string()
    }
}

fn value_name(v: Option<fanorona::value::Wdl>) -> &'static str {
    v.map_or("unknown", |w| w.name())
}

/// A goal as printed: (attacker, state, proof number, disproof number).
type GoalRow = (String, &'static str, u64, u64);

/// A solved position, ready to print.
struct Report {
    board: Board,
    fen: String,
    turn: Color,
    value: Option<fanorona::value::Wdl>,
    /// The one goal searched, with `--goal`.
    goal: Option<Color>,
    /// (move, value for the side playing it), best first.
    moves: Vec<(String, Option<fanorona::value::Wdl>)>,
    nodes: u64,
    seconds: f64,
    table_hits: u64,
    table_stones: Option<u32>,
    stopped: Option<String>,
    /// The goals searched at the position.
    goals: Vec<GoalRow>,
    /// The goals searched after each first move (move, goals): its own
    /// search's (`--threads` above 1), or those the root's value left open.
    move_goals: Vec<(String, Vec<GoalRow>)>,
    solved_entries: usize,
    /// The search's bound: --memory less the table cache.
    memory_bytes: usize,
    /// The bound on decompressed table blocks held.
    cache_bytes: usize,
    /// Table blocks looked up in this search: (found in the cache, read
    /// and decompressed).
    cache_reads: (u64, u64),
    tree_bytes: usize,
    tt_bytes: usize,
    /// Times the tree was compacted, open subtrees cut off, and
    /// second-level searches run: how short of memory the search was.
    compactions: u64,
    cuts: u64,
    second_levels: u64,
    checkpoint: Option<CheckpointReport>,
    /// A split search's checkpoints: each first move's (its name, the
    /// report), in the order of the moves.
    move_checkpoints: Vec<(String, CheckpointReport)>,
}

/// What `--checkpoint` read and wrote.
#[derive(Default)]
struct CheckpointReport {
    path: PathBuf,
    read: Option<CheckpointRead>,
    written: Option<CheckpointWritten>,
    /// Checkpoints written while the search ran.
    autosaves: u32,
    /// Nodes expanded over every sitting.
    total_nodes: u64,
    /// Why the checkpoint could not be written (the result stands).
    error: Option<String>,
}

/// What `run` is asked about a position.
struct Ask<'a> {
    /// Turns of the game behind the position (move-limit variant).
    turns_played: u32,
    report: MoveReport,
    /// The one goal to search (`--goal`).
    goal: Option<Color>,
    checkpoint: Option<&'a CheckpointPlan<'a>>,
}

/// What was written to a checkpoint.
struct CheckpointWritten {
    solved: usize,
    tree_nodes: usize,
    bytes: u64,
    seconds: f64,
}

/// What a checkpoint held when it was read.
struct CheckpointRead {
    solved: usize,
    tree_nodes: usize,
    /// The open tree's position (FEN) and goal (attacker).
    tree: Option<(String, Color)>,
    /// A tree passed over (another position's without the room for it, or
    /// a seed's): its position (FEN), goal and nodes.
    skipped: Option<(String, Color, u64)>,
}

/// `--checkpoint` and how often to write it while searching.
struct CheckpointPlan<'a> {
    path: &'a Path,
    /// Read when `path` does not exist yet.
    seed: Option<&'a Path>,
    every: Option<Duration>,
}

impl CheckpointRead {
    fn of<B: Bits>(board: &Board, info: &CheckpointInfo<B>) -> Self {
        CheckpointRead {
            solved: info.solved,
            tree_nodes: info.tree_nodes,
            tree: info
                .tree_root
                .map(|(p, goal)| (position_to_fen(board, &p), goal)),
            skipped: info
                .tree_skipped
                .as_ref()
                .map(|t| (position_to_fen(board, &t.root), t.goal, t.nodes)),
        }
    }
}

/// `--checkpoint DIR` of a split search (`--threads` above 1): every first
/// move's search is read from `DIR/<move>.fns` before (or from the seed,
/// the first time) and written there after, each of its two passes.
struct MoveCheckpoints<'a> {
    board: Board,
    files: Vec<PathBuf>,
    seed: Option<&'a Path>,
    every: Option<Duration>,
    /// Set when a file cannot be read, to stop the other searches (they
    /// keep their own files).
    stop: Option<Arc<AtomicBool>>,
    state: Mutex<MoveCheckpointState>,
}

#[derive(Default)]
struct MoveCheckpointState {
    reports: Vec<CheckpointReport>,
    /// Moves whose file could not be read: it is never written over.
    unreadable: Vec<bool>,
    /// The first file that could not be read.
    error: Option<CheckpointError>,
}

/// Reads a search's own checkpoint `file` if it exists (its tree taken up
/// when it is `pos`'s), else the solved positions of `seed`, if any: the
/// file read and what it gave.
fn load_own_or_seed<'p, B: Bits, O: Oracle<B>>(
    solver: &mut Solver<'_, B, O>,
    file: &'p Path,
    seed: Option<&'p Path>,
    pos: &Position<B>,
) -> Option<(&'p Path, Result<CheckpointInfo<B>, CheckpointError>)> {
    if file.exists() {
        Some((file, solver.load_checkpoint_for(file, pos)))
    } else {
        seed.map(|seed| (seed, solver.load_checkpoint_solved(seed)))
    }
}

impl<B: Bits, O: Oracle<B>> MoveSearchHook<B, O> for MoveCheckpoints<'_> {
    fn before(&self, i: usize, pos: &Position<B>, solver: &mut Solver<'_, B, O>) {
        let file = &self.files[i];
        if let Some((_, read)) = load_own_or_seed(solver, file, self.seed, pos) {
            let mut st = self.state.lock().expect("checkpoint lock");
            match read {
                Ok(info) => {
                    let report = &mut st.reports[i];
                    if report.read.is_none() {
                        report.read = Some(CheckpointRead::of(&self.board, &info));
                    }
                }
                Err(e) => {
                    st.unreadable[i] = true;
                    st.error.get_or_insert(e);
                    if let Some(stop) = &self.stop {
                        stop.store(true, Ordering::SeqCst);
                    }
                    // Never written over: no autosave either.
                    return;
                }
            }
        }
        if let Some(every) = self.every {
            solver.set_autosave(file, every);
        }
    }

    fn after(&self, i: usize, solver: &mut Solver<'_, B, O>, _: &SolveResult<B>) {
        if self.state.lock().expect("checkpoint lock").unreadable[i] {
            return;
        }
        let (autosaves, autosave_error) = solver.autosave_status();
        let saved = solver.save_checkpoint(&self.files[i]);
        let mut st = self.state.lock().expect("checkpoint lock");
        let report = &mut st.reports[i];
        report.autosaves += autosaves;
        report.total_nodes = solver.total_nodes();
        match saved {
            Ok(w) => {
                report.written = Some(CheckpointWritten {
                    solved: w.solved,
                    tree_nodes: w.tree_nodes,
                    bytes: w.bytes,
                    seconds: w.seconds,
                });
                if let Some(e) = autosave_error {
                    eprintln!(
                        "warning: writing {} while searching failed: {e}",
                        self.files[i].display()
                    );
                }
            }
            Err(e) => report.error = Some(e.to_string()),
        }
    }
}

impl Report {
    fn best(&self) -> Vec<&str> {
        self.moves
            .iter()
            .filter(|(_, v)| v.is_some() && *v == self.value)
            .map(|(m, _)| m.as_str())
            .collect()
    }
    fn tables(&self) -> String {
        match self.table_stones {
            Some(k) => format!("<= {k} stones"),
            None => "none".into(),
        }
    }
    /// The goals searched after first move `m`, if any.
    fn goals_after(&self, m: &str) -> Option<&[GoalRow]> {
        self.move_goals
            .iter()
            .find(|(names, _)| names.split(' ').any(|n| n == m))
            .map(|(_, g)| g.as_slice())
    }
    /// With `--goal`, when it was disproved: what that says about the
    /// value for the side to move ("not-win" or "not-loss").
    fn bound(&self) -> Option<&'static str> {
        goal_bound(self.goal?, self.turn, self.value, &self.goals)
    }
    /// [`Report::bound`] for the side playing first move `m`.
    fn move_bound(&self, m: &str) -> Option<&'static str> {
        let goals = self.goals_after(m)?;
        let value = self.moves.iter().find(|(n, _)| n == m)?.1;
        goal_bound(self.goal?, self.turn, value, goals)
    }
    fn all_moves(&self) -> String {
        self.moves
            .iter()
            .map(|(m, v)| format!("{m} {}", self.move_bound(m).unwrap_or(value_name(*v))))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a disproved `--goal` (`attacker` wins) says about the value for
/// `side`, when the value itself is unknown: "not-win" or "not-loss".
fn goal_bound(
    attacker: Color,
    side: Color,
    value: Option<fanorona::value::Wdl>,
    goals: &[GoalRow],
) -> Option<&'static str> {
    let disproved = goals
        .iter()
        .any(|(a, st, _, _)| *a == attacker.name() && *st == "disproved");
    match (value, disproved) {
        (None, true) if attacker == side => Some("not-win"),
        (None, true) => Some("not-loss"),
        _ => None,
    }
}

/// Solves one position and gathers what is printed about it.
fn run<B: Bits>(
    board: Board,
    rules: &Rules,
    pos: &Position<B>,
    ask: Ask,
    args: &SearchArgs,
) -> Result<Report, CliError> {
    let Ask {
        turns_played,
        report,
        goal,
        checkpoint,
    } = ask;
    let geo = Geometry::<B>::new(board);
    let mut limits = args.limits()?;
    let (oracle, table_stones, table_bytes) = open_oracle::<B>(args, &board, rules)?;
    let cache_bytes = args.table_cache_bytes(limits.memory_bytes, table_bytes);
    fanorona::table::set_block_cache_bytes(cache_bytes);
    limits.memory_bytes -= cache_bytes;
    let reads_before = fanorona::table::block_cache_stats();
    let memory_bytes = limits.memory_bytes;
    let threads = match args.threads {
        // A checkpoint is the state of one search.
        0 if checkpoint.is_some() => 1,
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut checkpoint_report = None;
    let mut move_checkpoints = Vec::new();
    let mut line = ProgressLine::new(args.quiet, format!("[{board}]"));
    let moves = distinct_moves(&geo, rules, pos);
    line.move_names = moves
        .iter()
        .map(|m| {
            let names: Vec<String> = m.turns.iter().map(|t| turn_to_string(&board, t)).collect();
            names.join("/")
        })
        .collect();
    let res: SolveResult<B> = if threads > 1 && report == MoveReport::All {
        // One search per first move: the line adds up the latest report
        // of each.
        let t0 = Instant::now();
        // A split search's checkpoints are named after each move's first
        // turn.
        let file_names: Vec<String> = moves
            .iter()
            .map(|m| turn_to_string(&board, &m.turns[0]))
            .collect();
        let hook = match checkpoint {
            Some(plan) => {
                std::fs::create_dir_all(plan.path).map_err(|e| {
                    CliError(format!(
                        "--checkpoint {}: with --threads {threads} a folder for a checkpoint a \
                         first move: {e}",
                        plan.path.display()
                    ))
                })?;
                let files: Vec<PathBuf> = file_names
                    .iter()
                    .map(|name| plan.path.join(format!("{name}.fns")))
                    .collect();
                for f in &files {
                    fanorona::search::check_writable(f)
                        .map_err(|e| CliError(format!("--checkpoint: cannot write there: {e}")))?;
                }
                let state = MoveCheckpointState {
                    reports: files
                        .iter()
                        .map(|f| CheckpointReport {
                            path: f.clone(),
                            ..CheckpointReport::default()
                        })
                        .collect(),
                    unreadable: vec![false; files.len()],
                    error: None,
                };
                Some(MoveCheckpoints {
                    board,
                    files,
                    seed: plan.seed,
                    every: plan.every,
                    stop: limits.stop.clone(),
                    state: Mutex::new(state),
                })
            }
            None => None,
        };
        let shared = Mutex::new((line, Vec::<Option<Progress>>::new()));
        let progress = |i: usize, p: &Progress| {
            let mut guard = shared.lock().expect("progress lock");
            let (line, latest) = &mut *guard;
            if latest.len() <= i {
                latest.resize(i + 1, None);
            }
            latest[i] = Some(p.clone());
            let all = latest.iter().flatten();
            let sum = Progress {
                nodes: all.clone().map(|q| q.nodes).sum(),
                oracle_hits: all.clone().map(|q| q.oracle_hits).sum(),
                tt_entries: all.clone().map(|q| q.tt_entries).sum(),
                tt_bytes: all.clone().map(|q| q.tt_bytes).sum(),
                cuts: all.clone().map(|q| q.cuts).sum(),
                second_levels: all.clone().map(|q| q.second_levels).sum(),
                seconds: t0.elapsed().as_secs_f64(),
                ..p.clone()
            };
            line.show(&sum);
        };
        let split = Split {
            threads,
            goal,
            progress: &progress,
            hook: hook.as_ref().map(|h| h as &dyn MoveSearchHook<B, _>),
        };
        let res = solve_split(&geo, rules, pos, turns_played, &oracle, &limits, &split)?;
        line = shared.into_inner().expect("progress lock").0;
        if let Some(h) = hook {
            let st = h.state.into_inner().expect("checkpoint lock");
            if let Some(e) = st.error {
                line.finish();
                return Err(CliError(format!(
                    "{e} (the other first moves' checkpoints were written)"
                )));
            }
            move_checkpoints = file_names.into_iter().zip(st.reports).collect();
        }
        res
    } else {
        let mut solver = Solver::new(&geo, *rules, &oracle, limits);
        let mut read = None;
        if let Some(plan) = checkpoint {
            if let Some((source, loaded)) = load_own_or_seed(&mut solver, plan.path, plan.seed, pos)
            {
                let info = loaded?;
                let own = source == plan.path;
                let r = CheckpointRead::of(&board, &info);
                if let (Some((fen, goal, nodes)), false) = (&r.skipped, args.quiet) {
                    eprintln!(
                        "passed over {}'s open tree of \"{} wins?\" at {fen} ({nodes} nodes): {}",
                        source.display(),
                        goal.name(),
                        if own {
                            "another position's, more than --memory has room for"
                        } else {
                            "a seed gives its solved positions only"
                        }
                    );
                }
                if !args.quiet {
                    eprintln!(
                        "read {}: {} solved positions{} ({:.1} s)",
                        source.display(),
                        info.solved,
                        match &r.tree {
                            Some((fen, goal)) => format!(
                                ", the open tree of \"{} wins?\" at {fen} ({} nodes)",
                                goal.name(),
                                info.tree_nodes
                            ),
                            None => String::new(),
                        },
                        info.seconds
                    );
                }
                read = Some(r);
            }
            if let Some(every) = plan.every {
                solver.set_autosave(plan.path, every);
            }
        }
        let res = match goal {
            Some(attacker) => {
                solver.prove_goal(pos, turns_played, attacker, &mut |p| line.show(p))?
            }
            None => solver.solve(pos, turns_played, report, &mut |p| line.show(p))?,
        };
        if let Some(plan) = checkpoint {
            line.finish();
            let (autosaves, autosave_error) = solver.autosave_status();
            if let Some(e) = autosave_error {
                eprintln!("warning: writing the checkpoint while searching failed: {e}");
            }
            let saved = solver.save_checkpoint(plan.path);
            checkpoint_report = Some(CheckpointReport {
                path: plan.path.to_owned(),
                read,
                written: saved.as_ref().ok().map(|i| CheckpointWritten {
                    solved: i.solved,
                    tree_nodes: i.tree_nodes,
                    bytes: i.bytes,
                    seconds: i.seconds,
                }),
                autosaves,
                total_nodes: solver.total_nodes(),
                error: saved.err().map(|e| e.to_string()),
            });
        }
        res
    };
    line.finish();
    let reads_after = fanorona::table::block_cache_stats();
    let cache_reads = (
        reads_after.0 - reads_before.0,
        reads_after.1 - reads_before.1,
    );
    let moves = res
        .moves
        .iter()
        .flat_map(|m: &MoveValue<B>| {
            m.turns
                .iter()
                .map(move |t| (turn_to_string(&board, t), m.value))
        })
        .collect();
    let goal_rows = |goals: &[Goal]| -> Vec<GoalRow> {
        goals
            .iter()
            .map(|g| {
                let (state, pn, dn) = match g.state {
                    GoalState::Proved => ("proved", 0, INF),
                    GoalState::Disproved => ("disproved", INF, 0),
                    GoalState::Open { proof, disproof } => ("open", proof, disproof),
                };
                (g.attacker.name().to_string(), state, pn, dn)
            })
            .collect()
    };
    let goals = goal_rows(&res.goals);
    // The goals searched after each first move.
    let move_goals = res
        .moves
        .iter()
        .filter(|m| !m.goals.is_empty())
        .map(|m| {
            let names: Vec<String> = m.turns.iter().map(|t| turn_to_string(&board, t)).collect();
            (names.join(" "), goal_rows(&m.goals))
        })
        .collect();
    Ok(Report {
        board,
        fen: position_to_fen(&board, pos),
        turn: pos.turn,
        value: res.value,
        goal,
        moves,
        nodes: res.nodes,
        seconds: res.seconds,
        table_hits: res.oracle_hits,
        table_stones,
        stopped: res.stopped.map(|s| s.name().to_string()),
        goals,
        move_goals,
        solved_entries: res.tt_entries,
        memory_bytes,
        cache_bytes,
        cache_reads,
        tree_bytes: res.tree_bytes,
        tt_bytes: res.tt_bytes,
        compactions: res.compactions,
        cuts: res.cuts,
        second_levels: res.second_levels,
        checkpoint: checkpoint_report,
        move_checkpoints,
    })
}

pub fn solve(args: &SolveArgs) -> CliResult {
    let rules = args.rules.rules();
    if args.turns_played > 0 && !rules.move_limit {
        return Err(CliError(format!(
            "--turns-played {} only means something with --move-limit",
            args.turns_played
        )));
    }
    let (board, d) = board_and_diagram(
        args.board.as_deref().unwrap_or(""),
        args.position.as_deref(),
        &rules,
    )?;
    let report = match args.moves {
        MovesArg::None => MoveReport::None,
        MovesArg::Best => MoveReport::Best,
        MovesArg::All => MoveReport::All,
    };
    let every = args.checkpoint_every;
    if !every.is_finite() || !(0.0..=1e6).contains(&every) {
        return Err(CliError(format!(
            "--checkpoint-every {every}: give a number of minutes from 0 up (0: only at the end)"
        )));
    }
    // A split search (`--threads` above 1 with every first move) keeps a
    // folder of checkpoints, checked when the moves are known.
    let split = args.search.threads > 1 && report == MoveReport::All;
    if let Some(path) = args.checkpoint.as_deref() {
        if split && path.is_file() {
            return Err(CliError(format!(
                "--checkpoint {}: a file, but --threads {} with --moves all keeps a checkpoint a \
                 first move in a folder: give a folder (or --threads 1 for one search in FILE)",
                path.display(),
                args.search.threads
            )));
        }
        if !split {
            fanorona::search::check_writable(path)
                .map_err(|e| CliError(format!("--checkpoint: cannot write there: {e}")))?;
        }
    }
    if let Some(seed) = args.checkpoint_seed.as_deref()
        && !seed.is_file()
    {
        return Err(CliError(format!(
            "--checkpoint-seed {}: no such file",
            seed.display()
        )));
    }
    let plan = args.checkpoint.as_deref().map(|path| CheckpointPlan {
        path,
        seed: args.checkpoint_seed.as_deref(),
        every: (every > 0.0).then(|| Duration::from_secs_f64(every * 60.0)),
    });
    let r = with_bits!(board.points(), B => {
        let pos: Position<B> = d.to_position();
        let ask = Ask {
            turns_played: args.turns_played,
            report,
            goal: args.goal.map(ColorArg::color),
            checkpoint: plan.as_ref(),
        };
        run(board, &rules, &pos, ask, &args.search)?
    });
    if !args.json {
        print_solve(&r, &rules, &d);
    }
    if args.json {
        println!("{}", json_report(&r, &rules));
    }
    match r.checkpoint.as_ref().and_then(|c| c.error.as_ref()) {
        // The answer is printed; the state could not be kept.
        Some(e) => Err(CliError(format!("writing the checkpoint failed: {e}"))),
        None => Ok(()),
    }
}

fn print_solve(r: &Report, rules: &Rules, d: &Diagram) {
    let side = d.turn.name();
    println!("position  {}  ({}, {} to move)", r.fen, r.board, side);
    println!("rules     {rules}");
    match (r.value, r.bound(), r.goal) {
        (Some(v), _, _) => println!("value     {} for {side}", v.name()),
        (None, Some(b), Some(g)) => println!(
            "value     {} for {side} (only \"{} wins?\" was searched)",
            b.replace('-', " a "),
            g.name()
        ),
        _ => println!(
            "value     unknown ({})",
            r.stopped.as_deref().unwrap_or("stopped")
        ),
    }
    print_goals("          ", &r.goals);
    if r.value.is_none() {
        for (m, goals) in &r.move_goals {
            println!("          after {m}:");
            print_goals("            ", goals);
        }
    }
    let best = r.best();
    if !best.is_empty() {
        println!("best      {}", best.join(" "));
    }
    if !r.moves.is_empty() {
        println!("moves     {}", r.all_moves());
    }
    println!(
        "nodes     {} in {:.3} s ({}/s)",
        r.nodes,
        r.seconds,
        human(r.nodes as f64 / r.seconds.max(1e-9))
    );
    let (cached, read) = r.cache_reads;
    println!(
        "tables    {} ({} hits, {} cache: {:.1}% of {} block look-ups cached); {} solved positions kept; tree peak {} of a {} bound",
        r.tables(),
        r.table_hits,
        bytes(r.cache_bytes),
        100.0 * cached as f64 / (cached + read).max(1) as f64,
        cached + read,
        r.solved_entries,
        bytes(r.tree_bytes),
        bytes(r.memory_bytes)
    );
    if r.compactions > 0 {
        println!(
            "memory    tree full {} times: open subtrees cut off {} times, {} second-level (PN²) searches{}",
            r.compactions,
            r.cuts,
            r.second_levels,
            if r.cuts > 0 {
                "; more --memory would help"
            } else {
                ""
            }
        );
    }
    for c in r
        .checkpoint
        .iter()
        .chain(r.move_checkpoints.iter().map(|(_, c)| c))
    {
        print_checkpoint(c);
    }
}

fn print_checkpoint(c: &CheckpointReport) {
    if let Some(w) = &c.written {
        println!(
            "checkpoint {}: {} solved positions and {} written ({}, {:.1} s; {} while searching); {} nodes over every sitting",
            c.path.display(),
            w.solved,
            if w.tree_nodes > 0 {
                format!("the open tree ({} nodes)", w.tree_nodes)
            } else {
                "no open tree".to_string()
            },
            bytes(w.bytes as usize),
            w.seconds,
            c.autosaves,
            c.total_nodes
        );
    } else if let Some(e) = &c.error {
        println!("checkpoint {}: not written: {e}", c.path.display());
    }
}

fn print_goals(indent: &str, goals: &[GoalRow]) {
    for (attacker, state, pn, dn) in goals {
        if *state == "open" {
            println!(
                "{indent}{attacker} wins? open: proof number {}, disproof number {}",
                number(*pn),
                number(*dn)
            );
        } else {
            println!("{indent}{attacker} wins? {state}");
        }
    }
}

fn json_goals(goals: &[GoalRow]) -> String {
    let items: Vec<String> = goals
        .iter()
        .map(|(a, st, pn, dn)| {
            format!(
                "{{\"attacker\": {}, \"state\": {}, \"proof\": {}, \"disproof\": {}}}",
                json_str(a),
                json_str(st),
                json_number(*pn),
                json_number(*dn)
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn json_report(r: &Report, rules: &Rules) -> String {
    let mut s = String::new();
    let moves: Vec<String> = r.best().iter().map(|m| json_str(m)).collect();
    let all: Vec<String> = r
        .moves
        .iter()
        .map(|(m, v)| {
            // The goals searched after the move, if any.
            let goals = r
                .goals_after(m)
                .map_or(String::new(), |g| format!(", \"goals\": {}", json_goals(g)));
            let bound = r
                .move_bound(m)
                .map_or(String::new(), |b| format!(", \"bound\": {}", json_str(b)));
            format!(
                "{{\"move\": {}, \"value\": {}{bound}{goals}}}",
                json_str(m),
                json_str(value_name(*v))
            )
        })
        .collect();
    let _ = write!(
        s,
        "{{\"board\": {}, \"position\": {}, \"rules\": {}, \"value\": {}, \"moves\": [{}], \"first_moves\": [{}], \"nodes\": {}, \"seconds\": {:.6}, \"table_hits\": {}, \"tables\": {}, \"memory_used_bytes\": {}, \"table_cache_bytes\": {}, \"table_cache_hits\": {}, \"table_cache_misses\": {}, \"tree_compactions\": {}, \"tree_cuts\": {}, \"second_level_searches\": {}, \"stopped\": {}, \"goal\": {}, \"bound\": {}, \"goals\": {}}}",
        json_str(&r.board.to_string()),
        json_str(&r.fen),
        json_str(&rules.label()),
        json_str(value_name(r.value)),
        moves.join(", "),
        all.join(", "),
        r.nodes,
        r.seconds,
        r.table_hits,
        r.table_stones.map_or("null".to_string(), |k| k.to_string()),
        r.tree_bytes + r.tt_bytes,
        r.cache_bytes,
        r.cache_reads.0,
        r.cache_reads.1,
        r.compactions,
        r.cuts,
        r.second_levels,
        r.stopped.as_deref().map_or("null".to_string(), json_str),
        r.goal.map_or("null".to_string(), |g| json_str(g.name())),
        r.bound().map_or("null".to_string(), json_str),
        json_goals(&r.goals)
    );
    if let Some(c) = &r.checkpoint {
        // Before the closing brace: the checkpoint's fields.
        s.pop();
        let _ = write!(s, ", \"checkpoint\": {}}}", json_checkpoint(c));
    }
    if !r.move_checkpoints.is_empty() {
        s.pop();
        let files: Vec<String> = r
            .move_checkpoints
            .iter()
            .map(|(m, c)| format!("{{\"move\": {}, {}", json_str(m), &json_checkpoint(c)[1..]))
            .collect();
        let _ = write!(s, ", \"checkpoints\": [{}]}}", files.join(", "));
    }
    s
}

/// What a checkpoint read and wrote, as a JSON object.
fn json_checkpoint(c: &CheckpointReport) -> String {
    let read = match &c.read {
        None => "null".to_string(),
        Some(CheckpointRead {
            solved,
            tree_nodes,
            tree: root,
            skipped,
        }) => format!(
            "{{\"solved\": {solved}, \"tree_nodes\": {tree_nodes}, \"tree_position\": {}, \"tree_goal\": {}, \"tree_skipped\": {}}}",
            root.as_ref()
                .map_or("null".to_string(), |(f, _)| json_str(f)),
            root.as_ref()
                .map_or("null".to_string(), |(_, g)| json_str(g.name())),
            skipped
                .as_ref()
                .map_or("null".to_string(), |(f, g, n)| format!(
                    "{{\"position\": {}, \"goal\": {}, \"nodes\": {n}}}",
                    json_str(f),
                    json_str(g.name())
                ))
        ),
    };
    let written = match &c.written {
        None => "null".to_string(),
        Some(w) => format!(
            "{{\"solved\": {}, \"tree_nodes\": {}, \"bytes\": {}, \"seconds\": {:.3}}}",
            w.solved, w.tree_nodes, w.bytes, w.seconds
        ),
    };
    format!(
        "{{\"file\": {}, \"read\": {read}, \"written\": {written}, \"autosaves\": {}, \"total_nodes\": {}, \"error\": {}}}",
        json_str(&c.path.display().to_string()),
        c.autosaves,
        c.total_nodes,
        c.error.as_deref().map_or("null".to_string(), json_str)
    )
}

/// A proof number in JSON: infinity as the string "inf".
fn json_number(n: u64) -> String {
    if n == INF {
        "\"inf\"".into()
    } else {
        n.to_string()
    }
}

pub fn table(args: &TableArgs) -> CliResult {
    let rules = args.rules.rules();
    // Read every board first, so a typo stops the run before any search.
    let mut boards = Vec::new();
    for b in &args.boards {
        let (c, r) = Board::parse_size(b)?;
        boards.push(Board::new(c, r, rules.diagonals)?);
    }
    if boards.is_empty() {
        return Err(CliError("--boards: give at least one board".into()));
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("--out {}: {e}", dir.display())))?;
    }
    args.search.limits()?;
    let mut rows = Vec::new();
    for board in boards {
        let r = with_bits!(board.points(), B => {
            let pos = Position::<B>::start(&board, rules.first);
            let ask = Ask {
                turns_played: 0,
                report: MoveReport::All,
                goal: None,
                checkpoint: None,
            };
            run(board, &rules, &pos, ask, &args.search)?
        });
        eprintln!(
            "{}: {} ({} nodes, {:.2} s)",
            board,
            value_name(r.value),
            r.nodes,
            r.seconds
        );
        let interrupted = r.stopped.as_deref() == Some("interrupted");
        rows.push(r);
        if interrupted {
            eprintln!("interrupted: the boards after this one are left out");
            break;
        }
    }
    for f in &args.format {
        let text = match f {
            Format::Md => table_md(&rows, &rules),
            Format::Csv => table_csv(&rows, &rules),
            Format::Json => table_json(&rows, &rules),
        };
        match &args.out {
            Some(dir) => {
                let path = dir.join(format!("table.{}", f.ext()));
                write_file(&path, &text)?;
                eprintln!("wrote {}", path.display());
            }
            None => print!("{text}"),
        }
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> CliResult {
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

fn table_md(rows: &[Report], rules: &Rules) -> String {
    let mut s = format!(
        "Start positions, {} first; rules: {rules}.\nValues are for the side to move; a first move's value is for the side playing it.\n\n",
        rules.first.name()
    );
    s.push_str(
        "| board | value | best first moves | all first moves | nodes | seconds | memory used | tables |\n",
    );
    s.push_str("|---|---|---|---|---:|---:|---:|---|\n");
    for r in rows {
        let value = match (&r.value, &r.stopped) {
            (Some(v), _) => v.name().to_string(),
            (None, Some(why)) => format!("unknown ({why})"),
            (None, None) => "unknown".into(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.2} | {} | {} |",
            r.board,
            value,
            r.best().join(" "),
            r.all_moves(),
            r.nodes,
            r.seconds,
            bytes(r.tree_bytes + r.tt_bytes),
            r.tables()
        );
    }
    s
}

fn csv_field(f: &str) -> String {
    if f.contains([',', '"', '\n']) {
        format!("\"{}\"", f.replace('"', "\"\""))
    } else {
        f.to_string()
    }
}

fn table_csv(rows: &[Report], rules: &Rules) -> String {
    let mut s = String::from(
        "board,rules,value,stopped,best_first_moves,all_first_moves,nodes,seconds,memory_used_bytes,table_stones\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{:.3},{},{}",
            r.board,
            rules.label(),
            value_name(r.value),
            r.stopped.as_deref().unwrap_or(""),
            csv_field(&r.best().join(" ")),
            csv_field(&r.all_moves()),
            r.nodes,
            r.seconds,
            r.tree_bytes + r.tt_bytes,
            r.table_stones.map_or(String::new(), |k| k.to_string())
        );
    }
    s
}

fn table_json(rows: &[Report], rules: &Rules) -> String {
    let items: Vec<String> = rows.iter().map(|r| json_report(r, rules)).collect();
    format!("[\n  {}\n]\n", items.join(",\n  "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_names_the_first_move_being_valued() {
        let mut line = ProgressLine::new(true, "[7x3]".into());
        line.move_names = vec!["c1-d2A".into(), "e2-d2A/e2-d2W".into()];
        let mut p = Progress {
            nodes: 2048,
            seconds: 1.0,
            oracle_hits: 0,
            tt_entries: 0,
            tt_bytes: 0,
            tree_nodes: 0,
            tree_bytes: 0,
            attacker: Color::Black,
            proof: 3,
            disproof: 4,
            first_move: Some((2, 2)),
            cuts: 0,
            second_levels: 0,
        };
        let text = line.text(&p);
        assert!(
            text.starts_with("[7x3] first move 2/2 e2-d2A/e2-d2W, black wins? pn 3 dn 4,"),
            "{text}"
        );
        p.first_move = None;
        assert!(line.text(&p).starts_with("[7x3] black wins? pn 3 dn 4,"));
    }
}
