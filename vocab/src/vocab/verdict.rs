//! Verdicts in the harness's words: why a turn is illegal, with the rule
//! that forbids it, and why an agreement is refused.

use super::rules::Superko;
use std::fmt;

/// Why a turn is illegal, in the harness's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The game has ended.
    GameOver,
    /// The point is off the board.
    OffBoard,
    /// The point is occupied.
    Occupied,
    /// Suicide, where the rules forbid it.
    Suicide,
    /// Superko: the move repeats the coloring (rule 6) or the situation
    /// (comment 6) that stood after this turn.
    Superko {
        /// The first turn after which the repeated coloring (or situation) stood.
        repeats_turn: usize,
        /// Whether the repeat is of a situation (the same coloring with the
        /// same player to move; comment 6) rather than of a coloring (rule 6).
        situational: bool,
    },
    /// Simple ko: the move takes back a single stone just captured.
    Ko,
    /// Refused for a reason the engine does not give (an engine over GTP,
    /// whose `? illegal move` does not say why): compared for legality only.
    Unexplained,
}

impl Illegal {
    /// Every reason, for tables and tests.
    pub const ALL: [Illegal; 6] = [
        Illegal::GameOver,
        Illegal::OffBoard,
        Illegal::Occupied,
        Illegal::Suicide,
        Illegal::Superko {
            repeats_turn: 0,
            situational: false,
        },
        Illegal::Ko,
    ];

    /// The reason's short name: `game-over`, `off-board`, `occupied`,
    /// `suicide`, `superko` or `ko` (the conformance vectors' `expect`, and
    /// the auditor's key).
    pub fn code(self) -> &'static str {
        match self {
            Illegal::GameOver => "game-over",
            Illegal::OffBoard => "off-board",
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::Superko { .. } => "superko",
            Illegal::Ko => "ko",
            Illegal::Unexplained => "refused",
        }
    }

    /// The reason whose [`code`](Illegal::code) is `code` (a superko's turn
    /// is then 0), or `None`.
    pub fn from_code(code: &str) -> Option<Illegal> {
        Illegal::ALL.into_iter().find(|i| i.code() == code)
    }

    /// Whether, under rules where an illegal move loses the turn
    /// ([`Rules::illegal_move`](super::rules::Rules::illegal_move),
    /// seed 003), this refusal is a lost turn: a stone played on a forbidden
    /// point (suicide) or one that makes a position reappear (ko, superko).
    /// A move on an occupied point or off the board, or after the end, is
    /// refused and nothing is lost.
    pub fn loses_turn(self) -> bool {
        matches!(
            self,
            Illegal::Suicide | Illegal::Ko | Illegal::Superko { .. }
        )
    }

    /// The rule that forbids the turn, under rules whose superko is `superko`:
    /// `rule 6` for positional superko, `comment 6` for situational, and so on.
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::{Illegal, Superko};
    /// let repeat = Illegal::Superko { repeats_turn: 1, situational: false };
    /// assert_eq!(repeat.rule(Superko::Positional), "rule 6");
    /// assert_eq!(repeat.rule(Superko::Situational), "comment 6");
    /// assert_eq!(Illegal::Suicide.rule(Superko::Positional), "comment 7");
    /// ```
    pub fn rule(self, superko: Superko) -> &'static str {
        match self {
            Illegal::GameOver => "rule 8",
            Illegal::OffBoard => "rule 1",
            Illegal::Occupied => "rule 7",
            Illegal::Suicide => "comment 7",
            Illegal::Superko { .. } if superko == Superko::Situational => "comment 6",
            Illegal::Superko { .. } => "rule 6",
            Illegal::Ko => "seed 004",
            Illegal::Unexplained => "no rule named",
        }
    }
}

impl fmt::Display for Illegal {
    /// The one phrasing of a reason, its short name first and the rule last.
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::Illegal;
    /// assert_eq!(
    ///     Illegal::Superko { repeats_turn: 3, situational: false }.to_string(),
    ///     "superko: it repeats the grid coloring after turn 3 (rule 6)"
    /// );
    /// assert_eq!(
    ///     Illegal::Superko { repeats_turn: 2, situational: true }.to_string(),
    ///     "superko: it repeats the situation after turn 2, the same grid coloring \
    ///      with the same player to move (comment 6)"
    /// );
    /// assert_eq!(Illegal::Occupied.to_string(), "occupied (rule 7 colors an empty point)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("the game is over (rule 8)"),
            Illegal::OffBoard => f.write_str("off the board (rule 1)"),
            Illegal::Occupied => f.write_str("occupied (rule 7 colors an empty point)"),
            Illegal::Suicide => f.write_str("suicide, which these rules forbid (comment 7)"),
            Illegal::Superko {
                repeats_turn,
                situational: false,
            } => write!(
                f,
                "superko: it repeats the grid coloring after turn {repeats_turn} (rule 6)"
            ),
            Illegal::Superko {
                repeats_turn,
                situational: true,
            } => write!(
                f,
                "superko: it repeats the situation after turn {repeats_turn}, the same grid \
                 coloring with the same player to move (comment 6)"
            ),
            Illegal::Ko => {
                f.write_str("ko: it retakes a single stone at once (simple ko, seed 004)")
            }
            Illegal::Unexplained => f.write_str("refused, for a reason it does not give"),
        }
    }
}

/// A verdict on a turn: legal, or why not.
pub type Verdict = Result<(), Illegal>;

/// Why an agreement on dead stones is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The rules end the game at two passes.
    NotInTheseRules,
    /// Fewer than two consecutive passes.
    NotAfterTwoPasses,
    /// The game has ended.
    GameOver,
    /// A point is off the board.
    OffBoard,
}
