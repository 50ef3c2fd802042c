//! `solve` and `table`: the proof-number search on the command line.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};

use fanorona::bits::Bits;
use fanorona::builder::Selection;
use fanorona::geometry::{Board, Geometry};
use fanorona::movegen::Turn;
use fanorona::notation::{position_to_fen, turn_to_string};
use fanorona::position::Position;
use fanorona::probe::Tablebase;
use fanorona::rules::{Color, Rules};
use fanorona::search::{
    CLOSURE_EVERY, DEFAULT_DEPTH_CAP, Goal, GoalState, INF, LineNode, MoveReport, MoveSearchHook,
    MoveValue, Progress, SearchLimits, SearchLine, SolveResult, Solver, Split, distinct_moves,
    solve_split,
};
use fanorona::with_bits;

use super::checkpoints::{
    CheckpointPlan, CheckpointRead, CheckpointReport, CheckpointWritten, MergeReport,
    MoveCheckpointState, MoveCheckpoints, load_own_or_seed, unreadable_checkpoint,
};
use super::common::{
    CliError, CliResult, ColorArg, DbUse, MAX_THREADS, RuleArgs, check_db_folder, gib_to_bytes,
    stop_flag, write_file,
};
use super::db_cmds;
use super::progress::{ProgressLine, bytes as bytes_text};
use super::report::{
    GoalRow, LineReport, Report, json_report, print_solve, table_csv, table_json, table_md,
};
use super::rules_cmds::board_and_diagram;

/// Flags of the search shared by `solve` and `table`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Endgame table folder (default `db/`). Tables the search needs are
    /// built there first if missing.
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    /// Use tables of at most K stones (default: all on boards of up to 15
    /// points, 6 up to 25 points, 8 up to 35 (9x3, 7x5: under the default
    /// rules every first move settles in seconds; 7x5's tables take 10 to
    /// 20 minutes to build), 5 up to 45, 4 above), and never more than the
    /// position has stones (an ending of 4 stones builds the tables of 4);
    /// 0 searches without tables. Larger tables found in the folder are
    /// probed too (such as the classes of one stone more made by `build
    /// --classes`).
    #[arg(long, value_name = "K")]
    pub pieces: Option<u32>,
    /// Memory for the search, in GiB (fractions allowed, e.g. 0.5): its
    /// tree, its table of solved positions, a 64th for disproofs that
    /// rest on repetitions (reused where their positions are on the path
    /// again) and the cache of decompressed endgame-table blocks (see
    /// --table-cache).
    #[arg(long, value_name = "GIB", default_value_t = 1.0)]
    pub memory: f64,
    /// How much of --memory holds decompressed endgame-table blocks, in
    /// GiB (default: a quarter of --memory, or less when the tables
    /// decompress to less). Without --move-limit the search reads the WDL
    /// files beside the tables instead, and by default the cache takes
    /// only what the tables without one decompress to (none, as `build`
    /// writes them).
    #[arg(long, value_name = "GIB")]
    pub table_cache: Option<f64>,
    /// How much of --memory may hold WDL files read whole into memory, in
    /// GiB (default 0: every WDL file is read through a memory map). The
    /// files are read as the search first probes their classes, while
    /// they fit. Probes of a file in memory are quicker (a whole disproof
    /// on 9x5 with the 8-stone tables: 8% less CPU), but each search
    /// holds its own copy, where mapped files are shared by the searches
    /// that run side by side (9x5 up to 8 stones: 3.9 GB).
    #[arg(long, value_name = "GIB")]
    pub wdl_memory: Option<f64>,
    /// Stop after this many seconds (per position with `table`); the result
    /// is then unknown. The tables the search needs and builds first count
    /// too: a build the limit stops saves the group it is solving, and the
    /// same command goes on from there (a build looks at the clock between
    /// stretches of its work, seconds apart on small boards, a level sweep
    /// of the largest groups apart on big ones).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop after expanding this many nodes (per position with `table`;
    /// per first move when they are searched side by side). The count is
    /// read every 1,024 expansions, so a search stops at the first
    /// multiple of 1,024 at or above N (--nodes 1 expands 1,024, 1025
    /// expands 2,048). With `solve
    /// --checkpoint FILE`, 0 searches nothing: it shows where the saved
    /// search stands (its goals' numbers, the line its open tree goes
    /// down next, and the numbers of the root's moves in that tree; with
    /// --graph, which keeps no tree, the root's moves as the file has
    /// them: those it settles, and the numbers of the others) and leaves
    /// the file as it is.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// No progress line on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Threads (0 = one per core). With more than one, every first move
    /// gets a search of its own, side by side, each with an equal share of
    /// --memory (with --graph, the share of a thread with nothing left to
    /// search goes to a search still running), and the position's value
    /// is the best of theirs (a time
    /// limit is spent on a short search of every move first, then on the
    /// moves still open, the most promising first); with 1, a
    /// single search proves the position first and then values its moves,
    /// reusing what it learned (fewer nodes, one core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Now and then merge the search tree's copies of each position into
    /// a graph and solve on it, as a retrograde analysis would, what the
    /// tree has not: draws that rest on endless play (which the tree
    /// proves path by path), wins through positions met apart, copies of
    /// positions solved elsewhere. Helps most when taking up a tree grown
    /// over long sittings (a 9x5 line: the first closure solved 1.5 M tree
    /// nodes, disproof number 2,014 to 313); on short searches a wash. Its
    /// scratch takes 16 bytes a tree node out of --memory. Not with
    /// --graph, which does this all the time.
    #[arg(long, conflicts_with = "graph")]
    pub closure: bool,
    /// Search on the graph of positions instead of a tree: each position
    /// once, however many move orders lead to it, solved by retrograde
    /// analysis of the graph as --closure does for the tree. Far fewer expansions where play transposes and
    /// repeats (9x3 after d2-e2A: 0.63 M against 3.5 M). The graph takes
    /// about 67 bytes a position on 9x5 (boards of up to 52 points), more
    /// on larger ones; when it fills --memory it keeps what it
    /// solved, the numbers of the rest, and the half of the graph it
    /// searched last, and goes on (shown as cuts). A --checkpoint keeps
    /// what it solved and the numbers of the positions it searched, not the
    /// graph: a later sitting builds the graph again, steered by them.
    #[arg(long)]
    pub graph: bool,
    /// With --graph: weak proof numbers (an OR node's disproof number is
    /// its largest child's plus one for each other open child, an AND
    /// node's proof number likewise) instead of sums, which on long lines
    /// of paika play reach the cap, where the defender's moves all tie.
    /// Changes only the order of the search. For searches stalled at the
    /// cap: on 9x5 one stalled at 14 k expansions a second ran at 45 k and
    /// was proved in 22 M; elsewhere the sums do better (another 9x5 proof took 5.9 M
    /// expansions instead of 3.6 M, four small boards 3.6 M instead of
    /// 1.9 M; experiments/search_graph, session 53).
    #[arg(long, requires = "graph")]
    pub weak: bool,
    /// With --graph: a descent backs out of an expanded position N moves
    /// below the root as it does out of a repetition; when every line
    /// stops at N, or the descents back out at N more than 24 times each
    /// on average over 16,384 of them, N doubles for the rest of the
    /// search. Keeps the search from following a defender who wanders
    /// through a drawn region down ever longer lines (a 7x5 ending open
    /// after 300 s uncapped was disproved in 120 s with N = 50;
    /// experiments/search_graph, sessions 57 and 58). Changes only the
    /// order of the search. `none`: no cap. [default with --graph: 50]
    #[arg(long, requires = "graph", value_name = "N|none", value_parser = parse_depth_cap)]
    pub depth_cap: Option<DepthCapArg>,
}

