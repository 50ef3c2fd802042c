//! Search checkpoints: a [`Solver`]'s state in a file, so that a proof
//! longer than one sitting goes on where it stopped.
//!
//! A checkpoint holds the table of solved positions and, while the goal
//! being searched is open, its tree. Every table entry is a proof or a
//! disproof that does not depend on the path (see the method at the top of
//! the search module), so it is true wherever it is reused: loaded into any
//! search of the same board and rules, even from another position, it
//! answers look-ups at once. The tree is taken up again when the solver next
//! searches the same goal from the same root: the search goes on with the
//! numbers, the pruning count (PN²) and the table priorities it had, and
//! expands the very nodes it would have expanded without the pause. The
//! pruning count is kept under a larger memory bound too: a tree cut back
//! into PN² in 0.4 GiB and taken up in 2 GiB needed 1.6 to 2.8 times the
//! expansions with the count reset to plain search than with PN² kept
//! (`experiments/search_memory/`, session 37).
//!
//! # File format, version 3
//!
//! Written down in full in `db/FORMAT.md`. All integers little-endian.
//!
//! | field | size | meaning |
//! | --- | --- | --- |
//! | magic | 8 | `FNSEARCH` |
//! | header_len | 4 | u32, bytes of the header |
//! | header | header_len | `CheckpointHeader`, bincode 2, standard configuration |
//! | header_xxh3 | 8 | xxh3-64 of the header bytes |
//! | body | | one zstd frame: `solved` table records, `tree_nodes` tree records, `path_dependent` path-dependent disproof records, `estimates` estimate records |
//! | body_xxh3 | 8 | xxh3-64 of the body *before* compression |
//!
//! A node is written as `words` u64 of White's stones, `words` u64 of
//! Black's, the side to move (u8: 0 White, 1 Black), the sacrificed block
//! (u8 point, 255 none) and the turns left (u16, 65535 without a move
//! limit). A table record is a node, the attacker (u8), pn and dn (u64,
//! one of them 0; `u64::MAX` is infinity) and the replacement priority
//! (u32). A tree record is a node, pn and dn (u64), then parent, first
//! child, children, depth and dependency depth (u32 each; `u32::MAX`: none),
//! in tree order: the root first, every node after its parent, children
//! side by side. A path-dependent disproof record is a node, the attacker,
//! its priority (u32), the count of positions it rests on (u32) and those
//! nodes; an estimate record a node, the attacker and pn and dn (u32 each,
//! both at least 1). Versions 1 and 2 are read as files without the
//! later records (their headers end before the counts).

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use bincode::{Decode, Encode};
use xxhash_rust::xxh3::xxh3_64;

use crate::bits::Bits;
use crate::geometry::Board;
use crate::hashio::{HashReader, HashWriter};
use crate::position::Position;
use crate::rules::{Color, Continuation, Diagonals, Rules, Stalemate};
use crate::value::Oracle;

use super::{Entry, MAX_DEPTH, NO_DEP, NONE, Node, Solver, TreeNode};

const MAGIC: &[u8; 8] = b"FNSEARCH";
/// The version of the checkpoint format this code reads and writes.
pub const CHECKPOINT_VERSION: u32 = 3;
/// No header is anywhere near this long; a longer one means a bad file.
const MAX_HEADER: usize = 4096;

/// What a checkpoint file says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
struct CheckpointHeader {
    format_version: u32,
    cols: u8,
    rows: u8,
    /// 0 corner, 1 center.
    diagonals: u8,
    /// 0 free, 1 forced.
    continuation: u8,
    /// 0 loss, 1 draw.
    stalemate: u8,
    sacrifice: bool,
    move_limit: bool,
    /// 64-bit words per set of stones.
    words: u8,
    /// Nodes the solver had expanded over its life (table priorities
    /// grow with it).
    total_nodes: u64,
    /// Times the tree was cut back in the open goal's search.
    cuts: u32,
    /// The attacker of the tree's goal: 0 White, 1 Black (0 when there is
    /// no tree).
    tree_goal: u8,
    /// Table records.
    solved: u64,
    /// Tree records (0: no open goal).
    tree_nodes: u64,
    /// Path-dependent disproof records (since version 2; a version 1
    /// header ends before this field).
    path_dependent: u64,
    /// Estimate records (since version 3; an older header ends before
    /// this field).
    estimates: u64,
}

