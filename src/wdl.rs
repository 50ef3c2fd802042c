//! The WDL file: win, draw or loss of every position of one material
//! class, two bits a position, uncompressed, beside the class's table.
//!
//! A proof-number search asks only whether a table position is won, drawn
//! or lost (the distance matters only under the move limit), but asks it
//! for nearly every new position. Through the table file each probe finds
//! its compressed block in a cache, or decompresses 8,192 values to read
//! one: on 9x5 with the 8-stone tables a third of a search's time went to
//! that. A WDL file is read in place through a shared memory map, so a
//! probe is one memory read and searches running side by side share one
//! copy in the page cache (9x5's 15.8 billion positions up to 8 stones
//! take 3.9 GB), as Syzygy keeps WDL tables for the search apart from the
//! distance tables. A search may read files whole into its own memory
//! instead ([`WdlFile::load`], `solve --wdl-memory`): on huge pages a
//! probe skips the walk through the page cache's small pages.
//!
//! Layout (all integers little-endian; see `db/FORMAT.md`):
//!
//! ```text
//! magic            8 bytes  "FANORWDL"
//! header_len       u32
//! header           header_len bytes, bincode 2 (standard config) WdlHeader
//! header_xxh3      u64      xxh3-64 of the header bytes
//! chunk_xxh3       chunk_count x u64: xxh3-64 of each chunk of the data
//! index_xxh3       u64      xxh3-64 of the chunk_xxh3 section
//! padding          zeros up to a multiple of 4,096 bytes
//! data             ceil(entries / 4) bytes: the value of position i in
//!                  bits 2(i mod 4) and up of byte i / 4; 0 draw, 1 win,
//!                  2 loss for the side to move (3 never)
//! ```
//!
//! The data is checked in chunks of `chunk_bytes` (a page, 4 KiB, as
//! written here), each the first time a probe reads it, so a file opens
//! without reading its gigabytes and a probe reads from disk no more than
//! the page it needs. (Chunks of 1 MiB made a short 9x5 search hash and
//! read a megabyte for each byte it probed first in a chunk.)

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use bincode::{Decode, Encode};
use memmap2::Mmap;
use xxhash_rust::xxh3::xxh3_64;

use crate::index::MaterialClass;
use crate::prefetch::prefetch;
use crate::table::{
    TableError, TableFile, TableHeader, TmpFile, create_framed, decode, map_file, read_framed,
    seal_framed,
};
use crate::value::Wdl;

/// The first 8 bytes of every WDL file.
pub const WDL_MAGIC: &[u8; 8] = b"FANORWDL";
/// The WDL format version this code reads and writes; a file of another
/// is refused ([`TableError::Version`]).
pub const WDL_FORMAT_VERSION: u32 = 1;
/// Bytes of data a checksum covers (16,384 positions): a page.
pub const CHUNK_BYTES: u32 = 1 << 12;
/// The data starts at a multiple of this (a page).
const DATA_ALIGN: usize = 4096;

/// The two-bit codes.
const DRAW: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

/// What a WDL file says about itself: the board, rules and class of its
/// table, and the table's counts, which a reader matches against the
/// table's header.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct WdlHeader {
    /// The format version the file was written in ([`WDL_FORMAT_VERSION`]).
    pub format_version: u32,
    /// The table's [`TableHeader::cols`].
    pub cols: u8,
    /// The table's [`TableHeader::rows`].
    pub rows: u8,
    /// The table's [`TableHeader::diagonals`]: 0 corner, 1 center.
    pub diagonals: u8,
    /// The table's [`TableHeader::continuation`]: 0 free, 1 forced.
    pub continuation: u8,
    /// The table's [`TableHeader::stalemate`]: 0 loss, 1 draw.
    pub stalemate: u8,
    /// The table's [`TableHeader::sacrifice`].
    pub sacrifice: bool,
    /// The table's [`TableHeader::class_mover`].
    pub class_mover: u8,
    /// The table's [`TableHeader::class_other`].
    pub class_other: u8,
    /// The table's [`TableHeader::class_block`].
    pub class_block: bool,
    /// The table's index scheme ([`crate::table::INDEX_SCHEME`]): index `i` here is
    /// index `i` of the table.
    pub index_scheme: u32,
    /// Positions: the table's entries, two bits each in the data.
    pub entries: u64,
    /// The table's count of wins for the side to move.
    pub wins: u64,
    /// The table's count of draws.
    pub draws: u64,
    /// The table's count of losses for the side to move.
    pub losses: u64,
    /// Bytes of data each checksum covers, the last chunk shorter
    /// ([`CHUNK_BYTES`] as written here; readers take the header's, any
    /// size from 1).
    pub chunk_bytes: u32,
}