/// `--depth-cap`: a number of moves, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthCapArg {
    Moves(usize),
    None,
}

/// Reads `--depth-cap`: a whole number of moves from 1, or `none`.
fn parse_depth_cap(s: &str) -> Result<DepthCapArg, String> {
    if s == "none" {
        return Ok(DepthCapArg::None);
    }
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(DepthCapArg::Moves(n)),
        _ => Err(format!(
            "give a number of moves from 1, or `none` for no cap (not {s:?})"
        )),
    }
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
#[command(group(clap::ArgGroup::new("what").required(true).args(["board", "position"])))]
pub struct SolveArgs {
    /// Solve the start position of this board (columns x rows), e.g. 5x3.
    #[arg(long, value_name = "CxR")]
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
    /// whether answered, stopped by a limit, by Ctrl-C or by kill. One search only:
    /// --threads is 1 unless given. A tree of the position searched must
    /// fit this search's --memory (the --memory that wrote it always
    /// does); another position's tree that does not fit is passed over,
    /// its solved positions still read (a reply's search seeded with its
    /// parent's checkpoint). With --threads above 1 and --moves all, FILE
    /// is a folder (made if missing) where every first move's search keeps
    /// a checkpoint of its own, FILE/<move>.fns: a split search taken up
    /// in a later sitting skips the moves answered and goes on with the
    /// others where they stopped (a move answered keeps only its answer in
    /// its file, not the seed's solved positions again). Format:
    /// db/FORMAT.md.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: a checkpoint read instead of the search's own
    /// when that does not exist yet, for its solved positions only (its
    /// tree is passed over): the checkpoint of the position before, say.
    #[arg(long, value_name = "FILE", requires = "checkpoint")]
    pub checkpoint_seed: Option<PathBuf>,
    /// Read the solved positions of FILE too (a checkpoint of the same
    /// board and rules; give the option again for more files), after the
    /// search's own checkpoint or seed: sub-positions proved apart, side by
    /// side or on another machine, join this search, and open nodes of its
    /// tree that they answer are settled at once, with the nodes above
    /// them. FILE is only read. --threads is 1 unless given; a split search
    /// (--threads above 1 with every first move) reads FILE into each
    /// first move's search, after that move's own file.
    #[arg(long, value_name = "FILE")]
    pub checkpoint_merge: Vec<PathBuf>,
    #[command(flatten)]
    pub checkpoint_every: CheckpointEvery,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub search: SearchArgs,
    /// End with one JSON line {"board", "position", "value", "moves",
    /// "first_moves", "nodes", "seconds", ..., "goals"}. Each of
    /// "first_moves" is {"move", "value"}, with "bound" when its value is
    /// unknown but bounded, "goals" when the move had a search of its own
    /// (side by side), "line" when that search stopped open. Proof and
    /// disproof numbers are numbers, or the string "inf" for infinity (a
    /// goal settled).
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
    /// Write the table to DIR/table.<format> (DIR made if missing, with
    /// the folders above it) instead of standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Keep each board's search in DIR (made if missing), to take a table
    /// that ran out of time up again in a later sitting: DIR/<board>.fns
    /// with one search (--threads is 1 unless given, as with `solve
    /// --checkpoint`), or with --threads above 1 a folder DIR/<board>/ of
    /// one checkpoint a first move, where a later sitting skips the moves
    /// answered and goes on with the others where they stopped. Use one
    /// DIR a rule set: a checkpoint of other rules is refused.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub checkpoint_every: CheckpointEvery,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `--checkpoint-every`, shared by `solve` and `table` (both name their
/// checkpoint flag `--checkpoint`).
#[derive(Args, Debug)]
pub struct CheckpointEvery {
    /// With --checkpoint: write the checkpoint every this many minutes
    /// while searching too (0: only at the end).
    #[arg(
        long = "checkpoint-every",
        value_name = "MINUTES",
        default_value_t = 30.0,
        requires = "checkpoint"
    )]
    pub minutes: f64,
}

impl CheckpointEvery {
    /// The period between writes (`None`: only at the end).
    fn period(&self) -> Result<Option<Duration>, CliError> {
        let minutes = self.minutes;
        if !minutes.is_finite() || !(0.0..=1e6).contains(&minutes) {
            return Err(CliError(format!(
                "--checkpoint-every {minutes}: give a number of minutes from 0 up (0: only at the end)"
            )));
        }
        Ok((minutes > 0.0).then(|| Duration::from_secs_f64(minutes * 60.0)))
    }
}

/// Checks a `--checkpoint` path before any search: a folder of one file a
/// first move for a split search (made when the moves are known), a
/// writable file otherwise.
fn check_checkpoint_path(path: &Path, split: bool, threads: usize) -> CliResult {
    if split && path.is_file() {
        return Err(CliError(format!(
            "--checkpoint {}: a file, but --threads {threads} with every first move keeps a \
             checkpoint a first move in a folder: give a folder (or --threads 1 for one search \
             in a file)",
            path.display(),
        )));
    }
    if !split {
        fanorona::search::check_writable(path)
            .map_err(|e| CliError(format!("--checkpoint: cannot write there: {e}")))?;
    }
    Ok(())
}

