//! A fast, exact Go engine under the Tromp-Taylor rules and their common
//! variants: positional or situational superko or simple ko, suicide allowed
//! or forbidden, two-pass or agreement ending, area or territory scoring,
//! komi, free and fixed handicaps, any rectangle from 1x1 to 52x52.
//!
//! Every verdict is exact. Superko is checked with 64-bit Zobrist hashes as
//! a filter only: every hash hit is confirmed against the earlier coloring,
//! rebuilt from a log of the points each turn changed, so no collision can
//! forbid a legal move or allow an illegal one. History is unbounded, and
//! every turn can be undone (a playout that never takes a turn back can
//! skip the undo records: `Game::set_undoable(false)`).
//!
//! ```
//! use tromp_taylor_fast::{Game, IllegalTurn, Point, Rules, Turn};
//!
//! // On a 1x1 board Black's only move clears itself and repeats the empty
//! // start: only passes are legal, and two passes end the game in a tie.
//! let mut game = Game::new(1, 1, Rules::default()).unwrap();
//! assert_eq!(game.legal_turns(), vec![Turn::Pass]);
//! assert_eq!(
//!     game.play_at(0, 0),
//!     Err(IllegalTurn::Superko { point: Point::new(0, 0), repeats_turn: 0 })
//! );
//! game.pass().unwrap();
//! game.pass().unwrap();
//! assert!(game.is_over());
//! assert_eq!(game.result().to_string(), "0");
//! ```

#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]

/// Whether the planted bug `$bug` (of `planted::Bug`) is active: only with the
/// cargo feature `planted-bugs`, for proving the differential tester.
#[cfg(feature = "planted-bugs")]
macro_rules! planted {
    ($bug:ident) => {
        $crate::planted::active($crate::planted::Bug::$bug)
    };
}

/// Without the feature `planted-bugs` no bug is ever active: the constant `false`.
#[cfg(not(feature = "planted-bugs"))]
macro_rules! planted {
    ($bug:ident) => {
        false
    };
}

#[macro_use]
mod cells;
mod changes;
mod error;
mod game;
mod history;
#[cfg(feature = "planted-bugs")]
pub mod planted;
#[cfg(test)]
mod tests;
mod types;

pub use error::{IllegalAgreement, IllegalTurn, SetupError, SizeError};
pub use game::setup::fixed_handicap_points;
pub use game::Game;
pub use types::{
    Color, Ending, Handicap, IllegalMove, Komi, Outcome, Player, Point, Rules, Scoring, Suicide,
    Superko, Turn, MAX_SIDE,
};