impl WdlHeader {
    /// The header of the WDL file of a table.
    pub fn of(t: &TableHeader) -> WdlHeader {
        WdlHeader {
            format_version: WDL_FORMAT_VERSION,
            cols: t.cols,
            rows: t.rows,
            diagonals: t.diagonals,
            continuation: t.continuation,
            stalemate: t.stalemate,
            sacrifice: t.sacrifice,
            class_mover: t.class_mover,
            class_other: t.class_other,
            class_block: t.class_block,
            index_scheme: t.index_scheme,
            entries: t.entries,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            chunk_bytes: CHUNK_BYTES,
        }
    }

    /// Whether this is the WDL file of that table: same board, rules,
    /// class, index scheme, entries and counts.
    pub fn matches(&self, t: &TableHeader) -> bool {
        WdlHeader {
            chunk_bytes: self.chunk_bytes,
            format_version: self.format_version,
            ..WdlHeader::of(t)
        } == *self
    }

    /// The material class of the table.
    pub fn class(&self) -> MaterialClass {
        MaterialClass::new(self.class_mover, self.class_other, self.class_block)
    }

    /// Bytes of the data.
    pub fn data_bytes(&self) -> u64 {
        self.entries.div_ceil(4)
    }

    /// Chunks of the data, each with its checksum.
    pub fn chunk_count(&self) -> u64 {
        self.data_bytes().div_ceil(self.chunk_bytes.max(1) as u64)
    }
}

fn bincode_config() -> impl bincode::config::Config {
    bincode::config::standard()
}

/// Where the data starts after a header of `header_len` bytes and
/// `chunks` checksums.
fn data_start(header_len: usize, chunks: u64) -> usize {
    let index_end = WDL_MAGIC.len() + 4 + header_len + 8 + chunks as usize * 8 + 8;
    index_end.next_multiple_of(DATA_ALIGN)
}

/// Where a WDL file's bytes are read from.
#[derive(Debug)]
enum Bytes {
    /// The file mapped: its pages come from the page cache, one copy for
    /// every process that maps it.
    Mapped(Mmap),
    /// The file read whole into this process's memory ([`WdlFile::load`]).
    Loaded(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Loaded(bytes) => bytes,
        }
    }
}

/// An open WDL file whose header and index were checked: memory-mapped,
/// or read into memory ([`WdlFile::load`]).
#[derive(Debug)]
pub struct WdlFile {
    /// Where the file was opened from.
    pub path: PathBuf,
    /// The file's header, checked.
    pub header: WdlHeader,
    bytes: Bytes,
    data_start: usize,
    checksums: Vec<u64>,
    /// One bit a chunk: checked already.
    checked: Vec<AtomicU64>,
    /// Bytes on disk.
    pub file_len: u64,
}

