//! The table file: one material class of one board under one rule set.
//!
//! Layout (all integers little-endian; see `db/FORMAT.md`):
//!
//! ```text
//! magic            8 bytes  "FANORONA"
//! header_len       u32
//! header           header_len bytes, bincode 2 (standard config) TableHeader
//! header_xxh3      u64      xxh3-64 of the header bytes
//! offsets          (block_count + 1) x u64: where each block starts,
//!                  counted from the first byte after the index section;
//!                  the last is the total length of the blocks
//! block_xxh3       block_count x u64: xxh3-64 of each compressed block
//! index_xxh3       u64      xxh3-64 of offsets and block_xxh3
//! blocks           each a zstd frame of block_entries values
//!                  (the last may be shorter), value_width bytes each
//! ```
//!
//! A value is a code: 0 draw, `2n - 1` a win in n plies, `2n + 2` a loss in
//! n plies, for the side to move.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use bincode::{Decode, Encode};
use memmap2::Mmap;
use xxhash_rust::xxh3::xxh3_64;

use crate::fxhash::FxBuild;
use crate::index::MaterialClass;
use crate::rules::{Continuation, Diagonals, Rules, Stalemate};
use crate::value::Value;

/// The first 8 bytes of every table file.
pub const MAGIC: &[u8; 8] = b"FANORONA";
/// The table format version this code reads and writes; a file of another
/// is refused ([`TableError::Version`]).
pub const FORMAT_VERSION: u32 = 1;
/// The index scheme of [`crate::index`], recorded so a change is noticed.
pub const INDEX_SCHEME: u32 = 1;
/// zstd level: 9 compresses these tables nearly as well as 19 at a
/// fraction of the time.
const ZSTD_LEVEL: i32 = 9;
/// Values per compressed block.
pub const BLOCK_ENTRIES: u32 = 1 << 13;

/// Encodes a value as a table code.
#[inline]
pub fn encode(v: Value) -> u16 {
    match v {
        Value::Draw => 0,
        Value::Win(n) => 2 * n - 1,
        Value::Loss(n) => 2 * n + 2,
    }
}

/// Decodes a table code.
#[inline]
pub fn decode(code: u16) -> Value {
    match code {
        0 => Value::Draw,
        c if c % 2 == 1 => Value::Win(c.div_ceil(2)),
        c => Value::Loss(c / 2 - 1),
    }
}

/// What a table file says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct TableHeader {
    /// The format version the file was written in ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// Columns of the board the table is stored under (never fewer than
    /// `rows`: a tall board uses its wide transpose's tables).
    pub cols: u8,
    /// Rows of that board.
    pub rows: u8,
    /// 0 corner, 1 center.
    pub diagonals: u8,
    /// 0 free, 1 forced.
    pub continuation: u8,
    /// 0 loss, 1 draw.
    pub stalemate: u8,
    /// Whether the sacrifice move is on.
    pub sacrifice: bool,
    /// Stones of the side to move in the table's class.
    pub class_mover: u8,
    /// Stones of the other side in the table's class, the sacrificed
    /// block among them.
    pub class_other: u8,
    /// Whether the class is a block class: one of the other side's stones
    /// is the sacrificed block.
    pub class_block: bool,
    /// The position index scheme the values are laid out by
    /// ([`INDEX_SCHEME`]).
    pub index_scheme: u32,
    /// Number of values: the class's indices, canonical or not
    /// ([`crate::index::ClassIndexer::size`]).
    pub entries: u64,
    /// Bytes per value: 1 or 2.
    pub value_width: u8,
    /// Entries won for the side to move.
    pub wins: u64,
    /// Entries drawn.
    pub draws: u64,
    /// Entries lost for the side to move.
    pub losses: u64,
    /// The longest distance in plies.
    pub longest: u16,
    /// Values per compressed block, the last block holding fewer
    /// ([`BLOCK_ENTRIES`] as builds write them; readers take the
    /// header's).
    pub block_entries: u32,
    /// Number of blocks: `entries` divided by `block_entries`, rounded up.
    pub block_count: u32,
}

impl TableHeader {
    /// The header of a table of `class` on a `cols` x `rows` board under
    /// `rules`, in the current format and index scheme with blocks of
    /// [`BLOCK_ENTRIES`] values; [`write_table`] fills in the entries,
    /// counts, value width and number of blocks.
    pub fn new(cols: usize, rows: usize, rules: &Rules, class: MaterialClass) -> TableHeader {
        TableHeader {
            format_version: FORMAT_VERSION,
            cols: cols as u8,
            rows: rows as u8,
            diagonals: rules.diagonals.code(),
            continuation: rules.continuation.code(),
            stalemate: rules.stalemate.code(),
            sacrifice: rules.sacrifice,
            class_mover: class.mover,
            class_other: class.other,
            class_block: class.block,
            index_scheme: INDEX_SCHEME,
            entries: 0,
            value_width: 1,
            wins: 0,
            draws: 0,
            losses: 0,
            longest: 0,
            block_entries: BLOCK_ENTRIES,
            block_count: 0,
        }
    }

    /// The rules the table was built for (first player and move limit at
    /// their defaults: they do not change table values).
    pub fn rules(&self) -> Rules {
        Rules {
            // Any code but 1 reads as the default, as it always has.
            diagonals: Diagonals::from_code(self.diagonals).unwrap_or_default(),
            continuation: Continuation::from_code(self.continuation).unwrap_or_default(),
            stalemate: Stalemate::from_code(self.stalemate).unwrap_or_default(),
            sacrifice: self.sacrifice,
            ..Rules::default()
        }
    }

    /// The material class the table holds.
    pub fn class(&self) -> MaterialClass {
        MaterialClass::new(self.class_mover, self.class_other, self.class_block)
    }

