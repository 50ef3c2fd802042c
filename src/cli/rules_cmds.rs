//! `show`, `moves`, `perft` and `bench`: the rules engine on the command
//! line.

use std::io::IsTerminal;
use std::time::Instant;

use clap::Args;

use fanorona::bits::Bits;
use fanorona::geometry::{Board, Geometry};
use fanorona::movegen::{Status, legal_turns, status};
use fanorona::notation::{Cell, Diagram, position_to_fen, shortened, turn_to_string};
use fanorona::perft::{perft, perft_parallel};
use fanorona::position::Position;
use fanorona::rules::{Color, Rules, Stalemate};
use fanorona::with_bits;
use indicatif::{ProgressBar, ProgressDrawTarget};

use super::common::{CliError, CliResult, RuleArgs, json_str, set_threads};
use fanorona::draw::{board_text, counted, status_line};

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The start position of this board (columns x rows).
    #[arg(long, default_value = "9x5", conflicts_with = "position")]
    pub board: String,
    /// This position instead, e.g. "BBB/B.W/WWW w".
    #[arg(long)]
    pub position: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn show(args: &ShowArgs) -> CliResult {
    let rules = args.rules.rules();
    let (board, d) = board_and_diagram(&args.board, args.position.as_deref(), &rules)?;
    with_bits!(board.points(), B => {
        let pos: Position<B> = d.to_position();
        print!("{}", board_text(&board, &pos));
        println!("{}", status_line(&pos));
        if let Some(over) = game_over(&Geometry::<B>::new(board), &rules, &pos) {
            println!("{over}");
        }
        println!("{}", position_to_fen(&board, &pos));
    });
    Ok(())
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The start position of this board (columns x rows).
    #[arg(long, default_value = "9x5", conflicts_with = "position")]
    pub board: String,
    /// This position instead, e.g. "BBB/B.W/WWW w".
    #[arg(long)]
    pub position: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON array of {"move", "position"} objects.
    #[arg(long)]
    pub json: bool,
}

pub fn moves(args: &MovesArgs) -> CliResult {
    let rules = args.rules.rules();
    let (board, d) = board_and_diagram(&args.board, args.position.as_deref(), &rules)?;
    with_bits!(board.points(), B => {
        let geo = Geometry::<B>::new(board);
        let pos: Position<B> = d.to_position();
        let turns = legal_turns(&geo, &rules, &pos);
        if args.json {
            let items: Vec<String> = turns
                .iter()
                .map(|(t, p)| {
                    format!(
                        "{{\"move\": {}, \"position\": {}}}",
                        json_str(&turn_to_string(&board, t)),
                        json_str(&position_to_fen(&board, p))
                    )
                })
                .collect();
            println!("[{}]", items.join(", "));
        } else {
            if turns.is_empty() {
                // Why: "no legal moves" alone read as a stalemate (a loss
                // by default) of a position whose game was won.
                match game_over(&geo, &rules, &pos) {
                    Some(over) => println!("no legal moves: {over}"),
                    None => println!("no legal moves"),
                }
            }
            let width = turns
                .iter()
                .map(|(t, _)| turn_to_string(&board, t).len())
                .max()
                .unwrap_or(0);
            for (t, p) in &turns {
                println!("{:<width$}  {}", turn_to_string(&board, t), position_to_fen(&board, p));
            }
        }
    });
    Ok(())
}

/// Why the game of `pos` is over, if it is: a side without stones, or no
/// legal turn (and what the stalemate rule makes of it).
fn game_over<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>) -> Option<String> {
    let (me, other) = (pos.turn.title(), pos.turn.other().title());
    Some(match status(geo, rules, pos) {
        Status::Ongoing => return None,
        // (A 1x1 board: neither side has a stone; the side to move has
        // none, which loses, as the engine and `play` take it.)
        Status::NoStones if pos.waiter().is_empty() => format!(
            "the game is over: neither side has stones, and {me}, to move with none, has lost"
        ),
        Status::NoStones => format!("the game is over: {me} has no stones, {other} has won"),
        Status::Won => format!("the game is over: {other} has no stones, {me} has won"),
        Status::Stalemate(Stalemate::Loss) => {
            format!("{me} cannot move: a stalemate, which {me} loses (--stalemate loss)")
        }
        Status::Stalemate(Stalemate::Draw) => {
            format!("{me} cannot move: a stalemate, a draw (--stalemate draw)")
        }
    })
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Count from the start position of this board (columns x rows).
    #[arg(long, default_value = "9x5", conflicts_with = "position")]
    pub board: String,
    /// Count from this position instead.
    #[arg(long)]
    pub position: Option<String>,
    /// How many turns deep.
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Print only one JSON line, {"depth", "nodes", "seconds"} of the
    /// deepest count (no line a depth).
    #[arg(long)]
    pub json: bool,
}

