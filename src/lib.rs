//! Fanorona: rules engine, endgame databases, proof-number search and play.
//!
//! The modules, one concept each:
//! - [`bits`]: sets of points as bitboards (`u64` fast path, [`bits::Wide`]
//!   up to 13x13);
//! - [`geometry`]: board sizes, lines, adjacency, symmetries;
//! - [`rules`]: the rule variants as one plain [`rules::Rules`] value;
//! - [`position`]: stones, side to move, sacrificed block;
//! - [`movegen`]: whole turns and the positions they lead to;
//! - [`notation`]: reading and writing positions and turns;
//! - [`perft`]: counting the move tree;
//! - [`fxhash`]: the fast hash of the maps keyed by positions and classes;
//! - [`value`]: win/draw/loss with distances, and the [`value::Oracle`] trait
//!   through which search and play consult the tables.

pub mod bits;
pub mod builder;
pub mod engine;
pub mod fxhash;
pub mod game;
pub mod geometry;
mod hugepages;
pub mod index;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod probe;
pub mod rules;
pub mod search;
pub mod table;
pub mod value;
pub mod verify;

pub use bits::{Bits, Square, Wide};
pub use geometry::{Board, Geometry};
pub use movegen::{Turn, children, for_each_turn, legal_turns};
pub use position::Position;
pub use rules::{Color, Continuation, Diagonals, Rules, Stalemate};
pub use value::{NoTables, Oracle, Value, Wdl};
