//! The board in the harness's words: sizes, points, players, colors, turns
//! and grids.

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

/// Why rows of marks are not a grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The rows make no board of 1 to 52 a side.
    #[error("a grid of {height} rows of {width} is not a board (1 to 52 a side)")]
    NotABoard {
        /// The length of the first row.
        width: usize,
        /// The number of rows.
        height: usize,
    },
    /// A row is not as long as the first.
    #[error("row {row} (from the top) is not as long as the first")]
    Ragged {
        /// The row, from 1 at the top.
        row: usize,
    },
    /// A mark that is not `X`, `O` or `.`.
    #[error("{mark:?} in row {row} (from the top) is not X, O or .")]
    Mark {
        /// The mark.
        mark: char,
        /// The row, from 1 at the top.
        row: usize,
    },
}

/// Why a text is not a board size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a board size: {reason}")]
pub struct SizeError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl std::str::FromStr for Size {
    type Err = SizeError;

    /// `N`, `WxH` or `W:H`, each side from 1 to [`MAX_SIDE`].
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::Size;
    /// assert_eq!("9x5".parse::<Size>().unwrap().to_string(), "9x5");
    /// assert_eq!("7:3".parse::<Size>(), Ok(Size::new(7, 3).unwrap()));
    /// assert!("53".parse::<Size>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Size, SizeError> {
        let error = |reason: String| SizeError {
            text: text.to_string(),
            reason,
        };
        let text = text.trim();
        let (width, height) = match text.split_once(['x', 'X', ':']) {
            Some((w, h)) => (w.trim(), h.trim()),
            None => (text, text),
        };
        let side = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| error(format!("{s:?} is not a whole number")))
        };
        let (width, height) = (side(width)?, side(height)?);
        Size::new(width, height)
            .ok_or_else(|| error(format!("each side must be from 1 to {MAX_SIDE}")))
    }
}

/// The nouns the rules name, taken as they are from `tromp-taylor-spec`:
/// a point (column `x` from the left, row `y` from the bottom, from 0; rule
/// 1), Black and White (rule 1), the color of a point (rule 2), and a turn,
/// a pass or a move at a point (rule 6).
pub use tromp_taylor_spec::{Color, Player, Point, Turn};

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

    /// A grid from rows of `X`, `O` and `.` (also `x`, `o`, `-`), top row
    /// first, separated by `/` or new lines.
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::{Color, Grid, Point};
    /// let grid = Grid::from_rows("X.O./X.O.").unwrap();
    /// assert_eq!(grid.size.to_string(), "4x2");
    /// assert_eq!(grid.at(Point::new(2, 0)), Color::White);
    /// assert_eq!(grid.rows(), ["X.O.", "X.O."]);
    /// assert!(Grid::from_rows("X./X").is_err());
    /// ```
    pub fn from_rows(text: &str) -> Result<Grid, GridError> {
        let rows: Vec<&str> = text
            .split(['/', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let size = Size::new(width, rows.len()).ok_or(GridError::NotABoard {
            width,
            height: rows.len(),
        })?;
        let mut colors = vec![Color::Empty; size.points()];
        for (row_from_top, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(GridError::Ragged {
                    row: row_from_top + 1,
                });
            }
            let y = size.height() - 1 - row_from_top;
            for (x, mark) in row.chars().enumerate() {
                colors[y * width + x] = match mark {
                    'X' | 'x' => Color::Black,
                    'O' | 'o' => Color::White,
                    '.' | '-' => Color::Empty,
                    _ => {
                        return Err(GridError::Mark {
                            mark,
                            row: row_from_top + 1,
                        })
                    }
                };
            }
        }
        Ok(Grid { size, colors })
    }

    /// The points whose colors differ between two grids of one size.
    pub fn differing_points(&self, other: &Grid) -> Vec<Point> {
        self.size
            .all_points()
            .filter(|&p| self.size == other.size && self.at(p) != other.at(p))
            .collect()
    }
}