/// The tables a search consults ([`open_oracle`]).
struct SearchTables<B> {
    /// None with `--pieces 0`.
    tables: Option<Tablebase<B>>,
    /// The most stones they know.
    stones: Option<u32>,
    /// The bytes they decompress to (0 when `--table-cache` is given,
    /// which makes that unneeded).
    decompressed_bytes: u64,
}

/// The `--pieces` a search of a position of `stones` stones uses: 0 or 1
/// for none ([`open_oracle`]).
fn pieces_used(args: &SearchArgs, board: &Board, stones: u32) -> u32 {
    // No position below has more stones than the one searched: a 7x5
    // ending of four stones needs the tables of four, not of eight.
    args.pieces
        .unwrap_or_else(|| db_cmds::default_pieces(board))
        .min(stones)
}

/// The table folder of `--db` (default `db/`, made when needed). One named
/// by hand must be a folder that exists, so that a typo does not start a
/// build somewhere unexpected. `table` checks it before any board is
/// solved, with the same words as a search.
fn db_folder(args: &SearchArgs) -> Result<PathBuf, CliError> {
    match &args.db {
        Some(db) => check_db_folder(db, DbUse::BuildInto).map(|()| db.clone()),
        None => Ok(PathBuf::from(db_cmds::DEFAULT_DB)),
    }
}

/// The oracle the search consults: the endgame tables of `board` under
/// `rules` in `--db` (default `db/`) up to `--pieces` stones (default: a
/// size per board that builds in about a minute) and no more than the
/// position's `stones`, built first when any is missing (until
/// `deadline`, Ctrl-C or kill: `Ok(Err(what the build saved))` if one
/// comes first).
/// `--pieces 0` searches without tables.
fn open_oracle<B: Bits>(
    args: &SearchArgs,
    board: &Board,
    rules: &Rules,
    stones: u32,
    deadline: Option<Instant>,
) -> Result<Result<SearchTables<B>, db_cmds::BuildStopped>, CliError> {
    let pieces = pieces_used(args, board, stones);
    if pieces < 2 {
        // No tables: no folder needed either.
        return Ok(Ok(SearchTables {
            tables: None,
            stones: None,
            decompressed_bytes: 0,
        }));
    }
    let db = db_folder(args)?;
    if !db_cmds::tables_present(&db, board, rules, pieces) {
        let build = db_cmds::BuildRequest {
            memory_gib: db_cmds::DEFAULT_BUILD_MEMORY_GIB,
            snapshot_minutes: db_cmds::DEFAULT_SNAPSHOT_MINUTES,
            output: db_cmds::BuildOutput::Summary,
            deadline,
            caller: db_cmds::BuildCaller::Search,
            // (--quiet's "no progress line" let the build's bars through.)
            progress: !args.quiet,
        };
        let built =
            db_cmds::build_tables_until(*board, rules, &Selection::UpTo(pieces), &db, &build)?;
        if let Err(saved) = built {
            return Ok(Err(saved));
        }
    }
    let tables = Tablebase::<B>::new(&db, *board, *rules);
    // Sizing the default cache opens every table once (header and block
    // index: about 30 MB for 9x5 with 8 stones); a given size needs none.
    // Without the move limit the search reads WDL files where there are
    // any, and the cache serves only the tables without one.
    let table_bytes = match args.table_cache {
        Some(_) => Ok(0),
        None if rules.move_limit => tables.decompressed_bytes(),
        None => tables.decompressed_bytes_without_wdl(),
    }
    .map_err(|e| CliError(e.to_string()))?;
    // Larger tables in the folder (`build --classes`) are probed too.
    let most = pieces.max(tables.max_stones());
    Ok(Ok(SearchTables {
        tables: Some(tables),
        stones: Some(most),
        decompressed_bytes: table_bytes,
    }))
}

/// The bound of `--time-limit`, in seconds (not included): about 31
/// years, beyond any run, and well within what the clock can add.
const MAX_TIME_LIMIT: f64 = 1e9;

/// A number as given, in short: `1e100`, not its hundred digits.
fn short_number(x: f64) -> String {
    if x.is_finite() && x.abs() >= 1e15 {
        format!("{x:e}")
    } else {
        x.to_string()
    }
}

