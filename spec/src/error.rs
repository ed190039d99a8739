//! Why a turn or an agreement is refused; a refused one changes nothing.

use crate::rules::{Player, Point};
use std::fmt;

/// Why a turn is not legal. The game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalTurn {
    /// Rule 8 (or comment 8): the game has ended; no turn follows.
    GameOver,
    /// The point is not on the grid (rule 1).
    OffBoard(Point),
    /// Rule 7: a move colors an *empty* point; this one is not empty.
    Occupied(Point),
    /// The move would clear its own color, and these rules forbid suicide
    /// (the no-suicide variation of comment 7).
    Suicide(Point),
    /// Rule 6 (or comment 6): the move repeats the grid coloring that stood
    /// after turn `repeats_turn` (0 is the empty start).
    Superko {
        /// The point played.
        point: Point,
        /// The first turn after which the repeated coloring stood.
        repeats_turn: usize,
    },
    /// Comment 6: the move repeats the situation that stood after turn
    /// `repeats_turn`: the same grid coloring with `to_move` to move.
    SituationalSuperko {
        /// The point played.
        point: Point,
        /// The first turn after which the repeated situation stood.
        repeats_turn: usize,
        /// Who would be to move after the move, as after that turn.
        to_move: Player,
    },
    /// Seed 004's ko rule: the move takes back a single stone just captured,
    /// repeating the position before the previous turn.
    Ko(Point),
}

impl fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalTurn::GameOver => f.write_str("the game is over: no turn follows its end"),
            IllegalTurn::OffBoard(p) => write!(f, "{p} is not a point of the grid"),
            IllegalTurn::Occupied(p) => {
                write!(f, "{p} is occupied: a move colors an empty point (rule 7)")
            }
            IllegalTurn::Suicide(p) => write!(
                f,
                "a move at {p} would be suicide, which these rules forbid"
            ),
            IllegalTurn::Superko {
                point,
                repeats_turn,
            } => write!(
                f,
                "a move at {point} repeats the grid coloring after turn {repeats_turn} (superko, rule 6)"
            ),
            IllegalTurn::SituationalSuperko {
                point,
                repeats_turn,
                to_move,
            } => write!(
                f,
                "a move at {point} repeats the situation after turn {repeats_turn}, the same grid coloring with {to_move} to move (situational superko, comment 6)"
            ),
            IllegalTurn::Ko(p) => write!(
                f,
                "a move at {p} retakes a ko immediately, repeating the position (simple ko)"
            ),
        }
    }
}

impl std::error::Error for IllegalTurn {}

/// Why an agreement on points to empty (comment 8) is refused. The game is
/// left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalAgreement {
    /// These rules end the game after two passes, with no agreement (rule 8).
    NotInTheseRules,
    /// Comment 8 allows agreement only "after only 2 consecutive passes".
    NotAfterTwoPasses,
    /// The game has already ended.
    GameOver,
    /// A named point is not on the grid.
    OffBoard(Point),
}

impl fmt::Display for IllegalAgreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAgreement::NotInTheseRules => {
                f.write_str("these rules end the game after two passes, without agreement")
            }
            IllegalAgreement::NotAfterTwoPasses => {
                f.write_str("the players may agree only after two consecutive passes")
            }
            IllegalAgreement::GameOver => f.write_str("the game is over"),
            IllegalAgreement::OffBoard(p) => write!(f, "{p} is not a point of the grid"),
        }
    }
}

impl std::error::Error for IllegalAgreement {}