impl WdlFile {
    /// Opens a WDL file and checks its magic, version, header and index
    /// checksums and length. Chunks are checked when first read.
    pub fn open(path: &Path) -> Result<WdlFile, TableError> {
        let p = || path.to_path_buf();
        let corrupt = |what: &str| TableError::Corrupt {
            path: p(),
            what: what.to_string(),
        };
        let map = map_file(path, "WDL")?;
        // Probes are scattered: reading ahead around each would only push
        // other tables out of the page cache.
        let _ = map.advise(memmap2::Advice::Random);
        let bytes: &[u8] = &map;
        let (hbytes, at) = read_framed(path, bytes, WDL_MAGIC, "fanorona WDL file")?;
        let hlen = hbytes.len();
        let (header, _): (WdlHeader, usize) = bincode::decode_from_slice(hbytes, bincode_config())
            .map_err(|e| corrupt(&format!("header does not decode: {e}")))?;
        crate::table::check_version(
            path,
            header.format_version,
            WDL_FORMAT_VERSION,
            header.index_scheme,
        )?;
        if header.chunk_bytes == 0 || header.wins + header.draws + header.losses != header.entries {
            return Err(corrupt("header counts are inconsistent"));
        }
        let chunks = header.chunk_count();
        let index_len = chunks as usize * 8;
        if bytes.len() < at + index_len + 8 {
            return Err(corrupt("truncated in the chunk index"));
        }
        let index = &bytes[at..at + index_len];
        let isum = u64::from_le_bytes(
            bytes[at + index_len..at + index_len + 8]
                .try_into()
                .unwrap(),
        );
        if xxh3_64(index) != isum {
            return Err(corrupt("chunk index checksum differs"));
        }
        let checksums = index
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let start = data_start(hlen, chunks);
        let expected_len = start as u64 + header.data_bytes();
        if bytes.len() as u64 != expected_len {
            return Err(corrupt(&format!(
                "length {} bytes, expected {expected_len}",
                bytes.len()
            )));
        }
        Ok(WdlFile {
            path: p(),
            file_len: bytes.len() as u64,
            checked: (0..chunks.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            header,
            bytes: Bytes::Mapped(map),
            data_start: start,
            checksums,
        })
    }

    /// The same file read whole into this process's memory, on huge
    /// pages, every chunk checked. A probe through the map walks the page
    /// tables of the file's small pages in the page cache, and on the
    /// 9x5 tables that was most of its time (1 M random probes of 4v4:
    /// 0.66 us each mapped, 0.38 us loaded, the index computed in both);
    /// but a process that loads a file holds its own copy, where mapped
    /// files are shared by the searches that run side by side.
    pub fn load(self) -> Result<WdlFile, TableError> {
        let io = |err| TableError::Io {
            path: self.path.clone(),
            err,
        };
        let len = self.bytes.len();
        let mut bytes: Vec<u8> = crate::hugepages::with_capacity(len);
        File::open(&self.path)
            .and_then(|f| f.take(len as u64).read_to_end(&mut bytes))
            .map_err(io)?;
        if bytes.len() != len {
            return Err(self.corrupt(format!(
                "length changed while read, to {} bytes from {len}",
                bytes.len()
            )));
        }
        let loaded = WdlFile {
            bytes: Bytes::Loaded(bytes),
            ..self
        };
        // Every chunk again, as read now (against a file changed since
        // its index was checked).
        loaded.check_every_chunk()?;
        Ok(loaded)
    }

    /// Whether the file was read into memory ([`WdlFile::load`]).
    pub fn is_loaded(&self) -> bool {
        matches!(self.bytes, Bytes::Loaded(_))
    }

    /// Checks every chunk, and marks it checked.
    fn check_every_chunk(&self) -> Result<(), TableError> {
        use rayon::prelude::*;
        (0..self.header.chunk_count() as usize)
            .into_par_iter()
            .try_for_each(|c| {
                self.check_chunk(c)?;
                self.checked[c / 64].fetch_or(1u64 << (c % 64), Ordering::Relaxed);
                Ok(())
            })
    }

    fn corrupt(&self, what: String) -> TableError {
        TableError::Corrupt {
            path: self.path.clone(),
            what,
        }
    }

    /// The data of chunk `c`.
    fn chunk(&self, c: usize) -> &[u8] {
        let size = self.header.chunk_bytes as usize;
        let from = self.data_start + c * size;
        let to = (from + size).min(self.bytes.len());
        &self.bytes[from..to]
    }

    /// Checks chunk `c` against its checksum.
    fn check_chunk(&self, c: usize) -> Result<(), TableError> {
        if xxh3_64(self.chunk(c)) != self.checksums[c] {
            return Err(self.corrupt(format!("chunk {c} checksum differs")));
        }
        Ok(())
    }

    /// Starts loading the byte that holds the value at `index` (nothing
    /// past the end), for a [`WdlFile::wdl`] soon after: a probe through
    /// captures reads one value for each capture, from anywhere in the
    /// file, and asking for all of them first lets the waits overlap.
    #[inline]
    pub fn prefetch(&self, index: u64) {
        if let Some(byte) = self.bytes.get(self.data_start + (index / 4) as usize) {
            prefetch(byte);
        }
    }

    /// Win, draw or loss for the side to move at a table index.
    #[inline]
    pub fn wdl(&self, index: u64) -> Result<Wdl, TableError> {
        if index >= self.header.entries {
            return Err(self.corrupt(format!(
                "index {index} past the {} entries",
                self.header.entries
            )));
        }
        let byte = (index / 4) as usize;
        let c = byte / self.header.chunk_bytes as usize;
        let (word, bit) = (&self.checked[c / 64], 1u64 << (c % 64));
        if word.load(Ordering::Relaxed) & bit == 0 {
            // Two threads may both check a chunk: harmless.
            self.check_chunk(c)?;
            word.fetch_or(bit, Ordering::Relaxed);
        }
        match (self.bytes[self.data_start + byte] >> (2 * (index % 4))) & 3 {
            DRAW => Ok(Wdl::Draw),
            WIN => Ok(Wdl::Win),
            LOSS => Ok(Wdl::Loss),
            _ => Err(self.corrupt(format!("index {index} holds no value"))),
        }
    }

    /// Checks every chunk and that the data holds the header's counts.
    pub fn check(&self) -> Result<(), TableError> {
        use rayon::prelude::*;
        let chunks = self.header.chunk_count() as usize;
        let counts = (0..chunks)
            .into_par_iter()
            .map(|c| {
                self.check_chunk(c)?;
                Ok(count_codes(self.chunk(c)))
            })
            .try_reduce(
                || [0u64; 4],
                |a, b| Ok(std::array::from_fn(|i| a[i] + b[i])),
            )?;
        // The padding of the last byte reads as draws.
        let padding = self.header.data_bytes() * 4 - self.header.entries;
        let found = [
            counts[WIN as usize],
            counts[DRAW as usize] - padding,
            counts[LOSS as usize],
        ];
        let want = [self.header.wins, self.header.draws, self.header.losses];
        if counts[3] != 0 || found != want {
            return Err(self.corrupt(format!(
                "holds {} wins, {} draws, {} losses and {} bad values; the header says {} wins, {} draws, {} losses",
                found[0], found[1], found[2], counts[3], want[0], want[1], want[2]
            )));
        }
        Ok(())
    }
}

/// How many of each two-bit code the bytes hold.
fn count_codes(bytes: &[u8]) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for &b in bytes {
        for k in 0..4 {
            counts[((b >> (2 * k)) & 3) as usize] += 1;
        }
    }
    counts
}

