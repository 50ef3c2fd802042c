//! Solving one group in a state layout: init, the level sweeps, and the
//! other indices of each orbit filled in at the end (the phases are told
//! in the module above). The group's state is kept in a [`GroupState`];
//! what overflows the layout is raised in [`Overflows`] by the parallel
//! workers and checked after each phase.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::snapshot::{self, Stage};
use super::state::{Cell, ChunkLevels, Held, Layout, Overflow, Solved};
use super::trivial_value;
use super::{BuildBar, Builder, CHUNK, WinSearch, group_name, stalemate_value, table_game};
use crate::bits::Bits;
use crate::geometry::Direction;
use crate::index::{ClassIndexer, DecodeCache, MaterialClass};
use crate::movegen::{capturers, for_each_turn, had_capture_before_step, paika_count};
use crate::position::Position;
use crate::prefetch::prefetch;
use crate::rules::Rules;
use crate::table::{decode, encode};
use crate::value::Value;

/// Positions a worker of the init phase generates before it reads the
/// values of their moves into smaller classes (prefetched meanwhile).
const INIT_BATCH: usize = 32;

/// Settled positions a worker of a level sweep walks back from before it
/// updates their parents (whose cells are prefetched meanwhile).
const SWEEP_BATCH: usize = 32;

/// What the init phase knows of one position while its batch is read.
struct InitPosition {
    index: u64,
    /// Whether it has a turn at all.
    any: bool,
    /// Distinct children inside the group being solved.
    n_inside: usize,
    /// The fastest win through a move out of the group (`u16::MAX`: none),
    /// the longest loss, and whether a move out of it draws.
    exit_win: u16,
    max_loss: u16,
    draw_exit: bool,
}

impl InitPosition {
    fn new(index: u64) -> Self {
        InitPosition {
            index,
            any: false,
            n_inside: 0,
            exit_win: u16::MAX,
            max_loss: 0,
            draw_exit: false,
        }
    }

    /// Takes in a move out of the group to a position of value `child`.
    fn exit(&mut self, child: Value) {
        match child {
            Value::Loss(n) => self.exit_win = self.exit_win.min(n + 1),
            Value::Win(n) => self.max_loss = self.max_loss.max(n + 1),
            Value::Draw => self.draw_exit = true,
        }
    }

    /// The value of a position all of whose turns were taken in by
    /// [`InitPosition::exit`] (none inside the group): a position of the
    /// group with no child inside, or a block position init derives.
    fn settled_value(&self, rules: &Rules) -> Value {
        if !self.any {
            stalemate_value(rules)
        } else if self.exit_win != u16::MAX {
            Value::Win(self.exit_win)
        } else if self.draw_exit {
            Value::Draw
        } else {
            Value::Loss(self.max_loss)
        }
    }
}

