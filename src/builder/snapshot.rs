//! Snapshots of a group's solving state, so that a build killed in the
//! middle of a large group (9x5's 8-stone groups take 30 minutes to 2
//! hours each, over half an hour of which can be init), or stopped with
//! Ctrl-C, resumes where it had got to instead of from the start.
//!
//! A snapshot is the state arrays of every class of the group (value codes
//! and auxiliary words, in the layout the group is being solved in) as they
//! stand before level `d`'s sweep, or part way through init (`Stage`).
//! Everything else the sweeps keep (the chunk marks, the counts that choose
//! how wins are searched, the highest level) follows from those arrays and
//! is derived again on resuming. Init goes through each class's indices in
//! order, so the part done is a count: the indices before it are set as
//! init sets them, those after it are still zero.
//!
//! A snapshot is read back in its own layout, or in a wider one whose
//! auxiliary words are coded alike: the 3-byte layout's snapshot in the
//! 4-byte one, which is how a group whose distances outgrow the 3-byte
//! layout carries on in the 4-byte one from the level it had reached.
//!
//! The file is `<group>.snapshot` in the table folder (`2v6+6v2.snapshot`),
//! written to `<group>.snapshot.tmp` and renamed, after the previous
//! snapshot of the group is removed: a group's state takes up to 15 GB on
//! 9x5, and two of them at once would be too much for many disks. A kill
//! while one is being written leaves no snapshot, and the group starts
//! over. The file is removed once the group's tables are written.
//!
//! Layout (little-endian; see also `db/FORMAT.md`):
//!
//! | field | size | meaning |
//! | --- | --- | --- |
//! | magic | 8 | `FNRSNAPS` |
//! | version | 4 | u32, 3 (version 2: no `game`; version 1: no `init_done` either, init done) |
//! | layout | 4 | u32, bytes a position (3, 4 or 6) |
//! | value_width, aux_width | 4 + 4 | u32, bytes of a value code and of an auxiliary word |
//! | cnt_mask, win_pending, draw_exit, dist_shift | 4 x 4 | u32 each, how an auxiliary word is coded (`Layout`) |
//! | level | 4 | u32, the level whose sweep comes next |
//! | init_done | 8 | u64, indices whose init is done, over the classes in order (version 2; all of them once init is done, when level counts) |
//! | name_len, name | 4 + name_len | the group's name, UTF-8 |
//! | game_len, game | 4 + game_len | the board and rules, UTF-8: the table folder's name (`7x3-corner-forced-sl`; version 3) |
//! | classes | 4 | u32, classes in the group |
//! | sizes | 8 x classes | u64, indices of each class |
//! | arrays | | per class: its value codes, then its auxiliary words |
//! | xxh3 | 8 | xxh3-64 of every byte before it |

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::state::{Cell, Layout};
use crate::hashio::{HashReader, HashWriter};

const MAGIC: &[u8; 8] = b"FNRSNAPS";
const VERSION: u32 = 3;
/// Cells converted to bytes at a time.
const BATCH: usize = 1 << 20;

/// How far a group's solving had got when its snapshot was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Part way through init: the first `done` of the group's `total`
    /// indices (its classes' indices in turn) are done.
    Init {
        /// Indices whose init is done, counted from the first class's
        /// first index; below `total` in a snapshot read.
        done: u64,
        /// Indices of the group: the sum of its classes' sizes.
        total: u64,
    },
    /// Init is done and this level's sweep comes next.
    Level(u16),
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stage::Init { done, total } => write!(
                f,
                "in init, {done} of {total} positions done ({:.0}%)",
                100.0 * done as f64 / total.max(1) as f64
            ),
            Stage::Level(level) => write!(f, "before level {level}"),
        }
    }
}

/// The state of a group at a stage of its solving.
pub(super) struct Snapshot<L: Layout> {
    pub(super) stage: Stage,
    pub(super) vals: Vec<Vec<L::Val>>,
    pub(super) aux: Vec<Vec<L::Aux>>,
}

/// Where a group's snapshot is kept.
pub(super) fn snapshot_path(dir: &Path, group_name: &str) -> PathBuf {
    dir.join(format!("{group_name}.snapshot"))
}

fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Removes a group's snapshot and any half-written one.
pub(super) fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(tmp_path(path));
}

