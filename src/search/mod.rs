//! Proof-number search: proves win, draw or loss for the side to move.
//!
//! # Method
//!
//! **Two boolean searches.** The value of a position for the side to move,
//! S, comes from at most two searches for a goal "side A can force a win"
//! (A, the *attacker*, is S or its opponent). Positions where A is to move
//! are OR nodes, the others AND nodes. S wins if "S wins" is proved; S
//! loses if "the opponent wins" is proved; the position is a draw when both
//! are disproved (S cannot lose and cannot win). Distances are not searched
//! for: the result is win, draw or loss.
//!
//! **Best-first proof-number search on a tree** (Allis; the method Schadd
//! et al. used for Fanorona), with the current-node enhancement: from the
//! deepest node whose numbers did not change, go down to the most-proving
//! leaf (smallest proof number at OR nodes, smallest disproof number at AND
//! nodes, the first of equals), expand it, and update the numbers upwards
//! as far as they change. The search space is a graph with cycles (paika
//! moves can go back and forth); the search keeps it as a *tree*, so every
//! tree node has exactly one path from the root and its numbers come from
//! its own subtree (a leaf's first numbers aside, below, and those are
//! bounded): nothing is counted twice through a transposition or fed back
//! round a cycle without bound. (A first, depth-first df-pn version of
//! this module sharing open nodes through its table did exactly that: on
//! a five-stone 5x3 draw its proof and disproof numbers grew by about a
//! third per visit, without end; so did unbounded estimates, below.)
//! Transpositions are shared through a memory-bounded table of
//! **solved** positions (buckets of sixteen slots with full keys; once
//! it is at its bound, the entry of least work is replaced): every new
//! leaf is looked up there, and so is every leaf again just before it is
//! expanded.
//!
//! **Memory: pruning, then PN².** The tree lives in one array bounded by
//! what the memory bound leaves to it: the table of solved positions takes
//! an eighth (`TABLE_SHARE`), the path-dependent disproofs a 64th and the
//! estimates a 32nd. When the
//! array is full, the subtrees of solved nodes are dropped (compaction keeps
//! the order, so no second copy is needed); if that frees less than half,
//! the deepest subtrees of open nodes are cut off too, and those nodes
//! become leaves again with the numbers they had. If even that leaves no
//! room for the expansion at hand, the search stops (unknown). Once open
//! subtrees have been cut off 16 times in one goal's search, the tree is
//! thrashing, and every expanded leaf first gets a second-level search
//! (PN², Breuker): a proof-number search below it of up to (room left / 64,
//! at most 200) expansions, after which only the leaf's children are
//! kept, with the numbers that search gave them. (Starting PN² when the
//! tree filled an eighth of its room, as before, took 8 to 25 times the
//! expansions of plain search on 7x5 with 0.25 to 2 GiB; second-level
//! searches of up to 20,000 expansions, as before, froze a big tree at
//! less than half its room: `experiments/search_memory/`.) In too
//! little memory even that gets nowhere: the tree gets at least 64 nodes,
//! and on 5x3's start in 0 or 1,000 bytes it was cut every 20 expansions,
//! for ever, never short of room for one expansion. So the tree search
//! watches its cuts as the graph search does (below): after many in a row
//! that bring nothing new it stops, unknown
//! ([`StopReason::MemoryTooSmall`]).
//!
//! **Leaves and move ordering.** A new child is classified, in this order:
//! end of the game (no stones: lost; no move: lost or drawn by the
//! stalemate rule; move limit reached: drawn); a repetition of a position
//! on its path (below); the table of solved positions; the oracle (endgame
//! tables, which also answer a capture position whose every capture lands
//! in them), whose answers go into the table; otherwise it gets the df-pn+
//! style initial numbers `pn = 1, dn = (its number of moves)` at an OR node
//! and `pn = (its number of moves), dn = 1` at an AND node, each raised by
//! twice the stone difference for the side that is behind, or, where the
//! position was searched below before (another copy of it in the tree, or
//! a subtree since dropped), the numbers it had there, up to 16 times the
//! heuristic ones (`estimates`; a most-proving leaf whose kept numbers are
//! larger than its own takes them before it is expanded). The 9x5 trees
//! hold over three copies of each position; with these numbers two 9x5
//! replies searched in 0.9 GiB took 28% and 59% fewer expansions, and
//! searches that cut their trees on smaller boards 42% to over 90% fewer
//! (`experiments/search_estimates/`). They only steer the search: no
//! proof or disproof comes from them. Children are ordered by the stones
//! the move captures, most first.
//!
//! **Repetitions and the graph-history interaction (GHI).** Endless play
//! is a draw, so for the goal "A wins" a position that repeats one on its
//! own path counts as a failure for A: a *disproof* that depends on the
//! path. The rules that keep this sound:
//!
//! - Proofs never rest on a repetition (a repetition only ever disproves),
//!   so every proof is a real forced win, whatever the path: proofs are
//!   stored in the table and reused anywhere.
//! - Every disproof carries the depth `d` of the shallowest position on its
//!   path that it depends on: a repetition of the position at depth `d`
//!   carries `d`; an OR node's disproof carries the minimum over its
//!   children, an AND node's the largest among its disproved children
//!   (end-of-game, oracle and stored disproofs carry none, infinity).
//! - A disproof of a node at depth `k` with `d >= k` rests only on
//!   repetitions of the node itself and of nodes below it: it is a true
//!   disproof (see below), is stored in the table and counts as
//!   unconditional from then on. With `d < k` it holds only for this path:
//!   it stays in the tree node (whose path never changes) and is **never
//!   stored** in the table of solved positions; it is reused elsewhere only
//!   below the same stretch of path (next paragraph but one).
//!
//! Why a disproof with `d >= k` is true: suppose A could force a win from
//! the node, in `r` plies at best. Follow the disproof down: at an OR node
//! take a child where A still wins in `r - 1` (all children are disproved),
//! at an AND node the disproved child (A wins there in fewer plies than at
//! the parent). The distances fall strictly, so no position repeats along
//! this line, and it must end in a disproved leaf: an end of the game, an
//! oracle value or a stored disproof (all true, so A cannot win there: a
//! contradiction), or a repetition of a position on the path at depth at
//! least `k`, that is, of a position on this very line, which would then
//! have a larger distance than itself: a contradiction too. Stored
//! disproofs are true by induction on the order they were stored in. At the
//! root (`k = 0`) every disproof is final, so the answer is exact; only the
//! reuse of path-dependent results is restricted. (The same argument is the
//! reason a repetition may be scored as a failure at all.)
//!
//! **Path-dependent disproofs, kept with their stretch of path**
//! (`conditional`). A disproof at depth `k` with `d < k` rests on nothing
//! of its path but the positions at depths `d..k`, its *stretch*. It is
//! kept in a table of its own (a 64th of the memory bound) with those
//! positions, and a node met later with every one of them on its path (in
//! any order, others between) takes it as a disproof whose dependency
//! depth is that of the shallowest of them there. Such a node was reached
//! through quiet moves in another order or other play further up,
//! transpositions the tree does not share; in paika play a drawn line is
//! met again and again this way. Sound: unfold each reuse into the
//! disproof it stands for (each was made before the reuse, so the
//! unfolding ends); the result is a disproof of the kinds above whose
//! repetitions are of positions on the path at the reuse's dependency
//! depth or below, so the argument above holds for it. On a 9x3 line this
//! took the expansions from over 30 M to 8 M (`experiments/search_ghi/`).
//!
//! **The closure** (optional: [`SearchLimits::closure_every`], `solve
//! --closure`). The tree unrolls a drawn region of paika play once per
//! path into it, so a disproof that rests on its cycles is finished only
//! when every path has come round to a repetition. Every so often (after
//! as many expansions as the tree has nodes) the tree's copies of each
//! position are merged into a graph and the attacker's attractor is
//! computed on it, as in a retrograde analysis: an expanded position from
//! which the attacker cannot force play to a proved or unknown position
//! is a true disproof (the defender keeps play outside for ever or reaches
//! a true disproof); one from which it can force play to proved positions
//! alone (a least fixed point: no cycle counts) is a true proof. Both go
//! into the tree, for every copy, and the table (`closure`). On a 9x5
//! line whose tree had grown over 1.4 billion expansions, the first
//! closure solved 1.5 M tree nodes and took the disproof number from
//! 2,014 to 313; later ones, a few thousand nodes each, did not hold it
//! down. On small, memory-bound searches it costs more than it gives (its
//! scratch takes 16 bytes a tree node from the tree's room, and each run
//! sorts the tree): off by default (`experiments/search_closure/`).
//!
//! **The graph search** (optional: [`SearchLimits::graph`], `solve
//! --graph`; `graph`). The closure taken all the way: the search keeps one
//! node per position (an index over the positions, so a transposition is
//! a link, not a copy) and never a tree. Proofs and disproofs come only
//! from the closure's attractors, run on the whole graph every time the
//! expanded positions have grown by half, and from local deductions that
//! need no path (an OR node with a proved child, or all children
//! disproved; an AND node the other way round); both are true results
//! whatever the path, so nothing is path-dependent and the table of
//! solved positions takes them all. Proof and disproof numbers only steer:
//! each node keeps the tree's min/sum of its children's, cycles and shared
//! children counted as they fall (or, with [`SearchLimits::weak`], the
//! largest child's plus one for each other open child where the tree
//! sums), except that a position on the path down from the root is
//! brought up to date without its moves back to positions above it on
//! the path (whose numbers come from its own: counted, they feed a
//! cycle's numbers on themselves up to the cap). The way down takes the
//! most-proving child not already on its own path, and is kept from one
//! expansion to the next, as depth-first proof-number search (df-pn)
//! keeps it: each position on the path has limits, the numbers at which
//! a descent from the root would turn elsewhere (the next best child's,
//! or where its parent reaches its own), and after an expansion the
//! search goes back up only as far as a position whose numbers stay
//! within its limits, refreshing each position it passes, then down
//! again; so an expansion costs the few positions it moves through, not
//! a walk from the root and a refresh of the whole path (7 to 23% less
//! CPU an expansion on 9x5, session 88). A node whose open
//! children are all on the path is a repetition there: the descent backs
//! out of it (and out of an AND node above it, where the defender repeats)
//! and doubles the proof number of the attacker's move into it, so the next
//! descent tries another; the doubling lasts (a position remembers how
//! often, up to ten times, and its proof number from its children is
//! doubled as often), so that a line left is not walked again at every
//! small change below it. Under the depth cap ([`SearchLimits::depth_cap`],
//! `--depth-cap`, [`DEFAULT_DEPTH_CAP`] unless told otherwise) an
//! expanded position that many moves below the root is
//! backed out of in the same way; when every line stops at the cap, or
//! the descents back out at it too often (a stall of its own), the cap
//! doubles for the rest of the search. When every descent backs out to
//! the root right after a closure, or sooner after one than the graph's
//! size warrants another, the nearest unknown position is expanded,
//! breadth first (if there is none the next closure settles the root).
//! The graph is sized once from the memory bound (in a split, it grows
//! into the memory of searches that have ended); when it is full, a last
//! closure runs (unless one ran a moment before), the solved positions go
//! into the table, the numbers of the expanded open ones into the
//! estimates (which new positions take, as the tree's leaves do), and the
//! graph keeps only the half the descents went through last: best first
//! from the root by the stamp of the last descent through each position,
//! with all the children of what it keeps (a *cut*; an expanded child
//! kept without its moves is unknown again). Where play transposes and
//! repeats this takes far fewer expansions than the tree
//! (`experiments/search_graph/`). In too little memory a cut keeps too
//! little to solve anything new (a drawn region is disproved only once
//! the graph holds all of it) and the search would grow the same
//! positions again for ever: after many cuts in a row that neither kept
//! more solved positions nor solved a move of the root nor raised the
//! root's numbers to new highs it stops, unknown
//! ([`StopReason::MemoryTooSmall`]; `graph`'s `stall`; in bounds of up
//! to 64 MiB, where a cut comes every second or less).
//!
//! Under the move-limit variant a node also carries the turns left, so no
//! position ever repeats and the game is finite; oracle distances are cut
//! to the turns left ([`Value::within`]).
//!
//! **Limits.** A node or time limit, the stop flag (Ctrl-C), a full tree, a
//! memory too small to get anywhere or a leaf 65,534 plies deep (the most
//! a packed tree node records) ends the search cleanly: the result is unknown and carries the proof and
//! disproof numbers reached at the root for the goal left open. The tree is
//! kept: searching the same goal from the same root again goes on where it
//! stopped, in this solver or, through a checkpoint file
//! ([`Solver::save_checkpoint`], [`Solver::load_checkpoint`]), in a later
//! sitting. A checkpoint holds only what is sound anywhere (the table of
//! solved positions, the path-dependent disproofs each with its stretch)
//! and the open tree, whose path-dependent disproofs are only ever used
//! from that same root, and the estimates, which only steer (a graph
//! search keeps no tree: its solved positions and estimates are what a
//! later sitting's graph is built again from).
//!
//! # Parts
//!
//! This module holds the solver: its limits, reports and calls, the two
//! goals of a value, the end of the game, oracle look-ups and a new leaf's
//! numbers; beside it `tree_search` (the best-first search on the tree:
//! descent, expansion, repetitions, path-dependent disproofs, pruning and
//! PN²), `table` (the table of solved positions), `estimates` (the numbers of
//! unsolved positions searched below), `tree` (the packed tree
//! node), `closure` (the tree's copies merged into a graph, its
//! attractors), `graph` (the search on the graph of positions),
//! `checkpoint` (the checkpoint file, `db/FORMAT.md`) and
//! `split` (a position's first moves searched side by side,
//! [`solve_split`]).

