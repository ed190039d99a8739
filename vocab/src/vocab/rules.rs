//! The rules of a game in the harness's words, and the setup a game starts from.

use super::board::Size;

// The options, each one of the rules' own: the vocabulary speaks of them
// as `spec` states them (`Superko`: rule 6, comment 6, seed 004; `Suicide`:
// rule 7, comment 7'; `Ending`: rule 8, comment 8; `Scoring`: rule 9,
// comment 9; `IllegalMove`: rule 6, seed 003), as it does of points,
// players and handicaps.
pub use tromp_taylor_spec::{Ending, IllegalMove, Scoring, Suicide, Superko};

/// The rules of a game, in the harness's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub superko: Superko,
    /// Whether suicide is allowed.
    pub suicide: Suicide,
    /// How the game ends: at two passes, or by agreement after two passes
    /// (as is after four).
    pub ending: Ending,
    /// Area or territory scoring.
    pub scoring: Scoring,
    /// Komi in half points.
    pub komi_half_points: i32,
    /// Whether a move refused as suicide, ko or superko also loses the turn
    /// (seed 003, chapter 3, sections 19-20), rather than only being refused.
    pub illegal_move: IllegalMove,
}

impl Rules {
    /// The ten rules exactly, as `spec` states them.
    pub const TROMP_TAYLOR: Rules = {
        let ten = tromp_taylor_spec::Rules::TROMP_TAYLOR;
        Rules {
            superko: ten.superko,
            suicide: ten.suicide,
            ending: ten.ending,
            scoring: ten.scoring,
            komi_half_points: ten.komi.half_points(),
            illegal_move: ten.illegal_move,
        }
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::TROMP_TAYLOR
    }
}

/// Why a text is not rules: the reason, in `tromp-taylor-spec`'s words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RulesError(pub tromp_taylor_spec::RulesError);

/// Black's handicap (comment 5, seed 004), in the rules' own words.
pub use tromp_taylor_spec::Handicap;

/// Everything a game starts from: the board, the rules and the handicap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board.
    pub size: Size,
    /// The rules.
    pub rules: Rules,
    /// The handicap.
    pub handicap: Handicap,
}

/// A setup position (a record's `AB`/`AW`): the color of every point, in
/// point order, and the player to move from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The colors, in point order (rows from the bottom).
    pub colors: Vec<super::board::Color>,
    /// Who moves first from the position.
    pub to_move: super::board::Player,
}
