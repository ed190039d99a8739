//! The plumbing around the rules' items in [`crate::rules`]: making
//! rectangles and naming their points, diagrams, sizes written as text, and
//! how the rules' values print. None of it states a rule.

use crate::rules::{
    empty_grid, Color, Coloring, Outcome, Player, Point, Rectangle, Topology, Turn, MAX_SIDE,
};
use std::fmt;
use std::ops::{Index, IndexMut};

impl Point {
    /// The point in column `x` and row `y`.
    pub const fn new(x: usize, y: usize) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Why a rectangle or a diagram could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// A side of 0 or more than [`MAX_SIDE`].
    BadSize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A size that is not `N`, `WxH` or `W:H`.
    BadSizeText(String),
    /// A diagram whose rows do not match the rectangle.
    DiagramShape {
        /// Rows the diagram should have.
        expected_rows: usize,
        /// Points per row the diagram should have.
        expected_columns: usize,
    },
    /// A diagram character other than `X`, `O` or `.`.
    DiagramCharacter(char),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize { width, height } => write!(
                f,
                "a {width}x{height} grid is not allowed: each side must be from 1 to {MAX_SIDE}"
            ),
            GridError::BadSizeText(text) => write!(
                f,
                "cannot read {text:?} as a board size: write N, WxH or W:H (for example 19, 9x9, 7:5)"
            ),
            GridError::DiagramShape {
                expected_rows,
                expected_columns,
            } => write!(
                f,
                "a diagram of this grid has {expected_rows} rows of {expected_columns} points"
            ),
            GridError::DiagramCharacter(c) => write!(
                f,
                "{c:?} is not a point in a diagram: use X for black, O for white, . for empty"
            ),
        }
    }
}

impl std::error::Error for GridError {}

impl Rectangle {
    /// The grid of rule 1: 19 by 19.
    pub const STANDARD: Rectangle = Rectangle {
        width: 19,
        height: 19,
    };

    /// A `width` by `height` rectangle; each side from 1 to [`MAX_SIDE`].
    pub fn new(width: usize, height: usize) -> Result<Rectangle, GridError> {
        if (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) {
            Ok(Rectangle { width, height })
        } else {
            Err(GridError::BadSize { width, height })
        }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of `point`, or `None` when it is off the rectangle.
    pub fn index(&self, point: Point) -> Option<usize> {
        (point.x < self.width && point.y < self.height).then(|| point.y * self.width + point.x)
    }

    /// The point numbered `index` (`index` must be below `point_count()`).
    pub fn point(&self, index: usize) -> Point {
        Point::new(index % self.width, index / self.width)
    }

    /// Every point, in number order (bottom row first, left to right).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.point_count()).map(|i| self.point(i))
    }

    /// A coloring as rows of `X` (black), `O` (white) and `.` (empty), top row first.
    pub fn diagram(&self, coloring: &Coloring) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                text.push(coloring[y * self.width + x].mark());
            }
            text.push('\n');
        }
        text
    }

    /// Reads a diagram in the form [`Rectangle::diagram`] writes; blank space
    /// around and within rows is ignored.
    pub fn coloring_from_diagram(&self, diagram: &str) -> Result<Coloring, GridError> {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect())
            .filter(|row: &Vec<char>| !row.is_empty())
            .collect();
        let shape = GridError::DiagramShape {
            expected_rows: self.height,
            expected_columns: self.width,
        };
        if rows.len() != self.height || rows.iter().any(|row| row.len() != self.width) {
            return Err(shape);
        }
        let mut coloring = empty_grid(self);
        for (row_from_top, row) in rows.iter().enumerate() {
            let y = self.height - 1 - row_from_top;
            for (x, &c) in row.iter().enumerate() {
                coloring[y * self.width + x] = match c {
                    'X' | 'x' | 'B' | 'b' => Color::Black,
                    'O' | 'o' | 'W' | 'w' => Color::White,
                    '.' | '+' => Color::Empty,
                    other => return Err(GridError::DiagramCharacter(other)),
                };
            }
        }
        Ok(coloring)
    }
}

impl fmt::Display for Rectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for Rectangle {
    type Err = GridError;

    /// Reads `N` (an N by N square), `WxH` or `W:H` (SGF's form).
    fn from_str(text: &str) -> Result<Rectangle, GridError> {
        let bad = || GridError::BadSizeText(text.to_string());
        let number = |s: &str| -> Result<usize, GridError> {
            let s = s.trim();
            if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        let (w, h) = match text.trim().split_once(['x', 'X', ':']) {
            Some((w, h)) => (number(w)?, number(h)?),
            None => {
                let n = number(text)?;
                (n, n)
            }
        };
        Rectangle::new(w, h)
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

impl Color {
    /// The mark of this color in a diagram: `X` black, `O` white, `.` empty.
    pub fn mark(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
            Color::Empty => '.',
        }
    }
}

impl Coloring {
    /// The colors, in point-number order.
    pub fn colors(&self) -> &[Color] {
        &self.0
    }

    /// How many points have `color`.
    pub fn count(&self, color: Color) -> usize {
        self.0.iter().filter(|&&c| c == color).count()
    }
}

impl Index<usize> for Coloring {
    type Output = Color;
    fn index(&self, point: usize) -> &Color {
        &self.0[point]
    }
}

impl IndexMut<usize> for Coloring {
    fn index_mut(&mut self, point: usize) -> &mut Color {
        &mut self.0[point]
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

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Tie => f.write_str("0"),
            Outcome::Win {
                winner,
                half_points,
            } => {
                let letter = match winner {
                    Player::Black => 'B',
                    Player::White => 'W',
                };
                write!(f, "{letter}+{}", half_points / 2)?;
                if half_points % 2 == 1 {
                    f.write_str(".5")?;
                }
                Ok(())
            }
        }
    }
}