/// A sacrificed stone (lower case) belongs to the sacrifice variant; under
/// other rules it still blocks the turn to come (the engine plays such
/// positions, and `tests/data/perft.csv` counts some), but a user who
/// meant the variant is told.
pub fn warn_of_blocks_without_sacrifice(d: &Diagram, fen: &str, rules: &Rules) {
    if !rules.sacrifice && d.cells.iter().any(|c| matches!(c, Cell::Block(_))) {
        eprintln!(
            "warning: position '{}' has a sacrificed stone (lower case) but --sacrifice is \
             not given: it blocks this turn, and no sacrifice is played",
            shortened(fen)
        );
    }
}

/// The board and the position a `--board`/`--position` pair asks for.
pub fn board_and_diagram(
    board: &str,
    position: Option<&str>,
    rules: &Rules,
) -> Result<(Board, Diagram), CliError> {
    match position {
        Some(fen) => {
            let d = Diagram::parse(fen)?;
            warn_of_blocks_without_sacrifice(&d, fen, rules);
            // The side letter of a position says who moves; --first only
            // places the start position's first turn. --first black was
            // most likely meant to have Black move, so it is said (the
            // default, White, cannot be told from one given, so only
            // --first black is; `solve` alone said it).
            if rules.first == Color::Black && d.turn == Color::White {
                eprintln!(
                    "warning: --first black is passed over with --position: its side letter (w) \
                     says White moves; end the position with `b` for Black to move"
                );
            }
            Ok((d.board(rules.diagonals), d))
        }
        None => {
            let b = Board::parse(board, rules.diagonals)?;
            let d = with_bits!(b.points(), B => {
                Diagram::from_position(&b, &Position::<B>::start(&b, rules.first))
            });
            Ok((b, d))
        }
    }
}

