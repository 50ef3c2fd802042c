//! `play` and `match`: games between people and the engine, and matches
//! between the engine and a random player.
//!
//! `play` reads one line at a time from standard input, so a game can be
//! scripted; prompts and boards go to standard output, without colour.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{HumanDuration, ProgressBar, ProgressState, ProgressStyle};

use fanorona::bits::Bits;
use fanorona::engine::{self, Limits, XorShift64};
use fanorona::game::{Entered, Game, GameError, GameRecord, PartialView, Undone};
use fanorona::geometry::Board;
use fanorona::movegen::Turn;
use fanorona::notation::{NotationError, position_to_fen, shortened, turn_to_string};
use fanorona::position::Position;
use fanorona::probe::Tablebase;
use fanorona::rules::{Color, Rules};
use fanorona::value::{NoTables, Oracle, Value};
use fanorona::with_bits;

use super::common::{CliError, CliResult, DbUse, RuleArgs, check_db_folder, stop_flag, text_lines};
use super::rules_cmds::board_and_diagram;
use fanorona::draw::{board_text, counted};

/// The endgame tables the engine consults: those of `board` under `rules`
/// in `db`, or in the default `db/` folder when it exists. Classes that are
/// not built are searched instead.
pub fn open_tables<B: Bits>(
    db: Option<&Path>,
    board: &Board,
    rules: &Rules,
) -> Result<Box<dyn Oracle<B>>, CliError> {
    let dir = match db {
        Some(dir) => {
            check_db_folder(dir, DbUse::Read)?;
            dir
        }
        None => Path::new(super::db_cmds::DEFAULT_DB),
    };
    if dir.is_dir() {
        Ok(Box::new(Tablebase::<B>::new(dir, *board, *rules)))
    } else {
        Ok(Box::new(NoTables))
    }
}

/// Whether `save` may write a game record at `path`: nothing there, an
/// empty file, or a game record (saved again); not another file, which is
/// someone's else, nor a folder, device or pipe. Only the first MiB is
/// read (a file bigger than that is no game record).
fn may_write_record(path: &Path) -> bool {
    use std::io::Read;
    let Ok(meta) = std::fs::metadata(path) else {
        return true;
    };
    if !meta.is_file() {
        return false;
    }
    let mut text = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(1 << 20).read_to_end(&mut text));
    match (read, std::str::from_utf8(&text)) {
        (Ok(0), _) => true,
        (Ok(n), Ok(text)) if (n as u64) < (1 << 20) => GameRecord::parse(text).is_ok(),
        _ => false,
    }
}

/// Warns of the tables' problems not warned of yet: a damaged table makes
/// the engine search where it would play perfectly, and only its
/// look-ups see it.
fn warn_table_problems<B: Bits>(oracle: &dyn Oracle<B>, warned: &mut HashSet<String>) {
    for p in oracle.problems() {
        if !warned.contains(&p) {
            eprintln!("warning: {p}");
            warned.insert(p);
        }
    }
}

/// Who a person plays.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanArg {
    White,
    Black,
    Both,
    None,
}

impl HumanArg {
    fn plays(self, c: Color) -> bool {
        match self {
            HumanArg::Both => true,
            HumanArg::None => false,
            HumanArg::White => c == Color::White,
            HumanArg::Black => c == Color::Black,
        }
    }
}

/// A player of a match.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerArg {
    Engine,
    Random,
}

/// What a saved game decides, so `--load` takes none of it: a flag
/// given beside it would be ignored without a word.
const LOAD_CONFLICTS: [&str; 8] = [
    "board",
    "position",
    "diagonals",
    "continuation",
    "stalemate",
    "sacrifice",
    "first",
    "move_limit",
];

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Board size, columns x rows (odd numbers 1 to 13), e.g. 9x5, 5x5, 3x3.
    #[arg(long, default_value = "9x5", conflicts_with = "position")]
    pub board: String,
    /// Start from this position instead of the start position, e.g.
    /// "BBB/B.W/WWW w" (it gives the board's size).
    #[arg(long)]
    pub position: Option<String>,
    /// Which sides a person plays; the engine plays the others.
    #[arg(long, value_enum, default_value_t = HumanArg::White)]
    pub human: HumanArg,
    /// Time limit per move in milliseconds: a side that has not moved
    /// within it loses. The engine leaves half of it unused (at least
    /// 15 ms, three quarters of a limit under 20 ms; at most 250 ms), so
    /// that it answers in time on a busy machine; below 50 ms it may not,
    /// and is warned of.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time_limit: Option<u64>,
    /// The engine's thinking time per move in milliseconds (never more
    /// than --time-limit).
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub engine_time: u64,
    /// Give the engine this many search nodes per move instead of a time
    /// (deterministic; --time-limit still applies).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// End the game as a draw after this many turns in all (not a rule;
    /// default: no cap, or 40 x rows with --human none). At least 1: a cap
    /// of 0 ended the game before its first turn.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turns: Option<u32>,
    /// Go on with a saved game, under its board and rules (so --board,
    /// --position and the rule flags are refused beside it).
    #[arg(long, value_name = "FILE", conflicts_with_all = LOAD_CONFLICTS)]
    pub load: Option<PathBuf>,
    /// Folder of endgame tables for the engine.
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Board size, columns x rows (odd numbers 1 to 13).
    #[arg(long, default_value = "9x5", conflicts_with = "position")]
    pub board: String,
    /// Start every game from this position instead (it gives the board's
    /// size).
    #[arg(long)]
    pub position: Option<String>,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = PlayerArg::Engine)]
    pub white: PlayerArg,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = PlayerArg::Random)]
    pub black: PlayerArg,
    /// Time limit per move in milliseconds; the engine answers within it
    /// (below 50 ms a busy machine may make it late: warned of), and a
    /// player who takes longer loses.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time_limit: Option<u64>,
    /// The engine's thinking time per move in milliseconds (never more
    /// than --time-limit).
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub engine_time: u64,
    /// Give the engine this many search nodes per move instead of a time
    /// (deterministic games).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Seed of the random player; game i (from 0) uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game not decided after this many turns in all is a draw (default
    /// 40 x rows; at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turns: Option<u32>,
    /// Print only one JSON line: {"white_wins": W, "draws": D, "black_wins": B}.
    #[arg(long)]
    pub json: bool,
    /// Folder of endgame tables for the engine.
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The engine's budget for one move.
fn engine_limits(
    time_limit: Option<Duration>,
    engine_time: u64,
    nodes: Option<u64>,
    turns_left: Option<u32>,
) -> Limits {
    let think = Duration::from_millis(engine_time);
    let time = match (nodes, time_limit) {
        (Some(_), t) => t,
        (None, Some(t)) => Some(t.min(think)),
        (None, None) => Some(think),
    };
    Limits {
        time,
        nodes,
        depth: None,
        turns_left,
        // Ctrl-C stops the engine thinking at once (it ended its search
        // first: 18 s with --engine-time 20000).
        stop: Some(stop_flag()),
    }
}