    /// Whether the table was built for these rules (the first player and
    /// the move limit do not change table values).
    pub fn same_rules(&self, other: &TableHeader) -> bool {
        (
            self.cols,
            self.rows,
            self.diagonals,
            self.continuation,
            self.stalemate,
            self.sacrifice,
        ) == (
            other.cols,
            other.rows,
            other.diagonals,
            other.continuation,
            other.stalemate,
            other.sacrifice,
        )
    }

    /// The board and rules in words, for messages: `5x3 diagonals corner,
    /// continuation free, stalemate loss, sacrifice off` (`?` for a code
    /// no rule has).
    pub fn rules_text(&self) -> String {
        format!(
            "{}x{} diagonals {}, continuation {}, stalemate {}, sacrifice {}",
            self.cols,
            self.rows,
            ["corner", "center"]
                .get(self.diagonals as usize)
                .unwrap_or(&"?"),
            ["free", "forced"]
                .get(self.continuation as usize)
                .unwrap_or(&"?"),
            ["loss", "draw"]
                .get(self.stalemate as usize)
                .unwrap_or(&"?"),
            if self.sacrifice { "on" } else { "off" }
        )
    }
}

/// Why a table could not be read.
#[derive(Debug)]
pub enum TableError {
    /// Opening, mapping, reading, writing or renaming the file failed.
    Io {
        /// The file (or, listing a folder, the folder).
        path: PathBuf,
        /// What the system said.
        err: io::Error,
    },
    /// The file is damaged: truncated, a checksum differs, a block does not
    /// decompress. Also an index past the table's entries, and a table or
    /// WDL file asked to be written with values that do not fit its header
    /// (too many blocks for a `u32`, blocks below [`MIN_BLOCK_ENTRIES`],
    /// counts that do not add up).
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong, in words.
        what: String,
    },
    /// The file was written by another format version or index scheme.
    Version {
        /// The file.
        path: PathBuf,
        /// Which of the two differs: `"format version"` or `"index
        /// scheme"`.
        what: &'static str,
        /// The number its header gives.
        found: u32,
        /// The number this program reads.
        reads: u32,
    },
    /// The file was built for other rules, board or class.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The board, rules and class its header gives, in words.
        found: String,
        /// The board, rules and class that were asked for, in words.
        wanted: String,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, err } => write!(f, "{}: {err}", path.display()),
            TableError::Corrupt { path, what } => {
                // (A WDL file's damage was said of a table.)
                let file = if path.extension().is_some_and(|x| x == "fnw") {
                    "WDL file"
                } else {
                    "table"
                };
                write!(f, "{}: {file} is corrupt: {what}", path.display())
            }
            TableError::Version {
                path,
                what,
                found,
                reads,
            } => write!(
                f,
                "{}: {what} {found}, this program reads {reads}: rebuild it",
                path.display()
            ),
            TableError::Mismatch {
                path,
                found,
                wanted,
            } => write!(
                f,
                "{}: built for {found}, but {wanted} was asked for",
                path.display()
            ),
        }
    }
}

impl std::error::Error for TableError {}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
}

/// Writes a table to `path` through a temporary file that is renamed into
/// place once complete and flushed, so a killed build never leaves a
/// partial table under the real name. Fills in the header's statistics;
/// blocks of the header's `block_entries` values (0: [`BLOCK_ENTRIES`]).
pub fn write_table<C: Copy + Into<u16> + Sync>(
    path: &Path,
    mut header: TableHeader,
    values: &[C],
) -> Result<TableHeader, TableError> {
    let (mut wins, mut draws, mut losses, mut longest, mut max_code) = (0u64, 0u64, 0u64, 0u16, 0);
    for &c in values {
        let c: u16 = c.into();
        max_code = max_code.max(c);
        match decode(c) {
            Value::Win(n) => {
                wins += 1;
                longest = longest.max(n);
            }
            Value::Draw => draws += 1,
            Value::Loss(n) => {
                losses += 1;
                longest = longest.max(n);
            }
        }
    }
    let width: usize = if max_code <= u8::MAX as u16 { 1 } else { 2 };
    header.entries = values.len() as u64;
    header.value_width = width as u8;
    header.wins = wins;
    header.draws = draws;
    header.losses = losses;
    header.longest = longest;
    if header.block_entries == 0 {
        header.block_entries = BLOCK_ENTRIES;
    }
    header.block_count = block_count(path, header.entries, header.block_entries)?;

    use rayon::prelude::*;
    let mut w = BlockWriter::create(path, &header)?;
    // A batch of blocks compressed in parallel at a time, written in
    // order: the compressed table is never all in memory at once.
    let batch = WRITE_BATCH_BLOCKS * header.block_entries as usize;
    for values in values.chunks(batch) {
        let blocks: Vec<Vec<u8>> = values
            .par_chunks(header.block_entries as usize)
            .map(|chunk| {
                let raw: Vec<u8> = if width == 1 {
                    chunk.iter().map(|&c| c.into() as u8).collect()
                } else {
                    chunk.iter().flat_map(|&c| c.into().to_le_bytes()).collect()
                };
                compress_block(&raw)
            })
            .collect();
        for b in &blocks {
            w.push(b)?;
        }
    }
    w.finish()?;
    Ok(header)
}

/// Blocks [`write_table`] compresses together before writing them: enough
/// to keep every thread busy, few enough to hold (8 million codes,
/// a few MB compressed).
const WRITE_BATCH_BLOCKS: usize = 1024;

/// The fewest values a block may hold ([`repack_table`]): below it the
/// index outweighs the blocks.
pub const MIN_BLOCK_ENTRIES: u32 = 64;

/// The number of blocks of `block_entries` values that `entries` take,
/// refused when it does not fit the header's `u32` (or a block is empty).
fn block_count(path: &Path, entries: u64, block_entries: u32) -> Result<u32, TableError> {
    let n = entries.div_ceil(block_entries.max(1) as u64);
    match u32::try_from(n) {
        Ok(n) if block_entries > 0 => Ok(n),
        _ => Err(TableError::Corrupt {
            path: path.to_path_buf(),
            what: format!("{entries} entries in blocks of {block_entries}: too many blocks"),
        }),
    }
}

