//! The retrograde builder: solves every material class with at most K
//! stones, smallest first, and writes one table file per class.
//!
//! Classes are built in groups, in order of total stones:
//! - a block class (sacrifice variant) alone: every turn from it removes the
//!   block, so all its children are in smaller classes;
//! - a pair `(m, o)` and `(o, m)`: captures lead to smaller classes and
//!   sacrifices to block classes, all built already; paika moves go from one
//!   class of the pair to the other.
//!
//! The block classes of the build's most stones are left out
//! ([`is_top_block`]): the largest tables of a sacrifice build, needed
//! only by the pairs of their total, whose init derives a sacrifice's
//! value from the block position's own turns, one ply into held classes.
//!
//! A group is solved in two phases over fixed chunks of indices, in
//! parallel:
//! 1. **Init**: each position's turns are generated. Children outside the
//!    group are looked up in the built tables; children inside are counted
//!    (distinct canonical indices). A position with no child inside is
//!    final at once.
//! 2. **Levels** `d = 0, 1, 2, ...`: a sweep finds the positions whose value
//!    was settled at distance `d` and walks to their parents inside the
//!    group by un-moving a paika move of the side that just moved (and
//!    checking that side had no capture, so the paika was legal). A lost
//!    child makes a parent won at `d + 1`; a won child decrements the
//!    parent's count of unresolved children, and the parent is lost once
//!    the count reaches zero with no escape to a draw or win outside the
//!    group, at one more than its slowest child.
//!
//! Levels are processed in increasing order, so the first win found for a
//! position is its fastest, and a loss is settled with its slowest child
//! known. What is never settled is a draw: endless play.
//!
//! Board symmetry: parents and children are counted as canonical indices
//! (distinct), which makes the counting exact on the quotient graph, where
//! each node is an orbit of positions.
//!
//! Memory (the `state` module): while a group is solved, each of its
//! indices holds a value code and a word of child count, flags and
//! distance (`Layout`): 3 bytes in
//! the narrow layout, enough for distances up to 126 plies and 63 paika
//! moves; 4 bytes when only a distance overflows it; 6 bytes in the wide
//! one otherwise. A group that outgrew the narrow layout is noted on disk
//! (`overflow_marker_path`) until written, so a resumed build skips the
//! narrow attempt.
//! The classes a group rests on (every class its turns can reach: no more
//! stones a side) are held while it is solved, at 1 byte an index (2 when
//! a distance needs it); the others are let go of before it starts, and
//! read back from their tables for a later group that needs them. So the
//! peak is about 3 bytes an index of the largest group plus 1 byte an
//! index of the smaller classes it rests on: 20 GB for 9x5 up to 8 stones,
//! whose largest group, 3v5+5v3, has 6 billion indices.
//! The build checks every group against `--memory` before it starts (the
//! `plan` module: the groups in build order, what each holds, the memory
//! it needs).
//!
//! Resuming: complete tables on disk are reused, and a group being solved
//! is saved every `snapshot_every` (the `snapshot` module), so a killed
//! build takes it up at the last saved level sweep.

use std::fmt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

use crate::bits::Bits;
use crate::geometry::{Board, Geometry, Symmetry};
use crate::index::{ClassIndexer, ClassTooBig, MaterialClass, class_size};
use crate::position::Position;
use crate::rules::{Diagonals, Rules, Stalemate};
use crate::table::{TableError, TableFile, TableHeader};
use crate::value::Value;
use crate::wdl::{WdlFile, derive_wdl};

pub(crate) mod lock;
mod plan;
mod snapshot;
mod solve;
mod state;
pub use plan::{BuildPlan, PlannedGroup, Selection, build_groups, build_groups_for, is_top_block};
use plan::{group_name, needed_later};
pub use snapshot::Stage;
use solve::{Halt, Solution};
pub use state::Overflow;
use state::{Held, Layout, Medium, Narrow, Solved, SolvedClasses, Wide};

/// Indices per chunk of a parallel sweep.
const CHUNK: u64 = 1 << 14;
/// Chunks init goes through between two chances to save a snapshot:
/// 16 M positions, about 10 seconds on two cores (9x5, 4v4).
const INIT_STRETCH: u64 = 1 << 10;

/// Why a build stopped.
#[derive(Debug)]
pub enum BuildError {
    /// A table or WDL file could not be read or written: a group's files
    /// as they are written (a reused table's WDL file too), or a class
    /// read back from its table to be held. (A damaged table found on
    /// disk as the build reaches its group is built again, not an error.)
    Table(TableError),
    /// A file operation outside the table format failed: creating the
    /// table folder, taking its lock, or reading the size of a table just
    /// written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        err: std::io::Error,
    },
    /// A group would not fit in the memory allowed.
    TooBig {
        /// The group's name: its classes joined by `+` (`3v5+5v3`).
        group: String,
        /// Bytes the group needs: its state in the layout it starts in (3
        /// bytes a position, 6 under [`StateLayout::Wide`] or after the
        /// 4-byte layout overflowed) and the classes it holds while it is
        /// solved, saturated at `u64::MAX`.
        needed: u64,
        /// Bytes allowed ([`BuildOptions::memory_bytes`]).
        limit: u64,
    },
    /// More stones asked for than the board has points, or none.
    BadPieces {
        /// The stone count asked for ([`Selection::UpTo`]).
        pieces: u32,
        /// The board; from a builder, the one its tables are built for
        /// ([`Builder::geo`]: a tall board's wide transpose, with as many
        /// points).
        board: Board,
    },
    /// A class asked for that the board or rules do not have (a side
    /// without stones, more stones than points, a block class without the
    /// sacrifice move).
    BadClass {
        /// The first class of [`Selection::Classes`] that is refused.
        class: MaterialClass,
        /// The board the tables are built for ([`Builder::geo`]).
        board: Board,
    },
    /// A group does not fit the narrow state layout, and the larger one it
    /// needs (`needed` bytes in all) would not fit in the memory allowed.
    TooBigWide {
        /// The group's name: its classes joined by `+`.
        group: String,
        /// What outgrew the narrow layout, found by this build or noted on
        /// disk by an earlier one; it sets the layout needed (4 bytes a
        /// position for a distance, 6 for paika moves).
        overflow: Overflow,
        /// Bytes the group needs in that layout, with the classes it
        /// holds, saturated at `u64::MAX`.
        needed: u64,
        /// Bytes allowed ([`BuildOptions::memory_bytes`]).
        limit: u64,
    },
    /// A group does not fit even the wide state layout.
    Overflow {
        /// The group's name: its classes joined by `+`.
        group: String,
        /// What outgrew the wide layout: more than 255 paika moves in a
        /// position, or a distance too long for its two-byte value code.
        overflow: Overflow,
    },
    /// Stopped from outside (`BuildOptions::stop`) or at the deadline
    /// (`BuildOptions::deadline`), the group being solved saved at
    /// `stage` (`None`: its snapshot could not be written).
    Stopped {
        /// The name of the group being solved: its classes joined by `+`.
        group: String,
        /// Where its snapshot was saved, from which a build run again
        /// goes on; `None` when the snapshot could not be written, and the
        /// group starts anew.
        stage: Option<Stage>,
    },
    /// Another build or a `repack` is writing the same folder (its lock
    /// file, its process id if it has written it yet).
    Locked {
        /// The folder's lock file (`build.lock`).
        path: PathBuf,
        /// The holder's process id, as its lock file gives it; `None`
        /// when the file holds none yet (the holder writes it just after
        /// taking the lock).
        pid: Option<u32>,
    },
    /// A class of the build has more positions than a table can index
    /// (refused before anything is built or allocated).
    ClassTooBig(ClassTooBig),
}

/// A table folder held for writing: its `build.lock`, taken by a build and
/// by `repack`, so that no two of them write one folder at once. Released
/// when dropped.
#[derive(Debug)]
pub struct FolderLock {
    _lock: lock::LockFile,
}

