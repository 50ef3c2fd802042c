//! `solve --checkpoint`: what a search's checkpoint file gave and took,
//! one file a first move for a split search, and how that is reported.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fanorona::bits::Bits;
use fanorona::geometry::Board;
use fanorona::notation::position_to_fen;
use fanorona::position::Position;
use fanorona::rules::Color;
use fanorona::search::{CheckpointError, CheckpointInfo, MoveSearchHook, SolveResult, Solver};
use fanorona::value::Oracle;

use super::common::{CliError, json_str};
use super::progress::bytes;

/// What `--checkpoint` read and wrote.
#[derive(Default)]
pub(super) struct CheckpointReport {
    pub(super) path: PathBuf,
    pub(super) read: Option<CheckpointRead>,
    pub(super) written: Option<CheckpointWritten>,
    /// Checkpoints written while the search ran.
    pub(super) autosaves: u32,
    /// Nodes expanded over every sitting.
    pub(super) total_nodes: u64,
    /// Why the checkpoint could not be written (the result stands).
    pub(super) error: Option<String>,
}

/// What was written to a checkpoint.
pub(super) struct CheckpointWritten {
    pub(super) solved: usize,
    pub(super) tree_nodes: usize,
    pub(super) path_dependent: usize,
    pub(super) estimates: usize,
    pub(super) bytes: u64,
    pub(super) seconds: f64,
}

/// What a checkpoint held when it was read.
pub(super) struct CheckpointRead {
    pub(super) solved: usize,
    /// Of those, held by the table after reading (fewer in a smaller
    /// `--memory` than the sitting that wrote the file had).
    pub(super) solved_held: usize,
    pub(super) tree_nodes: usize,
    pub(super) path_dependent: usize,
    pub(super) estimates: usize,
    /// The open tree's position (FEN) and goal (attacker).
    pub(super) tree: Option<(String, Color)>,
    /// A tree passed over (another position's without the room for it, or
    /// a seed's): its position (FEN), goal and nodes.
    pub(super) skipped: Option<(String, Color, u64)>,
    /// The tree read, replaced by the search of another goal or position
    /// (the file written after has the new one): position, goal, nodes.
    pub(super) replaced: Option<(String, Color, u64)>,
}

/// What a `--checkpoint-merge` file gave: to one search, or summed over
/// the first moves' searches of a split search, each of which reads it.
pub(super) struct MergeReport {
    pub(super) path: PathBuf,
    /// The searches it was read into (1 but for a split search).
    pub(super) searches: usize,
    pub(super) solved: usize,
    /// Solved positions the table held after reading it, the search's own
    /// and every file merged so far included (the most of any search).
    pub(super) solved_held: usize,
    pub(super) path_dependent: usize,
    pub(super) estimates: usize,
    /// Open nodes of the searches' trees that its solved positions
    /// settled.
    pub(super) settled: usize,
    /// Seconds reading it, over every search.
    pub(super) seconds: f64,
}

impl MergeReport {
    /// Read into no search yet.
    pub(super) fn new(path: &Path) -> Self {
        MergeReport {
            path: path.to_owned(),
            searches: 0,
            solved: 0,
            solved_held: 0,
            path_dependent: 0,
            estimates: 0,
            settled: 0,
            seconds: 0.0,
        }
    }

    pub(super) fn of<B: Bits>(path: &Path, info: &CheckpointInfo<B>) -> Self {
        let mut r = MergeReport::new(path);
        r.add(info);
        r
    }

    /// Counts one more search it was read into, which `info` tells of.
    pub(super) fn add<B: Bits>(&mut self, info: &CheckpointInfo<B>) {
        self.searches += 1;
        self.solved = info.solved;
        self.solved_held = self.solved_held.max(info.solved_held);
        self.path_dependent = info.path_dependent;
        self.estimates = info.estimates;
        self.settled += info.settled;
        self.seconds += info.seconds;
    }

    /// The line `solve` shows on standard error.
    pub(super) fn describe(&self) -> String {
        format!(
            "merged {}{}: {} solved positions ({} held in all), {} path-dependent disproofs, \
             {} estimates; {} open tree nodes settled ({:.1} s)",
            self.path.display(),
            if self.searches == 1 {
                String::new()
            } else {
                format!(" into {} first moves' searches", self.searches)
            },
            self.solved,
            self.solved_held,
            self.path_dependent,
            self.estimates,
            self.settled,
            self.seconds
        )
    }

    /// As a JSON object.
    pub(super) fn json(&self) -> String {
        format!(
            "{{\"file\": {}, \"searches\": {}, \"solved\": {}, \"solved_held\": {}, \"path_dependent\": {}, \"estimates\": {}, \"settled\": {}, \"seconds\": {:.3}}}",
            json_str(&self.path.display().to_string()),
            self.searches,
            self.solved,
            self.solved_held,
            self.path_dependent,
            self.estimates,
            self.settled,
            self.seconds
        )
    }
}