pub fn perft_cmd(args: &PerftArgs) -> CliResult {
    set_threads(args.threads)?;
    let rules = args.rules.rules();
    let (board, d) = board_and_diagram(&args.board, args.position.as_deref(), &rules)?;
    with_bits!(board.points(), B => {
        let geo = Geometry::<B>::new(board);
        let pos: Position<B> = d.to_position();
        let mut last = (0, 0.0);
        if !args.json {
            println!("perft from {} ({}), counting distinct resulting positions", d, rules);
        }
        // Depth 0 counts the root alone.
        let first = args.depth.min(1);
        // Under the move limit the game is over once its turns are played
        // (the whole limit from the position, as probe and play take it):
        // nothing is deeper (the flag was shown and not applied).
        let turns_left = rules.turn_limit(board.rows);
        for depth in first..=args.depth {
            // Every depth past the limit, or past one with no node, counts
            // none: said once (`--depth 4294967295` printed a line for
            // each).
            let deeper = if depth < args.depth {
                format!("depths {depth} to {}", args.depth)
            } else {
                format!("depth {depth:>2}")
            };
            if let Some(limit) = turns_left.filter(|&l| depth > l) {
                last = (0, 0.0);
                if !args.json {
                    println!("{deeper}  {:>16}  (past the move limit of {limit} turns)", 0);
                }
                break;
            }
            if depth > first && last.0 == 0 {
                if !args.json {
                    println!("{deeper}  {:>16}  (the game is over in every line)", 0);
                }
                break;
            }
            let t = Instant::now();
            // A bar over the subtrees shared out (depth 7 from the 9x5
            // start was silent for seconds), on a terminal, never with
            // --json.
            let bar = ProgressBar::hidden();
            bar.set_style(fanorona::progress::count_style(12));
            bar.set_message(format!("depth {depth}"));
            let n = fanorona::perft::perft_parallel_with_progress(&geo, &rules, &pos, depth, &|done, total| {
                if done == 0 {
                    // (Drawn from here on: made visible empty, it showed a
                    // full bar of 0/0 first.)
                    bar.set_length(total as u64);
                    if !args.json {
                        bar.set_draw_target(ProgressDrawTarget::stderr());
                    }
                }
                bar.set_position(done as u64);
            });
            bar.finish_and_clear();
            let s = t.elapsed().as_secs_f64();
            last = (n, s);
            if !args.json {
                println!("depth {depth:>2}  {n:>16}  {s:>9.3} s");
            }
        }
        if args.json {
            println!("{{\"depth\": {}, \"nodes\": {}, \"seconds\": {:.6}}}", args.depth, last.0, last.1);
        }
    });
    Ok(())
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Perft depth from the 9x5 start.
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// Repetitions; the best time is reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Also time probes of the 9x5 tables (default rules) in this database
    /// folder: cached (block already decompressed), cold (cache emptied
    /// before each probe) and win, draw or loss alone from the WDL file,
    /// mapped and read into memory (as `solve --wdl-memory` reads it).
    #[arg(long)]
    pub probe_db: Option<std::path::PathBuf>,
    /// Also time a table build: the 9x5 tables (default rules) of at most
    /// K stones, built from nothing into a temporary folder (removed
    /// afterwards), on one thread and on all. K = 5 takes seconds, 6
    /// about a minute on two cores.
    #[arg(long, value_name = "K")]
    pub build_pieces: Option<u32>,
    /// Also time a graph search in MIB mebibytes: "White wins?" at the
    /// 5x5 start (a draw, so disproved), without tables, weak numbers, one
    /// thread, as `solve --board 5x5 --pieces 0 --goal white --graph
    /// --weak --moves none --threads 1` runs it. Its expansions are the
    /// same every run; the time and the share of closures and cuts are
    /// what changes with the code. 4 fills the graph some 25 times (27
    /// cuts, 55 closures), 64 never; a second or two either way.
    #[arg(long, value_name = "MIB")]
    pub search_memory: Option<f64>,
    /// One JSON line: {"depth", "nodes", "seconds_one_thread", "threads",
    /// "seconds_threads", "probe": null or {"class", "entries",
    /// "cached_us", "cold_us", "wdl_us", "wdl_loaded_us" (both null
    /// without a WDL file)}, "build": null or {"pieces", "positions",
    /// "seconds_one_thread", "seconds_threads", "folder"}, "search": null
    /// or {"board", "memory_mib", "state", "stopped" (why an open search
    /// stopped, else null), "expansions", "seconds",
    /// "closures", "closure_seconds", "cuts", "cut_seconds"}} (the best of
    /// the runs).
    #[arg(long)]
    pub json: bool,
}

/// Times `f` `runs` times and returns (result, best seconds).
fn best_of(runs: u32, mut f: impl FnMut() -> u64) -> (u64, f64) {
    try_best_of(runs, || Ok::<u64, std::convert::Infallible>(f())).unwrap_or_else(|e| match e {})
}

/// [`best_of`] for work that can fail: the first error ends the runs.
fn try_best_of<E>(runs: u32, mut f: impl FnMut() -> Result<u64, E>) -> Result<(u64, f64), E> {
    let mut best = f64::INFINITY;
    let mut n = 0;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        n = f()?;
        best = best.min(t.elapsed().as_secs_f64());
    }
    Ok((n, best))
}