/// Takes the lock of table folder `dir` (which must exist), or says which
/// running process holds it.
pub fn lock_folder(dir: &Path) -> Result<FolderLock, BuildError> {
    let lock = lock::LockFile::take(dir).map_err(|e| match e {
        lock::LockError::Held { path, pid } => BuildError::Locked { path, pid },
        lock::LockError::Io { path, err } => BuildError::Io { path, err },
    })?;
    // Only the lock's holder writes the folder, so a half-written file
    // found now was left by one that was killed: no one finishes it (the
    // next write of that file starts it anew), and it can be gigabytes.
    if let Ok(entries) = std::fs::read_dir(dir) {
        for path in entries.flatten().map(|e| e.path()) {
            if is_half_written(&path) || lock::is_folder_lock_leftover(&path) {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
    Ok(FolderLock { _lock: lock })
}

/// "process 1234", or of a lock its process has not written yet (or
/// left empty), "a process".
pub(crate) fn process(pid: Option<u32>) -> String {
    pid.map_or_else(|| "a process".to_string(), |pid| format!("process {pid}"))
}

/// Whether `path` is a table, WDL file or snapshot being written (or left
/// half written): `3v3.fnt.tmp`, `3v3.fnw.tmp`, `4v4.snapshot.tmp`.
fn is_half_written(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    [".fnt.tmp", ".fnw.tmp", ".snapshot.tmp"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// How a [`BuildError`]'s message names the settings it is about.
/// `Display` names the library's ([`SettingNames::LIBRARY`]); a program
/// with options of its own names those through [`BuildError::text`] (the
/// command line: `--memory`, `--pieces`, `--classes`, `--sacrifice`), so
/// that a refusal tells its user what to change in their own words.
#[derive(Clone, Copy, Debug)]
pub struct SettingNames<'a> {
    /// The memory a build may use ([`BuildOptions::memory_bytes`]).
    pub memory: &'a str,
    /// The stone count of [`Selection::UpTo`].
    pub pieces: &'a str,
    /// The classes of [`Selection::Classes`].
    pub classes: &'a str,
    /// The sacrifice rule ([`Rules::sacrifice`]).
    pub sacrifice: &'a str,
    /// What takes up a stopped build ([`BuildError::Stopped`]): building
    /// the same tables again, which a program's user does by giving the
    /// same command.
    pub again: &'a str,
}

impl SettingNames<'static> {
    /// The library's names, as `Display` writes them.
    pub const LIBRARY: SettingNames<'static> = SettingNames {
        memory: "BuildOptions::memory_bytes",
        pieces: "Selection::UpTo",
        classes: "Selection::Classes",
        sacrifice: "Rules::sacrifice",
        again: "a build of the same tables",
    };

    /// The command line's flags (`fanorona build`).
    pub const FLAGS: SettingNames<'static> = SettingNames {
        memory: "--memory",
        pieces: "--pieces",
        classes: "--classes",
        sacrifice: "--sacrifice",
        again: "the same command",
    };
}

impl BuildError {
    /// The message with the settings named by `names` (`Display` is
    /// `text(&SettingNames::LIBRARY)`).
    pub fn text(&self, names: &SettingNames) -> String {
        let SettingNames {
            memory,
            pieces: pieces_name,
            classes,
            sacrifice,
            again,
        } = names;
        match self {
            BuildError::Table(e) => e.to_string(),
            BuildError::Stopped {
                group,
                stage: Some(stage),
            } => {
                format!("build stopped: {group} saved {stage}; {again} goes on from there")
            }
            // (It said "saved" all the same.)
            BuildError::Stopped { group, stage: None } => format!(
                "build stopped: {group} could not be saved (said above); {again} builds it again from its start"
            ),
            BuildError::Io { path, err } => format!("{}: {err}", path.display()),
            BuildError::TooBig {
                group,
                needed,
                limit,
            } => format!(
                "building {group} needs {} but {memory} allows {}: raise {memory} or build fewer stones",
                memory_text(*needed),
                crate::progress::bytes(*limit as usize)
            ),
            BuildError::ClassTooBig(e) => format!("{e}: build fewer stones"),
            BuildError::BadPieces { pieces, board } if board.points() < 2 => format!(
                "{pieces_name} {pieces}: the {board} board has 1 point, no room for the 2 stones of the smallest class: it has no tables"
            ),
            BuildError::BadPieces { pieces, board } => format!(
                "{pieces_name} {pieces}: the {board} board has {} points; ask for 2 to {} stones",
                board.points(),
                board.points()
            ),
            BuildError::BadClass { class, board } => format!(
                "{classes} {class}: the {board} board has no such class under these rules (a class is the stones of the side to move v the other's, each at least 1, {} in all at most; a block class such as 2v3b only with {sacrifice})",
                board.points()
            ),
            BuildError::TooBigWide {
                group,
                overflow,
                needed,
                limit,
            } => format!(
                "building {group}: {}, so it needs {} bytes a position, {}, but {memory} allows {}: raise {memory}",
                overflow.narrow_limit(),
                overflow.bytes_needed(),
                memory_text(*needed),
                crate::progress::bytes(*limit as usize)
            ),
            BuildError::Locked { path, pid } => format!(
                "another build or repack ({}) is writing these tables and holds {}: wait for it to finish",
                process(*pid),
                path.display()
            ),
            BuildError::Overflow { group, overflow } => format!(
                "building {group}: {}",
                match overflow {
                    Overflow::Children => "a position has more than 255 paika moves",
                    Overflow::Distance | Overflow::LongDistance => {
                        "a distance is longer than 32,766 plies"
                    }
                }
            ),
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&SettingNames::LIBRARY))
    }
}

impl std::error::Error for BuildError {}

impl From<TableError> for BuildError {
    fn from(e: TableError) -> Self {
        BuildError::Table(e)
    }
}

impl From<ClassTooBig> for BuildError {
    fn from(e: ClassTooBig) -> Self {
        BuildError::ClassTooBig(e)
    }
}

/// A memory estimate in words: "about 3.52 GiB", or for one that
/// saturated the `u64` it is counted in (a plan of 9x5 up to 45 stones,
/// whose largest group needs some 7e19 bytes), "more than 16 EiB" rather
/// than a number that reads as exact.
pub fn memory_text(bytes: u64) -> String {
    if bytes == u64::MAX {
        "more than 16 EiB".to_string()
    } else {
        format!("about {}", crate::progress::bytes(bytes as usize))
    }
}

const GIB: f64 = (1u64 << 30) as f64;

/// How a build runs. The default: 16 GiB of memory, progress bars on a
/// terminal (a program of one's own that wants none sets `progress` false),
/// each way chosen where it is cheaper, a snapshot every 30 minutes
/// ([`DEFAULT_SNAPSHOT_EVERY`]), no stop flag, no deadline.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Memory the build may use, in bytes.
    pub memory_bytes: u64,
    /// Draw progress bars (on a terminal).
    pub progress: bool,
    /// How new wins are found at each level (the tests force each way).
    pub win_search: WinSearch,
    /// Which state layout solves each group (the tests force the wide one).
    pub layout: StateLayout,
    /// How often the state of a group being solved is saved, so that a
    /// killed build resumes from the last save (the `snapshot` module);
    /// `None` never saves. A save takes the group's state size on disk.
    pub snapshot_every: Option<Duration>,
    /// Set from outside (Ctrl-C, kill) to stop: the group being solved
    /// saves a snapshot at its next chance (between two stretches of
    /// init, seconds apart, or before a level's sweep) and the build
    /// returns [`BuildError::Stopped`].
    pub stop: Option<Arc<AtomicBool>>,
    /// A time to stop at, as if `stop` were set then (a search's time
    /// limit that counts the tables it builds first).
    pub deadline: Option<Instant>,
}

/// How often a build saves the state of a group by default: a save of
/// 9x5's largest state (15 GB) takes under a minute (a 7x5 group's
/// 362 MB took 1.1 s on the 2-core machine's disk, 320 MB/s).
pub const DEFAULT_SNAPSHOT_EVERY: Duration = Duration::from_secs(30 * 60);

/// The builder's state while a group is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StateLayout {
    /// 3 bytes a position; 4 for a group with distances over 126 plies
    /// (up to 255 plies of slow losses and pending wins in its auxiliary
    /// word); 6 for one that fits neither (over 63 paika moves in a
    /// position, or longer distances).
    #[default]
    Auto,
    /// Always 6 bytes a position.
    Wide,
}

/// How the level sweeps find the parents won by a newly lost position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WinSearch {
    /// Whichever is cheaper at that level.
    #[default]
    Auto,
    /// Always un-move from the lost positions.
    Backward,
    /// Always look forward from the unresolved positions.
    Forward,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            memory_bytes: 16 << 30,
            progress: true,
            win_search: WinSearch::Auto,
            layout: StateLayout::Auto,
            snapshot_every: Some(DEFAULT_SNAPSHOT_EVERY),
            stop: None,
            deadline: None,
        }
    }
}

/// What the build did for one class.
#[derive(Clone, Debug)]
pub struct ClassSummary {
    /// The class.
    pub class: MaterialClass,
    /// Indices of its table ([`TableHeader::entries`]): positions up to
    /// the board's symmetries, though a position whose side to move's
    /// stones a symmetry maps onto themselves may take more than one.
    pub positions: u64,
    /// Indices won for the side to move.
    pub wins: u64,
    /// Indices drawn.
    pub draws: u64,
    /// Indices lost for the side to move.
    pub losses: u64,
    /// The longest distance of a win or loss in the table, in plies (0
    /// when there is none).
    pub longest: u16,
    /// Wall-clock seconds from the start of its group to this table
    /// written: the classes of a pair are solved together, so each counts
    /// the whole solve (summing over classes counts it twice). 0 for a
    /// table reused.
    pub seconds: f64,
    /// Size of its table file (`.fnt`) in bytes, without the WDL file.
    pub bytes: u64,
    /// Found complete on disk and not rebuilt.
    pub reused: bool,
    /// Resumed from a snapshot taken at this stage by a build that was
    /// stopped (`seconds` then counts this build's part only).
    pub resumed_at: Option<Stage>,
}

impl ClassSummary {
    /// The summary a table's header gives.
    pub fn from_header(h: &TableHeader, bytes: u64, seconds: f64, reused: bool) -> ClassSummary {
        ClassSummary {
            class: h.class(),
            positions: h.entries,
            wins: h.wins,
            draws: h.draws,
            losses: h.losses,
            longest: h.longest,
            seconds,
            bytes,
            reused,
            resumed_at: None,
        }
    }
}

