//! Re-deriving stored values from the values of their successors.
//!
//! Shares nothing with the builder's propagation: each position's turns
//! come from the move generator, each child's value from the probe, and the
//! stored value must be the best of the children's values seen from the
//! mover (fastest win, else draw, else slowest loss), or the stalemate value
//! when there is no turn. Exact distances make this local check a complete
//! one: a table that passes it everywhere is the game's solution.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::bits::Bits;
use crate::builder::stalemate_value;
use crate::index::{ClassIndexer, DecodeCache, MaterialClass};
use crate::movegen::for_each_turn;
use crate::position::Position;
use crate::probe::{ProbeError, Tablebase};
use crate::table::decode;
use crate::value::{Value, Wdl};

/// One stored value that its successors contradict.
#[derive(Clone, Debug)]
pub struct Mismatch<B> {
    /// The class checked.
    pub class: MaterialClass,
    /// The index in the class's table (on the board the tables are
    /// stored under).
    pub index: u64,
    /// The position at that index, on the board asked for (turned back
    /// from the stored board), with White to move as a table index
    /// decodes ([`ClassIndexer::decode`]).
    pub position: Position<B>,
    /// The value the table holds at this index, for the side to move (the
    /// probe's answer when the index could not be read).
    pub stored: Value,
    /// The value the successors give it ([`derive_value`]).
    pub derived: Value,
    /// What the class's WDL file says, where it disagrees with the table.
    pub wdl: Option<Wdl>,
    /// Whether the table is wrong here: its value at this index, or at
    /// the index the probe reads (a symmetric twin's), disagrees with the
    /// successors (else only the WDL file is wrong).
    pub table_wrong: bool,
    /// What the probe answers for the position (read at the index of its
    /// symmetric form the probe looks up, which may not be this one).
    pub probed: Value,
}

/// What checking one class found.
#[derive(Clone, Debug)]
pub struct ClassCheck<B> {
    /// The class checked.
    pub class: MaterialClass,
    /// Indices checked: all of the class's, or the sample's size (each a
    /// different index).
    pub checked: u64,
    /// Positions where the table or the WDL file is wrong.
    pub mismatches: u64,
    /// Of those, the positions where only the WDL file is wrong: the
    /// table agrees with the successors.
    pub wdl_mismatches: u64,
    /// The first few mismatches.
    pub examples: Vec<Mismatch<B>>,
    /// What is wrong with the class's WDL file, read whole
    /// ([`Tablebase::wdl_problem`]): the probe sets such a file aside and
    /// reads the table, so the values above cannot show it.
    pub wdl_problem: Option<String>,
}