impl SearchArgs {
    fn limits(&self) -> Result<SearchLimits, CliError> {
        // As the other commands' --threads: a search a first move, each
        // with its share of --memory, is pointless past what a machine has.
        if self.threads > MAX_THREADS {
            return Err(CliError(format!(
                "--threads {}: give at most {MAX_THREADS} (0: one a core)",
                self.threads
            )));
        }
        if !self.memory.is_finite() || self.memory <= 0.0 || self.memory > 4096.0 {
            return Err(CliError(format!(
                "--memory {}: give a number of GiB above 0 and at most 4096",
                self.memory
            )));
        }
        let bytes = gib_to_bytes(self.memory) as usize;
        if let Some(total) = fanorona::sysmem::total_memory()
            && bytes as u64 > total
        {
            return Err(CliError(format!(
                "--memory {}: more than this machine's {} of memory",
                self.memory,
                bytes_text(total as usize)
            )));
        }
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
        let tables = gib_to_bytes(self.table_cache.unwrap_or(0.0))
            + gib_to_bytes(self.wdl_memory.unwrap_or(0.0));
        if let Some(w) = self.wdl_memory
            && (!w.is_finite() || w < 0.0 || tables as usize + (1 << 20) > bytes)
        {
            return Err(CliError(format!(
                "--wdl-memory {w}: give a number of GiB from 0 up to --memory ({}) less --table-cache and 1 MiB",
                self.memory
            )));
        }
        let time = match self.time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < MAX_TIME_LIMIT => {
                Some(Duration::from_secs_f64(t))
            }
            // The bound is said: `1e100` was told "above 0", which it is.
            Some(t) => {
                return Err(CliError(format!(
                    "--time-limit {}: give a number of seconds above 0 and below {MAX_TIME_LIMIT:.0} \
                     (about 31 years; leave --time-limit out for no limit)",
                    short_number(t)
                )));
            }
        };
        Ok(SearchLimits {
            nodes: self.nodes,
            time,
            memory_bytes: bytes,
            stop: Some(stop_flag()),
            closure_every: self.closure.then_some(CLOSURE_EVERY),
            graph: self.graph,
            weak: self.weak,
            depth_cap: match self.depth_cap {
                None => Some(DEFAULT_DEPTH_CAP),
                Some(DepthCapArg::Moves(n)) => Some(n),
                Some(DepthCapArg::None) => None,
            },
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

/// What `run` is asked about a position.
struct Ask<'a> {
    /// Turns of the game behind the position (move-limit variant).
    turns_played: u32,
    report: MoveReport,
    /// The one goal to search (`--goal`).
    goal: Option<Color>,
    checkpoint: Option<&'a CheckpointPlan<'a>>,
    /// Checkpoints whose solved positions are merged in (`--checkpoint-merge`).
    merge: &'a [PathBuf],
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
        merge,
    } = ask;
    let geo = Geometry::<B>::new(board);
    let mut limits = args.limits()?;
    // The time limit counts the tables built first: a build it stops is
    // saved, and the same command goes on from there.
    let started = Instant::now();
    let deadline = limits.time.map(|t| started + t);
    let opened = open_oracle::<B>(args, &board, rules, pos.stone_count(), deadline)?;
    let SearchTables {
        tables: oracle,
        stones: table_stones,
        decompressed_bytes: table_bytes,
    } = match opened {
        Ok(tables) => tables,
        Err(stopped) => {
            let seconds = started.elapsed().as_secs_f64();
            return Ok(Report::unsearched(board, pos, goal, seconds, stopped));
        }
    };
    limits.time = limits.time.map(|t| t.saturating_sub(started.elapsed()));
    // (A given --table-cache was taken from the search with no tables to
    // cache: `--pieces 0 --table-cache 0.1` left it 921.6 MiB of 1 GiB.)
    let cache_bytes = if oracle.is_some() {
        args.table_cache_bytes(limits.memory_bytes, table_bytes)
    } else {
        0
    };
    fanorona::table::set_block_cache_bytes(cache_bytes);
    limits.memory_bytes -= cache_bytes;
    // No more than the files take is kept from the search (nothing under
    // the move limit, which reads the tables), and at least 1 MiB is left
    // to it (`limits` checked that a given --table-cache
    // leaves room; a default one takes a quarter at most).
    let mut wdl_budget = 0;
    if let (Some(t), Some(w), false) = (&oracle, args.wdl_memory, rules.move_limit) {
        let files = t.wdl_file_bytes().map_err(|e| CliError(e.to_string()))?;
        let room = limits.memory_bytes.saturating_sub(1 << 20) as u64;
        wdl_budget = gib_to_bytes(w).min(files).min(room);
        t.set_wdl_memory(wdl_budget);
    }
    limits.memory_bytes -= wdl_budget as usize;
    let reads_before = fanorona::table::block_cache_stats();
    let memory_bytes = limits.memory_bytes;
    let threads = match args.threads {
        // A checkpoint is the state of one search.
        0 if checkpoint.is_some() || !merge.is_empty() => 1,
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    // One search at a time on a checkpoint, held to the end of this one
    // (a split search's folder is made first, to hold its lock). A look
    // at the file (`--nodes 0`) writes nothing and needs none.
    let split = threads > 1 && report == MoveReport::All;
    let _checkpoint_lock = match checkpoint {
        Some(plan) if args.nodes != Some(0) => {
            if split {
                std::fs::create_dir_all(plan.path)
                    .map_err(|e| CliError(format!("--checkpoint {}: {e}", plan.path.display())))?;
            }
            Some(
                fanorona::search::lock_checkpoint(plan.path)
                    .map_err(|e| CliError(format!("--checkpoint: {e}")))?,
            )
        }
        _ => None,
    };
    let mut checkpoint_report = None;
    let mut move_checkpoints = Vec::new();
    let mut merged = Vec::new();
    let mut line = ProgressLine::new(args.quiet, format!("[{board}]"));
    line.graph = args.graph;
    let moves = distinct_moves(&geo, rules, pos);
    line.move_names = moves
        .iter()
        .map(|m| turn_names(&board, &m.turns, "/"))
        .collect();
    let res: SolveResult<B> = if split {
        // One search per first move: the line adds up the latest report
        // of each.
        let t0 = Instant::now();
        let file_names: Vec<String> = moves
            .iter()
            .map(|m| move_checkpoint_name(&board, m))
            .collect();
        let files = match checkpoint {
            Some(plan) => {
                std::fs::create_dir_all(plan.path).map_err(|e| {
                    CliError(format!(
                        "--checkpoint {}: with --threads {threads} a folder for a checkpoint a \
                         first move: {e}",
                        plan.path.display()
                    ))
                })?;
                claim_split_folder(plan.path, &position_to_fen(&board, pos))?;
                let files: Vec<PathBuf> = file_names
                    .iter()
                    .map(|name| move_checkpoint_path(plan.path, name))
                    .collect();
                for f in &files {
                    fanorona::search::check_writable(f)
                        .map_err(|e| CliError(format!("--checkpoint: cannot write there: {e}")))?;
                    // A move's file of another board or rule set is refused
                    // before any search (the others' files were written
                    // first, into a folder of other rules).
                    if f.is_file() {
                        fanorona::search::check_checkpoint_header::<B>(f, &board, rules)
                            .map_err(|e| CliError(format!("--checkpoint: {e}")))?;
                    }
                }
                Some(files)
            }
            None => None,
        };
        let hook = (files.is_some() || !merge.is_empty()).then(|| {
            let reports = files.iter().flatten().map(|f| CheckpointReport {
                path: f.clone(),
                ..CheckpointReport::default()
            });
            MoveCheckpoints {
                board,
                seed: checkpoint.and_then(|plan| plan.seed),
                every: checkpoint.and_then(|plan| plan.every),
                merge,
                stop: limits.stop.clone(),
                state: Mutex::new(MoveCheckpointState {
                    reports: reports.collect(),
                    unreadable: vec![false; moves.len()],
                    error: None,
                    merged: merge.iter().map(|m| MergeReport::new(m)).collect(),
                }),
                files,
            }
        });
        let workers = threads.min(moves.len());
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
                // Held at once by the threads, at most: not the sum over
                // every move searched so far (a run with --memory 18 said
                // "solved 511.81M (33.92 GiB)").
                tt_entries: all.clone().map(|q| q.tt_entries).max().unwrap_or(0) * workers,
                tt_bytes: all.clone().map(|q| q.tt_bytes).max().unwrap_or(0) * workers,
                cuts: all.clone().map(|q| q.cuts).sum(),
                second_levels: all.clone().map(|q| q.second_levels).sum(),
                closures: all.clone().map(|q| q.closures).sum(),
                closure_solved: all.clone().map(|q| q.closure_solved).sum(),
                closure_seconds: all.clone().map(|q| q.closure_seconds).sum(),
                cut_seconds: all.clone().map(|q| q.cut_seconds).sum(),
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
            if !args.quiet {
                for m in &st.merged {
                    eprintln!("{}", m.describe());
                }
            }
            merged = st.merged;
            move_checkpoints = file_names.into_iter().zip(st.reports).collect();
        }
        res
    } else {
        let mut solver = Solver::new(&geo, *rules, &oracle, limits);
        let mut read = None;
        if let Some(plan) = checkpoint
            && let Some((source, loaded)) = load_own_or_seed(&mut solver, plan.path, plan.seed, pos)
        {
            let own = source == plan.path;
            // (How to go on is said of the search's own file only: a
            // damaged seed is left out of --checkpoint-seed instead.)
            let info = loaded.map_err(|e| {
                if own {
                    unreadable_checkpoint(e)
                } else {
                    e.into()
                }
            })?;
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
                    "read {}: {} solved positions{}, {} path-dependent disproofs, {} estimates{} ({:.1} s)",
                    source.display(),
                    info.solved,
                    if info.solved_held < info.solved {
                        format!(
                            " ({} held: the rest fell out of full buckets of the table \
                             of solved positions; more --memory \
                             holds more)",
                            info.solved_held
                        )
                    } else {
                        String::new()
                    },
                    info.path_dependent,
                    info.estimates,
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
        for file in merge {
            let report = MergeReport::of(file, &solver.load_checkpoint_solved(file)?);
            if !args.quiet {
                eprintln!("{}", report.describe());
            }
            merged.push(report);
        }
        if let Some(plan) = checkpoint
            && let Some(every) = plan.every
        {
            solver.set_autosave(plan.path, every);
        }
        let res = match goal {
            Some(attacker) => {
                solver.prove_goal(pos, turns_played, attacker, &mut |p| line.show(p))?
            }
            None => solver.solve(pos, turns_played, report, &mut |p| line.show(p))?,
        };
        if let Some(plan) = checkpoint {
            line.finish();
            if let (Some(t), Some(r)) = (solver.replaced_tree(), read.as_mut()) {
                let fen = position_to_fen(&board, &t.root);
                eprintln!(
                    "warning: the open tree of \"{} wins?\" at {fen} ({} nodes) read from {} was replaced by this search's, of another goal or position (one tree is kept; its solved positions stay): give each goal its own --checkpoint file to keep both",
                    t.goal.name(),
                    t.nodes,
                    plan.path.display()
                );
                r.replaced = Some((fen, t.goal, t.nodes));
            }
            let (autosaves, autosave_error) = solver.autosave_status();
            if let Some(e) = autosave_error {
                eprintln!("warning: writing the checkpoint while searching failed: {e}");
            }
            // A look at the file (`--nodes 0`) changed nothing: it is
            // left as it is (writing it again could only lose solved
            // positions a smaller --memory did not hold).
            let look = args.nodes == Some(0);
            let here = position_to_fen(&board, pos);
            if look
                && let Some(Some((fen, tree_goal))) = read.as_ref().map(|r| &r.tree)
                && (*fen != here || goal.is_some_and(|g| g != *tree_goal))
            {
                // The line shown is that tree's: said, so that it is not
                // taken for where this position's search stands.
                let asked = match goal {
                    Some(g) if *fen == here => format!("\"{} wins?\"", g.name()),
                    _ => here,
                };
                eprintln!(
                    "note: the open tree in {} is of \"{} wins?\" at {fen}, not of {asked}: the line below is that tree's (--nodes 0 searches nothing)",
                    plan.path.display(),
                    tree_goal.name(),
                );
            }
            let saved = if look {
                Err(None)
            } else {
                solver.save_checkpoint(plan.path).map_err(Some)
            };
            checkpoint_report = Some(CheckpointReport {
                path: plan.path.to_owned(),
                read,
                written: saved.as_ref().ok().map(CheckpointWritten::of),
                autosaves,
                total_nodes: solver.total_nodes(),
                error: saved.err().flatten().map(|e| e.to_string()),
            });
        }
        res
    };
    line.finish();
    // Tables the search could not read were searched through: said, so
    // that a damaged file does not go unseen behind a slower search.
    let table_problems = oracle.as_ref().map_or(Vec::new(), |t| t.problems());
    for p in &table_problems {
        eprintln!("warning: {p}");
    }
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
                let (pn, dn) = match g.state {
                    GoalState::Proved => (0, INF),
                    GoalState::Disproved => (INF, 0),
                    GoalState::Open { proof, disproof } => (proof, disproof),
                };
                (g.attacker.name().to_string(), g.state.name(), pn, dn)
            })
            .collect()
    };
    let goals = goal_rows(&res.goals);
    // The goals searched after each first move.
    let move_goals = res
        .moves
        .iter()
        .filter(|m| !m.goals.is_empty())
        .map(|m| (turn_names(&board, &m.turns, " "), goal_rows(&m.goals)))
        .collect();
    let move_lines = res
        .moves
        .iter()
        .filter_map(|m| {
            let l = m.line.as_ref()?;
            Some((turn_names(&board, &m.turns, " "), line_report(&board, l)))
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
        stopped: res.stopped.map(|s| s.to_string()),
        goals,
        move_goals,
        solved_entries: res.tt_entries,
        memory_bytes,
        cache_bytes,
        cache_reads,
        wdl_memory_bytes: oracle.as_ref().map_or(0, |t| t.wdl_memory_used()),
        tree_bytes: res.tree_bytes,
        tt_bytes: res.tt_bytes,
        compactions: res.compactions,
        cuts: res.cuts,
        second_levels: res.second_levels,
        conditional_hits: res.conditional_hits,
        estimate_hits: res.estimate_hits,
        graph: args.graph,
        depth_cap: res.depth_cap,
        closures: res.closures,
        closure_solved: res.closure_solved,
        closure_seconds: res.closure_seconds,
        cut_seconds: res.cut_seconds,
        line: res.line.as_ref().map(|l| line_report(&board, l)),
        move_lines,
        checkpoint: checkpoint_report,
        move_checkpoints,
        merged,
        build_stopped: None,
        table_problems,
    })
}

