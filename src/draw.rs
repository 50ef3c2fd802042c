//! Drawing a board with its lines in the terminal, without colour.

use crate::bits::Bits;
use crate::geometry::Board;
use crate::position::Position;

/// The board as text: stones `W` and `B` (lower case for a sacrificed
/// block), empty points `.`, lines `-` `|` `/` `\` (`X` where two
/// diagonals cross), ranks on the left and files below.
///
/// ```
/// use fanorona::draw::board_text;
/// use fanorona::{Board, Color, Diagonals, Position};
///
/// let board = Board::new(3, 3, Diagonals::Corner).unwrap();
/// let start = Position::<u64>::start(&board, Color::White);
/// assert_eq!(
///     board_text(&board, &start),
///     "3  B---B---B\n   | \\ | / |\n2  B---.---W\n   | / | \\ |\n1  W---W---W\n   a   b   c\n"
/// );
/// ```
pub fn board_text<B: Bits>(board: &Board, pos: &Position<B>) -> String {
    let mut out = String::new();
    let (c, r) = (board.cols, board.rows);
    let width = if r >= 10 { 2 } else { 1 };
    for y in (0..r).rev() {
        out.push_str(&format!("{:>width$}  ", y + 1));
        for x in 0..c {
            let sq = board.square(x, y);
            let ch = if pos.white.contains(sq) {
                if pos.block == Some(sq) { 'w' } else { 'W' }
            } else if pos.black.contains(sq) {
                if pos.block == Some(sq) { 'b' } else { 'B' }
            } else {
                '.'
            };
            out.push(ch);
            if x + 1 < c {
                out.push_str("---");
            }
        }
        out.push('\n');
        if y > 0 {
            out.push_str(&format!("{:>width$}  ", ""));
            for x in 0..c {
                out.push('|');
                if x + 1 < c {
                    let down_right = board.is_strong(x, y);
                    let down_left = board.is_strong(x + 1, y);
                    out.push_str(match (down_right, down_left) {
                        (true, true) => " X ",
                        (true, false) => " \\ ",
                        (false, true) => " / ",
                        (false, false) => "   ",
                    });
                }
            }
            out.push('\n');
        }
    }
    out.push_str(&format!("{:>width$}  ", ""));
    for x in 0..c {
        out.push((b'a' + x as u8) as char);
        if x + 1 < c {
            out.push_str("   ");
        }
    }
    out.push('\n');
    out
}

/// `n` with `noun`, plural unless `n` is 1: "1 stone", "2 stones".
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// One line under the board: who moves and how many stones each side has.
pub fn status_line<B: Bits>(pos: &Position<B>) -> String {
    let side = pos.turn.title();
    format!(
        "{side} to move; White {}, Black {}",
        counted(pos.white.count(), "stone"),
        counted(pos.black.count(), "stone")
    )
}
