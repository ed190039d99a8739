//! What an engine reports beyond the trait's questions, read through the
//! rest of its own API (every public accessor of `spec` and `fast`), and the
//! first place where two such reports differ.
//!
//! The differential driver asks for these now and then (at the start, after
//! undos, every few steps and at the end), so that an accessor no other
//! check calls (`is_legal`, `color_at`, the diagram, a refusal's message)
//! is held to the other engine's counterpart too.

use crate::vocab::{Color, Handicap, Illegal, Player, Point, Refusal, Rules, Size, Turn};

/// A refusal in detail: the reason in the harness's words, what the engine's
/// structured reason names besides, and whether its message says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The reason.
    pub reason: Illegal,
    /// The point the reason names (none for a game over).
    pub point: Option<Point>,
    /// The player to move that a situational superko names.
    pub to_move: Option<Player>,
    /// Whether the engine's message is not empty and names the point, the
    /// turn repeated and the player (each that the reason has).
    pub message_says_it: bool,
}

impl Explained {
    /// A refusal whose message is `message`, with `reason`, `point` and
    /// `to_move` taken from the engine's structured reason.
    pub fn new(
        reason: Illegal,
        point: Option<Point>,
        to_move: Option<Player>,
        message: &str,
    ) -> Explained {
        let names = |text: String| message.contains(&text);
        let mut says = !message.is_empty();
        if let Some(p) = point {
            says &= names(format!("({}, {})", p.x, p.y));
        }
        if let Illegal::Superko { repeats_turn, .. } = reason {
            says &= names(format!("turn {repeats_turn}"));
        }
        if let Some(player) = to_move {
            says &= names(player.to_string());
        }
        Explained {
            reason,
            point,
            to_move,
            message_says_it: says,
        }
    }
}

/// Everything else an engine reports about a game, each through its own
/// accessor. Two engines of the whole rules must give equal reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Details {
    /// Turns taken (a fixed handicap is one).
    pub turns_taken: usize,
    /// How many distinct colorings have stood.
    pub distinct_colorings: usize,
    /// The rules the game was started with.
    pub rules: Rules,
    /// The handicap it was started with.
    pub handicap: Handicap,
    /// The color at each of [`probe_points`], one list per accessor that
    /// reads a point's color (`None` off the board).
    pub colors: Vec<Vec<Option<Color>>>,
    /// The coloring, as the accessor that fills a caller's buffer gives it.
    pub coloring: Vec<Color>,
    /// The verdict of `check` on each of [`probe_turns`].
    pub checks: Vec<Option<Explained>>,
    /// Whether each of [`probe_turns`] is legal, by the engine's own test.
    pub legal: Vec<bool>,
    /// What an agreement to empty every point and one off the board would
    /// get now (played on a copy, within two turns of the start, at the end
    /// and after two passes; `Ok` elsewhere): the refusal, the point it
    /// names, and whether its message is not empty and names that point.
    pub agreement: Result<(), (Refusal, Option<Point>, bool)>,
    /// The legal turns, as the accessor that fills a caller's buffer gives them.
    pub legal_turns: Vec<Turn>,
    /// The empty points, in point order.
    pub empty_points: Vec<Point>,
    /// The points where a move by the player to move would fill one of her
    /// own single-point eyes (every on-board neighbour hers), in point order.
    pub own_eye_fills: Vec<Point>,
    /// Each of [`probe_turns`] as the engine prints a turn, then Black and
    /// White as it prints a player.
    pub printed: Vec<String>,
    /// The board as a diagram, top row first (`X`, `O`, `.`).
    pub diagram: String,
    /// The result as the engine prints it (`B+3.5`, `0`).
    pub result_text: String,
    /// The komi as the engine prints it.
    pub komi_text: String,
    /// The engine's own check of its bookkeeping (`Ok` for an engine with none).
    pub self_check: Result<(), String>,
}

/// The points whose color the accessors are asked: every point of `size`,
/// then the points just past its right and top edges.
pub fn probe_points(size: Size) -> Vec<Point> {
    let (w, h) = (size.width(), size.height());
    let mut points: Vec<Point> = size.all_points().collect();
    points.extend([Point::new(w, 0), Point::new(0, h), Point::new(w, h)]);
    points.push(Point::new(w + 7, h / 2));
    points
}

/// The points of the agreement a report asks about: every point of `size`,
/// then one off the board (so that a game that allows an agreement refuses
/// it, naming that point).
pub fn agreement_probe(size: Size) -> Vec<Point> {
    let mut points: Vec<Point> = size.all_points().collect();
    points.push(Point::new(size.width() + 1, 0));
    points
}

/// The turns whose verdicts are asked: the pass, then every probe point.
pub fn probe_turns(size: Size) -> Vec<Turn> {
    std::iter::once(Turn::Pass)
        .chain(probe_points(size).into_iter().map(Turn::Move))
        .collect()
}

/// The points where a move by `player` fills her own single-point eye on
/// `colors` (a coloring of `size` in point order): the harness's statement
/// of the light-playout test, from the coloring alone.
pub fn own_eye_fills(size: Size, colors: &[Color], player: Player) -> Vec<Point> {
    size.all_points()
        .filter(|&p| fills_own_eye(size, colors, player, p))
        .collect()
}