pub fn solve(args: &SolveArgs) -> CliResult {
    // The limits are checked before anything is read or built.
    args.search.limits()?;
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
    let every = args.checkpoint_every.period()?;
    // A split search (`--threads` above 1 with every first move) keeps a
    // folder of checkpoints, checked when the moves are known.
    let split = args.search.threads > 1 && report == MoveReport::All;
    if let Some(path) = args.checkpoint.as_deref() {
        check_checkpoint_path(path, split, args.search.threads)?;
    }
    if args.search.nodes == Some(0) {
        match args.checkpoint.as_deref() {
            Some(path) if path.is_file() && !split => {}
            Some(path) if !split => {
                return Err(CliError(format!(
                    "--nodes 0 shows where a saved search stands, but there is no file {}",
                    path.display()
                )));
            }
            _ => {
                return Err(CliError(
                    "--nodes 0 searches nothing: give it with --checkpoint FILE (one search: \
                     --threads 1 or --goal or --moves none/best) to show where that saved search \
                     stands, or give at least 1"
                        .into(),
                ));
            }
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
    if let Some(file) = args.checkpoint_merge.iter().find(|f| !f.is_file()) {
        return Err(CliError(format!(
            "--checkpoint-merge {}: {}",
            file.display(),
            if file.is_dir() {
                "a folder (a split search's): give its files, FOLDER/*.fns"
            } else {
                "no such file"
            }
        )));
    }
    let plan = args.checkpoint.as_deref().map(|path| CheckpointPlan {
        path,
        seed: args.checkpoint_seed.as_deref(),
        every,
    });
    let r = with_bits!(board.points(), B => {
        // A wrong file is refused before tables are built or searches
        // start (a split search's first moves each read the files when
        // they start; damage in a body is found by the first, which
        // stops them all).
        for m in &args.checkpoint_merge {
            fanorona::search::check_checkpoint_header::<B>(m, &board, &rules)?;
        }
        // The seed too, though a checkpoint already there is read in its
        // place: a wrong one was passed over without a word.
        if let Some(seed) = args.checkpoint_seed.as_deref() {
            fanorona::search::check_checkpoint_header::<B>(seed, &board, &rules)
                .map_err(|e| CliError(format!("--checkpoint-seed: {e}")))?;
        }
        let pos: Position<B> = d.to_position();
        // Another position's split folder too (it was refused only after
        // the tables were built, which can take hours).
        if let Some(plan) = &plan
            && plan.path.is_dir()
        {
            check_split_folder(plan.path, &position_to_fen(&board, &pos))?;
        }
        let ask = Ask {
            turns_played: args.turns_played,
            report,
            goal: args.goal.map(ColorArg::color),
            checkpoint: plan.as_ref(),
            merge: &args.checkpoint_merge,
        };
        run(board, &rules, &pos, ask, &args.search)?
    });
    let interrupted = r.interrupted();
    if args.json {
        println!("{}", json_report(&r, &rules));
    } else {
        print_solve(&r, &rules, &d);
    }
    // The first checkpoint that could not be written: the search's own,
    // or a first move's (a split search exited 0 when none of them could
    // be, said only on standard output).
    let failed: Vec<&String> = r.checkpoints().filter_map(|c| c.error.as_ref()).collect();
    // (Each message names its file.)
    let lost = failed.first().map(|e| match failed.len() {
        1 => e.to_string(),
        n => format!("{e} (and {} more of the first moves' files)", n - 1),
    });
    if interrupted {
        // Ctrl-C or kill is not an answer: exit 2, as `build`, `play` and
        // `match` do, once the report of where it stood is out (a limit
        // asked for, `--time-limit` or `--nodes`, stays a success).
        let (when, kept) = if r.build_stopped.is_some() {
            (
                " while its tables were being built, before any search",
                "the same command goes on from what the build saved".to_string(),
            )
        } else if let Some(e) = lost {
            (
                ": the report above is where the search stood",
                format!("writing the checkpoint failed: {e}"),
            )
        } else if let Some(c) = &r.checkpoint {
            (
                ": the report above is where the search stood",
                format!(
                    "it is kept in {}, and the same command goes on from there",
                    c.path.display()
                ),
            )
        } else if let Some(dir) = args.checkpoint.as_deref().filter(|_| split) {
            (
                ": the report above is where the search stood",
                format!(
                    "the first moves' searches are kept in {}, and the same command goes on from there",
                    dir.display()
                ),
            )
        } else {
            (
                ": the report above is where the search stood",
                "what it searched is lost (--checkpoint FILE keeps it)".to_string(),
            )
        };
        return Err(CliError(format!(
            "interrupted by Ctrl-C or kill{when}; {kept}"
        )));
    }
    match lost {
        // The answer is printed; the state could not be kept.
        Some(e) => Err(CliError(format!("writing the checkpoint failed: {e}"))),
        None => Ok(()),
    }
}

pub fn table(args: &TableArgs) -> CliResult {
    let rules = args.rules.rules();
    // Read every board first, so a typo stops the run before any search.
    let mut boards = Vec::new();
    for b in &args.boards {
        let board = Board::parse(b, rules.diagonals)?;
        // Refused, not dropped: a board given twice is most likely a typo
        // for another one (3x3,3x3 for 3x3,3x5), which dropping it would
        // hide; it was solved and listed twice. (3x5 and 5x3 are two
        // boards, sharing their tables.)
        if boards.contains(&board) {
            return Err(CliError(format!(
                "--boards: {board} is given twice (each board is solved once; did you mean another?)"
            )));
        }
        boards.push(board);
    }
    if boards.is_empty() {
        return Err(CliError("--boards: give at least one board".into()));
    }
    args.search.limits()?;
    // `--db` as a search checks it, before any board is solved: a typo
    // was found at the first board that needed tables, after the boards
    // before it, and had the table file replaced by an empty one.
    let needs_tables = boards.iter().any(|board| {
        let stones = with_bits!(board.points(), B => {
            Position::<B>::start(board, rules.first).stone_count()
        });
        pieces_used(&args.search, board, stones) >= 2
    });
    if needs_tables {
        db_folder(&args.search)?;
    }
    if args.search.nodes == Some(0) {
        return Err(CliError("--nodes 0: give at least 1".into()));
    }
    let every = args.checkpoint_every.period()?;
    // Each board's search keeps its own checkpoint in the folder: one file
    // for one search, a folder of one file a first move for a split one.
    let split = args.search.threads > 1;
    let checkpoint_paths: Vec<Option<PathBuf>> = match &args.checkpoint {
        Some(dir) => {
            not_a_file("--checkpoint", dir, "where each board's search is kept")?;
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError(format!("--checkpoint {}: {e}", dir.display())))?;
            let mut paths = Vec::new();
            for board in &boards {
                let (path, other) = (
                    dir.join(board.to_string()),
                    dir.join(format!("{board}.fns")),
                );
                let (path, other) = if split { (path, other) } else { (other, path) };
                // The other kind's checkpoint of this board is not taken
                // up: refused, not passed over (a second sitting with
                // another --threads started from nothing).
                if other.exists() && !path.exists() {
                    return Err(CliError(format!(
                        "--checkpoint: {} is a {} search's checkpoint, which --threads {} does not take up: run with {}",
                        other.display(),
                        if split {
                            "one-thread"
                        } else {
                            "split (--threads above 1)"
                        },
                        args.search.threads,
                        if split {
                            "--threads 1"
                        } else {
                            "--threads 2 or more"
                        },
                    )));
                }
                check_checkpoint_path(&path, split, args.search.threads)?;
                // A file of another board or rule set is refused now, not
                // after the boards before it are solved: the board's file,
                // or each of a split search's folder.
                // (The split search's files are its first moves', named as
                // `run` names them; other files there are not read.)
                with_bits!(board.points(), B => {
                    let files: Vec<PathBuf> = if path.is_dir() {
                        let geo = Geometry::<B>::new(*board);
                        let start = Position::<B>::start(board, rules.first);
                        check_split_folder(&path, &position_to_fen(board, &start))?;
                        distinct_moves(&geo, &rules, &start)
                            .iter()
                            .map(|m| move_checkpoint_path(&path, &move_checkpoint_name(board, m)))
                            .collect()
                    } else {
                        vec![path.clone()]
                    };
                    for f in files.iter().filter(|f| f.is_file()) {
                        fanorona::search::check_checkpoint_header::<B>(f, board, &rules)
                            .map_err(|e| CliError(format!("--checkpoint: {e}")))?;
                    }
                });
                paths.push(Some(path));
            }
            paths
        }
        None => vec![None; boards.len()],
    };
    if let Some(dir) = &args.out {
        not_a_file("--out", dir, "where the table is written as table.<format>")?;
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("--out {}: {e}", dir.display())))?;
        // Before any search: a folder that cannot be written lost every
        // board's result at the end.
        for f in &args.format {
            let path = dir.join(format!("table.{}", f.ext()));
            fanorona::search::check_writable(&path).map_err(|e| {
                CliError(format!("--out {}: cannot write there: {e}", dir.display()))
            })?;
        }
    }
    let mut rows = Vec::new();
    let mut checkpoint_errors = 0;
    let mut failed = None;
    // The boards not in the table, or in it unfinished: said at the end
    // with the files a partial table went to.
    let mut interrupted_board = None;
    let mut left_out: Vec<Board> = Vec::new();
    for (board, checkpoint_path) in boards.into_iter().zip(checkpoint_paths) {
        if failed.is_some() || interrupted_board.is_some() {
            left_out.push(board);
            continue;
        }
        let plan = checkpoint_path.as_deref().map(|path| CheckpointPlan {
            path,
            seed: None,
            every,
        });
        let r = with_bits!(board.points(), B => {
            let pos = Position::<B>::start(&board, rules.first);
            let ask = Ask {
                turns_played: 0,
                report: MoveReport::All,
                goal: None,
                checkpoint: plan.as_ref(),
                merge: &[],
            };
            run(board, &rules, &pos, ask, &args.search)
        });
        // A board that fails ends the run, but the boards solved before
        // it are written first.
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                failed = Some(format!("{board}: {e}"));
                left_out.push(board);
                continue;
            }
        };
        eprintln!(
            "{}: {} ({} nodes, {:.2} s)",
            board,
            r.value_or_bound(),
            r.nodes,
            r.seconds
        );
        if r.interrupted() {
            interrupted_board = Some((board, r.value, r.value_or_bound()));
        }
        // The board's result stands; a checkpoint that could not be kept
        // is said now and fails the run once the table is written.
        for c in r.checkpoints() {
            if let Some(e) = &c.error {
                eprintln!(
                    "{board}: writing the checkpoint {} failed: {e}",
                    c.path.display()
                );
                checkpoint_errors += 1;
            }
        }
        rows.push(r);
    }
    let partial = interrupted_board.is_some() || failed.is_some();
    // The boards solved (a board a limit stopped is in the table as far as
    // the limit asked; one interrupted is not done, unless its value was
    // proved before its first moves were: that row is worth writing).
    let unvalued = interrupted_board.is_some_and(|(_, v, _)| v.is_none());
    let done = rows.len() - usize::from(unvalued);
    let mut unwritten = 0;
    let mut written = Vec::new();
    let mut replaced = Vec::new();
    // Each format once, in the order given.
    let mut seen = std::collections::HashSet::new();
    let formats: Vec<&Format> = args
        .format
        .iter()
        .filter(|f| seen.insert(f.ext()))
        .collect();
    // No board solved, nothing written: a table that was there stays
    // (it was replaced by the header alone).
    let write = done > 0 || (args.out.is_none() && !rows.is_empty());
    for (i, f) in formats.iter().enumerate().filter(|_| write) {
        let text = match f {
            Format::Md => table_md(&rows, &rules),
            Format::Csv => table_csv(&rows, &rules),
            Format::Json => table_json(&rows, &rules),
        };
        match &args.out {
            Some(dir) => {
                // A format that cannot be written does not keep the others
                // from being written (said, and the run fails at the end).
                let path = dir.join(format!("table.{}", f.ext()));
                let there = path.exists();
                match write_file(&path, &text) {
                    Ok(()) if partial && there => {
                        eprintln!(
                            "wrote {}: a partial table, over the one there before",
                            path.display()
                        );
                        replaced.push(path.display().to_string());
                    }
                    Ok(()) if partial => eprintln!("wrote {}: a partial table", path.display()),
                    Ok(()) => eprintln!("wrote {}", path.display()),
                    Err(e) => {
                        eprintln!("error: {e}");
                        unwritten += 1;
                        continue;
                    }
                }
                written.push(path.display().to_string());
            }
            None => {
                // Two formats on standard output, a blank line between.
                if i > 0 {
                    println!();
                }
                print!("{text}")
            }
        }
    }
    let mut errors = Vec::new();
    if unwritten > 0 {
        errors.push(format!(
            "{unwritten} table file(s) could not be written (said above)"
        ));
    }
    if checkpoint_errors > 0 {
        errors.push(format!(
            "{checkpoint_errors} checkpoint(s) could not be written (said above){}",
            if partial { "" } else { "; the table stands" }
        ));
    }
    if partial {
        // Which boards the table lacks, and where it went: a partial table
        // is written (over an earlier one too, said), since what was solved
        // is worth keeping, and the same command writes the whole table.
        let mut missing = Vec::new();
        match interrupted_board {
            // (With a bound, the row's "not-win": it said "value unknown".)
            Some((b, None, "unknown")) => missing.push(format!("{b} unfinished (value unknown)")),
            Some((b, None, bound)) => missing.push(format!("{b} unfinished ({bound})")),
            // (It said "value unknown" of a board it had printed a win for.)
            Some((b, Some(v), _)) => {
                missing.push(format!("{b} unfinished ({}, first moves open)", v.name()))
            }
            None => {}
        }
        if !left_out.is_empty() {
            let names: Vec<String> = left_out.iter().map(Board::to_string).collect();
            missing.push(format!("{} left out", names.join(", ")));
        }
        let wrote = match (&args.out, written.is_empty()) {
            (Some(dir), true) if done == 0 => format!(
                "no board was solved: no table written (what {} held is left as it was)",
                dir.display()
            ),
            (Some(_), true) => "no table file written".to_string(),
            (Some(_), false) => format!(
                "wrote a partial table to {}{}",
                written.join(", "),
                if replaced.is_empty() {
                    String::new()
                } else {
                    format!(" (over the table there before: {})", replaced.join(", "))
                }
            ),
            (None, _) if rows.is_empty() => "no board was solved".to_string(),
            (None, _) => "the table above is partial".to_string(),
        };
        let (why, again) = match (&failed, &args.checkpoint) {
            (Some(e), _) => (e.clone(), String::new()),
            (None, Some(dir)) => (
                "interrupted by Ctrl-C or kill".to_string(),
                format!(
                    "; the same command goes on from the searches kept in {}",
                    dir.display()
                ),
            ),
            (None, None) => (
                "interrupted by Ctrl-C or kill".to_string(),
                "; the same command again makes the whole table".to_string(),
            ),
        };
        errors.push(format!("{why}; {wrote}: {}{again}", missing.join(", ")));
    }
    // The last error ends the run (exit 2); those before it are said.
    let last = errors.pop();
    for e in errors {
        eprintln!("error: {e}");
    }
    match last {
        Some(e) => Err(CliError(e)),
        None => Ok(()),
    }
}

