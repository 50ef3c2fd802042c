//! A deliberately simple reference implementation of the rules in
//! `/work/shared/RULES.md`, used only by tests to cross-check the real engine.
//!
//! Plain `Vec<u8>` boards, one byte per point, written straight from the rule
//! book. Nothing here is meant to be fast; it is meant to be obviously right.
//!
//! Cells: index `y * cols + x`, `y = 0` is the bottom row (rank 1), `x = 0` is
//! file `a`. Values: `b'.'` empty, `b'W'` / `b'B'` stones, `b'w'` / `b'b'` a
//! sacrificed stone (a block).

use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diag {
    Corner,
    Center,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NaiveRules {
    pub diagonals: Diag,
    /// Forced continuation: a capturing chain must go on while it can.
    pub forced: bool,
    /// The sacrifice move is allowed.
    pub sacrifice: bool,
    /// A side to move with stones but no legal turn draws (instead of losing).
    pub stalemate_draw: bool,
}

impl Default for NaiveRules {
    /// The rule book's defaults: corner diagonals, free continuation, no
    /// sacrifice, stalemate is a loss.
    fn default() -> Self {
        NaiveRules {
            diagonals: Diag::Corner,
            forced: false,
            sacrifice: false,
            stalemate_draw: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NaivePos {
    pub cols: usize,
    pub rows: usize,
    /// Index `y * cols + x`, `y = 0` is the bottom row.
    pub cells: Vec<u8>,
    pub white_to_move: bool,
}

impl NaivePos {
    /// Reads a position in the rule book's notation: rows top first separated
    /// by `/`, `W` `B` `.` `w` `b` and digit runs (several digits form one
    /// number), a space, then `w` or `b`. Panics on malformed input.
    pub fn parse(fen: &str) -> NaivePos {
        let fen = fen.trim();
        let mut parts = fen.split_whitespace();
        let board = parts.next().expect("empty FEN");
        let side = parts.next().expect("FEN without side to move");
        assert!(parts.next().is_none(), "trailing text in FEN {fen:?}");
        let white_to_move = match side {
            "w" => true,
            "b" => false,
            _ => panic!("bad side to move {side:?} in FEN {fen:?}"),
        };
        let mut rows_top_first: Vec<Vec<u8>> = Vec::new();
        for row_text in board.split('/') {
            let mut row = Vec::new();
            let mut run = 0usize;
            for ch in row_text.bytes() {
                if ch.is_ascii_digit() {
                    run = run * 10 + (ch - b'0') as usize;
                    continue;
                }
                row.extend(std::iter::repeat_n(b'.', run));
                run = 0;
                match ch {
                    b'.' | b'W' | b'B' | b'w' | b'b' => row.push(ch),
                    _ => panic!("bad character {:?} in FEN {fen:?}", ch as char),
                }
            }
            row.extend(std::iter::repeat_n(b'.', run));
            rows_top_first.push(row);
        }
        let rows = rows_top_first.len();
        let cols = rows_top_first[0].len();
        assert!(cols >= 1 && rows >= 1, "empty board in FEN {fen:?}");
        assert!(cols <= 13 && rows <= 13, "board too big in FEN {fen:?}");
        for row in &rows_top_first {
            assert_eq!(row.len(), cols, "ragged rows in FEN {fen:?}");
        }
        let mut cells = vec![b'.'; cols * rows];
        for (i, row) in rows_top_first.iter().enumerate() {
            let y = rows - 1 - i;
            for (x, &c) in row.iter().enumerate() {
                cells[y * cols + x] = c;
            }
        }
        NaivePos {
            cols,
            rows,
            cells,
            white_to_move,
        }
    }

    /// Writes the position: dots for empty points, never digits.
    pub fn to_fen(&self) -> String {
        fen_of(self.cols, self.rows, &self.cells, self.white_to_move)
    }

    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.cols + x]
    }
}

pub fn fen_of(cols: usize, rows: usize, cells: &[u8], white_to_move: bool) -> String {
    let mut s = String::with_capacity(cols * rows + rows + 2);
    for i in 0..rows {
        let y = rows - 1 - i;
        if i > 0 {
            s.push('/');
        }
        for x in 0..cols {
            s.push(cells[y * cols + x] as char);
        }
    }
    s.push(' ');
    s.push(if white_to_move { 'w' } else { 'b' });
    s
}

/// Point name: file letter `a`.. then rank number `1`..
pub fn point_name(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Is point (x, y) strong (joined diagonally)?
pub fn strong(cols: usize, rows: usize, x: usize, y: usize, d: Diag) -> bool {
    match d {
        Diag::Corner => (x + y).is_multiple_of(2),
        Diag::Center => {
            let cx = (cols - 1) / 2;
            let cy = (rows - 1) / 2;
            (x.abs_diff(cx) + y.abs_diff(cy)).is_multiple_of(2)
        }
    }
}

/// The start position, White to move.
pub fn start_position(cols: usize, rows: usize) -> NaivePos {
    assert!(
        !cols.is_multiple_of(2) && !rows.is_multiple_of(2),
        "board sides must be odd"
    );
    let half = rows / 2;
    let cx = cols / 2;
    let mut cells = vec![b'.'; cols * rows];
    for y in 0..rows {
        for x in 0..cols {
            let c = if y < half {
                b'W'
            } else if y > half {
                b'B'
            } else if x < cx {
                // left of centre: B, W, B, ... starting in column 1
                if x.is_multiple_of(2) { b'B' } else { b'W' }
            } else if x == cx {
                b'.'
            } else {
                // right half: the left half turned 180 degrees, colours swapped
                let mirror = cols - 1 - x;
                if mirror.is_multiple_of(2) { b'W' } else { b'B' }
            };
            cells[y * cols + x] = c;
        }
    }
    NaivePos {
        cols,
        rows,
        cells,
        white_to_move: true,
    }
}

/// The eight directions.
pub const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Plain board geometry plus the current cells.
struct Board<'a> {
    cols: usize,
    rows: usize,
    diag: Diag,
    cells: &'a [u8],
}

fn offset(cols: usize, rows: usize, x: usize, y: usize, d: (i32, i32)) -> Option<(usize, usize)> {
    let nx = x as i32 + d.0;
    let ny = y as i32 + d.1;
    if nx < 0 || ny < 0 || nx >= cols as i32 || ny >= rows as i32 {
        None
    } else {
        Some((nx as usize, ny as usize))
    }
}

impl Board<'_> {
    fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.cols + x]
    }

    /// May a stone on (x, y) step in direction d (is there a line that way)?
    /// Returns the destination point.
    fn step(&self, x: usize, y: usize, d: (i32, i32)) -> Option<(usize, usize)> {
        let diagonal = d.0 != 0 && d.1 != 0;
        if diagonal && !strong(self.cols, self.rows, x, y, self.diag) {
            return None;
        }
        offset(self.cols, self.rows, x, y, d)
    }

    /// Enemy stones captured starting at `first` and going on in direction d:
    /// `first` must hold an enemy (upper case, not a block) stone, then every
    /// enemy stone directly behind it up to the first empty point, own stone,
    /// block or edge. Empty if `first` is not an enemy stone.
    fn line(&self, first: Option<(usize, usize)>, d: (i32, i32), enemy: u8) -> Vec<usize> {
        let mut out = Vec::new();
        let mut cur = first;
        while let Some((x, y)) = cur {
            if self.get(x, y) != enemy {
                break;
            }
            out.push(y * self.cols + x);
            cur = offset(self.cols, self.rows, x, y, d);
        }
        out
    }
}