mod checkpoint;
mod closure;
mod conditional;
mod estimates;
mod first_moves;
mod graph;
mod line;
mod packed;
mod split;
mod table;
mod tree;
mod tree_search;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::movegen::{Status, Turn, count_children, for_each_turn, status};
use crate::position::Position;
use crate::rules::{Color, Rules, Stalemate};
use crate::value::{GameMismatch, Oracle, Value, Wdl};

pub use crate::fxhash::{FxBuild, FxHasher};
pub use checkpoint::{
    CHECKPOINT_VERSION, CheckpointError, CheckpointInfo, CheckpointLock, SkippedTree,
    check_checkpoint_header, check_writable, lock_checkpoint,
};
use conditional::Conditional;
use estimates::Estimates;
use first_moves::PassLimit;
pub use line::{LineNode, SearchLine};
pub use split::{MoveSearchHook, Split, solve_split};
pub use table::{Entry, Table};
use tree::{MAX_DEPTH, NONE, TreeNode};

/// The turns-left field of a node when there is no move limit.
pub const NO_LIMIT: u16 = u16::MAX;

/// The turns-left field of a node's children (a node with none left has
/// none: the game is over there).
fn turns_left_after(left: u16) -> u16 {
    debug_assert_ne!(left, 0, "no turn is left: the game is over");
    if left == NO_LIMIT { NO_LIMIT } else { left - 1 }
}