/// The two-bit code of a table code.
#[inline]
fn code_of(table_code: u16) -> u8 {
    match decode(table_code).wdl() {
        Wdl::Draw => DRAW,
        Wdl::Win => WIN,
        Wdl::Loss => LOSS,
    }
}

/// Writes a WDL file value by value, a chunk at a time: the header first,
/// room for the chunk index, the data, and last the index written into
/// its room. The file is a temporary one renamed into place by
/// [`WdlWriter::finish`], which refuses a file whose values do not add up
/// to the header's counts.
struct WdlWriter {
    path: PathBuf,
    file: io::BufWriter<File>,
    /// Dropped after `file` (fields drop in order): closed, then removed.
    tmp: TmpFile,
    header: WdlHeader,
    index_at: u64,
    chunk: Vec<u8>,
    sums: Vec<u64>,
    /// The byte being filled and how many values it holds.
    partial: u8,
    in_partial: u32,
    written: u64,
    counts: [u64; 3],
}

impl WdlWriter {
    fn create(path: &Path, header: WdlHeader) -> Result<WdlWriter, TableError> {
        let header_bytes =
            bincode::encode_to_vec(&header, bincode_config()).expect("header encodes");
        let (mut file, index_at, tmp) = create_framed(
            path,
            &path.with_extension("fnw.tmp"),
            WDL_MAGIC,
            &header_bytes,
        )?;
        // Room for the chunk index and its checksum, and the padding.
        let start = data_start(header_bytes.len(), header.chunk_count());
        file.write_all(&vec![0u8; start - index_at as usize])
            .map_err(|err| TableError::Io {
                path: path.to_path_buf(),
                err,
            })?;
        Ok(WdlWriter {
            path: path.to_path_buf(),
            tmp,
            file,
            chunk: Vec::with_capacity(header.chunk_bytes as usize),
            sums: Vec::with_capacity(header.chunk_count() as usize),
            header,
            index_at,
            partial: 0,
            in_partial: 0,
            written: 0,
            counts: [0; 3],
        })
    }

