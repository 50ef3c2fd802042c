//! The rule variants of `RULES.md`, as one plain value.

use std::fmt;

/// Which points are strong (joined to their diagonal neighbours too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagonals {
    /// Point (x, y) is strong when x + y is even: `a1` is strong. The
    /// traditional board, and the one of Schadd et al.
    #[default]
    Corner,
    /// The centre point is strong and strength alternates from it (CSCE 315).
    Center,
}

/// Whether a capture chain may stop before it has to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Continuation {
    /// The player may stop after any capturing step (traditional).
    #[default]
    Free,
    /// The chain must go on while a capturing step exists.
    Forced,
}

/// The value of having no legal move on one's turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stalemate {
    /// The side to move with no legal move loses (the default).
    #[default]
    Loss,
    /// A position whose side to move has no legal move is a draw.
    Draw,
}

/// The one-byte codes of the rule switches in file headers (tables and
/// search checkpoints): the default is 0, the other choice 1.
/// They also carry the name each choice has on the command line and in
/// game records (`--diagonals corner`, `diagonals=corner`).
macro_rules! file_codes {
    ($t:ty, $zero:ident = $zero_name:literal, $one:ident = $one_name:literal) => {
        impl $t {
            /// The choice as the flag and game records spell it.
            pub fn name(self) -> &'static str {
                match self {
                    Self::$zero => $zero_name,
                    Self::$one => $one_name,
                }
            }
            /// Its code in a file header.
            pub fn code(self) -> u8 {
                match self {
                    Self::$zero => 0,
                    Self::$one => 1,
                }
            }
            /// The choice of a code, if it is one.
            pub fn from_code(code: u8) -> Option<Self> {
                match code {
                    0 => Some(Self::$zero),
                    1 => Some(Self::$one),
                    _ => None,
                }
            }
        }

        /// The choice's [`name`](Self::name).
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        /// The choice of its [`name`](Self::name).
        impl std::str::FromStr for $t {
            type Err = RuleNameError;
            fn from_str(s: &str) -> Result<Self, RuleNameError> {
                match s {
                    $zero_name => Ok(Self::$zero),
                    $one_name => Ok(Self::$one),
                    _ => Err(RuleNameError {
                        text: s.to_string(),
                        names: [$zero_name, $one_name],
                    }),
                }
            }
        }
    };
}

/// A name that is none of a rule switch's choices (or of a side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleNameError {
    /// What was given.
    pub text: String,
    /// The names there are.
    pub names: [&'static str; 2],
}

impl fmt::Display for RuleNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is neither '{}' nor '{}'",
            self.text, self.names[0], self.names[1]
        )
    }
}

impl std::error::Error for RuleNameError {}

file_codes!(Diagonals, Corner = "corner", Center = "center");
file_codes!(Continuation, Free = "free", Forced = "forced");
file_codes!(Stalemate, Loss = "loss", Draw = "draw");

/// A side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side whose stones start on the bottom rows; it moves first
    /// unless [`Rules::first`] says otherwise.
    #[default]
    White,
    /// The side whose stones start on the top rows.
    Black,
}

impl Color {
    /// The opponent.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// `w` or `b`, as in the position notation.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// `white` or `black`, as flags and game records spell it.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// `White` or `Black`, as a sentence about the side starts.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// `white` or `black` ([`Color::name`]).
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `white` or `black` ([`Color::name`]).
impl std::str::FromStr for Color {
    type Err = RuleNameError;
    fn from_str(s: &str) -> Result<Self, RuleNameError> {
        match s {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            _ => Err(RuleNameError {
                text: s.to_string(),
                names: ["white", "black"],
            }),
        }
    }
}

/// One rule set: every switch of the rule book. Written into every table
/// header, so a table is never probed under rules it was not built for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rules {
    /// Which points are strong. A [`Board`](crate::geometry::Board) carries
    /// its own; the game, the tables and the builder use this one.
    pub diagonals: Diagonals,
    /// Whether a capture chain may stop while a capturing step remains.
    pub continuation: Continuation,
    /// What a side to move with no legal move gets.
    pub stalemate: Stalemate,
    /// The sacrifice move of CSCE 315.
    pub sacrifice: bool,
    /// Who moves first from the start position.
    pub first: Color,
    /// A game lasts at most `10 x rows` turns in total; then it is a draw.
    pub move_limit: bool,
}