fn compress_block(raw: &[u8]) -> Vec<u8> {
    zstd::bulk::compress(raw, ZSTD_LEVEL).expect("zstd compresses in memory")
}

/// Maps a `what` file (`table`, `WDL`) into memory.
pub(crate) fn map_file(path: &Path, what: &str) -> Result<Mmap, TableError> {
    let io_err = |err| TableError::Io {
        path: path.to_path_buf(),
        err,
    };
    // A folder opens, and its mapping failed as "No such device (os error
    // 19)", which names no cause; a named pipe's opening waits for a
    // writer for ever (info, verify and build hung on one). Looked at
    // first (a look does not open it), through links.
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            return Err(io_err(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                format!("a folder, not a {what} file"),
            )));
        }
        Ok(m) if !m.is_file() => {
            return Err(io_err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("not a regular file (a pipe or a device), not a {what} file"),
            )));
        }
        _ => {}
    }
    let file = File::open(path).map_err(io_err)?;
    // SAFETY: tables and WDL files are written once and renamed into
    // place; nothing writes to a finished file while it is mapped.
    unsafe { Mmap::map(&file) }.map_err(io_err)
}

/// A file being written under a temporary name, removed when dropped
/// unless [`seal_framed`] put it in place: a write that fails half-way
/// leaves nothing behind (a full disk left a 720 KB `3v4.fnt.tmp` on it).
pub(crate) struct TmpFile(Option<PathBuf>);

impl TmpFile {
    /// Its path.
    pub(crate) fn path(&self) -> &Path {
        self.0.as_deref().expect("held until put in place")
    }
}

impl Drop for TmpFile {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Starts a file of the table or WDL layout at `tmp`: the magic, the
/// header's length, the header and its checksum. Returns the file, the
/// offset where the header section ends, and `tmp` as a [`TmpFile`].
pub(crate) fn create_framed(
    path: &Path,
    tmp: &Path,
    magic: &[u8; 8],
    header_bytes: &[u8],
) -> Result<(io::BufWriter<File>, u64, TmpFile), TableError> {
    let io_err = |err| TableError::Io {
        path: path.to_path_buf(),
        err,
    };
    let mut file = io::BufWriter::new(File::create(tmp).map_err(io_err)?);
    let tmp = TmpFile(Some(tmp.to_path_buf()));
    file.write_all(magic).map_err(io_err)?;
    file.write_all(&(header_bytes.len() as u32).to_le_bytes())
        .map_err(io_err)?;
    file.write_all(header_bytes).map_err(io_err)?;
    file.write_all(&xxh3_64(header_bytes).to_le_bytes())
        .map_err(io_err)?;
    Ok((file, (magic.len() + 4 + header_bytes.len() + 8) as u64, tmp))
}

/// Ends a file [`create_framed`] began: writes `index` and its checksum at
/// `index_at` (the room left for them), flushes the file to disk and
/// renames `tmp` to `path` (on an error `tmp` is removed).
pub(crate) fn seal_framed(
    file: io::BufWriter<File>,
    path: &Path,
    mut tmp: TmpFile,
    index_at: u64,
    index: &[u8],
) -> Result<(), TableError> {
    use std::io::{Seek, SeekFrom};
    let io_err = |err| TableError::Io {
        path: path.to_path_buf(),
        err,
    };
    let mut file = file.into_inner().map_err(|e| io_err(e.into_error()))?;
    file.seek(SeekFrom::Start(index_at)).map_err(io_err)?;
    file.write_all(index).map_err(io_err)?;
    file.write_all(&xxh3_64(index).to_le_bytes())
        .map_err(io_err)?;
    file.sync_all().map_err(io_err)?;
    drop(file);
    std::fs::rename(tmp.path(), path).map_err(io_err)?;
    tmp.0 = None;
    Ok(())
}

/// Reads the start of a file [`create_framed`] wrote: checks the magic
/// (`what` names the kind of file when it is wrong) and the header's
/// checksum, and returns the header's bytes and the offset after its
/// checksum.
pub(crate) fn read_framed<'a>(
    path: &Path,
    bytes: &'a [u8],
    magic: &[u8; 8],
    what: &str,
) -> Result<(&'a [u8], usize), TableError> {
    let corrupt = |what: String| TableError::Corrupt {
        path: path.to_path_buf(),
        what,
    };
    if bytes.len() < 12 || &bytes[..8] != magic {
        return Err(corrupt(format!("not a {what} (bad magic or too short)")));
    }
    let hlen = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let at = 12;
    if bytes.len() < at + hlen + 8 {
        // (Either the file was cut short, or the length itself is damaged.)
        return Err(corrupt(format!(
            "its header should take {} bytes but the file has {}: truncated, or its header's \
             length damaged",
            at + hlen + 8,
            bytes.len()
        )));
    }
    let hbytes = &bytes[at..at + hlen];
    let hsum = u64::from_le_bytes(bytes[at + hlen..at + hlen + 8].try_into().unwrap());
    if xxh3_64(hbytes) != hsum {
        return Err(corrupt("header checksum differs".into()));
    }
    Ok((hbytes, at + hlen + 8))
}

/// Writes a table file block by block, so that a table need not be held
/// compressed in memory all at once ([`repack_table`] streams tables of
/// billions of values): the header first, then room for the block index,
/// the blocks as they come, and last the index written into its room.
/// The file is a temporary one renamed into place by
/// [`BlockWriter::finish`].
struct BlockWriter {
    path: PathBuf,
    file: io::BufWriter<File>,
    /// Dropped after `file` (fields drop in order): closed, then removed.
    tmp: TmpFile,
    /// Where the index goes.
    index_at: u64,
    block_count: u32,
    /// Offsets (from the end of the index section) so far, and the blocks'
    /// checksums.
    offsets: Vec<u64>,
    checksums: Vec<u64>,
}