/// Writes the state at `stage`, replacing the group's previous snapshot.
/// On an error nothing is left behind but the error.
pub(super) fn write<L: Layout>(
    path: &Path,
    group_name: &str,
    game: &str,
    stage: Stage,
    vals: &[Vec<L::Val>],
    aux: &[Vec<L::Aux>],
) -> io::Result<()> {
    remove(path);
    let tmp = tmp_path(path);
    let written = write_to::<L>(&tmp, group_name, game, stage, vals, aux)
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        remove(path);
    }
    written
}

fn write_to<L: Layout>(
    tmp: &Path,
    group_name: &str,
    game: &str,
    stage: Stage,
    vals: &[Vec<L::Val>],
    aux: &[Vec<L::Aux>],
) -> io::Result<()> {
    let total: u64 = vals.iter().map(|v| v.len() as u64).sum();
    let (level, init_done) = match stage {
        Stage::Init { done, .. } => (0, done),
        Stage::Level(level) => (level, total),
    };
    let file = File::create(tmp)?;
    let mut out = HashWriter::new(BufWriter::with_capacity(8 << 20, file));
    out.write_all(MAGIC)?;
    for n in [
        VERSION,
        L::BYTES as u32,
        L::Val::WIDTH as u32,
        L::Aux::WIDTH as u32,
    ]
    .into_iter()
    .chain(aux_coding::<L>())
    .chain([level as u32])
    {
        out.write_all(&n.to_le_bytes())?;
    }
    out.write_all(&init_done.to_le_bytes())?;
    out.write_all(&(group_name.len() as u32).to_le_bytes())?;
    out.write_all(group_name.as_bytes())?;
    out.write_all(&(game.len() as u32).to_le_bytes())?;
    out.write_all(game.as_bytes())?;
    out.write_all(&(vals.len() as u32).to_le_bytes())?;
    for v in vals {
        out.write_all(&(v.len() as u64).to_le_bytes())?;
    }
    let mut buf = Vec::with_capacity(BATCH * 4);
    for (v, a) in vals.iter().zip(aux) {
        write_cells(&mut out, &mut buf, v)?;
        write_cells(&mut out, &mut buf, a)?;
    }
    let sum = out.hash.digest();
    let mut file = out.inner.into_inner().map_err(|e| e.into_error())?;
    file.write_all(&sum.to_le_bytes())?;
    // On disk before the rename makes it the snapshot: a machine that
    // goes down must not leave a snapshot whose bytes never arrived.
    file.sync_all()
}

fn write_cells<C: Cell>(out: &mut impl Write, buf: &mut Vec<u8>, cells: &[C]) -> io::Result<()> {
    for batch in cells.chunks(BATCH) {
        buf.clear();
        for c in batch {
            buf.extend_from_slice(&c.get().to_le_bytes()[..C::WIDTH]);
        }
        out.write_all(buf)?;
    }
    Ok(())
}

/// A snapshot's header: everything before the arrays.
struct Header {
    layout: u32,
    val_width: u32,
    aux_width: u32,
    coding: [u32; 4],
    stage: Stage,
    name: String,
    /// The board and rules (the table folder's name); `None` in versions
    /// before 3, which did not say.
    game: Option<String>,
    sizes: Vec<u64>,
    /// Bytes of the header in the file, up to the arrays.
    len: u64,
}

impl Header {
    /// The length of the whole file this header heads: the header, the
    /// arrays its sizes and widths make, the checksum (u128: a damaged
    /// header's sizes can be anything).
    fn file_len(&self) -> u128 {
        let total: u128 = self.sizes.iter().map(|&n| n as u128).sum();
        self.len as u128 + total * (self.val_width as u128 + self.aux_width as u128) + 8
    }
}