/// Infinity for proof and disproof numbers.
pub const INF: u64 = u64::MAX;
/// Finite numbers stop growing here, short of [`INF`] and within the `u32`
/// a tree node keeps them in (root numbers of the longest searches so far
/// are around a million).
const CAP: u64 = u32::MAX as u64 - 1;
/// The dependency depth of an unconditional result.
const NO_DEP: u32 = u32::MAX;
/// How much a stone behind raises a new leaf's number for that side (the
/// proof number if the attacker is behind, the disproof number if the
/// defender is). Captures take several stones at once in Fanorona, so
/// material says much about who wins. 2 against 1: 7x5 start 17% fewer
/// expansions in 0.03 GiB, 10% fewer in 4 GiB, 5x7 after c3-c4A 21% fewer,
/// 9x3 after d2-e2A settled in 23.4 M where 1 and 3 were open after 80 M;
/// within 2% on a 78-position suite and 7x3 with sacrifices, and -4% to
/// +14% on positions of a few thousand expansions
/// (`experiments/search_heuristic/`).
const MATERIAL_WEIGHT: u64 = 2;
/// The table of solved positions gets this fraction (1/n) of the memory
/// bound, the tree the rest. A bigger tree beat a bigger table: 7x5 start
/// with the 7-stone tables at `--memory 0.1`, 1,036,748 nodes with a half,
/// 928,150 with a quarter, 761,686 with an eighth, 896,829 with a
/// sixteenth; a 9x5 reply (`--memory 1.5 --table-cache 0.5`) was still
/// open after 40 M nodes with a quarter, disproved in 36.7 M with an
/// eighth (`experiments/search_memory/`).
const TABLE_SHARE: usize = 8;
/// The replacement priority of a goal's answer at the root of a search
/// (see [`Entry::work`]): above any search's work, so that it is never
/// the entry a full bucket drops.
const ANSWER_WORK: u32 = u32::MAX;
/// The share of the memory bound for the table of path-dependent
/// disproofs (`conditional`), also out of the tree's: a 9x3 search with
/// 1.5 GiB stored 65,237 of them (of four positions each on average) in
/// 8 M expansions, into room for 78,824.
const CONDITIONAL_SHARE: usize = 64;
/// The share of the memory bound for the table of estimates (the numbers
/// of unsolved positions searched below: `estimates`), also out of the
/// tree's.
const ESTIMATE_SHARE: usize = 32;
/// A position's kept numbers are used up to this many times its heuristic
/// ones. Unbounded, numbers passed between copies of positions on a cycle
/// of paika moves grew without end: the 5x5 start without tables at
/// `--memory 0.05` went from a draw in 3.1 M nodes to open after 20 M,
/// both numbers at their cap. With 16: 1.2 M; 4 did better there (0.96 M)
/// but took 14.7 M nodes on a 9x3 line that 16 settles in 1.9 M, and 64
/// was behind 16 on four of five searches that cut their trees
/// (`experiments/search_estimates/`).
const ESTIMATE_CAP: u64 = 16;
/// The fewest expansions between two closures ("the closure" in
/// [`crate::search`]'s method) that the command line asks for.
pub const CLOSURE_EVERY: u64 = 4096;
/// The scratch memory of a closure, in bytes per tree node: 12 while the
/// copies are grouped, then 9 a node and 11 a distinct position (about 12
/// in all on the 9x5 trees, 3.6 copies a position; 20 were every node a
/// different position). Left out of the tree's room when the closure is
/// on, so the bound holds on such trees.
pub const CLOSURE_BYTES_PER_NODE: usize = 16;
/// How often (in nodes) limits are checked.
const CHECK_EVERY: u64 = 1024;

/// A search node: a position and, under the move-limit variant, the turns
/// left in the game ([`NO_LIMIT`] otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node<B> {
    /// The position.
    pub pos: Position<B>,
    /// Under the move limit, the turns left in the game from this position
    /// (0: the game ends here, drawn), at most 65,534; [`NO_LIMIT`]
    /// without it.
    pub left: u16,
}

/// What may stop a search before it has an answer, and how its memory is
/// spent. The default: no node or time limit, 256 MiB, the tree search
/// with the default depth cap.
///
/// The node and time limits and the stop flag are looked at every 1,024
/// expansions, so a search may run up to 1,023 past a node limit (and one
/// that needs fewer than 1,024 answers whatever the limit).
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Nodes (expansions) per [`Solver::solve`] call, looked at every
    /// 1,024. With 0 a graph search ([`SearchLimits::graph`]) still looks
    /// its root's moves up, uncounted, so that its line shows what the
    /// tables settle.
    pub nodes: Option<u64>,
    /// Wall-clock time per [`Solver::solve`] call. A time too long to add
    /// to the clock ([`Duration::MAX`], say) is no limit.
    pub time: Option<Duration>,
    /// Bound on the memory of the search tree (or graph) and the tables
    /// together, cut to the machine's memory. Too small a bound is not
    /// refused (the tree gets at least 64 nodes, enough for small
    /// positions; the command line takes no less than 1 MiB), but where
    /// the search cannot get anywhere in it (5x3's start without tables
    /// in under 32 KiB) its tree or graph is cut again and again to no
    /// end: in bounds up to 64 MiB (4 MiB for the tree), after 1,024 cuts
    /// in a row (4,096 of the tree) that neither kept more solved positions, nor solved more
    /// of the root's moves, nor raised the root's numbers to new highs,
    /// the search stops, unknown, with [`StopReason::MemoryTooSmall`] (in
    /// 0 or 1,000 bytes on 5x3's start, after some 80,000 expansions).
    pub memory_bytes: usize,
    /// Set from outside (Ctrl-C) to stop.
    pub stop: Option<Arc<AtomicBool>>,
    /// The closure ("the closure" in [`crate::search`]'s method: the
    /// tree's copies of each position merged into a graph now and then,
    /// solved on it as a retrograde analysis would): `None`, never;
    /// `Some(k)`, after every `k` expansions or as many as the tree has
    /// nodes, whichever is more. Its scratch memory comes out of the
    /// tree's room ([`CLOSURE_BYTES_PER_NODE`]).
    pub closure_every: Option<u64>,
    /// Search on the graph of positions (`graph`) instead of the tree.
    pub graph: bool,
    /// On the graph: weak proof numbers (Ueda et al., 2008), where an
    /// OR node's disproof number is its largest child's plus one for each
    /// other open child, and an AND node's proof number likewise, instead
    /// of the sums. The sums count a position once per path and, down the
    /// long lines of paika play on 9x5, reach the cap, where every move
    /// of the defender ties; the weak numbers stay below it. Only the
    /// steering changes: what is proved is proved as before.
    pub weak: bool,
    /// On the graph: a descent leaves an expanded position this many
    /// moves below the root as it leaves a repetition; when every line
    /// stops at the cap, or when descents back out at it more than 24
    /// times each on average over 16,384 of them, the cap doubles for the
    /// rest of the search.
    /// Where the defender can wander through a drawn region of paika
    /// play, an uncapped descent follows it down ever longer paths (on a
    /// 7x5 ending, 9 positions long at first and 659 on average after
    /// 450,000 expansions, open after 120 s; capped at 50 moves, disproved
    /// in 3.6 M, 120 s; experiments/search_graph, sessions 57 and 58). Only
    /// the order of the search changes. [`DEFAULT_DEPTH_CAP`] by default;
    /// `None`, no cap. A cap of 0 counts as 1: there is nothing to expand
    /// at the root itself, and doubled, 0 would stay 0.
    pub depth_cap: Option<usize>,
}