/// Why a checkpoint could not be read or written.
#[derive(Debug)]
pub enum CheckpointError {
    /// Opening, reading, writing, syncing or renaming the file (or its
    /// lock) failed; also a checkpoint path that is a folder where a file
    /// is wanted ([`check_writable`]).
    Io {
        /// The file, or the lock file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Not a checkpoint at all: the file is shorter than the magic or does
    /// not start with it.
    NotACheckpoint {
        /// The file.
        path: PathBuf,
    },
    /// A format version this code does not read.
    Version {
        /// The file.
        path: PathBuf,
        /// The version its header gives.
        found: u32,
    },
    /// Made by a search of another board or other rules (or with stone
    /// sets of another width).
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The file's board and rules, in words.
        file: String,
        /// This search's board and rules, in words.
        search: String,
    },
    /// Damaged: a checksum or a record is wrong.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong, in words.
        what: String,
    },
    /// The tree is bigger than this search's memory bound allows.
    TooBig {
        /// The file.
        path: PathBuf,
        /// Nodes of the file's tree.
        nodes: u64,
        /// The most tree nodes this search has room for
        /// ([`Solver::max_tree_nodes`]).
        room: usize,
    },
    /// Another running search holds the checkpoint ([`lock_checkpoint`]).
    InUse {
        /// The checkpoint the other search holds: the one asked for, the
        /// split search's folder it lies in, or a first move's file in the
        /// folder asked for.
        path: PathBuf,
        /// The process holding it, when its lock file says.
        pid: Option<u32>,
    },
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckpointError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            CheckpointError::NotACheckpoint { path } => {
                write!(f, "{}: not a fanorona search checkpoint", path.display())
            }
            CheckpointError::Version { path, found } => write!(
                f,
                "{}: checkpoint format version {found}, this program reads version {CHECKPOINT_VERSION}",
                path.display()
            ),
            CheckpointError::Mismatch { path, file, search } => write!(
                f,
                "{}: a checkpoint of a search on {file}, but this search is on {search}",
                path.display()
            ),
            CheckpointError::Corrupt { path, what } => {
                write!(f, "{}: damaged checkpoint: {what}", path.display())
            }
            CheckpointError::TooBig { path, nodes, room } => write!(
                f,
                "{}: its search tree has {nodes} nodes, but this search has room for {room}: give more --memory",
                path.display()
            ),
            CheckpointError::InUse { path, pid } => write!(
                f,
                "{}: another search ({}) is using this checkpoint: wait for it, or give another file",
                path.display(),
                crate::builder::process(*pid)
            ),
        }
    }
}

impl std::error::Error for CheckpointError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckpointError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A checkpoint held by this process's search ([`lock_checkpoint`]),
/// released when dropped.
#[derive(Debug)]
pub struct CheckpointLock {
    _file: crate::builder::lock::LockFile,
}

/// Holds the checkpoint `path` (a file, or a split search's folder) for
/// one search at a time: two searches on one file each wrote it in turn,
/// the last one's state silently replacing the other's. The lock is
/// `FILE.lock` beside a file, `search.lock` in a folder, holding the
/// process id; one whose process is gone is taken over.
///
/// A split search's folder holds one file a first move, which a search of
/// one thread may be given too: the two exclude each other (the file's
/// search wrote last, and the split search's next sitting started that
/// move again). Each takes its own lock, then looks at the other's: the
/// folder's lock beside a file's, every file's inside a folder. Taken
/// before looked at, the two locks cannot both be missed (two started at
/// once may both be refused).
pub fn lock_checkpoint(path: &Path) -> Result<CheckpointLock, CheckpointError> {
    use crate::builder::lock::{LockError, LockFile};
    let split = path.is_dir();
    let lock = if split {
        path.join("search.lock")
    } else {
        lock_beside(path)
    };
    let held = match LockFile::take_file(lock.clone()) {
        Ok(file) => CheckpointLock { _file: file },
        Err(LockError::Held { pid, .. }) => {
            return Err(CheckpointError::InUse {
                path: path.to_owned(),
                pid,
            });
        }
        Err(LockError::Io { path, err }) => {
            return Err(CheckpointError::Io { path, source: err });
        }
    };
    let others: Vec<(PathBuf, PathBuf)> = if split {
        // The files' locks (`e3-d3W.fns.lock`), for the files they lock.
        std::fs::read_dir(path)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter_map(|lock| {
                        let file = lock.to_str()?.strip_suffix(".fns.lock")?;
                        Some((PathBuf::from(format!("{file}.fns")), lock))
                    })
                    .collect()
            })
            .unwrap_or_default()
    } else {
        // (A bare file name is in the current folder, which may be a
        // split search's: `--checkpoint .`.)
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        let folder_lock = folder.join("search.lock");
        // A file named `search` has the folder's lock for its own.
        if folder_lock == lock {
            Vec::new()
        } else {
            vec![(folder.to_owned(), folder_lock)]
        }
    };
    for (other, lock) in others {
        if let Some(state) = LockFile::read_path(&lock).filter(|s| s.held) {
            return Err(CheckpointError::InUse {
                path: other,
                pid: state.pid,
            });
        }
    }
    Ok(held)
}