/// The block positions a batch of init derives ([`Builder::init_chunk`]):
/// sacrifices into the block classes a build leaves out, each valued from
/// its own turns, which all go into tables already built.
///
/// Their turns are looked up in waves: the next turn of every block
/// position still needed, prefetched together and then read, and again
/// until none is left. A block position stops being needed as soon as its
/// value can no longer change the init of the batch position it is a move
/// of, whose moves out of the group are all in by then: once its side to
/// move (the sacrificer's opponent) is shown not to lose it while the
/// batch position already has a win or a draw out of the group, or once
/// it could only lose it slower than the batch position's fastest win out.
/// The rest of its turns are never looked up, and it is left out of the
/// batch position's init, which it would not change. (On 7x5's sacrifice
/// build to 6 stones, 42% of these lookups came after that point; session
/// 116.) One turn at a time per block position, but the whole batch's at
/// once, so the memory waits still overlap.
struct DerivedBlocks<'a, B: Bits> {
    blocks: Vec<DerivedBlock>,
    /// The block positions' turns into tables, each one's in a run.
    turns: Vec<(&'a Solved<B>, Position<B>)>,
    /// The block positions with turns left to look up.
    open: Vec<usize>,
    /// This wave's lookups: block position, table, index.
    wave: Vec<(usize, &'a Solved<B>, u64)>,
}

/// A block position of [`DerivedBlocks`].
struct DerivedBlock {
    /// The batch position it is a move of.
    batch: usize,
    /// Its value from the turns taken in so far.
    value: InitPosition,
    /// Its next turn to look up, and the end of its run, in `turns`.
    next: usize,
    end: usize,
}

impl DerivedBlock {
    /// Whether the rest of its turns can still change the init of its
    /// batch position `p`.
    fn matters(&self, p: &InitPosition) -> bool {
        let b = &self.value;
        if b.exit_win != u16::MAX || b.draw_exit {
            // Its side to move does not lose it, so the sacrifice loses or
            // draws: that counts only while `p` has no win or draw out.
            p.exit_win == u16::MAX && !p.draw_exit
        } else {
            // It may still lose it, one ply after its slowest loss so far
            // or later: the sacrifice would win that much later, which
            // counts only if faster than `p`'s fastest win out.
            b.max_loss.saturating_add(1) < p.exit_win
        }
    }
}

impl<'a, B: Bits> DerivedBlocks<'a, B> {
    fn new() -> Self {
        DerivedBlocks {
            blocks: Vec::new(),
            turns: Vec::new(),
            open: Vec::new(),
            wave: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.blocks.clear();
        self.turns.clear();
    }

    /// A block position that is a move of batch position `batch`, with
    /// the value of its turns not in tables (`value`); its turns into
    /// tables were pushed to `turns` from `first` on.
    fn push(&mut self, batch: usize, value: InitPosition, first: usize) {
        self.blocks.push(DerivedBlock {
            batch,
            value,
            next: first,
            end: self.turns.len(),
        });
    }

    /// Looks the block positions' turns up and takes each block position
    /// whose value still matters into its batch position.
    fn take_in(&mut self, batch: &mut [InitPosition], rules: &Rules) {
        let DerivedBlocks {
            blocks,
            turns,
            open,
            wave,
        } = self;
        open.clear();
        for (d, block) in blocks.iter().enumerate() {
            if block.next == block.end {
                batch[block.batch].exit(block.value.settled_value(rules));
            } else {
                open.push(d);
            }
        }
        while !open.is_empty() {
            wave.clear();
            open.retain(|&d| {
                let block = &blocks[d];
                if block.next == block.end || !block.matters(&batch[block.batch]) {
                    return false;
                }
                let (solved, pos) = &turns[block.next];
                let at = solved.indexer.index_of(pos);
                solved.values.prefetch(at as usize);
                wave.push((d, *solved, at));
                true
            });
            for &(d, solved, at) in wave.iter() {
                let block = &mut blocks[d];
                block.value.exit(decode(solved.values.get(at as usize)));
                block.next += 1;
                if block.next == block.end {
                    batch[block.batch].exit(block.value.settled_value(rules));
                }
            }
        }
    }
}

/// A solved group.
pub(super) struct Solution {
    /// Each class's value codes.
    pub(super) values: Vec<Held>,
    /// Where the group was taken up from a snapshot.
    pub(super) resumed_at: Option<Stage>,
}

/// Why a group's solving ended without its values.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Halt {
    /// The layout cannot hold what the group needs.
    Overflow(Overflow),
    /// Stopped from outside, the group saved at this stage (`None`: its
    /// snapshot could not be written, said on stderr).
    Stopped(Option<Stage>),
}

impl From<Overflow> for Halt {
    fn from(o: Overflow) -> Self {
        Halt::Overflow(o)
    }
}

/// When and where a group's snapshots are saved.
struct Saver<'a> {
    path: &'a Path,
    name: &'a str,
    /// The board and rules ([`table_game`]), written into the snapshot.
    game: &'a str,
    every: Option<Duration>,
    /// The last save, or the start of this sitting's work on the group.
    last: Instant,
    timing: bool,
    progress: bool,
}

impl Saver<'_> {
    fn due(&self) -> bool {
        self.every.is_some_and(|every| self.last.elapsed() >= every)
    }
}

/// The level of a value code: the distance at which it is settled.
#[inline]
pub(super) fn level(code: u16) -> u16 {
    if code % 2 == 1 {
        code.div_ceil(2)
    } else {
        code / 2 - 1
    }
}

/// What did not fit the layout, raised by the parallel workers.
#[derive(Default)]
struct Overflows {
    children: AtomicBool,
    distance: AtomicBool,
}

impl Overflows {
    /// The code of a value, if the layout holds it (else 0, and raised).
    #[inline]
    fn code_of<L: Layout>(&self, v: Value) -> u32 {
        let c = encode(v);
        if c > L::MAX_CODE {
            self.distance.store(true, Ordering::Relaxed);
            0
        } else {
            c as u32
        }
    }

    /// Settles an unresolved position, if the layout holds the code:
    /// whether it did.
    #[inline]
    fn settle<L: Layout>(&self, cell: &L::Val, code: u16) -> bool {
        if code > L::MAX_CODE {
            self.distance.store(true, Ordering::Relaxed);
            false
        } else {
            cell.replace(0, code as u32)
        }
    }

    fn check(&self) -> Result<(), Overflow> {
        if self.children.load(Ordering::Relaxed) {
            Err(Overflow::Children)
        } else if self.distance.load(Ordering::Relaxed) {
            Err(Overflow::Distance)
        } else {
            Ok(())
        }
    }
}