/// The graph's depth cap unless told otherwise ([`SearchLimits::depth_cap`]):
/// on the searches measured it costs nothing where no stall comes (the
/// 78-position suite: the same 63 settled within 1 M expansions each, the
/// same expansions within 0.1%; four small runs 3% fewer) and keeps the
/// rate where one does (a 7x5 ending: disproved in 3.6 M expansions
/// instead of open after 300 s; 3x9 with the sacrifice move: 18.5 k
/// expansions a second instead of 1.5 k; experiments/search_graph,
/// sessions 58, 61 and 62). A cap of 20 was too low for 5x5 without
/// tables, where the lines are the whole game.
pub const DEFAULT_DEPTH_CAP: usize = 50;

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            nodes: None,
            time: None,
            memory_bytes: 256 << 20,
            stop: None,
            closure_every: None,
            graph: false,
            weak: false,
            depth_cap: Some(DEFAULT_DEPTH_CAP),
        }
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The node limit ([`SearchLimits::nodes`]) was reached.
    Nodes,
    /// The time limit ([`SearchLimits::time`]) ran out.
    Time,
    /// The stop flag ([`SearchLimits::stop`]) was set.
    Interrupted,
    /// The tree filled the memory bound even after pruning.
    Memory,
    /// The most-proving leaf lay 65,534 plies (`MAX_DEPTH`) below the root, as
    /// deep as a search tree goes.
    Depth,
    /// A first move's search in [`solve_split`] with one goal, stopped (or
    /// never started) because another move had settled that goal at the
    /// position.
    Settled,
    /// The search in `memory_bytes` (its memory bound) made no progress
    /// over many cuts of its full tree or graph (`--graph`) in a row: what
    /// a cut keeps is too little to solve anything new, and the search
    /// would grow the same positions again for ever
    /// ([`SearchLimits::memory_bytes`]). More memory (twice as much, say)
    /// is needed.
    MemoryTooSmall {
        /// The search's memory bound, in bytes (as cut to the machine's
        /// memory).
        memory_bytes: usize,
    },
}

impl StopReason {
    /// A short name for reports: "node limit", "time limit" and so on.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Nodes => "node limit",
            StopReason::Time => "time limit",
            StopReason::Interrupted => "interrupted",
            StopReason::Memory => "memory limit",
            StopReason::Depth => "depth limit",
            StopReason::Settled => "settled by another move",
            StopReason::MemoryTooSmall { .. } => "memory too small: give twice as much",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // (At least the command line's least bound: twice a few
            // bytes is as little.)
            StopReason::MemoryTooSmall { memory_bytes } => write!(
                f,
                "memory too small: the search made no progress in {}, cut after cut; \
                 give it at least {}",
                crate::progress::bytes(memory_bytes),
                crate::progress::bytes(memory_bytes.saturating_mul(2).max(1 << 20)),
            ),
            _ => f.write_str(self.name()),
        }
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// More turns played than the move limit allows.
    PastMoveLimit {
        /// Turns played before the position, as given.
        played: u32,
        /// Turns a game may last under the move limit (10 per row).
        limit: u32,
    },
    /// The board, rules and tables given are not one game
    /// ([`crate::value::same_game`]; from [`solve_split`], whose result
    /// can say so: [`Solver::new`] and [`solve`] panic).
    Mismatch(GameMismatch),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::PastMoveLimit { played, limit } => write!(
                f,
                "{played} turns played, but the move limit ends the game after {limit}"
            ),
            SearchError::Mismatch(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SearchError {}

/// A snapshot of a running search, for progress displays.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Nodes expanded in this call.
    pub nodes: u64,
    /// Seconds since this call began.
    pub seconds: f64,
    /// Oracle (endgame table) look-ups that gave a value.
    pub oracle_hits: u64,
    /// Solved positions in the table.
    pub tt_entries: usize,
    /// Bytes of the table of solved positions and of the tables of
    /// path-dependent disproofs and of estimates, together.
    pub tt_bytes: usize,
    /// Nodes in the search tree now (on the graph, its positions).
    pub tree_nodes: usize,
    /// Bytes the tree (or the graph) takes now.
    pub tree_bytes: usize,
    /// The side whose win is being proved or disproved.
    pub attacker: Color,
    /// The proof number at the root for that goal, as of the last time it
    /// reached it ([`INF`] for infinity; 1 with no tree).
    pub proof: u64,
    /// The disproof number at the root, likewise.
    pub disproof: u64,
    /// While the first moves are valued: (number of this one from 1, how
    /// many), in the order of [`distinct_moves`].
    pub first_move: Option<(usize, usize)>,
    /// Times open subtrees were cut off in this call.
    pub cuts: u64,
    /// Second-level (PN²) searches run in this call.
    pub second_levels: u64,
    /// Closures run in this call ([`SearchLimits::closure_every`]).
    pub closures: u64,
    /// Tree nodes the closures of this call solved.
    pub closure_solved: u64,
    /// Seconds the closures of this call took.
    pub closure_seconds: f64,
    /// Seconds spent making room in a full tree or graph (its cuts and
    /// compactions, their closures aside), in this call.
    pub cut_seconds: f64,
    /// On the graph under a depth cap ([`SearchLimits::depth_cap`]): the
    /// cap now, which doubles as the search needs.
    pub depth_cap: Option<usize>,
}

/// How a goal ("the attacker can force a win") stands at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalState {
    /// The attacker can force a win.
    Proved,
    /// The attacker cannot force a win: the position is a draw or a loss
    /// for it.
    Disproved,
    /// Not settled: the proof and disproof numbers reached ([`INF`] for
    /// infinity).
    Open {
        /// The root's proof number as the search left it (from
        /// [`solve_split`], made up from its first moves' numbers).
        proof: u64,
        /// The root's disproof number, likewise.
        disproof: u64,
    },
}

impl GoalState {
    /// "proved", "disproved" or "open", as reports and `--json` name it.
    pub fn name(&self) -> &'static str {
        match self {
            GoalState::Proved => "proved",
            GoalState::Disproved => "disproved",
            GoalState::Open { .. } => "open",
        }
    }
}

/// One goal searched at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The side whose win was searched for.
    pub attacker: Color,
    /// Where its search left the goal.
    pub state: GoalState,
}

/// Which first moves to value after the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MoveReport {
    /// None.
    None,
    /// Until one move of the root's value is found.
    Best,
    /// Every move.
    #[default]
    All,
}