/// The lock of the checkpoint file `path`: `FILE.lock`.
fn lock_beside(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// What a checkpoint held, or what was written to one.
#[derive(Clone, Debug)]
pub struct CheckpointInfo<B> {
    /// Solved positions.
    pub solved: usize,
    /// Solved positions the table holds after reading: fewer than the
    /// file's when some fell out of full buckets (sixteen positions a
    /// bucket: a few in a thousand even with room to spare, more under a
    /// smaller memory bound than the sitting that wrote the file had); for
    /// a file written, `solved`.
    pub solved_held: usize,
    /// Nodes of the open goal's tree (0: none).
    pub tree_nodes: usize,
    /// Path-dependent disproofs, each with the positions it rests on.
    pub path_dependent: usize,
    /// Numbers of positions searched but not solved (which steer the
    /// search, [`Solver`]'s estimates).
    pub estimates: usize,
    /// The tree's root and goal (the attacker), when there is a tree.
    pub tree_root: Option<(Position<B>, Color)>,
    /// A tree passed over: rooted at another position than the search's
    /// and too big for its room ([`Solver::load_checkpoint_for`]), or any
    /// tree of a seed ([`Solver::load_checkpoint_solved`]).
    pub tree_skipped: Option<SkippedTree<B>>,
    /// Open nodes of the solver's own tree that the file's solved
    /// positions settled ([`Solver::load_checkpoint_solved`] into a
    /// search that already has a tree); 0 for any other read, and for a
    /// file written.
    pub settled: usize,
    /// Nodes the solver had expanded over its life, across sittings.
    pub total_nodes: u64,
    /// The file's size.
    pub bytes: u64,
    /// Seconds the reading or writing took.
    pub seconds: f64,
}

/// What a checkpoint's tree is read for.
#[derive(Clone, Copy)]
enum TreeUse<'a, B> {
    /// Kept; refused if it does not fit.
    Keep,
    /// Kept if it fits; otherwise passed over if rooted elsewhere than at
    /// this position, refused if rooted there.
    KeepIfFitsOr(&'a Position<B>),
    /// Passed over: the file seeds a search with its solved positions.
    Skip,
}

/// An open tree that a checkpoint held but a search did not read: its
/// root, goal (the attacker) and nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedTree<B> {
    /// The position the tree was searched from.
    pub root: Position<B>,
    /// The side whose win the tree's search was proving or disproving.
    pub goal: Color,
    /// Nodes of the tree.
    pub nodes: u64,
}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
}

fn color_code(c: Color) -> u8 {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn color_of(code: u8) -> Option<Color> {
    match code {
        0 => Some(Color::White),
        1 => Some(Color::Black),
        _ => None,
    }
}

/// Bytes of one node on file.
fn node_bytes<B: Bits>() -> usize {
    16 * B::WORDS + 4
}

fn put_node<B: Bits>(out: &mut Vec<u8>, node: &Node<B>) {
    for i in 0..B::WORDS {
        out.extend(node.pos.white.word(i).to_le_bytes());
    }
    for i in 0..B::WORDS {
        out.extend(node.pos.black.word(i).to_le_bytes());
    }
    out.push(color_code(node.pos.turn));
    out.push(node.pos.block.unwrap_or(u8::MAX));
    out.extend(node.left.to_le_bytes());
}

/// Reads little-endian fields off a record.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        head.try_into().expect("N bytes")
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.take())
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
    /// A node on a board of `points` points, or what is wrong with it.
    fn node<B: Bits>(&mut self, points: usize) -> Result<Node<B>, String> {
        let mut words = [0u64; 8];
        let mut set = |f: &mut Self| {
            for w in words.iter_mut().take(B::WORDS) {
                *w = f.u64();
            }
            B::from_words(&words[..B::WORDS])
        };
        let white = set(self);
        let black = set(self);
        let turn = color_of(self.u8()).ok_or("a side to move other than 0 or 1")?;
        let block = match self.u8() {
            u8::MAX => None,
            b if (b as usize) < points => Some(b),
            b => return Err(format!("a block on point {b}, off the board")),
        };
        let left = self.u16();
        let beyond = (points..B::CAPACITY).any(|sq| (white | black).contains(sq as u8));
        if beyond || (white & black).any() {
            return Err("stones off the board or on one point twice".into());
        }
        Ok(Node {
            pos: Position {
                white,
                black,
                turn,
                block,
            },
            left,
        })
    }
}

/// `path` with `.tmp` added: a checkpoint is written there first and
/// renamed over the old one only when complete.
fn tmp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// Checks, before a long search, that a checkpoint can be written to
/// `path`: its folder exists and takes a new file (the `.tmp` file a
/// write goes through, created and removed again). A search that finds
/// this out only at its first write has spent its time for nothing kept.
pub fn check_writable(path: &Path) -> Result<(), CheckpointError> {
    let tmp = tmp_path(path);
    let failed = |source| CheckpointError::Io {
        path: path.to_owned(),
        source,
    };
    if path.is_dir() {
        return Err(failed(io::Error::new(
            io::ErrorKind::IsADirectory,
            "a folder, not a file",
        )));
    }
    File::create(&tmp).map_err(failed)?;
    fs::remove_file(&tmp).map_err(failed)
}

