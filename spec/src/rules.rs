//! The ten logical rules of Tromp and Taylor, one item per rule, in rule order.
//!
//! Each item's documentation quotes its rule. The items work over any
//! [`Topology`] (points and which points are adjacent), as Tromp's own
//! array-based Haskell version does; [`Rectangle`] is the one that ships.
//! Nothing here is clever: "reach" is a path search, "clearing" empties what
//! does not reach empty, and rule 6 looks the whole coloring up among every
//! earlier whole coloring.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Index, IndexMut};

/// Points and adjacency: the shape of the grid the rules are played on.
///
/// Points are numbered `0..point_count()`. Rule 3 speaks of
/// "(vertically or horizontally) adjacent points"; a topology says which
/// points those are.
pub trait Topology {
    /// How many points the grid has.
    fn point_count(&self) -> usize;
    /// The points adjacent to `point`.
    fn neighbours(&self, point: usize) -> impl Iterator<Item = usize> + '_;
}

/// The largest side a [`Rectangle`] may have: 52, the largest board SGF can record.
pub const MAX_SIDE: usize = 52;

/// **Rule 1.** "Go is played on a 19x19 square grid of points, by two players
/// called Black and White."
///
/// With comment 1: "By prior agreement a rectangle of different dimensions
/// may be used." Any rectangle from 1x1 to 52x52 is accepted, width and
/// height independently. Point `(x, y)` is column `x` counted from the left
/// and row `y` counted from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rectangle {
    width: usize,
    height: usize,
}

/// A point of a [`Rectangle`]: column `x` from the left, row `y` from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, counted from the left edge, from 0.
    pub x: usize,
    /// The row, counted from the bottom edge, from 0.
    pub y: usize,
}

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

impl Topology for Rectangle {
    fn point_count(&self) -> usize {
        self.width * self.height
    }

    /// Rule 3's "(vertically or horizontally) adjacent points": left, right, below, above.
    fn neighbours(&self, point: usize) -> impl Iterator<Item = usize> + '_ {
        let w = self.width;
        // The column without a 64-bit division: points number fewer than 2^32.
        let x = (point as u32 % w as u32) as usize;
        [
            (x > 0).then(|| point - 1),
            (x + 1 < w).then(|| point + 1),
            (point >= w).then(|| point - w),
            (point + w < self.point_count()).then(|| point + w),
        ]
        .into_iter()
        .flatten()
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

/// **Rule 1**, continued: "... by two players called Black and White."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, who starts (rule 5).
    Black,
    /// White.
    White,
}

impl Player {
    /// The other player. Rule 5: "the players alternate turns".
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// The color of this player's points.
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

/// **Rule 2.** "Each point on the grid may be colored black, white or empty."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black (a black stone, comment 2).
    Black,
    /// White (a white stone, comment 2).
    White,
    /// Empty (no stone, comment 2).
    Empty,
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

/// **Rule 2**, continued: a grid coloring, the color of every point.
///
/// Indexed by point number. Two colorings are equal when every point has the
/// same color; rule 6 compares them whole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coloring(Vec<Color>);

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

/// **Rule 3.** "A point P, not colored C, is said to reach C, if there is a
/// path of (vertically or horizontally) adjacent points of P's color from P
/// to a point of color C."
///
/// P reaches C when some point of [`connected`]`(P)` (the points a path of
/// P's color leads to) is adjacent to a point of color C. The rule defines
/// reaching only for a point not colored C; for a point colored C this says
/// `false`.
pub fn reaches(grid: &impl Topology, coloring: &Coloring, p: usize, c: Color) -> bool {
    if coloring[p] == c {
        return false;
    }
    let mut seen = vec![false; grid.point_count()];
    connected(grid, coloring, p, &mut seen).reaches(c)
}

/// **Rule 3**, the paths: every point that a path of adjacent points of P's
/// color leads to from P (P's string of stones, or P's region of empty
/// points), and the colors adjacent to them.
///
/// Each of these points reaches exactly the colors P reaches, since a path
/// from one of them runs on through the others; so [`clear`] and [`score`]
/// search each string and region once. Points are marked in `seen` as they
/// are found, and a search never enters a point already marked.
pub fn connected(
    grid: &impl Topology,
    coloring: &Coloring,
    p: usize,
    seen: &mut [bool],
) -> Connected {
    let mut found = Connected::default();
    found.search(grid, coloring, p, seen);
    found
}

/// What [`connected`] finds: the points joined to P by paths of P's color,
/// and which other colors lie next to them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connected {
    /// P and every point a path of P's color leads to from P.
    pub points: Vec<usize>,
    adjacent: [bool; 3],
}