/// A first move: every turn that leads to one resulting position.
#[derive(Clone, Debug)]
pub struct MoveValue<B> {
    /// The turns that lead to `position`, in the move generator's order
    /// (at least one).
    pub turns: Vec<Turn>,
    /// The position they lead to, the opponent to move.
    pub position: Position<B>,
    /// The value for the side that plays it (unknown if not searched or
    /// stopped).
    pub value: Option<Wdl>,
    /// The goals searched at the resulting position: by [`solve_split`],
    /// or after the root those its value left open (none after a lost
    /// root, whose moves all lose; only "the opponent wins?" after a drawn
    /// one).
    pub goals: Vec<Goal>,
    /// From [`solve_split`]: where the move's own search stood when a limit
    /// stopped it with its goal open ([`SolveResult::line`]).
    pub line: Option<SearchLine<B>>,
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Debug)]
pub struct SolveResult<B> {
    /// For the side to move; `None`: unknown (a limit was hit).
    pub value: Option<Wdl>,
    /// The goals searched at the root, in order.
    pub goals: Vec<Goal>,
    /// The first moves valued, best first (by value; unknown last).
    pub moves: Vec<MoveValue<B>>,
    /// Nodes expanded in this call (from [`solve_split`], by all its
    /// searches).
    pub nodes: u64,
    /// Oracle (endgame table) look-ups that gave a value, in this call.
    pub oracle_hits: u64,
    /// Leaves found disproved in the table of path-dependent disproofs
    /// (every position such a disproof rests on was on their path).
    pub conditional_hits: u64,
    /// Leaves that started from, or were raised to, the numbers their
    /// position had been given where it was searched below before (the
    /// table of estimates).
    pub estimate_hits: u64,
    /// Closures run ([`SearchLimits::closure_every`]).
    pub closures: u64,
    /// Tree nodes the closures solved (copies of a position counted each).
    pub closure_solved: u64,
    /// Seconds the closures took.
    pub closure_seconds: f64,
    /// Seconds spent making room in a full tree or graph, closures aside.
    pub cut_seconds: f64,
    /// Solved positions in the table (from [`solve_split`], in all its
    /// searches' tables).
    pub tt_entries: usize,
    /// Bytes of the table of solved positions and of the tables of
    /// path-dependent disproofs and of estimates, together (from
    /// [`solve_split`], the largest search's times the threads).
    pub tt_bytes: usize,
    /// The most bytes the search tree took in this call.
    pub tree_bytes: usize,
    /// Second-level (PN²) searches run in this call.
    pub second_levels: u64,
    /// Times the tree was compacted to make room in this call.
    pub compactions: u64,
    /// Times open subtrees had to be cut off as well, in this call: a
    /// search that cuts often is short of memory.
    pub cuts: u64,
    /// Wall-clock seconds the call took.
    pub seconds: f64,
    /// What stopped the search before it was done (a limit, the stop flag,
    /// the memory), `None` when nothing did.
    pub stopped: Option<StopReason>,
    /// Where the search stood when a limit stopped it with a goal open: the
    /// line through its open tree ([`Solver::search_line`]). `None` when
    /// nothing was left open, and from [`solve_split`] (whose first moves
    /// have their own searches' lines, [`MoveValue::line`]).
    pub line: Option<SearchLine<B>>,
    /// On the graph under a depth cap ([`SearchLimits::depth_cap`]): the
    /// cap where the search left it, the deepest of this call's searches
    /// (it doubles where lines stop at it); `None` after a call that
    /// expanded nothing.
    pub depth_cap: Option<usize>,
}

impl<B> SolveResult<B> {
    /// The moves that keep the root's value.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveValue<B>> {
        self.moves
            .iter()
            .filter(move |m| m.value.is_some() && m.value == self.value)
    }
}

#[inline]
fn add(a: u64, b: u64) -> u64 {
    if a == INF || b == INF {
        INF
    } else {
        (a + b).min(CAP)
    }
}

/// The search: a table of solved positions that lives across
/// [`Solver::solve`] calls, the tree of the goal being searched, the rules,
/// the oracle and the limits.
pub struct Solver<'a, B: Bits, O: Oracle<B>> {
    geo: &'a Geometry<B>,
    rules: Rules,
    oracle: &'a O,
    limits: SearchLimits,
    table: Table<B>,
    tree: Vec<TreeNode<B>>,
    max_nodes: usize,
    /// The tree nodes from the root to the node being worked on.
    stack: Vec<u32>,
    /// The positions on that path, root first (the index is the depth),
    /// each with its number of stones ([`Solver::on_path`]).
    path: Vec<(Node<B>, u32)>,
    positions: Vec<Position<B>>,
    scratch: Vec<(u64, B)>,
    attacker: Color,
    /// The goal (attacker) of the tree held, if any: a search of that goal
    /// from the tree's root takes it up where it stopped.
    tree_goal: Option<Color>,
    /// Whether the tree held is one a checkpoint gave, not yet searched.
    tree_read: bool,
    /// A checkpoint's open tree that a search of another goal or position
    /// replaced with its own ([`Solver::replaced_tree`]).
    replaced_tree: Option<checkpoint::SkippedTree<B>>,
    /// Set by [`solve_split`] when another first move has settled the
    /// goal this search serves: a stop like the user's, told apart.
    settled: Option<Arc<AtomicBool>>,
    /// Set by [`solve_split`]: the memory (bytes) its searches that have
    /// ended gave back, which a search on the graph takes when its graph
    /// is full rather than cut it.
    spare_memory: Option<Arc<AtomicUsize>>,
    /// Where and how often to write a checkpoint while searching.
    autosave: Option<Autosave>,
    first_move: Option<(usize, usize)>,
    /// The budget of one first move's short search in the first pass of
    /// [`Solver::first_moves`], if one runs: a stop it causes is its own
    /// (`pass_stopped`), cleared when the move's search returns.
    pass_limit: Option<PassLimit>,
    pass_stopped: bool,
    /// The most tree nodes in this call.
    peak_tree: usize,
    second_levels: u64,
    compactions: u64,
    /// Times open subtrees were cut off in the current goal's search
    /// (PN² starts after `tree_search::PN2_AFTER_CUTS`), and in this call.
    cuts: u32,
    call_cuts: u64,
    /// Nodes expanded over the solver's life.
    total_nodes: u64,
    // Counters of the current call.
    nodes: u64,
    oracle_hits: u64,
    start: Instant,
    deadline: Option<Instant>,
    last_report: Instant,
    stopped: Option<StopReason>,
    /// Path-dependent disproofs with the stretch of path they rest on.
    conditional: Conditional<B>,
    /// Leaves found disproved in it, in this call.
    conditional_hits: u64,
    /// The numbers of unsolved positions searched below ([`estimates`]).
    estimates: Estimates<B>,
    /// Leaves that took their numbers from it, in this call.
    estimate_hits: u64,
    /// The expansions (over the solver's life) at which the closure
    /// ([`closure`]) runs next, if it is on.
    closure_due: u64,
    /// Closures run, tree nodes they solved and the time they took, in
    /// this call.
    closures: u64,
    closure_solved: u64,
    closure_time: Duration,
    /// Time spent making room in a full tree or graph (closures aside),
    /// in this call.
    cut_time: Duration,
    /// The most bytes a graph search ([`graph`]) held in this call.
    graph_bytes: usize,
    /// The deepest depth cap a graph search of this call left.
    graph_depth_cap: Option<usize>,
    /// Where a graph search of this call stood when a limit stopped it
    /// ([`Solver::search_line`]): read off the graph then, since the
    /// graph goes with its search.
    graph_line: Option<SearchLine<B>>,
}

type ProgressFn<'p> = dyn FnMut(&Progress) + 'p;

/// Checkpoints written while a search runs ([`Solver::set_autosave`]).
struct Autosave {
    path: std::path::PathBuf,
    every: Duration,
    last: Instant,
    written: u32,
    /// The first failure; no more are tried after it.
    error: Option<CheckpointError>,
}

/// Solves one position with a fresh table: the value and every first move.
///
/// # Panics
///
/// As [`Solver::new`]: when `geo`'s board and `rules` give different
/// diagonal rules where they differ, or `oracle` does not serve them
/// (tables of another board or rule set). [`crate::value::same_game`]
/// says these beforehand, as an error; [`solve_split`] returns them as
/// one ([`SearchError::Mismatch`]).
pub fn solve<B: Bits, O: Oracle<B>>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    oracle: &O,
    limits: &SearchLimits,
    mut progress: impl FnMut(&Progress),
) -> SolveResult<B> {
    let mut solver = Solver::new(geo, *rules, oracle, limits.clone());
    let root = Node {
        pos: *pos,
        left: solver.turns_left(0).unwrap_or(NO_LIMIT),
    };
    solver.solve_node(root, MoveReport::All, &mut progress)
}