/// `--checkpoint` and how often to write it while searching.
pub(super) struct CheckpointPlan<'a> {
    pub(super) path: &'a Path,
    /// Read when `path` does not exist yet.
    pub(super) seed: Option<&'a Path>,
    pub(super) every: Option<Duration>,
}

impl CheckpointWritten {
    pub(super) fn of<B: Bits>(info: &CheckpointInfo<B>) -> Self {
        CheckpointWritten {
            solved: info.solved,
            tree_nodes: info.tree_nodes,
            path_dependent: info.path_dependent,
            estimates: info.estimates,
            bytes: info.bytes,
            seconds: info.seconds,
        }
    }
}

impl CheckpointRead {
    pub(super) fn of<B: Bits>(board: &Board, info: &CheckpointInfo<B>) -> Self {
        CheckpointRead {
            solved: info.solved,
            solved_held: info.solved_held,
            tree_nodes: info.tree_nodes,
            path_dependent: info.path_dependent,
            estimates: info.estimates,
            tree: info
                .tree_root
                .map(|(p, goal)| (position_to_fen(board, &p), goal)),
            skipped: info
                .tree_skipped
                .as_ref()
                .map(|t| (position_to_fen(board, &t.root), t.goal, t.nodes)),
            replaced: None,
        }
    }
}

/// The checkpoints of a split search (`--threads` above 1): with
/// `--checkpoint DIR`, every first move's search is read from
/// `DIR/<move>.fns` before (or from the seed, the first time) and written
/// there after, each of its two passes; the `--checkpoint-merge` files are
/// read into every first move's search after that.
pub(super) struct MoveCheckpoints<'a> {
    pub(super) board: Board,
    /// Each first move's own file (`--checkpoint DIR`), if any.
    pub(super) files: Option<Vec<PathBuf>>,
    pub(super) seed: Option<&'a Path>,
    pub(super) every: Option<Duration>,
    /// Merged into every first move's search (`--checkpoint-merge`).
    pub(super) merge: &'a [PathBuf],
    /// Set when a file cannot be read, to stop the other searches (they
    /// keep their own files).
    pub(super) stop: Option<Arc<AtomicBool>>,
    pub(super) state: Mutex<MoveCheckpointState>,
}

#[derive(Default)]
pub(super) struct MoveCheckpointState {
    /// One for each first move's own file (none without `--checkpoint`).
    pub(super) reports: Vec<CheckpointReport>,
    /// Moves whose own file, or a file merged into whose search, could not
    /// be read: their own file is never written over.
    pub(super) unreadable: Vec<bool>,
    /// The first file that could not be read.
    pub(super) error: Option<CheckpointError>,
    /// One for each `--checkpoint-merge` file, over every search.
    pub(super) merged: Vec<MergeReport>,
}

impl MoveCheckpoints<'_> {
    /// Stops every search: file `e` could not be read into move `i`'s.
    fn unreadable(&self, i: usize, e: CheckpointError) {
        let mut st = self.state.lock().expect("checkpoint lock");
        st.unreadable[i] = true;
        st.error.get_or_insert(e);
        if let Some(stop) = &self.stop {
            stop.store(true, Ordering::SeqCst);
        }
    }
}

/// A search's own checkpoint (or seed) that cannot be read, as the
/// run's error: a damaged file, or one that is no checkpoint of this
/// program's, says how to go on (it was refused with no way forward).
pub(super) fn unreadable_checkpoint(e: CheckpointError) -> CliError {
    let hint = match e {
        CheckpointError::Corrupt { .. }
        | CheckpointError::NotACheckpoint { .. }
        | CheckpointError::Version { .. } => {
            "; it is left as it is: move it aside (or delete it) to search afresh"
        }
        _ => "",
    };
    CliError(format!("{e}{hint}"))
}

/// Reads a search's own checkpoint `file` if it exists (its tree taken up
/// when it is `pos`'s), else the solved positions of `seed`, if any: the
/// file read and what it gave.
pub(super) fn load_own_or_seed<'p, B: Bits, O: Oracle<B>>(
    solver: &mut Solver<'_, B, O>,
    file: &'p Path,
    seed: Option<&'p Path>,
    pos: &Position<B>,
) -> Option<(&'p Path, Result<CheckpointInfo<B>, CheckpointError>)> {
    if file.exists() {
        Some((file, solver.load_checkpoint_for(file, pos)))
    } else {
        seed.map(|seed| (seed, solver.load_checkpoint_solved(seed)))
    }
}

