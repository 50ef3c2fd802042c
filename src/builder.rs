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

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::bits::Bits;
use crate::geometry::{Board, Direction, Geometry, Symmetry};
use crate::index::{ClassIndexer, DecodeCache, MaterialClass};
use crate::movegen::{capturers, for_each_turn, has_turn};
use crate::position::Position;
use crate::rules::{Rules, Stalemate};
use crate::table::{TableError, TableFile, TableHeader, decode, encode, write_table};
use crate::value::Value;

/// Indices per chunk of a parallel sweep.
const CHUNK: u64 = 1 << 14;

// The builder's per-position state word, while a group is solved.
const CNT_MASK: u32 = 0xff;
/// A child outside the group is lost for its side: a win is pending at
/// distance `dist`.
const WIN_PENDING: u32 = 1 << 8;
/// A child outside the group is a draw: this position is never lost.
const DRAW_EXIT: u32 = 1 << 9;
/// Not the least index of its orbit: filled in at the end.
const NONCANON: u32 = 1 << 10;
const DIST_SHIFT: u32 = 16;

/// Why a build stopped.
#[derive(Debug)]
pub enum BuildError {
    Table(TableError),
    Io {
        path: PathBuf,
        err: std::io::Error,
    },
    /// A group would not fit in the memory allowed.
    TooBig {
        group: String,
        needed: u64,
        limit: u64,
    },
    /// More stones asked for than the board has points, or none.
    BadPieces {
        pieces: u32,
        board: Board,
    },
    /// A position has more paika children than the state word counts.
    TooManyChildren {
        class: MaterialClass,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Table(e) => write!(f, "{e}"),
            BuildError::Io { path, err } => write!(f, "{}: {err}", path.display()),
            BuildError::TooBig {
                group,
                needed,
                limit,
            } => write!(
                f,
                "building {group} needs about {:.2} GiB but --memory allows {:.2} GiB: raise --memory or build fewer stones",
                *needed as f64 / GIB,
                *limit as f64 / GIB
            ),
            BuildError::BadPieces { pieces, board } => write!(
                f,
                "--pieces {pieces}: the {board} board has {} points; ask for 2 to {} stones",
                board.points(),
                board.points()
            ),
            BuildError::TooManyChildren { class } => {
                write!(
                    f,
                    "class {class} has positions with more than 255 paika moves"
                )
            }
        }
    }
}

impl std::error::Error for BuildError {}

impl From<TableError> for BuildError {
    fn from(e: TableError) -> Self {
        BuildError::Table(e)
    }
}

const GIB: f64 = (1u64 << 30) as f64;

/// How a build runs.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Memory the build may use, in bytes.
    pub memory_bytes: u64,
    /// Draw progress bars (on a terminal).
    pub progress: bool,
    /// How new wins are found at each level (the tests force each way).
    pub win_search: WinSearch,
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
        }
    }
}

/// What the build did for one class.
#[derive(Clone, Debug)]
pub struct ClassSummary {
    pub class: MaterialClass,
    pub positions: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub longest: u16,
    pub seconds: f64,
    pub bytes: u64,
    /// Found complete on disk and not rebuilt.
    pub reused: bool,
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
        }
    }
}

/// The folder of a board and rule set inside a database directory.
pub fn table_dir(db: &Path, board: &Board, rules: &Rules) -> PathBuf {
    // Tall boards share their wide transpose's tables.
    db.join(format!("{}-{}", board.table_board(), rules.slug()))
}

/// The path of a class's table.
pub fn table_path(dir: &Path, class: MaterialClass) -> PathBuf {
    dir.join(format!("{}.fnt", class.name()))
}

/// The classes with at most `pieces` stones, grouped in build order.
pub fn build_groups(board: &Board, rules: &Rules, pieces: u32) -> Vec<Vec<MaterialClass>> {
    let n = board.points() as u32;
    let mut groups = Vec::new();
    for k in 2..=pieces.min(n) {
        if rules.sacrifice {
            for m in 1..k {
                groups.push(vec![MaterialClass::new(m as u8, (k - m) as u8, true)]);
            }
        }
        for m in 1..k {
            let o = k - m;
            if m < o {
                groups.push(vec![
                    MaterialClass::new(m as u8, o as u8, false),
                    MaterialClass::new(o as u8, m as u8, false),
                ]);
            } else if m == o {
                groups.push(vec![MaterialClass::new(m as u8, o as u8, false)]);
            }
        }
    }
    groups
}