/// The first moves of a position, one per resulting position (several
/// turns can lead to the same one), not valued yet, in the order the
/// search takes them ([`Progress::first_move`] counts in it).
pub fn distinct_moves<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
) -> Vec<MoveValue<B>> {
    let mut moves: Vec<MoveValue<B>> = Vec::new();
    for_each_turn(geo, rules, pos, |t, p| {
        match moves.iter_mut().find(|m| m.position == *p) {
            Some(m) => m.turns.push(t.to_owned()),
            None => moves.push(MoveValue {
                turns: vec![t.to_owned()],
                position: *p,
                value: None,
                goals: Vec::new(),
                line: None,
            }),
        }
    });
    moves
}

impl<'a, B: Bits, O: Oracle<B>> Solver<'a, B, O> {
    /// A solver whose tables and tree together stay within
    /// `limits.memory_bytes`: an eighth (`TABLE_SHARE`) for the table of
    /// solved positions, a 64th for the path-dependent disproofs, a 32nd
    /// for the estimates, the rest for the tree.
    ///
    /// # Panics
    ///
    /// When `geo`'s board and `rules` give different diagonal rules where
    /// they differ, or `oracle` does not serve them ([`Oracle::serves`]:
    /// tables of another board or rule set).
    pub fn new(geo: &'a Geometry<B>, rules: Rules, oracle: &'a O, limits: SearchLimits) -> Self {
        crate::value::assert_same_game(&geo.board, &rules, oracle);
        // A bound past the machine's memory is cut to it: the tables are
        // reserved at once, and a reservation of more than the machine has
        // ends the program.
        let mut limits = limits;
        if let Some(total) = crate::sysmem::total_memory() {
            limits.memory_bytes = limits.memory_bytes.min(total as usize);
        }
        let now = Instant::now();
        let table_bytes = limits.memory_bytes / TABLE_SHARE;
        let conditional_bytes = limits.memory_bytes / CONDITIONAL_SHARE;
        let estimate_bytes = limits.memory_bytes / ESTIMATE_SHARE;
        let tree_bytes = limits.memory_bytes - table_bytes - conditional_bytes - estimate_bytes;
        // Each tree node, and four bytes per node for the index map when
        // the tree is compacted (and the closure's scratch, freed before).
        let scratch = if limits.closure_every.is_some() {
            CLOSURE_BYTES_PER_NODE
        } else {
            4
        };
        let per_node = std::mem::size_of::<TreeNode<B>>() + scratch;
        let max_nodes = (tree_bytes / per_node).clamp(64, NONE as usize - 1);
        Solver {
            geo,
            rules,
            oracle,
            table: Table::new(table_bytes),
            tree: Vec::new(),
            max_nodes,
            limits,
            stack: Vec::new(),
            path: Vec::new(),
            positions: Vec::new(),
            scratch: Vec::new(),
            attacker: Color::White,
            tree_goal: None,
            tree_read: false,
            replaced_tree: None,
            settled: None,
            spare_memory: None,
            autosave: None,
            first_move: None,
            pass_limit: None,
            pass_stopped: false,
            peak_tree: 0,
            second_levels: 0,
            compactions: 0,
            cuts: 0,
            call_cuts: 0,
            total_nodes: 0,
            nodes: 0,
            oracle_hits: 0,
            start: now,
            deadline: None,
            last_report: now,
            stopped: None,
            conditional: Conditional::new(conditional_bytes),
            conditional_hits: 0,
            estimates: Estimates::new(estimate_bytes),
            estimate_hits: 0,
            closure_due: 0,
            closures: 0,
            closure_solved: 0,
            closure_time: Duration::ZERO,
            cut_time: Duration::ZERO,
            graph_bytes: 0,
            graph_depth_cap: None,
            graph_line: None,
        }
    }

    /// The table of solved positions: (entries, bytes).
    pub fn table_size(&self) -> (usize, usize) {
        (self.table.len(), self.table.bytes())
    }

    /// Nodes expanded over the solver's life, counting those of the
    /// searches whose checkpoints it read.
    pub fn total_nodes(&self) -> u64 {
        self.total_nodes
    }

    /// The open tree a checkpoint gave that a search of another goal or
    /// position replaced with its own (one tree is held, and saved): the
    /// checkpoint written next no longer has it.
    pub fn replaced_tree(&self) -> Option<&checkpoint::SkippedTree<B>> {
        self.replaced_tree.as_ref()
    }

    /// The most tree nodes the memory bound allows.
    pub fn max_tree_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Forgets the table of solved positions (and those of path-dependent
    /// disproofs and of estimates).
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.conditional.clear();
        self.estimates.clear();
    }

    /// Writes a checkpoint to `path` every `every` while a goal is being
    /// searched ([`Solver::save_checkpoint`]), between two steps of the
    /// search, where its tree is whole. A failure stops the writing, not
    /// the search: see [`Solver::autosave_status`].
    pub fn set_autosave(&mut self, path: &std::path::Path, every: Duration) {
        self.autosave = Some(Autosave {
            path: path.to_owned(),
            every,
            last: Instant::now(),
            written: 0,
            error: None,
        });
    }

    /// Checkpoints written while searching, and the failure that stopped
    /// the writing, if one did.
    pub fn autosave_status(&mut self) -> (u32, Option<CheckpointError>) {
        match &mut self.autosave {
            Some(a) => (a.written, a.error.take()),
            None => (0, None),
        }
    }

    /// All the spare memory (bytes) [`solve_split`] holds, if any.
    fn take_spare_memory(&self) -> Option<usize> {
        let spare = self.spare_memory.as_ref()?.swap(0, Ordering::Relaxed);
        (spare > 0).then_some(spare)
    }

    /// Whether the autosave checkpoint is due.
    fn autosave_due(&self) -> bool {
        self.autosave
            .as_ref()
            .is_some_and(|a| a.error.is_none() && a.last.elapsed() >= a.every)
    }

    /// Writes the autosave checkpoint if it is due.
    fn autosave_if_due(&mut self) {
        if !self.autosave_due() {
            return;
        }
        let Some(a) = &self.autosave else { return };
        let path = a.path.clone();
        let saved = self.save_checkpoint(&path);
        let a = self.autosave.as_mut().expect("checked");
        a.last = Instant::now();
        match saved {
            Ok(_) => a.written += 1,
            Err(e) => a.error = Some(e),
        }
    }

    /// Solves `pos`, with `turns_played` turns of the game behind it (used
    /// only under the move-limit variant), then values its first moves as
    /// `report` asks. The limits count from this call.
    pub fn solve(
        &mut self,
        pos: &Position<B>,
        turns_played: u32,
        report: MoveReport,
        progress: &mut ProgressFn<'_>,
    ) -> Result<SolveResult<B>, SearchError> {
        let left = self.turns_left(turns_played)?;
        let root = Node { pos: *pos, left };
        Ok(self.solve_node(root, report, progress))
    }

    /// The turns-left field of a root with `turns_played` turns behind it.
    fn turns_left(&self, turns_played: u32) -> Result<u16, SearchError> {
        match self.rules.turn_limit(self.geo.board.rows) {
            None => Ok(NO_LIMIT),
            Some(limit) if turns_played <= limit => {
                Ok((limit - turns_played).min(NO_LIMIT as u32 - 1) as u16)
            }
            Some(limit) => Err(SearchError::PastMoveLimit {
                played: turns_played,
                limit,
            }),
        }
    }