/// Whether a move by `player` at `point` fills her own single-point eye on
/// `colors` (a coloring of `size` in point order): an empty point all of
/// whose neighbours on the board are her stones; `false` off the board.
pub fn fills_own_eye(size: Size, colors: &[Color], player: Player, point: Point) -> bool {
    let color_at = |p: Point| size.index(p).map(|i| colors[i]);
    color_at(point) == Some(Color::Empty)
        && neighbours(size, point).all(|n| color_at(n) == Some(player.color()))
}

/// The points beside `p` on a board of `size`.
pub fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    let (w, h) = (size.width(), size.height());
    [
        (p.x > 0).then(|| Point::new(p.x - 1, p.y)),
        (p.x + 1 < w).then(|| Point::new(p.x + 1, p.y)),
        (p.y > 0).then(|| Point::new(p.x, p.y - 1)),
        (p.y + 1 < h).then(|| Point::new(p.x, p.y + 1)),
    ]
    .into_iter()
    .flatten()
}

/// The first part of two reports that differs: its name, and each side's
/// value there (the first differing item of a list, with its probe).
pub fn first_difference(size: Size, left: &Details, right: &Details) -> Shown {
    let both = Both(left, right);
    game_difference(both)
        .or_else(|| board_difference(size, both))
        .or_else(|| printed_difference(both))
}

/// A part that differs: its name, and each side's value there.
type Shown = Option<(String, String, String)>;

/// The part `what`, shown, if its values `l` and `r` differ.
fn differ<T: PartialEq + std::fmt::Debug>(what: &str, l: &T, r: &T) -> Shown {
    (l != r).then(|| (what.to_string(), format!("{l:?}"), format!("{r:?}")))
}

/// The first item where the lists `l` and `r` differ (one may be the
/// longer), shown as the part `what(k)` of item `k`.
fn differ_in<T: PartialEq + std::fmt::Debug>(
    l: &[T],
    r: &[T],
    what: impl Fn(usize) -> String,
) -> Shown {
    let k = (0..l.len().max(r.len())).find(|&k| l.get(k) != r.get(k))?;
    differ(&what(k), &l.get(k), &r.get(k))
}

/// Two engines' reports, side by side.
#[derive(Clone, Copy)]
struct Both<'a>(&'a Details, &'a Details);

impl Both<'_> {
    /// The part `what` of both reports, read by `part`, shown if it differs.
    fn differ<T>(self, what: &str, part: impl Fn(&Details) -> &T) -> Shown
    where
        T: PartialEq + std::fmt::Debug,
    {
        differ(what, part(self.0), part(self.1))
    }

    /// The first item where the list `part` of both reports differs, shown
    /// as the part `what(k)` of item `k`.
    fn differ_in<T>(self, part: impl Fn(&Details) -> &[T], what: impl Fn(usize) -> String) -> Shown
    where
        T: PartialEq + std::fmt::Debug,
    {
        differ_in(part(self.0), part(self.1), what)
    }
}

/// [`first_difference`] in the game as a whole: the turns taken, the
/// colorings seen, the rules, the handicap.
fn game_difference(both: Both<'_>) -> Shown {
    both.differ("turns taken", |d| &d.turns_taken)
        .or_else(|| both.differ("distinct colorings", |d| &d.distinct_colorings))
        .or_else(|| both.differ("rules", |d| &d.rules))
        .or_else(|| both.differ("handicap", |d| &d.handicap))
}

/// [`first_difference`] in the board and the turns on it (probed on the
/// `size` board): the colors, the checks, the legal turns, the agreement,
/// the empty points, the own-eye fills.
fn board_difference(size: Size, both: Both<'_>) -> Shown {
    let turns = probe_turns(size);
    let points = probe_points(size);
    let (l, r) = (&both.0.colors, &both.1.colors);
    (0..l.len().min(r.len()))
        .find_map(|i| {
            differ_in(&l[i], &r[i], |k| {
                format!("color accessor {i} at {:?}", points.get(k))
            })
        })
        .or_else(|| differ("color accessors", &l.len(), &r.len()))
        .or_else(|| both.differ("coloring (into a buffer)", |d| &d.coloring))
        .or_else(|| both.differ_in(|d| &d.checks, |k| format!("check of {:?}", turns.get(k))))
        .or_else(|| both.differ_in(|d| &d.legal, |k| format!("is_legal of {:?}", turns.get(k))))
        .or_else(|| both.differ("agreement refusal", |d| &d.agreement))
        .or_else(|| both.differ("legal turns (into a buffer)", |d| &d.legal_turns))
        .or_else(|| both.differ("empty points", |d| &d.empty_points))
        .or_else(|| both.differ("own-eye fills", |d| &d.own_eye_fills))
}

/// [`first_difference`] in what is printed (turns, players, the diagram,
/// the result, komi) and the self-check.
fn printed_difference(both: Both<'_>) -> Shown {
    both.differ_in(|d| &d.printed, |_| "printed turn or player".to_string())
        .or_else(|| both.differ("diagram", |d| &d.diagram))
        .or_else(|| both.differ("result as printed", |d| &d.result_text))
        .or_else(|| both.differ("komi as printed", |d| &d.komi_text))
        .or_else(|| both.differ("self-check", |d| &d.self_check))
}
