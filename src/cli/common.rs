//! Pieces shared by the subcommands: rule flags, errors, JSON text.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use clap::{Args, ValueEnum};

use fanorona::rules::{Color, Continuation, Diagonals, Rules, Stalemate};

/// A build's refusal in the command line's words: `--memory`,
/// `--pieces`, `--classes` where the library names its settings.
pub fn build_error(e: fanorona::builder::BuildError) -> CliError {
    CliError(e.text(&fanorona::builder::SettingNames::FLAGS))
}

/// The flags that select the tables of `rules` (those a table depends on
/// and that differ from the defaults), each with a space before it: `
/// --diagonals center --sacrifice`, or nothing for the default rules.
pub fn table_rule_flags(rules: &Rules) -> String {
    let defaults = Rules::default();
    let mut s = String::new();
    if rules.diagonals != defaults.diagonals {
        s += &format!(" --diagonals {}", rules.diagonals);
    }
    if rules.continuation != defaults.continuation {
        s += &format!(" --continuation {}", rules.continuation);
    }
    if rules.stalemate != defaults.stalemate {
        s += &format!(" --stalemate {}", rules.stalemate);
    }
    if rules.sacrifice {
        s += " --sacrifice";
    }
    s
}

/// `word` as a shell reads it back: as it is when it holds only
/// characters no shell treats specially, else in single quotes (a path
/// with a space in a command to paste split in two).
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Bytes in a number of GiB given on the command line (checked by the
/// caller: finite and not negative).
pub fn gib_to_bytes(gib: f64) -> u64 {
    (gib * (1u64 << 30) as f64) as u64
}

/// The lines of `input` without their line ends, bytes that are not
/// UTF-8 replaced by U+FFFD: a line that is not text reaches the parser of
/// the moves or positions, which names it, where `BufRead::lines` would
/// end the input there without a word. Stops at a read error.
pub fn text_lines<R: std::io::BufRead>(mut input: R) -> impl Iterator<Item = String> {
    let mut buf = Vec::new();
    std::iter::from_fn(move || {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                }
                Some(String::from_utf8_lossy(&buf).into_owned())
            }
        }
    })
}

/// The rule variants, as flags every subcommand takes.
#[derive(Args, Clone, Debug, Default)]
pub struct RuleArgs {
    /// Which points are strong: `corner` (a1 strong, traditional) or
    /// `center` (the centre strong, CSCE 315).
    #[arg(long, value_enum, default_value_t = DiagonalsArg::Corner)]
    pub diagonals: DiagonalsArg,
    /// Whether a capture chain may stop early (`free`) or must go on while
    /// it can (`forced`).
    #[arg(long, value_enum, default_value_t = ContinuationArg::Free)]
    pub continuation: ContinuationArg,
    /// The value of having no legal move.
    #[arg(long, value_enum, default_value_t = StalemateArg::Loss)]
    pub stalemate: StalemateArg,
    /// Allow the sacrifice move (CSCE 315).
    #[arg(long)]
    pub sacrifice: bool,
    /// Who moves first from the start position.
    #[arg(long, value_enum, default_value_t = ColorArg::White)]
    pub first: ColorArg,
    /// A game lasts at most 10 x rows turns, then it is a draw.
    #[arg(long)]
    pub move_limit: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagonalsArg {
    #[default]
    Corner,
    Center,
}
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContinuationArg {
    #[default]
    Free,
    Forced,
}
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StalemateArg {
    #[default]
    Loss,
    Draw,
}
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorArg {
    #[default]
    White,
    Black,
}

impl ColorArg {
    pub fn color(self) -> Color {
        match self {
            ColorArg::White => Color::White,
            ColorArg::Black => Color::Black,
        }
    }
}

impl RuleArgs {
    pub fn rules(&self) -> Rules {
        Rules {
            diagonals: match self.diagonals {
                DiagonalsArg::Corner => Diagonals::Corner,
                DiagonalsArg::Center => Diagonals::Center,
            },
            continuation: match self.continuation {
                ContinuationArg::Free => Continuation::Free,
                ContinuationArg::Forced => Continuation::Forced,
            },
            stalemate: match self.stalemate {
                StalemateArg::Loss => Stalemate::Loss,
                StalemateArg::Draw => Stalemate::Draw,
            },
            sacrifice: self.sacrifice,
            first: self.first.color(),
            move_limit: self.move_limit,
        }
    }
}

/// An error the command line reports: a message and exit code 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

pub type CliResult = Result<(), CliError>;

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The most threads `--threads` starts.
pub const MAX_THREADS: usize = 1024;

/// Sets the size of rayon's global pool (0 = one thread per core).
pub fn set_threads(threads: usize) -> CliResult {
    // (Each thread takes a stack; tens of thousands took a minute to start.)
    if threads > MAX_THREADS {
        return Err(CliError(format!(
            "--threads {threads}: give at most {MAX_THREADS} (0: one a core)"
        )));
    }
    if threads > 0 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .map_err(|e| CliError(format!("cannot start {threads} threads: {e}")))?;
    }
    Ok(())
}