impl BlockWriter {
    fn create(path: &Path, header: &TableHeader) -> Result<BlockWriter, TableError> {
        let header_bytes =
            bincode::encode_to_vec(header, bincode_config()).expect("header encodes");
        let (mut file, index_at, tmp) =
            create_framed(path, &path.with_extension("fnt.tmp"), MAGIC, &header_bytes)?;
        let nb = header.block_count as usize;
        // Room for the offsets, the block checksums and the index's own.
        file.write_all(&vec![0u8; (2 * nb + 1) * 8 + 8])
            .map_err(|err| TableError::Io {
                path: path.to_path_buf(),
                err,
            })?;
        Ok(BlockWriter {
            path: path.to_path_buf(),
            tmp,
            file,
            index_at,
            block_count: header.block_count,
            offsets: vec![0],
            checksums: Vec::with_capacity(nb),
        })
    }

    fn io_err(&self, err: io::Error) -> TableError {
        TableError::Io {
            path: self.path.clone(),
            err,
        }
    }

    fn push(&mut self, block: &[u8]) -> Result<(), TableError> {
        self.file.write_all(block).map_err(|e| self.io_err(e))?;
        let end = self.offsets.last().expect("starts with 0") + block.len() as u64;
        self.offsets.push(end);
        self.checksums.push(xxh3_64(block));
        Ok(())
    }

    /// Writes the index and puts the file in place, flushed.
    fn finish(self) -> Result<(), TableError> {
        assert_eq!(
            self.checksums.len(),
            self.block_count as usize,
            "every block of the header written"
        );
        let mut index = Vec::with_capacity((self.offsets.len() + self.checksums.len()) * 8);
        for x in self.offsets.iter().chain(&self.checksums) {
            index.extend_from_slice(&x.to_le_bytes());
        }
        seal_framed(self.file, &self.path, self.tmp, self.index_at, &index)
    }
}

/// Writes `src` again at `dst` in blocks of `block_entries` values, the
/// values and statistics unchanged: a table's block size trades disk for
/// probing speed (a block-cache miss decompresses a whole block, to read
/// one value; `experiments/table_blocks/`). Streams the table a batch of
/// blocks at a time, every block checked as it is read. `dst` may be
/// `src`'s own path: the new file replaces it whole when done (a mapping
/// of the old one stays valid). `progress` hears of the values written,
/// and stops the repack by answering `Break`: then nothing is written
/// (the half-written file is removed, `dst` left as it was) and the
/// answer is `Ok(None)`. An error also leaves `dst` as it was.
pub fn repack_table(
    src: &TableFile,
    dst: &Path,
    block_entries: u32,
    progress: impl FnMut(u64) -> ControlFlow<()>,
) -> Result<Option<TableHeader>, TableError> {
    let width = src.header.value_width.max(1) as usize;
    // About 32 MiB of values decompressed a batch.
    let per_batch = ((32usize << 20) / (src.header.block_entries.max(1) as usize * width)).max(1);
    // (A half-written file goes with its writer's `TmpFile`; `dst`'s own
    // name is only ever written by the final rename.)
    repack_in_batches(src, dst, block_entries, per_batch as u32, progress)
}

/// [`repack_table`], reading `per_batch` blocks of `src` at a time.
fn repack_in_batches(
    src: &TableFile,
    dst: &Path,
    block_entries: u32,
    per_batch: u32,
    mut progress: impl FnMut(u64) -> ControlFlow<()>,
) -> Result<Option<TableHeader>, TableError> {
    use rayon::prelude::*;
    if block_entries < MIN_BLOCK_ENTRIES {
        return Err(TableError::Corrupt {
            path: dst.to_path_buf(),
            what: format!("blocks of {block_entries} values: at least {MIN_BLOCK_ENTRIES}"),
        });
    }
    let mut header = src.header.clone();
    header.block_entries = block_entries;
    header.block_count = block_count(dst, header.entries, block_entries)?;
    let width = header.value_width as usize;
    let out_block = block_entries as usize * width;
    let mut w = BlockWriter::create(dst, &header)?;
    let mut pending: Vec<u8> = Vec::new();
    let mut done = 0u64;
    let mut b = 0u32;
    while b < src.header.block_count {
        let end = (b + per_batch).min(src.header.block_count);
        let raws: Vec<Vec<u8>> = (b..end)
            .into_par_iter()
            .map(|i| src.read_block(i))
            .collect::<Result<_, _>>()?;
        for r in raws {
            pending.extend_from_slice(&r);
        }
        let last = end == src.header.block_count;
        let whole = if last {
            pending.len()
        } else {
            pending.len() / out_block * out_block
        };
        let blocks: Vec<Vec<u8>> = pending[..whole]
            .par_chunks(out_block)
            .map(compress_block)
            .collect();
        for block in &blocks {
            w.push(block)?;
        }
        pending.drain(..whole);
        done += (whole / width) as u64;
        if progress(done).is_break() {
            return Ok(None);
        }
        b = end;
    }
    w.finish()?;
    Ok(Some(header))
}

/// An open, memory-mapped table whose header and index were checked.
#[derive(Debug)]
pub struct TableFile {
    /// Where the file was opened from.
    pub path: PathBuf,
    /// The file's header, checked.
    pub header: TableHeader,
    map: Mmap,
    /// Where the blocks start in the file.
    data_start: usize,
    offsets: Vec<u64>,
    checksums: Vec<u64>,
    /// Unique id for cache keys.
    id: u64,
    /// Bytes on disk.
    pub file_len: u64,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// One reusable zstd decompressor per thread.
    static DECOMPRESSOR: RefCell<Option<zstd::bulk::Decompressor<'static>>> = const { RefCell::new(None) };
}