/// One capturing step available to the stone on `from`.
struct CaptureStep {
    dir: (i32, i32),
    to: (usize, usize),
    approach: bool,
    captured: Vec<usize>,
}

/// All capturing steps of the stone standing on `from` (a stone of `own`),
/// ignoring the chain limits (direction and revisits), which the caller checks.
fn capture_steps(b: &Board, from: (usize, usize), own: u8) -> Vec<CaptureStep> {
    let enemy = if own == b'W' { b'B' } else { b'W' };
    let mut out = Vec::new();
    for &d in DIRS.iter() {
        let Some(to) = b.step(from.0, from.1, d) else {
            continue;
        };
        if b.get(to.0, to.1) != b'.' {
            continue;
        }
        // approach: the point beyond the destination, same direction
        let beyond = offset(b.cols, b.rows, to.0, to.1, d);
        let cap = b.line(beyond, d, enemy);
        if !cap.is_empty() {
            out.push(CaptureStep {
                dir: d,
                to,
                approach: true,
                captured: cap,
            });
        }
        // withdrawal: the point behind the origin, opposite direction
        let back = (-d.0, -d.1);
        let behind = offset(b.cols, b.rows, from.0, from.1, back);
        let cap = b.line(behind, back, enemy);
        if !cap.is_empty() {
            out.push(CaptureStep {
                dir: d,
                to,
                approach: false,
                captured: cap,
            });
        }
    }
    out
}

/// Removes every block (lower-case stone) from the board.
fn clear_blocks(cells: &mut [u8]) {
    for c in cells.iter_mut() {
        if c.is_ascii_lowercase() {
            *c = b'.';
        }
    }
}

struct Gen<'a> {
    cols: usize,
    rows: usize,
    rules: NaiveRules,
    own: u8,
    out: &'a mut Vec<(String, Vec<u8>)>,
}