    fn solve_node(
        &mut self,
        root: Node<B>,
        report: MoveReport,
        progress: &mut ProgressFn<'_>,
    ) -> SolveResult<B> {
        self.begin_call();
        let mut goals = Vec::new();
        let turn = root.pos.turn;
        let value = self.value(&root, &[turn, turn.other()], &mut goals, progress);
        let mut moves = Vec::new();
        if report != MoveReport::None {
            match value {
                Some(v) => moves = self.first_moves(&root, v, report, progress),
                None if self.stopped.is_some() => {
                    let me_cannot_win = goals
                        .iter()
                        .any(|g| g.attacker == turn && g.state == GoalState::Disproved);
                    moves = self.known_first_moves(&root, me_cannot_win, progress);
                }
                None => {}
            }
        }
        self.call_result(value, goals, moves)
    }

    /// Searches only the goal "`attacker` can force a win" at `pos` (one of
    /// the two searches a value needs), with `turns_played` turns behind it
    /// as in [`Solver::solve`]. The value comes back known when the goal is
    /// proved (a win for `attacker`), or when the position is decided
    /// without search (the end of the game, the oracle); a disproof leaves
    /// it unknown, with the goal [`GoalState::Disproved`]: `attacker`
    /// cannot force a win, but whether the other side can was not asked.
    pub fn prove_goal(
        &mut self,
        pos: &Position<B>,
        turns_played: u32,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> Result<SolveResult<B>, SearchError> {
        let left = self.turns_left(turns_played)?;
        Ok(self.solve_node_goal(Node { pos: *pos, left }, attacker, progress))
    }

    /// [`Solver::prove_goal`] on a node.
    fn solve_node_goal(
        &mut self,
        node: Node<B>,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> SolveResult<B> {
        self.begin_call();
        let mut goals = Vec::new();
        let value = match self.static_value(&node) {
            Some(v) => Some(v),
            None => {
                let state = self.prove(&node, attacker, progress);
                goals.push(Goal { attacker, state });
                (state == GoalState::Proved).then_some(if attacker == node.pos.turn {
                    Wdl::Win
                } else {
                    Wdl::Loss
                })
            }
        };
        self.call_result(value, goals, Vec::new())
    }

    /// Solves one node without valuing its moves, searching the goal
    /// "`first` wins" first (after a goal the table already answers).
    fn solve_node_goals(
        &mut self,
        node: Node<B>,
        first: Color,
        progress: &mut ProgressFn<'_>,
    ) -> SolveResult<B> {
        self.begin_call();
        let mut goals = Vec::new();
        let value = self.value(&node, &[first, first.other()], &mut goals, progress);
        self.call_result(value, goals, Vec::new())
    }

    /// Resets the counters and the clock of a call.
    fn begin_call(&mut self) {
        self.nodes = 0;
        self.peak_tree = self.tree.len();
        self.second_levels = 0;
        self.compactions = 0;
        self.call_cuts = 0;
        self.oracle_hits = 0;
        self.conditional_hits = 0;
        self.estimate_hits = 0;
        self.closures = 0;
        self.closure_solved = 0;
        self.closure_time = Duration::ZERO;
        self.cut_time = Duration::ZERO;
        self.graph_bytes = 0;
        self.graph_depth_cap = None;
        self.graph_line = None;
        self.start = Instant::now();
        self.last_report = self.start;
        // A time too long to add to the clock (`Duration::MAX`, say) is no
        // limit: it would outlast the program.
        self.deadline = self.limits.time.and_then(|t| self.start.checked_add(t));
        self.stopped = None;
        self.first_move = None;
        self.check_stop();
    }

    fn call_result(
        &self,
        value: Option<Wdl>,
        goals: Vec<Goal>,
        moves: Vec<MoveValue<B>>,
    ) -> SolveResult<B> {
        SolveResult {
            value,
            goals,
            moves,
            nodes: self.nodes,
            oracle_hits: self.oracle_hits,
            conditional_hits: self.conditional_hits,
            estimate_hits: self.estimate_hits,
            closures: self.closures,
            closure_solved: self.closure_solved,
            closure_seconds: self.closure_time.as_secs_f64(),
            cut_seconds: self.cut_time.as_secs_f64(),
            tt_entries: self.table.len(),
            tt_bytes: self.table.bytes() + self.conditional.bytes() + self.estimates.bytes(),
            tree_bytes: (self.peak_tree * std::mem::size_of::<TreeNode<B>>()).max(self.graph_bytes),
            second_levels: self.second_levels,
            compactions: self.compactions,
            cuts: self.call_cuts,
            seconds: self.start.elapsed().as_secs_f64(),
            stopped: self.stopped,
            line: self.stopped.and_then(|_| self.search_line()),
            // A call that expanded nothing (a look at a checkpoint) used
            // no cap: the default it starts from was reported as where
            // the search left it.
            depth_cap: self.graph_depth_cap.filter(|_| self.nodes > 0),
        }
    }

    /// The value of a node for its side to move, asking "A wins?" for each
    /// A of `attackers` in turn: a proof gives the value, and once all are
    /// disproved the node is a draw. So `attackers` holds both sides, the
    /// one to search first first, or leaves out only a side already known
    /// not to win; a goal the table of solved positions answers is taken
    /// before any search. Records the goals settled or left open in
    /// `goals`.
    fn value(
        &mut self,
        node: &Node<B>,
        attackers: &[Color],
        goals: &mut Vec<Goal>,
        progress: &mut ProgressFn<'_>,
    ) -> Option<Wdl> {
        let me = node.pos.turn;
        if let Some(v) = self.static_value(node) {
            return Some(v);
        }
        // A goal the table of solved positions answers (a checkpoint's, an
        // earlier call's) comes first, without search: a search stopped on
        // the other goal still says what is known (a look at a checkpoint
        // of "black wins?" said only "white wins? open").
        let mut attackers = attackers.to_vec();
        attackers.sort_by_key(|&a| self.table.get(node, a).is_none());
        for attacker in attackers {
            let state = self.prove(node, attacker, progress);
            goals.push(Goal { attacker, state });
            match state {
                GoalState::Proved => {
                    return Some(if attacker == me { Wdl::Win } else { Wdl::Loss });
                }
                GoalState::Disproved => {}
                GoalState::Open { .. } => return None,
            }
        }
        Some(Wdl::Draw)
    }

    /// The value of a node known without search: the end of the game, or
    /// the oracle.
    fn static_value(&mut self, node: &Node<B>) -> Option<Wdl> {
        if let Some(v) = self.terminal(node) {
            return Some(v.wdl());
        }
        self.oracle_value(node)
    }

    /// The oracle's value of a node, cut to its turns left (counted as a
    /// table hit). Without the move limit only win, draw or loss is asked,
    /// which WDL files answer without decompressing a table block.
    fn oracle_value(&mut self, node: &Node<B>) -> Option<Wdl> {
        let v = if node.left == NO_LIMIT {
            self.oracle.lookup_wdl(&node.pos)?
        } else {
            self.oracle
                .lookup(&node.pos)?
                .within(node.left as u32)
                .wdl()
        };
        self.oracle_hits += 1;
        Some(v)
    }

    /// The value of a node where the game has ended.
    fn terminal(&self, node: &Node<B>) -> Option<Value> {
        match status(self.geo, &self.rules, &node.pos) {
            Status::NoStones => return Some(Value::Loss(0)),
            // Only at a root: the opponent has lost already.
            Status::Won => return Some(Value::Win(0)),
            Status::Stalemate(Stalemate::Loss) => return Some(Value::Loss(0)),
            Status::Stalemate(Stalemate::Draw) => return Some(Value::Draw),
            Status::Ongoing => {}
        }
        if node.left == 0 {
            return Some(Value::Draw);
        }
        None
    }

    /// (pn, dn) of a node of value `v` for the goal being searched.
    #[inline]
    fn numbers_of(&self, node: &Node<B>, v: Wdl) -> (u64, u64) {
        let wins = match v {
            Wdl::Win => node.pos.turn == self.attacker,
            Wdl::Loss => node.pos.turn != self.attacker,
            Wdl::Draw => false,
        };
        if wins { (0, INF) } else { (INF, 0) }
    }

    fn check_stop(&mut self) {
        if self.stopped.is_some() {
            return;
        }
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
        {
            self.stopped = Some(StopReason::Nodes);
        } else if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = Some(StopReason::Time);
        } else if let Some(f) = &self.limits.stop
            && f.load(Ordering::Relaxed)
        {
            self.stopped = Some(StopReason::Interrupted);
        } else if let Some(f) = &self.settled
            && f.load(Ordering::Relaxed)
        {
            self.stopped = Some(StopReason::Settled);
        } else if let Some(pass) = self.pass_limit
            && (pass.nodes.is_some_and(|n| self.nodes >= n)
                || pass.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = Some(StopReason::Nodes);
            self.pass_stopped = true;
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            nodes: self.nodes,
            seconds: self.start.elapsed().as_secs_f64(),
            oracle_hits: self.oracle_hits,
            tt_entries: self.table.len(),
            tt_bytes: self.table.bytes() + self.conditional.bytes() + self.estimates.bytes(),
            tree_nodes: self.tree.len(),
            tree_bytes: self.tree.len() * std::mem::size_of::<TreeNode<B>>(),
            attacker: self.attacker,
            proof: self.tree.first().map_or(1, |t| t.pn()),
            disproof: self.tree.first().map_or(1, |t| t.dn()),
            first_move: self.first_move,
            cuts: self.call_cuts,
            second_levels: self.second_levels,
            closures: self.closures,
            closure_solved: self.closure_solved,
            closure_seconds: self.closure_time.as_secs_f64(),
            cut_seconds: self.cut_time.as_secs_f64(),
            depth_cap: None,
        }
    }

    /// Searches "`attacker` can force a win" at `root` until it is settled
    /// or a limit stops it.
    fn prove(
        &mut self,
        root: &Node<B>,
        attacker: Color,
        progress: &mut ProgressFn<'_>,
    ) -> GoalState {
        self.attacker = attacker;
        if let Some(e) = self.table.get(root, attacker) {
            return if e.pn == 0 {
                GoalState::Proved
            } else {
                GoalState::Disproved
            };
        }
        let state = if self.limits.graph {
            self.prove_graph(root, attacker, progress)
        } else {
            self.prove_tree(root, attacker, progress)
        };
        let (pn, dn) = match state {
            GoalState::Proved => (0, INF),
            GoalState::Disproved => (INF, 0),
            GoalState::Open { .. } => return state,
        };
        // The answer, above every other entry: a full bucket drops the
        // entry of least work, and the graph search keeps its solved
        // positions in one sweep, root first, so that the ones put after
        // it dropped the root's in 9 of 28 answered moves of two 9x5
        // splits (session 59), whose checkpoints then held no answer: the
        // next sitting searched them again.
        self.table.put(
            root,
            attacker,
            Entry {
                pn,
                dn,
                work: ANSWER_WORK,
            },
        );
        state
    }

    /// Checks the limits and shows progress, every so many nodes.
    fn tick(&mut self, progress: &mut ProgressFn<'_>) {
        self.tick_with(progress, |_| {});
    }

    /// [`Solver::tick`], the report amended by `amend` (a search that
    /// keeps no tree fills in its own sizes and numbers).
    fn tick_with(&mut self, progress: &mut ProgressFn<'_>, amend: impl FnOnce(&mut Progress)) {
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.check_stop();
            if self.last_report.elapsed() >= Duration::from_millis(200) {
                self.last_report = Instant::now();
                let mut p = self.progress();
                amend(&mut p);
                progress(&p);
            }
        }
    }