/// A cache of decompressed blocks shared by all tables, bounded in bytes.
/// Eviction is CLOCK (second chance): a block read since the hand last
/// passed it goes round again, so the blocks a search keeps coming back to
/// (the small classes every capture line ends in) stay while the ones
/// read once go, at the cost of one flag per block. Plain first in, first
/// out dropped those hot blocks once per round of the cache.
#[derive(Default)]
struct BlockCache {
    map: HashMap<(u64, u32), CachedBlock, FxBuild>,
    /// The clock: the next block the hand looks at is in front.
    order: std::collections::VecDeque<(u64, u32)>,
    /// Bytes of the blocks held.
    bytes: usize,
    /// Look-ups answered from the cache, and blocks read and decompressed.
    hits: u64,
    misses: u64,
}

struct CachedBlock {
    /// Held directly, not behind an `Arc`: a hit reads its code under the
    /// lock, so it waits for two cache lines from memory (the map's slot,
    /// then the code), not three and an atomic count.
    data: Box<[u8]>,
    /// Read since the hand last passed.
    used: bool,
}

static CACHE: Mutex<Option<BlockCache>> = Mutex::new(None);

/// Empties the shared cache of decompressed blocks (for measuring cold
/// probes).
pub fn clear_block_cache() {
    *CACHE.lock().expect("cache lock") = None;
}
/// The default bound on the bytes of decompressed blocks the cache holds,
/// enough for a search over tables of up to 7 stones: from 2 MiB to 256
/// MiB cut the CPU time of a 9x5 search of 3 million nodes with the
/// 7-stone tables from 15.6 s to 12.5-13.6 s; 512 MiB did no better. Big
/// tables want more ([`set_block_cache_bytes`]).
pub const DEFAULT_BLOCK_CACHE_BYTES: usize = 256 << 20;

static CACHE_LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_BLOCK_CACHE_BYTES);

/// Bounds the bytes of decompressed blocks the shared cache holds (at
/// least one block is always kept). A search over the 8-stone tables of
/// 9x5 (7.3 GB compressed, several times that decompressed) probes blocks
/// all over them: with a 3 GiB cache it took 1.7 times less CPU than with
/// 256 MiB (`experiments/nine_by_five/`). Blocks over a lowered bound are
/// dropped at once.
pub fn set_block_cache_bytes(bytes: usize) {
    CACHE_LIMIT.store(bytes, Ordering::Relaxed);
    if let Some(cache) = CACHE.lock().expect("cache lock").as_mut() {
        cache.shrink_to(bytes);
    }
}

/// The bound on the bytes of decompressed blocks the shared cache holds.
pub fn block_cache_bytes() -> usize {
    CACHE_LIMIT.load(Ordering::Relaxed)
}

/// Bytes of decompressed blocks the shared cache holds now.
pub fn block_cache_held() -> usize {
    CACHE
        .lock()
        .expect("cache lock")
        .as_ref()
        .map_or(0, |c| c.bytes)
}

/// Look-ups of table blocks since the start: (answered by the cache,
/// read and decompressed).
pub fn block_cache_stats() -> (u64, u64) {
    CACHE
        .lock()
        .expect("cache lock")
        .as_ref()
        .map_or((0, 0), |c| (c.hits, c.misses))
}

impl BlockCache {
    /// Drops blocks until at most `bytes` are held: the hand drops the
    /// first one not read since it last passed, clearing the flags of
    /// those that were (two rounds at most).
    fn shrink_to(&mut self, bytes: usize) {
        while self.bytes > bytes
            && let Some(key) = self.order.pop_front()
        {
            match self.map.get_mut(&key) {
                Some(b) if b.used => {
                    b.used = false;
                    self.order.push_back(key);
                }
                Some(_) => {
                    let gone = self.map.remove(&key).expect("present");
                    self.bytes -= gone.data.len();
                }
                None => {}
            }
        }
    }
}

impl TableFile {
    /// Opens a table and checks its magic, version, header and index
    /// checksums and length. Blocks are checked when first read.
    pub fn open(path: &Path) -> Result<TableFile, TableError> {
        let p = || path.to_path_buf();
        let corrupt = |what: &str| TableError::Corrupt {
            path: p(),
            what: what.to_string(),
        };
        let map = map_file(path, "table")?;
        let bytes: &[u8] = &map;
        let (hbytes, at) = read_framed(path, bytes, MAGIC, "fanorona table")?;
        let (header, _): (TableHeader, usize) =
            bincode::decode_from_slice(hbytes, bincode_config())
                .map_err(|e| corrupt(&format!("header does not decode: {e}")))?;
        check_version(
            path,
            header.format_version,
            FORMAT_VERSION,
            header.index_scheme,
        )?;
        let nb = header.block_count as usize;
        let index_len = (2 * nb + 1) * 8;
        if bytes.len() < at + index_len + 8 {
            return Err(corrupt("truncated in the block index"));
        }
        let index = &bytes[at..at + index_len];
        let isum = u64::from_le_bytes(
            bytes[at + index_len..at + index_len + 8]
                .try_into()
                .unwrap(),
        );
        if xxh3_64(index) != isum {
            return Err(corrupt("block index checksum differs"));
        }
        let words: Vec<u64> = index
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let offsets = words[..nb + 1].to_vec();
        let checksums = words[nb + 1..].to_vec();
        let data_start = at + index_len + 8;
        let expected_len = data_start as u64 + offsets[nb];
        if bytes.len() as u64 != expected_len {
            return Err(corrupt(&format!(
                "length {} bytes, expected {expected_len}",
                bytes.len()
            )));
        }
        let expected_blocks = header.entries.div_ceil(header.block_entries as u64);
        if expected_blocks != nb as u64 || !(1..=2).contains(&header.value_width) {
            return Err(corrupt("header counts are inconsistent"));
        }
        Ok(TableFile {
            path: p(),
            file_len: bytes.len() as u64,
            header,
            map,
            data_start,
            offsets,
            checksums,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        })
    }

