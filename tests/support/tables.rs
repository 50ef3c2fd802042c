//! Helpers for tests of the endgame tables on disk.

use std::path::Path;

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