// ----- play -----

/// How long the engine thinks before [`Thinking`] says so: a move made
/// sooner is seen at once.
const THINKING_AFTER: Duration = Duration::from_millis(500);

/// `Black (engine) thinking... 3 s` on standard error while the engine
/// thinks longer than [`THINKING_AFTER`] (a second of its default time
/// looked like a hang), on a terminal only, redrawn in place each second
/// and cleared when it answers (on drop).
struct Thinking {
    done: Option<mpsc::Sender<()>>,
    drawer: Option<std::thread::JoinHandle<()>>,
}

impl Thinking {
    fn start(who: String) -> Thinking {
        if !io::stderr().is_terminal() {
            return Thinking {
                done: None,
                drawer: None,
            };
        }
        let (tx, rx) = mpsc::channel::<()>();
        let drawer = std::thread::spawn(move || {
            let t0 = Instant::now();
            let mut wait = THINKING_AFTER;
            let mut drawn = false;
            // Until the sender is dropped: the engine has answered.
            while rx.recv_timeout(wait) == Err(RecvTimeoutError::Timeout) {
                let mut err = io::stderr().lock();
                let _ = match t0.elapsed().as_secs() {
                    0 => write!(err, "\r\x1b[2K{who} thinking..."),
                    s => write!(err, "\r\x1b[2K{who} thinking... {s} s"),
                };
                let _ = err.flush();
                drawn = true;
                wait = Duration::from_secs(1);
            }
            if drawn {
                let _ = write!(io::stderr(), "\r\x1b[2K");
            }
        });
        Thinking {
            done: Some(tx),
            drawer: Some(drawer),
        }
    }
}

/// Runs `think` with [`Thinking`] said of `who`, cleared before its
/// answer is returned (and printed).
fn thinking<T>(who: String, think: impl FnOnce() -> T) -> T {
    let _said = Thinking::start(who);
    think()
}

impl Drop for Thinking {
    fn drop(&mut self) {
        drop(self.done.take());
        // Cleared before what the engine answers is printed.
        if let Some(d) = self.drawer.take() {
            let _ = d.join();
        }
    }
}

/// Lines from standard input, read on their own thread so that a person's
/// time can run out while the program waits, and Ctrl-C be seen.
struct Input {
    rx: Receiver<String>,
    /// Set by Ctrl-C or kill ([`stop_flag`]).
    stop: Arc<AtomicBool>,
}

enum Read {
    Line(String),
    Eof,
    Timeout,
    /// Ctrl-C or kill while waiting.
    Interrupted,
}

impl Input {
    fn stdin() -> Input {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in text_lines(io::stdin().lock()) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Input {
            rx,
            stop: stop_flag(),
        }
    }

    fn interrupted(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The next line, waiting until `deadline` at most; a tenth of a
    /// second at a time, to see Ctrl-C.
    fn read(&self, deadline: Option<Instant>) -> Read {
        let slice = Duration::from_millis(100);
        loop {
            if self.interrupted() {
                return Read::Interrupted;
            }
            let wait = match deadline {
                None => slice,
                Some(d) => match d.saturating_duration_since(Instant::now()) {
                    left if left.is_zero() => return Read::Timeout,
                    left => left.min(slice),
                },
            };
            match self.rx.recv_timeout(wait) {
                Ok(l) => return Read::Line(l),
                Err(RecvTimeoutError::Timeout) => {}
                // Ctrl-C closes the input of a session run from a
                // pipe's end as it interrupts: the stop, not the end of
                // the input, decides then.
                Err(RecvTimeoutError::Disconnected) if self.interrupted() => {
                    return Read::Interrupted;
                }
                Err(RecvTimeoutError::Disconnected) => return Read::Eof,
            }
        }
    }
}

/// Writes the game's record into a new file of the current folder,
/// `fanorona-game-<seconds since 1970>.txt`, with `-2`, `-3`... after the
/// time when that name is taken: two games left in the same second (two
/// scripted sessions in one folder) wrote over the first one's record.
fn save_to_new_file<B: Bits>(game: &Game<B>) -> Result<PathBuf, (PathBuf, io::Error)> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let text = game.record().to_text();
    let mut n = 1u32;
    loop {
        let path = PathBuf::from(match n {
            1 => format!("fanorona-game-{stamp}.txt"),
            _ => format!("fanorona-game-{stamp}-{n}.txt"),
        });
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        let mut file = match file {
            Ok(f) => f,
            // (A thousand games in one second is not a person.)
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => {
                n += 1;
                continue;
            }
            Err(e) => return Err((path, e)),
        };
        match file
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
        {
            Ok(()) => return Ok(path),
            Err(e) => {
                // Made by this call: a part of a record (a full disk) is
                // not left where the message says nothing was saved.
                drop(file);
                let _ = std::fs::remove_file(&path);
                return Err((path, e));
            }
        }
    }
}

