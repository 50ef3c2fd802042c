//! Snapshots of a group's solving state, so that a build killed in the
//! middle of a large group (9x5's 8-stone groups take 30 to 75 minutes
//! each) resumes at the level sweep it had reached instead of from the
//! start.
//!
//! A snapshot is the state arrays of every class of the group (value codes
//! and auxiliary words, in the layout the group is being solved in) as they
//! stand before level `d`'s sweep. Everything else the sweeps keep (the
//! chunk marks, the counts that choose how wins are searched, the highest
//! level) follows from those arrays and is derived again on resuming.
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
//! | version | 4 | u32, 1 |
//! | layout | 4 | u32, bytes a position (3, 4 or 6) |
//! | value_width, aux_width | 4 + 4 | u32, bytes of a value code and of an auxiliary word |
//! | cnt_mask, win_pending, draw_exit, dist_shift | 4 x 4 | u32 each, how an auxiliary word is coded (`Layout`) |
//! | level | 4 | u32, the level whose sweep comes next |
//! | name_len, name | 4 + name_len | the group's name, UTF-8 |
//! | classes | 4 | u32, classes in the group |
//! | sizes | 8 x classes | u64, indices of each class |
//! | arrays | | per class: its value codes, then its auxiliary words |
//! | xxh3 | 8 | xxh3-64 of every byte before it |

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::state::{Cell, Layout};
use crate::hashio::{HashReader, HashWriter};

const MAGIC: &[u8; 8] = b"FNRSNAPS";
const VERSION: u32 = 1;
/// Cells converted to bytes at a time.
const BATCH: usize = 1 << 20;

/// The state of a group before a level's sweep.
pub(super) struct Snapshot<L: Layout> {
    pub(super) level: u16,
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

/// Writes the state before level `level`'s sweep, replacing the group's
/// previous snapshot. On an error nothing is left behind but the error.
pub(super) fn write<L: Layout>(
    path: &Path,
    group_name: &str,
    level: u16,
    vals: &[Vec<L::Val>],
    aux: &[Vec<L::Aux>],
) -> io::Result<()> {
    remove(path);
    let tmp = tmp_path(path);
    let written = write_to::<L>(&tmp, group_name, level, vals, aux)
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        remove(path);
    }
    written
}

fn write_to<L: Layout>(
    tmp: &Path,
    group_name: &str,
    level: u16,
    vals: &[Vec<L::Val>],
    aux: &[Vec<L::Aux>],
) -> io::Result<()> {
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
    .chain([level as u32, group_name.len() as u32])
    {
        out.write_all(&n.to_le_bytes())?;
    }
    out.write_all(group_name.as_bytes())?;
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

/// Reads the group's snapshot, if there is one: `Ok(None)` when there is
/// none, an error saying why when there is one that cannot be used (another
/// layout, another group, damaged).
pub(super) fn read<L: Layout>(
    path: &Path,
    group_name: &str,
    sizes: &[u64],
) -> io::Result<Option<Snapshot<L>>> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let invalid = |msg: String| io::Error::new(io::ErrorKind::InvalidData, msg);
    let mut input = HashReader::new(BufReader::with_capacity(8 << 20, file));
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(invalid("not a builder snapshot".into()));
    }
    let version = read_u32(&mut input)?;
    if version != VERSION {
        return Err(invalid(format!(
            "snapshot format version {version}, this build reads {VERSION}"
        )));
    }
    let layout = read_u32(&mut input)?;
    let (val_width, aux_width) = (read_u32(&mut input)?, read_u32(&mut input)?);
    let mut coding = [0u32; 4];
    for c in &mut coding {
        *c = read_u32(&mut input)?;
    }
    if val_width as usize > L::Val::WIDTH
        || aux_width as usize > L::Aux::WIDTH
        || coding != aux_coding::<L>()
    {
        return Err(invalid(format!(
            "taken in the {layout}-byte layout, which the {}-byte one the group is now solved in cannot take up",
            L::BYTES
        )));
    }
    let level = read_u32(&mut input)?;
    let name_len = read_u32(&mut input)?;
    if name_len as usize != group_name.len() {
        return Err(invalid(format!("not a snapshot of {group_name}")));
    }
    let mut name = vec![0u8; name_len as usize];
    input.read_exact(&mut name)?;
    if name != group_name.as_bytes() {
        return Err(invalid(format!(
            "a snapshot of {}, not of {group_name}",
            String::from_utf8_lossy(&name)
        )));
    }
    let classes = read_u32(&mut input)?;
    let mut stored = Vec::new();
    for _ in 0..classes.min(16) {
        let mut b = [0u8; 8];
        input.read_exact(&mut b)?;
        stored.push(u64::from_le_bytes(b));
    }
    if stored != sizes {
        return Err(invalid(format!(
            "class sizes {stored:?}, the group has {sizes:?}"
        )));
    }
    let level = u16::try_from(level).map_err(|_| invalid(format!("level {level}")))?;
    let mut buf = Vec::with_capacity(BATCH * 4);
    let mut vals = Vec::new();
    let mut aux = Vec::new();
    for &n in sizes {
        vals.push(read_cells::<L::Val>(
            &mut input,
            &mut buf,
            n,
            val_width as usize,
        )?);
        aux.push(read_cells::<L::Aux>(
            &mut input,
            &mut buf,
            n,
            aux_width as usize,
        )?);
    }
    let sum = input.hash.digest();
    let mut stored_sum = [0u8; 8];
    input.inner.read_exact(&mut stored_sum)?;
    if u64::from_le_bytes(stored_sum) != sum {
        return Err(invalid("checksum mismatch: the file is damaged".into()));
    }
    if input.inner.read(&mut [0u8; 1])? != 0 {
        return Err(invalid("bytes after the checksum".into()));
    }
    Ok(Some(Snapshot { level, vals, aux }))
}