/// The board and rules of a header, for messages.
fn describe(cols: u8, rows: u8, rules: &Rules) -> String {
    format!(
        "{cols}x{rows} under {}{}",
        rules.slug(),
        if rules.move_limit { ", move limit" } else { "" }
    )
}

fn header_rules(h: &CheckpointHeader) -> Option<Rules> {
    Some(Rules {
        diagonals: Diagonals::from_code(h.diagonals)?,
        continuation: Continuation::from_code(h.continuation)?,
        stalemate: Stalemate::from_code(h.stalemate)?,
        sacrifice: h.sacrifice,
        move_limit: h.move_limit,
        ..Rules::default()
    })
}

/// The header of a search on `board` under `rules` whose stone sets take
/// `words` 64-bit words, its counts 0.
fn header_of(board: &Board, rules: &Rules, words: usize) -> CheckpointHeader {
    CheckpointHeader {
        format_version: CHECKPOINT_VERSION,
        cols: board.cols as u8,
        rows: board.rows as u8,
        diagonals: rules.diagonals.code(),
        continuation: rules.continuation.code(),
        stalemate: rules.stalemate.code(),
        sacrifice: rules.sacrifice,
        move_limit: rules.move_limit,
        words: words as u8,
        total_nodes: 0,
        cuts: 0,
        tree_goal: color_code(Color::White),
        solved: 0,
        tree_nodes: 0,
        path_dependent: 0,
        estimates: 0,
    }
}

/// Reads a checkpoint's header from `input`, where the file `path`
/// begins (its compressed body follows), and checks it: a checkpoint, of
/// a format version this program reads, of a search on the board and
/// rules of `mine` ([`header_of`]).
fn read_header(
    input: &mut impl Read,
    path: &Path,
    mine: &CheckpointHeader,
) -> Result<CheckpointHeader, CheckpointError> {
    let corrupt = |what: &str| CheckpointError::Corrupt {
        path: path.to_owned(),
        what: what.to_owned(),
    };
    // Reading past the end is a damaged file, not an I/O failure.
    let short = |e: io::Error| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            corrupt("ends in the middle of the header")
        } else {
            CheckpointError::Io {
                path: path.to_owned(),
                source: e,
            }
        }
    };
    let mut magic = [0u8; 8];
    if input.read_exact(&mut magic).is_err() || &magic != MAGIC {
        return Err(CheckpointError::NotACheckpoint {
            path: path.to_owned(),
        });
    }
    let mut word = [0u8; 4];
    input.read_exact(&mut word).map_err(short)?;
    let hlen = u32::from_le_bytes(word) as usize;
    if hlen > MAX_HEADER {
        return Err(corrupt(&format!("a header of {hlen} bytes")));
    }
    let mut hbytes = vec![0u8; hlen];
    let mut hsum = [0u8; 8];
    input
        .read_exact(&mut hbytes)
        .and_then(|_| input.read_exact(&mut hsum))
        .map_err(short)?;
    if xxh3_64(&hbytes) != u64::from_le_bytes(hsum) {
        return Err(corrupt("header checksum differs"));
    }
    // An older header is one of version 3 without its last fields
    // (version 1: the counts of path-dependent disproofs and of
    // estimates; version 2: of estimates): varints, where the one byte
    // 0 stands for 0 records.
    let version: Result<(u32, usize), _> = bincode::decode_from_slice(&hbytes, bincode_config());
    match version {
        Ok((1, _)) => hbytes.extend([0, 0]),
        Ok((2, _)) => hbytes.push(0),
        _ => {}
    }
    let (header, _): (CheckpointHeader, usize) =
        bincode::decode_from_slice(&hbytes, bincode_config())
            .map_err(|e| corrupt(&format!("header does not decode: {e}")))?;
    if !(1..=CHECKPOINT_VERSION).contains(&header.format_version) {
        return Err(CheckpointError::Version {
            path: path.to_owned(),
            found: header.format_version,
        });
    }
    let rules = header_rules(&header).ok_or_else(|| corrupt("unknown rule codes"))?;
    let my_rules = header_rules(mine).expect("a header of known rules");
    let same = (mine.cols, mine.rows, mine.words) == (header.cols, header.rows, header.words)
        && my_rules == rules;
    if !same {
        return Err(CheckpointError::Mismatch {
            path: path.to_owned(),
            file: describe(header.cols, header.rows, &rules),
            search: describe(mine.cols, mine.rows, &my_rules),
        });
    }
    Ok(header)
}