impl Connected {
    /// [`connected`]`(P)`, found into `self` (what it held before is
    /// forgotten), so that [`clear`] and [`score`] reuse one list of points
    /// for every string and region they search.
    pub fn search(
        &mut self,
        grid: &impl Topology,
        coloring: &Coloring,
        p: usize,
        seen: &mut [bool],
    ) {
        let color = coloring[p];
        self.points.clear();
        self.points.push(p);
        self.adjacent = [false; 3];
        seen[p] = true;
        let mut next_to_search = 0;
        while let Some(&q) = self.points.get(next_to_search) {
            next_to_search += 1;
            for next in grid.neighbours(q) {
                if coloring[next] != color {
                    self.adjacent[coloring[next] as usize] = true;
                } else if !seen[next] {
                    seen[next] = true;
                    self.points.push(next);
                }
            }
        }
    }

    /// Rule 3: whether these points reach `c` (a color not theirs).
    pub fn reaches(&self, c: Color) -> bool {
        self.adjacent[c as usize]
    }
}

/// **Rule 4.** "Clearing a color is the process of emptying all points of
/// that color that don't reach empty."
///
/// Which points do not reach empty is decided on the coloring as it stands,
/// before any point is emptied: emptying one point of a string first would
/// let the rest of it reach empty. The points of a string reach empty
/// together or not at all ([`connected`]), so each string is searched once.
pub fn clear(grid: &impl Topology, coloring: &Coloring, color: Color) -> Coloring {
    let mut cleared = coloring.clone();
    Clearing::new(grid).clear(grid, &mut cleared, color);
    cleared
}

/// **Rule 4**, as a process on one coloring: the lists it works with, kept
/// from one clearing to the next (rule 7 clears twice per move, and a list
/// of legal turns makes every move).
#[derive(Clone, Debug, Default)]
pub struct Clearing {
    seen: Vec<bool>,
    string: Connected,
    not_reaching_empty: Vec<usize>,
}

impl Clearing {
    /// Lists sized for `grid`.
    pub fn new(grid: &impl Topology) -> Clearing {
        let points = grid.point_count();
        Clearing {
            seen: vec![false; points],
            string: Connected {
                points: Vec::with_capacity(points),
                adjacent: [false; 3],
            },
            not_reaching_empty: Vec::with_capacity(points),
        }
    }

    /// Rule 4 on `coloring` itself: first every point of `color` is decided
    /// on the coloring as it stands (each string searched once), then the
    /// points that don't reach empty are emptied.
    pub fn clear(&mut self, grid: &impl Topology, coloring: &mut Coloring, color: Color) {
        self.seen.clear();
        self.seen.resize(grid.point_count(), false);
        self.not_reaching_empty.clear();
        for p in 0..grid.point_count() {
            if coloring[p] == color && !self.seen[p] {
                self.string.search(grid, coloring, p, &mut self.seen);
                if !self.string.reaches(Color::Empty) {
                    self.not_reaching_empty
                        .extend_from_slice(&self.string.points);
                }
            }
        }
        for &p in &self.not_reaching_empty {
            coloring[p] = Color::Empty;
        }
    }
}

/// **Rule 5.** "Starting with an empty grid, the players alternate turns,
/// starting with Black."
///
/// The empty grid; the player who starts is [`FIRST_PLAYER`] and the
/// alternation is [`Player::opponent`].
pub fn empty_grid(grid: &impl Topology) -> Coloring {
    Coloring(vec![Color::Empty; grid.point_count()])
}

/// **Rule 5**, continued: "... starting with Black."
pub const FIRST_PLAYER: Player = Player::Black;

/// **Rule 6.** "A turn is either a pass; or a move that doesn't repeat an
/// earlier grid coloring."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A pass: the coloring stays as it is.
    Pass,
    /// A move at a point (rule 7).
    Move(Point),
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Pass => f.write_str("pass"),
            Turn::Move(p) => write!(f, "move at {p}"),
        }
    }
}

/// **Rule 6**, continued: every earlier grid coloring of the game.
///
/// Each whole coloring is kept once, with the first turn after which it
/// stood for each player to move (turn 0 is the empty start). The player to
/// move is kept for comment 6's situational superko; rule 6 itself ignores it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EarlierColorings {
    first_turn: BTreeMap<Coloring, [Option<usize>; 2]>,
}

impl EarlierColorings {
    /// No colorings yet.
    pub fn new() -> EarlierColorings {
        EarlierColorings::default()
    }

    /// Notes that `coloring` stood after turn `turn` with `to_move` to move.
    pub fn record(&mut self, coloring: &Coloring, to_move: Player, turn: usize) {
        let firsts = self.first_turn.entry(coloring.clone()).or_default();
        firsts[to_move as usize].get_or_insert(turn);
    }