/// What a snapshot's header says: the group, the level whose sweep comes
/// next, and the layout's bytes a position.
pub(super) fn peek(path: &Path) -> io::Result<(String, u16, u32)> {
    let mut input = BufReader::new(File::open(path)?);
    let invalid = |msg: &str| io::Error::new(io::ErrorKind::InvalidData, msg.to_string());
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic)?;
    if &magic != MAGIC || read_u32(&mut input)? != VERSION {
        return Err(invalid("not a builder snapshot of this version"));
    }
    let layout = read_u32(&mut input)?;
    // Widths and the auxiliary words' coding.
    for _ in 0..6 {
        read_u32(&mut input)?;
    }
    let level = read_u32(&mut input)?;
    let name_len = read_u32(&mut input)?;
    if name_len > 64 {
        return Err(invalid("group name too long"));
    }
    let mut name = vec![0u8; name_len as usize];
    input.read_exact(&mut name)?;
    let level = u16::try_from(level).map_err(|_| invalid("level out of range"))?;
    Ok((String::from_utf8_lossy(&name).into_owned(), level, layout))
}

fn read_u32(input: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    input.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
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

    fn err<L: Layout>(r: io::Result<Option<Snapshot<L>>>) -> String {
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
        assert!(read::<Narrow>(&path, "2v3+3v2", &sizes).unwrap().is_none());
        write::<Narrow>(&path, "2v3+3v2", 41, &vals, &aux).unwrap();
        assert!(!tmp_path(&path).exists());

        assert_eq!(peek(&path).unwrap(), ("2v3+3v2".to_string(), 41, 3));
        let back = read::<Narrow>(&path, "2v3+3v2", &sizes).unwrap().unwrap();
        assert_eq!(back.level, 41);
        for s in 0..2 {
            assert_eq!(words(&back.vals[s]), words(&vals[s]));
            assert_eq!(words(&back.aux[s]), words(&aux[s]));
        }

        assert!(err(read::<Wide>(&path, "2v3+3v2", &sizes)).contains("3-byte layout"));
        // The 4-byte layout takes up the 3-byte one's snapshot.
        let wider = read::<Medium>(&path, "2v3+3v2", &sizes).unwrap().unwrap();
        assert_eq!(wider.level, 41);
        for s in 0..2 {
            assert_eq!(words(&wider.vals[s]), words(&vals[s]));
            assert_eq!(words(&wider.aux[s]), words(&aux[s]));
        }
        assert!(err(read::<Narrow>(&path, "3v3", &sizes)).contains("not a snapshot of 3v3"));
        assert!(err(read::<Narrow>(&path, "2v3+3v2", &[3_000_001, 18])).contains("sizes"));
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[1_000_000] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(err(read::<Narrow>(&path, "2v3+3v2", &sizes)).contains("checksum"));
        bytes[1_000_000] ^= 1;
        bytes.truncate(bytes.len() - 3);
        std::fs::write(&path, &bytes).unwrap();
        assert!(read::<Narrow>(&path, "2v3+3v2", &sizes).is_err());

        remove(&path);
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