    fn io_err(&self, err: io::Error) -> TableError {
        TableError::Io {
            path: self.path.clone(),
            err,
        }
    }

    /// Adds the values of these table codes.
    fn push_codes<C: Copy + Into<u16>>(&mut self, codes: &[C]) -> Result<(), TableError> {
        for &c in codes {
            let code = code_of(c.into());
            self.counts[code as usize] += 1;
            self.partial |= code << (2 * self.in_partial);
            self.in_partial += 1;
            if self.in_partial == 4 {
                self.push_byte()?;
            }
        }
        self.written += codes.len() as u64;
        Ok(())
    }

    fn push_byte(&mut self) -> Result<(), TableError> {
        self.chunk.push(self.partial);
        (self.partial, self.in_partial) = (0, 0);
        if self.chunk.len() == self.header.chunk_bytes as usize {
            self.flush_chunk()?;
        }
        Ok(())
    }

    fn flush_chunk(&mut self) -> Result<(), TableError> {
        if self.chunk.is_empty() {
            return Ok(());
        }
        self.sums.push(xxh3_64(&self.chunk));
        let chunk = std::mem::take(&mut self.chunk);
        self.file.write_all(&chunk).map_err(|e| self.io_err(e))?;
        self.chunk = chunk;
        self.chunk.clear();
        Ok(())
    }

    /// Writes the index and puts the file in place, flushed.
    fn finish(mut self) -> Result<(), TableError> {
        if self.in_partial > 0 {
            self.push_byte()?;
        }
        self.flush_chunk()?;
        let h = &self.header;
        let [draws, wins, losses] = self.counts;
        if self.written != h.entries || [wins, draws, losses] != [h.wins, h.draws, h.losses] {
            // (The temporary file goes with `self.tmp`.)
            return Err(TableError::Corrupt {
                path: self.path.clone(),
                what: format!(
                    "{} values ({wins} wins, {draws} draws, {losses} losses) for a table of {} ({} wins, {} draws, {} losses)",
                    self.written, h.entries, h.wins, h.draws, h.losses
                ),
            });
        }
        debug_assert_eq!(self.sums.len() as u64, h.chunk_count());
        let mut index = Vec::with_capacity(self.sums.len() * 8);
        for s in &self.sums {
            index.extend_from_slice(&s.to_le_bytes());
        }
        seal_framed(self.file, &self.path, self.tmp, self.index_at, &index)
    }
}

/// Writes the WDL file of a table whose codes are in memory (as the
/// builder holds them), `table` being the header it was written with.
pub fn write_wdl<C: Copy + Into<u16>>(
    path: &Path,
    table: &TableHeader,
    codes: &[C],
) -> Result<WdlHeader, TableError> {
    let header = WdlHeader::of(table);
    let mut w = WdlWriter::create(path, header.clone())?;
    w.push_codes(codes)?;
    w.finish()?;
    Ok(header)
}

