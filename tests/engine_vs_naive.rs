//! Cross-checks the real rules engine against the deliberately simple
//! reference implementation in `tests/support/naive.rs`:
//!
//! 1. random positions on all 49 board sizes under every combination of the
//!    diagonal, continuation and sacrifice rules (with and without a
//!    sacrificed block on the board): legal turns, distinct children,
//!    `count_children` and `status` must agree exactly;
//! 2. perft from every start position, and the counts of
//!    `tests/data/perft.csv`;
//! 3. properties: board symmetries and colour swap map move sets onto move
//!    sets, notation round-trips;
//! 4. hand-checked cases from the rule book and the Schadd page, through the
//!    real engine;
//! 5. typed notation errors.

mod support;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use fanorona::bits::{Bits, Square, Wide};
use fanorona::geometry::{Board, BoardError, Geometry, Symmetry};
use fanorona::movegen::{self, Status, Step, Turn};
use fanorona::notation::{self, Diagram, NotationError, parse_turn, position_to_fen};
use fanorona::perft::{perft, perft_parallel};
use fanorona::position::Position;
use fanorona::rules::{Color, Continuation, Diagonals, Rules, Stalemate};
use fanorona::with_bits;

use support::fixtures::{FIG22, FIG22_FORCED, FIG22_G5, FIG22_RESULTS, FIG22_TURNS};
use support::naive::{self, Diag, NaivePos, NaiveRules, fen_of, start_position};

// ------------------------------------------------------------------ helpers

/// splitmix64: small, deterministic, good enough for test positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A number in `[lo, hi)`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo)
    }
    /// True with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

const SIZES: [usize; 7] = [1, 3, 5, 7, 9, 11, 13];

fn all_sizes() -> impl Iterator<Item = (usize, usize)> {
    SIZES
        .iter()
        .flat_map(|&c| SIZES.iter().map(move |&r| (c, r)))
}

fn diag_pair(d: Diagonals) -> Diag {
    match d {
        Diagonals::Corner => Diag::Corner,
        Diagonals::Center => Diag::Center,
    }
}

/// The engine's rules and the naive rules for the same switches.
fn rules_pair(
    diagonals: Diagonals,
    forced: bool,
    sacrifice: bool,
    stalemate: Stalemate,
) -> (Rules, NaiveRules) {
    let rules = Rules {
        diagonals,
        continuation: if forced {
            Continuation::Forced
        } else {
            Continuation::Free
        },
        stalemate,
        sacrifice,
        ..Rules::default()
    };
    let naive = NaiveRules {
        diagonals: diag_pair(diagonals),
        forced,
        sacrifice,
        stalemate_draw: stalemate == Stalemate::Draw,
    };
    (rules, naive)
}

/// Every combination of continuation and sacrifice for one diagonal rule
/// (the stalemate rule alternates; it only changes `status`).
fn rule_sets(diagonals: Diagonals) -> Vec<(Rules, NaiveRules)> {
    let mut out = Vec::new();
    for forced in [false, true] {
        for sacrifice in [false, true] {
            let stalemate = if forced == sacrifice {
                Stalemate::Loss
            } else {
                Stalemate::Draw
            };
            out.push(rules_pair(diagonals, forced, sacrifice, stalemate));
        }
    }
    out
}

fn board(cols: usize, rows: usize, d: Diagonals) -> Board {
    Board::new(cols, rows, d).expect("legal size")
}

fn pos_of<B: Bits>(fen: &str) -> Position<B> {
    Diagram::parse(fen)
        .unwrap_or_else(|e| panic!("engine refuses {fen:?}: {e}"))
        .to_position()
}

/// The engine's legal turns as sorted (notation, resulting FEN) pairs.
fn engine_turns<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    pos: &Position<B>,
) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = movegen::legal_turns(geo, rules, pos)
        .iter()
        .map(|(t, p)| {
            (
                notation::turn_to_string(&geo.board, t),
                position_to_fen(&geo.board, p),
            )
        })
        .collect();
    v.sort();
    v
}

/// What is in one sorted list and not in the other, for failure messages.
fn sym_diff<T: Ord + Clone + std::fmt::Debug>(engine: &[T], naive: &[T]) -> String {
    let a: BTreeSet<T> = engine.iter().cloned().collect();
    let b: BTreeSet<T> = naive.iter().cloned().collect();
    let mut s = String::new();
    for x in a.difference(&b) {
        let _ = writeln!(s, "    only in engine: {x:?}");
    }
    for x in b.difference(&a) {
        let _ = writeln!(s, "    only in naive:  {x:?}");
    }
    if a.len() != engine.len() {
        let _ = writeln!(
            s,
            "    engine list has duplicates ({} items, {} distinct)",
            engine.len(),
            a.len()
        );
    }
    if b.len() != naive.len() {
        let _ = writeln!(
            s,
            "    naive list has duplicates ({} items, {} distinct)",
            naive.len(),
            b.len()
        );
    }
    s
}

/// Writes a FEN with some runs of empty points as digit runs (the readers
/// accept both), chosen by the random generator.
fn compress_fen(fen: &str, rng: &mut Rng) -> String {
    let (board, side) = fen.split_once(' ').expect("side");
    let mut out = String::new();
    let mut run = 0;
    let flush = |out: &mut String, run: &mut usize, rng: &mut Rng| {
        if *run > 0 {
            if rng.chance(0.7) {
                let _ = write!(out, "{run}");
            } else {
                out.extend(std::iter::repeat_n('.', *run));
            }
            *run = 0;
        }
    };
    for ch in board.chars() {
        if ch == '.' {
            run += 1;
        } else {
            flush(&mut out, &mut run, rng);
            out.push(ch);
        }
    }
    flush(&mut out, &mut run, rng);
    format!("{out} {side}")
}