/// Why a build does not take up a snapshot (it says so, removes the file
/// and solves the group from the start).
#[derive(Debug)]
pub(crate) enum SnapshotError {
    /// The file is damaged: truncated, a header that does not read, a
    /// checksum that differs.
    Damaged(String),
    /// A sound file, but not one this build takes up: another group's,
    /// another game's, other class sizes, a layout the group is not
    /// solved in now.
    Refused(String),
    /// It could not be read (no permission, a disk error).
    Io(io::Error),
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Damaged(why) | SnapshotError::Refused(why) => f.write_str(why),
            SnapshotError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// A read error in the header or the arrays, in words: the end of the
/// file where more was due is a truncated file (it read "failed to fill
/// whole buffer"), bad contents damage.
fn read_error(e: io::Error, where_: &str) -> SnapshotError {
    match e.kind() {
        io::ErrorKind::UnexpectedEof => {
            SnapshotError::Damaged(format!("truncated: the file ends in {where_}"))
        }
        io::ErrorKind::InvalidData => SnapshotError::Damaged(e.to_string()),
        _ => SnapshotError::Io(e),
    }
}

fn invalid(msg: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg.into())
}

fn read_header(input: &mut impl Read) -> io::Result<Header> {
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(invalid("not a builder snapshot"));
    }
    let version = read_u32(input)?;
    if !(1..=VERSION).contains(&version) {
        return Err(invalid(format!(
            "snapshot format version {version}, this build reads 1 to {VERSION}"
        )));
    }
    let layout = read_u32(input)?;
    let (val_width, aux_width) = (read_u32(input)?, read_u32(input)?);
    let mut coding = [0u32; 4];
    for c in &mut coding {
        *c = read_u32(input)?;
    }
    let level = read_u32(input)?;
    let init_done = if version >= 2 {
        Some(read_u64(input)?)
    } else {
        None
    };
    let name = read_name(input, "group name")?;
    let game = if version >= 3 {
        Some(read_name(input, "board and rules")?)
    } else {
        None
    };
    let classes = read_u32(input)?;
    // Magic, the nine words from version to level, init_done, the two
    // strings after their lengths, the class count, the sizes.
    let len = 8
        + 4 * 9
        + if version >= 2 { 8 } else { 0 }
        + 4
        + name.len as u64
        + game.as_ref().map_or(0, |g| 4 + g.len as u64)
        + 4
        + 8 * classes as u64;
    if classes > 16 {
        return Err(invalid(format!("{classes} classes in a group")));
    }
    let sizes = (0..classes)
        .map(|_| read_u64(input))
        .collect::<io::Result<Vec<u64>>>()?;
    let total: u64 = sizes.iter().sum();
    let stage = match init_done.unwrap_or(total) {
        done if done > total => {
            return Err(invalid(format!("init done for {done} of {total} indices")));
        }
        done if done < total => {
            if level != 0 {
                return Err(invalid(format!("level {level} before init is done")));
            }
            Stage::Init { done, total }
        }
        _ => Stage::Level(u16::try_from(level).map_err(|_| invalid(format!("level {level}")))?),
    };
    Ok(Header {
        layout,
        val_width,
        aux_width,
        coding,
        stage,
        name: name.text,
        game: game.map(|g| g.text),
        sizes,
        len,
    })
}

/// A string of the header and its length in the file.
struct Name {
    text: String,
    len: u32,
}

/// A short UTF-8 string after its u32 length.
fn read_name(input: &mut impl Read, what: &str) -> io::Result<Name> {
    let len = read_u32(input)?;
    if len > 64 {
        return Err(invalid(format!("{what} too long")));
    }
    let mut bytes = vec![0u8; len as usize];
    input.read_exact(&mut bytes)?;
    Ok(Name {
        text: String::from_utf8_lossy(&bytes).into_owned(),
        len,
    })
}

/// How a layout stores its cells: what a snapshot must match to be taken
/// up in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Widths {
    bytes: u64,
    val_width: u32,
    aux_width: u32,
    coding: [u32; 4],
}

impl Widths {
    pub(super) fn of<L: Layout>() -> Widths {
        Widths {
            bytes: L::BYTES,
            val_width: L::Val::WIDTH as u32,
            aux_width: L::Aux::WIDTH as u32,
            coding: aux_coding::<L>(),
        }
    }
}

/// A snapshot being read, past its header: the arrays and the checksum
/// of every byte so far.
type Input = HashReader<BufReader<File>>;