    /// Decompresses one block after checking its checksum.
    fn read_block(&self, b: u32) -> Result<Vec<u8>, TableError> {
        let corrupt = |what: String| TableError::Corrupt {
            path: self.path.clone(),
            what,
        };
        let (lo, hi) = (
            self.offsets[b as usize] as usize,
            self.offsets[b as usize + 1] as usize,
        );
        let comp = &self.map[self.data_start + lo..self.data_start + hi];
        if xxh3_64(comp) != self.checksums[b as usize] {
            return Err(corrupt(format!("block {b} checksum differs")));
        }
        let first = b as u64 * self.header.block_entries as u64;
        let n = (self.header.entries - first).min(self.header.block_entries as u64) as usize;
        let want = n * self.header.value_width as usize;
        let out = DECOMPRESSOR.with(|d| {
            let mut d = d.borrow_mut();
            let d = d
                .get_or_insert_with(|| zstd::bulk::Decompressor::new().expect("zstd decompressor"));
            d.decompress(comp, want)
        });
        let out = out.map_err(|e| corrupt(format!("block {b} does not decompress: {e}")))?;
        if out.len() != want {
            return Err(corrupt(format!(
                "block {b} has {} bytes, expected {want}",
                out.len()
            )));
        }
        Ok(out)
    }

    /// The code at position `i` of a decompressed block.
    fn code_in(&self, block: &[u8], i: usize) -> u16 {
        if self.header.value_width == 1 {
            block[i] as u16
        } else {
            u16::from_le_bytes([block[2 * i], block[2 * i + 1]])
        }
    }

    /// The code at position `i` of block `b`, through the shared cache.
    fn block_code(&self, b: u32, i: usize) -> Result<u16, TableError> {
        let key = (self.id, b);
        {
            let mut guard = CACHE.lock().expect("cache lock");
            let cache = guard.get_or_insert_with(BlockCache::default);
            if let Some(c) = cache.map.get_mut(&key) {
                c.used = true;
                cache.hits += 1;
                return Ok(self.code_in(&c.data, i));
            }
            cache.misses += 1;
        }
        let data = self.read_block(b)?.into_boxed_slice();
        let code = self.code_in(&data, i);
        let mut guard = CACHE.lock().expect("cache lock");
        let cache = guard.get_or_insert_with(BlockCache::default);
        cache.shrink_to(block_cache_bytes().saturating_sub(data.len()));
        let len = data.len();
        let block = CachedBlock { data, used: false };
        if let Some(had) = cache.map.insert(key, block) {
            // Two threads read the same block at once: keep one copy.
            cache.bytes -= had.data.len();
            cache.order.retain(|k| *k != key);
        }
        cache.bytes += len;
        cache.order.push_back(key);
        Ok(code)
    }

    /// Bytes of all the table's blocks decompressed: what it can take of
    /// the block cache.
    pub fn decompressed_bytes(&self) -> u64 {
        self.header.entries * self.header.value_width as u64
    }

    /// The code stored at an index.
    pub fn code(&self, index: u64) -> Result<u16, TableError> {
        if index >= self.header.entries {
            return Err(TableError::Corrupt {
                path: self.path.clone(),
                what: format!("index {index} past the {} entries", self.header.entries),
            });
        }
        let be = self.header.block_entries as u64;
        self.block_code((index / be) as u32, (index % be) as usize)
    }

    /// Checks every block (checksum, size) without keeping the codes.
    pub fn check_blocks(&self) -> Result<(), TableError> {
        self.check_blocks_with(|_| {})
    }

    /// [`TableFile::check_blocks`], calling `done` with each block's
    /// entries once it is checked (from the worker threads: a progress bar
    /// advanced a block at a time).
    pub fn check_blocks_with(&self, done: impl Fn(u64) + Sync) -> Result<(), TableError> {
        use rayon::prelude::*;
        let be = self.header.block_entries as u64;
        (0..self.header.block_count)
            .into_par_iter()
            .try_for_each(|b| {
                self.read_block(b)?;
                done(be.min(self.header.entries - b as u64 * be));
                Ok(())
            })
    }

    /// The codes of block `b`, checked (not through the cache).
    pub fn block_codes(&self, b: u32) -> Result<Vec<u16>, TableError> {
        let raw = self.read_block(b)?;
        let mut codes = vec![0; raw.len() / self.header.value_width as usize];
        self.decode_codes(&raw, &mut codes);
        Ok(codes)
    }

    /// Every code of the table, checking every block.
    pub fn read_all(&self) -> Result<Vec<u16>, TableError> {
        self.read_all_with(|_| {})
    }

    /// [`TableFile::read_all`], calling `done` with each block's entries
    /// once it is in place ([`TableFile::check_blocks_with`]).
    pub fn read_all_with(&self, done: impl Fn(u64) + Sync) -> Result<Vec<u16>, TableError> {
        self.read_all_as(|raw, codes: &mut [u16]| self.decode_codes(raw, codes), done)
    }

    /// Decodes a block's bytes into its codes, one or two bytes each
    /// (little-endian) as the header says.
    fn decode_codes(&self, raw: &[u8], codes: &mut [u16]) {
        if self.header.value_width == 1 {
            for (c, &x) in codes.iter_mut().zip(raw) {
                *c = x as u16;
            }
        } else {
            for (c, x) in codes.iter_mut().zip(raw.chunks_exact(2)) {
                *c = u16::from_le_bytes([x[0], x[1]]);
            }
        }
    }

    /// Every code of a table of one-byte codes, as bytes: half the memory
    /// of [`TableFile::read_all`]. `None` for a table of two-byte codes.
    pub fn read_all_narrow(&self) -> Result<Option<Vec<u8>>, TableError> {
        self.read_all_narrow_with(|_| {})
    }

