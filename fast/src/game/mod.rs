//! A game on the padded board, one job a part: its state (`state`), the
//! board and its strings (`board`, `chain`), hashing, the verdicts
//! (`legality`), taking a turn (`play`), the undo log (`record`, `undo`),
//! setups and scoring, and the self-check (`invariants`).

pub(crate) mod board;
pub(crate) mod chain;
pub(crate) mod hashing;
mod invariants;
mod legality;
mod play;
pub(crate) mod record;
mod scoring;
pub(crate) mod setup;
mod start;
mod state;
pub(crate) mod undo;

pub use state::Game;
