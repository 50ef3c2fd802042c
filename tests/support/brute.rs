//! Brute-force solver on top of `naive`: enumerate every position with few
//! stones, precompute the children of each, and run plain round-by-round value
//! iteration. Slow but obviously right; for cross-checking the real solver.

use std::collections::HashMap;

use super::naive::{NaivePos, NaiveRules, fen_of, legal_turn_cells};

/// Value for the side to move, with the distance in plies to the end of the
/// game under best play (winner fastest, loser slowest).
/// `Loss(0)`: the side to move has no stones, or (stalemate loss) no legal
/// turn. `Win(1)`: wins with this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Val {
    Win(u32),
    Draw,
    Loss(u32),
}

/// Base-5 code of the cells plus the side to move; unique per position.
fn key(cells: &[u8], white_to_move: bool) -> u128 {
    let mut k: u128 = 0;
    for &c in cells {
        let d = match c {
            b'.' => 0,
            b'W' => 1,
            b'B' => 2,
            b'w' => 3,
            b'b' => 4,
            _ => panic!("bad cell {c}"),
        };
        k = k * 5 + d;
    }
    k * 2 + white_to_move as u128
}

/// Every position on the board with at most `max_stones` stones in total
/// (a block counts as a stone of its owner), both sides to move, where the
/// side not to move has at least one stone or block. With `sacrifice`, also
/// every such position with one block of the side not to move.
pub fn enumerate(
    cols: usize,
    rows: usize,
    sacrifice: bool,
    max_stones: usize,
) -> Vec<(Vec<u8>, bool)> {
    let n = cols * rows;
    let mut out = Vec::new();
    for white_to_move in [true, false] {
        let opp = if white_to_move { b'B' } else { b'W' };
        let opp_block = opp.to_ascii_lowercase();
        let mut choices = vec![b'.', b'W', b'B'];
        if sacrifice {
            choices.push(opp_block);
        }
        // iterate every assignment recursively
        #[allow(clippy::too_many_arguments)]
        fn rec(
            i: usize,
            n: usize,
            cells: &mut Vec<u8>,
            stones: usize,
            max_stones: usize,
            choices: &[u8],
            white_to_move: bool,
            out: &mut Vec<(Vec<u8>, bool)>,
        ) {
            if i == n {
                let opp = if white_to_move { b'B' } else { b'W' };
                let opp_block = opp.to_ascii_lowercase();
                let opp_count = cells
                    .iter()
                    .filter(|&&c| c == opp || c == opp_block)
                    .count();
                let blocks = cells.iter().filter(|&&c| c == opp_block).count();
                if opp_count >= 1 && blocks <= 1 {
                    out.push((cells.clone(), white_to_move));
                }
                return;
            }
            for &c in choices {
                let s = stones + usize::from(c != b'.');
                if s > max_stones {
                    continue;
                }
                if c.is_ascii_lowercase() && cells[..i].iter().any(|x| x.is_ascii_lowercase()) {
                    continue;
                }
                cells.push(c);
                rec(i + 1, n, cells, s, max_stones, choices, white_to_move, out);
                cells.pop();
            }
        }
        let mut cells = Vec::with_capacity(n);
        rec(
            0,
            n,
            &mut cells,
            0,
            max_stones,
            &choices,
            white_to_move,
            &mut out,
        );
    }
    out
}

/// Solves every position of `enumerate(cols, rows, rules.sacrifice,
/// max_stones)`; keys are FENs (dots, never digits).
pub fn solve(
    cols: usize,
    rows: usize,
    rules: NaiveRules,
    max_stones: usize,
) -> HashMap<String, Val> {
    let positions = enumerate(cols, rows, rules.sacrifice, max_stones);
    let mut index: HashMap<u128, u32> = HashMap::with_capacity(positions.len());
    for (i, (cells, w)) in positions.iter().enumerate() {
        let old = index.insert(key(cells, *w), i as u32);
        assert!(old.is_none(), "position enumerated twice");
    }

    // children as index lists, and the starting values
    let mut kids: Vec<Vec<u32>> = Vec::with_capacity(positions.len());
    let mut val: Vec<Option<Val>> = vec![None; positions.len()];
    for (i, (cells, w)) in positions.iter().enumerate() {
        let own = if *w { b'W' } else { b'B' };
        let pos = NaivePos {
            cols,
            rows,
            cells: cells.clone(),
            white_to_move: *w,
        };
        let mut ks: Vec<u32> = legal_turn_cells(&pos, rules)
            .into_iter()
            .map(|(_, c)| {
                *index.get(&key(&c, !*w)).unwrap_or_else(|| {
                    panic!(
                        "child {} of {} not enumerated",
                        fen_of(cols, rows, &c, !*w),
                        pos.to_fen()
                    )
                })
            })
            .collect();
        ks.sort_unstable();
        ks.dedup();
        if !cells.contains(&own) {
            assert!(ks.is_empty());
            val[i] = Some(Val::Loss(0));
        } else if ks.is_empty() {
            val[i] = Some(if rules.stalemate_draw {
                Val::Draw
            } else {
                Val::Loss(0)
            });
        }
        kids.push(ks);
    }

    // rounds: in round n, Win(n) if some child is Loss(n-1); Loss(n) if all
    // children are Win(k), k <= n-1, with max k == n-1. Updates of a round
    // are computed from the values before the round.
    let mut max_dist = 0u32;
    let mut n = 1u32;
    loop {
        let mut updates: Vec<(usize, Val)> = Vec::new();
        for i in 0..positions.len() {
            if val[i].is_some() {
                continue;
            }
            let ks = &kids[i];
            if ks
                .iter()
                .any(|&k| val[k as usize] == Some(Val::Loss(n - 1)))
            {
                updates.push((i, Val::Win(n)));
                continue;
            }
            let mut all_wins = true;
            let mut max_k = 0;
            for &k in ks {
                match val[k as usize] {
                    Some(Val::Win(d)) => max_k = max_k.max(d),
                    _ => {
                        all_wins = false;
                        break;
                    }
                }
            }
            if all_wins && max_k == n - 1 {
                updates.push((i, Val::Loss(n)));
            }
        }
        if !updates.is_empty() {
            max_dist = n;
        }
        if updates.is_empty() && n > max_dist + 2 {
            break;
        }
        for (i, v) in updates {
            val[i] = Some(v);
        }
        n += 1;
    }

    positions
        .iter()
        .zip(val)
        .map(|((cells, w), v)| (fen_of(cols, rows, cells, *w), v.unwrap_or(Val::Draw)))
        .collect()
}
