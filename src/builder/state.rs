//! The builder's memory: the state arrays a group is solved in (three
//! layouts, from 3 to 6 bytes a position, and what overflows each), the
//! solved classes held for the classes built on them, and the chunk marks
//! that let a level's sweep skip chunks with nothing to do.

use std::path::Path;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering};

use crate::index::{ClassIndexer, MaterialClass};
use crate::prefetch::prefetch;
use crate::table::{TableError, TableFile, TableHeader, write_table};

/// A solved class held in memory for the classes built on it.
pub(super) struct Solved<B> {
    pub(super) indexer: ClassIndexer<B>,
    pub(super) values: Held,
}

/// The classes built so far and held for the classes built on them,
/// found by their stone counts: init looks one up for every capture of
/// every position, and a hash map's look-up took 9% of 9x5 3v4+4v3's init
/// (`perf`, session 80).
pub(super) struct SolvedClasses<B> {
    /// At `key(class)`.
    by_key: Vec<Option<Box<Solved<B>>>>,
}

impl<B> Default for SolvedClasses<B> {
    fn default() -> Self {
        SolvedClasses { by_key: Vec::new() }
    }
}

impl<B> SolvedClasses<B> {
    fn key(class: MaterialClass) -> usize {
        ((class.mover as usize) << 9) | ((class.other as usize) << 1) | class.block as usize
    }
    pub(super) fn insert(&mut self, class: MaterialClass, solved: Solved<B>) {
        let k = Self::key(class);
        if self.by_key.len() <= k {
            self.by_key.resize_with(k + 1, || None);
        }
        self.by_key[k] = Some(Box::new(solved));
    }
    /// Lets go of every class `keep` refuses.
    pub(super) fn retain(&mut self, keep: impl Fn(MaterialClass) -> bool) {
        for (k, slot) in self.by_key.iter_mut().enumerate() {
            let class = MaterialClass::new((k >> 9) as u8, ((k >> 1) & 0xff) as u8, k & 1 == 1);
            if slot.is_some() && !keep(class) {
                *slot = None;
            }
        }
    }
    #[inline]
    pub(super) fn get(&self, class: MaterialClass) -> Option<&Solved<B>> {
        self.by_key.get(Self::key(class))?.as_deref()
    }
    pub(super) fn values(&self) -> impl Iterator<Item = &Solved<B>> {
        self.by_key.iter().flatten().map(|s| &**s)
    }
}

/// Table codes held in memory: one byte each when they fit, which halves
/// what the largest builds hold.
pub(super) enum Held {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

impl Held {
    pub(super) fn new(values: Vec<u16>) -> Held {
        if values.iter().all(|&c| c <= u8::MAX as u16) {
            let mut narrow = values.iter().map(|&c| c as u8);
            Held::Narrow(crate::hugepages::filled(values.len(), || {
                narrow.next().expect("as many as values")
            }))
        } else {
            Held::Wide(values)
        }
    }
    /// A table's codes, read into the width it stores them in (one byte
    /// for every table that fits it, as [`write_table`] writes them),
    /// calling `done` with each block's entries once it is in place.
    pub(super) fn read(table: &TableFile, done: impl Fn(u64) + Sync) -> Result<Held, TableError> {
        Ok(match table.read_all_narrow_with(&done)? {
            Some(narrow) => Held::Narrow(narrow),
            None => Held::Wide(table.read_all_with(&done)?),
        })
    }
    #[inline]
    pub(super) fn get(&self, i: usize) -> u16 {
        match self {
            Held::Narrow(v) => v[i] as u16,
            Held::Wide(v) => v[i],
        }
    }
    /// Asks for the code at `i` to be brought into cache ([`prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, i: usize) {
        match self {
            Held::Narrow(v) => prefetch(&v[i]),
            Held::Wide(v) => prefetch(&v[i]),
        }
    }
    pub(super) fn bytes(&self) -> u64 {
        match self {
            Held::Narrow(v) => v.len() as u64,
            Held::Wide(v) => v.len() as u64 * 2,
        }
    }
    pub(super) fn write(
        &self,
        path: &Path,
        header: TableHeader,
    ) -> Result<TableHeader, TableError> {
        match self {
            Held::Narrow(v) => write_table(path, header, v),
            Held::Wide(v) => write_table(path, header, v),
        }
    }
    /// Writes the codes' WDL file, `table` being the header the table was
    /// written with.
    pub(super) fn write_wdl(&self, path: &Path, table: &TableHeader) -> Result<(), TableError> {
        match self {
            Held::Narrow(v) => crate::wdl::write_wdl(path, table, v).map(drop),
            Held::Wide(v) => crate::wdl::write_wdl(path, table, v).map(drop),
        }
    }
}