/// Why a game needs no saving when the session ends, if it does not: it
/// is over, no turn of it was played, or it is saved (or was loaded) as
/// it stands (`saved`: that record). `quit`, the end of the input,
/// `load` and Ctrl-C agree on this (Ctrl-C saved a game with no turn
/// played, a file of nothing for every session left at its first
/// prompt).
fn nothing_to_save<B: Bits>(game: &Game<B>, saved: Option<&str>) -> Option<&'static str> {
    if game.outcome().is_some() {
        Some("the game is over")
    } else if game.turns_played() == 0 {
        Some("no turn was played")
    } else if saved == Some(game.record().to_text().as_str()) {
        Some("the game is saved as it stands")
    } else {
        None
    }
}

/// Saves the game of a session Ctrl-C or kill stopped, so that nothing is
/// lost: into the current folder, else on standard error. The error the
/// program ends with says where, or why nothing needed saving.
fn save_interrupted<B: Bits>(game: &Game<B>, saved: Option<&str>) -> CliError {
    if let Some(why) = nothing_to_save(game, saved) {
        return CliError(format!("interrupted ({why}: nothing saved)"));
    }
    match save_to_new_file(game) {
        Ok(path) => CliError(format!(
            "interrupted: the game is saved in {} (fanorona play --load {} goes on)",
            path.display(),
            path.display()
        )),
        Err((path, e)) => {
            eprint!("{}", game.record().to_text());
            CliError(format!(
                "interrupted: the game could not be saved in {} ({e}); its record is above",
                path.display()
            ))
        }
    }
}

/// Ends the session at `quit` or the end of the input. A game in
/// progress (a turn played, not over) that is not saved as it stands is
/// saved the way Ctrl-C saves it, and standard error says where: `quit`
/// threw it away without a word. `saved`: the record as last saved or
/// loaded, if it was.
fn leave<B: Bits>(game: &Game<B>, saved: Option<&str>) -> Result<SessionEnd, CliError> {
    match save_unsaved(game, saved) {
        Ok(()) => Ok(SessionEnd::Quit),
        Err((path, e)) => {
            eprint!("{}", game.record().to_text());
            Err(CliError(format!(
                "the game in progress could not be saved in {} ({e}); its record is above",
                path.display()
            )))
        }
    }
}

/// Saves a game going on that is not saved as it stands (`saved`: the
/// record as last saved or loaded) to a new file, and says where on
/// standard error: a game left by `quit`, the end of the input or `load`.
fn save_unsaved<B: Bits>(game: &Game<B>, saved: Option<&str>) -> Result<(), (PathBuf, io::Error)> {
    if nothing_to_save(game, saved).is_some() {
        return Ok(());
    }
    let path = save_to_new_file(game)?;
    eprintln!(
        "the game in progress is saved in {} (fanorona play --load {} goes on)",
        path.display(),
        path.display()
    );
    Ok(())
}

struct PlayConfig {
    human: HumanArg,
    time_limit: Option<Duration>,
    engine_time: u64,
    nodes: Option<u64>,
    db: Option<PathBuf>,
}

enum SessionEnd {
    Quit,
    Load(GameRecord),
}

const HELP: &str = "\
Enter a whole turn in notation: d3-e3A (approach), f4-e4W-e3A (a chain),
b2-b1 (paika), xd2 (sacrifice, when that variant is on). Or step by step:
  d3            pick the stone on d3
  e3  or e3A    move it to e3 (add A or W when it could capture both ways)
  A  or  W      choose approach or withdrawal when asked
  end           end a chain that may stop here
  x             sacrifice the picked stone (sacrifice variant)
Commands:
  undo          take back the last step, or the last turn (and the engine's reply)
  redo          play again a turn taken back
  hint          the value of every move from the tables (perfect play),
                or the engine's choice where they do not reach; in the
                middle of a chain, the turns that go on from it
  draw          offer a draw
  resign        give up
  save FILE     save the game record to FILE
  load FILE     load a game record and go on from it (the game going on
                saved first, as by quit)
  moves         list the legal moves again
  board         show the board again
  help          this text
  quit          leave (also at the end of the input); a game going on
                that is not saved as it stands is saved in
                fanorona-game-<time>.txt first";

/// The least time (ms) to answer in, after its search, that the engine
/// is left without a warning: what a limit of 50 ms leaves it (at a load
/// of 3.5, 50 and 80 ms lost no game of 12 each, 20 ms lost 5 of 30 with
/// half of it kept to answer; session 125).
const SAFE_SLACK_MS: f64 = 25.0;

/// Warns that the engine may lose on time under `--time-limit` `ms`,
/// when its search leaves it less than [`SAFE_SLACK_MS`] to answer.
fn warn_short_time_limit(ms: Option<u64>, engine_time: u64, nodes: Option<u64>) {
    let Some(ms) = ms else {
        return;
    };
    // The engine's own budget: the smaller of the limit and its time, or
    // the whole limit with --nodes (which the limit still bounds).
    let budget = match nodes {
        Some(_) => Duration::from_millis(ms),
        None => Duration::from_millis(ms.min(engine_time)),
    };
    // (`budget - time_margin(budget)` overflowed at --engine-time 0.)
    let search = fanorona::engine::search_budget(budget);
    let slack = Duration::from_millis(ms).saturating_sub(search);
    if slack.as_secs_f64() * 1e3 >= SAFE_SLACK_MS {
        return;
    }
    eprintln!(
        "warning: --time-limit {ms}: the engine searches {:.1} ms of it and leaves {:.1} ms to \
         answer, which a busy machine may not give it: it can lose on time (a limit of 50 ms \
         or more leaves it {SAFE_SLACK_MS:.0})",
        search.as_secs_f64() * 1e3,
        slack.as_secs_f64() * 1e3
    );
}

pub fn play(args: &PlayArgs) -> CliResult {
    if args.human != HumanArg::Both {
        warn_short_time_limit(args.time_limit, args.engine_time, args.nodes);
    }
    let cfg = PlayConfig {
        human: args.human,
        time_limit: args.time_limit.map(Duration::from_millis),
        engine_time: args.engine_time,
        nodes: args.nodes,
        db: args.db.clone(),
    };
    let mut rec = match &args.load {
        Some(path) => read_record(path)?,
        None => {
            let rules = args.rules.rules();
            let (board, d) = board_and_diagram(&args.board, args.position.as_deref(), &rules)?;
            let mut rec = GameRecord::new(board, rules);
            if args.position.is_some() {
                rec.start = Some(d.to_string());
            }
            rec
        }
    };
    if args.max_turns.is_some() {
        rec.max_turns = args.max_turns;
    } else if rec.max_turns.is_none() && args.human == HumanArg::None {
        rec.max_turns = Some(40 * rec.board.rows as u32);
    }
    let input = Input::stdin();
    let mut from_file = args.load.is_some();
    loop {
        let end = with_bits!(rec.board.points(), B => session::<B>(&rec, from_file, &cfg, &input)?);
        match end {
            SessionEnd::Quit => return Ok(()),
            SessionEnd::Load(r) => {
                rec = r;
                from_file = true;
            }
        }
    }
}

/// A file name as messages echo it ([`shortened`]).
fn echo_path(path: &Path) -> String {
    shortened(&path.to_string_lossy()).into_owned()
}

fn read_record(path: &Path) -> Result<GameRecord, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read game record {}: {e}", echo_path(path))))?;
    let rec =
        GameRecord::parse(&text).map_err(|e| CliError(format!("{}: {e}", echo_path(path))))?;
    // Replay it once now, so that a bad record is reported before the game
    // in progress is left.
    with_bits!(rec.board.points(), C => {
        Game::<C>::from_record(&rec).map_err(|e| CliError(format!("{}: {e}", echo_path(path))))?;
    });
    Ok(rec)
}