pub fn bench(args: &BenchArgs) -> CliResult {
    let rules = Rules::default();
    let board = Board::new(9, 5, rules.diagonals)?;
    let geo = Geometry::<u64>::new(board);
    let pos = Position::<u64>::start(&board, rules.first);
    if let Some(k) = args.build_pieces
        && !(2..=board.points() as u32).contains(&k)
    {
        return Err(CliError(format!(
            "--build-pieces {k}: the 9x5 board has {} points; ask for 2 to {} stones",
            board.points(),
            board.points()
        )));
    }
    if let Some(mib) = args.search_memory
        && !(mib > 0.0 && mib <= 1024.0 * 1024.0)
    {
        return Err(CliError(format!(
            "--search-memory {mib}: give the graph's memory in MiB, more than 0 (4 is a second or two)"
        )));
    }
    // What can be refused is refused before the perft runs (a seconds-long
    // perft was timed and printed, then `--probe-db` found missing).
    let probe_table = match &args.probe_db {
        Some(db) => Some(bench_probe_table(db, board, &rules)?),
        None => None,
    };
    if let Some(k) = args.build_pieces {
        check_bench_build(k, board, &rules)?;
    }
    let depth = args.depth;
    // A spinner on a terminal while each timing runs (depth 7 was 24 s of
    // silence); its redraws, five a second, cost nothing measurable.
    let spinner = |what: &str| {
        let bar = if args.json || !std::io::stderr().is_terminal() {
            ProgressBar::hidden()
        } else {
            ProgressBar::new_spinner()
        };
        bar.set_message(format!("timing {what} ({})", counted(args.runs, "run")));
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        bar
    };
    let bar = spinner(&format!("perft {depth} on 1 thread"));
    let (n1, t1) = best_of(args.runs, || perft(&geo, &rules, &pos, depth));
    bar.finish_and_clear();
    if !args.json {
        println!(
            "perft {depth} from the 9x5 start, 1 thread:  {n1} nodes in {t1:.3} s ({:.1} M nodes/s)",
            n1 as f64 / t1 / 1e6
        );
    }
    let threads = rayon::current_num_threads();
    let bar = spinner(&format!("perft {depth} on {threads} threads"));
    let (n2, t2) = best_of(args.runs, || perft_parallel(&geo, &rules, &pos, depth));
    bar.finish_and_clear();
    if !args.json {
        println!(
            "perft {depth} from the 9x5 start, {threads} threads: {n2} nodes in {t2:.3} s ({:.1} M nodes/s)",
            n2 as f64 / t2 / 1e6
        );
    }
    let probe = match probe_table {
        Some(table) => Some(bench_probe(table, board)?),
        None => None,
    };
    let build = match args.build_pieces {
        Some(pieces) => Some(bench_build(pieces, args.runs, board, &rules, threads)?),
        None => None,
    };
    let search = args
        .search_memory
        .map(|mib| bench_search(mib, args.runs, &rules))
        .transpose()?;
    if args.json {
        let probe = probe.map_or("null".to_string(), |p| {
            format!(
                "{{\"class\": {}, \"entries\": {}, \"cached_us\": {:.3}, \"cold_us\": {:.3}, \"wdl_us\": {}, \"wdl_loaded_us\": {}}}",
                json_str(&p.class.name()),
                p.entries,
                p.cached * 1e6,
                p.cold * 1e6,
                p.wdl.map_or("null".to_string(), |(w, _)| format!("{:.3}", w * 1e6)),
                p.wdl.map_or("null".to_string(), |(_, l)| format!("{:.3}", l * 1e6))
            )
        });
        let build = build.map_or("null".to_string(), |b| {
            format!(
                "{{\"pieces\": {}, \"positions\": {}, \"seconds_one_thread\": {:.6}, \"seconds_threads\": {:.6}, \"folder\": {}}}",
                b.pieces,
                b.positions,
                b.one_thread,
                b.threads,
                json_str(&b.folder.display().to_string())
            )
        });
        let search = search.map_or("null".to_string(), |s| {
            format!(
                "{{\"board\": \"5x5\", \"memory_mib\": {}, \"state\": {}, \"stopped\": {}, \"expansions\": {}, \"seconds\": {:.6}, \"closures\": {}, \"closure_seconds\": {:.6}, \"cuts\": {}, \"cut_seconds\": {:.6}}}",
                s.memory_mib,
                json_str(s.state),
                s.stopped.as_deref().map_or("null".to_string(), json_str),
                s.expansions,
                s.seconds,
                s.closures,
                s.closure_seconds,
                s.cuts,
                s.cut_seconds
            )
        });
        println!(
            "{{\"depth\": {depth}, \"nodes\": {n1}, \"seconds_one_thread\": {t1:.6}, \"threads\": {threads}, \"seconds_threads\": {t2:.6}, \"probe\": {probe}, \"build\": {build}, \"search\": {search}}}"
        );
        return Ok(());
    }
    if let Some(b) = build {
        for (n, t) in [(1, b.one_thread), (threads, b.threads)] {
            println!(
                "build 9x5 up to {} stones, {}: {} positions in {t:.3} s ({:.2} M positions/s)",
                b.pieces,
                counted(n as u64, "thread"),
                b.positions,
                b.positions as f64 / t / 1e6
            );
        }
    }
    if let Some(s) = search {
        println!(
            "graph search, 5x5 start, white wins? in {} MiB, 1 thread: {}{} in {} expansions, {:.3} s ({:.1} k expansions/s); {} closures {:.3} s, {} cuts {:.3} s",
            s.memory_mib,
            s.state,
            s.stopped
                .as_deref()
                .map(|why| format!(" ({why})"))
                .unwrap_or_default(),
            s.expansions,
            s.seconds,
            s.expansions as f64 / s.seconds / 1e3,
            s.closures,
            s.closure_seconds,
            s.cuts,
            s.cut_seconds
        );
    }
    if let Some(p) = probe {
        println!(
            "probe {} ({} entries): cached {:.2} us, cold {:.1} us{}",
            p.class.name(),
            p.entries,
            p.cached * 1e6,
            p.cold * 1e6,
            p.wdl
                .map(|(w, l)| format!(
                    ", WDL file {:.3} us mapped, {:.3} us in memory",
                    w * 1e6,
                    l * 1e6
                ))
                .unwrap_or_default()
        );
    }
    Ok(())
}