    /// [`TableFile::read_all_narrow`], calling `done` with each block's
    /// entries once it is in place ([`TableFile::check_blocks_with`]).
    pub fn read_all_narrow_with(
        &self,
        done: impl Fn(u64) + Sync,
    ) -> Result<Option<Vec<u8>>, TableError> {
        if self.header.value_width != 1 {
            return Ok(None);
        }
        self.read_all_as(|raw, codes: &mut [u8]| codes.copy_from_slice(raw), done)
            .map(Some)
    }

    /// Every code of the table, each block checked and decoded by `decode`
    /// straight into its place in the result. Collecting the blocks first
    /// and joining them held the table twice over, in the worker threads'
    /// malloc arenas, which glibc keeps once freed: a resumed 7x5 build
    /// that loaded a 1.7 billion entry table this way held 3 GB more than
    /// its plan to the end.
    fn read_all_as<T: Copy + Default + Send>(
        &self,
        decode: impl Fn(&[u8], &mut [T]) + Sync,
        done: impl Fn(u64) + Sync,
    ) -> Result<Vec<T>, TableError> {
        use rayon::prelude::*;
        let mut out = crate::hugepages::filled(self.header.entries as usize, T::default);
        out.par_chunks_mut(self.header.block_entries.max(1) as usize)
            .enumerate()
            .try_for_each(|(b, codes)| {
                decode(&self.read_block(b as u32)?, codes);
                done(codes.len() as u64);
                Ok(())
            })?;
        Ok(out)
    }
}