/// The rules a board's tables are built and stored under: `rules`, except
/// that `center` becomes `corner` on boards where the two join the same
/// points ([`Board::diagonal_rules_agree`]: 9x5, 5x5, 3x3, ...). It is one
/// game under two names, so it gets one set of tables, built once.
pub fn table_rules(board: &Board, rules: &Rules) -> Rules {
    let mut stored = *rules;
    if board.diagonal_rules_agree() {
        stored.diagonals = Diagonals::Corner;
    }
    stored
}

/// The folder of a board and rule set inside a database directory.
pub fn table_dir(db: &Path, board: &Board, rules: &Rules) -> PathBuf {
    db.join(table_game(board, rules))
}

/// The name of the game a board's tables are built for, which names their
/// folder (`7x3-corner-forced-sl`): tall boards share their wide
/// transpose's tables, and boards whose diagonal rules agree share the
/// `corner` tables.
pub fn table_game(board: &Board, rules: &Rules) -> String {
    let stored = board.table_board();
    format!("{}-{}", stored, table_rules(&stored, rules).slug())
}

/// The path of a class's table.
pub fn table_path(dir: &Path, class: MaterialClass) -> PathBuf {
    dir.join(format!("{}.fnt", class.name()))
}

/// A complete table found on disk, with its codes when the build holds
/// them for the classes above ([`Builder::load`]).
type Loaded = (TableFile, Option<Held>);

/// A class's table as a build finds it ([`table_on_disk`]).
pub(crate) enum OnDisk {
    /// No file.
    Missing,
    /// Its header and block index read and are this folder's table of
    /// the class: the build reuses it (after reading its blocks).
    Good(TableFile),
    /// A file the build will make again, and why: truncated, a checksum
    /// that differs, another board's or rule set's or class's table.
    Damaged(String),
}

/// The cheap check a build makes of a class's table before it reuses it,
/// and `build --plan` before it says the table is on disk (the plan said
/// "on disk" of a truncated table that the build then built again): the
/// file's header and block index read (their checksums and the file's
/// length, [`TableFile::open`]) and say this board, these rules, this
/// class and its number of positions. The blocks are not read: a build
/// that finds one damaged builds the table again all the same.
pub(crate) fn table_on_disk(
    dir: &Path,
    board: Board,
    rules: &Rules,
    class: MaterialClass,
) -> OnDisk {
    let path = table_path(dir, class);
    if !path.exists() {
        return OnDisk::Missing;
    }
    let t = match TableFile::open(&path) {
        Ok(t) => t,
        Err(e) => return OnDisk::Damaged(e.to_string()),
    };
    let want = TableHeader::new(board.cols, board.rows, rules, class);
    if !t.header.same_rules(&want) || t.header.class() != class {
        return OnDisk::Damaged(format!(
            "{} is not this folder's {class} table (it holds {} of {}x{} under {})",
            path.display(),
            t.header.class(),
            t.header.cols,
            t.header.rows,
            t.header.rules().slug()
        ));
    }
    match class_size(board, class) {
        Ok(n) if n != t.header.entries => OnDisk::Damaged(format!(
            "{} holds {} positions where the {class} table has {n}",
            path.display(),
            t.header.entries
        )),
        _ => OnDisk::Good(t),
    }
}

/// The path of a class's WDL file ([`crate::wdl`]), beside its table.
pub fn wdl_path(dir: &Path, class: MaterialClass) -> PathBuf {
    dir.join(format!("{}.fnw", class.name()))
}

/// Where a build notes that a group overflowed the narrow state layout
/// (`3v5+5v3.overflow`, holding `distance` or `children`). It lives only
/// until the group's tables are written; a resumed build reads it to skip
/// the narrow attempt, which can take hours on large groups.
fn overflow_marker_path(dir: &Path, group: &[MaterialClass]) -> PathBuf {
    dir.join(format!("{}.overflow", group_name(group)))
}

fn read_overflow_marker(path: &Path) -> Option<Overflow> {
    overflow_note(path).ok().flatten()
}

/// What an overflow note says: `Ok(None)` when there is none, `Err`
/// (why, in words) when there is one it cannot read or understand, which
/// a build passes over (starting in the 3-byte layout) and `info` names.
fn overflow_note(path: &Path) -> Result<Option<Overflow>, String> {
    // (A named pipe's reading waits for a writer for ever.)
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err("not a regular file".to_string());
    }
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    [
        Overflow::Distance,
        Overflow::LongDistance,
        Overflow::Children,
    ]
    .into_iter()
    .find(|o| o.word() == text.trim())
    .map(Some)
    .ok_or_else(|| {
        format!(
            "it holds {:?}, not one of distance, long-distance, children",
            crate::notation::shortened(text.trim())
        )
    })
}

/// A group's solving stopped from outside is the build's error; an
/// overflow is left for the caller to try a larger layout.
fn stopped(
    group: &str,
    solved: Result<Solution, Halt>,
) -> Result<Result<Solution, Overflow>, BuildError> {
    match solved {
        Ok(s) => Ok(Ok(s)),
        Err(Halt::Overflow(o)) => Ok(Err(o)),
        Err(Halt::Stopped(stage)) => Err(BuildError::Stopped {
            group: group.to_string(),
            stage,
        }),
    }
}

/// Best effort: without the note a resumed build only does more work.
fn write_overflow_marker(path: &Path, overflow: Overflow) {
    let _ = std::fs::write(path, overflow.word());
}

/// Work a stopped (or running) build left in a table folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PendingWork {
    /// A group's saved state (`<group>.snapshot`): a build run again takes
    /// the group up at `stage`, in a layout of `layout_bytes` bytes a
    /// position; `bytes` on disk.
    Snapshot {
        /// The group's name, from the file's: its classes joined by `+`
        /// (`2v3+3v2`).
        group: String,
        /// How far the group's solving had got when the snapshot was taken.
        stage: Stage,
        /// Bytes a position of the state layout it was taken in (3, 4 or
        /// 6), from its header.
        layout_bytes: u32,
        /// Size of the file in bytes (0 if it could not be read).
        bytes: u64,
    },
    /// A group's snapshot that a build run again will not take up (it
    /// says why, removes it and starts the group anew): `damaged`
    /// (truncated, a header that does not read) or refused (another
    /// game's, group's or class sizes, a layout the group will not start
    /// in), with why; `bytes` on disk.
    UnusableSnapshot {
        /// The group's name, from the file's: its classes joined by `+`.
        group: String,
        /// Why the build will not take it up, in words.
        why: String,
        /// True unless the file reads and is refused: damaged, or not
        /// readable at all (no permission, a disk error).
        damaged: bool,
        /// Size of the file in bytes (0 if it could not be read).
        bytes: u64,
    },
    /// A group noted as outgrowing the 3-byte layout (`<group>.overflow`).
    OverflowNote {
        /// The group's name, from the file's: its classes joined by `+`.
        group: String,
        /// What outgrew the layout, as the note says; a build starts the
        /// group in the smallest layout that holds it (4 bytes a position
        /// for a distance, 6 for paika moves).
        overflow: Overflow,
    },
    /// An overflow note a build cannot read or understand: it passes
    /// over it, starting the group in the 3-byte layout (and removes it
    /// with the group's other files once the group is written).
    UnreadableOverflowNote {
        /// The group's name, from the file's: its classes joined by `+`.
        group: String,
        /// Why the note is not understood, in words.
        why: String,
    },
    /// The lock of a build (`build.lock`): the process id it names, and
    /// whether that process runs and holds it (if not, the lock is what a
    /// killed build left, and the next one takes it).
    Lock {
        /// The process id the lock file gives; `None` when it holds none
        /// (its holder has not written it yet, or was killed as it took
        /// the lock).
        pid: Option<u32>,
        /// Whether a running process holds the lock now.
        running: bool,
    },
    /// A file being written, or left half written by a build or repack
    /// that was killed (`3v3.fnt.tmp`, `.fnw.tmp`, `.snapshot.tmp`); the
    /// next build or repack of the folder removes it ([`lock_folder`]).
    HalfWritten {
        /// The file's name, without the folder.
        file: String,
        /// Size of the file in bytes (0 if it could not be read).
        bytes: u64,
    },
}

impl fmt::Display for PendingWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PendingWork::Snapshot {
                group,
                stage,
                layout_bytes,
                bytes,
            } => write!(
                f,
                "{group}: snapshot {stage} ({layout_bytes} bytes a position, {:.2} GiB); building again goes on from there if its arrays, read only then, check out",
                *bytes as f64 / GIB
            ),
            PendingWork::UnusableSnapshot {
                group,
                why,
                damaged,
                ..
            } => write!(
                f,
                "{group}: {} ({why}): building again starts the group anew",
                if *damaged {
                    "damaged snapshot"
                } else {
                    "snapshot not to be taken up"
                }
            ),
            PendingWork::OverflowNote { group, overflow } => write!(
                f,
                "{group}: outgrew the 3-byte layout ({}); building again starts it in a larger one",
                overflow.word()
            ),
            PendingWork::UnreadableOverflowNote { group, why } => write!(
                f,
                "{group}: overflow note not understood ({why}): building again passes over it, starting in the 3-byte layout"
            ),
            // (`repack` takes the same lock: one it left was said to be a
            // build's.)
            PendingWork::Lock { pid, running: true } => {
                write!(f, "being built or repacked by {}", process(*pid))
            }
            PendingWork::Lock {
                pid,
                running: false,
            } => write!(
                f,
                "lock of a build or repack that stopped ({}); the next one takes it over",
                process(*pid)
            ),
            PendingWork::HalfWritten { file, bytes } => write!(
                f,
                "{file}: a file half written ({bytes} bytes), by a build or repack that stopped or is writing it now; the next one here removes it"
            ),
        }
    }
}

