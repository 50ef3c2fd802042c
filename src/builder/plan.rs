//! What a build makes and in what order: the groups of classes solved
//! together, what each rests on and holds while it is solved, and the
//! memory that takes (`build --plan`), checked before any work is done.

use std::fmt;

use super::state::{Layout, Narrow};
use super::{
    BuildError, Builder, OnDisk, Overflow, lock, overflow_marker_path, read_overflow_marker,
    table_on_disk,
};
use crate::bits::Bits;
use crate::geometry::Board;
use crate::index::{MaterialClass, class_size};
use crate::rules::Rules;

/// The classes a build up to `pieces` stones makes, grouped in build
/// order: every class with at most `pieces` stones but the block classes
/// of `pieces` stones ([`is_top_block`]).
///
/// Groups go by total stones, smallest first, since captures lead to
/// smaller totals. Within a total, block classes come first (the pairs'
/// sacrifices lead to them), then the pairs, largest first: the largest
/// group sets the peak memory, so a build that will not fit stops early.
pub fn build_groups(board: &Board, rules: &Rules, pieces: u32) -> Vec<Vec<MaterialClass>> {
    all_groups(board, rules, pieces)
        .into_iter()
        .filter(|group| !is_top_block(group[0], pieces))
        .collect()
}

/// Whether a class is a block class of the most stones a build makes,
/// which the build leaves out. Only the pairs of its total lead to it (by
/// a sacrifice), and every turn from it removes the block, so its value
/// is one ply from the classes below, all held: the pairs' init derives
/// it, and the probe does too ([`crate::probe::Tablebase::probe`]). On
/// 7x5 with the sacrifice move, up to 9 stones, these classes are 42 of
/// the 60 billion positions. They are built when a build goes a stone
/// further, or when asked for by name (`--classes 4v5b`). On a full
/// board (`--pieces all`) no build goes further: they are only ever
/// answered that way, or built by name.
pub fn is_top_block(class: MaterialClass, pieces: u32) -> bool {
    class.block && class.stones() == pieces
}

/// Every class with at most `pieces` stones, grouped in build order.
fn all_groups(board: &Board, rules: &Rules, pieces: u32) -> Vec<Vec<MaterialClass>> {
    let n = board.points() as u32;
    let binom = crate::index::Binomials::new();
    // Positions before symmetry: orders the pairs by size.
    let raw = |c: &MaterialClass| {
        binom.c(n as usize, c.mover as usize) as f64
            * binom.c((n - c.mover as u32) as usize, c.other as usize) as f64
    };
    let mut groups = Vec::new();
    for k in 2..=pieces.min(n) {
        if rules.sacrifice {
            for m in 1..k {
                groups.push(vec![MaterialClass::new(m as u8, (k - m) as u8, true)]);
            }
        }
        let mut pairs = Vec::new();
        for m in 1..k {
            let o = k - m;
            if m < o {
                pairs.push(vec![
                    MaterialClass::new(m as u8, o as u8, false),
                    MaterialClass::new(o as u8, m as u8, false),
                ]);
            } else if m == o {
                pairs.push(vec![MaterialClass::new(m as u8, o as u8, false)]);
            }
        }
        let size = |g: &Vec<MaterialClass>| g.iter().map(raw).sum::<f64>();
        pairs.sort_by(|a, b| size(b).total_cmp(&size(a)));
        groups.extend(pairs);
    }
    groups
}

/// Which classes a build makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every class with at most this many stones.
    UpTo(u32),
    /// These classes and every class they rest on: each with the
    /// classes whose counts fit under theirs, either way round (below).
    Classes(Vec<MaterialClass>),
}

impl Selection {
    /// The most stones of any class built.
    pub fn pieces(&self) -> u32 {
        match self {
            Selection::UpTo(pieces) => *pieces,
            Selection::Classes(targets) => targets.iter().map(|c| c.stones()).max().unwrap_or(0),
        }
    }
}