fn prompt(text: &str) {
    print!("{text}");
    let _ = io::stdout().flush();
}

fn print_state<B: Bits>(game: &Game<B>, cfg: &PlayConfig) {
    let board = game.board();
    let partial = game.partial();
    let shown = partial.as_ref().map_or(*game.position(), |p| p.position);
    println!();
    print!("{}", board_text(board, &shown));
    let mover = game.position().turn;
    // Whichever ends the game first: a --max-turns cap below the move
    // limit was shown as "of 30 (move limit)" while the cap ended the game.
    // (At equal counts the game names the move limit, and so does this.)
    let limit = match (game.turn_limit(), game.max_turns()) {
        (Some(l), Some(c)) if c < l => format!(" of {c} (cap)"),
        (Some(l), _) => format!(" of {l} (move limit)"),
        (None, Some(c)) => format!(" of {c} (cap)"),
        (None, None) => String::new(),
    };
    // Once the game is over nobody is to move: the turns it lasted.
    let head = if game.outcome().is_some() {
        format!(
            "Game over after {}{limit}",
            counted(game.turns_played(), "turn")
        )
    } else {
        let who = if cfg.human.plays(mover) {
            ""
        } else {
            " (engine)"
        };
        format!(
            "Turn {}{limit}: {}{who} to move",
            game.turns_played() + 1,
            mover.title()
        )
    };
    // Counted on the board shown, so that a chain's captures so far count.
    // A side's stones gone are its opponent's captures but for those it
    // sacrificed itself (each gone once the opponent's turn after it is
    // played; until then it stands on the board as a block).
    let start = game.start();
    // (A block in the start position is its owner's sacrifice too.)
    let block_of =
        |pos: &Position<B>, c: Color| pos.block.is_some_and(|b| pos.stones(c).contains(b));
    let sacrificed = |c: Color| {
        // (A turn's side is the one not to move after it.)
        let made = game
            .history()
            .iter()
            .filter(|p| p.after.turn != c && matches!(p.turn, Turn::Sacrifice(_)))
            .count() as u32
            + u32::from(block_of(start, c));
        made.saturating_sub(u32::from(block_of(&shown, c)))
    };
    let lost = |c: Color| {
        start
            .stones(c)
            .count()
            .saturating_sub(shown.stones(c).count())
    };
    let (gone_white, gone_black) = (sacrificed(Color::White), sacrificed(Color::Black));
    // Each count says who did it: "Captured: White 1" read as a White
    // stone captured, beside "Sacrificed: White 1", a White stone given.
    let sacrifices = if gone_white + gone_black > 0 {
        format!(" Sacrificed: by White {gone_white}, by Black {gone_black}.")
    } else {
        String::new()
    };
    println!(
        "{head}. Stones taken: by White {}, by Black {}.{sacrifices} Stones: White {}, Black {}.",
        lost(Color::Black).saturating_sub(gone_black),
        lost(Color::White).saturating_sub(gone_white),
        shown.white.count(),
        shown.black.count(),
    );
    if let Some(t) = cfg.time_limit {
        println!("Time limit: {} ms per move.", t.as_millis());
    }
    // Mid-chain the board above shows the captures so far: the position
    // line says so and gives that board (it gave the turn's start alone).
    // `Position:` stays the position a turn starts from, for scripts.
    match partial.as_ref().filter(|p| !p.steps.is_empty()) {
        Some(p) => {
            println!(
                "Position mid-chain, after {} ({} still to move): {}",
                chain_text(board, p),
                mover.title(),
                position_to_fen(board, &p.position)
            );
            println!("The turn started from: {}", game.fen());
        }
        None => println!("Position: {}", game.fen()),
    }
    if game.outcome().is_some() {
        return;
    }
    match &partial {
        None => println!("Legal moves: {}", game.legal_moves().join(" ")),
        Some(p) => {
            let names = |sqs: &[u8]| -> String {
                sqs.iter()
                    .map(|&s| board.square_name(s))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            if p.steps.is_empty() {
                println!("Stone picked: {}", board.square_name(p.from));
            } else {
                println!(
                    "Chain of the stone from {}: visited {} (it may not return there)",
                    board.square_name(p.from),
                    names(&p.visited)
                );
            }
            if let Some(c) = &p.choice {
                let a: Vec<u8> = c.approach.squares().collect();
                let w: Vec<u8> = c.withdrawal.squares().collect();
                println!(
                    "The step to {} captures by approach (A): {}, or by withdrawal (W): {}. Type A or W.",
                    board.square_name(c.to),
                    names(&a),
                    names(&w)
                );
            } else {
                println!("Next: {}", game.partial_options().join(" "));
            }
        }
    }
}

/// A half-entered turn in notation as far as it goes: `b3-c3A-d4A`, and a
/// destination whose `A`/`W` is still to choose without its letter
/// (`b3-c3`).
fn chain_text<B: Bits>(board: &Board, p: &PartialView<B>) -> String {
    let mut text = if p.steps.is_empty() {
        board.square_name(p.from)
    } else {
        turn_to_string(
            board,
            &Turn::Capture {
                from: p.from,
                steps: p.steps.clone(),
            },
        )
    };
    if let Some(c) = &p.choice {
        text.push('-');
        text.push_str(&board.square_name(c.to));
    }
    text
}

/// Plays one game (until it is left or another is loaded). `from_file`:
/// `rec` was read from a file, which holds the game as it starts.
fn session<B: Bits>(
    rec: &GameRecord,
    from_file: bool,
    cfg: &PlayConfig,
    input: &Input,
) -> Result<SessionEnd, CliError> {
    let mut game = Game::<B>::from_record(rec)?;
    // The record as last written or read, to leave unsaved only a game
    // that a file holds as it stands.
    let mut saved = from_file.then(|| game.record().to_text());
    let oracle = open_tables::<B>(cfg.db.as_deref(), game.board(), game.rules())?;
    println!(
        "Fanorona {} ({}). Type 'help' for how to enter moves.",
        game.board(),
        game.rules()
    );
    let mut show = true;
    let mut announced = false;
    let mut deadline: Option<Instant> = None;
    let mut warned = HashSet::new();
    loop {
        warn_table_problems(&*oracle, &mut warned);
        // Ctrl-C while the engine thought: seen once it has moved.
        if input.interrupted() {
            return Err(save_interrupted(&game, saved.as_deref()));
        }
        if let Some(o) = game.outcome() {
            if !announced {
                print_state(&game, cfg);
                println!("Game over: {o} ({}).", o.score());
                announced = true;
            }
            if cfg.human == HumanArg::None {
                return leave(&game, saved.as_deref());
            }
            prompt(if game.is_adjudicated() {
                "game over (save FILE, load FILE, quit)> "
            } else {
                "game over (undo, save FILE, load FILE, quit)> "
            });
            let line = match input.read(None) {
                Read::Line(l) => l,
                Read::Interrupted => return Err(save_interrupted(&game, saved.as_deref())),
                _ => return leave(&game, saved.as_deref()),
            };
            match command(&line, &mut game, cfg, &*oracle, input, None, &mut saved)? {
                Some(SessionEnd::Quit) => return leave(&game, saved.as_deref()),
                Some(end) => return Ok(end),
                None => {
                    if game.outcome().is_none() {
                        announced = false;
                        show = true;
                        deadline = None;
                    }
                }
            }
            continue;
        }
        announced = false;
        let mover = game.position().turn;
        if !cfg.human.plays(mover) {
            let limits = engine_limits(
                cfg.time_limit,
                cfg.engine_time,
                cfg.nodes,
                game.turns_to_end(),
            );
            let t0 = Instant::now();
            let choice = thinking(format!("{} (engine)", mover.title()), || {
                engine::choose(
                    game.geometry(),
                    game.rules(),
                    game.position(),
                    &*oracle,
                    &limits,
                )
            })?;
            if input.interrupted() {
                return Err(save_interrupted(&game, saved.as_deref()));
            }
            let took = t0.elapsed();
            if cfg.time_limit.is_some_and(|l| took > l) {
                println!("{} (engine) took {} ms.", mover.title(), took.as_millis());
                game.lose_on_time(mover);
                continue;
            }
            let played = game.play_turn(&choice.turn)?;
            println!(
                "{} (engine) plays {}   [{}]",
                mover.title(),
                played.notation,
                choice.info
            );
            show = true;
            deadline = None;
            continue;
        }
        if show {
            print_state(&game, cfg);
            show = false;
        }
        if deadline.is_none() {
            deadline = cfg.time_limit.map(|l| Instant::now() + l);
        }
        prompt(&format!("{}> ", mover.name()));
        let line = match input.read(deadline) {
            Read::Line(l) => l,
            Read::Eof => {
                println!();
                return leave(&game, saved.as_deref());
            }
            Read::Interrupted => {
                println!();
                return Err(save_interrupted(&game, saved.as_deref()));
            }
            Read::Timeout => {
                println!();
                println!(
                    "{} did not move within {} ms.",
                    mover.title(),
                    cfg.time_limit.map_or(0, |t| t.as_millis())
                );
                game.lose_on_time(mover);
                continue;
            }
        };
        if deadline.is_some_and(|d| Instant::now() > d) {
            println!(
                "{} did not move within {} ms.",
                mover.title(),
                cfg.time_limit.map_or(0, |t| t.as_millis())
            );
            game.lose_on_time(mover);
            continue;
        }
        let before = (game.turns_played(), game.redo_depth());
        let partial_before = game.partial();
        match command(&line, &mut game, cfg, &*oracle, input, deadline, &mut saved)? {
            Some(SessionEnd::Quit) => return leave(&game, saved.as_deref()),
            Some(end) => return Ok(end),
            None => {}
        }
        if (game.turns_played(), game.redo_depth()) != before {
            deadline = None;
            show = true;
        }
        // Redraw after a change, or when asked to.
        if game.partial() != partial_before
            || matches!(line.trim().to_ascii_lowercase().as_str(), "board" | "show")
        {
            show = true;
        }
    }
}

/// Runs one line of input. Returns how the session ends, if it does.
/// `saved`: the record as last saved, set by `save`.
fn command<B: Bits>(
    line: &str,
    game: &mut Game<B>,
    cfg: &PlayConfig,
    oracle: &dyn Oracle<B>,
    input: &Input,
    deadline: Option<Instant>,
    saved: &mut Option<String>,
) -> Result<Option<SessionEnd>, CliError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, unquote(r.trim())),
        None => (line, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "" => {}
        "quit" | "exit" | "q" => return Ok(Some(SessionEnd::Quit)),
        "help" | "?" | "h" => println!("{HELP}"),
        "board" | "show" => {}
        // After the end there are no moves to make (it listed them).
        "moves" => match game.outcome() {
            Some(o) => println!("The game is over ({o}): no moves to make."),
            None => println!("Legal moves: {}", game.legal_moves().join(" ")),
        },
        // `end` with nothing entered said "cannot end here; possible: none".
        "end" | "stop" if game.partial().is_none() && game.outcome().is_none() => println!(
            "'{}': no turn is in progress; 'end' stops a capture chain entered step by step",
            shortened(line)
        ),
        "undo" => match undo(game, cfg) {
            Ok(msg) => println!("{msg}"),
            Err(e) => println!("Cannot undo: {e}"),
        },
        "redo" => match redo(game, cfg) {
            Ok(msg) => println!("{msg}"),
            Err(e) => println!("Cannot redo: {e}"),
        },
        "save" => {
            let name = shortened(rest);
            if rest.is_empty() {
                println!("Save where? Type: save FILE");
            } else if !may_write_record(Path::new(rest)) {
                println!(
                    "{name} is there and is not a game record: not written over; give another name."
                );
            } else {
                let text = game.record().to_text();
                match super::common::write_whole(Path::new(rest), &text) {
                    Ok(()) => {
                        println!("Saved {} to {name}.", counted(game.turns_played(), "turn"));
                        *saved = Some(text);
                    }
                    Err(e) => println!("Cannot save to {name}: {e}"),
                }
            }
        }
        "load" => {
            if rest.is_empty() {
                println!("Load what? Type: load FILE");
            } else {
                match read_record(Path::new(rest)) {
                    // The game left is saved first, as `quit` saves it
                    // (it was dropped); if it cannot be, none is loaded.
                    Ok(rec) => match save_unsaved(game, saved.as_deref()) {
                        Ok(()) => {
                            let turns = counted(rec.moves.len() as u64, "turn");
                            println!("Loaded {}: {turns}.", shortened(rest));
                            return Ok(Some(SessionEnd::Load(rec)));
                        }
                        Err((path, e)) => println!(
                            "Not loaded: the game in progress could not be saved in {} ({e}); \
                             save it with `save FILE` first",
                            path.display()
                        ),
                    },
                    Err(e) => println!("Cannot load: {e}"),
                }
            }
        }
        "resign" if game.outcome().is_none() => {
            let me = game.position().turn;
            game.resign(me);
        }
        "hint" if game.outcome().is_none() => hint(game, cfg, oracle, deadline)?,
        "draw" | "offer" if game.outcome().is_none() => offer_draw(game, cfg, oracle, input),
        _ if line.eq_ignore_ascii_case("offer draw") && game.outcome().is_none() => {
            offer_draw(game, cfg, oracle, input)
        }
        _ => enter_move(game, line),
    }
    Ok(None)
}