impl<B: Bits, O: Oracle<B>> MoveSearchHook<B, O> for MoveCheckpoints<'_> {
    fn before(&self, i: usize, pos: &Position<B>, solver: &mut Solver<'_, B, O>) {
        let file = self.files.as_ref().map(|f| f[i].as_path());
        if let Some(file) = file
            && let Some((_, read)) = load_own_or_seed(solver, file, self.seed, pos)
        {
            match read {
                Ok(info) => {
                    let mut st = self.state.lock().expect("checkpoint lock");
                    let report = &mut st.reports[i];
                    if report.read.is_none() {
                        report.read = Some(CheckpointRead::of(&self.board, &info));
                    }
                }
                Err(e) => {
                    // Never written over: no autosave either.
                    self.unreadable(i, e);
                    return;
                }
            }
        }
        for (k, merge) in self.merge.iter().enumerate() {
            match solver.load_checkpoint_solved(merge) {
                Ok(info) => self.state.lock().expect("checkpoint lock").merged[k].add(&info),
                Err(e) => {
                    // The search's own tree is lost with the failed read:
                    // its file is not written over.
                    self.unreadable(i, e);
                    return;
                }
            }
        }
        if let (Some(file), Some(every)) = (file, self.every) {
            solver.set_autosave(file, every);
        }
    }

    fn after(
        &self,
        i: usize,
        pos: &Position<B>,
        solver: &mut Solver<'_, B, O>,
        result: &SolveResult<B>,
    ) {
        let Some(files) = &self.files else {
            return;
        };
        if self.state.lock().expect("checkpoint lock").unreadable[i] {
            return;
        }
        let (autosaves, autosave_error) = solver.autosave_status();
        // A move answered keeps only its answer: with a seed, every file
        // would otherwise hold a copy of the seed's solved positions.
        let saved = if result.stopped.is_none() {
            solver.save_checkpoint_answer(&files[i], pos)
        } else {
            solver.save_checkpoint(&files[i])
        };
        let mut st = self.state.lock().expect("checkpoint lock");
        let report = &mut st.reports[i];
        report.autosaves += autosaves;
        report.total_nodes = solver.total_nodes();
        match saved {
            Ok(w) => {
                report.written = Some(CheckpointWritten::of(&w));
                if let Some(e) = autosave_error {
                    // (Not `eprintln!`, whose panic on a full standard
                    // error poisoned the lock held here for every move.)
                    use std::io::Write;
                    let _ = writeln!(
                        std::io::stderr(),
                        "warning: writing {} while searching failed: {e}",
                        files[i].display()
                    );
                }
            }
            Err(e) => report.error = Some(e.to_string()),
        }
    }
}

pub(super) fn print_checkpoint(c: &CheckpointReport) {
    if let Some(w) = &c.written {
        println!(
            "checkpoint {}: {} solved positions, {} path-dependent disproofs, {} estimates and {} written ({}, {:.1} s; {} while searching); {} nodes over every sitting",
            c.path.display(),
            w.solved,
            w.path_dependent,
            w.estimates,
            if w.tree_nodes > 0 {
                format!("the open tree ({} nodes)", w.tree_nodes)
            } else {
                "no open tree".to_string()
            },
            bytes(w.bytes as usize),
            w.seconds,
            c.autosaves,
            c.total_nodes
        );
    } else if let Some(e) = &c.error {
        println!("checkpoint {}: not written: {e}", c.path.display());
    } else {
        // Only looked at (`--nodes 0`).
        println!(
            "checkpoint {}: read, left as it is; {} nodes over every sitting",
            c.path.display(),
            c.total_nodes
        );
    }
}

/// What a checkpoint read and wrote, as a JSON object.
pub(super) fn json_checkpoint(c: &CheckpointReport) -> String {
    let read = match &c.read {
        None => "null".to_string(),
        Some(CheckpointRead {
            solved,
            solved_held,
            tree_nodes,
            path_dependent,
            estimates,
            tree: root,
            skipped,
            replaced,
        }) => {
            let tree = |t: &Option<(String, Color, u64)>| {
                t.as_ref().map_or("null".to_string(), |(f, g, n)| {
                    format!(
                        "{{\"position\": {}, \"goal\": {}, \"nodes\": {n}}}",
                        json_str(f),
                        json_str(g.name())
                    )
                })
            };
            format!(
                "{{\"solved\": {solved}, \"solved_held\": {solved_held}, \"tree_nodes\": {tree_nodes}, \"path_dependent\": {path_dependent}, \"estimates\": {estimates}, \"tree_position\": {}, \"tree_goal\": {}, \"tree_skipped\": {}, \"tree_replaced\": {}}}",
                root.as_ref()
                    .map_or("null".to_string(), |(f, _)| json_str(f)),
                root.as_ref()
                    .map_or("null".to_string(), |(_, g)| json_str(g.name())),
                tree(skipped),
                tree(replaced),
            )
        }
    };
    let written = match &c.written {
        None => "null".to_string(),
        Some(w) => format!(
            "{{\"solved\": {}, \"tree_nodes\": {}, \"path_dependent\": {}, \"estimates\": {}, \"bytes\": {}, \"seconds\": {:.3}}}",
            w.solved, w.tree_nodes, w.path_dependent, w.estimates, w.bytes, w.seconds
        ),
    };
    format!(
        "{{\"file\": {}, \"read\": {read}, \"written\": {written}, \"autosaves\": {}, \"total_nodes\": {}, \"error\": {}}}",
        json_str(&c.path.display().to_string()),
        c.autosaves,
        c.total_nodes,
        c.error.as_deref().map_or("null".to_string(), json_str)
    )
}