/// The value a position must have given its children's values.
pub fn derive_value<B: Bits>(tb: &Tablebase<B>, pos: &Position<B>) -> Result<Value, ProbeError> {
    let mut best: Option<Value> = None;
    let mut err = None;
    for_each_turn(&tb.geo, &tb.rules, pos, |_, child| {
        if err.is_some() {
            return;
        }
        match tb.probe(child) {
            Ok(v) => {
                let v = v.parent();
                best = Some(best.map_or(v, |b| b.max(v)));
            }
            Err(e) => err = Some(e),
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    Ok(best.unwrap_or_else(|| stalemate_value(&tb.rules)))
}

/// The `k`-th index checked of a class of `size` indices when `count` of
/// them are: all in order, or a sample of distinct indices spread over the
/// class, a stride near the golden section of `size` and prime to it, so
/// that neighbouring indices (alike positions) are not taken together.
/// (A hash of `k` took some indices twice, and counted them twice.)
fn sample_order(size: u64, count: u64) -> impl Fn(u64) -> u64 {
    let mut stride = ((size as f64 * 0.618_033_988_75) as u64).max(1);
    while gcd(stride, size) != 1 {
        stride += 1;
    }
    move |k| {
        if count == size {
            k
        } else {
            ((k as u128 * stride as u128) % size as u128) as u64
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Checks the indices of a class (all of them when `sample` is none, else
/// a sample of that many spread over the class), calling `tick` with the
/// number of positions done after each chunk. Runs on rayon's pool.
pub fn verify_class<B: Bits>(
    tb: &Tablebase<B>,
    class: MaterialClass,
    sample: Option<u64>,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<ClassCheck<B>, ProbeError> {
    // Indices are of the stored board; positions are checked on the asked
    // one (the transpose, for a tall board), through the probe's own map.
    let board = tb.stored_board();
    // (More stones than points: the indexer's assertion panicked; a file
    // named as a class past a table's index panicked in the indexer; a
    // side without stones was checked index by index, then said to be
    // "not built".)
    tb.check_class(class)?;
    let indexer = ClassIndexer::<B>::new(board, class);
    let size = indexer.size();
    let count = sample.map_or(size, |s| s.min(size));
    let nth = sample_order(size, count);
    const CHUNK: u64 = 4096;
    let mismatches = AtomicU64::new(0);
    let wdl_mismatches = AtomicU64::new(0);
    let examples = Mutex::new(Vec::new());
    let first_error = Mutex::new(None);
    (0..count.div_ceil(CHUNK)).into_par_iter().for_each(|ch| {
        let mut cache = DecodeCache::default();
        let lo = ch * CHUNK;
        let hi = (lo + CHUNK).min(count);
        for k in lo..hi {
            let i = nth(k);
            let pos = tb.from_stored(&indexer.decode(i, &mut cache));
            let stored = match tb.probe(&pos) {
                Ok(v) => v,
                Err(e) => {
                    first_error.lock().unwrap().get_or_insert(e);
                    return;
                }
            };
            let derived = match derive_value(tb, &pos) {
                Ok(v) => v,
                Err(e) => {
                    first_error.lock().unwrap().get_or_insert(e);
                    return;
                }
            };
            // The table at this index must agree too (the probe went
            // through the canonical index), and so must the WDL file.
            let raw = tb.code_at(class, i).map(decode);
            let wdl = match tb.probe_wdl(&pos) {
                Ok(w) => w,
                Err(e) => {
                    first_error.lock().unwrap().get_or_insert(e);
                    return;
                }
            };
            let wdl_wrong = wdl != stored.wdl();
            let table_wrong = stored != derived || raw.as_ref().ok() != Some(&stored);
            if table_wrong || wdl_wrong {
                mismatches.fetch_add(1, Ordering::Relaxed);
                if !table_wrong {
                    wdl_mismatches.fetch_add(1, Ordering::Relaxed);
                }
                let mut ex = examples.lock().unwrap();
                if ex.len() < 10 {
                    ex.push(Mismatch {
                        class,
                        index: i,
                        position: pos,
                        stored: raw.unwrap_or(stored),
                        derived,
                        wdl: wdl_wrong.then_some(wdl),
                        table_wrong,
                        probed: stored,
                    });
                }
            }
        }
        tick(hi - lo);
    });
    if let Some(e) = first_error.into_inner().unwrap() {
        return Err(e);
    }
    Ok(ClassCheck {
        class,
        wdl_problem: tb.wdl_problem(class)?,
        checked: count,
        mismatches: mismatches.into_inner(),
        wdl_mismatches: wdl_mismatches.into_inner(),
        examples: examples.into_inner().unwrap(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample takes each index once, spread over the class.
    #[test]
    fn a_sample_takes_distinct_indices_over_the_whole_class() {
        for (size, count) in [
            (10, 10),
            (10, 3),
            (1000, 999),
            (4096, 1000),
            (1, 1),
            (97, 50),
        ] {
            let nth = sample_order(size, count);
            let mut taken: Vec<u64> = (0..count).map(&nth).collect();
            assert!(taken.iter().all(|&i| i < size), "{size}/{count}");
            taken.sort_unstable();
            taken.dedup();
            assert_eq!(taken.len() as u64, count, "{size}/{count}: an index twice");
            if count >= 3 && count < size {
                // Some in each third of the class.
                for third in 0..3 {
                    let (lo, hi) = (third * size / 3, (third + 1) * size / 3);
                    assert!(
                        taken.iter().any(|&i| (lo..hi).contains(&i)),
                        "{size}/{count}"
                    );
                }
            }
        }
        // Sizes near u64's end do not overflow the product.
        let nth = sample_order(u64::MAX - 58, 5);
        assert!((0..5).all(|k| nth(k) < u64::MAX - 58));
    }
}