/// `rest` without one pair of quotes around it: `save "my game.txt"`
/// wrote a file named with the quotes.
fn unquote(rest: &str) -> &str {
    for q in ['"', '\''] {
        if let Some(inner) = rest.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    rest
}

/// Points typed in upper case, as lower case: `C1-B2A` is `c1-b2A` (it
/// was refused). Files are letters followed by a rank's digits, the
/// `A`/`W` letters are not, so this is unambiguous; so is the `X` of a
/// sacrifice, before a point.
fn lower_points(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let point_at = |i: usize| {
        chars.get(i).is_some_and(char::is_ascii_alphabetic)
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
    };
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if point_at(i) || (i == 0 && c == 'X' && point_at(1)) {
                c.to_ascii_lowercase()
            } else {
                c
            }
        })
        .collect()
}

/// Enters a move, or part of one, and says what became of it.
fn enter_move<B: Bits>(game: &mut Game<B>, line: &str) {
    let text = lower_points(line);
    match game.enter(&text) {
        Ok(Entered::Played(p)) => {
            println!("{} plays {}", p.after.turn.other().title(), p.notation)
        }
        // A turn typed whole that stopped short went on step by step
        // without a word: say why it waits, and for what.
        Ok(Entered::InProgress) if text.contains('-') => {
            if let Some(p) = game.partial() {
                let board = game.board();
                if let Some(c) = &p.choice {
                    println!(
                        "'{line}': the step to {} captures by approach or by withdrawal: type A or W",
                        board.square_name(c.to)
                    );
                } else if !p.steps.is_empty() && !p.can_end {
                    println!(
                        "'{line}' is not a whole turn: the chain must go on while it can capture (continuation {}); type its next step: {}",
                        game.rules().continuation.name(),
                        game.partial_options().join(" ")
                    );
                } else {
                    println!(
                        "'{line}' is entered so far; type what comes next: {}",
                        game.partial_options().join(" ")
                    );
                }
            }
        }
        Ok(Entered::InProgress) => {}
        Err(e) => {
            // A sacrifice where the variant is off was only "not legal
            // here": say what turns it on.
            let sacrifice = match &e {
                GameError::Notation(NotationError::IllegalMove { text, .. }) => {
                    text.starts_with(['x', 'X'])
                }
                GameError::IllegalStep { text, .. } => {
                    matches!(text.to_ascii_lowercase().as_str(), "x" | "sacrifice")
                }
                _ => false,
            };
            if sacrifice && !game.rules().sacrifice {
                println!(
                    "{e}; the sacrifice move is off in this game (play --sacrifice turns it on)"
                );
            } else {
                println!("{e}");
            }
        }
    }
}