/// The stop flag, set by Ctrl-C, by `kill` (SIGTERM) and when the
/// terminal goes (SIGHUP), so that a search stopped any of these ways
/// ends as a limit would, writing its checkpoint, and a build saves the
/// group it is solving and stops (a second signal ends the program at
/// once).
pub fn stop_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        let installed = ctrlc::set_handler(move || {
            // Said at once: a build can take seconds to reach a point
            // where it saves, and a second Ctrl-C pressed meanwhile, as
            // nothing seemed to happen, threw the save away.
            // (The handler runs on one thread, a signal at a time; the
            // line is printed before the flag is set, so that a program
            // that stops at once has said it.)
            // (Not `eprintln!`: on a full standard error it panicked,
            // ending this thread before the flag was set, and every
            // signal after it was lost.)
            use std::io::Write;
            if f.load(Ordering::SeqCst) {
                let _ = writeln!(
                    std::io::stderr(),
                    "\nstopped at once: what was not saved yet is lost"
                );
                std::process::exit(130);
            }
            let _ = writeln!(
                std::io::stderr(),
                "\nstopping cleanly (a second Ctrl-C or kill ends at once, losing what is not saved yet)"
            );
            f.store(true, Ordering::SeqCst);
        });
        if let Err(e) = installed {
            eprintln!("warning: Ctrl-C and kill will not stop searches and builds cleanly: {e}");
        }
        flag
    })
    .clone()
}

/// What to do about a `--db` that is no folder, said after the path.
#[derive(Clone, Copy)]
pub enum DbUse {
    /// Read only (`probe`, `info`, `verify`, `repack`, `play`): tables are
    /// made by `build`.
    Read,
    /// Built into when tables are missing (`solve`, `table`).
    BuildInto,
}

/// Checks `--db` once, before any work, in the same words for every
/// command: a file, or a folder that does not exist, named as such (each
/// command had its own words, some the system's "Not a directory (os
/// error 20)", and `probe` said of each position that its class was not
/// built).
pub fn check_db_folder(db: &Path, used: DbUse) -> CliResult {
    check_db_flag("--db", db, used)
}

/// [`check_db_folder`] of a database folder given by another flag
/// (`bench --probe-db`), named by it.
pub fn check_db_flag(flag: &str, db: &Path, used: DbUse) -> CliResult {
    if db.is_dir() {
        return check_not_a_table_folder(flag, db);
    }
    let what = match (db.exists(), used) {
        (true, _) => "a file, not a folder of endgame tables",
        (false, DbUse::Read) => "no such folder (fanorona build --db DIR makes one)",
        (false, DbUse::BuildInto) => "no such folder (create it, or leave --db out to use db/)",
    };
    Err(CliError(format!("{flag} {}: {what}", db.display())))
}

/// A table folder given for the database that holds it: `build` made a
/// second copy of every table inside it (hours on 9x5), `probe` said each
/// class was not built, `info` said "no tables". A database folder holds
/// its tables in a folder per board and rule set, never directly.
fn check_not_a_table_folder(flag: &str, db: &Path) -> CliResult {
    let is_table = |p: &Path| p.extension().and_then(|x| x.to_str()) == Some("fnt");
    let entries: Vec<std::path::PathBuf> = std::fs::read_dir(db)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    // A database with a stray table dropped beside its folders is one
    // still (`info` names the stray file).
    let holds_table_folders = entries.iter().any(|p| {
        p.is_dir() && std::fs::read_dir(p).is_ok_and(|rd| rd.flatten().any(|e| is_table(&e.path())))
    });
    if holds_table_folders || !entries.iter().any(|p| is_table(p)) {
        return Ok(());
    }
    let parent = db
        .canonicalize()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| db.join(".."));
    Err(CliError(format!(
        "{flag} {} is a folder of tables itself: give the database folder that holds it, {flag} {}",
        db.display(),
        parent.display()
    )))
}

/// `path` with `.tmp` added: where a file is written whole before it is
/// renamed over `path`.
fn tmp_beside(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    PathBuf::from(tmp)
}

/// Writes `text` to `path` whole or not at all: to a new file beside it,
/// then renamed over it (a full disk left a table half written, the old
/// one gone).
pub fn write_file(path: &Path, text: &str) -> CliResult {
    write_whole(path, text).map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

/// [`write_file`]'s writing, with the system's error as it is: `play`'s
/// `save` words its own message (it wrote in place, and a full disk left
/// an empty file where a saved game had been).
///
/// A symbolic link is written through, to the file it names (renamed
/// over, the link became a file of its own). The file written first is
/// `path.<process id>.tmp`, made new: a file of the user's named
/// `path.tmp` was written over, and removed when the write failed.
pub fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    let target = match std::fs::symlink_metadata(path) {
        // (A link to nothing is replaced by the file.)
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    };
    let mut tmp = target.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)?;
    // Made by this call from here on: removed if anything fails.
    let written = {
        use std::io::Write;
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
    };
    drop(file);
    written
        .and_then(|()| std::fs::rename(&tmp, &target))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}

/// Copies `src` to `dst` whole: into `dst` with `.tmp` added (which the
/// next build or repack of the folder removes if this one is killed),
/// then renamed over it. Copying straight onto `dst` emptied both files
/// where `dst` was `src` under another name (a hard link, `cp -al`, or a
/// symbolic link), and left a part under the final name when killed.
pub fn copy_whole(src: &Path, dst: &Path) -> CliResult {
    let tmp = tmp_beside(dst);
    std::fs::copy(src, &tmp)
        .and_then(|_| std::fs::rename(&tmp, dst))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            CliError(format!("{}: {e}", dst.display()))
        })
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    /// A word a shell would split or expand is quoted, so that a command
    /// to paste reads back the same.
    #[test]
    fn a_word_a_shell_would_split_is_quoted() {
        assert_eq!(shell_word("/tmp/x9"), "/tmp/x9");
        assert_eq!(shell_word("db"), "db");
        assert_eq!(shell_word("/tmp/a b"), "'/tmp/a b'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
        assert_eq!(shell_word(""), "''");
    }
}
