//! Fanorona: rules engine, endgame databases, proof-number search and play.
//!
//! The modules, one concept each:
//! - [`bits`]: sets of points as bitboards (`u64` up to 64 points,
//!   [`bits::Wide`] up to 13x13; most types take the set type as `B`, and
//!   [`with_bits!`] picks it for a board known at run time);
//! - [`geometry`]: board sizes, lines, adjacency, symmetries;
//! - [`rules`]: the rule variants as one plain [`rules::Rules`] value;
//! - [`position`]: stones, side to move, sacrificed block;
//! - [`movegen`]: whole turns and the positions they lead to;
//! - [`notation`]: reading and writing positions and turns;
//! - [`draw`]: a board as text, with its lines;
//! - [`perft`]: counting the move tree;
//! - [`fxhash`]: the fast hash of the maps keyed by positions and classes;
//! - [`value`]: win/draw/loss with distances, and the [`value::Oracle`] trait
//!   through which search and play consult the tables;
//! - [`index`]: material classes and the position index of a table;
//! - [`table`]: the table file format (`db/FORMAT.md`);
//! - [`builder`]: retrograde analysis, class by class, resumable (complete
//!   tables are reused, a group being solved is saved every half hour);
//! - [`probe`]: the tables of a board and rule set as a [`value::Oracle`],
//!   with every move of a position valued;
//! - [`perfect_line`]: the line of perfect play from a position, off the
//!   tables;
//! - [`verify`]: every stored value re-checked against its successors;
//! - [`progress`]: the progress bars of builds and table walks;
//! - [`wdl`]: the win/draw/loss files beside the tables, which the search
//!   reads without decompressing;
//! - [`search`]: proof-number search with the tables;
//! - [`sysmem`]: the machine's memory, which bounds builds and searches;
//! - [`game`], [`engine`]: games, their records, and the engine that plays.
//!
//! The command line (`src/cli/`) is a thin layer over these. The same
//! job from Rust: build the 5x3 tables of up to four stones, probe one,
//! and prove the start a win for White.
//!
//! ```
//! use fanorona::builder::{BuildOptions, Builder};
//! use fanorona::notation::{parse_position, turn_to_string};
//! use fanorona::probe::Tablebase;
//! use fanorona::search::{SearchLimits, solve};
//! use fanorona::{Board, Color, Diagonals, Geometry, Position, Rules, Value, Wdl};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let board = Board::new(5, 3, Diagonals::Corner)?;
//! let rules = Rules::default();
//! let db = std::env::temp_dir().join(format!("fanorona-doc-{}", std::process::id()));
//! let options = BuildOptions {
//!     memory_bytes: 1 << 30,
//!     progress: false,
//!     ..BuildOptions::default()
//! };
//! Builder::<u64>::new(&db, board, rules, options).build(4, |_| {})?;
//! let tables = Tablebase::<u64>::new(&db, board, rules);
//!
//! // Two stones each, White to move: White captures and wins.
//! let pos = parse_position::<u64>(&board, "WW.../...../..BB. w")?;
//! assert!(matches!(tables.probe(&pos)?, Value::Win(_)));
//!
//! let geo = Geometry::<u64>::new(board);
//! let start = Position::start(&board, Color::White);
//! let result = solve(&geo, &rules, &start, &tables, &SearchLimits::default(), |_| {});
//! assert_eq!(result.value, Some(Wdl::Win));
//! let winning: Vec<String> = result
//!     .moves
//!     .iter()
//!     .filter(|m| m.value == Some(Wdl::Win))
//!     .map(|m| turn_to_string(&board, &m.turns[0]))
//!     .collect();
//! assert_eq!(winning, ["c1-c2A"]);
//! # std::fs::remove_dir_all(&db)?;
//! # Ok(())
//! # }
//! ```
//!
//! Things a library user should know:
//! - **The board and the rules.** [`Board`] carries a diagonal rule and so
//!   does [`Rules`]. [`game::Game`], [`probe::Tablebase`] and
//!   [`builder::Builder`] take the rules' (the board's is overridden);
//!   functions given a [`Geometry`] (the move generator, [`perft`]) follow
//!   its board; [`search::Solver`] and [`engine::choose`] refuse the two
//!   when they differ ([`value::same_game`]). Give both the same.
//! - **Positions do not know their board.** The fields of [`Position`] are
//!   public; [`Position::check`] says whether one can stand on a board.
//!   [`probe::Tablebase`]'s `probe`, `probe_wdl` and `probe_moves`,
//!   [`engine::choose`] and [`game::Game`] check the positions given to
//!   them; the move generator, the search and [`value::Oracle::lookup`]
//!   (called for every position a search meets) take them as they are.
//! - **Threads.** Builds, [`verify`], and [`perft::perft_parallel`] run on
//!   rayon's global pool (one thread per core). To bound them, run the call
//!   inside a pool of your own: `rayon::ThreadPoolBuilder::new()
//!   .num_threads(2).build()?.install(|| builder.build(6, |_| {}))`.
//! - **Set types.** Constructors of a board's machinery ([`Geometry::new`],
//!   [`builder::Builder::new`], [`probe::Tablebase::new`],
//!   [`game::Game::new`]) panic when the board has more points than the set
//!   type `B` holds: [`with_bits!`] picks `u64` or [`Wide`] for a board
//!   known at run time.
//! - **Speed.** Move generation, the builder and the index count and walk
//!   stones with `popcnt`, `tzcnt` and BMI2's `pext` where the crate is
//!   compiled for them (`bits.rs`); this repository's `.cargo/config.toml`
//!   asks for `target-cpu=native`, which a crate depending on this one
//!   does not inherit: set `RUSTFLAGS="-C target-cpu=native"` (or the same
//!   in your own `.cargo/config.toml`) for the fast path.

// Every public item has a doc: CI runs clippy with `-D warnings`, which
// makes a missing one an error.
#![warn(missing_docs)]

pub mod bits;
pub mod builder;
pub mod draw;
pub mod engine;
pub mod fxhash;
pub mod game;
pub mod geometry;
mod hashio;
mod hugepages;
pub mod index;
pub mod movegen;
pub mod notation;
pub mod perfect_line;
pub mod perft;
pub mod position;
mod prefetch;
pub mod probe;
pub mod progress;
pub mod rules;
pub mod search;
pub mod sysmem;
pub mod table;
pub mod value;
pub mod verify;
pub mod wdl;

pub use bits::{Bits, Square, Wide};
pub use geometry::{Board, Geometry};
pub use movegen::{Turn, children, for_each_turn, legal_turns};
pub use position::Position;
pub use rules::{Color, Continuation, Diagonals, Rules, Stalemate};
pub use value::{NoTables, Oracle, Value, Wdl};