/// Prints what the side to move should play: every move with its
/// perfect-play value when the tables hold all the positions they lead to,
/// else the move the engine would choose, with what its search found.
/// In the middle of a chain (a capturing step made, or its `A`/`W` asked)
/// it answers for the turns that go on from the chain: it suggested a
/// whole other turn, which cannot be played from there.
/// `deadline`: when the person's time to move runs out; the engine's
/// search for a hint takes at most half of what is left of it.
fn hint<B: Bits>(
    game: &Game<B>,
    cfg: &PlayConfig,
    oracle: &dyn Oracle<B>,
    deadline: Option<Instant>,
) -> CliResult {
    let left = game.turns_to_end();
    let board = game.board();
    // (A stone only picked binds nothing: another may be picked.)
    let chain = game
        .partial()
        .filter(|p| !p.steps.is_empty() || p.choice.is_some());
    let goes_on = |turn: &Turn| match (&chain, turn) {
        (None, _) => true,
        (Some(p), Turn::Capture { from, steps }) => {
            *from == p.from
                && steps.starts_with(&p.steps)
                && p.choice
                    .as_ref()
                    .is_none_or(|c| steps.get(p.steps.len()).is_some_and(|s| s.to == c.to))
        }
        (Some(_), _) => false,
    };
    let from_chain = chain.as_ref().map_or(String::new(), |p| {
        format!(", going on from {}", chain_text(board, p))
    });
    let valued: Option<Vec<(String, Value)>> = game
        .legal_turns()
        .iter()
        .filter(|(turn, _)| goes_on(turn))
        .map(|(turn, child)| {
            let v = oracle.lookup(child)?.of_turn(left);
            Some((turn_to_string(board, turn), v))
        })
        .collect();
    match valued {
        Some(mut moves) if !moves.is_empty() => {
            moves.sort_by_key(|m| std::cmp::Reverse(m.1));
            let listed: Vec<String> = moves.iter().map(|(m, v)| format!("{m} {v}")).collect();
            println!("Tables (perfect play){from_chain}: {}", listed.join(", "));
        }
        _ => {
            let mut limits = engine_limits(cfg.time_limit, cfg.engine_time, cfg.nodes, left);
            if let (Some(d), Some(t)) = (deadline, limits.time) {
                let time_left = d.saturating_duration_since(Instant::now());
                limits.time = Some(t.min(time_left / 2));
            }
            let choice = thinking("Hint: the engine".into(), || {
                engine::choose(
                    game.geometry(),
                    game.rules(),
                    game.position(),
                    oracle,
                    &limits,
                )
            })?;
            let suggested = turn_to_string(board, &choice.turn);
            match &chain {
                Some(p) if !goes_on(&choice.turn) => println!(
                    "Engine suggests {suggested} for the whole turn   [{}]\n\
                     It does not go on from {}: to play it, type it whole (the chain entered is dropped), or take the chain back with undo (a step each).",
                    choice.info,
                    chain_text(board, p)
                ),
                _ => println!(
                    "Engine suggests {suggested}{from_chain}   [{}]",
                    choice.info
                ),
            }
        }
    }
    Ok(())
}