/// Opens a snapshot and reads its header: `Ok(None)` when there is none.
/// The file's length is checked against the header (cheaply, before any
/// array is read or allocated): a truncated file is said to be one.
fn open_checked(path: &Path) -> Result<Option<(Header, Input)>, SnapshotError> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SnapshotError::Io(e)),
    };
    let file_len = file.metadata().map_err(SnapshotError::Io)?.len();
    let mut input = HashReader::new(BufReader::with_capacity(8 << 20, file));
    let header = read_header(&mut input).map_err(|e| read_error(e, "its header"))?;
    let want = header.file_len();
    if file_len as u128 != want {
        let what = if (file_len as u128) < want {
            "truncated"
        } else {
            "damaged, bytes after its end"
        };
        return Err(SnapshotError::Damaged(format!(
            "{what}: the file has {file_len} bytes where its header says {want}"
        )));
    }
    Ok(Some((header, input)))
}

/// Whether a build solving `group_name` of `game` in a layout of `widths`
/// takes up a snapshot with this header: its layout, group, game and, when
/// given, class sizes.
fn check_header(
    header: &Header,
    group_name: &str,
    game: &str,
    sizes: Option<&[u64]>,
    widths: Widths,
) -> Result<(), SnapshotError> {
    if header.val_width > widths.val_width
        || header.aux_width > widths.aux_width
        || header.coding != widths.coding
    {
        return Err(SnapshotError::Refused(format!(
            "taken in the {}-byte layout, which the {}-byte one the group is now solved in cannot take up",
            header.layout, widths.bytes
        )));
    }
    if header.name != group_name {
        return Err(SnapshotError::Refused(format!(
            "a snapshot of {}, not of {group_name}",
            header.name
        )));
    }
    // A snapshot copied from the folder of other rules (the same group,
    // the same sizes) was taken up, and wrote tables of wrong values with
    // good checksums. Older snapshots do not say: taken as this folder's.
    if let Some(theirs) = header.game.as_deref()
        && theirs != game
    {
        return Err(SnapshotError::Refused(format!(
            "a snapshot of the {theirs} game, not of {game}"
        )));
    }
    if let Some(sizes) = sizes
        && header.sizes != sizes
    {
        return Err(SnapshotError::Refused(format!(
            "class sizes {:?}, the group has {sizes:?}",
            header.sizes
        )));
    }
    Ok(())
}

/// What a build solving `group_name` of `game`, starting in a layout of
/// `widths`, would find of the group's snapshot, without reading its
/// arrays (`info` and `build --plan`, which said "building again goes on
/// from there" of a truncated file and of another game's): its stage and
/// layout's bytes a position if it takes it up, else why not. The arrays'
/// checksum is not read; a file damaged inside them is found by the build.
/// `sizes`: the group's class sizes, when known.
pub(super) fn check(
    path: &Path,
    group_name: &str,
    game: &str,
    sizes: Option<&[u64]>,
    widths: Widths,
) -> Result<(Stage, u32), SnapshotError> {
    let (header, _) = open_checked(path)?
        .ok_or_else(|| SnapshotError::Io(io::Error::new(io::ErrorKind::NotFound, "no snapshot")))?;
    check_header(&header, group_name, game, sizes, widths)?;
    Ok((header.stage, header.layout))
}

/// Reads the group's snapshot, if there is one: `Ok(None)` when there is
/// none, an error saying why when there is one that cannot be used (another
/// layout, another group, another board or rule set, damaged).
pub(super) fn read<L: Layout>(
    path: &Path,
    group_name: &str,
    game: &str,
    sizes: &[u64],
) -> Result<Option<Snapshot<L>>, SnapshotError> {
    let Some((header, mut input)) = open_checked(path)? else {
        return Ok(None);
    };
    check_header(&header, group_name, game, Some(sizes), Widths::of::<L>())?;
    let mut buf = Vec::with_capacity(BATCH * 4);
    let mut vals = Vec::new();
    let mut aux = Vec::new();
    for &n in sizes {
        let arrays = |e| read_error(e, "its arrays");
        vals.push(
            read_cells::<L::Val>(&mut input, &mut buf, n, header.val_width as usize)
                .map_err(arrays)?,
        );
        aux.push(
            read_cells::<L::Aux>(&mut input, &mut buf, n, header.aux_width as usize)
                .map_err(arrays)?,
        );
    }
    let sum = input.hash.digest();
    let mut stored_sum = [0u8; 8];
    input
        .inner
        .read_exact(&mut stored_sum)
        .map_err(|e| read_error(e, "its checksum"))?;
    if u64::from_le_bytes(stored_sum) != sum {
        return Err(SnapshotError::Damaged(
            "checksum mismatch: the file is damaged".into(),
        ));
    }
    if input.inner.read(&mut [0u8; 1]).map_err(SnapshotError::Io)? != 0 {
        return Err(SnapshotError::Damaged("bytes after the checksum".into()));
    }
    Ok(Some(Snapshot {
        stage: header.stage,
        vals,
        aux,
    }))
}