/// An atomic cell of the builder's state arrays, read and written as `u32`
/// whatever its width.
pub(super) trait Cell: Send + Sync + Sized {
    /// Bytes of the cell (and of its value on disk, little-endian).
    const WIDTH: usize;
    fn zeroed(n: u64) -> Vec<Self>;
    fn get(&self) -> u32;
    fn set(&self, v: u32);
    /// Stores `new` if the cell holds `old`; whether it did.
    fn replace(&self, old: u32, new: u32) -> bool;
    fn update(&self, f: impl FnMut(u32) -> Option<u32>) -> Result<u32, u32>;
}

macro_rules! cell {
    ($atomic:ty, $int:ty) => {
        impl Cell for $atomic {
            const WIDTH: usize = size_of::<$int>();
            fn zeroed(n: u64) -> Vec<Self> {
                crate::hugepages::filled(n as usize, || <$atomic>::new(0))
            }
            #[inline]
            fn get(&self) -> u32 {
                self.load(Ordering::Relaxed) as u32
            }
            #[inline]
            fn set(&self, v: u32) {
                self.store(v as $int, Ordering::Relaxed)
            }
            #[inline]
            fn replace(&self, old: u32, new: u32) -> bool {
                self.compare_exchange(
                    old as $int,
                    new as $int,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
            }
            #[inline]
            fn update(&self, mut f: impl FnMut(u32) -> Option<u32>) -> Result<u32, u32> {
                self.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |a| {
                    f(a as u32).map(|v| v as $int)
                })
                .map(|a| a as u32)
                .map_err(|a| a as u32)
            }
        }
    };
}
cell!(AtomicU8, u8);
cell!(AtomicU16, u16);
cell!(AtomicU32, u32);

/// The layout of the builder's state while a group is solved: per index, a
/// value code (0 while unresolved) and an auxiliary word.
///
/// The auxiliary word of an unresolved position holds
/// - `count`: its distinct paika children (inside the group) not yet won;
/// - `WIN_PENDING`: a child outside the group is lost for its side, so a
///   win is pending at distance `dist`;
/// - `DRAW_EXIT`: a child outside the group is a draw, so this position is
///   never lost;
/// - `dist`: the pending win's distance, or else the slowest loss among
///   the children outside the group.
///
/// A group is solved in the narrow layout when it fits (3 bytes an index),
/// after a distance overflow in the medium one (4 bytes), and in the wide
/// one (6 bytes) when neither holds it.
pub(super) trait Layout {
    type Val: Cell;
    type Aux: Cell;
    const BYTES: u64;
    const CNT_MASK: u32;
    const WIN_PENDING: u32;
    const DRAW_EXIT: u32;
    const DIST_SHIFT: u32;
    /// The largest value code, and the largest `dist`, the cells hold.
    const MAX_CODE: u16;
    const MAX_DIST: u16;
    fn held(values: Vec<Self::Val>) -> Held;
}

/// One byte of value code (distances up to 126 plies) and two of
/// auxiliary word (up to 63 paika children).
pub(super) struct Narrow;

impl Layout for Narrow {
    type Val = AtomicU8;
    type Aux = AtomicU16;
    const BYTES: u64 = 3;
    const CNT_MASK: u32 = 0x3f;
    const WIN_PENDING: u32 = 1 << 6;
    const DRAW_EXIT: u32 = 1 << 7;
    const DIST_SHIFT: u32 = 8;
    const MAX_CODE: u16 = u8::MAX as u16;
    const MAX_DIST: u16 = u8::MAX as u16;
    fn held(values: Vec<AtomicU8>) -> Held {
        // Same size and alignment: the collect reuses the allocation.
        Held::Narrow(values.into_iter().map(AtomicU8::into_inner).collect())
    }
}

