//! The command line: a thin layer over the library.

mod checkpoints;
pub mod common;
pub mod db_cmds;
pub mod huge_heap;
pub mod play_cmds;
mod progress;
mod report;
pub mod rules_cmds;
pub mod search_cmds;
