//! When the memory is too small for the search to get anywhere.
//!
//! A full graph is cut to the half its descents went through last
//! ([`Graph::keep_recent`]) and what it solved is kept in the table of
//! solved positions. In too little memory that is not enough: the table
//! is full, each solved position put in it drops another, and what a
//! cut keeps is too little to solve anything new, so the search grows the
//! same positions again, cut after cut, for ever (5x5's start, "White
//! wins?" without tables in 1 MiB: over 10,000 cuts a minute, 29 M
//! expansions, the root's numbers wandering between 19 and 84 and never
//! settling; in 1.5 MiB it is disproved after 150 cuts). A drawn region
//! of paika play is disproved only by a closure of a graph that holds
//! all of it: a graph too small for it never does.
//!
//! The tree search ([`Solver::prove_tree`](crate::search::Solver)) goes
//! round the same way when its tree is cut back again and again: the
//! tree has at least 64 nodes whatever the bound, so a bound too small
//! for even that (5x3's start in 0 or 1,000 bytes: a table of 16 solved
//! positions, the tree cut every 20 expansions, 4 M expansions in 5 s
//! with the root's proof number between 3 and 7 and its disproof number
//! between 98 and 116 whenever looked at) never reached
//! [`StopReason::Memory`] and never ended.
//!
//! [`Stall`] watches the cuts for progress: the table holding more
//! solved positions than ever, more of the root's moves solved than ever,
//! or the root's proof or disproof number higher than ever (what a
//! proof-number search learns raises them). After [`STALL_CUTS`] cuts in
//! a row without any of these (the tree's: `TREE_STALL_CUTS`) the search
//! stops, unknown, with [`StopReason::MemoryTooSmall`]. That only stops a search: no result
//! comes from it.

use super::*;

/// The cuts in a row without progress after which the search stops.
/// Near the memory a search needs, progress comes seldom but comes:
/// "Black wins?" at 5x5's start (a draw) is disproved in 6.5, 7 and
/// 7.25 MiB after 915, 522 and 1,020 cuts, with up to 557, 297 and 328
/// cuts in a row without progress, in 8.5 and 10 MiB with up to 117 and
/// 92 (256 stopped three of these five). Where memory is far too small
/// the highs still creep up now and then ("White wins?" in 1 MiB: a new
/// one after gaps of 328, 814 and 2,496 cuts, which 1,024 stops after
/// 3,633 cuts, 25 s; "Black wins?" in 4 MiB after 1,839 cuts, 45 s).
/// Where a graph holds millions of positions, 1,024 cuts are hours of
/// expansions.
pub(super) const STALL_CUTS: u32 = 1024;

/// The watch runs only in memory bounds up to this: there a cut comes
/// every second or less, and a bound that small is where the search was
/// seen to go round for ever. In a bigger one 1,024 cuts are hours, the
/// table of solved positions is full (its count no longer rises), and a
/// long proof whose root numbers stay below their highs that long would
/// be stopped and told "memory too small" after a day's work.
pub(in crate::search) const STALL_MEMORY: usize = 64 << 20;

/// See the module.
#[derive(Default)]
pub(in crate::search) struct Stall {
    /// Cuts in a row without progress.
    cuts: u32,
    /// The most solved positions the table held at a cut.
    table: usize,
    /// The most of the root's moves solved at a cut.
    root_moves: usize,
    /// The root's highest proof and disproof numbers at a cut.
    pn: u64,
    dn: u64,
}

impl Stall {
    /// After a cut of `g`, with `table` solved positions kept in the table
    /// (the root open): whether the search went [`STALL_CUTS`] cuts in a
    /// row without progress.
    pub(super) fn after_cut<B: Bits, K: GraphKey<B>>(
        &mut self,
        g: &Graph<B, K>,
        table: usize,
    ) -> bool {
        let root = g.nodes[0];
        let root_moves = if root.count > 0 {
            g.kids(0)
                .iter()
                .filter(|&&k| matches!(g.nodes[k as usize].state, PROVED | DISPROVED))
                .count()
        } else {
            0
        };
        self.after_cut_with(table, root_moves, (root.pn as u64, root.dn as u64)) >= STALL_CUTS
    }

    /// After a cut of the tree or the graph, with `table` solved positions
    /// kept in the table, `root_moves` of the root's moves solved and the
    /// root (open) at proof and disproof numbers `(pn, dn)`: how many cuts
    /// in a row went without progress, this one included.
    pub(in crate::search) fn after_cut_with(
        &mut self,
        table: usize,
        root_moves: usize,
        (pn, dn): (u64, u64),
    ) -> u32 {
        let progress =
            table > self.table || root_moves > self.root_moves || pn > self.pn || dn > self.dn;
        self.table = self.table.max(table);
        self.root_moves = self.root_moves.max(root_moves);
        self.pn = self.pn.max(pn);
        self.dn = self.dn.max(dn);
        self.cuts = if progress { 0 } else { self.cuts + 1 };
        self.cuts
    }

    /// The graph grew into more memory instead of being cut: what it could
    /// not do before it may do now.
    pub(super) fn grown(&mut self) {
        self.cuts = 0;
    }
}
