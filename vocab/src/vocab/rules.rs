//! The rules of a game in the harness's words, and the setup a game starts from.

use super::board::Size;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Superko {
    /// Rule 6: no earlier coloring.
    Positional,
    /// Comment 6: no earlier coloring with the same player to move.
    Situational,
    /// Seed 004: no immediate retake of a single stone.
    SimpleKo,
}

/// The rules of a game, in the harness's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub superko: Superko,
    /// Whether suicide is allowed.
    pub suicide_allowed: bool,
    /// Whether the game ends by agreement after two passes (as is after four)
    /// rather than at two passes.
    pub agreement_ending: bool,
    /// Territory scoring rather than area.
    pub territory_scoring: bool,
    /// Komi in half points.
    pub komi_half_points: i32,
    /// Whether a move refused as suicide, ko or superko also loses the turn
    /// (seed 003, chapter 3, sections 19-20), rather than only being refused.
    pub illegal_loses_turn: bool,
}

impl Rules {
    /// The ten rules exactly.
    pub const TROMP_TAYLOR: Rules = Rules {
        superko: Superko::Positional,
        suicide_allowed: true,
        agreement_ending: false,
        territory_scoring: false,
        komi_half_points: 0,
        illegal_loses_turn: false,
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
