//! The harness's one vocabulary: the sizes, points, turns, grids, verdicts,
//! results and rules that every engine is asked about and answers in.
//!
//! Each engine's adapter translates to and from these; neither engine is
//! changed for them.

mod board;
mod outcome;
mod rules;
mod verdict;

pub use board::{
    Action, Color, Grid, GridError, Player, Point, Record, Size, SizeError, Turn, MAX_SIDE,
};
pub use outcome::{Outcome, OutcomeError};
pub use rules::{
    Ending, Handicap, IllegalMove, Position, Rules, RulesError, Scoring, Setup, Suicide, Superko,
};
pub use verdict::{Illegal, Refusal, Verdict};