/// A group's state while it is solved: per index a value code (0 while
/// unresolved) and an auxiliary word (`Layout`), and what the sweeps keep
/// besides, which `derive` computes from those two.
struct GroupState<L: Layout> {
    sizes: Vec<u64>,
    vals: Vec<Vec<L::Val>>,
    aux: Vec<Vec<L::Aux>>,
    /// Per chunk of indices, the levels at which positions were settled or
    /// have a win pending, so a level's sweep skips the chunks with none.
    chunk_levels: Vec<Vec<ChunkLevels>>,
    /// The highest level with anything settled or pending.
    max_level: AtomicU16,
    /// Whether any position has a win pending through a move out of the
    /// group.
    pending_any: AtomicBool,
    /// Counts that choose, at each level, how new wins are found: by
    /// walking back from the lost positions (cheap when few were lost), or
    /// by looking forward from the positions still unresolved (cheap when
    /// few are left, as in lopsided classes where most are won early and
    /// the weak side's many losses lead mostly to parents won already).
    lost_at: Vec<Vec<AtomicU64>>,
    open: Vec<AtomicU64>,
}

impl<L: Layout> GroupState<L> {
    fn new(sizes: Vec<u64>, vals: Vec<Vec<L::Val>>, aux: Vec<Vec<L::Aux>>) -> Self {
        let max_levels = u16::MAX as usize + 1;
        GroupState {
            chunk_levels: sizes
                .iter()
                .map(|&n| {
                    (0..n.div_ceil(CHUNK))
                        .map(|_| ChunkLevels::default())
                        .collect()
                })
                .collect(),
            lost_at: sizes
                .iter()
                .map(|_| (0..max_levels).map(|_| AtomicU64::new(0)).collect())
                .collect(),
            open: sizes.iter().map(|_| AtomicU64::new(0)).collect(),
            max_level: AtomicU16::new(0),
            pending_any: AtomicBool::new(false),
            sizes,
            vals,
            aux,
        }
    }

    fn chunks(&self, slot: usize) -> u64 {
        self.sizes[slot].div_ceil(CHUNK)
    }

    /// Notes that index `i` of class `slot` was settled at `level`.
    #[inline]
    fn settled(&self, slot: usize, i: u64, level: u16) {
        self.chunk_levels[slot][(i / CHUNK) as usize].mark(level);
        self.open[slot].fetch_sub(1, Ordering::Relaxed);
        self.max_level.fetch_max(level, Ordering::Relaxed);
    }