fn offer_draw<B: Bits>(
    game: &mut Game<B>,
    cfg: &PlayConfig,
    oracle: &dyn Oracle<B>,
    input: &Input,
) {
    let me = game.position().turn;
    let other = me.other();
    if cfg.human.plays(other) {
        prompt(&format!(
            "{} offers a draw. {}, do you accept? (yes/no)> ",
            me.title(),
            other.title()
        ));
        // Only yes or no answers: any other line was taken for "no" and
        // lost (a move typed there was never played). The end of the
        // input declines, so the result stays as the board has it, and
        // the next prompt then ends the session as the end of the input
        // does everywhere else; Ctrl-C declines too and is seen there.
        loop {
            match input.read(None) {
                Read::Line(l) => match l.trim().to_ascii_lowercase().as_str() {
                    "y" | "yes" => {
                        game.agree_draw();
                        return;
                    }
                    "n" | "no" => break,
                    _ => prompt(&format!(
                        "'{}' is not an answer: {}, type yes or no> ",
                        shortened(l.trim()),
                        other.title()
                    )),
                },
                Read::Eof => {
                    println!();
                    println!("{} declines the draw (end of input).", other.title());
                    return;
                }
                Read::Interrupted | Read::Timeout => {
                    println!();
                    return;
                }
            }
        }
        println!("{} declines the draw.", other.title());
        return;
    }
    let limits = engine_limits(
        cfg.time_limit,
        cfg.engine_time,
        cfg.nodes,
        game.turns_to_end(),
    );
    let accepts = thinking(format!("{} (engine)", other.title()), || {
        engine::accepts_draw(
            game.geometry(),
            game.rules(),
            game.position(),
            oracle,
            &limits,
            other,
        )
    });
    if accepts {
        println!("{} (engine) accepts the draw.", other.title());
        game.agree_draw();
    } else {
        println!(
            "{} (engine) declines: neither its tables nor its search show a draw or a loss for it.",
            other.title()
        );
    }
}

/// Takes back a step, or turns until a person is to move.
fn undo<B: Bits>(game: &mut Game<B>, cfg: &PlayConfig) -> Result<String, CliError> {
    if let Some(o) = game.outcome()
        && o.is_adjudicated()
    {
        return Err(CliError(format!(
            "the game is over ({o}): a loss on time, an agreed draw or a resignation is final"
        )));
    }
    if game.partial().is_some() {
        game.undo()?;
        return Ok("Step taken back.".into());
    }
    let hist = game.history();
    let mover_before = |k: usize| -> Color {
        let n = hist.len() - k;
        if n == 0 {
            game.start().turn
        } else {
            hist[n - 1].after.turn
        }
    };
    let k = (1..=hist.len())
        .find(|&k| cfg.human.plays(mover_before(k)))
        .ok_or_else(|| CliError("there is nothing to undo".into()))?;
    let mut names = Vec::new();
    for _ in 0..k {
        if let Undone::Turn(n) = game.undo()? {
            names.push(n);
        }
    }
    names.reverse();
    Ok(format!("Taken back: {}.", names.join(" ")))
}

