//! `cargo bench`: perft from the 9x5 start on one thread and on all threads.
//! (A plain harness: prints the best of three runs.)

use std::time::Instant;

use fanorona::perft::{perft, perft_parallel};
use fanorona::{Board, Geometry, Position, Rules};

fn best_of_three(f: impl Fn() -> u64) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut n = 0;
    for _ in 0..3 {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

fn main() {
    let rules = Rules::default();
    let board = Board::new(9, 5, rules.diagonals).unwrap();
    let geo = Geometry::<u64>::new(board);
    let pos = Position::<u64>::start(&board, rules.first);
    for depth in [5, 6] {
        let (n, t) = best_of_three(|| perft(&geo, &rules, &pos, depth));
        println!("perft {depth} 9x5 start, 1 thread: {n} nodes, {t:.3} s");
        let (n, t) = best_of_three(|| perft_parallel(&geo, &rules, &pos, depth));
        println!(
            "perft {depth} 9x5 start, {} threads: {n} nodes, {t:.3} s",
            rayon::current_num_threads()
        );
    }
}