impl Gen<'_> {
    /// Extends a capturing chain. `cells` is the board after the steps so far
    /// (the moving stone stands on `at`), `name` the notation so far,
    /// `visited` the points the stone has stood on this turn, `last` the
    /// direction of the previous step.
    fn chain(
        &mut self,
        cells: &[u8],
        at: (usize, usize),
        name: &str,
        visited: &[(usize, usize)],
        last: (i32, i32),
    ) {
        let board = Board {
            cols: self.cols,
            rows: self.rows,
            diag: self.rules.diagonals,
            cells,
        };
        let mut continued = false;
        for st in capture_steps(&board, at, self.own) {
            if st.dir == last || visited.contains(&st.to) {
                continue;
            }
            continued = true;
            self.apply_and_recurse(cells, at, st, name, visited);
        }
        // free: every prefix is a turn; forced: only maximal chains
        if !self.rules.forced || !continued {
            let mut res = cells.to_vec();
            clear_blocks(&mut res);
            self.out.push((name.to_string(), res));
        }
    }

    fn apply_and_recurse(
        &mut self,
        cells: &[u8],
        from: (usize, usize),
        st: CaptureStep,
        name: &str,
        visited: &[(usize, usize)],
    ) {
        let mut next = cells.to_vec();
        next[from.1 * self.cols + from.0] = b'.';
        next[st.to.1 * self.cols + st.to.0] = self.own;
        for &i in &st.captured {
            next[i] = b'.';
        }
        let name = format!(
            "{}-{}{}",
            name,
            point_name(st.to.0, st.to.1),
            if st.approach { 'A' } else { 'W' }
        );
        let mut visited = visited.to_vec();
        visited.push(st.to);
        self.chain(&next, st.to, &name, &visited, st.dir);
    }
}

/// All legal turns as (notation, resulting cells); the resulting position has
/// the other side to move. Several turns may give the same cells.
pub fn legal_turn_cells(pos: &NaivePos, rules: NaiveRules) -> Vec<(String, Vec<u8>)> {
    let (cols, rows) = (pos.cols, pos.rows);
    let own = if pos.white_to_move { b'W' } else { b'B' };
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let stones: Vec<(usize, usize)> = (0..rows)
        .flat_map(|y| (0..cols).map(move |x| (x, y)))
        .filter(|&(x, y)| pos.at(x, y) == own)
        .collect();
    let other = if pos.white_to_move {
        [b'B', b'b']
    } else {
        [b'W', b'w']
    };
    if stones.is_empty() || !pos.cells.iter().any(|c| other.contains(c)) {
        return out; // The game is over: a side has no stones.
    }
    let board = Board {
        cols,
        rows,
        diag: rules.diagonals,
        cells: &pos.cells,
    };

    // captures (chains)
    {
        let mut g = Gen {
            cols,
            rows,
            rules,
            own,
            out: &mut out,
        };
        for &s in &stones {
            for st in capture_steps(&board, s, own) {
                // the first step: nothing visited but the start point
                let name = point_name(s.0, s.1);
                g.apply_and_recurse(&pos.cells, s, st, &name, &[s]);
            }
        }
    }

    // paika, only when there is no capture anywhere
    if out.is_empty() {
        for &s in &stones {
            for &d in DIRS.iter() {
                let Some(to) = board.step(s.0, s.1, d) else {
                    continue;
                };
                if board.get(to.0, to.1) != b'.' {
                    continue;
                }
                let mut res = pos.cells.clone();
                res[s.1 * cols + s.0] = b'.';
                res[to.1 * cols + to.0] = own;
                clear_blocks(&mut res);
                out.push((
                    format!("{}-{}", point_name(s.0, s.1), point_name(to.0, to.1)),
                    res,
                ));
            }
        }
    }

    // sacrifice, allowed even when captures exist
    if rules.sacrifice {
        for &s in &stones {
            let mut res = pos.cells.clone();
            clear_blocks(&mut res);
            res[s.1 * cols + s.0] = own.to_ascii_lowercase();
            out.push((format!("x{}", point_name(s.0, s.1)), res));
        }
    }
    out
}

/// All legal turns: (move notation, FEN of the resulting position).
pub fn legal_turns(pos: &NaivePos, rules: NaiveRules) -> Vec<(String, String)> {
    legal_turn_cells(pos, rules)
        .into_iter()
        .map(|(n, c)| (n, fen_of(pos.cols, pos.rows, &c, !pos.white_to_move)))
        .collect()
}

/// The distinct resulting positions (sorted, deduplicated FENs).
pub fn children(pos: &NaivePos, rules: NaiveRules) -> Vec<String> {
    let set: BTreeSet<String> = legal_turns(pos, rules)
        .into_iter()
        .map(|(_, f)| f)
        .collect();
    set.into_iter().collect()
}

/// Distinct resulting positions as positions (sorted by cells, deduplicated).
pub fn child_positions(pos: &NaivePos, rules: NaiveRules) -> Vec<NaivePos> {
    let set: BTreeSet<Vec<u8>> = legal_turn_cells(pos, rules)
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    set.into_iter()
        .map(|cells| NaivePos {
            cols: pos.cols,
            rows: pos.rows,
            cells,
            white_to_move: !pos.white_to_move,
        })
        .collect()
}

/// Leaves of the tree `depth` turns deep, children being distinct resulting
/// positions; a terminal position has no children.
pub fn perft(pos: &NaivePos, rules: NaiveRules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = child_positions(pos, rules);
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter().map(|k| perft(k, rules, depth - 1)).sum()
}

/// Number of stones of the given colour (`b'W'` or `b'B'`), blocks excluded.
pub fn count(pos: &NaivePos, colour: u8) -> usize {
    pos.cells.iter().filter(|&&c| c == colour).count()
}