/// A file's format version and index scheme against this program's
/// (`reads` is the version it reads for the file's kind, table or WDL).
pub(crate) fn check_version(
    path: &Path,
    version: u32,
    reads: u32,
    index_scheme: u32,
) -> Result<(), TableError> {
    let refuse = |what, found, reads| TableError::Version {
        path: path.to_path_buf(),
        what,
        found,
        reads,
    };
    if version != reads {
        return Err(refuse("format version", version, reads));
    }
    if index_scheme != INDEX_SCHEME {
        return Err(refuse("index scheme", index_scheme, INDEX_SCHEME));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn codes_roundtrip() {
        for v in [
            Value::Draw,
            Value::Win(1),
            Value::Win(2),
            Value::Loss(0),
            Value::Loss(1),
            Value::Win(300),
        ] {
            assert_eq!(decode(encode(v)), v);
        }
    }

    /// A table of another index scheme is refused naming the scheme, not
    /// the format version (it said "format version 1, this program reads
    /// 1").
    #[test]
    fn a_table_of_another_version_or_index_scheme_says_which() {
        let dir = std::env::temp_dir().join(format!("fnt-version-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("2v1.fnt");
        let class = MaterialClass::new(2, 1, false);
        let values = vec![encode(Value::Draw); 100];
        let header = || TableHeader::new(3, 3, &Rules::default(), class);
        write_table(&path, header(), &values).unwrap();
        TableFile::open(&path).unwrap();
        let mut scheme = header();
        scheme.index_scheme = INDEX_SCHEME + 1;
        write_table(&path, scheme, &values).unwrap();
        let e = TableFile::open(&path).unwrap_err();
        let said = format!(
            "index scheme {}, this program reads {INDEX_SCHEME}",
            INDEX_SCHEME + 1
        );
        assert!(e.to_string().contains(&said), "{e}");
        let mut version = header();
        version.format_version = FORMAT_VERSION + 1;
        write_table(&path, version, &values).unwrap();
        let e = TableFile::open(&path).unwrap_err();
        let said = format!(
            "format version {}, this program reads {FORMAT_VERSION}",
            FORMAT_VERSION + 1
        );
        assert!(e.to_string().contains(&said), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_table_written_in_several_batches_reads_back_whole_and_narrow() {
        let dir = std::env::temp_dir().join(format!("fnt-batches-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let class = MaterialClass::new(2, 1, false);
        // Blocks of 64 codes: more than two batches of blocks, the last
        // batch and block short; one-byte codes, then two-byte ones.
        let n = 64 * (2 * WRITE_BATCH_BLOCKS as u32 + 5) + 17;
        for top in [200u32, 700] {
            let path = dir.join("2v1.fnt");
            let values: Vec<u16> = (0..n).map(|i| ((i * 7 + i / 97) % top) as u16).collect();
            let mut header = TableHeader::new(3, 3, &Rules::default(), class);
            header.block_entries = 64;
            let written = write_table(&path, header, &values).unwrap();
            assert_eq!(written.block_count, n.div_ceil(64));
            let t = TableFile::open(&path).unwrap();
            // Each reading reports every entry, a block at a time.
            type Done<'a> = &'a (dyn Fn(u64) + Sync);
            let reported = |read: &dyn Fn(Done)| {
                let (sum, calls) = (AtomicU64::new(0), AtomicU64::new(0));
                read(&|n| {
                    sum.fetch_add(n, Ordering::Relaxed);
                    calls.fetch_add(1, Ordering::Relaxed);
                });
                (sum.into_inner(), calls.into_inner())
            };
            let all = (n as u64, n.div_ceil(64) as u64);
            assert_eq!(
                reported(&|d| t.check_blocks_with(d).unwrap()),
                all,
                "checked"
            );
            assert_eq!(
                reported(&|d| assert_eq!(t.read_all_with(d).unwrap(), values)),
                all,
                "read"
            );
            let narrow_calls = reported(&|d| drop(t.read_all_narrow_with(d).unwrap()));
            assert_eq!(narrow_calls, if top <= 256 { all } else { (0, 0) });
            assert_eq!(t.read_all().unwrap(), values, "codes below {top}");
            let narrow = t.read_all_narrow().unwrap();
            if top <= 256 {
                let narrow = narrow.expect("one-byte codes");
                assert!(narrow.iter().zip(&values).all(|(&a, &b)| a as u16 == b));
                assert_eq!(narrow.len(), values.len());
            } else {
                assert!(narrow.is_none(), "two-byte codes are not read as bytes");
            }
            for i in [0, 63, 64, 65_599, n as u64 - 1] {
                assert_eq!(t.code(i).unwrap(), values[i as usize]);
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_repacked_table_holds_the_same_values_in_other_blocks() {
        let dir = std::env::temp_dir().join(format!("fnt-repack-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let class = MaterialClass::new(2, 1, false);
        // One-byte and two-byte values, the last block short.
        for (n, top) in [(100_003u32, 23u32), (50_001, 700)] {
            let path = dir.join("2v1.fnt");
            let values: Vec<u16> = (0..n).map(|i| ((i * 7 + i / 97) % top) as u16).collect();
            let header = TableHeader::new(3, 3, &Rules::default(), class);
            let written = write_table(&path, header, &values).unwrap();
            assert_eq!(written.block_entries, BLOCK_ENTRIES);
            let src = TableFile::open(&path).unwrap();
            // Blocks that split the old ones, and blocks that join them;
            // batches of a few old blocks, so new blocks straddle batches.
            for (entries, batch) in [(1000u32, 3u32), (64, 1), (20_000, 2), (8192, 100)] {
                let dst = dir.join(format!("{entries}.fnt"));
                let mut heard = Vec::new();
                let h = repack_in_batches(&src, &dst, entries, batch, |d| {
                    heard.push(d);
                    ControlFlow::Continue(())
                })
                .unwrap()
                .unwrap();
                assert_eq!(h.block_entries, entries);
                assert_eq!(h.block_count as u64, (n as u64).div_ceil(entries as u64));
                let t = TableFile::open(&dst).unwrap();
                assert_eq!(t.header, h);
                let mut same = written.clone();
                same.block_entries = entries;
                same.block_count = h.block_count;
                assert_eq!(t.header, same, "statistics kept");
                t.check_blocks().unwrap();
                assert_eq!(t.read_all().unwrap(), values, "{entries} a block");
                for i in [0u64, 63, 64, 999, 1000, 8191, 8192, n as u64 - 1] {
                    assert_eq!(t.code(i).unwrap(), values[i as usize], "{entries}: {i}");
                }
                assert!(heard.windows(2).all(|w| w[0] <= w[1]));
                assert_eq!(heard.last(), Some(&(n as u64)));
            }
            // Too small a block is refused, nothing written.
            let tiny = dir.join("tiny.fnt");
            assert!(
                repack_table(&src, &tiny, MIN_BLOCK_ENTRIES - 1, |_| {
                    ControlFlow::Continue(())
                })
                .is_err()
            );
            assert!(!tiny.exists());
            // Stopped part way: nothing written, nothing left behind.
            let stopped = dir.join("stopped.fnt");
            let mut calls = 0;
            let answer = repack_in_batches(&src, &stopped, 64, 1, |_| {
                calls += 1;
                ControlFlow::Break(())
            });
            assert!(matches!(answer, Ok(None)));
            assert_eq!(calls, 1);
            // The writer's temporary file goes with it, whatever stopped
            // the writing (a full disk left a build's `.fnt.tmp` behind).
            assert!(!stopped.with_extension("fnt.tmp").exists());
            assert!(
                repack_table(&src, &stopped, 64, |_| ControlFlow::Break(()))
                    .unwrap()
                    .is_none()
            );
            assert!(!stopped.exists() && !stopped.with_extension("fnt.tmp").exists());
            // In place, while the old file is open and mapped.
            repack_table(&src, &path, 512, |_| ControlFlow::Continue(())).unwrap();
            assert_eq!(
                src.read_all().unwrap(),
                values,
                "the old mapping still reads"
            );
            let t = TableFile::open(&path).unwrap();
            assert_eq!(t.header.block_entries, 512);
            assert_eq!(t.read_all().unwrap(), values);
            assert!(!path.with_extension("fnt.tmp").exists());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn corruption_is_detected() {
        let dir = std::env::temp_dir().join(format!("fnt-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("2v1.fnt");
        let values: Vec<u16> = (0..100_000u32).map(|i| ((i * 7) % 23) as u16).collect();
        let header = TableHeader::new(3, 3, &Rules::default(), MaterialClass::new(2, 1, false));
        write_table(&path, header, &values).unwrap();
        let t = TableFile::open(&path).unwrap();
        assert_eq!(t.read_all().unwrap(), values);
        t.check_blocks().unwrap();
        assert_eq!(t.code(12345).unwrap(), values[12345]);
        let bytes = std::fs::read(&path).unwrap();
        drop(t);
        // Flip every bit of a sample of bytes across the whole file, and
        // truncate at a sample of lengths: each must be an error naming the
        // file, never a wrong table.
        let bad = dir.join("bad.fnt");
        let step = (bytes.len() / 97).max(1);
        for pos in (0..bytes.len()).step_by(step) {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[pos] ^= 1 << bit;
                std::fs::write(&bad, &b).unwrap();
                let checked = TableFile::open(&bad).and_then(|t| t.check_blocks());
                assert!(
                    checked.is_err(),
                    "flip at byte {pos} bit {bit} passed the check"
                );
                let res = TableFile::open(&bad).and_then(|t| t.read_all());
                match res {
                    Err(e) => assert!(e.to_string().contains("bad.fnt"), "{e}"),
                    Ok(v) => panic!(
                        "flip at byte {pos} bit {bit} undetected ({} values)",
                        v.len()
                    ),
                }
            }
        }
        for len in (0..bytes.len()).step_by(step) {
            std::fs::write(&bad, &bytes[..len]).unwrap();
            assert!(TableFile::open(&bad).and_then(|t| t.read_all()).is_err());
            assert!(
                TableFile::open(&bad)
                    .and_then(|t| t.check_blocks())
                    .is_err()
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