/// A graph search's counts and times, in seconds (the run of the best
/// time).
struct SearchTimes {
    memory_mib: f64,
    /// "disproved" (5x5 is a draw), or "proved" / "open" if the search
    /// goes wrong.
    state: &'static str,
    /// Why an open search stopped ("memory too small: ..."), if a limit
    /// stopped it.
    stopped: Option<String>,
    expansions: u64,
    seconds: f64,
    closures: u64,
    closure_seconds: f64,
    cuts: u64,
    cut_seconds: f64,
}

/// Times the graph search of `bench --search-memory` in `mib` MiB.
fn bench_search(mib: f64, runs: u32, rules: &Rules) -> Result<SearchTimes, CliError> {
    use fanorona::search::{SearchLimits, Solver};
    use fanorona::value::NoTables;
    let board = Board::new(5, 5, rules.diagonals)?;
    let geo = Geometry::<u64>::new(board);
    let pos = Position::<u64>::start(&board, rules.first);
    // (Ctrl-C stops it, as it does the build before it, which made the
    // signal's handler this program's.)
    let limits = SearchLimits {
        memory_bytes: (mib * (1 << 20) as f64) as usize,
        graph: true,
        weak: true,
        stop: Some(super::common::stop_flag()),
        ..SearchLimits::default()
    };
    let mut best: Option<SearchTimes> = None;
    for _ in 0..runs.max(1) {
        let mut solver = Solver::new(&geo, *rules, &NoTables, limits.clone());
        let t = Instant::now();
        let r = solver
            .prove_goal(&pos, 0, fanorona::rules::Color::White, &mut |_| {})
            .map_err(|e| CliError(e.to_string()))?;
        let seconds = t.elapsed().as_secs_f64();
        if r.stopped == Some(fanorona::search::StopReason::Interrupted) {
            return Err(CliError("interrupted".into()));
        }
        let state = r.goals.first().map_or("open", |g| g.state.name());
        if best.as_ref().is_none_or(|b| seconds < b.seconds) {
            best = Some(SearchTimes {
                memory_mib: mib,
                state,
                stopped: r.stopped.map(|why| why.to_string()),
                expansions: r.nodes,
                seconds,
                closures: r.closures,
                closure_seconds: r.closure_seconds,
                cuts: r.cuts,
                cut_seconds: r.cut_seconds,
            });
        }
    }
    Ok(best.expect("at least one run"))
}