impl fmt::Display for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Selection::UpTo(pieces) => write!(f, "up to {pieces} stones"),
            Selection::Classes(targets) => {
                let names: Vec<String> = targets.iter().map(|c| c.name()).collect();
                write!(f, "for {} and the classes below", names.join(", "))
            }
        }
    }
}

/// The groups a build of `targets` needs, in build order: the targets'
/// groups and every group they rest on. A turn never adds a stone and
/// hands the move over, so from `m` stones against `o` play reaches only
/// classes of at most `m` against `o` or at most `o` against `m`; a group
/// is kept when all its classes fit under a target that way. The
/// balanced classes, which searches meet most, are the cheap ones to
/// leave the rest out for: 4v5 and 5v4 need none of 3v6, 2v7, 1v8 or
/// their mirrors, nor 2v6, 1v7, 1v6 and theirs.
pub fn build_groups_for(
    board: &Board,
    rules: &Rules,
    targets: &[MaterialClass],
) -> Vec<Vec<MaterialClass>> {
    let pieces = Selection::Classes(targets.to_vec()).pieces();
    // A block class of the top total is made only when asked for.
    all_groups(board, rules, pieces)
        .into_iter()
        .filter(|group| {
            if is_top_block(group[0], pieces) {
                targets.contains(&group[0])
            } else {
                group.iter().all(|&c| rests_on(c, targets))
            }
        })
        .collect()
}

/// Whether `class` has no more stones a side than one of `targets`, either
/// way round. Every turn leads to such a class: a capture removes stones,
/// a paika move or a sacrifice keeps them (the sacrificed stone is gone
/// before its owner moves again), so every class a position of `targets`
/// can lead to rests on them.
fn rests_on(class: MaterialClass, targets: &[MaterialClass]) -> bool {
    targets.iter().any(|t| {
        (class.mover <= t.mover && class.other <= t.other)
            || (class.mover <= t.other && class.other <= t.mover)
    })
}

/// What a build will do ([`Builder::plan_selection`],
/// [`Builder::check_selection`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildPlan {
    /// The groups of classes solved together, in the order they are built
    /// (those complete on disk included: they are loaded).
    pub groups: Vec<PlannedGroup>,
    /// The group still to build that needs the most memory, with its
    /// estimate in bytes (as checked against the memory allowed); `None`
    /// when every table is on disk.
    pub peak: Option<(String, u64)>,
    /// The block classes of the most stones that the plan's pairs
    /// sacrifice into, left out ([`is_top_block`]), with their positions;
    /// not those on disk.
    pub left_out: Vec<(MaterialClass, u64)>,
}

/// One group of a [`BuildPlan`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedGroup {
    /// Its classes, solved together.
    pub classes: Vec<MaterialClass>,
    /// The positions of each class (reduced by the board's symmetries),
    /// as its table will hold them.
    pub positions: Vec<u64>,
    /// Every table of the group is on disk, found sound by the check the
    /// build makes before it reuses one (`table_on_disk`): the
    /// build only loads them.
    pub on_disk: bool,
    /// The group's tables that are there but that the build will make
    /// again, each with why (truncated, a checksum that differs, the table
    /// of another board, rule set or class): the group is to build.
    pub damaged: Vec<(MaterialClass, String)>,
    /// The group's note of outgrowing the 3-byte state layout
    /// (`<group>.overflow`), if a build left one: it starts in a larger
    /// layout ([`PlannedGroup::state_bytes`]).
    pub overflow: Option<Overflow>,
    /// The smaller classes the build holds while it solves the group: those
    /// of the groups before it that it rests on (no more stones a side,
    /// either way round), below the build's most stones.
    pub holds: Vec<MaterialClass>,
    /// The memory the build needs while it solves the group, in bytes:
    /// the group's state and a byte a position of each smaller class it
    /// holds, those it rests on (the estimate `--memory` is checked
    /// against; a group that outgrows its layout while it is solved needs
    /// more).
    pub memory_bytes: u64,
}