/// Two bytes of value code and the narrow two of auxiliary word: for
/// groups whose only overflow is a distance (4v4 on 9x5 has wins longer
/// than 126 plies), at 4 bytes an index instead of 6.
pub(super) struct Medium;

impl Layout for Medium {
    type Val = AtomicU16;
    type Aux = AtomicU16;
    const BYTES: u64 = 4;
    const CNT_MASK: u32 = Narrow::CNT_MASK;
    const WIN_PENDING: u32 = Narrow::WIN_PENDING;
    const DRAW_EXIT: u32 = Narrow::DRAW_EXIT;
    const DIST_SHIFT: u32 = Narrow::DIST_SHIFT;
    const MAX_CODE: u16 = u16::MAX;
    const MAX_DIST: u16 = Narrow::MAX_DIST;
    fn held(values: Vec<AtomicU16>) -> Held {
        Held::new(values.into_iter().map(AtomicU16::into_inner).collect())
    }
}

/// Two bytes of value code and four of auxiliary word (up to 255 paika
/// children).
pub(super) struct Wide;

impl Layout for Wide {
    type Val = AtomicU16;
    type Aux = AtomicU32;
    const BYTES: u64 = 6;
    const CNT_MASK: u32 = 0xff;
    const WIN_PENDING: u32 = 1 << 8;
    const DRAW_EXIT: u32 = 1 << 9;
    const DIST_SHIFT: u32 = 16;
    const MAX_CODE: u16 = u16::MAX;
    const MAX_DIST: u16 = u16::MAX;
    fn held(values: Vec<AtomicU16>) -> Held {
        Held::new(values.into_iter().map(AtomicU16::into_inner).collect())
    }
}

/// What does not fit a state layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overflow {
    /// A position has more distinct paika children than the count holds.
    Children,
    /// A distance is longer than the narrow layout holds (126 plies in its
    /// value code, 255 of a slow loss or pending win in its auxiliary
    /// word): the 4-byte layout is tried next.
    Distance,
    /// A distance is longer than the 4-byte layout's auxiliary word holds
    /// (255 plies of a slow loss or pending win): the group needs the wide
    /// layout. Noted apart from [`Overflow::Distance`] so that a build
    /// taken up again goes straight to the wide layout (it solved the
    /// group in 4 bytes again, hours, before finding it out).
    LongDistance,
}

impl Overflow {
    /// What exceeds the layout that overflowed (the narrow one, or the
    /// 4-byte one for [`Overflow::LongDistance`]).
    pub(super) fn narrow_limit(self) -> &'static str {
        match self {
            Overflow::Children => "a position has more than 63 paika moves",
            Overflow::Distance => "distances reach 126 plies, the most 3 bytes a position hold",
            Overflow::LongDistance => "distances pass 255 plies, the most 4 bytes a position hold",
        }
    }
    /// How an overflow note (and `info --json`) names it.
    pub fn word(self) -> &'static str {
        match self {
            Overflow::Children => "children",
            Overflow::Distance => "distance",
            Overflow::LongDistance => "long-distance",
        }
    }
    /// The bytes an index of the smallest layout that holds what overflowed.
    pub(super) fn bytes_needed(self) -> u64 {
        match self {
            Overflow::Children | Overflow::LongDistance => Wide::BYTES,
            Overflow::Distance => Medium::BYTES,
        }
    }
}

/// The levels at which positions of one chunk of indices are settled (or
/// have a win pending), so a level's sweep skips the chunks with none.
/// Levels from 127 up share the last bit.
#[derive(Default)]
pub(super) struct ChunkLevels([AtomicU64; 2]);

impl ChunkLevels {
    #[inline]
    pub(super) fn bit(level: u16) -> (usize, u64) {
        let l = level.min(127) as usize;
        (l / 64, 1 << (l % 64))
    }
    #[inline]
    pub(super) fn mark(&self, level: u16) {
        let (w, b) = Self::bit(level);
        // Most marks find the bit set already: a load is cheaper than a
        // read-modify-write on a shared line.
        if self.0[w].load(Ordering::Relaxed) & b == 0 {
            self.0[w].fetch_or(b, Ordering::Relaxed);
        }
    }
    #[inline]
    pub(super) fn has(&self, level: u16) -> bool {
        let (w, b) = Self::bit(level);
        self.0[w].load(Ordering::Relaxed) & b != 0
    }
}
