//! Counting the move tree: `perft N` counts the leaves N turns deep, where
//! the children of a position are its distinct resulting positions.

use rayon::prelude::*;

use crate::bits::Bits;
use crate::geometry::Geometry;
use crate::movegen::{children_into, count_children};
use crate::position::Position;
use crate::rules::Rules;

/// Leaves of the tree `depth` turns deep, on one thread.
pub fn perft<B: Bits>(geo: &Geometry<B>, rules: &Rules, pos: &Position<B>, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Position<B>>> = (0..depth).map(|_| Vec::new()).collect();
    let mut scratch = Vec::new();
    perft_rec(geo, rules, pos, depth, &mut buffers, &mut scratch)
}

fn perft_rec<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    depth: u32,
    buffers: &mut [Vec<Position<B>>],
    scratch: &mut Vec<(u64, B)>,
) -> u64 {
    match depth {
        0 => return 1,
        1 => return count_children(geo, rules, pos, scratch),
        _ => {}
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per level");
    children_into(geo, rules, pos, buf);
    let mut total = 0;
    for child in buf.iter() {
        total += perft_rec(geo, rules, child, depth - 1, rest, scratch);
    }
    total
}

/// Leaves of the tree `depth` turns deep, the subtrees shared out over the
/// rayon thread pool (two levels down, so two cores stay busy even when the
/// root has few children).
pub fn perft_parallel<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    depth: u32,
) -> u64 {
    perft_parallel_with_progress(geo, rules, pos, depth, &|_, _| {})
}

/// [`perft_parallel`], telling `progress` how many of the subtrees it
/// shares out are done of how many: once before the first (0 done), on
/// the calling thread, then after each (a deep count takes minutes).
pub fn perft_parallel_with_progress<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
    depth: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> u64 {
    if depth <= 2 {
        return perft(geo, rules, pos, depth);
    }
    let mut grandchildren = Vec::new();
    for c in crate::movegen::children(geo, rules, pos) {
        grandchildren.extend(crate::movegen::children(geo, rules, &c));
    }
    let total = grandchildren.len();
    progress(0, total);
    let done = std::sync::atomic::AtomicUsize::new(0);
    grandchildren
        .par_iter()
        .map(|g| {
            let n = perft(geo, rules, g, depth - 2);
            let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(d, total);
            n
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Board;
    use crate::rules::Diagonals;
    use std::sync::Mutex;

    #[test]
    fn the_parallel_count_is_the_plain_one_and_says_how_far_it_is() {
        let board = Board::new(5, 5, Diagonals::Corner).unwrap();
        let geo = Geometry::<u64>::new(board);
        let rules = Rules::default();
        let start = Position::start(&board, rules.first);
        let heard = Mutex::new(Vec::new());
        let n = perft_parallel_with_progress(&geo, &rules, &start, 4, &|done, total| {
            heard.lock().unwrap().push((done, total));
        });
        assert_eq!(n, perft(&geo, &rules, &start, 4));
        let mut heard = heard.into_inner().unwrap();
        assert_eq!(heard[0].0, 0, "{heard:?}");
        let total = heard[0].1;
        assert!(total > 1 && heard.iter().all(|&(_, t)| t == total));
        assert_eq!(heard.len(), total + 1);
        heard.sort();
        assert!(
            heard.iter().enumerate().all(|(i, &(d, _))| d == i),
            "{heard:?}"
        );
    }
}
