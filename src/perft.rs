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
    if depth <= 2 {
        return perft(geo, rules, pos, depth);
    }
    let mut grandchildren = Vec::new();
    for c in crate::movegen::children(geo, rules, pos) {
        grandchildren.extend(crate::movegen::children(geo, rules, &c));
    }
    grandchildren
        .par_iter()
        .map(|g| perft(geo, rules, g, depth - 2))
        .sum()
}
