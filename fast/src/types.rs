//! The vocabulary of the engine: points, colors, players, turns, rule options and outcomes.

use std::fmt;

/// The largest side a board may have: 52, the largest board SGF can record.
pub const MAX_SIDE: usize = 52;

/// A point of the board: column `x` from the left, row `y` from the bottom, both from 0.
///
/// The point's index is `y * width + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, counted from the left edge, from 0.
    pub x: usize,
    /// The row, counted from the bottom edge, from 0.
    pub y: usize,
}

impl Point {
    /// The point in column `x` and row `y`.
    #[inline]
    pub const fn new(x: usize, y: usize) -> Point {
        Point { x, y }
    }
}

/// The color of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// A black stone.
    Black,
    /// A white stone.
    White,
    /// No stone.
    Empty,
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, who starts.
    Black,
    /// White.
    White,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The color of this player's stones.
    #[inline]
    pub fn color(self) -> Color {
        match self {
            Player::Black => Color::Black,
            Player::White => Color::White,
        }
    }

    /// The player's name, `Black` or `White`: indexed as the engine's
    /// per-player arrays are, by `player as usize`.
    fn name(self) -> &'static str {
        ["Black", "White"][self as usize]
    }
}

/// A turn: a pass, or a move at a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A pass: the coloring stays as it is.
    Pass,
    /// A move at a point.
    Move(Point),
}

/// Which repetitions a move may not make.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Superko {
    /// No move may recreate a coloring that stood after any earlier turn.
    #[default]
    Positional,
    /// No move may recreate a coloring with the same player to move.
    Situational,
    /// Only the immediate retake of a single stone just captured is forbidden.
    SimpleKo,
}

/// Whether a move may clear its own color.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Suicide (of any number of stones) is a legal move.
    #[default]
    Allowed,
    /// A move whose stone would not reach empty after captures is illegal.
    Forbidden,
}

/// How the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Two consecutive passes end the game.
    #[default]
    TwoPasses,
    /// After two consecutive passes the players may agree on points to empty,
    /// which ends the game; four consecutive passes end it as it is.
    Agreement,
}

/// How a score is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Own stones plus empty points reaching only one's own color.
    #[default]
    Area,
    /// Empty points reaching only one's own color plus prisoners.
    Territory,
}

/// What an illegal move costs the player who tried it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// It is refused; nothing changes and the same player is still to move.
    #[default]
    Refused,
    /// A move refused as suicide, ko or superko also loses the turn: the
    /// opponent moves next, the board unchanged (the Chinese rules of 1988).
    LosesTurn,
}

/// Komi: points added to White's score, kept exactly as a count of half
/// points (the engine scores in half points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi(0);

    /// The komi of `half_points` / 2 points (negative gives points to Black).
    #[inline]
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi(half_points)
    }

    /// The komi in half points.
    #[inline]
    pub const fn half_points(self) -> i32 {
        self.0
    }
}

/// The rules a game is played under. The default is the ten Tromp-Taylor
/// rules: positional superko, suicide allowed, two passes, area, komi 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub superko: Superko,
    /// Whether suicide is allowed.
    pub suicide: Suicide,
    /// How the game ends.
    pub ending: Ending,
    /// Area or territory scoring.
    pub scoring: Scoring,
    /// Points added to White's score.
    pub komi: Komi,
    /// Whether an illegal move is only refused, or also loses the turn.
    pub illegal_move: IllegalMove,
}

impl Rules {
    /// The ten rules exactly (the default).
    pub const TROMP_TAYLOR: Rules = Rules {
        superko: Superko::Positional,
        suicide: Suicide::Allowed,
        ending: Ending::TwoPasses,
        scoring: Scoring::Area,
        komi: Komi::ZERO,
        illegal_move: IllegalMove::Refused,
    };

    /// Chinese rules: positional superko, no suicide, an illegal move loses
    /// the turn, area scoring.
    pub const CHINESE: Rules = Rules {
        suicide: Suicide::Forbidden,
        illegal_move: IllegalMove::LosesTurn,
        ..Rules::TROMP_TAYLOR
    };

    /// New Zealand rules: situational superko, suicide allowed, area scoring.
    pub const NEW_ZEALAND: Rules = Rules {
        superko: Superko::Situational,
        ..Rules::TROMP_TAYLOR
    };

    /// Simple ko, no suicide, two passes end the game, territory scoring.
    pub const SIMPLE_KO_TERRITORY: Rules = Rules {
        superko: Superko::SimpleKo,
        suicide: Suicide::Forbidden,
        scoring: Scoring::Territory,
        ..Rules::TROMP_TAYLOR
    };
}

/// How Black's first turns are given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// No handicap: the players alternate from the start.
    #[default]
    None,
    /// Black takes the first `n` turns, then the players alternate from
    /// White; a pass by Black during them ends them (a pass is not a move).
    Free(usize),
    /// Black's first turn places `n` stones on the standard points; White moves next.
    Fixed(usize),
}

/// The result of a game: a tie, or a winner and the margin.
///
/// Displays as SGF's `RE` does: `0` for a tie, `B+3.5`, `W+0.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Equal scores.
    Tie,
    /// `winner` scored more, by `half_points` / 2 points.
    Win {
        /// The player with the higher score.
        winner: Player,
        /// The margin in half points.
        half_points: u64,
    },
}

// How the types print.

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 0 {
            f.write_str("-")?;
        }
        write_points(f, self.0.unsigned_abs().into())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Tie => f.write_str("0"),
            Outcome::Win {
                winner,
                half_points,
            } => {
                write!(f, "{}+", &winner.name()[..1])?;
                write_points(f, half_points)
            }
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Pass => f.write_str("pass"),
            Turn::Move(p) => write!(f, "move at {p}"),
        }
    }
}

/// Writes `half_points` / 2 as a score is written: `3`, `3.5`.
fn write_points(f: &mut fmt::Formatter<'_>, half_points: u64) -> fmt::Result {
    let half = if half_points % 2 == 1 { ".5" } else { "" };
    write!(f, "{}{half}", half_points / 2)
}