/// Checks from its header alone that `path` is a checkpoint this program
/// reads, of a search on `board` under `rules` with stone sets of type
/// `B`: what [`Solver::load_checkpoint_solved`] would refuse before
/// reading any of its body (damage in the body is found only then). For
/// files read by many searches later, such as `solve --checkpoint-merge`
/// into every first move's search, to refuse a wrong one before any of
/// them starts.
pub fn check_checkpoint_header<B: Bits>(
    path: &Path,
    board: &Board,
    rules: &Rules,
) -> Result<(), CheckpointError> {
    let file = File::open(path).map_err(|source| CheckpointError::Io {
        path: path.to_owned(),
        source,
    })?;
    read_header(
        &mut BufReader::new(file),
        path,
        &header_of(board, rules, B::WORDS),
    )
    .map(|_| ())
}

impl<B: Bits, O: Oracle<B>> Solver<'_, B, O> {
    /// The header this solver writes (its rules, board and counts).
    fn checkpoint_header(&self, tree_nodes: usize) -> CheckpointHeader {
        CheckpointHeader {
            total_nodes: self.total_nodes,
            cuts: self.cuts,
            tree_goal: color_code(self.tree_goal.unwrap_or(Color::White)),
            solved: self.table.len() as u64,
            tree_nodes: tree_nodes as u64,
            ..header_of(&self.geo.board, &self.rules, B::WORDS)
        }
    }

    /// The tree worth saving: the open goal's, or none. Its nodes no
    /// longer reachable from the root (below nodes solved since) are left
    /// out: returns where each node goes ([`Solver::reachable`]) and how
    /// many are kept. A tree whose root a graph search has solved since
    /// (in the table, the tree's numbers left as they were) is not open:
    /// it was written, and shown as the open line by a later look.
    fn open_tree(&self) -> (Vec<u32>, usize) {
        let open = |t: &TreeNode<B>, goal: Color| {
            t.pn() != 0
                && t.dn() != 0
                && !self.table.get(&t.node(), goal).is_some_and(|e| e.solved())
        };
        match (self.tree.first(), self.tree_goal) {
            (Some(t), Some(goal)) if open(t, goal) => {
                let (map, kept) = self.reachable();
                (map, kept as usize)
            }
            _ => (Vec::new(), 0),
        }
    }

    /// Writes the table of solved positions and the open goal's tree to
    /// `path`: first to `path` with `.tmp` added, then renamed over `path`,
    /// so an old checkpoint is replaced only by a complete new one.
    pub fn save_checkpoint(&self, path: &Path) -> Result<CheckpointInfo<B>, CheckpointError> {
        self.save_checkpoint_of(path, None)
    }

    /// [`save_checkpoint`](Self::save_checkpoint) for a search that has
    /// answered `root`: only the solved entries of `root` are written (no
    /// tree), which is all a later sitting needs to answer it again in 0
    /// nodes. A split search keeps one file a first move, and each would
    /// otherwise repeat the solved positions of the seed it started from
    /// (on 9x5, 300 MB a move).
    pub fn save_checkpoint_answer(
        &self,
        path: &Path,
        root: &Position<B>,
    ) -> Result<CheckpointInfo<B>, CheckpointError> {
        self.save_checkpoint_of(path, Some(root))
    }

    /// Writes the checkpoint, every solved position or only `only`'s.
    fn save_checkpoint_of(
        &self,
        path: &Path,
        only: Option<&Position<B>>,
    ) -> Result<CheckpointInfo<B>, CheckpointError> {
        let start = Instant::now();
        let (map, kept) = match only {
            None => self.open_tree(),
            Some(_) => (Vec::new(), 0),
        };
        // An answer's entries (one or two: a goal for each side) are
        // gathered in one scan of the table, so the header can count them.
        let answer: Option<Vec<_>> =
            only.map(|root| self.table.entries().filter(|e| e.0.pos == *root).collect());
        // The path-dependent disproofs hold for any search of the board
        // and rules, like the solved positions, and save a later sitting
        // the work of finding them again; an answer needs none.
        let path_dependent: Vec<_> = match only {
            None => self.conditional.entries().collect(),
            Some(_) => Vec::new(),
        };
        // The numbers of positions searched but not solved steer a later
        // sitting back where this one was (a graph search keeps no tree:
        // they are what it hands on besides its solved positions).
        let estimates = match only {
            None => self.estimates.entries().count(),
            Some(_) => 0,
        };
        let mut header = self.checkpoint_header(kept);
        header.path_dependent = path_dependent.len() as u64;
        header.estimates = estimates as u64;
        if let Some(entries) = &answer {
            header.solved = entries.len() as u64;
        }
        let tmp = tmp_path(path);
        let written = self.write_checkpoint(&tmp, &header, &map, answer.as_deref(), path_dependent);
        let bytes = written
            .and_then(|bytes| fs::rename(&tmp, path).map(|_| bytes))
            .map_err(|source| {
                let _ = fs::remove_file(&tmp);
                CheckpointError::Io {
                    path: path.to_owned(),
                    source,
                }
            })?;
        Ok(CheckpointInfo {
            solved: header.solved as usize,
            solved_held: header.solved as usize,
            tree_nodes: kept,
            path_dependent: header.path_dependent as usize,
            estimates,
            tree_root: self
                .tree_goal
                .filter(|_| kept > 0)
                .map(|goal| (self.tree[0].node().pos, goal)),
            tree_skipped: None,
            settled: 0,
            total_nodes: self.total_nodes,
            bytes,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    fn write_checkpoint<S: ExactSizeIterator<Item = Node<B>>>(
        &self,
        tmp: &Path,
        header: &CheckpointHeader,
        map: &[u32],
        only: Option<&[(Node<B>, Color, Entry)]>,
        path_dependent: Vec<(Node<B>, Color, u32, S)>,
    ) -> io::Result<u64> {
        let mut out = BufWriter::with_capacity(1 << 20, File::create(tmp)?);
        let hbytes = bincode::encode_to_vec(header, bincode_config()).expect("header encodes");
        out.write_all(MAGIC)?;
        out.write_all(&(hbytes.len() as u32).to_le_bytes())?;
        out.write_all(&hbytes)?;
        out.write_all(&xxh3_64(&hbytes).to_le_bytes())?;
        let mut body = HashWriter::new(BufWriter::with_capacity(
            1 << 20,
            zstd::Encoder::new(out, 1)?,
        ));
        let mut rec = Vec::with_capacity(node_bytes::<B>() + 40);
        let entries: Box<dyn Iterator<Item = _>> = match only {
            Some(entries) => Box::new(entries.iter().copied()),
            None => Box::new(self.table.entries()),
        };
        for (node, attacker, e) in entries {
            rec.clear();
            put_node(&mut rec, &node);
            rec.push(color_code(attacker));
            rec.extend(e.pn.to_le_bytes());
            rec.extend(e.dn.to_le_bytes());
            rec.extend(e.work.to_le_bytes());
            body.write_all(&rec)?;
        }
        // The reachable tree nodes, numbered as compaction would.
        let at = |i: u32| if i == NONE { NONE } else { map[i as usize] };
        for (t, _) in self.tree.iter().zip(map).filter(|(_, m)| **m != NONE) {
            rec.clear();
            put_node(&mut rec, &t.node());
            rec.extend(t.pn().to_le_bytes());
            rec.extend(t.dn().to_le_bytes());
            for x in [at(t.parent), at(t.first), t.count, t.depth(), t.dep()] {
                rec.extend(x.to_le_bytes());
            }
            body.write_all(&rec)?;
        }
        for (node, attacker, work, stretch) in path_dependent {
            rec.clear();
            put_node(&mut rec, &node);
            rec.push(color_code(attacker));
            rec.extend(work.to_le_bytes());
            rec.extend((stretch.len() as u32).to_le_bytes());
            for x in stretch {
                put_node(&mut rec, &x);
            }
            body.write_all(&rec)?;
        }
        let estimates = self.estimates.entries().take(header.estimates as usize);
        for (node, attacker, pn, dn) in estimates {
            rec.clear();
            put_node(&mut rec, &node);
            rec.push(color_code(attacker));
            rec.extend(pn.to_le_bytes());
            rec.extend(dn.to_le_bytes());
            body.write_all(&rec)?;
        }
        let digest = body.hash.digest();
        let encoder = body.inner.into_inner().map_err(|e| e.into_error())?;
        let mut out = encoder.finish()?;
        out.write_all(&digest.to_le_bytes())?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(file.metadata()?.len())
    }

    /// Reads a checkpoint written by a search of the same board and rules:
    /// its solved positions join the table, and its tree (if any) replaces
    /// the solver's, to be taken up by the next search of that goal from
    /// that root. On an error the solver is left empty (no table entries,
    /// no tree) and the file untouched.
    pub fn load_checkpoint(&mut self, path: &Path) -> Result<CheckpointInfo<B>, CheckpointError> {
        self.load_checkpoint_with(path, TreeUse::Keep)
    }

    /// [`load_checkpoint`](Self::load_checkpoint) for a search from
    /// `root`: a tree too big for this search's memory bound is then
    /// refused only if it is rooted at `root`. The tree of another
    /// position is of no use to this search (it would be dropped when the
    /// search begins), so it is checked and passed over, and the solved
    /// positions are taken as usual: a reply's search can start from its
    /// parent's checkpoint with less memory than the parent's search had.
    pub fn load_checkpoint_for(
        &mut self,
        path: &Path,
        root: &Position<B>,
    ) -> Result<CheckpointInfo<B>, CheckpointError> {
        self.load_checkpoint_with(path, TreeUse::KeepIfFitsOr(root))
    }

    /// Reads only the solved positions of a checkpoint (all checked), to
    /// seed a search of another position, or to merge them into a search
    /// taken up from its own checkpoint: the file's tree is passed over
    /// whatever its size, and its count of nodes over every sitting is not
    /// taken (it belongs to the search that wrote it). The solver's own
    /// tree, if it has one, is kept, and its open nodes that the table now
    /// answers are settled at once (`settled` in the answer), with the
    /// nodes above them. (Its path-dependent disproofs and estimates join
    /// the solver's too.)
    pub fn load_checkpoint_solved(
        &mut self,
        path: &Path,
    ) -> Result<CheckpointInfo<B>, CheckpointError> {
        self.load_checkpoint_with(path, TreeUse::Skip)
    }

    fn load_checkpoint_with(
        &mut self,
        path: &Path,
        tree_use: TreeUse<'_, B>,
    ) -> Result<CheckpointInfo<B>, CheckpointError> {
        let start = Instant::now();
        let mut skipped = None;
        let read = self.read_checkpoint(path, tree_use, &mut skipped);
        if read.is_err() {
            self.table.clear();
            self.conditional.clear();
            self.estimates.clear();
            self.tree.clear();
            self.tree_goal = None;
        }
        let (header, bytes) = read?;
        let settled = if matches!(tree_use, TreeUse::Skip) {
            self.settle_tree_from_table()
        } else {
            0
        };
        Ok(CheckpointInfo {
            solved: header.solved as usize,
            solved_held: self.table.len(),
            tree_nodes: self.tree.len(),
            path_dependent: header.path_dependent as usize,
            estimates: header.estimates as usize,
            tree_root: self
                .tree
                .first()
                .map(|t| (t.node().pos, self.tree_goal.expect("a tree has a goal"))),
            tree_skipped: skipped,
            settled,
            total_nodes: self.total_nodes,
            bytes,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    /// Reads the file into the solver; a tree passed over (`tree_use`) is
    /// told in `skipped`: its root, goal and size.
    fn read_checkpoint(
        &mut self,
        path: &Path,
        tree_use: TreeUse<'_, B>,
        skipped: &mut Option<SkippedTree<B>>,
    ) -> Result<(CheckpointHeader, u64), CheckpointError> {
        let root = match tree_use {
            TreeUse::KeepIfFitsOr(root) => Some(root),
            _ => None,
        };
        let io_err = |source| CheckpointError::Io {
            path: path.to_owned(),
            source,
        };
        let corrupt = |what: &str| CheckpointError::Corrupt {
            path: path.to_owned(),
            what: what.to_owned(),
        };
        // Reading past the end is a damaged file, not an I/O failure; so
        // is a body that does not decompress.
        let short = |e: io::Error, what: &str| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                corrupt(&format!("ends in the middle of {what}"))
            } else {
                io_err(e)
            }
        };
        let body_err = |e: io::Error, what: &str| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                corrupt(&format!("ends in the middle of {what}"))
            } else {
                corrupt(&format!("{what} do not decompress: {e}"))
            }
        };
        let file = File::open(path).map_err(io_err)?;
        let bytes = file.metadata().map_err(io_err)?.len();
        let mut input = BufReader::with_capacity(1 << 20, file);
        let header = read_header(&mut input, path, &self.checkpoint_header(0))?;
        let too_big = || CheckpointError::TooBig {
            path: path.to_owned(),
            nodes: header.tree_nodes,
            room: self.max_nodes,
        };
        // A tree that does not fit is refused before anything is read,
        // unless it may turn out to be another position's, which its first
        // record (the root) tells.
        let seed = matches!(tree_use, TreeUse::Skip);
        let skip_tree = seed || header.tree_nodes > self.max_nodes as u64;
        if skip_tree && matches!(tree_use, TreeUse::Keep) {
            return Err(too_big());
        }
        let goal = color_of(header.tree_goal).ok_or_else(|| corrupt("unknown tree goal"))?;
        let decoder = zstd::Decoder::with_buffer(input)
            .map_err(io_err)?
            .single_frame();
        let mut body = HashReader::new(decoder);
        let points = self.geo.board.points();
        let nb = node_bytes::<B>();
        let mut rec = vec![0u8; nb + 40];
        self.table
            .reserve(self.table.len().saturating_add(header.solved as usize));
        for _ in 0..header.solved {
            let rec = &mut rec[..nb + 21];
            body.read_exact(rec)
                .map_err(|e| body_err(e, "the solved positions"))?;
            let mut f = Fields(rec);
            let node = f.node::<B>(points).map_err(|e| corrupt(&e))?;
            let attacker = color_of(f.u8()).ok_or_else(|| corrupt("unknown attacker"))?;
            let entry = Entry {
                pn: f.u64(),
                dn: f.u64(),
                work: f.u32(),
            };
            if !entry.solved() {
                return Err(corrupt("an unsolved position among the solved"));
            }
            self.table.put(&node, attacker, entry);
        }
        if header.tree_nodes > 0 && self.tree.capacity() == 0 && !skip_tree {
            crate::hugepages::reserve_exact(&mut self.tree, self.max_nodes);
        }
        // A tree passed over leaves the solver's own as it was: solved
        // positions merged into a search taken up from its checkpoint.
        if !skip_tree {
            self.tree.clear();
        }
        let n = header.tree_nodes;
        for i in 0..n {
            let rec = &mut rec[..nb + 36];
            body.read_exact(rec)
                .map_err(|e| body_err(e, "the search tree nodes"))?;
            let mut f = Fields(rec);
            let node = f.node::<B>(points).map_err(|e| corrupt(&e))?;
            let (pn, dn) = (f.u64(), f.u64());
            let (parent, first, count) = (f.u32(), f.u32(), f.u32());
            let (depth, dep) = (f.u32(), f.u32());
            if depth > MAX_DEPTH || (dep != NO_DEP && dep > MAX_DEPTH) {
                return Err(corrupt(&format!(
                    "tree node {i} is {depth} plies deep, past the {MAX_DEPTH} a tree may be"
                )));
            }
            let mut t = TreeNode::new(node, (pn, dn), parent, depth, dep);
            t.first = first;
            t.count = count;
            let i = i as u32;
            // The shape the search relies on: the root first, every other
            // node among its parent's children, children after their
            // parent and side by side within the tree.
            let placed = if i == 0 {
                t.parent == NONE && t.depth() == 0
            } else {
                self.tree.get(t.parent as usize).is_some_and(|p| {
                    p.first <= i && i < p.first + p.count && t.depth() == p.depth() + 1
                })
            };
            let kids = if t.first == NONE {
                t.count == 0
            } else {
                t.first > i && t.count > 0 && t.first as u64 + t.count as u64 <= n
            };
            if skip_tree {
                // Only the root is looked at; the checksum still covers
                // every record.
                if i == 0 {
                    if Some(&t.node().pos) == root {
                        return Err(too_big());
                    }
                    *skipped = Some(SkippedTree {
                        root: t.node().pos,
                        goal,
                        nodes: n,
                    });
                }
                continue;
            }
            if !placed || !kids {
                return Err(corrupt(&format!("tree node {i} is out of place")));
            }
            self.tree.push(t);
        }
        let mut stretch = Vec::new();
        let mut at = vec![0u8; nb];
        for i in 0..header.path_dependent {
            let rec = &mut rec[..nb + 9];
            body.read_exact(rec)
                .map_err(|e| body_err(e, "the path-dependent disproofs"))?;
            let mut f = Fields(rec);
            let node = f.node::<B>(points).map_err(|e| corrupt(&e))?;
            let attacker = color_of(f.u8()).ok_or_else(|| corrupt("unknown attacker"))?;
            let (work, len) = (f.u32(), f.u32());
            if len == 0 || len > MAX_DEPTH {
                return Err(corrupt(&format!(
                    "path-dependent disproof {i} rests on {len} positions"
                )));
            }
            stretch.clear();
            for _ in 0..len {
                body.read_exact(&mut at)
                    .map_err(|e| body_err(e, "the path-dependent disproofs"))?;
                let x = Fields(&at).node::<B>(points).map_err(|e| corrupt(&e))?;
                stretch.push((x, x.pos.stone_count()));
            }
            self.conditional.put_new(&node, attacker, &stretch, work);
        }
        for _ in 0..header.estimates {
            let rec = &mut rec[..nb + 9];
            body.read_exact(rec)
                .map_err(|e| body_err(e, "the estimates"))?;
            let mut f = Fields(rec);
            let node = f.node::<B>(points).map_err(|e| corrupt(&e))?;
            let attacker = color_of(f.u8()).ok_or_else(|| corrupt("unknown attacker"))?;
            let (pn, dn) = (f.u32(), f.u32());
            if pn == 0 || dn == 0 {
                return Err(corrupt("a solved position among the estimates"));
            }
            self.estimates.put(&node, attacker, pn as u64, dn as u64);
        }
        let mut rest = [0u8; 1];
        if body
            .read(&mut rest)
            .map_err(|e| body_err(e, "the records"))?
            != 0
        {
            return Err(corrupt("more records than the header counts"));
        }
        let digest = body.hash.digest();
        let mut input = body.inner.finish();
        let mut sum = [0u8; 8];
        input
            .read_exact(&mut sum)
            .map_err(|e| short(e, "the body checksum"))?;
        if u64::from_le_bytes(sum) != digest {
            return Err(corrupt("body checksum differs"));
        }
        if input.fill_buf().map_err(io_err)?.is_empty() {
            if !skip_tree {
                let n = self.tree.len();
                self.tree_goal = (n > 0).then_some(goal);
                self.tree_read = n > 0;
                if n > 0 {
                    self.attacker = goal;
                    self.cuts = header.cuts;
                }
            }
            if !seed {
                self.total_nodes = self.total_nodes.max(header.total_nodes);
            }
            Ok((header, bytes))
        } else {
            Err(corrupt("bytes after the body checksum"))
        }
    }
}
