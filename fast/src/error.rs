//! Typed errors: why a board, a handicap, a turn or an agreement is refused.
//! A refused turn or agreement leaves the game unchanged.

use crate::types::{Handicap, Player, Point, MAX_SIDE};
use std::fmt;

/// A board size with a side of 0 or more than [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SizeError {
    /// The width asked for.
    pub width: usize,
    /// The height asked for.
    pub height: usize,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} board is not allowed: each side must be from 1 to {MAX_SIDE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}

/// Why a game with a handicap, or from a position, could not be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// The board size is not allowed.
    Size(SizeError),
    /// A position has not one color per point of the board.
    WrongLength {
        /// The number of points of the board.
        expected: usize,
        /// The number of colors given.
        got: usize,
    },
    /// A position has a string without liberties, which cannot stand at the
    /// end of any turn (comment 4); the point is the string's lowest-index stone.
    StringWithoutLiberty(Point),
    /// The board cannot take this handicap.
    BadHandicap {
        /// The handicap asked for.
        handicap: Handicap,
        /// Why it cannot be given.
        why: &'static str,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Size(e) => e.fmt(f),
            SetupError::WrongLength { expected, got } => write!(
                f,
                "a position needs one color for each of the {expected} points of the board, not {got}"
            ),
            SetupError::StringWithoutLiberty(p) => write!(
                f,
                "the stone at {p} is in a string without liberties; no such position can stand (comment 4)"
            ),
            SetupError::BadHandicap { handicap, why } => {
                write!(f, "handicap {handicap:?} cannot be given: {why}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl From<SizeError> for SetupError {
    fn from(e: SizeError) -> SetupError {
        SetupError::Size(e)
    }
}

/// Why a turn is not legal. The game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalTurn {
    /// The game has ended; no turn follows.
    GameOver,
    /// The point is not on the board.
    OffBoard(Point),
    /// The point is not empty.
    Occupied(Point),
    /// The move would clear its own color, and these rules forbid suicide.
    Suicide(Point),
    /// The move repeats the coloring that stood after turn `repeats_turn`
    /// (0 is the empty start).
    Superko {
        /// The point played.
        point: Point,
        /// The first turn after which the repeated coloring stood.
        repeats_turn: usize,
    },
    /// The move repeats the situation that stood after turn `repeats_turn`:
    /// the same coloring with `to_move` to move (situational superko).
    SituationalSuperko {
        /// The point played.
        point: Point,
        /// The first turn after which the repeated situation stood.
        repeats_turn: usize,
        /// Who would be to move after the move, as after that turn.
        to_move: Player,
    },
    /// The move immediately retakes a single stone just captured (simple ko).
    Ko(Point),
}

impl fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalTurn::GameOver => f.write_str("the game is over: no turn follows its end"),
            IllegalTurn::OffBoard(p) => write!(f, "{p} is not a point of the board"),
            IllegalTurn::Occupied(p) => write!(f, "{p} is occupied: a move colors an empty point"),
            IllegalTurn::Suicide(p) => {
                write!(
                    f,
                    "a move at {p} would be suicide, which these rules forbid"
                )
            }
            IllegalTurn::Superko {
                point,
                repeats_turn,
            } => write!(
                f,
                "a move at {point} repeats the coloring after turn {repeats_turn} (superko)"
            ),
            IllegalTurn::SituationalSuperko {
                point,
                repeats_turn,
                to_move,
            } => write!(
                f,
                "a move at {point} repeats the situation after turn {repeats_turn}, the same coloring with {to_move} to move (situational superko)"
            ),
            IllegalTurn::Ko(p) => write!(
                f,
                "a move at {p} retakes a ko immediately, repeating the position (simple ko)"
            ),
        }
    }
}

impl std::error::Error for IllegalTurn {}

/// Why an agreement on points to empty is refused. The game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalAgreement {
    /// These rules end the game after two passes, with no agreement.
    NotInTheseRules,
    /// Agreement is allowed only after two consecutive passes.
    NotAfterTwoPasses,
    /// The game has already ended.
    GameOver,
    /// A named point is not on the board.
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
            IllegalAgreement::OffBoard(p) => write!(f, "{p} is not a point of the board"),
        }
    }
}

impl std::error::Error for IllegalAgreement {}
