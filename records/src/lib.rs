//! The jobs behind the command line's record subcommands: a game given as
//! turns played and scored (`play`), an SGF record scored (`score`), SGF
//! records replayed on both engines (`replay`), and the case suite exported
//! as portable conformance vectors (`vectors`).
//!
//! Each job takes plain input and returns plain data (serializable for the
//! command line's `--json`); it prints nothing and draws no progress.

pub mod play;
pub mod replay;
pub mod score;
pub mod vectors;
