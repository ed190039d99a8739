//! The ten logical rules of Tromp and Taylor, one item per rule, in rule order.
//!
//! Each item's documentation quotes its rule; its body does what the
//! sentence says. The items work over any [`Topology`] (points and which
//! points are adjacent), as Tromp's own array-based Haskell version does;
//! [`Rectangle`] is the one that ships. Nothing here is clever: "reach" is a
//! path search, "clearing" empties what does not reach empty, and rule 6
//! looks the whole coloring up among every earlier whole coloring. Making
//! rectangles, diagrams and how the values print are in [`crate::grid`].

use std::collections::BTreeMap;

/// **Rule 1.** "Go is played on a 19x19 square grid of points, by two players
/// called Black and White."
///
/// With comment 1: "By prior agreement a rectangle of different dimensions
/// may be used." Any rectangle from 1x1 to [`MAX_SIDE`] x [`MAX_SIDE`],
/// width and height independently; [`Rectangle::STANDARD`] is 19x19.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rectangle {
    pub(crate) width: usize,
    pub(crate) height: usize,
}

/// The largest side a [`Rectangle`] may have: 52, the largest board SGF can record.
pub const MAX_SIDE: usize = 52;

/// **Rule 1**, the points of the grid: column `x` counted from the left and
/// row `y` counted from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, counted from the left edge, from 0.
    pub x: usize,
    /// The row, counted from the bottom edge, from 0.
    pub y: usize,
}

/// **Rule 1**, continued: "... by two players called Black and White."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, who starts (rule 5).
    Black,
    /// White.
    White,
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

/// **Rule 2**, continued: a grid coloring, the color of every point.
///
/// Indexed by point number. Two colorings are equal when every point has the
/// same color; rule 6 compares them whole.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coloring(pub(crate) Vec<Color>);

/// **Rule 3**, "(vertically or horizontally) adjacent points": the points,
/// numbered `0..point_count()`, and which are adjacent.
pub trait Topology {
    /// How many points the grid has.
    fn point_count(&self) -> usize;
    /// The points adjacent to `point`.
    fn neighbours(&self, point: usize) -> impl Iterator<Item = usize> + '_;
}

impl Topology for Rectangle {
    fn point_count(&self) -> usize {
        self.width * self.height
    }

    /// Left, right, below, above: those of them on the rectangle.
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

/// **Rule 3.** "A point P, not colored C, is said to reach C, if there is a
/// path of (vertically or horizontally) adjacent points of P's color from P
/// to a point of color C."
///
/// The rule defines reaching only for a point not colored C; for a point
/// colored C this says `false`.
pub fn reaches(grid: &impl Topology, coloring: &Coloring, p: usize, c: Color) -> bool {
    if coloring[p] == c {
        return false;
    }
    let mut on_a_path = vec![false; grid.point_count()];
    on_a_path[p] = true;
    let mut to_follow = vec![p];
    while let Some(q) = to_follow.pop() {
        for next in grid.neighbours(q) {
            if coloring[next] == c {
                return true;
            }
            if coloring[next] == coloring[p] && !on_a_path[next] {
                on_a_path[next] = true;
                to_follow.push(next);
            }
        }
    }
    false
}

/// **Rule 3**, for every point of color `x` (not C) at once: whether it
/// reaches C. A point of color `x` next to a point of color C reaches C, and
/// so does every point that a path of color `x` leads to from it (a path
/// runs both ways).
pub fn reaching(grid: &impl Topology, coloring: &Coloring, x: Color, c: Color) -> Vec<bool> {
    let mut reach = vec![false; grid.point_count()];
    let mut to_follow = Vec::with_capacity(grid.point_count());
    for p in 0..grid.point_count() {
        if coloring[p] == x && x != c && !reach[p] && grid.neighbours(p).any(|q| coloring[q] == c) {
            reach[p] = true;
            to_follow.push(p);
            while let Some(q) = to_follow.pop() {
                for next in grid.neighbours(q) {
                    if coloring[next] == x && !reach[next] {
                        reach[next] = true;
                        to_follow.push(next);
                    }
                }
            }
        }
    }
    reach
}

/// **Rule 4.** "Clearing a color is the process of emptying all points of
/// that color that don't reach empty."
///
/// Whether a point reaches empty is decided on the coloring as it stands,
/// before any point is emptied.
pub fn clear(grid: &impl Topology, mut coloring: Coloring, color: Color) -> Coloring {
    let reaches_empty = reaching(grid, &coloring, color, Color::Empty);
    for (point, reaches) in coloring.0.iter_mut().zip(reaches_empty) {
        if *point == color && !reaches {
            *point = Color::Empty;
        }
    }
    coloring
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

/// **Rule 6.** "A turn is either a pass; or a move that doesn't repeat an
/// earlier grid coloring."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A pass: the coloring stays as it is.
    Pass,
    /// A move at a point (rule 7).
    Move(Point),
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
    let mut colored = coloring.clone();
    colored[p] = player.color();
    let opponent_cleared = clear(grid, colored, player.opponent().color());
    clear(grid, opponent_cleared, player.color())
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
    let reach_hers = reaching(grid, coloring, Color::Empty, player.color());
    let reach_others = reaching(grid, coloring, Color::Empty, player.opponent().color());
    (0..grid.point_count())
        .filter(|&p| coloring[p] == Color::Empty && reach_hers[p] && !reach_others[p])
        .count()
}

/// **Rule 10.** "The player with the higher score at the end of the game is
/// the winner. Equal scores result in a tie."
///
/// Scores are counted in half points so that komi (comment 10) can be a
/// non-integer.
pub fn outcome(black_half_points: i64, white_half_points: i64) -> Outcome {
    let margin = black_half_points.abs_diff(white_half_points);
    match black_half_points.cmp(&white_half_points) {
        std::cmp::Ordering::Greater => Outcome::Win {
            winner: Player::Black,
            half_points: margin,
        },
        std::cmp::Ordering::Less => Outcome::Win {
            winner: Player::White,
            half_points: margin,
        },
        std::cmp::Ordering::Equal => Outcome::Tie,
    }
}

/// **Rule 10**, its result: a winner and the margin, or a tie.
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