fn map_turn(t: &Turn, perm: &[Square]) -> Turn {
    let m = |sq: Square| perm[sq as usize];
    match t {
        Turn::Paika { from, to } => Turn::Paika {
            from: m(*from),
            to: m(*to),
        },
        Turn::Capture { from, steps } => Turn::Capture {
            from: m(*from),
            steps: steps
                .iter()
                .map(|s| Step {
                    to: m(s.to),
                    kind: s.kind,
                })
                .collect(),
        },
        Turn::Sacrifice(sq) => Turn::Sacrifice(m(*sq)),
    }
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

// ------------------------------------------------------- 1. random positions

#[derive(Default, Debug)]
struct Stats {
    positions: usize,
    checks: usize,
    wide_positions: usize,
    sparse: usize,
    with_block: usize,
    /// The block stands next to a stone of the side to move.
    block_in_play: usize,
    mover_has_no_stones: usize,
    with_capture: usize,
    chain2: usize,
    chain3: usize,
    chain5: usize,
    longest_chain: usize,
    paika_only: usize,
    stalemate: usize,
    /// Some two turns lead to the same position.
    merged_children: usize,
    most_turns: usize,
    symmetry_checks: usize,
    parse_turn_checks: usize,
    /// Random positions drawn again for having too many turns.
    redrawn: usize,
}

/// A random position as naive cells (`y * cols + x`, bottom row first).
fn random_cells(rng: &mut Rng, cols: usize, rows: usize, stats: &mut Stats) -> (Vec<u8>, bool) {
    let n = cols * rows;
    let white_to_move = rng.chance(0.5);
    let (own, opp) = if white_to_move {
        (b'W', b'B')
    } else {
        (b'B', b'W')
    };
    let mut cells = vec![b'.'; n];
    match rng.below(10) {
        // crowded: a few empty points at most, so stones are often boxed in
        // (stalemate)
        0 => {
            let white_share = 0.2 + 0.6 * (rng.below(1000) as f64 / 1000.0);
            for c in cells.iter_mut() {
                if rng.chance(0.97) {
                    *c = if rng.chance(white_share) { b'W' } else { b'B' };
                }
            }
        }
        // dense to medium: random fill, random mix of colours
        1..=4 => {
            let fill = 0.25 + 0.7 * (rng.below(1000) as f64 / 1000.0);
            let white_share = 0.2 + 0.6 * (rng.below(1000) as f64 / 1000.0);
            for c in cells.iter_mut() {
                if rng.chance(fill) {
                    *c = if rng.chance(white_share) { b'W' } else { b'B' };
                }
            }
        }
        // few stones of the mover among many spaced enemies, in a window of
        // at most 7x7 points (a whole large board like this gives chains by
        // the million): long chains
        5..=6 => {
            let w = rng.range(3, 8).min(cols);
            let h = rng.range(3, 8).min(rows);
            let (x0, y0) = (rng.below(cols - w + 1), rng.below(rows - h + 1));
            let fill = 0.25 + 0.35 * (rng.below(1000) as f64 / 1000.0);
            let window: Vec<usize> = (y0..y0 + h)
                .flat_map(|y| (x0..x0 + w).map(move |x| y * cols + x))
                .collect();
            for &i in &window {
                if rng.chance(fill) {
                    cells[i] = opp;
                }
            }
            for _ in 0..rng.range(1, 4) {
                cells[window[rng.below(window.len())]] = own;
            }
            // and a few stray stones elsewhere
            for _ in 0..rng.below(4) {
                cells[rng.below(n)] = if rng.chance(0.5) { b'W' } else { b'B' };
            }
        }
        // sparse, endgame-like: a handful of stones
        _ => {
            stats.sparse += 1;
            let k = rng.range(1, 8.min(n) + 1);
            for _ in 0..k {
                let sq = rng.below(n);
                cells[sq] = if rng.chance(0.5) { b'W' } else { b'B' };
            }
        }
    }
    // a sacrificed block of the side not to move
    if rng.chance(0.35) {
        let theirs: Vec<usize> = (0..n).filter(|&i| cells[i] == opp).collect();
        if !theirs.is_empty() {
            let sq = theirs[rng.below(theirs.len())];
            cells[sq] = opp.to_ascii_lowercase();
        }
    }
    (cells, white_to_move)
}

/// Checks one position under one rule set; returns a description of every
/// disagreement.
#[allow(clippy::too_many_arguments)]
fn check_position<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    nrules: NaiveRules,
    fen: &str,
    pos: &Position<B>,
    scratch: &mut Vec<(u64, B)>,
    stats: Option<&mut Stats>,
) -> Vec<String> {
    let mut errs = Vec::new();
    let board = &geo.board;
    let what = format!("{} {fen:?} under {rules}", board);
    let naive_pos = NaivePos::parse(fen);

    // legal turns, as (notation, resulting FEN)
    let raw = movegen::legal_turns(geo, rules, pos);
    let mine: Vec<(String, String)> = sorted(
        raw.iter()
            .map(|(t, p)| {
                (
                    notation::turn_to_string(board, t),
                    position_to_fen(board, p),
                )
            })
            .collect(),
    );
    let theirs = sorted(naive::legal_turns(&naive_pos, nrules));
    if mine != theirs {
        errs.push(format!(
            "legal turns differ: {what}\n{}",
            sym_diff(&mine, &theirs)
        ));
    }

    // every resulting position is well formed: the other side to move, no
    // point of both colours, no stone off the board, a block only on a
    // stone of the side not to move (so equal FENs mean equal positions)
    for (t, p) in &raw {
        let block_ok = p.block.is_none_or(|b| p.waiter().contains(b));
        if p.turn != pos.turn.other()
            || (p.white & p.black).any()
            || (p.occupied() & !geo.all).any()
            || !block_ok
        {
            errs.push(format!(
                "turn {} of {what} leads to a malformed position {p:?}",
                notation::turn_to_string(board, t)
            ));
        }
    }

    // distinct children. The engine's children must be the distinct
    // positions its turns lead to; since those turns' FENs equal the naive
    // ones and a FEN names one well-formed position, the children then
    // match the naive children (the distinct results of its turns, what
    // `naive::children` computes) without writing every child as a FEN
    // again. The counts are compared directly as well.
    let kids = movegen::children(geo, rules, pos);
    let mut results: Vec<Position<B>> = raw.iter().map(|(_, p)| *p).collect();
    results.sort();
    results.dedup();
    let naive_kids: Vec<String> = theirs
        .iter()
        .map(|(_, f)| f.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if kids != results || kids.len() != naive_kids.len() {
        let kid_fens: Vec<String> = kids.iter().map(|p| position_to_fen(board, p)).collect();
        errs.push(format!(
            "children differ: {what}\n{}",
            sym_diff(&kid_fens, &naive_kids)
        ));
    }
    if stats.is_some() && naive::children(&naive_pos, nrules) != naive_kids {
        errs.push(format!(
            "naive::children disagrees with naive::legal_turns: {what}"
        ));
    }
    let counted = movegen::count_children(geo, rules, pos, scratch);
    if counted != naive_kids.len() as u64 {
        errs.push(format!(
            "count_children {counted} but {} distinct children: {what}",
            naive_kids.len()
        ));
    }

    // status, under this rule set's stalemate rule
    let own = if naive_pos.white_to_move { b'W' } else { b'B' };
    let other = if naive_pos.white_to_move {
        [b'B', b'b']
    } else {
        [b'W', b'w']
    };
    let want = if !naive_pos.cells.contains(&own) {
        Status::NoStones
    } else if !naive_pos.cells.iter().any(|c| other.contains(c)) {
        Status::Won
    } else if theirs.is_empty() {
        Status::Stalemate(rules.stalemate)
    } else {
        Status::Ongoing
    };
    let got = movegen::status(geo, rules, pos);
    if got != want {
        errs.push(format!("status {got:?}, expected {want:?}: {what}"));
    }
    if movegen::has_turn(geo, rules, pos) == theirs.is_empty() {
        errs.push(format!("has_turn disagrees with the turn list: {what}"));
    }

    if let Some(stats) = stats {
        let longest = raw
            .iter()
            .map(|(t, _)| match t {
                Turn::Capture { steps, .. } => steps.len(),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        if longest >= 1 {
            stats.with_capture += 1;
        }
        if longest >= 2 {
            stats.chain2 += 1;
        }
        if longest >= 3 {
            stats.chain3 += 1;
        }
        if longest >= 5 {
            stats.chain5 += 1;
        }
        stats.longest_chain = stats.longest_chain.max(longest);
        if !raw.is_empty() && raw.iter().all(|(t, _)| matches!(t, Turn::Paika { .. })) {
            stats.paika_only += 1;
        }
        if matches!(got, Status::Stalemate(_)) {
            stats.stalemate += 1;
        }
        if got == Status::NoStones {
            stats.mover_has_no_stones += 1;
        }
        if kids.len() < raw.len() {
            stats.merged_children += 1;
        }
        stats.most_turns = stats.most_turns.max(raw.len());
    }
    errs
}

/// Symmetries and colour swap map the turns (and children) of `pos` onto
/// those of its image.
fn check_symmetries<B: Bits>(
    geo: &Geometry<B>,
    syms: &[Symmetry],
    rules: &Rules,
    fen: &str,
    pos: &Position<B>,
) -> Vec<String> {
    let mut errs = Vec::new();
    let turns = movegen::legal_turns(geo, rules, pos);
    let kids = movegen::children(geo, rules, pos);
    for s in syms {
        let image = pos.transformed(s);
        let want = sorted(
            turns
                .iter()
                .map(|(t, p)| (map_turn(t, &s.perm), p.transformed(s)))
                .collect(),
        );
        let got = sorted(movegen::legal_turns(geo, rules, &image));
        if got != want {
            errs.push(format!(
                "symmetry {} does not map the turns of {fen:?} under {rules}",
                s.name
            ));
        }
        let want_kids = sorted(kids.iter().map(|p| p.transformed(s)).collect());
        if movegen::children(geo, rules, &image) != want_kids {
            errs.push(format!(
                "symmetry {} does not map the children of {fen:?} under {rules}",
                s.name
            ));
        }
    }
    let swapped = pos.color_swapped();
    let want = sorted(
        turns
            .iter()
            .map(|(t, p)| (t.clone(), p.color_swapped()))
            .collect(),
    );
    if sorted(movegen::legal_turns(geo, rules, &swapped)) != want {
        errs.push(format!(
            "colour swap does not map the turns of {fen:?} under {rules}"
        ));
    }
    errs
}

/// Notation round trips: FEN (with or without digit runs) -> Diagram ->
/// Position -> FEN, and every legal turn's text parses back to that turn.
fn check_notation<B: Bits>(
    geo: &Geometry<B>,
    rules: &Rules,
    fen: &str,
    pos: &Position<B>,
    rng: &mut Rng,
) -> Vec<String> {
    let mut errs = Vec::new();
    let board = &geo.board;
    let d = Diagram::parse(fen).expect("parsed before");
    if d.to_string() != fen {
        errs.push(format!(
            "Diagram {fen:?} writes back as {:?}",
            d.to_string()
        ));
    }
    if Diagram::from_position(board, pos) != d {
        errs.push(format!("Diagram -> Position -> Diagram changes {fen:?}"));
    }
    let short = compress_fen(fen, rng);
    match notation::parse_position::<B>(board, &short) {
        Ok(p) if p == *pos => {}
        Ok(p) => errs.push(format!("{short:?} reads as {p:?}, {fen:?} as {pos:?}")),
        Err(e) => errs.push(format!("{short:?} does not parse: {e}")),
    }
    // parse_turn generates every turn itself: try at most 40 of them
    let turns = movegen::legal_turns(geo, rules, pos);
    let every = turns.len().div_ceil(40).max(1);
    for (t, p) in turns.into_iter().step_by(every) {
        let text = notation::turn_to_string(board, &t);
        if pos_of::<B>(&position_to_fen(board, &p)) != p {
            errs.push(format!(
                "{text:?} in {fen:?} leads to {p:?}, which does not read back from its FEN"
            ));
        }
        match parse_turn(geo, rules, pos, &text) {
            Ok((t2, p2)) if t2 == t && p2 == p => {}
            Ok((t2, _)) => errs.push(format!(
                "{text:?} in {fen:?} under {rules} parses as a different turn {t2:?}"
            )),
            Err(e) => errs.push(format!(
                "{text:?} in {fen:?} under {rules} does not parse: {e}"
            )),
        }
        // capture letters are accepted in lower case too
        if text.ends_with(['A', 'W']) {
            let lower = text.to_ascii_lowercase();
            match parse_turn(geo, rules, pos, &lower) {
                Ok((t2, _)) if t2 == t => {}
                _ => errs.push(format!("{lower:?} in {fen:?} does not read as {text:?}")),
            }
        }
    }
    errs
}

/// The most turns (without sacrifices) a random position may have.
const MAX_TURNS: usize = 300;

/// Random positions per board size of up to 64 points (34 sizes) and of
/// more (15 sizes, slower: up to 169 points, long FENs): 10,300 in all.
const PER_SMALL_SIZE: usize = 250;
const PER_LARGE_SIZE: usize = 120;

fn run_size<B: Bits>(
    cols: usize,
    rows: usize,
    per_size: usize,
    rng: &mut Rng,
    stats: &mut Stats,
) -> Vec<String> {
    let mut errs = Vec::new();
    let geos =
        [Diagonals::Corner, Diagonals::Center].map(|d| Geometry::<B>::new(board(cols, rows, d)));
    let syms: Vec<Vec<Symmetry>> = geos.iter().map(|g| g.board.symmetries()).collect();
    let sets: Vec<Vec<(Rules, NaiveRules)>> =
        geos.iter().map(|g| rule_sets(g.board.diagonals)).collect();
    let same_lines = (cols + rows) % 4 == 2;
    let mut scratch = Vec::new();
    let mut scratch_wide = Vec::new();
    for i in 0..per_size {
        // a position whose capture chains run into the hundreds is drawn
        // again: the naive generator would take too long on it
        let (fen, pos) = loop {
            let (cells, white_to_move) = random_cells(rng, cols, rows, stats);
            let fen = fen_of(cols, rows, &cells, white_to_move);
            let pos: Position<B> = pos_of(&fen);
            let most = geos
                .iter()
                .map(|g| movegen::legal_turns(g, &Rules::default(), &pos).len())
                .max()
                .unwrap_or(0);
            if most <= MAX_TURNS {
                break (fen, pos);
            }
            stats.redrawn += 1;
        };
        stats.positions += 1;
        if B::CAPACITY > 64 {
            stats.wide_positions += 1;
        }
        if let Some(b) = pos.block {
            stats.with_block += 1;
            let near_mover = geos.iter().any(|g| {
                fanorona::geometry::Direction::ALL.iter().any(|&d| {
                    let n = g.next(b, d);
                    n != fanorona::geometry::NO_SQUARE && pos.mover().contains(n)
                })
            });
            if near_mover {
                stats.block_in_play += 1;
            }
        }
        // where the two diagonal rules give the same board (C + R = 2 mod
        // 4) each position is checked under one of them, alternately
        let diags: &[usize] = if !same_lines {
            &[0, 1]
        } else if i % 2 == 0 {
            &[0]
        } else {
            &[1]
        };
        for (n, &g) in diags.iter().enumerate() {
            let geo = &geos[g];
            for (k, (rules, nrules)) in sets[g].iter().enumerate() {
                stats.checks += 1;
                // statistics once per position, under free continuation
                // without sacrifice
                let st = (n == 0 && k == 0).then_some(&mut *stats);
                errs.extend(check_position(
                    geo,
                    rules,
                    *nrules,
                    &fen,
                    &pos,
                    &mut scratch,
                    st,
                ));
                // on boards that also fit a u64, the wide bitboards must agree
                if B::CAPACITY == 64 && (i + k) % 8 == 0 {
                    let gw = Geometry::<Wide>::new(geo.board);
                    let pw: Position<Wide> = pos.convert();
                    errs.extend(check_position(
                        &gw,
                        rules,
                        *nrules,
                        &fen,
                        &pw,
                        &mut scratch_wide,
                        None,
                    ));
                }
            }
            // properties under a rotating rule set: symmetries on a quarter
            // of the positions (they cost a move generation per symmetry),
            // notation on half of them
            let (rules, _) = &sets[g][(i / 2) % 4];
            if (i + g) % 4 == 0 {
                stats.symmetry_checks += 1;
                errs.extend(check_symmetries(geo, &syms[g], rules, &fen, &pos));
            }
            if (i + g) % 2 == 0 {
                stats.parse_turn_checks += 1;
                errs.extend(check_notation(geo, rules, &fen, &pos, rng));
            }
        }
        if errs.len() > 20 {
            break;
        }
    }
    errs
}

/// Checks `PER_SMALL_SIZE` or `PER_LARGE_SIZE` random positions on every
/// board size that does (or
/// does not) fit a `u64`; each size has its own seed, so a failure is
/// reproduced by the size alone.
fn random_sweep(wide: bool) -> Stats {
    let per_size = if wide { PER_LARGE_SIZE } else { PER_SMALL_SIZE };
    let t = std::time::Instant::now();
    let mut stats = Stats::default();
    let mut errs = Vec::new();
    for (cols, rows) in all_sizes().filter(|&(c, r)| (c * r > 64) == wide) {
        let mut rng = Rng(0x5EED_FA40_0A0A_2024 ^ (cols as u64) << 8 ^ rows as u64);
        errs.extend(
            with_bits!(cols * rows, B => run_size::<B>(cols, rows, per_size, &mut rng, &mut stats)),
        );
        if errs.len() > 20 {
            break;
        }
    }
    println!("{stats:#?}\nin {:?}", t.elapsed());
    assert!(
        errs.is_empty(),
        "{} mismatches:\n{}",
        errs.len(),
        errs.join("\n")
    );
    stats
}

/// The generator must have produced every kind of position, each in a fair
/// share of the `positions` of a sweep.
fn assert_variety(stats: &Stats, positions: usize) {
    let at_least = |n: usize, share: f64| n as f64 >= share * positions as f64;
    assert!(stats.positions == positions, "{stats:?}");
    assert!(at_least(stats.with_capture, 0.3), "{stats:?}");
    assert!(at_least(stats.chain3, 0.1), "{stats:?}");
    assert!(at_least(stats.paika_only, 0.1), "{stats:?}");
    assert!(at_least(stats.with_block, 0.2), "{stats:?}");
    assert!(at_least(stats.block_in_play, 0.1), "{stats:?}");
    assert!(at_least(stats.sparse, 0.2), "{stats:?}");
    assert!(stats.stalemate >= 1, "{stats:?}");
    assert!(stats.mover_has_no_stones >= 20, "{stats:?}");
    assert!(stats.merged_children >= 1, "{stats:?}");
}

/// The 34 board sizes of up to 64 points (`u64` bitboards; a share of them
/// is also run on `Wide`).
#[test]
fn random_positions_match_naive_small_boards() {
    let stats = random_sweep(false);
    assert_variety(&stats, 34 * PER_SMALL_SIZE);
    assert!(stats.longest_chain >= 8, "{stats:?}");
}

/// The 15 board sizes of more than 64 points (`Wide` bitboards).
#[test]
fn random_positions_match_naive_large_boards() {
    let stats = random_sweep(true);
    assert_variety(&stats, 15 * PER_LARGE_SIZE);
    assert_eq!(stats.wide_positions, stats.positions);
    assert!(stats.longest_chain >= 8, "{stats:?}");
}

/// Every 3x3 position with up to four stones (blocks included), every rule
/// set: exhaustive where the random test samples.
#[test]
fn all_small_3x3_positions_match_naive() {
    let mut errs = Vec::new();
    let mut scratch = Vec::new();
    let mut n = 0;
    for (cells, w) in support::brute::enumerate(3, 3, true, 4) {
        let fen = fen_of(3, 3, &cells, w);
        let pos: Position<u64> = pos_of(&fen);
        for d in [Diagonals::Corner, Diagonals::Center] {
            let geo = Geometry::<u64>::new(board(3, 3, d));
            for (rules, nrules) in rule_sets(d) {
                n += 1;
                errs.extend(check_position(
                    &geo,
                    &rules,
                    nrules,
                    &fen,
                    &pos,
                    &mut scratch,
                    None,
                ));
            }
        }
    }
    assert!(n > 10_000, "{n}");
    assert!(
        errs.is_empty(),
        "{} mismatches:\n{}",
        errs.len(),
        errs.join("\n")
    );
}

// ------------------------------------------------------------------ 2. perft

/// Perft from the start positions of every board size, engine against
/// naive, default and forced continuation, both diagonal rules; deeper on
/// small boards while the tree stays small.
#[test]
fn perft_from_start_matches_naive() {
    let mut report = Vec::new();
    for (cols, rows) in all_sizes() {
        for d in [Diagonals::Corner, Diagonals::Center] {
            for forced in [false, true] {
                let (rules, nrules) = rules_pair(d, forced, false, Stalemate::Loss);
                let b = board(cols, rows, d);
                let npos = start_position(cols, rows);
                let deepest = with_bits!(b.points(), B => {
                    let geo = Geometry::<B>::new(b);
                    let pos = Position::<B>::start(&b, Color::White);
                    assert_eq!(position_to_fen(&b, &pos), npos.to_fen(), "{b} start");
                    let mut depth = 0;
                    loop {
                        depth += 1;
                        let want = naive::perft(&npos, nrules, depth);
                        let got = perft(&geo, &rules, &pos, depth);
                        assert_eq!(got, want, "perft {depth} {b} {d:?} forced={forced}");
                        if depth >= 3 && (want > 3_000 || depth >= 7) {
                            break;
                        }
                    }
                    depth
                });
                report.push(format!("{cols}x{rows}:{deepest}"));
            }
        }
    }
    println!("deepest perft per size: {}", report.join(" "));
}

/// Black moving first: the start is the same board with Black to move.
#[test]
fn perft_black_first_and_parallel() {
    for (cols, rows) in all_sizes() {
        let b = board(cols, rows, Diagonals::Corner);
        let mut npos = start_position(cols, rows);
        npos.white_to_move = false;
        let nrules = NaiveRules::default();
        let rules = Rules {
            first: Color::Black,
            ..Rules::default()
        };
        with_bits!(b.points(), B => {
            let geo = Geometry::<B>::new(b);
            let pos = Position::<B>::start(&b, Color::Black);
            assert_eq!(position_to_fen(&b, &pos), npos.to_fen());
            assert_eq!(perft(&geo, &rules, &pos, 2), naive::perft(&npos, nrules, 2), "{b}");
        });
    }
    // the parallel counter agrees with the plain one
    for (cols, rows, depth) in [(3, 3, 6), (5, 5, 4), (9, 5, 3), (13, 13, 3)] {
        let b = board(cols, rows, Diagonals::Corner);
        let rules = Rules::default();
        with_bits!(b.points(), B => {
            let geo = Geometry::<B>::new(b);
            let pos = Position::<B>::start(&b, Color::White);
            assert_eq!(perft_parallel(&geo, &rules, &pos, depth), perft(&geo, &rules, &pos, depth), "{b}");
        });
    }
}

/// The perft counts written down in `tests/data/perft.csv` (every start
/// position under both diagonal and both continuation rules, the sacrifice
/// move and Black first on some, a few middle-game positions; made by
/// `experiments/perft/make_suite.py`): the engine must give each, and the
/// naive generator each of up to 20,000 leaves. A reference for other
/// implementations, and a guard against a change that moves both
/// generators the same wrong way.
#[test]
fn perft_suite_file() {
    let text = include_str!("data/perft.csv");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next(),
        Some("position,diagonals,continuation,sacrifice,depth,nodes")
    );
    let (mut rows, mut naive_rows, mut depth8) = (0, 0, 0);
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let [fen, diagonals, continuation, sacrifice, depth, nodes] = f[..] else {
            panic!("not six fields: {line:?}");
        };
        let diagonals = match diagonals {
            "corner" => Diagonals::Corner,
            "center" => Diagonals::Center,
            _ => panic!("diagonals {diagonals:?} in {line:?}"),
        };
        let (rules, nrules) = rules_pair(
            diagonals,
            continuation == "forced",
            sacrifice == "on",
            Stalemate::Loss,
        );
        let depth: u32 = depth.parse().unwrap();
        let nodes: u64 = nodes.parse().unwrap();
        let d = Diagram::parse(fen).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        let b = d.board(diagonals);
        with_bits!(b.points(), B => {
            let geo = Geometry::<B>::new(b);
            let pos: Position<B> = d.to_position();
            assert_eq!(perft(&geo, &rules, &pos, depth), nodes, "engine: {line}");
        });
        if nodes <= 20_000 {
            assert_eq!(
                naive::perft(&NaivePos::parse(fen), nrules, depth),
                nodes,
                "naive: {line}"
            );
            naive_rows += 1;
        }
        rows += 1;
        depth8 += usize::from(depth == 8);
    }
    // The file is whole: every size's start in all four rule sets, deep
    // where the tree stays small.
    assert!(
        rows > 1_000 && naive_rows > 500 && depth8 > 20,
        "{rows} {naive_rows} {depth8}"
    );
}

/// Perft from a few middle-game positions, under sacrifice too (perft counts
/// sacrifices as children).
#[test]
fn perft_from_positions_matches_naive() {
    let fens = [
        "........./..B..WBWB/........./.W.BB.B../......... w",
        "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b",
        "...B./...../...W./..Bw./...W. b",
        "B.B.B/.W.W./B.B.B/.W.W./B.B.B w",
        ".B./.W./.W. w",
    ];
    for fen in fens {
        let d = Diagram::parse(fen).unwrap();
        for diag in [Diagonals::Corner, Diagonals::Center] {
            for (rules, nrules) in rule_sets(diag) {
                let b = d.board(diag);
                let geo = Geometry::<u64>::new(b);
                let pos: Position<u64> = d.to_position();
                let npos = NaivePos::parse(fen);
                let depth = if rules.sacrifice { 2 } else { 3 };
                for depth in 1..=depth {
                    assert_eq!(
                        perft(&geo, &rules, &pos, depth),
                        naive::perft(&npos, nrules, depth),
                        "perft {depth} {fen:?} under {rules}"
                    );
                }
            }
        }
    }
}

// ------------------------------------------------------------- 3. properties

/// Symmetries and colour swap on the positions reached from every start
/// position (two plies deep), and on hand-picked positions with blocks.
#[test]
fn symmetries_and_colour_swap_on_game_positions() {
    let mut checked = 0;
    for (cols, rows) in all_sizes() {
        for d in [Diagonals::Corner, Diagonals::Center] {
            let b = board(cols, rows, d);
            let syms = b.symmetries();
            assert_eq!(syms.len(), if cols == rows { 8 } else { 4 }, "{b} {d:?}");
            assert_eq!(syms[0].name, "identity");
            with_bits!(b.points(), B => {
                let geo = Geometry::<B>::new(b);
                let start = Position::<B>::start(&b, Color::White);
                for (rules, _) in rule_sets(d) {
                    if rules.sacrifice && b.points() > 25 {
                        continue;
                    }
                    let mut frontier = vec![start];
                    for _ in 0..2 {
                        let mut next = Vec::new();
                        for p in &frontier {
                            let fen = position_to_fen(&b, p);
                            let errs = check_symmetries(&geo, &syms, &rules, &fen, p);
                            assert!(errs.is_empty(), "{}", errs.join("\n"));
                            checked += 1;
                            next.extend(movegen::children(&geo, &rules, p));
                        }
                        next.sort();
                        next.dedup();
                        next.truncate(12);
                        frontier = next;
                    }
                }
            });
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The start position is unchanged by a half turn plus a colour swap (the
/// side to move aside), on every board.
#[test]
fn start_positions_turn_and_swap_invariant() {
    for (cols, rows) in all_sizes() {
        for d in [Diagonals::Corner, Diagonals::Center] {
            let b = board(cols, rows, d);
            let half_turn = b
                .symmetries()
                .into_iter()
                .find(|s| s.name == "turn-180")
                .expect("a half turn");
            with_bits!(b.points(), B => {
                let start = Position::<B>::start(&b, Color::White);
                let image = start.transformed(&half_turn).color_swapped();
                assert_eq!((image.white, image.black), (start.white, start.black), "{b}");
                assert_eq!(image.turn, Color::Black);
                assert_eq!(start.block, None);
                let pts = b.points() as u32;
                assert_eq!(start.white.count(), (pts - 1) / 2, "{b}");
                assert_eq!(start.black.count(), (pts - 1) / 2, "{b}");
                let centre = b.square(cols / 2, rows / 2);
                assert!(!start.occupied().contains(centre));
            });
        }
    }
}

// --------------------------------------------------------- 4. hand-checked

const START_9X5: &str = "BBBBBBBBB/BBBBBBBBB/BWBW.BWBW/WWWWWWWWW/WWWWWWWWW w";

/// (notation -> resulting FEN) through the real engine, on a board that fits
/// a `u64`.
fn turn_map(fen: &str, rules: &Rules) -> std::collections::BTreeMap<String, String> {
    let d = Diagram::parse(fen).unwrap();
    let b = d.board(rules.diagonals);
    let geo = Geometry::<u64>::new(b);
    let list = engine_turns(&geo, rules, &d.to_position());
    let map: std::collections::BTreeMap<String, String> = list.iter().cloned().collect();
    assert_eq!(map.len(), list.len(), "duplicate move names in {fen}");
    map
}

fn names(fen: &str, rules: &Rules) -> BTreeSet<String> {
    turn_map(fen, rules).into_keys().collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn forced() -> Rules {
    Rules {
        continuation: Continuation::Forced,
        ..Rules::default()
    }
}

fn sacrifice() -> Rules {
    Rules {
        sacrifice: true,
        ..Rules::default()
    }
}

#[test]
fn start_positions_by_hand() {
    let start = |c, r| {
        let b = board(c, r, Diagonals::Corner);
        with_bits!(b.points(), B => position_to_fen(&b, &Position::<B>::start(&b, Color::White)))
    };
    assert_eq!(start(3, 3), "BBB/B.W/WWW w");
    assert_eq!(start(5, 5), "BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w");
    assert_eq!(start(9, 5), START_9X5);
    assert_eq!(start(7, 1), "BWB.WBW w");
    assert_eq!(start(1, 1), ". w");
    assert_eq!(start(1, 3), "B/./W w");
    assert_eq!(start(3, 7), "BBB/BBB/BBB/B.W/WWW/WWW/WWW w");
    assert_eq!(start(13, 3), "BBBBBBBBBBBBB/BWBWBW.BWBWBW/WWWWWWWWWWWWW w");
    assert_eq!(
        Diagram::parse(&start(13, 13)).unwrap().to_string(),
        start(13, 13)
    );

    // 3x3: four captures into the centre
    let got = turn_map("BBB/B.W/WWW w", &Rules::default());
    let want: std::collections::BTreeMap<String, String> = [
        ("a1-b2A", "BB./BWW/.WW b"),
        ("b1-b2A", "B.B/BWW/W.W b"),
        ("c1-b2A", ".BB/BWW/WW. b"),
        ("c2-b2A", "BBB/.W./WWW b"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(got, want);
    assert_eq!(
        names("BB./BWW/.WW b", &Rules::default()),
        set(&["a2-a1", "b3-c3"])
    );

    // 5x5: every capture ends on c3. b3-c3 approaches d3 (e3 is white, the
    // line stops) or withdraws from a3; c2 approaches c4, c5; the diagonals
    // from b2 and d2 approach d4, e5 and b4, a5.
    let got = turn_map("BBBBB/BBBBB/BW.BW/WWWWW/WWWWW w", &Rules::default());
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["b2-c3A", "c2-c3A", "d2-c3A", "b3-c3A", "b3-c3W"])
    );
    assert_eq!(got["b3-c3A"], "BBBBB/BBBBB/B.W.W/WWWWW/WWWWW b");
    assert_eq!(got["b3-c3W"], "BBBBB/BBBBB/..WBW/WWWWW/WWWWW b");
    assert_eq!(got["c2-c3A"], "BB.BB/BB.BB/BWWBW/WW.WW/WWWWW b");
    assert_eq!(got["b2-c3A"], "BBBB./BBB.B/BWWBW/W.WWW/WWWWW b");
    assert_eq!(got["d2-c3A"], ".BBBB/B.BBB/BWWBW/WWW.W/WWWWW b");

    // 9x5: exactly five first moves
    let got = turn_map(START_9X5, &Rules::default());
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d2-e3A", "e2-e3A", "f2-e3A", "d3-e3A", "d3-e3W"])
    );
    assert_eq!(
        got["d3-e3A"],
        "BBBBBBBBB/BBBBBBBBB/BWB.W.WBW/WWWWWWWWW/WWWWWWWWW b"
    );
    assert_eq!(
        got["d3-e3W"],
        "BBBBBBBBB/BBBBBBBBB/BW..WBWBW/WWWWWWWWW/WWWWWWWWW b"
    );
    assert_eq!(
        got["e2-e3A"],
        "BBBB.BBBB/BBBB.BBBB/BWBWWBWBW/WWWW.WWWW/WWWWWWWWW b"
    );
    assert_eq!(
        got["d2-e3A"],
        "BBBBBB.BB/BBBBB.BBB/BWBWWBWBW/WWW.WWWWW/WWWWWWWWW b"
    );
    assert_eq!(
        got["f2-e3A"],
        "BB.BBBBBB/BBB.BBBBB/BWBWWBWBW/WWWWW.WWW/WWWWWWWWW b"
    );
    assert_eq!(turn_map(START_9X5, &forced()), got);
    assert_eq!(turn_map(START_9X5, &sacrifice()).len(), 5 + 22);
}

#[test]
fn figure_2_2_captures() {
    let rules = Rules::default();
    let got = turn_map(FIG22, &rules);
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(FIG22_TURNS)
    );
    for (turn, fen) in FIG22_RESULTS {
        assert_eq!(got[*turn], *fen, "{turn}");
    }

    let d = Diagram::parse(FIG22).unwrap();
    let geo = Geometry::<u64>::new(d.board(rules.diagonals));
    let pos: Position<u64> = d.to_position();
    // the same direction twice in a row is illegal
    assert!(matches!(
        parse_turn(&geo, &rules, &pos, "f4-e4W-d4A"),
        Err(NotationError::IllegalMove { .. })
    ));
    // paika is illegal while a capture exists
    let err = parse_turn(&geo, &rules, &pos, "b2-b1").unwrap_err();
    assert!(matches!(err, NotationError::IllegalMove { .. }), "{err:?}");
    // the legal ones parse, in either letter case
    let (t, p) = parse_turn(&geo, &rules, &pos, "b2-c2a-c3a").unwrap();
    assert_eq!(notation::turn_to_string(&geo.board, &t), "b2-c2A-c3A");
    assert_eq!(position_to_fen(&geo.board, &p), got["b2-c2A-c3A"]);

    // forced continuation keeps only the maximal chains
    assert_eq!(names(FIG22, &forced()), set(FIG22_FORCED));
}

#[test]
fn figure_2_2_no_revisit() {
    let rules = Rules::default();
    let fen = FIG22_G5;
    let got = names(fen, &rules);
    assert!(got.contains("f4-e4W-e3A"));
    assert!(got.contains("f4-e3W"));
    assert!(!got.iter().any(|n| n.starts_with("f4-e4W-e3A-")), "{got:?}");
    let d = Diagram::parse(fen).unwrap();
    let geo = Geometry::<u64>::new(d.board(rules.diagonals));
    let pos: Position<u64> = d.to_position();
    assert!(matches!(
        parse_turn(&geo, &rules, &pos, "f4-e4W-e3A-f4A"),
        Err(NotationError::IllegalMove { .. })
    ));
    // the step e3-f4 does capture g5 as a fresh turn
    let after = &turn_map(fen, &rules)["f4-e4W-e3A"];
    let again = after.replace(" b", " w");
    assert!(names(&again, &rules).contains("e3-f4A"));
}

#[test]
fn sacrificed_block_by_hand() {
    // 5x5, Black to move, a white block on d2
    let fen = "...B./...../...W./..Bw./...W. b";
    let got = turn_map(fen, &Rules::default());
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d5-d4A"])
    );
    assert_eq!(got["d5-d4A"], "...../...B./...../..B../...W. w");
    let got = turn_map(fen, &sacrifice());
    assert_eq!(
        got.keys().cloned().collect::<BTreeSet<_>>(),
        set(&["d5-d4A", "xd5", "xc2"])
    );
    assert_eq!(got["xd5"], "...b./...../...W./..B../...W. w");
    assert_eq!(got["xc2"], "...B./...../...W./..b../...W. w");
    // a block is no target, no destination, and stops a line: only paika
    let got = names("..B../...../.BwW./...../W.... b", &Rules::default());
    assert_eq!(
        got,
        set(&[
            "c5-b5", "c5-d5", "c5-c4", "c5-b4", "c5-d4", "b3-a3", "b3-b4", "b3-b2"
        ])
    );
    // sacrificing the last stone: the block leaves before White's next turn
    let got = turn_map("B../.../..W w", &sacrifice());
    assert_eq!(got["xc1"], "B../.../..w b");
    let got = turn_map("B../.../..w b", &sacrifice());
    assert_eq!(got["a3-a2"], ".../B../... w");
    let d = Diagram::parse(".../B../... w").unwrap();
    let geo = Geometry::<u64>::new(d.board(Diagonals::Corner));
    assert_eq!(
        movegen::status(&geo, &sacrifice(), &d.to_position()),
        Status::NoStones
    );
}

#[test]
fn figure_2_3_and_stalemate() {
    let rules = Rules::default();
    let fen = ".B./.W./.W. w";
    assert_eq!(
        names(fen, &rules),
        set(&[
            "b2-a3", "b2-a2", "b2-a1", "b2-c1", "b2-c2", "b2-c3", "b1-a1", "b1-c1"
        ])
    );
    assert_eq!(
        turn_map("WB./.../.W. b", &rules)["b3-b2A-c1W"],
        ".../.../..B w"
    );
    // stalemate: White's c1 boxed in
    let d = Diagram::parse("..B/.BB/.BW w").unwrap();
    let geo = Geometry::<u64>::new(d.board(Diagonals::Corner));
    let pos: Position<u64> = d.to_position();
    assert_eq!(
        movegen::status(&geo, &rules, &pos),
        Status::Stalemate(Stalemate::Loss)
    );
    let draw = Rules {
        stalemate: Stalemate::Draw,
        ..rules
    };
    assert_eq!(
        movegen::status(&geo, &draw, &pos),
        Status::Stalemate(Stalemate::Draw)
    );
    // with sacrifice there is always a turn
    assert_eq!(movegen::status(&geo, &sacrifice(), &pos), Status::Ongoing);
    // diagonals follow the variant: 5x3, a1 strong only under `corner`
    let fen = "..B../...../W.... w";
    assert_eq!(names(fen, &rules), set(&["a1-b2A"]));
    let center = Rules {
        diagonals: Diagonals::Center,
        ..rules
    };
    assert_eq!(names(fen, &center), set(&["a1-a2", "a1-b1"]));
}

// -------------------------------------------------------------- 5. errors

fn parse_err(fen: &str) -> NotationError {
    Diagram::parse(fen).expect_err(fen)
}

#[test]
fn position_errors_are_typed() {
    // even size
    let e = parse_err("BBBB/..../..../WWWW w");
    assert!(
        matches!(
            e,
            NotationError::BadSize {
                cols: 4,
                rows: 4,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(
        e.to_string().contains("4x4") && e.to_string().contains("odd"),
        "{e}"
    );
    // too big: 15 columns
    let e = parse_err("15/15/15 w");
    assert!(
        matches!(
            e,
            NotationError::BadSize {
                cols: 15,
                rows: 3,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("15x3"), "{e}");
    let e = parse_err(&format!("{} w", vec!["."; 15].join("/")));
    assert!(
        matches!(
            e,
            NotationError::BadSize {
                cols: 1,
                rows: 15,
                ..
            }
        ),
        "{e:?}"
    );
    // ragged rows
    let e = parse_err("BBB/B./WWW w");
    assert_eq!(
        e,
        NotationError::RaggedRows {
            fen: "BBB/B./WWW w".into(),
            row: 2,
            len: 2,
            expected: 3
        }
    );
    assert!(e.to_string().contains("row 2"), "{e}");
    // unknown character
    let e = parse_err("BBB/BXW/WWW w");
    assert!(
        matches!(e, NotationError::UnknownChar { ch: 'X', .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("'X'"), "{e}");
    // missing or bad side to move, trailing text
    let e = parse_err("BBB/B.W/WWW");
    assert!(matches!(e, NotationError::MissingSide(_)), "{e:?}");
    assert!(e.to_string().contains("side to move"), "{e}");
    let e = parse_err("BBB/B.W/WWW x");
    assert_eq!(
        e,
        NotationError::BadSide {
            fen: "BBB/B.W/WWW x".into(),
            side: "x".into()
        }
    );
    // (The position said too, as every other error of it does.)
    assert!(
        e.to_string().starts_with("position 'BBB/B.W/WWW x': "),
        "{e}"
    );
    let e = parse_err("BBB/B.W/WWW w 12");
    assert_eq!(
        e,
        NotationError::Trailing {
            fen: "BBB/B.W/WWW w 12".into(),
            extra: "12".into()
        }
    );
    assert!(
        e.to_string()
            .contains("position 'BBB/B.W/WWW w 12': unexpected '12'"),
        "{e}"
    );
    // two blocks; a block of the side to move
    let e = parse_err("bbB/B.W/WWW w");
    assert!(matches!(e, NotationError::BadBlock { .. }), "{e:?}");
    assert!(e.to_string().contains("more than one"), "{e}");
    let e = parse_err("BBB/B.w/WWW w");
    assert!(matches!(e, NotationError::BadBlock { .. }), "{e:?}");
    assert!(e.to_string().contains("side to move"), "{e}");
    // a position on the wrong board
    let b = board(5, 5, Diagonals::Corner);
    let e = notation::parse_position::<u64>(&b, "BBB/B.W/WWW w").unwrap_err();
    assert!(matches!(e, NotationError::WrongBoard { .. }), "{e:?}");
    assert!(e.to_string().contains("5x5"), "{e}");
    // board sizes on their own
    assert_eq!(
        Board::parse_size("4x5"),
        Err(BoardError::BadSize { cols: 4, rows: 5 })
    );
    assert!(matches!(
        Board::parse_size("9by5"),
        Err(BoardError::BadSyntax(_))
    ));
    assert!(matches!(
        Board::parse_size("15x5"),
        Err(BoardError::BadSize { .. })
    ));
    assert_eq!(Board::parse_size(" 9X5 "), Ok((9, 5)));
    // A run of empty points from 0 is a typo, not a run (it was read).
    for fen in ["B0BB/..../..../WWWW w", "B01B/.../... w"] {
        let e = parse_err(fen);
        assert!(matches!(e, NotationError::BadRun { .. }), "{fen}: {e:?}");
    }
    assert!(Diagram::parse("13/13/13/13/13/13/6W6/13/13/13/13/13/6B6 w").is_ok());
    // A board too big for the set type asked for (9x9 in u64): an error,
    // where it made a wrong position in release builds.
    let b99 = Board::new(9, 9, Diagonals::Corner).unwrap();
    let start = "9/9/9/9/9/9/9/9/9 w";
    let e = notation::parse_position::<u64>(&b99, start).expect_err(start);
    assert!(
        matches!(e, NotationError::TooLarge { capacity: 64, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("81 points"), "{e}");
    assert!(notation::parse_position::<Wide>(&b99, start).is_ok());
}

#[test]
fn move_errors_are_typed() {
    let rules = Rules::default();
    let d = Diagram::parse("BBB/B.W/WWW w").unwrap();
    let geo = Geometry::<u64>::new(d.board(rules.diagonals));
    let pos: Position<u64> = d.to_position();
    // an upper-case file: said to be one
    let e = parse_turn(&geo, &rules, &pos, "C1-B2A").unwrap_err();
    assert!(e.to_string().contains("files are lower case: c1"), "{e}");
    // illegal: the message lists the legal moves
    let e = parse_turn(&geo, &rules, &pos, "a1-a2").unwrap_err();
    match &e {
        NotationError::IllegalMove { text, legal } => {
            assert_eq!(text, "a1-a2");
            assert_eq!(
                legal.iter().cloned().collect::<BTreeSet<_>>(),
                set(&["a1-b2A", "b1-b2A", "c1-b2A", "c2-b2A"])
            );
        }
        other => panic!("{other:?}"),
    }
    let msg = e.to_string();
    for m in ["a1-a2", "a1-b2A", "b1-b2A", "c1-b2A", "c2-b2A"] {
        assert!(msg.contains(m), "{msg}");
    }
    // a well-formed capture that does not exist here
    assert!(matches!(
        parse_turn(&geo, &rules, &pos, "c2-b2W"),
        Err(NotationError::IllegalMove { .. })
    ));
    // a sacrifice without the variant
    assert!(matches!(
        parse_turn(&geo, &rules, &pos, "xa1"),
        Err(NotationError::IllegalMove { .. })
    ));
    // no legal moves at all
    let d2 = Diagram::parse(".../.../..B w").unwrap();
    let e = parse_turn(&geo, &rules, &d2.to_position::<u64>(), "c1-c2").unwrap_err();
    assert!(e.to_string().contains("none"), "{e}");
    // bad syntax
    for (text, needle) in [
        ("z9-b2", "'z9'"),
        ("a1-d4", "'d4'"),
        ("a1", "'-'"),
        // (A letter after a point is named as a wrong capture mark.)
        ("a1-b2Q", "'Q' after b2 is not a capture mark"),
        ("a1-b2AA", "two capture marks after b2: give one"),
        ("a1-b2Wa", "two capture marks after b2: give one"),
        ("xq7", "'q7'"),
        ("", "'-'"),
        ("a01-b2A", "'a01'"),
    ] {
        let e = parse_turn(&geo, &rules, &pos, text).unwrap_err();
        assert!(
            matches!(e, NotationError::BadMoveSyntax { .. }),
            "{text:?}: {e:?}"
        );
        let msg = e.to_string();
        assert!(msg.contains(needle), "{text:?}: {msg}");
    }
}