    /// Takes back [`record`](Self::record)`(coloring, to_move, turn)`: the
    /// coloring no longer stood after `turn` with `to_move` to move (for
    /// [`Game::undo`](crate::Game::undo)). An earlier first turn is kept.
    pub fn forget(&mut self, coloring: &Coloring, to_move: Player, turn: usize) {
        let Some(firsts) = self.first_turn.get_mut(coloring) else {
            return;
        };
        if firsts[to_move as usize] == Some(turn) {
            firsts[to_move as usize] = None;
        }
        if firsts.iter().all(Option::is_none) {
            self.first_turn.remove(coloring);
        }
    }

    /// The first turn after which `coloring` stood, whoever was to move.
    pub fn first_turn(&self, coloring: &Coloring) -> Option<usize> {
        let [black, white] = *self.first_turn.get(coloring)?;
        black.into_iter().chain(white).min()
    }

    /// The first turn after which `coloring` stood with `to_move` to move.
    pub fn first_turn_with(&self, coloring: &Coloring, to_move: Player) -> Option<usize> {
        self.first_turn.get(coloring)?[to_move as usize]
    }

    /// How many distinct colorings have stood.
    pub fn len(&self) -> usize {
        self.first_turn.len()
    }

    /// Whether no coloring has stood yet.
    pub fn is_empty(&self) -> bool {
        self.first_turn.is_empty()
    }
}

/// **Rule 6**, the test: does a move's resulting coloring repeat an earlier
/// grid coloring? Returns the first turn after which it stood.
pub fn repeats_earlier_coloring(earlier: &EarlierColorings, coloring: &Coloring) -> Option<usize> {
    earlier.first_turn(coloring)
}

/// **Rule 7.** "A move consists of coloring an empty point one's own color;
/// then clearing the opponent color, and then clearing one's own color."
///
/// `p` must be empty; the caller reports an occupied point as illegal.
pub fn play_move(grid: &impl Topology, coloring: &Coloring, p: usize, player: Player) -> Coloring {
    play_move_with(grid, coloring, p, player, &mut Clearing::new(grid))
}

/// **Rule 7**, [`play_move`] with the lists of `clearing` (a list of legal
/// turns makes every move with one).
pub fn play_move_with(
    grid: &impl Topology,
    coloring: &Coloring,
    p: usize,
    player: Player,
    clearing: &mut Clearing,
) -> Coloring {
    let mut after = coloring.clone();
    after[p] = player.color();
    clearing.clear(grid, &mut after, player.opponent().color());
    clearing.clear(grid, &mut after, player.color());
    after
}

/// **Rule 8.** "The game ends after two consecutive passes."
pub fn game_has_ended(consecutive_passes: usize) -> bool {
    consecutive_passes >= 2
}

/// **Rule 9.** "A player's score is the number of points of her color, plus
/// the number of empty points that reach only her color."
pub fn score(grid: &impl Topology, coloring: &Coloring, player: Player) -> usize {
    let points_of_her_color = coloring.count(player.color());
    points_of_her_color + empty_points_reaching_only(grid, coloring, player)
}

/// **Rule 9**, its second part: "the number of empty points that reach only
/// her color".
pub fn empty_points_reaching_only(
    grid: &impl Topology,
    coloring: &Coloring,
    player: Player,
) -> usize {
    let her = player.color();
    let other = player.opponent().color();
    let mut seen = vec![false; grid.point_count()];
    let mut count = 0;
    let mut region = Connected::default();
    for p in 0..grid.point_count() {
        if coloring[p] == Color::Empty && !seen[p] {
            region.search(grid, coloring, p, &mut seen);
            if region.reaches(her) && !region.reaches(other) {
                count += region.points.len();
            }
        }
    }
    count
}

/// **Rule 10.** "The player with the higher score at the end of the game is
/// the winner. Equal scores result in a tie."
///
/// Scores are counted in half points so that komi (comment 10) can be a
/// non-integer.
pub fn outcome(black_half_points: i64, white_half_points: i64) -> Outcome {
    use std::cmp::Ordering;
    match black_half_points.cmp(&white_half_points) {
        Ordering::Greater => Outcome::Win {
            winner: Player::Black,
            half_points: black_half_points.abs_diff(white_half_points),
        },
        Ordering::Less => Outcome::Win {
            winner: Player::White,
            half_points: black_half_points.abs_diff(white_half_points),
        },
        Ordering::Equal => Outcome::Tie,
    }
}

/// The result of rule 10: a winner and the margin, or a tie.
///
/// Displays in the form SGF's `RE` and GTP's `final_score` use: `B+3.5`,
/// `W+0.5`, and `0` for a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` scored more, by `half_points` / 2 points.
    Win {
        /// The player with the higher score.
        winner: Player,
        /// The margin in half points.
        half_points: u64,
    },
    /// "Equal scores result in a tie."
    Tie,
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