/// What a snapshot's header says: the group, how far its solving had got,
/// and the layout's bytes a position. (The folder's report uses
/// [`check`], which also says whether a build would take it up.)
#[cfg(test)]
pub(super) fn peek(path: &Path) -> io::Result<(String, Stage, u32)> {
    let header = read_header(&mut BufReader::new(File::open(path)?))?;
    Ok((header.name, header.stage, header.layout))
}

fn read_u32(input: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    input.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64(input: &mut impl Read) -> io::Result<u64> {
    let mut b = [0u8; 8];
    input.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

/// Reads `n` cells stored `width` bytes each (at most the cell's).
fn read_cells<C: Cell>(
    input: &mut impl Read,
    buf: &mut Vec<u8>,
    n: u64,
    width: usize,
) -> io::Result<Vec<C>> {
    let cells = C::zeroed(n);
    for batch in cells.chunks(BATCH) {
        buf.resize(batch.len() * width, 0);
        input.read_exact(buf)?;
        for (c, b) in batch.iter().zip(buf.chunks_exact(width)) {
            let mut word = [0u8; 4];
            word[..width].copy_from_slice(b);
            c.set(u32::from_le_bytes(word));
        }
    }
    Ok(cells)
}

/// How a layout codes its auxiliary words.
fn aux_coding<L: Layout>() -> [u32; 4] {
    [L::CNT_MASK, L::WIN_PENDING, L::DRAW_EXIT, L::DIST_SHIFT]
}

#[cfg(test)]
mod tests {
    use super::super::state::{Medium, Narrow, Wide};
    use super::*;

    fn filled<C: Cell>(n: u64, f: impl Fn(u64) -> u32) -> Vec<C> {
        let v = C::zeroed(n);
        for (i, c) in v.iter().enumerate() {
            c.set(f(i as u64));
        }
        v
    }

    fn words<C: Cell>(v: &[C]) -> Vec<u32> {
        v.iter().map(Cell::get).collect()
    }

    /// The board and rules the tests' snapshots are of.
    const GAME: &str = "7x3-corner-free-sl";

    fn err<L: Layout>(r: Result<Option<Snapshot<L>>, SnapshotError>) -> String {
        r.err().expect("refused").to_string()
    }

    #[test]
    fn a_snapshot_reads_back_and_refuses_another_layout_group_or_damage() {
        let dir = std::env::temp_dir().join(format!("fanorona-snapshot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = snapshot_path(&dir, "2v3+3v2");
        let sizes = [3_000_001u64, 17];
        let vals: Vec<Vec<_>> = sizes
            .iter()
            .map(|&n| filled(n, |i| (i * 7 % 251) as u32))
            .collect();
        let aux: Vec<Vec<_>> = sizes
            .iter()
            .map(|&n| filled(n, |i| (i * 40_503 % 65_521) as u32))
            .collect();
        assert!(
            read::<Narrow>(&path, "2v3+3v2", GAME, &sizes)
                .unwrap()
                .is_none()
        );
        write::<Narrow>(&path, "2v3+3v2", GAME, Stage::Level(41), &vals, &aux).unwrap();
        assert!(!tmp_path(&path).exists());

        assert_eq!(
            peek(&path).unwrap(),
            ("2v3+3v2".to_string(), Stage::Level(41), 3)
        );
        let back = read::<Narrow>(&path, "2v3+3v2", GAME, &sizes)
            .unwrap()
            .unwrap();
        assert_eq!(back.stage, Stage::Level(41));
        for s in 0..2 {
            assert_eq!(words(&back.vals[s]), words(&vals[s]));
            assert_eq!(words(&back.aux[s]), words(&aux[s]));
        }

        assert!(err(read::<Wide>(&path, "2v3+3v2", GAME, &sizes)).contains("3-byte layout"));
        // The 4-byte layout takes up the 3-byte one's snapshot.
        let wider = read::<Medium>(&path, "2v3+3v2", GAME, &sizes)
            .unwrap()
            .unwrap();
        assert_eq!(wider.stage, Stage::Level(41));
        for s in 0..2 {
            assert_eq!(words(&wider.vals[s]), words(&vals[s]));
            assert_eq!(words(&wider.aux[s]), words(&aux[s]));
        }
        assert!(err(read::<Narrow>(&path, "3v3", GAME, &sizes)).contains("not of 3v3"));
        // Not in the folder of other rules (copied there, it was taken up).
        assert!(
            err(read::<Narrow>(
                &path,
                "2v3+3v2",
                "7x3-corner-forced-sl",
                &sizes
            ))
            .contains("a snapshot of the 7x3-corner-free-sl game, not of 7x3-corner-forced-sl")
        );
        assert!(err(read::<Narrow>(&path, "2v3+3v2", GAME, &[3_000_001, 18])).contains("sizes"));
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[1_000_000] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(err(read::<Narrow>(&path, "2v3+3v2", GAME, &sizes)).contains("checksum"));
        bytes[1_000_000] ^= 1;
        bytes.truncate(bytes.len() - 3);
        std::fs::write(&path, &bytes).unwrap();
        assert!(read::<Narrow>(&path, "2v3+3v2", GAME, &sizes).is_err());

        remove(&path);
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_snapshot_taken_in_init_says_how_far_and_version_one_is_after_init() {
        let dir = std::env::temp_dir().join(format!("fanorona-snap-init-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = snapshot_path(&dir, "4v4");
        let sizes = [70_000u64];
        let vals = vec![filled::<<Narrow as Layout>::Val>(70_000, |i| {
            (i % 200) as u32
        })];
        let aux = vec![filled::<<Narrow as Layout>::Aux>(70_000, |i| {
            (i % 9) as u32
        })];
        let stage = Stage::Init {
            done: 32_768,
            total: 70_000,
        };
        write::<Narrow>(&path, "4v4", GAME, stage, &vals, &aux).unwrap();
        assert_eq!(peek(&path).unwrap(), ("4v4".to_string(), stage, 3));
        let back = read::<Medium>(&path, "4v4", GAME, &sizes).unwrap().unwrap();
        assert_eq!(back.stage, stage);
        assert_eq!(words(&back.vals[0]), words(&vals[0]));
        assert_eq!(
            stage.to_string(),
            "in init, 32768 of 70000 positions done (47%)"
        );

        // Version 2 had no game, version 1 no init_done either (its
        // snapshots come after init): the same file without the fields,
        // its version and checksum redone. Neither says its game, so it
        // is taken as the folder's.
        write::<Narrow>(&path, "4v4", GAME, Stage::Level(7), &vals, &aux).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let at = 8 + 4 * 9; // magic, then the nine words from version to level
        let game_at = at + 8 + 4 + "4v4".len();
        let after_game = game_at + 4 + GAME.len();
        for version in [1u32, 2] {
            let mut old = bytes[..at].to_vec();
            old[8..12].copy_from_slice(&version.to_le_bytes());
            if version == 2 {
                old.extend_from_slice(&bytes[at..at + 8]);
            }
            old.extend_from_slice(&bytes[at + 8..game_at]);
            old.extend_from_slice(&bytes[after_game..bytes.len() - 8]);
            let sum = xxhash_rust::xxh3::xxh3_64(&old);
            old.extend_from_slice(&sum.to_le_bytes());
            std::fs::write(&path, &old).unwrap();
            assert_eq!(peek(&path).unwrap().1, Stage::Level(7));
            let back = read::<Narrow>(&path, "4v4", "5x5-corner-free-sl", &sizes)
                .unwrap()
                .unwrap();
            assert_eq!(back.stage, Stage::Level(7));
            assert_eq!(words(&back.aux[0]), words(&aux[0]));
        }

        // A count past the group's indices, or a level before init is done.
        let refused = |init_done: u64, why: &str| {
            let mut bad = bytes.clone();
            bad[at..at + 8].copy_from_slice(&init_done.to_le_bytes());
            std::fs::write(&path, &bad).unwrap();
            let err = peek(&path).unwrap_err().to_string();
            assert!(err.contains(why), "{err}");
        };
        refused(70_001, "70001 of 70000");
        refused(5, "level 7 before init");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
