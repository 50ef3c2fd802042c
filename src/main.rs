//! `fanorona`: the command line. Each subcommand lives in `cli/`.

mod cli;

use std::any::Any;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use cli::common::CliResult;
use cli::{db_cmds, play_cmds, rules_cmds, search_cmds};

/// Fanorona rules engine, endgame databases and solver.
#[derive(Parser, Debug)]
#[command(name = "fanorona", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Draw a position with its lines.
    Show(rules_cmds::ShowArgs),
    /// List the legal turns of a position.
    Moves(rules_cmds::MovesArgs),
    /// Count the move tree (distinct resulting positions per node).
    Perft(rules_cmds::PerftArgs),
    /// Measure move generation speed: perft from the 9x5 start.
    Bench(rules_cmds::BenchArgs),
    /// Build endgame tables: every material class up to --pieces stones.
    ///
    /// Of the rule flags, --first and --move-limit change no table: a
    /// table holds distances to the end, which the move limit is applied
    /// to when probing, and a position says who moves. Tables on disk are
    /// kept; a damaged one (its header, block index or a block's checksum
    /// failing) is built again.
    Build(db_cmds::BuildArgs),
    /// Perfect-play value of positions and of each of their moves.
    ///
    /// A position is answered when its class is built, or when it is at most
    /// three stones above the tables and its side to move has no turn, or
    /// must capture and every capture leads to an answered position. With
    /// the sacrifice move, a position with a sacrificed stone on the board
    /// (whose class a build to its stones leaves out) is answered through
    /// its turns when it has at most one stone more than the tables, and
    /// so is a sacrifice played instead of a capture.
    Probe(db_cmds::ProbeArgs),
    /// List the tables of a database folder with their statistics (exit
    /// code 2 when one cannot be read, the others listed all the same).
    Info(db_cmds::InfoArgs),
    /// Re-derive every stored value from its successors' values.
    Verify(db_cmds::VerifyArgs),
    /// Rewrite the tables in compressed blocks of another size (larger:
    /// less disk, slower probes).
    Repack(db_cmds::RepackArgs),
    /// Play a game: people against the engine or each other.
    Play(play_cmds::PlayArgs),
    /// Play games between the engine and a random player; count results.
    Match(play_cmds::MatchArgs),
    /// Prove the value of a position by proof-number search (win, draw or
    /// loss for the side to move), with the values of its first moves.
    Solve(search_cmds::SolveArgs),
    /// Solve the start positions of several boards and write the table.
    Table(search_cmds::TableArgs),
}

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Show(a) => rules_cmds::show(&a),
        Command::Moves(a) => rules_cmds::moves(&a),
        Command::Perft(a) => rules_cmds::perft_cmd(&a),
        Command::Bench(a) => rules_cmds::bench(&a),
        Command::Build(a) => db_cmds::build(&a),
        Command::Probe(a) => db_cmds::probe(&a),
        Command::Info(a) => db_cmds::info(&a),
        Command::Verify(a) => db_cmds::verify(&a),
        Command::Repack(a) => db_cmds::repack(&a),
        Command::Play(a) => play_cmds::play(&a),
        Command::Match(a) => play_cmds::match_cmd(&a),
        Command::Solve(a) => search_cmds::solve(&a),
        Command::Table(a) => search_cmds::table(&a),
    }
}

/// Whether the command plays games, where the engine answers within a
/// time limit: its heap stays on small pages. On huge pages the first
/// touch of each 2 MiB of the engine's table (new each move) can wait for
/// the kernel to gather a free huge page: moves of `--engine-time 0` took
/// up to 49 ms, and at `--time-limit 100` 11 of 15 games were lost on time
/// (133 ms a move) on a machine whose memory was fragmented; on small
/// pages none were (session 122).
fn plays_on_the_clock() -> bool {
    let command = std::env::args_os().nth(1);
    command.is_some_and(|c| c == "play" || c == "match")
}

/// Output into a closed pipe (`fanorona moves ... | head -1`) ends the
/// program quietly, as it does other Unix tools, instead of with a panic
/// in `println!` (Rust ignores SIGPIPE by default).
#[cfg(target_os = "linux")]
fn quiet_on_closed_pipe() {
    // SAFETY: `signal` with the default disposition, before any thread
    // starts; no handler runs Rust code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(target_os = "linux"))]
fn quiet_on_closed_pipe() {}

/// The start of the panic `println!` and `eprintln!` raise when the
/// write fails (a full disk, `/dev/full`).
const PRINT_FAILED: &str = "failed printing to ";

/// The text of a panic that is a failed write to standard output or
/// error, if it is one.
fn print_failure(payload: &(dyn Any + Send)) -> Option<&str> {
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())?;
    text.starts_with(PRINT_FAILED).then_some(text)
}

/// Runs the command; a failed write to standard output or error ends it
/// as any other error does, with a message (where standard error takes
/// one) and exit code 2. Every command panicked there, and the panic's
/// text (exit code 101) was all a user saw, or nothing when standard
/// error was the full one. The panic unwinds as any other, so that a
/// build's half-written files and lock are removed on the way.
fn run_catching_failed_output(cli: Cli) -> ExitCode {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if print_failure(info.payload()).is_none() {
            default_hook(info);
        }
    }));
    let message = match std::panic::catch_unwind(AssertUnwindSafe(|| run(cli))) {
        Ok(Ok(())) => return ExitCode::SUCCESS,
        Ok(Err(e)) => format!("error: {e}"),
        Err(payload) => match print_failure(&*payload) {
            Some(text) => {
                let text = &text[PRINT_FAILED.len()..];
                let (stream, why) = text.split_once(": ").unwrap_or((text, "failed"));
                let stream = match stream {
                    "stdout" => "standard output",
                    "stderr" => "standard error",
                    other => other,
                };
                format!("error: writing {stream}: {why}")
            }
            None => std::panic::resume_unwind(payload),
        },
    };
    // (Not `eprintln!`: standard error may be the full one.)
    let _ = writeln!(std::io::stderr(), "{message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    if !plays_on_the_clock() {
        cli::huge_heap::restart_with_huge_page_heap();
    }
    quiet_on_closed_pipe();
    // Negative numbers are taken as values, so that `--memory -1` is
    // refused by the flag's own check, naming it, and not as "unexpected
    // argument '-1'".
    let matches = Cli::command()
        .mut_subcommands(|c| c.allow_negative_numbers(true))
        .get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    run_catching_failed_output(cli)
}