    /// Computes the chunk marks, the highest level, the pending flag and
    /// the counts from the value codes and auxiliary words: the same after
    /// init as after resuming from a snapshot.
    fn derive(&self) {
        for slot in 0..self.sizes.len() {
            let (vals, aux) = (&self.vals[slot], &self.aux[slot]);
            let (lost, unresolved) = (0..self.chunks(slot))
                .into_par_iter()
                .fold(
                    || (HashMap::<u16, u64>::new(), 0u64),
                    |(mut lost, mut unresolved), ch| {
                        let lo = (ch * CHUNK) as usize;
                        let hi = (lo + CHUNK as usize).min(vals.len());
                        let marks = &self.chunk_levels[slot][ch as usize];
                        let mut top = 0;
                        for (v, a) in vals[lo..hi].iter().zip(&aux[lo..hi]) {
                            let (v, a) = (v.get() as u16, a.get());
                            if v != 0 {
                                let l = level(v);
                                marks.mark(l);
                                top = top.max(l);
                                if v.is_multiple_of(2) {
                                    *lost.entry(l).or_default() += 1;
                                }
                            } else if a & L::CNT_MASK != 0 {
                                unresolved += 1;
                            }
                            if a & L::WIN_PENDING != 0 {
                                let l = (a >> L::DIST_SHIFT) as u16;
                                marks.mark(l);
                                top = top.max(l);
                                self.pending_any.store(true, Ordering::Relaxed);
                            }
                        }
                        self.max_level.fetch_max(top, Ordering::Relaxed);
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
                self.lost_at[slot][l as usize].store(n, Ordering::Relaxed);
            }
            self.open[slot].store(unresolved, Ordering::Relaxed);
        }
    }
}

impl<B: Bits> Builder<B> {
    /// Solves a group in the state layout `L`: every class's value codes,
    /// or what did not fit the layout. Starts from the group's snapshot if
    /// there is one this layout takes up, and saves one every
    /// `options.snapshot_every`.
    pub(super) fn solve_group<L: Layout>(
        &self,
        group: &[MaterialClass],
        indexers: &[ClassIndexer<B>],
    ) -> Result<Solution, Halt> {
        let t0 = Instant::now();
        let name = group_name(group);
        let sizes: Vec<u64> = indexers.iter().map(|ix| ix.size()).collect();
        let total: u64 = sizes.iter().sum();
        let progress = self.options.progress;
        let timing = std::env::var_os("FANORONA_TIMING").is_some();
        let snapshot_path = snapshot::snapshot_path(&self.dir, &name);
        let t_read = Instant::now();
        let game = table_game(&self.geo.board, &self.rules);
        let resumed =
            snapshot::read::<L>(&snapshot_path, &name, &game, &sizes).unwrap_or_else(|err| {
                if progress {
                    eprintln!(
                        "{name}: not resuming from {}: {err}; solving the group from the start",
                        snapshot_path.display()
                    );
                }
                snapshot::remove(&snapshot_path);
                None
            });
        let resumed_at = resumed.as_ref().map(|s| s.stage);
        let overflows = Overflows::default();
        let (state, stage) = match resumed {
            Some(s) => {
                if progress {
                    eprintln!(
                        "{name}: resuming {} from {} (read in {:.1} s)",
                        s.stage,
                        snapshot_path.display(),
                        t_read.elapsed().as_secs_f64()
                    );
                }
                (GroupState::<L>::new(sizes, s.vals, s.aux), s.stage)
            }
            None => {
                let vals = sizes.iter().map(|&n| L::Val::zeroed(n)).collect();
                let aux = sizes.iter().map(|&n| L::Aux::zeroed(n)).collect();
                let state = GroupState::<L>::new(sizes, vals, aux);
                (state, Stage::Init { done: 0, total })
            }
        };
        let mut saver = Saver {
            path: &snapshot_path,
            name: &name,
            game: &game,
            every: self.options.snapshot_every,
            last: Instant::now(),
            timing,
            progress,
        };
        let start_level = match stage {
            Stage::Init { done, .. } => {
                self.init_group(group, indexers, &state, &overflows, done, &mut saver)?;
                0
            }
            Stage::Level(level) => level,
        };
        let t_init = t0.elapsed().as_secs_f64();
        state.derive();

        let bar = self.bar(total, &format!("{name} levels"));
        let mut d = start_level;
        // A block class has no paika edges inside: init settled it.
        let has_edges = !group[0].block;
        while has_edges && d <= state.max_level.load(Ordering::Relaxed) {
            // This level may settle a loss whose code the layout cannot
            // hold: the group goes on from here in a wider layout, through
            // a snapshot it reads, instead of starting again.
            if 2 * (d as u32 + 1) + 2 > L::MAX_CODE as u32 {
                bar.set_message(format!("{name} level {d}: saving a snapshot to widen"));
                self.save_snapshot(&mut saver, Stage::Level(d), &state);
                return Err(Overflow::Distance.into());
            }
            if self.stopping() {
                bar.finish_and_clear();
                let saved = self.save_snapshot(&mut saver, Stage::Level(d), &state);
                return Err(Halt::Stopped(saved.then_some(Stage::Level(d))));
            }
            if saver.due() {
                bar.set_message(format!("{name} level {d}: saving a snapshot"));
                self.save_snapshot(&mut saver, Stage::Level(d), &state);
            }
            bar.set_message(format!("{name} level {d}"));
            self.sweep_level(group, indexers, &state, &overflows, d, &bar);
            overflows.check()?;
            d += 1;
        }
        bar.finish_and_clear();
        if timing {
            eprintln!(
                "{name} ({} bytes an index): init {t_init:.2} s, levels {:.2} s ({d} levels)",
                L::BYTES,
                t0.elapsed().as_secs_f64() - t_init
            );
        }
        Ok(Solution {
            values: fill_orbits::<B, L>(indexers, state),
            resumed_at,
        })
    }