impl PlannedGroup {
    /// Its name: its classes joined by `+`.
    pub fn name(&self) -> String {
        group_name(&self.classes)
    }

    /// Its positions, all classes together (a `u128`: each class fits a
    /// `u64`, a pair of them need not, nor the sum over a build).
    pub fn total_positions(&self) -> u128 {
        self.positions.iter().map(|&n| n as u128).sum()
    }

    /// The bytes a position of the state layout the group starts in: 3,
    /// or what its overflow note asks for.
    pub fn state_bytes(&self) -> u64 {
        self.overflow.map_or(Narrow::BYTES, Overflow::bytes_needed)
    }
}

/// A group's name: its classes joined by `+`.
pub(super) fn group_name(group: &[MaterialClass]) -> String {
    group.iter().map(|c| c.name()).collect::<Vec<_>>().join("+")
}

/// Whether a class is held in memory once solved: the groups after it
/// need it, unless it has the most stones of the build. Captures lead to
/// fewer stones; the pairs of the top total sacrifice into block classes
/// of that total, whose values their init derives from the classes below
/// ([`is_top_block`]), even when such a class was built by name.
pub(super) fn needed_later(class: MaterialClass, pieces: u32) -> bool {
    class.stones() < pieces
}

/// Whether a class built before `group` is held while `group` is solved:
/// one its turns can reach ([`rests_on`]), directly or through a block
/// class left out, and [`needed_later`]. The rest are let go first, so a
/// group needs memory for its own state and the classes it rests on, not
/// for every smaller class (7x5's 3v6+6v3 does without 4v4, 4v4b and the
/// 1v7 classes).
pub(super) fn held_by(class: MaterialClass, group: &[MaterialClass], pieces: u32) -> bool {
    needed_later(class, pieces) && rests_on(class, group)
}

impl<B: Bits> Builder<B> {
    /// The groups of a selection, checked against the board and rules.
    fn plan(&self, selection: &Selection) -> Result<Vec<Vec<MaterialClass>>, BuildError> {
        let board = self.geo.board;
        match selection {
            Selection::UpTo(pieces) => {
                let pieces = *pieces;
                // A one-point board has no class with both sides on it:
                // `--pieces all` there (1) is refused like any other count
                // (it was an empty build that made an empty folder).
                if pieces < 2 || pieces as usize > board.points() {
                    return Err(BuildError::BadPieces { pieces, board });
                }
                Ok(build_groups(&board, &self.rules, pieces))
            }
            Selection::Classes(targets) => {
                let groups = build_groups_for(&board, &self.rules, targets);
                match targets
                    .iter()
                    .find(|t| !groups.iter().flatten().any(|c| c == *t))
                {
                    Some(&class) => Err(BuildError::BadClass { class, board }),
                    None => Ok(groups),
                }
            }
        }
    }

    /// Refuses a build before any work is done: a stone count the board
    /// cannot hold, or a largest group that would not fit in the memory
    /// allowed. Groups complete on disk are only loaded; the rest are
    /// counted in the narrow layout. Each group is checked again, exactly,
    /// when it is built.
    pub fn check(&self, pieces: u32) -> Result<(), BuildError> {
        self.check_selection(&Selection::UpTo(pieces)).map(drop)
    }