/// The work builds left in a table folder (`table_dir`): snapshots,
/// overflow notes, a lock. A snapshot is checked as the build would
/// check it, but for its arrays (cheaply: its header and its length,
/// `snapshot::check`), and one the build would not take up is said to
/// be so. Other files it cannot read are passed over.
pub fn pending_work(dir: &Path) -> Vec<PendingWork> {
    let mut out = Vec::new();
    if let Some(lock) = lock::LockFile::read(dir) {
        out.push(PendingWork::Lock {
            pid: lock.pid,
            running: lock.held,
        });
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for path in files {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        match (path.extension().and_then(|x| x.to_str()), stem) {
            (Some("snapshot"), Some(group)) => {
                let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
                out.push(match snapshot_would_resume(dir, &path, &group) {
                    Ok((stage, layout_bytes)) => PendingWork::Snapshot {
                        group,
                        stage,
                        layout_bytes,
                        bytes,
                    },
                    Err(e) => PendingWork::UnusableSnapshot {
                        group,
                        why: e.to_string(),
                        damaged: !matches!(e, snapshot::SnapshotError::Refused(_)),
                        bytes,
                    },
                });
            }
            (Some("overflow"), Some(group)) => match overflow_note(&path) {
                Ok(Some(overflow)) => out.push(PendingWork::OverflowNote { group, overflow }),
                Ok(None) => {}
                // (Passed over without a word: a build then removed it.)
                Err(why) => out.push(PendingWork::UnreadableOverflowNote { group, why }),
            },
            _ if is_half_written(&path) => out.push(PendingWork::HalfWritten {
                file: path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
            }),
            _ => {}
        }
    }
    out
}

/// Whether a build run again over table folder `dir` takes up the snapshot
/// at `path` of `group` (its file stem): the checks of its header the
/// build makes, in the layout the build starts the group in (the 3-byte
/// one, or the one its overflow note asks for), against the folder's game
/// (its name) and, where the folder's name gives the board, the group's
/// class sizes.
fn snapshot_would_resume(
    dir: &Path,
    path: &Path,
    group: &str,
) -> Result<(Stage, u32), snapshot::SnapshotError> {
    let game = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let widths = match read_overflow_marker(&dir.join(format!("{group}.overflow"))) {
        None => snapshot::Widths::of::<Narrow>(),
        Some(Overflow::Distance) => snapshot::Widths::of::<Medium>(),
        Some(Overflow::Children | Overflow::LongDistance) => snapshot::Widths::of::<Wide>(),
    };
    let sizes: Option<Vec<u64>> = folder_board(&game).and_then(|board| {
        group
            .split('+')
            .map(|c| class_size(board, MaterialClass::parse(c)?).ok())
            .collect()
    });
    snapshot::check(path, group, &game, sizes.as_deref(), widths)
}

/// The board a table folder's name stands for (`7x3-corner-free-sl`: 7x3
/// under corner diagonals), if it is one.
fn folder_board(name: &str) -> Option<Board> {
    let mut parts = name.split('-');
    let (c, r) = parts.next()?.split_once('x')?;
    let diagonals = match parts.next()? {
        "corner" => Diagonals::Corner,
        "center" => Diagonals::Center,
        _ => return None,
    };
    Board::new(c.parse().ok()?, r.parse().ok()?, diagonals).ok()
}

/// Builds the tables of one board and rule set.
pub struct Builder<B> {
    /// The board the tables are built for, with its lines: a tall board's
    /// wide transpose, under the diagonal rule of [`Builder::rules`].
    pub geo: Geometry<B>,
    syms: Vec<Symmetry>,
    /// The rules the tables are built and stored under ([`table_rules`]).
    pub rules: Rules,
    /// The folder the tables are written to: [`table_dir`] of the
    /// database directory given to [`Builder::new`].
    pub dir: PathBuf,
    options: BuildOptions,
    /// Looked up for every capture of every position in init: by stone
    /// counts, not hashed (SipHash took 7% of a build, FxHash 9% of init).
    solved: SolvedClasses<B>,
    /// Chunks of init between two chances to save a snapshot
    /// (`INIT_STRETCH`; the tests take snapshots in small groups).
    init_stretch: u64,
    /// Where the build stands, heading each progress bar: `[3/14 12%]`,
    /// the group being built of the build's groups and the share of the
    /// build's positions in the groups before it.
    stage: String,
    /// The folder is read-only and the build runs without its lock: it
    /// may only read (a group to build again fails at once, not after
    /// being solved).
    read_only: bool,
    /// Stops the build (a panic, as a kill would) right after the snapshot
    /// of this group at this stage: the tests resume from it.
    #[cfg(test)]
    halt_after_snapshot: Option<(String, Stage)>,
}

/// The value of a position one of whose sides has no table: no stones for
/// the side to move, or none for the other side (only reachable by hand),
/// where the game is over.
pub fn trivial_value<B: Bits>(pos: &Position<B>) -> Option<Value> {
    if pos.mover().is_empty() {
        Some(Value::Loss(0))
    } else if pos.waiter().is_empty() {
        // The other side has lost already (a position only given).
        Some(Value::Win(0))
    } else {
        None
    }
}

/// The value of having no legal move.
pub fn stalemate_value(rules: &Rules) -> Value {
    match rules.stalemate {
        Stalemate::Loss => Value::Loss(0),
        Stalemate::Draw => Value::Draw,
    }
}

impl<B: Bits> Builder<B> {
    /// A builder of the tables of `board` and `rules` in database
    /// directory `db`. The board's diagonal rule gives way to the rules',
    /// a tall board is built as its wide transpose, and `center` as
    /// `corner` where the two agree, so that each game has one set of
    /// tables. No file is touched until a check or a build.
    ///
    /// # Panics
    ///
    /// When the board has more points than the set type `B` holds.
    pub fn new(db: &Path, board: Board, rules: Rules, options: BuildOptions) -> Builder<B> {
        // A tall board's tables are its wide transpose's (`Board::table_board`),
        // and `center` ones are `corner` ones where the two agree.
        let rules = table_rules(&board, &rules);
        let board = Board {
            diagonals: rules.diagonals,
            ..board.table_board()
        };
        Builder {
            geo: Geometry::new(board),
            syms: board.symmetries(),
            dir: table_dir(db, &board, &rules),
            rules,
            options,
            solved: SolvedClasses::default(),
            init_stretch: INIT_STRETCH,
            stage: String::new(),
            read_only: false,
            #[cfg(test)]
            halt_after_snapshot: None,
        }
    }

    /// Builds every class with at most `pieces` stones, reusing complete
    /// tables found on disk, and reports each class.
    pub fn build(
        &mut self,
        pieces: u32,
        report: impl FnMut(&ClassSummary),
    ) -> Result<Vec<ClassSummary>, BuildError> {
        self.build_selection(&Selection::UpTo(pieces), report)
    }

    /// Builds the classes of a selection, reusing complete tables found on
    /// disk, and reports each class.
    pub fn build_selection(
        &mut self,
        selection: &Selection,
        mut report: impl FnMut(&ClassSummary),
    ) -> Result<Vec<ClassSummary>, BuildError> {
        let plan = self.check_selection(selection)?;
        let pieces = selection.pieces();
        std::fs::create_dir_all(&self.dir).map_err(|err| BuildError::Io {
            path: self.dir.clone(),
            err,
        })?;
        let all_on_disk = plan.groups.iter().all(|g| g.on_disk);
        let _lock = match lock_folder(&self.dir) {
            Ok(lock) => Some(lock),
            // A folder on a read-only file system that holds every table
            // asked for: a build only reads it, so it needs no lock (it
            // failed on `build.lock` where `--plan` said there was
            // nothing to build). Not on a permission refused: that can
            // be another user's lock file in a folder both write. A group
            // found to need building after all (a damaged block) fails
            // at once, a missing WDL file naming its own file.
            Err(BuildError::Io { err, .. })
                if all_on_disk && err.kind() == std::io::ErrorKind::ReadOnlyFilesystem =>
            {
                self.read_only = true;
                None
            }
            Err(e) => return Err(e),
        };
        let sizes: Vec<u128> = plan
            .groups
            .iter()
            .map(PlannedGroup::total_positions)
            .collect();
        let on_disk: Vec<bool> = plan.groups.iter().map(|g| g.on_disk).collect();
        let (groups, holds): (Vec<_>, Vec<_>) = plan
            .groups
            .into_iter()
            .map(|g| (g.classes, g.holds))
            .unzip();
        let total = sizes.iter().sum::<u128>().max(1);
        let mut before = 0;
        let mut out = Vec::new();
        for (k, group) in groups.iter().enumerate() {
            self.stage = format!("[{}/{} {}%]", k + 1, groups.len(), before * 100 / total);
            before += sizes[k];
            // A group found complete on disk is held as it is loaded only
            // if the next group to build holds it: a build with everything
            // on disk (a resumed one past its last group) only checks its
            // tables, in little memory.
            let next = (k + 1..groups.len()).find(|&j| !on_disk[j]);
            let hold_if_loaded = next.map_or(&[][..], |j| &holds[j][..]);
            for s in self.build_group(group, pieces, hold_if_loaded, &holds[k])? {
                report(&s);
                out.push(s);
            }
        }
        Ok(out)
    }

    /// Opens a complete, valid table of a class, if there is one, with its
    /// codes when they are to be held; otherwise its blocks are only
    /// checked, which needs no memory for the codes.
    ///
    /// A class whose WDL file is missing or does not check gets it again,
    /// derived from the table (whose blocks that reads and checks): tables
    /// built before WDL files existed get theirs from `build` run again.
    fn load(&self, class: MaterialClass, hold: bool) -> Result<Option<Loaded>, BuildError> {
        // A file found damaged is built again, and said (it was mended
        // without a word, the summary calling the WDL file "on disk").
        let say = |what: String| {
            if self.options.progress {
                eprintln!("{class}: {what}");
            }
        };
        // The same check `build --plan` makes ([`table_on_disk`]).
        let t = match table_on_disk(&self.dir, self.geo.board, &self.rules, class) {
            OnDisk::Good(t) => t,
            OnDisk::Missing => return Ok(None),
            OnDisk::Damaged(why) => {
                say(format!("{why}: building it again"));
                return Ok(None);
            }
        };
        // Reading or checking a table of a billion positions takes seconds.
        let bar = self.bar(
            t.header.entries,
            &format!("{class} {}", if hold { "read" } else { "check" }),
        );
        let values = hold.then(|| Held::read(&t, |n| bar.inc(n))).transpose();
        let wpath = wdl_path(&self.dir, class);
        let wdl = WdlFile::open(&wpath).and_then(|w| {
            if !w.header.matches(&t.header) {
                return Err(TableError::Corrupt {
                    path: wpath.clone(),
                    what: "not the WDL file of this table".into(),
                });
            }
            w.check()
        });
        let wdl_good = wdl.is_ok();
        if let Err(e) = wdl
            && wpath.exists()
        {
            say(format!("{e}: deriving it again from the table"));
        }
        // Deriving a WDL file checks the blocks as it reads them.
        let checked = match &values {
            Ok(None) if wdl_good => t.check_blocks_with(|n| bar.inc(n)),
            _ => Ok(()),
        };
        bar.finish_and_clear();
        let values = match values {
            Ok(v) => v,
            Err(e) => {
                say(format!("{e}: building it again"));
                return Ok(None);
            }
        };
        let written = checked.and_then(|()| match (&values, wdl_good) {
            (_, true) => Ok(()),
            (Some(v), false) => v.write_wdl(&wpath, &t.header),
            (None, false) => {
                let bar = self.bar(t.header.entries, &format!("{class} wdl"));
                let r = derive_wdl(&t, &wpath, |done| bar.set_position(done)).map(drop);
                bar.finish_and_clear();
                r
            }
        });
        match written {
            Ok(()) => Ok(Some((t, values))),
            // Writing failed (a full disk): say so rather than rebuild.
            Err(e @ TableError::Io { .. }) => Err(BuildError::Table(e)),
            // The table's blocks or counts do not check: build it again.
            Err(e) => {
                say(format!("{e}: building it again"));
                Ok(None)
            }
        }
    }

    /// Builds a group, holding the classes `holds` while it does, or loads
    /// it when its tables are complete on disk, holding those of its
    /// classes that are in `hold_if_loaded`.
    fn build_group(
        &mut self,
        group: &[MaterialClass],
        pieces: u32,
        hold_if_loaded: &[MaterialClass],
        holds: &[MaterialClass],
    ) -> Result<Vec<ClassSummary>, BuildError> {
        let board = self.geo.board;
        let t0 = Instant::now();
        let name = group_name(group);
        // Resume: a group whose tables are all complete is loaded, not built.
        let on_disk = group.iter().all(|&c| table_path(&self.dir, c).exists());
        let loaded: Vec<_> = if on_disk {
            // What the next group to build does not need is let go of
            // before anything is read: a group built just before may have
            // left classes the ones after it do not rest on. (A group to
            // build lets go of the same way in `hold_only`, below; so does
            // one found damaged, which reads back what it holds.)
            self.solved.retain(|c| hold_if_loaded.contains(&c));
            group
                .iter()
                .map(|&c| self.load(c, hold_if_loaded.contains(&c)))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        if on_disk && loaded.iter().all(Option::is_some) {
            let mut out = Vec::new();
            for (&class, l) in group.iter().zip(loaded) {
                let (t, values) = l.expect("checked");
                out.push(ClassSummary::from_header(&t.header, t.file_len, 0.0, true));
                if let Some(values) = values {
                    self.solved.insert(
                        class,
                        Solved {
                            indexer: ClassIndexer::new(board, class),
                            values,
                        },
                    );
                }
            }
            return Ok(out);
        }
        drop(loaded);
        if self.read_only {
            // (Solving it first, for hours on a large group, would end
            // only when its table could not be written.)
            return Err(BuildError::Io {
                path: self.dir.clone(),
                err: std::io::Error::new(
                    std::io::ErrorKind::ReadOnlyFilesystem,
                    format!(
                        "{} must be built again (a table damaged), but the folder is on a read-only file system",
                        group_name(group)
                    ),
                ),
            });
        }
        self.hold_only(holds)?;

        let indexers: Vec<ClassIndexer<B>> =
            group.iter().map(|&c| ClassIndexer::new(board, c)).collect();
        // Checked against the memory allowed before anything larger is
        // made; saturated, never wrapped, where the plan's sizes are huge.
        let total: u64 = indexers
            .iter()
            .map(|ix| ix.size())
            .fold(0, u64::saturating_add);
        let held: u64 = self.solved.values().map(|s| s.values.bytes()).sum();
        let limit = self.options.memory_bytes;
        let bytes_for = |per_position: u64| total.saturating_mul(per_position).saturating_add(held);
        let needed = bytes_for(Narrow::BYTES);
        if needed > limit {
            return Err(BuildError::TooBig {
                group: name,
                needed,
                limit,
            });
        }
        // The narrow layout first; after a distance overflow the 4-byte
        // one; the wide one below for whatever is left. An overflow is
        // remembered on disk until the group is written, so that a build
        // resumed after a kill does not pay for the narrow attempt again.
        let marker = overflow_marker_path(&self.dir, group);
        let remembered = overflow_note(&marker).unwrap_or_else(|why| {
            if self.options.progress {
                eprintln!(
                    "warning: {}: overflow note not understood ({why}); passed over",
                    marker.display()
                );
            }
            None
        });
        // Hours of work may start again in a larger layout: say why, and
        // how big.
        let progress = self.options.progress;
        let snapshot = snapshot::snapshot_path(&self.dir, &name);
        let retry = |overflow: Overflow, bytes: u64, needed: u64| {
            if progress {
                let (found, again) = match (remembered, snapshot.exists()) {
                    (_, true) => ("", "carrying it over to"),
                    (Some(_), false) => ("an earlier build found that ", "solving it with"),
                    (None, false) => ("", "solving it again with"),
                };
                eprintln!(
                    "{name}: {found}{}; {again} {bytes} bytes a position (about {:.2} GiB)",
                    overflow.narrow_limit(),
                    needed as f64 / GIB
                );
            }
        };
        // A layout that overflowed is noted.
        let overflowed = |overflow: Overflow| {
            write_overflow_marker(&marker, overflow);
            // A snapshot before a distance overflow is exact, and the
            // 4-byte layout takes it up; the 6-byte one cannot.
            if overflow != Overflow::Distance {
                snapshot::remove(&snapshot);
            }
        };
        let mut tried = match (self.options.layout, remembered) {
            (StateLayout::Wide, _) => None,
            (StateLayout::Auto, Some(overflow)) => Some(Err(overflow)),
            (StateLayout::Auto, None) => {
                let t = stopped(&name, self.solve_group::<Narrow>(group, &indexers))?;
                if let Err(overflow) = t {
                    overflowed(overflow);
                }
                Some(t)
            }
        };
        let medium_needed = bytes_for(Medium::BYTES);
        if let Some(Err(Overflow::Distance)) = tried
            && medium_needed <= limit
        {
            retry(Overflow::Distance, Medium::BYTES, medium_needed);
            tried = Some(stopped(
                &name,
                self.solve_group::<Medium>(group, &indexers),
            )?);
            if let Some(Err(overflow)) = tried {
                // Its word's 255 plies passed: the wide layout next, this
                // build and any that takes the group up again.
                let overflow = match overflow {
                    Overflow::Distance => Overflow::LongDistance,
                    other => other,
                };
                overflowed(overflow);
                tried = Some(Err(overflow));
            }
        }
        let Solution { values, resumed_at } = match tried {
            Some(Ok(v)) => v,
            tried => {
                let needed = bytes_for(Wide::BYTES);
                if needed > limit {
                    return Err(match tried {
                        Some(Err(overflow)) => BuildError::TooBigWide {
                            group: name,
                            overflow,
                            // The least that would do.
                            needed: bytes_for(overflow.bytes_needed()),
                            limit,
                        },
                        _ => BuildError::TooBig {
                            group: name,
                            needed,
                            limit,
                        },
                    });
                }
                if let Some(Err(overflow)) = tried {
                    retry(overflow, Wide::BYTES, needed);
                }
                stopped(&name, self.solve_group::<Wide>(group, &indexers))?.map_err(|overflow| {
                    BuildError::Overflow {
                        group: name.clone(),
                        overflow,
                    }
                })?
            }
        };

        let mut out = Vec::new();
        for ((&class, ix), values) in group.iter().zip(indexers).zip(values) {
            let path = table_path(&self.dir, class);
            let header = TableHeader::new(board.cols, board.rows, &self.rules, class);
            let h = values.write(&path, header)?;
            values.write_wdl(&wdl_path(&self.dir, class), &h)?;
            let bytes =
                std::fs::metadata(&path)
                    .map(|m| m.len())
                    .map_err(|err| BuildError::Io {
                        path: path.clone(),
                        err,
                    })?;
            out.push(ClassSummary {
                resumed_at,
                ..ClassSummary::from_header(&h, bytes, t0.elapsed().as_secs_f64(), false)
            });
            if needed_later(class, pieces) {
                self.solved.insert(
                    class,
                    Solved {
                        indexer: ix,
                        values,
                    },
                );
            }
        }
        let _ = std::fs::remove_file(&marker);
        snapshot::remove(&snapshot);
        Ok(out)
    }

    /// Holds exactly `classes` before a group is solved: lets go of the
    /// others first, then reads those not held from their tables (a class
    /// loaded without its codes, or let go of for a group before). Their
    /// tables checked when they were built or loaded in this build; one
    /// that no longer reads is an error, not rebuilt.
    fn hold_only(&mut self, classes: &[MaterialClass]) -> Result<(), BuildError> {
        self.solved.retain(|c| classes.contains(&c));
        for &class in classes {
            if self.solved.get(class).is_some() {
                continue;
            }
            let table = TableFile::open(&table_path(&self.dir, class))?;
            let bar = self.bar(table.header.entries, &format!("{class} read"));
            let values = Held::read(&table, |n| bar.inc(n))?;
            bar.finish_and_clear();
            self.solved.insert(
                class,
                Solved {
                    indexer: ClassIndexer::new(self.geo.board, class),
                    values,
                },
            );
        }
        Ok(())
    }

    /// A class built already, held for the classes built on it. (A block
    /// class of the build's top total is not held: [`is_top_block`].)
    fn solved_class(&self, class: MaterialClass) -> &Solved<B> {
        self.solved
            .get(class)
            .unwrap_or_else(|| panic!("class {class} is built before the classes that need it"))
    }

    fn bar(&self, len: u64, msg: &str) -> BuildBar {
        if !self.options.progress {
            return BuildBar {
                bar: ProgressBar::hidden(),
                log: None,
                stage: String::new(),
            };
        }
        let bar = ProgressBar::new(len);
        bar.set_style(crate::progress::count_style(30));
        let msg = headed(&self.stage, msg);
        bar.set_message(msg.clone());
        // indicatif draws nothing when standard error is not a terminal:
        // a build left running overnight into a log gets a line now and
        // then instead, for the phases that take more than seconds.
        let log = (!std::io::stderr().is_terminal() && len >= 1 << 24).then(|| {
            eprintln!("{msg} over {len} positions");
            Mutex::new(Instant::now())
        });
        BuildBar {
            bar,
            log,
            stage: self.stage.clone(),
        }
    }
}

/// A progress message headed by the build's stage, if it has one.
fn headed(stage: &str, msg: &str) -> String {
    if stage.is_empty() {
        msg.to_string()
    } else {
        format!("{stage} {msg}")
    }
}

/// A build's progress bar, or its lines in a log.
struct BuildBar {
    bar: ProgressBar,
    /// When the last log line was written, when logging.
    log: Option<Mutex<Instant>>,
    /// The build's stage, heading every message (`Builder::stage`).
    stage: String,
}

impl BuildBar {
    const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

    fn inc(&self, n: u64) {
        self.bar.inc(n);
        let Some(last) = &self.log else { return };
        let Ok(mut last) = last.try_lock() else {
            return;
        };
        if last.elapsed() >= Self::LOG_EVERY {
            *last = Instant::now();
            let (pos, len) = (self.bar.position(), self.bar.length().unwrap_or(0));
            eprintln!(
                "{}: {pos}/{len} ({:.0}%), {:.0}/s, eta {} s",
                self.bar.message(),
                100.0 * pos as f64 / len.max(1) as f64,
                self.bar.per_sec(),
                self.bar.eta().as_secs()
            );
        }
    }
    fn set_message(&self, msg: String) {
        self.bar.set_message(headed(&self.stage, &msg));
    }
    fn set_position(&self, pos: u64) {
        self.bar.set_position(pos);
    }
    /// Starts a bar at `pos` done already, its rate counting from here.
    fn start_at(&self, pos: u64) {
        self.bar.set_position(pos);
        self.bar.reset_eta();
    }
    fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::plan::held_by;
    use super::*;
    use crate::index::class_size;
    use crate::rules::Diagonals;
    use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, Ordering};

    /// A layout too small for 3x3: distances up to 6 plies, 3 children.
    struct Tiny<const CNT: u32, const CODE: u16>;

    impl<const CNT: u32, const CODE: u16> Layout for Tiny<CNT, CODE> {
        type Val = AtomicU16;
        type Aux = AtomicU32;
        const BYTES: u64 = 6;
        const CNT_MASK: u32 = CNT;
        const WIN_PENDING: u32 = 1 << 8;
        const DRAW_EXIT: u32 = 1 << 9;
        const DIST_SHIFT: u32 = 16;
        const MAX_CODE: u16 = CODE;
        const MAX_DIST: u16 = CODE;
        fn held(values: Vec<AtomicU16>) -> Held {
            Held::new(values.into_iter().map(AtomicU16::into_inner).collect())
        }
    }

    /// The narrow layout with value codes up to `CODE`.
    struct NarrowShort<const CODE: u16>;

    impl<const CODE: u16> Layout for NarrowShort<CODE> {
        type Val = AtomicU8;
        type Aux = AtomicU16;
        const BYTES: u64 = 3;
        const CNT_MASK: u32 = Narrow::CNT_MASK;
        const WIN_PENDING: u32 = Narrow::WIN_PENDING;
        const DRAW_EXIT: u32 = Narrow::DRAW_EXIT;
        const DIST_SHIFT: u32 = Narrow::DIST_SHIFT;
        const MAX_CODE: u16 = CODE;
        const MAX_DIST: u16 = Narrow::MAX_DIST;
        fn held(values: Vec<AtomicU8>) -> Held {
            Narrow::held(values)
        }
    }

    fn codes(h: &Held, n: usize) -> Vec<u16> {
        (0..n).map(|i| h.get(i)).collect()
    }

    /// A 3x3 build up to 5 stones in a scratch folder named after `tag`,
    /// with its 5-stone group 2v3+3v2 and the group's indexers. The
    /// classes of 4 stones and fewer stay held in memory, as solving the
    /// group again needs them.
    fn three_by_three_five_stone_group(
        tag: &str,
    ) -> (
        PathBuf,
        Builder<u64>,
        [MaterialClass; 2],
        Vec<ClassIndexer<u64>>,
    ) {
        let db = std::env::temp_dir().join(format!("fanorona-{tag}-{}", std::process::id()));
        let board = Board::new(3, 3, Diagonals::Corner).unwrap();
        let opts = BuildOptions {
            progress: false,
            snapshot_every: None,
            ..Default::default()
        };
        let mut b = Builder::<u64>::new(&db, board, Rules::default(), opts);
        b.build(5, |_| {}).unwrap();
        let group = [
            MaterialClass::new(2, 3, false),
            MaterialClass::new(3, 2, false),
        ];
        // The build ended holding what its last group needs; the group is
        // solved again on what it needs itself.
        let holds: Vec<MaterialClass> = build_groups(&board, &Rules::default(), 5)
            .into_iter()
            .flatten()
            .filter(|&c| held_by(c, &group, 5))
            .collect();
        b.hold_only(&holds).unwrap();
        let ix = group.iter().map(|&c| ClassIndexer::new(board, c)).collect();
        (db, b, group, ix)
    }

    /// Asserts that two solutions of a group hold the same value codes.
    fn assert_same_codes(ix: &[ClassIndexer<u64>], a: &[Held], b: &[Held], what: &str) {
        for (slot, ix) in ix.iter().enumerate() {
            let n = ix.size() as usize;
            assert_eq!(codes(&a[slot], n), codes(&b[slot], n), "{what}");
        }
    }

    #[test]
    fn a_group_outgrowing_the_narrow_layout_carries_on_in_the_medium_one() {
        let (db, b, group, ix) = three_by_three_five_stone_group("widen");
        let path = snapshot::snapshot_path(&b.dir, "2v3+3v2");
        let wide = b.solve_group::<Wide>(&group, &ix).unwrap();
        assert_eq!(wide.resumed_at, None);
        assert!(!path.exists());

        // Whether the group outgrows `NarrowShort<CODE>` in a level sweep
        // (not at init, which starts over), and then carries on in the
        // medium layout from the level reached to the same values.
        fn carries_on<const CODE: u16>(
            b: &Builder<u64>,
            group: &[MaterialClass],
            ix: &[ClassIndexer<u64>],
            wide: &[Held],
            path: &Path,
        ) -> bool {
            match b.solve_group::<NarrowShort<CODE>>(group, ix) {
                Ok(fits) => {
                    assert_same_codes(ix, wide, &fits.values, "narrow that fits");
                    return false;
                }
                Err(halt) => assert_eq!(halt, Halt::Overflow(Overflow::Distance)),
            }
            if !path.exists() {
                return false;
            }
            let medium = b.solve_group::<Medium>(group, ix).unwrap();
            // The first level that may settle a loss whose code passes CODE.
            let level = (CODE - 2) / 2;
            assert_eq!(medium.resumed_at, Some(Stage::Level(level)), "CODE {CODE}");
            // Kept until the tables are written (build_group removes it).
            snapshot::remove(path);
            assert_same_codes(ix, wide, &medium.values, "carried over");
            true
        }
        let w = &wide.values;
        let carried = [
            carries_on::<14>(&b, &group, &ix, w, &path),
            carries_on::<20>(&b, &group, &ix, w, &path),
            carries_on::<26>(&b, &group, &ix, w, &path),
            carries_on::<32>(&b, &group, &ix, w, &path),
        ];
        assert!(carried.contains(&true), "{carried:?}");
        let _ = std::fs::remove_dir_all(&db);
    }

    #[test]
    fn a_group_stopped_from_outside_saves_and_goes_on_from_there() {
        let (db, mut b, group, ix) = three_by_three_five_stone_group("stop");
        let path = snapshot::snapshot_path(&b.dir, "2v3+3v2");
        let whole = b.solve_group::<Wide>(&group, &ix).unwrap().values;
        let total: u64 = ix.iter().map(|i| i.size()).sum();
        let flag = Arc::new(AtomicBool::new(true));
        b.options.stop = Some(flag.clone());
        b.init_stretch = 1;

        // In init: after the first class (one chunk each on 3x3).
        stops_after_the_first_class(&mut b, &group, &ix, &whole, total, &path, |b| {
            b.options
                .stop
                .as_ref()
                .unwrap()
                .store(false, Ordering::Relaxed)
        });
        snapshot::remove(&path);

        // Before a level: a snapshot at level 3, taken up by a build told
        // to stop, which saves it again as it stood.
        b.options.snapshot_every = Some(Duration::ZERO);
        b.halt_after_snapshot = Some(("2v3+3v2".to_string(), Stage::Level(3)));
        let halted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            b.solve_group::<Narrow>(&group, &ix)
        }));
        assert!(halted.is_err());
        (b.options.snapshot_every, b.halt_after_snapshot) = (None, None);
        flag.store(true, Ordering::Relaxed);
        let stopped = b.solve_group::<Narrow>(&group, &ix);
        assert_eq!(stopped.err(), Some(Halt::Stopped(Some(Stage::Level(3)))));
        flag.store(false, Ordering::Relaxed);
        let resumed = b.solve_group::<Narrow>(&group, &ix).unwrap();
        assert_eq!(resumed.resumed_at, Some(Stage::Level(3)));
        assert_same_codes(&ix, &whole, &resumed.values, "after a stop at a level");

        // A snapshot that cannot be written (its `.tmp` name taken by a
        // folder): the stop says nothing was saved (it said "saved").
        let tmp = path.with_extension("snapshot.tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        flag.store(true, Ordering::Relaxed);
        let stopped = b.solve_group::<Narrow>(&group, &ix);
        assert_eq!(stopped.err(), Some(Halt::Stopped(None)));
        assert!(!path.exists());
        let error = BuildError::Stopped {
            group: "2v3+3v2".into(),
            stage: None,
        };
        assert!(error.to_string().contains("could not be saved"), "{error}");
        let _ = std::fs::remove_dir_all(&db);
    }

    #[test]
    fn a_group_stops_at_its_deadline_as_if_told_to() {
        let (db, mut b, group, ix) = three_by_three_five_stone_group("deadline");
        let path = snapshot::snapshot_path(&b.dir, "2v3+3v2");
        let whole = b.solve_group::<Wide>(&group, &ix).unwrap().values;
        let total: u64 = ix.iter().map(|i| i.size()).sum();
        b.init_stretch = 1;
        // A deadline far off changes nothing.
        b.options.deadline = Some(Instant::now() + Duration::from_secs(3600));
        let far = b.solve_group::<Narrow>(&group, &ix).unwrap();
        assert_eq!(far.resumed_at, None);
        assert_same_codes(&ix, &whole, &far.values, "before a far deadline");
        // One passed stops the group at the first chance, saved there.
        b.options.deadline = Some(Instant::now());
        stops_after_the_first_class(&mut b, &group, &ix, &whole, total, &path, |b| {
            b.options.deadline = None
        });
        let _ = std::fs::remove_dir_all(&db);
    }

    /// A build told to stop (by a flag or a deadline) stops its group
    /// after the first class of init (one chunk each on 3x3), saved
    /// there, and once `go_on` lets it goes on from there to the values
    /// of a whole solve.
    fn stops_after_the_first_class(
        b: &mut Builder<u64>,
        group: &[MaterialClass],
        ix: &[ClassIndexer<u64>],
        whole: &[Held],
        total: u64,
        path: &Path,
        go_on: impl Fn(&mut Builder<u64>),
    ) {
        let stage = Stage::Init {
            done: ix[0].size(),
            total,
        };
        let stopped = b.solve_group::<Narrow>(group, ix);
        assert_eq!(stopped.err(), Some(Halt::Stopped(Some(stage))));
        assert_eq!(snapshot::peek(path).unwrap().1, stage);
        go_on(b);
        let resumed = b.solve_group::<Narrow>(group, ix).unwrap();
        assert_eq!(resumed.resumed_at, Some(stage));
        assert_same_codes(ix, whole, &resumed.values, "after a stop in init");
    }

    #[test]
    fn a_layout_too_small_is_detected_and_a_large_enough_one_agrees() {
        let (db, b, group, ix) = three_by_three_five_stone_group("layout");
        let wide = b.solve_group::<Wide>(&group, &ix).unwrap().values;
        let narrow = b.solve_group::<Narrow>(&group, &ix).unwrap().values;
        let roomy = b
            .solve_group::<Tiny<0xff, 200>>(&group, &ix)
            .unwrap()
            .values;
        let medium = b.solve_group::<Medium>(&group, &ix).unwrap().values;
        assert_same_codes(&ix, &wide, &narrow, "narrow");
        assert_same_codes(&ix, &wide, &roomy, "roomy");
        assert_same_codes(&ix, &wide, &medium, "medium");
        let longest = wide
            .iter()
            .zip(&ix)
            .flat_map(|(h, ix)| codes(h, ix.size() as usize))
            .max()
            .unwrap();
        assert!(longest > 12, "the test needs distances over 6 plies");
        assert_eq!(
            b.solve_group::<Tiny<0xff, 12>>(&group, &ix).err(),
            Some(Halt::Overflow(Overflow::Distance))
        );
        // 3v2 on 3x3: a position with more than 3 paika moves.
        assert_eq!(
            b.solve_group::<Tiny<0x3, 200>>(&group, &ix).err(),
            Some(Halt::Overflow(Overflow::Children))
        );
        let _ = std::fs::remove_dir_all(&db);
    }

    /// The table files of a folder, by name.
    fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut out: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_build_stopped_after_a_snapshot_resumes_there_and_writes_the_same_tables() {
        let tmp = std::env::temp_dir().join(format!("fanorona-resume-{}", std::process::id()));
        let board = Board::new(7, 3, Diagonals::Corner).unwrap();
        let rules = Rules::default();
        let quiet = |snapshot_every| BuildOptions {
            progress: false,
            snapshot_every,
            ..Default::default()
        };
        let clean = tmp.join("clean");
        Builder::<u64>::new(&clean, board, rules, quiet(None))
            .build(5, |_| {})
            .unwrap();
        let clean_dir = table_dir(&clean, &board, &rules);
        let expected = files(&clean_dir);
        assert!(expected.iter().any(|(n, _)| n == "3v2.fnt"));

        // Part way through init (after the first chunk of 2v3, after all
        // of 2v3, after the first chunk of 3v2), right after init (level
        // 0), and after some sweeps, with wins pending at later levels.
        let sizes: Vec<u64> = [(2, 3), (3, 2)]
            .into_iter()
            .map(|(w, b)| ClassIndexer::<u64>::new(board, MaterialClass::new(w, b, false)).size())
            .collect();
        let total = sizes[0] + sizes[1];
        assert!(sizes[0] > CHUNK && sizes[1] > CHUNK, "{sizes:?}");
        let init = |done| Stage::Init { done, total };
        let stages = [
            init(CHUNK),
            init(sizes[0]),
            init(sizes[0] + CHUNK),
            Stage::Level(0),
            Stage::Level(1),
            Stage::Level(4),
            Stage::Level(9),
        ];
        for (run, stage) in stages.into_iter().enumerate() {
            let db = tmp.join(format!("stopped-{run}"));
            let dir = table_dir(&db, &board, &rules);
            let mut b = Builder::<u64>::new(&db, board, rules, quiet(Some(Duration::ZERO)));
            b.init_stretch = 1;
            b.halt_after_snapshot = Some(("2v3+3v2".to_string(), stage));
            let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                b.build(5, |_| {}).unwrap();
            }));
            assert!(stopped.is_err(), "the group never got to {stage}");
            assert!(!dir.join("2v3.fnt").exists());
            let bytes = std::fs::metadata(dir.join("2v3+3v2.snapshot"))
                .unwrap()
                .len();
            assert_eq!(
                pending_work(&dir),
                [PendingWork::Snapshot {
                    group: "2v3+3v2".to_string(),
                    stage,
                    layout_bytes: 3,
                    bytes
                }]
            );

            let mut resumed = Vec::new();
            Builder::<u64>::new(&db, board, rules, quiet(None))
                .build(5, |s| resumed.push(s.clone()))
                .unwrap();
            let mut pair: Vec<_> = resumed
                .iter()
                .filter(|s| ["2v3", "3v2"].contains(&s.class.name().as_str()))
                .map(|s| (s.class.name(), s.reused, s.resumed_at))
                .collect();
            pair.sort_by(|a, b| a.0.cmp(&b.0));
            let want = |n: &str| (n.to_string(), false, Some(stage));
            assert_eq!(pair, [want("2v3"), want("3v2")]);
            // The groups before it were complete on disk.
            assert!(
                resumed
                    .iter()
                    .all(|s| s.class.stones() == 5 || (s.reused && s.resumed_at.is_none()))
            );
            assert_eq!(files(&dir), expected, "after resuming {stage}");
            assert_eq!(pending_work(&dir), []);
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }

    #[test]
    fn a_group_holds_only_the_classes_it_rests_on_and_a_build_with_nothing_to_build_holds_none() {
        let db = std::env::temp_dir().join(format!("fanorona-holds-{}", std::process::id()));
        let board = Board::new(5, 3, Diagonals::Corner).unwrap();
        let rules = Rules::default();
        let quiet = || BuildOptions {
            progress: false,
            ..Default::default()
        };
        let class = |name: &str| MaterialClass::parse(name).unwrap();
        let held = |b: &Builder<u64>| -> Vec<String> {
            build_groups(&board, &rules, 5)
                .into_iter()
                .flatten()
                .filter(|&c| b.solved.get(c).is_some())
                .map(|c| c.name())
                .collect()
        };
        // The last group, 1v4+4v1, rests on the classes with at most one
        // stone a side and four the other: 2v2 is let go of.
        let rests = ["1v1", "1v2", "2v1", "1v3", "3v1"];
        let mut first = Builder::<u64>::new(&db, board, rules, quiet());
        first.build(5, |_| {}).unwrap();
        assert_eq!(held(&first), rests);
        // The plan counts them, a byte a position, beside the group's state.
        let plan = first.plan_selection(&Selection::UpTo(5)).unwrap();
        let last = plan.groups.last().unwrap();
        assert_eq!(last.name(), "1v4+4v1");
        let rest: u64 = rests
            .iter()
            .map(|&n| class_size(board, class(n)).unwrap())
            .sum();
        assert_eq!(
            last.memory_bytes as u128,
            3 * last.total_positions() + rest as u128
        );
        let dir = table_dir(&db, &board, &rules);
        let expected = files(&dir);

        // Everything on disk: checked, nothing held.
        let mut again = Builder::<u64>::new(&db, board, rules, quiet());
        let summaries = again.build(5, |_| {}).unwrap();
        assert!(summaries.iter().all(|s| s.reused));
        assert!(held(&again).is_empty());

        // A damaged table is built again on the classes below, read back
        // from their tables, which were loaded without their codes.
        for damaged in ["3v2", "4v1"] {
            let path = table_path(&dir, class(damaged));
            let mut bytes = std::fs::read(&path).unwrap();
            let last = bytes.len() - 1;
            bytes[last] ^= 0x10;
            std::fs::write(&path, &bytes).unwrap();
            let mut repair = Builder::<u64>::new(&db, board, rules, quiet());
            let summaries = repair.build(5, |_| {}).unwrap();
            let rebuilt: Vec<String> = summaries
                .iter()
                .filter(|s| !s.reused)
                .map(|s| s.class.name())
                .collect();
            let group = build_groups(&board, &rules, 5)
                .into_iter()
                .find(|g| g.contains(&class(damaged)))
                .unwrap();
            assert_eq!(rebuilt, group.iter().map(|c| c.name()).collect::<Vec<_>>());
            assert_eq!(files(&dir), expected, "after rebuilding {damaged}");
            // Built last, 1v4+4v1 still holds what it rests on; loaded
            // after 2v3+3v2, it found nothing held that no group needed.
            let left: &[&str] = if damaged == "4v1" { &rests } else { &[] };
            assert_eq!(held(&repair), left, "after rebuilding {damaged}");
        }
        let _ = std::fs::remove_dir_all(&db);
    }

    /// `info` and `build --plan` say a snapshot will be taken up only
    /// when the build would take it up, by the checks the build makes of
    /// its header and length (they promised "goes on from there" of a
    /// truncated snapshot and of one copied from another rule set's
    /// folder, which the build then refused).
    #[test]
    fn the_pending_work_says_which_snapshots_a_build_would_take_up() {
        use state::Cell;
        let db = std::env::temp_dir().join(format!("fanorona-pending-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&db);
        let board = Board::new(5, 3, Diagonals::Corner).unwrap();
        let rules = Rules::default();
        let dir = table_dir(&db, &board, &rules);
        std::fs::create_dir_all(&dir).unwrap();
        let classes = [
            MaterialClass::new(1, 3, false),
            MaterialClass::new(3, 1, false),
        ];
        let sizes: Vec<u64> = classes
            .iter()
            .map(|&c| class_size(board, c).unwrap())
            .collect();
        let vals: Vec<Vec<<Narrow as Layout>::Val>> =
            sizes.iter().map(|&n| Cell::zeroed(n)).collect();
        let aux: Vec<Vec<<Narrow as Layout>::Aux>> =
            sizes.iter().map(|&n| Cell::zeroed(n)).collect();
        let name = group_name(&classes);
        let path = snapshot::snapshot_path(&dir, &name);
        let game = table_game(&board, &rules);
        snapshot::write::<Narrow>(&path, &name, &game, Stage::Level(5), &vals, &aux).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let snapshots = |dir: &Path| -> Vec<PendingWork> {
            pending_work(dir)
                .into_iter()
                .filter(|w| {
                    matches!(
                        w,
                        PendingWork::Snapshot { .. } | PendingWork::UnusableSnapshot { .. }
                    )
                })
                .collect()
        };
        assert_eq!(
            snapshots(&dir),
            [PendingWork::Snapshot {
                group: name.clone(),
                stage: Stage::Level(5),
                layout_bytes: 3,
                bytes: bytes.len() as u64,
            }]
        );
        let unusable = |dir: &Path| match &snapshots(dir)[..] {
            [w @ PendingWork::UnusableSnapshot { damaged, .. }] => (*damaged, w.to_string()),
            other => panic!("{other:?}"),
        };
        // Truncated (to 1000 bytes, inside the arrays; and inside the
        // header): damaged, said in words; the build says so too.
        for len in [1000, 30] {
            std::fs::write(&path, &bytes[..len]).unwrap();
            let (damaged, text) = unusable(&dir);
            assert!(damaged, "{text}");
            assert!(
                text.starts_with("1v3+3v1: damaged snapshot (truncated")
                    && text.ends_with("building again starts the group anew"),
                "{text}"
            );
            let err = snapshot::read::<Narrow>(&path, &name, &game, &sizes)
                .err()
                .unwrap()
                .to_string();
            assert!(err.starts_with("truncated"), "{err}");
            assert!(!err.contains("fill whole buffer"), "{err}");
        }
        // Bytes after its end.
        let mut longer = bytes.clone();
        longer.push(0);
        std::fs::write(&path, &longer).unwrap();
        assert!(unusable(&dir).0);
        // Sound, in the folder of another rule set: not taken up.
        std::fs::write(&path, &bytes).unwrap();
        let draw = Rules {
            stalemate: Stalemate::Draw,
            ..rules
        };
        let other = table_dir(&db, &board, &draw);
        std::fs::create_dir_all(&other).unwrap();
        std::fs::copy(&path, snapshot::snapshot_path(&other, &name)).unwrap();
        let (damaged, text) = unusable(&other);
        assert!(!damaged, "{text}");
        assert!(
            text.contains("a snapshot of the 5x3-corner-free-sl game, not of 5x3-corner-free-sd")
                && text.ends_with("building again starts the group anew"),
            "{text}"
        );
        // Another group's, under this group's name.
        std::fs::copy(&path, snapshot::snapshot_path(&dir, "2v2")).unwrap();
        assert!(snapshots(&dir).iter().any(|w| matches!(
            w,
            PendingWork::UnusableSnapshot { group, damaged: false, why, .. }
                if group == "2v2" && why.contains("not of 2v2")
        )));
        std::fs::remove_file(snapshot::snapshot_path(&dir, "2v2")).unwrap();
        // A group noted as outgrowing its children count starts in the
        // 6-byte layout, which cannot take up a 3-byte snapshot.
        write_overflow_marker(&overflow_marker_path(&dir, &classes), Overflow::Children);
        let (damaged, text) = unusable(&dir);
        assert!(!damaged && text.contains("3-byte layout"), "{text}");
        // Noted as outgrowing a distance: the 4-byte layout takes it up.
        write_overflow_marker(&overflow_marker_path(&dir, &classes), Overflow::Distance);
        assert!(
            snapshots(&dir)
                .iter()
                .any(|w| matches!(w, PendingWork::Snapshot { .. }))
        );
        let _ = std::fs::remove_dir_all(&db);
    }
}