/// Refuses `path` given to `flag` when it is a file: the flag takes a
/// folder, `what` (a file said only "File exists (os error 17)").
fn not_a_file(flag: &str, path: &Path, what: &str) -> CliResult {
    if path.exists() && !path.is_dir() {
        return Err(CliError(format!(
            "{flag} {}: a file, but {flag} takes a folder ({what}): give a folder's path",
            path.display()
        )));
    }
    Ok(())
}

/// The name of a split search's checkpoint of a first move: its first
/// turn (`b2-c3A`).
fn move_checkpoint_name<B>(board: &Board, m: &MoveValue<B>) -> String {
    turn_to_string(board, &m.turns[0])
}

/// The file in a split search's checkpoint folder that says whose first
/// moves its files are: their names are the moves alone, and another
/// position's search reading them replaced each move's tree.
fn split_folder_position_file(dir: &Path) -> PathBuf {
    dir.join("position.txt")
}

/// Refuses a split search's checkpoint folder made for a position other
/// than `fen`.
fn check_split_folder(dir: &Path, fen: &str) -> CliResult {
    let file = split_folder_position_file(dir);
    match std::fs::read_to_string(&file) {
        Ok(text) => {
            let theirs = text.lines().next().unwrap_or("").trim();
            if theirs != fen {
                return Err(CliError(format!(
                    "--checkpoint {} holds the split search of {theirs} ({}), not of {fen}: give this position a folder of its own (the files are named by first moves alone)",
                    dir.display(),
                    file.display()
                )));
            }
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(CliError(format!("--checkpoint: {}: {e}", file.display()))),
    }
}

/// [`check_split_folder`], and the folder marked as `fen`'s if it was not
/// yet (a folder made before the mark is taken as this position's).
fn claim_split_folder(dir: &Path, fen: &str) -> CliResult {
    check_split_folder(dir, fen)?;
    let file = split_folder_position_file(dir);
    if !file.exists() {
        write_file(&file, &format!("{fen}\n"))?;
    }
    Ok(())
}

/// Where a split search keeps the checkpoint named `name` in `dir`.
fn move_checkpoint_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.fns"))
}

/// The turns that lead to one position, in notation, joined by `sep`.
fn turn_names(board: &Board, turns: &[Turn], sep: &str) -> String {
    let names: Vec<String> = turns.iter().map(|t| turn_to_string(board, t)).collect();
    names.join(sep)
}

/// A search's line in notation.
fn line_report<B: Bits>(board: &Board, line: &SearchLine<B>) -> LineReport {
    let root = &line.nodes[0];
    let leaf = line.leaf();
    let steps = |nodes: &[LineNode<B>]| {
        nodes
            .iter()
            .map(|n| {
                (
                    turn_names(board, &n.turns, "/"),
                    n.proof,
                    n.disproof,
                    n.children,
                )
            })
            .collect()
    };
    LineReport {
        attacker: line.attacker,
        root_fen: position_to_fen(board, &root.position),
        root: (root.proof, root.disproof),
        steps: steps(&line.nodes[1..]),
        root_moves: steps(&line.root_moves),
        leaf_fen: position_to_fen(board, &leaf.position),
        leaf_stones: leaf.position.white.count() + leaf.position.black.count(),
    }
}