/// Plays again turns taken back, until a person is to move.
fn redo<B: Bits>(game: &mut Game<B>, cfg: &PlayConfig) -> Result<String, CliError> {
    let mut names = vec![game.redo()?];
    while game.redo_depth() > 0 && !cfg.human.plays(game.position().turn) {
        names.push(game.redo()?);
    }
    Ok(format!("Played again: {}.", names.join(" ")))
}

// ----- match -----

pub fn match_cmd(args: &MatchArgs) -> CliResult {
    if args.white == PlayerArg::Engine || args.black == PlayerArg::Engine {
        warn_short_time_limit(args.time_limit, args.engine_time, args.nodes);
    }
    let rules = args.rules.rules();
    let (board, d) = board_and_diagram(&args.board, args.position.as_deref(), &rules)?;
    let mut rec = GameRecord::new(board, rules);
    if args.position.is_some() {
        rec.start = Some(d.to_string());
    }
    rec.max_turns = Some(args.max_turns.unwrap_or(40 * board.rows as u32));
    let (w, dr, b) = with_bits!(board.points(), B => run_match::<B>(args, &rec)?);
    // Ctrl-C or kill ends the match at the next move, the game in
    // progress left out: the games finished are counted all the same.
    let played = w + dr + b;
    if args.json {
        println!("{{\"white_wins\": {w}, \"draws\": {dr}, \"black_wins\": {b}}}");
    } else {
        let games = counted(played, "game");
        println!("{games}: White wins {w}, draws {dr}, Black wins {b}");
    }
    if played < args.games {
        return Err(CliError(format!(
            "interrupted: {played} of {} games played",
            args.games
        )));
    }
    Ok(())
}

/// The bar over a match's games on standard error, with the turn of the
/// game in progress (ten engine games ran 100 s without a sign), on a
/// terminal, never with --json; cleared when the match ends, however it
/// ends (on drop).
struct MatchBar(ProgressBar);

impl MatchBar {
    fn new(games: u32, json: bool) -> MatchBar {
        if json || !io::stderr().is_terminal() {
            return MatchBar(ProgressBar::hidden());
        }
        let bar = ProgressBar::new(u64::from(games));
        bar.set_style(
            ProgressStyle::with_template("[{bar:20}] {pos}/{len} games, {msg}, eta {left}")
                .expect("a valid template")
                // The games' mean time so far, for those left; not known
                // before one has ended (indicatif's own `{eta}` said 0s
                // then, and after the first game of a second).
                .with_key("left", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let (done, len) = (s.pos(), s.len().unwrap_or(0));
                    let _ = match done {
                        0 => write!(w, "?"),
                        _ => {
                            let mean = s.elapsed().as_secs_f64() / done as f64;
                            let left = mean * len.saturating_sub(done) as f64;
                            write!(w, "{}", HumanDuration(Duration::from_secs_f64(left)))
                        }
                    };
                })
                .progress_chars("=> "),
        );
        MatchBar(bar)
    }
}

impl Drop for MatchBar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

fn run_match<B: Bits>(args: &MatchArgs, rec: &GameRecord) -> Result<(u32, u32, u32), CliError> {
    let first = Game::<B>::from_record(rec)?;
    let oracle = open_tables::<B>(args.db.as_deref(), first.board(), first.rules())?;
    let time_limit = args.time_limit.map(Duration::from_millis);
    let (mut w, mut d, mut b) = (0, 0, 0);
    let mut warned = HashSet::new();
    let stop = stop_flag();
    let bar = MatchBar::new(args.games, args.json);
    'games: for i in 0..args.games {
        let mut game = first.clone();
        let mut rng = XorShift64::new(args.seed.wrapping_add(i as u64));
        while game.outcome().is_none() {
            bar.0
                .set_message(format!("game {}, turn {}", i + 1, game.turns_played() + 1));
            // The game in progress is left, not counted.
            if stop.load(Ordering::SeqCst) {
                break 'games;
            }
            let mover = game.position().turn;
            let player = match mover {
                Color::White => args.white,
                Color::Black => args.black,
            };
            let t0 = Instant::now();
            let turn = match player {
                PlayerArg::Random => {
                    engine::random_turn(game.geometry(), game.rules(), game.position(), &mut rng)
                        .map(|(t, _)| t)
                        .ok_or_else(|| CliError("random player: no legal move".into()))?
                }
                PlayerArg::Engine => {
                    let limits = engine_limits(
                        time_limit,
                        args.engine_time,
                        args.nodes,
                        game.turns_to_end(),
                    );
                    engine::choose(
                        game.geometry(),
                        game.rules(),
                        game.position(),
                        &*oracle,
                        &limits,
                    )?
                    .turn
                }
            };
            // (An engine stopped by Ctrl-C answered early, maybe late.)
            if stop.load(Ordering::SeqCst) {
                break 'games;
            }
            if time_limit.is_some_and(|l| t0.elapsed() > l) {
                game.lose_on_time(mover);
                break;
            }
            game.play_turn(&turn)?;
        }
        // (Above the bar, as the game lines are: printed across it, the
        // warning was garbled.)
        bar.0.suspend(|| warn_table_problems(&*oracle, &mut warned));
        let o = game.outcome().expect("the game ended");
        match o.winner {
            Some(Color::White) => w += 1,
            Some(Color::Black) => b += 1,
            None => d += 1,
        }
        bar.0.inc(1);
        if !args.json {
            // (Above the bar, which is drawn again under it.)
            bar.0.suspend(|| {
                println!(
                    "game {}: {}  {o} ({})",
                    i + 1,
                    o.score(),
                    counted(game.turns_played(), "turn")
                )
            });
        }
    }
    Ok((w, d, b))
}
