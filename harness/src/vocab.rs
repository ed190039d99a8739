//! The harness's own vocabulary: the sizes, points, turns, grids, verdicts,
//! scores and rules that every engine is asked about and answers in.
//!
//! Each engine's adapter translates to and from these; neither engine is
//! changed for them.

use std::fmt;

/// The largest side of a board (SGF's limit).
pub const MAX_SIDE: usize = 52;

/// A board size, each side from 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size {
    width: usize,
    height: usize,
}

impl Size {
    /// A `width` by `height` board, or `None` when a side is 0 or over 52.
    pub fn new(width: usize, height: usize) -> Option<Size> {
        ((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height))
            .then_some(Size { width, height })
    }

    /// The number of columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(self) -> usize {
        self.height
    }

    /// The number of points.
    pub fn points(self) -> usize {
        self.width * self.height
    }

    /// The point numbered `index` (row by row from the bottom).
    pub fn point(self, index: usize) -> Point {
        Point::new(index % self.width, index / self.width)
    }

    /// The number of `point`, if it is on the board.
    pub fn index(self, point: Point) -> Option<usize> {
        (point.x < self.width && point.y < self.height).then(|| point.y * self.width + point.x)
    }

    /// Every point, in number order.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        (0..self.points()).map(move |i| self.point(i))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for Size {
    type Err = String;

    /// `N`, `WxH` or `W:H`.
    fn from_str(text: &str) -> Result<Size, String> {
        let rectangle: tromp_taylor_spec::Rectangle = text.parse().map_err(|e| format!("{e}"))?;
        Ok(Size {
            width: rectangle.width(),
            height: rectangle.height(),
        })
    }
}

/// A point: column `x` from the left, row `y` from the bottom, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column.
    pub x: usize,
    /// The row, from the bottom.
    pub y: usize,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: usize, y: usize) -> Point {
        Point { x, y }
    }
}

/// Black or White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black.
    Black,
    /// White.
    White,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The color of her stones.
    pub fn color(self) -> Color {
        match self {
            Player::Black => Color::Black,
            Player::White => Color::White,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
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

impl Color {
    /// `X`, `O` or `.`.
    pub fn mark(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
            Color::Empty => '.',
        }
    }
}

/// A pass, or a move at a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A pass.
    Pass,
    /// A move at a point.
    Move(Point),
}

/// What a player attempts at her turn: a turn (a pass or a move, legal or
/// not), or an end of the game by agreement on points to empty (comment 8).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A turn, attempted by the player to move.
    Turn(Turn),
    /// An agreement on points to empty.
    Agree(Vec<Point>),
}

/// The actions of a game, each with the player who was to move when it was
/// attempted.
pub type Record = Vec<(Player, Action)>;

/// The color of every point of a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The board.
    pub size: Size,
    /// The colors, in point-number order (row by row from the bottom).
    pub colors: Vec<Color>,
}

impl Grid {
    /// The color of `point` (which must be on the board).
    pub fn at(&self, point: Point) -> Color {
        self.colors[self.size.index(point).expect("a point of the grid")]
    }

    /// The grid as rows of `X`, `O` and `.`, top row first.
    pub fn rows(&self) -> Vec<String> {
        (0..self.size.height())
            .rev()
            .map(|y| {
                (0..self.size.width())
                    .map(|x| self.at(Point::new(x, y)).mark())
                    .collect()
            })
            .collect()
    }

    /// The points whose colors differ between two grids of one size.
    pub fn differing_points(&self, other: &Grid) -> Vec<Point> {
        self.size
            .all_points()
            .filter(|&p| self.size == other.size && self.at(p) != other.at(p))
            .collect()
    }
}

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
    /// Superko: the move repeats the coloring (or situation) after this turn.
    Superko {
        /// The first turn after which the repeated coloring stood.
        repeats_turn: usize,
    },
    /// Simple ko: the move takes back a single stone just captured.
    Ko,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("illegal: the game is over"),
            Illegal::OffBoard => f.write_str("illegal: off the board"),
            Illegal::Occupied => f.write_str("illegal: occupied"),
            Illegal::Suicide => f.write_str("illegal: suicide"),
            Illegal::Superko { repeats_turn } => {
                write!(
                    f,
                    "illegal: superko, repeats the coloring after turn {repeats_turn}"
                )
            }
            Illegal::Ko => f.write_str("illegal: simple ko"),
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

/// The result: the winner and the margin in half points, or a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a tie.
    pub winner: Option<Player>,
    /// The margin in half points (0 for a tie).
    pub half_points: u64,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            None => f.write_str("0"),
            Some(winner) => {
                let letter = if winner == Player::Black { 'B' } else { 'W' };
                write!(f, "{letter}+{}", self.half_points / 2)?;
                if self.half_points % 2 == 1 {
                    f.write_str(".5")?;
                }
                Ok(())
            }
        }
    }
}

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
}

impl Rules {
    /// The ten rules exactly.
    pub const TROMP_TAYLOR: Rules = Rules {
        superko: Superko::Positional,
        suicide_allowed: true,
        agreement_ending: false,
        territory_scoring: false,
        komi_half_points: 0,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::TROMP_TAYLOR
    }
}

impl std::str::FromStr for Rules {
    type Err = String;

    /// A preset name or a compact rule string, read as `tromp-taylor-spec` reads them.
    fn from_str(text: &str) -> Result<Rules, String> {
        let rules: tromp_taylor_spec::Rules = text.parse().map_err(|e| format!("{e}"))?;
        Ok(crate::engine::spec::rules_from_spec(rules))
    }
}

impl fmt::Display for Rules {
    /// The compact rule string, as `tromp-taylor-spec` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::engine::spec::rules_to_spec(*self).fmt(f)
    }
}

/// Black's handicap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// None.
    #[default]
    None,
    /// Black's first n turns are consecutive.
    Free(usize),
    /// n stones on the standard points as Black's first turn.
    Fixed(usize),
}

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