impl Rules {
    /// The number of turns a game may last under the move-limit variant.
    pub fn turn_limit(&self, rows: usize) -> Option<u32> {
        self.move_limit.then_some(10 * rows as u32)
    }

    /// A short name that tells rule sets apart, used for folder names:
    /// `corner-free-sl` for the defaults.
    pub fn slug(&self) -> String {
        let mut s = format!(
            "{}-{}-{}",
            self.diagonals.name(),
            self.continuation.name(),
            match self.stalemate {
                Stalemate::Loss => "sl",
                Stalemate::Draw => "sd",
            }
        );
        if self.sacrifice {
            s.push_str("-sac");
        }
        s
    }

    /// The name of the rules in reports (JSON, CSV): the [`Rules::slug`],
    /// which leaves out what the tables share, then `-limit` under the
    /// move limit and `-black-first` when Black starts, so that runs
    /// under different rules never read the same.
    pub fn label(&self) -> String {
        let mut s = self.slug();
        if self.move_limit {
            s.push_str("-limit");
        }
        if self.first == Color::Black {
            s.push_str("-black-first");
        }
        s
    }
}

impl Rules {
    /// The switches a table depends on, as [`Rules`]' `Display` writes
    /// them: one table serves either side first, with the move limit or
    /// without (the limit cuts distances when read), so a table folder's
    /// heading that named them said of it what it is not.
    pub fn table_text(&self) -> String {
        format!(
            "diagonals {}, continuation {}, stalemate {}, sacrifice {}",
            self.diagonals.name(),
            self.continuation.name(),
            self.stalemate.name(),
            if self.sacrifice { "on" } else { "off" },
        )
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "diagonals {}, continuation {}, stalemate {}, sacrifice {}, first {}, move limit {}",
            self.diagonals.name(),
            self.continuation.name(),
            self.stalemate.name(),
            if self.sacrifice { "on" } else { "off" },
            self.first.name(),
            if self.move_limit { "on" } else { "off" },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_as_their_flags() {
        let rules = Rules {
            diagonals: Diagonals::Center,
            continuation: Continuation::Forced,
            stalemate: Stalemate::Draw,
            sacrifice: true,
            first: Color::Black,
            move_limit: true,
        };
        assert_eq!(
            rules.to_string(),
            "diagonals center, continuation forced, stalemate draw, sacrifice on, first black, move limit on"
        );
        assert_eq!(
            Rules::default().to_string(),
            "diagonals corner, continuation free, stalemate loss, sacrifice off, first white, move limit off"
        );
        assert_eq!(
            rules.table_text(),
            "diagonals center, continuation forced, stalemate draw, sacrifice on"
        );
    }

    #[test]
    fn each_choice_reads_back_from_its_name() {
        for d in [Diagonals::Corner, Diagonals::Center] {
            assert_eq!(d.to_string().parse(), Ok(d));
        }
        for c in [Continuation::Free, Continuation::Forced] {
            assert_eq!(c.to_string().parse(), Ok(c));
        }
        for m in [Stalemate::Loss, Stalemate::Draw] {
            assert_eq!(m.to_string().parse(), Ok(m));
        }
        for c in [Color::White, Color::Black] {
            assert_eq!(c.to_string().parse(), Ok(c));
        }
        let e = "centre".parse::<Diagonals>().unwrap_err();
        assert_eq!(e.to_string(), "'centre' is neither 'corner' nor 'center'");
        assert!("White".parse::<Color>().is_err());
    }
}
