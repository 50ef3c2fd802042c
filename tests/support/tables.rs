//! Helpers for tests of the endgame tables on disk.

use std::path::Path;

use fanorona::builder::{BuildOptions, Builder, ClassSummary};
use fanorona::geometry::Board;
use fanorona::rules::Rules;

/// Builds every class of up to `pieces` stones with default options and no
/// progress bars.
pub fn build_quietly(db: &Path, board: Board, rules: Rules, pieces: u32) -> Vec<ClassSummary> {
    let opts = BuildOptions {
        progress: false,
        ..Default::default()
    };
    Builder::<u64>::new(db, board, rules, opts)
        .build(pieces, |_| {})
        .unwrap()
}

/// Rewrites the table at `path` with one stored value (the first that is
/// not 0) moved by one step, so that a verifier must find it wrong.
pub fn put_wrong_value(path: &Path) {
    let t = fanorona::table::TableFile::open(path).unwrap();
    let mut values = t.read_all().unwrap();
    let header = t.header.clone();
    drop(t);
    let i = values.iter().position(|&c| c != 0).unwrap();
    values[i] += 2;
    fanorona::table::write_table(path, header, &values).unwrap();
}

/// Rewrites the WDL file beside the table at `path` with two values
/// wrong (the first win and the first draw swapped, so the file's counts
/// still match the table's), its checksums good, the table left right: a
/// verifier must find the file wrong and the table right.
pub fn put_wrong_wdl_values(path: &Path) {
    let t = fanorona::table::TableFile::open(path).unwrap();
    let mut values = t.read_all().unwrap();
    let win = values.iter().position(|&c| c % 2 == 1).unwrap();
    let draw = values.iter().position(|&c| c == 0).unwrap();
    values.swap(win, draw);
    fanorona::wdl::write_wdl(&path.with_extension("fnw"), &t.header, &values).unwrap();
}

/// Rewrites the table at `path` with the first win and the first draw
/// from index `from` on swapped: the counts stay, the checksums are good,
/// the WDL file is left right.
pub fn swap_values(path: &Path, from: usize) {
    let t = fanorona::table::TableFile::open(path).unwrap();
    let mut values = t.read_all().unwrap();
    let header = t.header.clone();
    drop(t);
    let win = from + values[from..].iter().position(|&c| c % 2 == 1).unwrap();
    let draw = from + values[from..].iter().position(|&c| c == 0).unwrap();
    values.swap(win, draw);
    fanorona::table::write_table(path, header, &values).unwrap();
}
