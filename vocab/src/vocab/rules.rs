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

/// Whether a move may clear its own color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Rule 7 and comment 7: a move may clear its own color; a play on an
    /// empty point can be illegal only due to superko.
    Allowed,
    /// The no-suicide variation (the HTML comment in seed 002; seed 003,
    /// section 5): a move whose own color would not reach empty is illegal.
    Forbidden,
}

/// How the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Rule 8: the game ends after two consecutive passes.
    TwoPasses,
    /// Comment 8: after two consecutive passes the players may end the game
    /// by agreeing on which points to empty; after four it ends as is.
    Agreement,
}

/// How a player's score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Rule 9: own stones plus the empty points that reach only one's color.
    Area,
    /// Comment 9: empty surrounded points plus the opponent's stones
    /// captured, instead of one's own stones not captured.
    Territory,
}

/// What an illegal move costs the player who tried it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The ten rules (rule 6): an illegal move is no turn at all; it is
    /// refused, and the same player is still to take her turn.
    Refused,
    /// Seed 003, chapter 3, sections 19-20: a move refused as suicide, ko or
    /// superko is declared invalid and the player loses her turn.
    LosesTurn,
}

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
    /// The ten rules exactly.
    pub const TROMP_TAYLOR: Rules = Rules {
        superko: Superko::Positional,
        suicide: Suicide::Allowed,
        ending: Ending::TwoPasses,
        scoring: Scoring::Area,
        komi_half_points: 0,
        illegal_move: IllegalMove::Refused,
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