/// A solved class held in memory for the classes built on it.
struct Solved<B> {
    indexer: ClassIndexer<B>,
    values: Held,
}

/// Table codes held in memory: one byte each when they fit, which halves
/// what the largest builds hold.
enum Held {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

impl Held {
    fn new(values: Vec<u16>) -> Held {
        if values.iter().all(|&c| c <= u8::MAX as u16) {
            Held::Narrow(values.iter().map(|&c| c as u8).collect())
        } else {
            Held::Wide(values)
        }
    }
    #[inline]
    fn get(&self, i: usize) -> u16 {
        match self {
            Held::Narrow(v) => v[i] as u16,
            Held::Wide(v) => v[i],
        }
    }
    fn bytes(&self) -> u64 {
        match self {
            Held::Narrow(v) => v.len() as u64,
            Held::Wide(v) => v.len() as u64 * 2,
        }
    }
}

/// Builds the tables of one board and rule set.
pub struct Builder<B> {
    pub geo: Geometry<B>,
    syms: Vec<Symmetry>,
    pub rules: Rules,
    pub dir: PathBuf,
    options: BuildOptions,
    solved: HashMap<MaterialClass, Solved<B>>,
}

/// The value of a position one of whose sides has no table: no stones for
/// the side to move, or none for the other side (only reachable by hand).
pub fn trivial_value<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
) -> Option<Value> {
    if pos.mover().is_empty() {
        Some(Value::Loss(0))
    } else if pos.waiter().is_empty() {
        // Whatever the side to move plays, the other side then has no
        // stones on its turn.
        Some(if has_turn(geo, rules, pos) {
            Value::Win(1)
        } else {
            stalemate_value(rules)
        })
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

#[inline]
fn level(code: u16) -> u16 {
    if code % 2 == 1 {
        code.div_ceil(2)
    } else {
        code / 2 - 1
    }
}

impl<B: Bits> Builder<B> {
    pub fn new(db: &Path, board: Board, rules: Rules, options: BuildOptions) -> Builder<B> {
        // A tall board's tables are its wide transpose's (`Board::table_board`).
        let board = board.table_board();
        Builder {
            geo: Geometry::new(board),
            syms: board.symmetries(),
            dir: table_dir(db, &board, &rules),
            rules,
            options,
            solved: HashMap::new(),
        }
    }

    /// Builds every class with at most `pieces` stones, reusing complete
    /// tables found on disk, and reports each class.
    pub fn build(
        &mut self,
        pieces: u32,
        mut report: impl FnMut(&ClassSummary),
    ) -> Result<Vec<ClassSummary>, BuildError> {
        let board = self.geo.board;
        if pieces < 2 || pieces as usize > board.points() {
            // A one-point board has no class with both sides on it; allow
            // it as an empty build rather than an error.
            if !(board.points() < 2 && pieces as usize <= board.points().max(1)) {
                return Err(BuildError::BadPieces { pieces, board });
            }
        }
        std::fs::create_dir_all(&self.dir).map_err(|err| BuildError::Io {
            path: self.dir.clone(),
            err,
        })?;
        let mut out = Vec::new();
        for group in build_groups(&board, &self.rules, pieces) {
            for s in self.build_group(&group)? {
                report(&s);
                out.push(s);
            }
        }
        Ok(out)
    }

    /// Loads a complete, valid table of a class, if there is one.
    fn load(&self, class: MaterialClass) -> Option<(Vec<u16>, TableFile)> {
        let path = table_path(&self.dir, class);
        let t = TableFile::open(&path).ok()?;
        let want = TableHeader::new(self.geo.board.cols, self.geo.board.rows, &self.rules, class);
        if !t.header.same_rules(&want) || t.header.class() != class {
            return None;
        }
        let values = t.read_all().ok()?;
        Some((values, t))
    }

    fn build_group(&mut self, group: &[MaterialClass]) -> Result<Vec<ClassSummary>, BuildError> {
        let board = self.geo.board;
        let t0 = Instant::now();
        let name = group.iter().map(|c| c.name()).collect::<Vec<_>>().join("+");
        // Resume: a group whose tables are all complete is loaded, not built.
        let loaded: Vec<_> = group.iter().map(|&c| self.load(c)).collect();
        if loaded.iter().all(Option::is_some) {
            let mut out = Vec::new();
            for (&class, l) in group.iter().zip(loaded) {
                let (values, t) = l.expect("checked");
                out.push(ClassSummary::from_header(&t.header, t.file_len, 0.0, true));
                self.solved.insert(
                    class,
                    Solved {
                        indexer: ClassIndexer::new(board, class),
                        values: Held::new(values),
                    },
                );
            }
            return Ok(out);
        }

        let indexers: Vec<ClassIndexer<B>> =
            group.iter().map(|&c| ClassIndexer::new(board, c)).collect();
        let sizes: Vec<u64> = indexers.iter().map(|ix| ix.size()).collect();
        let total: u64 = sizes.iter().sum();
        let held: u64 = self.solved.values().map(|s| s.values.bytes()).sum();
        let needed = total * 6 + held;
        if needed > self.options.memory_bytes {
            return Err(BuildError::TooBig {
                group: name,
                needed,
                limit: self.options.memory_bytes,
            });
        }
        let vals: Vec<Vec<AtomicU16>> = sizes
            .iter()
            .map(|&n| (0..n).map(|_| AtomicU16::new(0)).collect())
            .collect();
        let aux: Vec<Vec<AtomicU32>> = sizes
            .iter()
            .map(|&n| (0..n).map(|_| AtomicU32::new(0)).collect())
            .collect();
        let max_level = AtomicU16::new(0);
        let pending_any = AtomicBool::new(false);
        let overflow = AtomicBool::new(false);

        // Phase 1: init.
        let bar = self.bar(total, &format!("{name} init"));
        for (slot, ix) in indexers.iter().enumerate() {
            let n_chunks = sizes[slot].div_ceil(CHUNK);
            (0..n_chunks).into_par_iter().for_each(|ch| {
                let mut cache = DecodeCache::default();
                let mut inside: Vec<(usize, u64)> = Vec::new();
                let lo = ch * CHUNK;
                let hi = (lo + CHUNK).min(sizes[slot]);
                for i in lo..hi {
                    let pos = ix.decode(i, &mut cache);
                    if !ix.is_canonical(i, &pos) {
                        aux[slot][i as usize].store(NONCANON, Ordering::Relaxed);
                        continue;
                    }
                    inside.clear();
                    // Two paika children (same stones of the other side) can
                    // be images of each other only under a symmetry that
                    // fixes the other side's stones; otherwise each child is
                    // its own orbit and need not be indexed to be counted.
                    let waiter = pos.waiter();
                    let must_index = self.syms[1..].iter().any(|g| g.apply(waiter) == waiter);
                    let mut raw_inside = 0usize;
                    let mut exit_win = u16::MAX;
                    let mut max_loss = 0u16;
                    let mut draw_exit = false;
                    let mut any = false;
                    for_each_turn(&self.geo, &self.rules, &pos, |_, child| {
                        any = true;
                        let cc = MaterialClass::of(child);
                        if let Some(s) = group.iter().position(|&g| g == cc) {
                            if must_index {
                                inside.push((s, indexers[s].index_of(child)));
                            } else {
                                raw_inside += 1;
                            }
                        } else {
                            match self.lookup(child) {
                                Value::Loss(n) => exit_win = exit_win.min(n + 1),
                                Value::Win(n) => max_loss = max_loss.max(n + 1),
                                Value::Draw => draw_exit = true,
                            }
                        }
                    });
                    inside.sort_unstable();
                    inside.dedup();
                    let n_inside = inside.len() + raw_inside;
                    let code = if !any {
                        Some(encode(stalemate_value(&self.rules)))
                    } else if n_inside == 0 {
                        Some(if exit_win != u16::MAX {
                            encode(Value::Win(exit_win))
                        } else if draw_exit {
                            0
                        } else {
                            encode(Value::Loss(max_loss))
                        })
                    } else {
                        if n_inside > CNT_MASK as usize {
                            overflow.store(true, Ordering::Relaxed);
                        }
                        let mut a = n_inside as u32;
                        if exit_win != u16::MAX {
                            a |= WIN_PENDING | (exit_win as u32) << DIST_SHIFT;
                            pending_any.store(true, Ordering::Relaxed);
                            max_level.fetch_max(exit_win, Ordering::Relaxed);
                        } else {
                            a |= (max_loss as u32) << DIST_SHIFT;
                        }
                        if draw_exit {
                            a |= DRAW_EXIT;
                        }
                        aux[slot][i as usize].store(a, Ordering::Relaxed);
                        None
                    };
                    if let Some(c) = code
                        && c != 0
                    {
                        vals[slot][i as usize].store(c, Ordering::Relaxed);
                        max_level.fetch_max(level(c), Ordering::Relaxed);
                    }
                }
                bar.inc(hi - lo);
            });
        }
        bar.finish_and_clear();
        let t_init = t0.elapsed().as_secs_f64();
        if overflow.load(Ordering::Relaxed) {
            return Err(BuildError::TooManyChildren { class: group[0] });
        }

        // Phase 2: levels.
        //
        // Counts that choose, at each level, how new wins are found: by
        // walking back from the lost positions (cheap when few were lost),
        // or by looking forward from the positions still unresolved (cheap
        // when few are left, as in lopsided classes where most are won
        // early and the weak side's many losses lead mostly to parents won
        // already).
        let max_levels = u16::MAX as usize + 1;
        let lost_at: Vec<Vec<AtomicU64>> = (0..group.len())
            .map(|_| (0..max_levels).map(|_| AtomicU64::new(0)).collect())
            .collect();
        let open: Vec<AtomicU64> = (0..group.len()).map(|_| AtomicU64::new(0)).collect();
        for slot in 0..group.len() {
            let (lost, unresolved) = vals[slot]
                .par_iter()
                .zip(aux[slot].par_iter())
                .fold(
                    || (HashMap::<u16, u64>::new(), 0u64),
                    |(mut lost, mut unresolved), (v, a)| {
                        let v = v.load(Ordering::Relaxed);
                        if v != 0 && v.is_multiple_of(2) {
                            *lost.entry(level(v)).or_default() += 1;
                        } else if v == 0 && a.load(Ordering::Relaxed) & CNT_MASK != 0 {
                            unresolved += 1;
                        }
                        (lost, unresolved)
                    },
                )
                .reduce(
                    || (HashMap::new(), 0),
                    |(mut a, ua), (b, ub)| {
                        for (k, v) in b {
                            *a.entry(k).or_default() += v;
                        }
                        (a, ua + ub)
                    },
                );
            for (l, n) in lost {
                lost_at[slot][l as usize].store(n, Ordering::Relaxed);
            }
            open[slot].store(unresolved, Ordering::Relaxed);
        }
        let bar = self.bar(total, &format!("{name} levels"));
        let mut d: u16 = 0;
        // A block class has no paika edges inside: init settled it.
        let has_edges = !group[0].block;
        while has_edges && d <= max_level.load(Ordering::Relaxed) {
            bar.set_message(format!("{name} level {d}"));
            if pending_any.load(Ordering::Relaxed) && d > 0 {
                for (slot, a) in aux.iter().enumerate() {
                    a.par_iter().enumerate().for_each(|(i, a)| {
                        let a = a.load(Ordering::Relaxed);
                        if a & WIN_PENDING != 0
                            && (a >> DIST_SHIFT) as u16 == d
                            && vals[slot][i]
                                .compare_exchange(
                                    0,
                                    encode(Value::Win(d)),
                                    Ordering::Relaxed,
                                    Ordering::Relaxed,
                                )
                                .is_ok()
                        {
                            open[slot].fetch_sub(1, Ordering::Relaxed);
                        }
                    });
                }
            }
            bar.set_position(0);
            for (slot, ix) in indexers.iter().enumerate() {
                // Parents of this class's positions are in the other class
                // of the pair (or this one, for m = o).
                let pslot = if group.len() == 2 { 1 - slot } else { 0 };
                let pix = &indexers[pslot];
                let n_chunks = sizes[slot].div_ceil(CHUNK);
                // Walking back from a lost position tries each stone of the
                // side that moved in each direction; looking forward from
                // an open parent generates its turns and indexes each.
                let back_cost = lost_at[slot][d as usize].load(Ordering::Relaxed) as f64
                    * group[slot].other as f64;
                let forward_cost =
                    open[pslot].load(Ordering::Relaxed) as f64 * group[pslot].mover as f64 * 2.0;
                let forward = match self.options.win_search {
                    WinSearch::Auto => forward_cost < back_cost,
                    WinSearch::Backward => false,
                    WinSearch::Forward => true,
                };
                if forward {
                    let lost_code = encode(Value::Loss(d));
                    let won_code = encode(Value::Win(d + 1));
                    (0..sizes[pslot].div_ceil(CHUNK))
                        .into_par_iter()
                        .for_each(|ch| {
                            let mut cache = DecodeCache::default();
                            let lo = ch * CHUNK;
                            let hi = (lo + CHUNK).min(sizes[pslot]);
                            for q in lo..hi {
                                if vals[pslot][q as usize].load(Ordering::Relaxed) != 0
                                    || aux[pslot][q as usize].load(Ordering::Relaxed) & CNT_MASK
                                        == 0
                                {
                                    continue;
                                }
                                let qpos = pix.decode(q, &mut cache);
                                let mut wins = false;
                                for_each_turn(&self.geo, &self.rules, &qpos, |_, child| {
                                    if !wins && MaterialClass::of(child) == group[slot] {
                                        let c = ix.index_of(child) as usize;
                                        wins = vals[slot][c].load(Ordering::Relaxed) == lost_code;
                                    }
                                });
                                if wins
                                    && vals[pslot][q as usize]
                                        .compare_exchange(
                                            0,
                                            won_code,
                                            Ordering::Relaxed,
                                            Ordering::Relaxed,
                                        )
                                        .is_ok()
                                {
                                    open[pslot].fetch_sub(1, Ordering::Relaxed);
                                    max_level.fetch_max(d + 1, Ordering::Relaxed);
                                }
                            }
                        });
                }
                (0..n_chunks).into_par_iter().for_each(|ch| {
                    let mut cache = DecodeCache::default();
                    let mut parents: Vec<u64> = Vec::new();
                    let lo = ch * CHUNK;
                    let hi = (lo + CHUNK).min(sizes[slot]);
                    for i in lo..hi {
                        let code = vals[slot][i as usize].load(Ordering::Relaxed);
                        if code == 0 || level(code) != d {
                            continue;
                        }
                        let lost = code.is_multiple_of(2);
                        if lost && forward {
                            continue; // Its parents were found looking forward.
                        }
                        let pos = ix.decode(i, &mut cache);
                        self.paika_parents(&pos, pix, &mut parents);
                        for &q in parents.iter() {
                            let q = q as usize;
                            if lost {
                                if vals[pslot][q]
                                    .compare_exchange(
                                        0,
                                        encode(Value::Win(d + 1)),
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                                {
                                    open[pslot].fetch_sub(1, Ordering::Relaxed);
                                    max_level.fetch_max(d + 1, Ordering::Relaxed);
                                }
                                continue;
                            }
                            if vals[pslot][q].load(Ordering::Relaxed) != 0 {
                                continue;
                            }
                            let prev = aux[pslot][q].fetch_update(
                                Ordering::Relaxed,
                                Ordering::Relaxed,
                                |a| {
                                    let cnt = a & CNT_MASK;
                                    if cnt == 0 {
                                        return None;
                                    }
                                    let mut na = (a & !CNT_MASK) | (cnt - 1);
                                    if a & WIN_PENDING == 0 {
                                        let dist = ((a >> DIST_SHIFT) as u16).max(d + 1);
                                        na = (na & 0xffff) | (dist as u32) << DIST_SHIFT;
                                    }
                                    Some(na)
                                },
                            );
                            if let Ok(a) = prev
                                && a & CNT_MASK == 1
                                && a & (WIN_PENDING | DRAW_EXIT) == 0
                            {
                                let dist = ((a >> DIST_SHIFT) as u16).max(d + 1);
                                if vals[pslot][q]
                                    .compare_exchange(
                                        0,
                                        encode(Value::Loss(dist)),
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                                {
                                    open[pslot].fetch_sub(1, Ordering::Relaxed);
                                    lost_at[pslot][dist as usize].fetch_add(1, Ordering::Relaxed);
                                    max_level.fetch_max(dist, Ordering::Relaxed);
                                }
                            }
                        }
                    }
                    bar.inc(hi - lo);
                });
            }
            d += 1;
        }
        bar.finish_and_clear();
        if std::env::var_os("FANORONA_TIMING").is_some() {
            eprintln!(
                "{name}: init {t_init:.2} s, levels {:.2} s ({d} levels)",
                t0.elapsed().as_secs_f64() - t_init
            );
        }

        // Fill the non-canonical duplicates with their orbit's value, write.
        let (mut vals, mut aux) = (vals, aux);
        let mut out = Vec::new();
        for (slot, ix) in indexers.into_iter().enumerate() {
            let class = group[slot];
            let (v, a) = (&vals[slot], &aux[slot]);
            (0..sizes[slot].div_ceil(CHUNK))
                .into_par_iter()
                .for_each(|ch| {
                    let mut cache = DecodeCache::default();
                    let lo = ch * CHUNK;
                    let hi = (lo + CHUNK).min(sizes[slot]);
                    for i in lo..hi {
                        if a[i as usize].load(Ordering::Relaxed) & NONCANON != 0 {
                            let pos = ix.decode(i, &mut cache);
                            let j = ix.index_of(&pos) as usize;
                            v[i as usize].store(v[j].load(Ordering::Relaxed), Ordering::Relaxed);
                        }
                    }
                });
            drop(std::mem::take(&mut aux[slot]));
            // Same size and alignment: the collect reuses the allocation.
            let values: Vec<u16> = std::mem::take(&mut vals[slot])
                .into_iter()
                .map(AtomicU16::into_inner)
                .collect();
            let path = table_path(&self.dir, class);
            let header = TableHeader::new(board.cols, board.rows, &self.rules, class);
            let h = write_table(&path, header, &values)?;
            let bytes =
                std::fs::metadata(&path)
                    .map(|m| m.len())
                    .map_err(|err| BuildError::Io {
                        path: path.clone(),
                        err,
                    })?;
            out.push(ClassSummary::from_header(
                &h,
                bytes,
                t0.elapsed().as_secs_f64(),
                false,
            ));
            self.solved.insert(
                class,
                Solved {
                    indexer: ix,
                    values: Held::new(values),
                },
            );
        }
        Ok(out)
    }

    /// The distinct canonical indices (in `pix`'s class) of the positions
    /// from which the side that just moved reached `pos` by a legal paika
    /// move. `pos` has the side to move as White.
    fn paika_parents(&self, pos: &Position<B>, pix: &ClassIndexer<B>, out: &mut Vec<u64>) {
        out.clear();
        let geo = &self.geo;
        let (x, y) = (pos.mover(), pos.waiter());
        let empty = geo.all & !(x | y);
        for d in Direction::ALL {
            // Stones of Y that arrived by a step in direction d from an
            // empty point.
            for b in (y & geo.step(empty, d)).squares() {
                let a = geo.next(b, d.opposite());
                let y_before = y.without(b).with(a);
                let empty_before = geo.all & !(x | y_before);
                if capturers(geo, y_before, x, empty_before).any() {
                    continue; // Y had to capture: the paika was not legal.
                }
                out.push(pix.index(y_before, x, None));
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The value of a position in a class built already (or trivial).
    fn lookup(&self, pos: &Position<B>) -> Value {
        if let Some(v) = trivial_value(&self.geo, &self.rules, pos) {
            return v;
        }
        let class = MaterialClass::of(pos);
        let s = self
            .solved
            .get(&class)
            .unwrap_or_else(|| panic!("class {class} is built before the classes that need it"));
        decode(s.values.get(s.indexer.index_of(pos) as usize))
    }

    fn bar(&self, len: u64, msg: &str) -> ProgressBar {
        if !self.options.progress {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(len);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>20} [{bar:30}] {human_pos}/{human_len} {per_sec} eta {eta}",
            )
            .expect("template")
            .progress_chars("=> "),
        );
        bar.set_message(msg.to_string());
        bar
    }
}