    /// Whether the build was asked to stop, or its deadline passed.
    fn stopping(&self) -> bool {
        self.options
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Saves the group's state at `stage` (best effort: without it a
    /// killed build only does more work again).
    /// Writes the group's snapshot at `stage`; whether it was written (a
    /// failure is said on stderr, and leaves no snapshot).
    fn save_snapshot<L: Layout>(
        &self,
        saver: &mut Saver,
        stage: Stage,
        state: &GroupState<L>,
    ) -> bool {
        let t = Instant::now();
        let written = snapshot::write::<L>(
            saver.path,
            saver.name,
            saver.game,
            stage,
            &state.vals,
            &state.aux,
        );
        saver.last = Instant::now();
        let saved = written.is_ok();
        match written {
            Err(err) if saver.progress => eprintln!(
                "{}: could not save a snapshot ({}: {err})",
                saver.name,
                saver.path.display()
            ),
            Ok(()) if saver.timing => eprintln!(
                "{}: snapshot {stage}, {} bytes, in {:.2} s",
                saver.name,
                state.sizes.iter().sum::<u64>() * L::BYTES,
                t.elapsed().as_secs_f64()
            ),
            _ => {}
        }
        #[cfg(test)]
        if self.halt_after_snapshot.as_ref() == Some(&(saver.name.to_string(), stage)) {
            panic!("halted after the snapshot of {} {stage}", saver.name);
        }
        saved
    }

    /// Phase 1: each position's turns are generated. Children outside the
    /// group are looked up in the built tables; children inside are
    /// counted (distinct canonical indices). A position with no child
    /// inside is final at once. Starts after the first `from` indices of
    /// the group (done before a snapshot), and goes in stretches of
    /// `init_stretch` chunks, saving a snapshot between two when one is
    /// due: init alone took 34 minutes on 9x5's 4v4 (two threads).
    fn init_group<L: Layout>(
        &self,
        group: &[MaterialClass],
        indexers: &[ClassIndexer<B>],
        state: &GroupState<L>,
        overflows: &Overflows,
        from: u64,
        saver: &mut Saver,
    ) -> Result<(), Halt> {
        let name = group_name(group);
        let total: u64 = state.sizes.iter().sum();
        let bar = self.bar(total, &format!("{name} init"));
        bar.start_at(from);
        // Indices of the classes before this one.
        let mut offset = 0;
        for slot in 0..indexers.len() {
            let size = state.sizes[slot];
            let chunks = state.chunks(slot);
            // `from` ends a chunk or a class; a chunk done twice comes out
            // the same.
            let mut first = from.saturating_sub(offset).min(size) / CHUNK;
            if from >= offset + size {
                first = chunks;
            }
            while first < chunks {
                let end = (first + self.init_stretch).min(chunks);
                (first..end).into_par_iter().for_each(|ch| {
                    bar.inc(self.init_chunk(group, indexers, state, slot, ch, overflows));
                });
                overflows.check()?;
                first = end;
                let done = offset + (end * CHUNK).min(size);
                if done < total && self.stopping() {
                    bar.finish_and_clear();
                    let stage = Stage::Init { done, total };
                    let saved = self.save_snapshot(saver, stage, state);
                    return Err(Halt::Stopped(saved.then_some(stage)));
                }
                if done < total && saver.due() {
                    bar.set_message(format!("{name} init: saving a snapshot"));
                    self.save_snapshot(saver, Stage::Init { done, total }, state);
                    bar.set_message(format!("{name} init"));
                }
            }
            offset += size;
        }
        bar.finish_and_clear();
        Ok(())
    }

    /// Init of chunk `ch` of the group's class `slot`; returns the
    /// indices it went through.
    fn init_chunk<L: Layout>(
        &self,
        group: &[MaterialClass],
        indexers: &[ClassIndexer<B>],
        state: &GroupState<L>,
        slot: usize,
        ch: u64,
        overflows: &Overflows,
    ) -> u64 {
        let (ix, vals, aux) = (&indexers[slot], &state.vals[slot], &state.aux[slot]);
        let size = state.sizes[slot];
        let mut cache = DecodeCache::default();
        let mut inside: Vec<(usize, u64)> = Vec::new();
        // A batch of positions whose moves into smaller classes are
        // looked up together: the lookups (random reads in
        // gigabytes of tables) are prefetched as they are found and
        // read once the whole batch has been generated, so the
        // memory waits overlap instead of coming one at a time.
        let mut batch: Vec<InitPosition> = Vec::with_capacity(INIT_BATCH);
        let mut exits: Vec<(usize, &Solved<B>, u64)> = Vec::new();
        // Sacrifices into block classes the build leaves out
        // (`is_top_block`): each block position with the batch position it
        // is a move of, its value taken in from its own turns. Its turns
        // into tables are looked up in waves once the batch's other moves
        // are in ([`DerivedBlocks`]), so that those that cannot change the
        // batch position's init are never looked up.
        let mut derived = DerivedBlocks::new();
        let lo = ch * CHUNK;
        let hi = (lo + CHUNK).min(size);
        let mut i = lo;
        while i < hi {
            batch.clear();
            exits.clear();
            derived.clear();
            while i < hi && batch.len() < INIT_BATCH {
                let pos = ix.decode(i, &mut cache);
                let index = i;
                i += 1;
                // The other indices of an orbit are filled in at
                // the end; meanwhile they stay unresolved with no
                // children, which no sweep visits.
                if !ix.is_canonical(index, &pos) {
                    continue;
                }
                inside.clear();
                // Two paika children (same stones of the other
                // side) can be images of each other only under a
                // symmetry that fixes the other side's stones;
                // otherwise each child is its own orbit and need
                // not be indexed to be counted.
                let waiter = pos.waiter();
                let must_index = self.syms[1..].iter().any(|g| g.apply(waiter) == waiter);
                let mut raw_inside = 0usize;
                let mut p = InitPosition::new(index);
                let b = batch.len();
                // Without a capture (nor sacrifices), every child is a
                // paika child of the swapped class: when that class is in
                // the group and they need not be indexed, their number is
                // all init needs, and building each would cost a quarter
                // of init (9x5 2v4+4v2).
                if !must_index
                    && !self.rules.sacrifice
                    && let Some(n) = paika_count(&self.geo, &pos)
                {
                    let child_class = MaterialClass::new(
                        (waiter & !pos.block_set()).count() as u8,
                        pos.mover().count() as u8,
                        false,
                    );
                    if group.contains(&child_class) {
                        p.any = n > 0;
                        p.n_inside = n as usize;
                        batch.push(p);
                        continue;
                    }
                }
                for_each_turn(&self.geo, &self.rules, &pos, |_, child| {
                    p.any = true;
                    let cc = MaterialClass::of(child);
                    if let Some(s) = group.iter().position(|&g| g == cc) {
                        if must_index {
                            inside.push((s, indexers[s].index_of(child)));
                        } else {
                            raw_inside += 1;
                        }
                    } else if let Some(v) = trivial_value(child) {
                        p.exit(v);
                    } else if let Some(solved) = self.solved.get(cc) {
                        let at = solved.indexer.index_of(child);
                        solved.values.prefetch(at as usize);
                        exits.push((b, solved, at));
                    } else {
                        // A sacrifice into a block class left out: every
                        // turn from it goes into a held class. (Checked in
                        // release builds too: a class missing from what a
                        // group holds must stop the build, not be taken
                        // for one.)
                        assert!(
                            cc.block,
                            "class {cc} is built before the classes that need it"
                        );
                        let mut block = InitPosition::new(0);
                        let first = derived.turns.len();
                        for_each_turn(&self.geo, &self.rules, child, |_, grandchild| {
                            block.any = true;
                            if let Some(v) = trivial_value(grandchild) {
                                block.exit(v);
                            } else {
                                let solved = self.solved_class(MaterialClass::of(grandchild));
                                derived.turns.push((solved, *grandchild));
                            }
                        });
                        derived.push(b, block, first);
                    }
                });
                inside.sort_unstable();
                inside.dedup();
                p.n_inside = inside.len() + raw_inside;
                batch.push(p);
            }
            for &(b, solved, at) in &exits {
                batch[b].exit(decode(solved.values.get(at as usize)));
            }
            derived.take_in(&mut batch, &self.rules);
            for p in &batch {
                let code = self.init_code::<L>(p, &aux[p.index as usize], overflows);
                if code != 0 {
                    vals[p.index as usize].set(code);
                }
            }
        }
        hi - lo
    }

    /// The value code init gives a position (0: unresolved), or for an
    /// unresolved one its auxiliary word, written to `aux`.
    #[inline]
    fn init_code<L: Layout>(&self, p: &InitPosition, aux: &L::Aux, overflows: &Overflows) -> u32 {
        let (exit_win, max_loss, draw_exit) = (p.exit_win, p.max_loss, p.draw_exit);
        if p.n_inside == 0 {
            // Settled now: no turn, or every turn leaves the group (a draw
            // is code 0, as the positions no sweep settles).
            return overflows.code_of::<L>(p.settled_value(&self.rules));
        }
        if p.n_inside > L::CNT_MASK as usize {
            overflows.children.store(true, Ordering::Relaxed);
        }
        let mut a = p.n_inside as u32 & L::CNT_MASK;
        if exit_win != u16::MAX {
            // The pending win must become a code too, and its distance
            // must fit the auxiliary word (the 4-byte layout's codes hold
            // distances its word does not: the distance was cut to its 8
            // bits and the win settled at the wrong level).
            overflows.code_of::<L>(Value::Win(exit_win));
            if exit_win > L::MAX_DIST {
                overflows.distance.store(true, Ordering::Relaxed);
            }
            a |= L::WIN_PENDING | (exit_win as u32) << L::DIST_SHIFT;
        } else {
            if max_loss > L::MAX_DIST {
                overflows.distance.store(true, Ordering::Relaxed);
            }
            a |= (max_loss.min(L::MAX_DIST) as u32) << L::DIST_SHIFT;
        }
        if draw_exit {
            a |= L::DRAW_EXIT;
        }
        aux.set(a);
        0
    }

    /// Phase 2, level `d`: the wins pending at `d` are settled; then the
    /// positions settled at `d` are walked back to their parents inside
    /// the group. A lost child makes a parent won at `d + 1`; a won child
    /// takes one from the parent's count of unresolved children, and the
    /// parent is lost once none is left and it has no escape to a draw or
    /// win outside the group, one ply after its slowest child.
    fn sweep_level<L: Layout>(
        &self,
        group: &[MaterialClass],
        indexers: &[ClassIndexer<B>],
        state: &GroupState<L>,
        overflows: &Overflows,
        d: u16,
        bar: &BuildBar,
    ) {
        let GroupState {
            sizes,
            vals,
            aux,
            chunk_levels,
            pending_any,
            lost_at,
            open,
            ..
        } = state;
        if pending_any.load(Ordering::Relaxed) && d > 0 {
            for (slot, a) in aux.iter().enumerate() {
                (0..state.chunks(slot))
                    .into_par_iter()
                    .filter(|&ch| chunk_levels[slot][ch as usize].has(d))
                    .for_each(|ch| {
                        let lo = (ch * CHUNK) as usize;
                        let hi = (lo + CHUNK as usize).min(sizes[slot] as usize);
                        for (i, a) in a[lo..hi].iter().enumerate() {
                            let a = a.get();
                            if a & L::WIN_PENDING != 0
                                && (a >> L::DIST_SHIFT) as u16 == d
                                && overflows.settle::<L>(&vals[slot][lo + i], encode(Value::Win(d)))
                            {
                                open[slot].fetch_sub(1, Ordering::Relaxed);
                            }
                        }
                    });
            }
        }
        bar.set_position(0);
        for (slot, ix) in indexers.iter().enumerate() {
            // Parents of this class's positions are in the other class of
            // the pair (or this one, for m = o).
            let pslot = if group.len() == 2 { 1 - slot } else { 0 };
            let pix = &indexers[pslot];
            // Walking back from a lost position tries each stone of the
            // side that moved in each direction; looking forward from an
            // open parent generates its turns and indexes each.
            let back_cost =
                lost_at[slot][d as usize].load(Ordering::Relaxed) as f64 * group[slot].other as f64;
            let forward_cost =
                open[pslot].load(Ordering::Relaxed) as f64 * group[pslot].mover as f64 * 2.0;
            let forward = match self.options.win_search {
                WinSearch::Auto => forward_cost < back_cost,
                WinSearch::Backward => false,
                WinSearch::Forward => true,
            };
            let lost_code = encode(Value::Loss(d)) as u32;
            // Nothing is won in 0 plies: a code no cell holds.
            let won_at_d = if d == 0 {
                u32::MAX
            } else {
                encode(Value::Win(d)) as u32
            };
            let won_code = encode(Value::Win(d + 1));
            if forward {
                (0..state.chunks(pslot)).into_par_iter().for_each(|ch| {
                    let mut cache = DecodeCache::default();
                    let lo = ch * CHUNK;
                    let hi = (lo + CHUNK).min(sizes[pslot]);
                    for q in lo..hi {
                        if vals[pslot][q as usize].get() != 0
                            || aux[pslot][q as usize].get() & L::CNT_MASK == 0
                        {
                            continue;
                        }
                        let qpos = pix.decode(q, &mut cache);
                        let mut wins = false;
                        for_each_turn(&self.geo, &self.rules, &qpos, |_, child| {
                            if !wins && MaterialClass::of(child) == group[slot] {
                                let c = ix.index_of(child) as usize;
                                wins = vals[slot][c].get() == lost_code;
                            }
                        });
                        if wins && overflows.settle::<L>(&vals[pslot][q as usize], won_code) {
                            state.settled(pslot, q, d + 1);
                        }
                    }
                });
            }
            (0..state.chunks(slot)).into_par_iter().for_each(|ch| {
                let mut cache = DecodeCache::default();
                let mut parents: Vec<u64> = Vec::new();
                let mut parent_sets: Vec<B> = Vec::new();
                // The parents of a batch of settled positions, each with
                // whether its child was lost: their cells (random places
                // in gigabytes of state) are prefetched as they are found
                // and updated once the batch is generated, as in init.
                // The order of the updates within a level does not matter:
                // they settle parents at later levels only.
                let mut batch: Vec<(usize, bool)> = Vec::new();
                let lo = ch * CHUNK;
                let hi = (lo + CHUNK).min(sizes[slot]);
                if !chunk_levels[slot][ch as usize].has(d) {
                    bar.inc(hi - lo);
                    return;
                }
                let mut i = lo;
                while i < hi {
                    batch.clear();
                    let mut positions = 0;
                    while i < hi && positions < SWEEP_BATCH {
                        // Most cells hold another level: two comparisons
                        // with the level's codes, not `level()`, skip them
                        // (the scan was a quarter of the sweeps).
                        let code = vals[slot][i as usize].get();
                        let index = i;
                        i += 1;
                        if code != lost_code && code != won_at_d {
                            continue;
                        }
                        let lost = code == lost_code;
                        if lost && forward {
                            continue; // Its parents were found looking forward.
                        }
                        positions += 1;
                        let pos = ix.decode(index, &mut cache);
                        self.paika_parents(&pos, pix, &mut parent_sets, &mut parents);
                        for &q in parents.iter() {
                            let q = q as usize;
                            prefetch(&vals[pslot][q]);
                            if !lost {
                                prefetch(&aux[pslot][q]);
                            }
                            batch.push((q, lost));
                        }
                    }
                    for &(q, lost) in &batch {
                        if lost {
                            if overflows.settle::<L>(&vals[pslot][q], won_code) {
                                state.settled(pslot, q as u64, d + 1);
                            }
                            continue;
                        }
                        if vals[pslot][q].get() != 0 {
                            continue;
                        }
                        let prev = aux[pslot][q].update(|a| {
                            let cnt = a & L::CNT_MASK;
                            (cnt != 0).then(|| (a & !L::CNT_MASK) | (cnt - 1))
                        });
                        // The last won child settles a loss. Levels go up,
                        // so it is the slowest child: the loss comes one
                        // ply after it, unless a child outside the group
                        // holds out longer.
                        if let Ok(a) = prev
                            && a & L::CNT_MASK == 1
                            && a & (L::WIN_PENDING | L::DRAW_EXIT) == 0
                        {
                            let dist = ((a >> L::DIST_SHIFT) as u16).max(d + 1);
                            if overflows.settle::<L>(&vals[pslot][q], encode(Value::Loss(dist))) {
                                state.settled(pslot, q as u64, dist);
                                lost_at[pslot][dist as usize].fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                }
                bar.inc(hi - lo);
            });
        }
    }

    /// The distinct canonical indices (in `pix`'s class) of the positions
    /// from which the side that just moved reached `pos` by a legal paika
    /// move. `pos` has the side to move as White.
    fn paika_parents(
        &self,
        pos: &Position<B>,
        pix: &ClassIndexer<B>,
        sets: &mut Vec<B>,
        out: &mut Vec<u64>,
    ) {
        sets.clear();
        let geo = &self.geo;
        let (x, y) = (pos.mover(), pos.waiter());
        let empty = geo.all & !(x | y);
        let y_capturers = capturers(geo, y, x, empty);
        for d in Direction::ALL {
            // Stones of Y that arrived by a step in direction d from an
            // empty point.
            for b in (y & geo.step(empty, d)).squares() {
                let a = geo.next(b, d.opposite());
                if had_capture_before_step(geo, y, x, empty, y_capturers, a, b) {
                    continue; // Y had to capture: the paika was not legal.
                }
                let y_before = y.without(b).with(a);
                // Indexed below, once every parent's rank entry is on
                // its way: with the 8-stone classes' tables (tens of
                // megabytes) each is a cache miss.
                pix.prefetch(y_before);
                sets.push(y_before);
            }
        }
        out.clear();
        out.extend(sets.iter().map(|&y_before| pix.index(y_before, x, None)));
        out.sort_unstable();
        out.dedup();
    }
}

/// Phase 3: the other indices of each orbit get its value; the state
/// becomes the classes' value codes.
fn fill_orbits<B: Bits, L: Layout>(
    indexers: &[ClassIndexer<B>],
    state: GroupState<L>,
) -> Vec<Held> {
    let GroupState {
        sizes, vals, aux, ..
    } = state;
    // Before the codes are narrowed to what is held.
    drop(aux);
    let mut out = Vec::new();
    for (slot, (ix, v)) in indexers.iter().zip(vals).enumerate() {
        (0..sizes[slot].div_ceil(CHUNK))
            .into_par_iter()
            .for_each(|ch| {
                let mut cache = DecodeCache::default();
                let lo = ch * CHUNK;
                let hi = (lo + CHUNK).min(sizes[slot]);
                for i in lo..hi {
                    if ix.may_share_orbit(i) {
                        let pos = ix.decode(i, &mut cache);
                        let j = ix.index_of(&pos) as usize;
                        if j != i as usize {
                            v[i as usize].set(v[j].get());
                        }
                    }
                }
            });
        out.push(L::held(v));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::BuildOptions;
    use super::super::state::{Medium, Narrow, Wide};
    use super::*;
    use crate::geometry::Board;
    use crate::rules::Diagonals;
    use std::sync::atomic::AtomicU32;

    /// The auxiliary word init gives a position with a turn inside its
    /// group and a win `exit_win` plies away through a turn out of it (a
    /// capture beside a sacrifice), and whether the layout overflowed.
    fn pending_win<L: Layout>(exit_win: u16, aux: &L::Aux) -> bool {
        let board = Board::new(3, 3, Diagonals::Corner).unwrap();
        let b = Builder::<u64>::new(
            Path::new("unused"),
            board,
            Rules::default(),
            BuildOptions::default(),
        );
        let mut p = InitPosition::new(0);
        p.any = true;
        p.n_inside = 1;
        p.exit(Value::Loss(exit_win - 1));
        let overflows = Overflows::default();
        assert_eq!(b.init_code::<L>(&p, aux, &overflows), 0, "left unresolved");
        overflows.check().is_err()
    }

    /// A pending win is an overflow where its distance passes the
    /// auxiliary word's, as a slow loss is: the 4-byte layout, whose value
    /// codes hold it, cut it to the word's 8 bits.
    #[test]
    fn a_pending_win_longer_than_the_auxiliary_word_holds_is_an_overflow() {
        let aux = AtomicU16::new(0);
        assert!(!pending_win::<Medium>(255, &aux));
        assert_eq!(aux.get() >> Medium::DIST_SHIFT, 255);
        assert_ne!(aux.get() & Medium::WIN_PENDING, 0);
        assert!(pending_win::<Medium>(256, &aux));
        assert!(pending_win::<Medium>(300, &aux));
        // The narrow layout's value code overflows first (126 plies).
        let aux = AtomicU16::new(0);
        assert!(!pending_win::<Narrow>(125, &aux));
        assert!(pending_win::<Narrow>(200, &aux));
        let aux = AtomicU32::new(0);
        assert!(!pending_win::<Wide>(30_000, &aux));
        assert_eq!(aux.get() >> Wide::DIST_SHIFT, 30_000);
    }
}