    /// The replacement priority of a new table entry: newer is kept longer.
    fn age(&self) -> u32 {
        ((self.total_nodes >> 10) as u32).saturating_add(1)
    }

    /// The positions the turns of `pos` lead to, each once, captures of
    /// more stones first (a stable sort keeps ties in a fixed order), in
    /// the solver's scratch vector: hand it back to `self.positions`.
    fn children_of(&mut self, pos: &Position<B>) -> Vec<Position<B>> {
        let mut positions = std::mem::take(&mut self.positions);
        positions.clear();
        for_each_turn(self.geo, &self.rules, pos, |_, p| positions.push(*p));
        positions.sort_unstable();
        positions.dedup();
        let enemy = pos.turn.other();
        positions.sort_by_key(|p| p.stones(enemy).count());
        positions
    }

    /// A new unsolved leaf's numbers: the heuristic ones, raised to those
    /// kept for the position where it was searched below before.
    fn leaf_numbers(&mut self, node: &Node<B>) -> (u64, u64) {
        let heuristic = self.initial_numbers(node);
        let kept = self.estimates.get(node, self.attacker);
        match kept.and_then(|kept| raise(heuristic, capped(kept, heuristic))) {
            Some(numbers) => {
                self.estimate_hits += 1;
                numbers
            }
            None => heuristic,
        }
    }

    /// df-pn+ style numbers for a new leaf: its mobility on the side that
    /// must answer every move, raised for the side behind in material
    /// ([`MATERIAL_WEIGHT`] a stone).
    fn initial_numbers(&mut self, node: &Node<B>) -> (u64, u64) {
        let moves = count_children(self.geo, &self.rules, &node.pos, &mut self.scratch).max(1);
        let material = |side: Color| {
            // A sacrificed stone (of the side not to move) is gone for its
            // owner: it only blocks for one turn. Counted as a stone, it
            // made a sacrifice look free (`experiments/search_heuristic/`:
            // 9 of 11 sacrifice positions settled in fewer nodes).
            let block = node.pos.block.is_some() && side != node.pos.turn;
            node.pos.stones(side).count() as i64 - block as i64
        };
        let a = material(self.attacker);
        let d = material(self.attacker.other());
        let behind_a = MATERIAL_WEIGHT * (d - a).max(0) as u64;
        let behind_d = MATERIAL_WEIGHT * (a - d).max(0) as u64;
        if node.pos.turn == self.attacker {
            (1 + behind_a, moves + behind_d)
        } else {
            (moves + behind_a, 1 + behind_d)
        }
    }
}

/// Kept numbers (`estimates`) bounded by [`ESTIMATE_CAP`] times
/// `heuristic`, the leaf's own numbers.
fn capped(kept: (u64, u64), heuristic: (u64, u64)) -> (u64, u64) {
    (
        kept.0.min(heuristic.0.saturating_mul(ESTIMATE_CAP)),
        kept.1.min(heuristic.1.saturating_mul(ESTIMATE_CAP)),
    )
}

/// `own` raised to `hint` where that is larger, if it is anywhere.
fn raise(own: (u64, u64), hint: (u64, u64)) -> Option<(u64, u64)> {
    (hint.0 > own.0 || hint.1 > own.1).then(|| (own.0.max(hint.0), own.1.max(hint.1)))
}
