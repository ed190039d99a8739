//! The `replay` job: game records replayed under the rules, move by move,
//! with the first illegal move and its reason, the final board, the score,
//! and whether the recorded result agrees.

mod report;
#[cfg(test)]
mod tests;
mod walk;

pub use report::{check_result, GameReport, MoveVerdict, ReplayEngines, ResultCheck};
pub use walk::{replay, replay_tree};