/// The times of a table build, in seconds (the best of the runs).
struct BuildTimes {
    pieces: u32,
    /// Symmetry-reduced positions of all the classes built.
    positions: u64,
    one_thread: f64,
    threads: f64,
    /// Where the tables were built (removed since).
    folder: std::path::PathBuf,
}

/// A folder removed when dropped, whatever happens in between.
struct TempFolder(std::path::PathBuf);

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether the bench's build of `board` tables up to `pieces` stones fits
/// the memory a build takes by default (said as the bench's: it has no
/// `--memory`, which the build's own message told to raise).
fn check_bench_build(pieces: u32, board: Board, rules: &Rules) -> CliResult {
    use fanorona::builder::{BuildError, BuildOptions, Builder, Selection};
    let folder = std::env::temp_dir().join(format!("fanorona-bench-build-{}", std::process::id()));
    let builder = Builder::<u64>::new(&folder, board, *rules, BuildOptions::default());
    match builder.check_selection(&Selection::UpTo(pieces)) {
        Ok(_) => Ok(()),
        Err(
            BuildError::TooBig {
                group,
                needed,
                limit,
            }
            | BuildError::TooBigWide {
                group,
                needed,
                limit,
                ..
            },
        ) => Err(CliError(format!(
            "--build-pieces {pieces}: building {group} needs about {}, more than the {} a bench \
             build may use: give fewer stones (`build --memory` builds bigger tables)",
            fanorona::progress::bytes(needed as usize),
            fanorona::progress::bytes(limit as usize)
        ))),
        Err(e) => Err(super::common::build_error(e)),
    }
}

/// Times builds of the `board` tables of at most `pieces` stones from
/// nothing, on one thread and on `threads`.
fn bench_build(
    pieces: u32,
    runs: u32,
    board: Board,
    rules: &Rules,
    threads: usize,
) -> Result<BuildTimes, CliError> {
    use fanorona::builder::{BuildOptions, Builder};
    let folder = TempFolder(
        std::env::temp_dir().join(format!("fanorona-bench-build-{}", std::process::id())),
    );
    // The build's bars on a terminal (K = 6 takes a minute or two), no
    // log lines elsewhere.
    // Ctrl-C and kill stop the build, so that the folder is removed on
    // the way out (the signal's default would end the program there).
    let options = BuildOptions {
        progress: std::io::stderr().is_terminal(),
        snapshot_every: None,
        stop: Some(super::common::stop_flag()),
        ..Default::default()
    };
    let time_on = |n: usize| -> Result<(u64, f64), CliError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| CliError(format!("cannot start {n} threads: {e}")))?;
        try_best_of(runs, || {
            let _ = std::fs::remove_dir_all(&folder.0);
            let classes = pool
                .install(|| {
                    Builder::<u64>::new(&folder.0, board, *rules, options.clone())
                        .build(pieces, |_| {})
                })
                .map_err(|e| match e {
                    fanorona::builder::BuildError::Stopped { .. } => {
                        CliError("interrupted: the bench's tables are removed".into())
                    }
                    e => super::common::build_error(e),
                })?;
            Ok(classes.iter().map(|c| c.positions).sum())
        })
    };
    let (positions, one_thread) = time_on(1)?;
    let (_, all) = time_on(threads)?;
    Ok(BuildTimes {
        pieces,
        positions,
        one_thread,
        threads: all,
        folder: folder.0.clone(),
    })
}

/// The times of one probe into a table, in seconds.
struct ProbeTimes {
    class: fanorona::index::MaterialClass,
    entries: u64,
    /// The block already decompressed.
    cached: f64,
    /// The cache emptied before each probe.
    cold: f64,
    /// Win, draw or loss alone from the WDL file (random positions of the
    /// table, their chunks checked before), mapped and read into memory,
    /// if it has one.
    wdl: Option<(f64, f64)>,
}