/// Writes the WDL file of a table from the table file, streamed a batch
/// of blocks at a time (every block checked as it is read). `progress`
/// hears of the values written.
pub fn derive_wdl(
    table: &TableFile,
    path: &Path,
    mut progress: impl FnMut(u64),
) -> Result<WdlHeader, TableError> {
    use rayon::prelude::*;
    let header = WdlHeader::of(&table.header);
    let mut w = WdlWriter::create(path, header.clone())?;
    // About 32 MiB of values decompressed a batch.
    let width = table.header.value_width.max(1) as usize;
    let per_batch =
        ((32usize << 20) / (table.header.block_entries.max(1) as usize * width)).max(1) as u32;
    let blocks = table.header.block_count;
    let mut b = 0;
    while b < blocks {
        let end = (b + per_batch).min(blocks);
        let codes: Vec<Vec<u16>> = (b..end)
            .into_par_iter()
            .map(|i| table.block_codes(i))
            .collect::<Result<_, _>>()?;
        for c in &codes {
            w.push_codes(c)?;
        }
        progress(w.written);
        b = end;
    }
    w.finish()?;
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::table::{encode, write_table};
    use crate::value::Value;

    fn header() -> TableHeader {
        TableHeader::new(5, 3, &Rules::default(), MaterialClass::new(2, 1, false))
    }

    /// Codes of every kind, in a pattern that is not periodic in 4.
    fn codes(n: usize) -> Vec<u16> {
        (0..n)
            .map(|i| {
                let r = (i * 7 + i / 5) % 11;
                match r {
                    0..=3 => encode(Value::Draw),
                    4..=7 => encode(Value::Win(1 + (r as u16) * 3)),
                    _ => encode(Value::Loss(r as u16)),
                }
            })
            .collect()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fanorona-wdl-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn every_value_reads_back_and_the_derived_file_is_the_same() {
        let dir = scratch("roundtrip");
        // Two chunks and a half, and entries not a multiple of 4.
        for n in [1usize, 4, 7, (CHUNK_BYTES as usize) * 4 * 2 + 1_003] {
            let codes = codes(n);
            let tpath = dir.join(format!("{n}.fnt"));
            let t = write_table(&tpath, header(), &codes).unwrap();
            let direct = dir.join(format!("{n}.fnw"));
            write_wdl(&direct, &t, &codes).unwrap();
            let mapped = WdlFile::open(&direct).unwrap();
            assert!(mapped.header.matches(&t));
            mapped.check().unwrap();
            assert!(!mapped.is_loaded());
            // The same read whole into memory.
            let loaded = WdlFile::open(&direct).unwrap().load().unwrap();
            assert!(loaded.is_loaded());
            for f in [&mapped, &loaded] {
                for (i, &c) in codes.iter().enumerate() {
                    assert_eq!(
                        f.wdl(i as u64).unwrap(),
                        decode(c).wdl(),
                        "index {i} of {n}"
                    );
                }
                assert!(f.wdl(n as u64).is_err());
            }
            let table = TableFile::open(&tpath).unwrap();
            let derived = dir.join(format!("{n}-derived.fnw"));
            let mut heard = 0;
            derive_wdl(&table, &derived, |done| heard = done).unwrap();
            assert_eq!(heard, n as u64);
            assert_eq!(
                std::fs::read(&direct).unwrap(),
                std::fs::read(&derived).unwrap()
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_chunk_is_refused_when_read() {
        let dir = scratch("damage");
        let n = (CHUNK_BYTES as usize) * 4 + 100;
        let codes = codes(n);
        let t = write_table(&dir.join("t.fnt"), header(), &codes).unwrap();
        let path = dir.join("t.fnw");
        write_wdl(&path, &t, &codes).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let f = WdlFile::open(&path).unwrap();
        // The first chunk is whole; the second is not.
        assert_eq!(f.wdl(0).unwrap(), decode(codes[0]).wdl());
        let e = f.wdl(n as u64 - 1).unwrap_err().to_string();
        assert!(e.contains("t.fnw") && e.contains("chunk 1 checksum"), "{e}");
        assert!(f.check().is_err());
        // Read into memory, it is refused whole.
        let e = WdlFile::open(&path)
            .unwrap()
            .load()
            .unwrap_err()
            .to_string();
        assert!(e.contains("t.fnw") && e.contains("chunk 1 checksum"), "{e}");
        // A damaged header or a cut file does not open.
        let mut cut = std::fs::read(&path).unwrap();
        cut.truncate(cut.len() - 1);
        std::fs::write(&path, &cut).unwrap();
        let e = WdlFile::open(&path).unwrap_err().to_string();
        assert!(e.contains("length"), "{e}");
        cut[14] ^= 1;
        std::fs::write(&path, &cut).unwrap();
        assert!(WdlFile::open(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn values_that_do_not_add_up_to_the_table_are_refused() {
        let dir = scratch("counts");
        let codes = codes(1000);
        let t = write_table(&dir.join("t.fnt"), header(), &codes).unwrap();
        let path = dir.join("t.fnw");
        let e = write_wdl(&path, &t, &codes[..999]).unwrap_err().to_string();
        assert!(e.contains("999 values"), "{e}");
        assert!(!path.exists());
        // Index 0 holds a draw: as a win the counts are off by one each.
        assert_eq!(decode(codes[0]), Value::Draw);
        let mut other = codes.clone();
        other[0] = encode(Value::Win(1));
        let e = write_wdl(&path, &t, &other).unwrap_err().to_string();
        assert!(e.contains("1000 values"), "{e}");
        assert!(!path.exists() && !path.with_extension("fnw.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