    /// [`Builder::check`] for any selection; returns its plan (the groups
    /// and the most memory a group still to build needs). Refused when a
    /// build holds the folder.
    pub fn check_selection(&self, selection: &Selection) -> Result<BuildPlan, BuildError> {
        if let Some(lock) = lock::LockFile::read(&self.dir).filter(|l| l.held) {
            return Err(BuildError::Locked {
                path: lock::LockFile::path(&self.dir),
                pid: lock.pid,
            });
        }
        let plan = self.plan_selection(selection)?;
        if let Some(group) = plan
            .groups
            .iter()
            .find(|g| !g.on_disk && g.memory_bytes > self.options.memory_bytes)
        {
            let (needed, limit) = (group.memory_bytes, self.options.memory_bytes);
            let (overflow, group) = (group.overflow, group.name());
            return Err(match overflow {
                None => BuildError::TooBig {
                    group,
                    needed,
                    limit,
                },
                Some(overflow) => BuildError::TooBigWide {
                    group,
                    overflow,
                    needed,
                    limit,
                },
            });
        }
        Ok(plan)
    }

    /// What a build of a selection would do, without doing it or checking
    /// it against the memory allowed (`build --plan`): its groups in build
    /// order, each with its positions, whether it is on disk and the
    /// memory it needs. A stone count or class the board does not have is
    /// an error, as for the build, and so is a class too big for a table's
    /// index ([`BuildError::ClassTooBig`]). Memory is counted saturating
    /// at `u64::MAX` ([`super::memory_text`]).
    pub fn plan_selection(&self, selection: &Selection) -> Result<BuildPlan, BuildError> {
        let board = self.geo.board;
        let pieces = selection.pieces();
        let mut peak: Option<(String, u64)> = None;
        let mut planned: Vec<PlannedGroup> = Vec::new();
        for classes in self.plan(selection)? {
            let positions: Vec<u64> = classes
                .iter()
                .map(|&c| class_size(board, c))
                .collect::<Result<_, _>>()?;
            // What the build will reuse, by its own check.
            let mut on_disk = true;
            let mut damaged = Vec::new();
            for &c in &classes {
                match table_on_disk(&self.dir, board, &self.rules, c) {
                    OnDisk::Good(_) => {}
                    OnDisk::Missing => on_disk = false,
                    OnDisk::Damaged(why) => {
                        on_disk = false;
                        damaged.push((c, why));
                    }
                }
            }
            // A group noted as overflowing will start in a larger layout.
            let overflow = read_overflow_marker(&overflow_marker_path(&self.dir, &classes));
            let (holds, held): (Vec<MaterialClass>, Vec<u64>) = planned
                .iter()
                .flat_map(|g| g.classes.iter().copied().zip(g.positions.iter().copied()))
                .filter(|&(c, _)| held_by(c, &classes, pieces))
                .unzip();
            let mut group = PlannedGroup {
                classes,
                positions,
                on_disk,
                damaged,
                overflow,
                holds,
                memory_bytes: 0,
            };
            // A byte a position of each class it holds.
            let held: u128 = held.iter().map(|&n| n as u128).sum();
            let bytes = group.total_positions() * group.state_bytes() as u128 + held;
            group.memory_bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
            if !on_disk
                && peak
                    .as_ref()
                    .is_none_or(|&(_, most)| group.memory_bytes > most)
            {
                peak = Some((group.name(), group.memory_bytes));
            }
            planned.push(group);
        }
        // The block classes of the top total the plan's pairs sacrifice
        // into, left out (unless on disk, built by name or by an older
        // build): a block class `o v m b` follows a sacrifice from `m v o`.
        let left_out = all_groups(&board, &self.rules, pieces)
            .into_iter()
            .flatten()
            .filter(|&c| {
                let from = MaterialClass::new(c.other, c.mover, false);
                is_top_block(c, pieces)
                    && planned.iter().all(|g| !g.classes.contains(&c))
                    && !matches!(
                        table_on_disk(&self.dir, board, &self.rules, c),
                        OnDisk::Good(_)
                    )
                    && planned.iter().any(|g| g.classes.contains(&from))
            })
            .map(|c| Ok((c, class_size(board, c)?)))
            .collect::<Result<_, BuildError>>()?;
        Ok(BuildPlan {
            groups: planned,
            peak,
            left_out,
        })
    }
}