/// The largest readable 9x5 table of `--probe-db`, which the probes are
/// timed on.
struct ProbeTable {
    db: std::path::PathBuf,
    rules: Rules,
    tb: fanorona::probe::Tablebase<u64>,
    class: fanorona::index::MaterialClass,
    file: fanorona::table::TableFile,
}

/// Finds [`ProbeTable`] in `db`, or says why there is none.
fn bench_probe_table(
    db: &std::path::Path,
    board: Board,
    rules: &Rules,
) -> Result<ProbeTable, CliError> {
    use fanorona::probe::Tablebase;
    super::common::check_db_flag("--probe-db", db, super::common::DbUse::Read)?;
    let tb = Tablebase::<u64>::new(db, board, *rules);
    let dir = fanorona::builder::table_dir(db, &board, rules);
    let no_tables = || {
        CliError(format!(
            "--probe-db {}: no 9x5 tables under the default rules (no {}): `fanorona build --db {}` makes them",
            db.display(),
            dir.display(),
            db.display()
        ))
    };
    if !dir.is_dir() {
        return Err(no_tables());
    }
    let (class, file) = tb
        .list()?
        .into_iter()
        .filter_map(|(c, f)| f.ok().map(|f| (c, f)))
        .max_by_key(|(_, f)| f.header.entries)
        .ok_or_else(no_tables)?;
    Ok(ProbeTable {
        db: db.to_path_buf(),
        rules: *rules,
        tb,
        class,
        file,
    })
}

/// Times probes of random positions of the largest table in `db`.
fn bench_probe(table: ProbeTable, board: Board) -> Result<ProbeTimes, CliError> {
    use fanorona::index::{ClassIndexer, DecodeCache};
    use fanorona::probe::Tablebase;
    let ProbeTable {
        db,
        rules,
        tb,
        class,
        file,
    } = table;
    let (db, rules) = (db.as_path(), &rules);
    let ix = ClassIndexer::<u64>::new(board, class);
    let mut cache = DecodeCache::default();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random_positions = |n: usize| -> Vec<_> {
        (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                ix.decode(seed % file.header.entries, &mut cache)
            })
            .collect()
    };
    let positions = random_positions(2000);
    // Cold: every probe decompresses its block.
    let t = Instant::now();
    for p in &positions {
        fanorona::table::clear_block_cache();
        std::hint::black_box(tb.probe(p)?);
    }
    let cold = t.elapsed().as_secs_f64() / positions.len() as f64;
    // Cached: a few positions probed over and over.
    let few = &positions[..8];
    for p in few {
        tb.probe(p)?;
    }
    let reps = 100_000;
    let t = Instant::now();
    for k in 0..reps {
        std::hint::black_box(tb.probe(&few[k % few.len()])?);
    }
    let cached = t.elapsed().as_secs_f64() / reps as f64;
    // WDL: many positions (their pages far more than the address
    // translation caches hold, as in a search), each once to check its
    // chunk, then all of them again; then the same read into memory.
    let wdl =
        if fanorona::builder::wdl_path(&fanorona::builder::table_dir(db, &board, rules), class)
            .exists()
        {
            let positions = random_positions(200_000);
            let time_wdl = |tb: &Tablebase<u64>| -> Result<f64, CliError> {
                for p in &positions {
                    tb.probe_wdl(p)?;
                }
                let t = Instant::now();
                for p in &positions {
                    std::hint::black_box(tb.probe_wdl(p)?);
                }
                Ok(t.elapsed().as_secs_f64() / positions.len() as f64)
            };
            let mapped = time_wdl(&tb)?;
            let loaded = Tablebase::<u64>::new(db, board, *rules);
            loaded.set_wdl_memory(u64::MAX);
            Some((mapped, time_wdl(&loaded)?))
        } else {
            None
        };
    Ok(ProbeTimes {
        class,
        entries: file.header.entries,
        cached,
        cold,
        wdl,
    })
}

/// Used by generic code that needs a name for a bitboard type.
#[allow(dead_code)]
pub fn bits_name<B: Bits>() -> &'static str {
    if B::CAPACITY == 64 { "u64" } else { "wide" }
}
