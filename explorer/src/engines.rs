//! The two engines side by side: a game in `spec` (which gives every verdict
//! and board shown) and the same game in `spec` and `fast` through the
//! engine layer's adapters (asked too, and compared by its driver).

use tromp_taylor_engine::diff::{Difference, Lockstep};
use tromp_taylor_engine::engine::spec::rules_to_spec;
use tromp_taylor_engine::engine::{EngineKind, Supports};
use tromp_taylor_engine::vocab::{self, Color, Handicap, Player, Point, Rules, Size, Turn};
use tromp_taylor_spec as spec;
use tromp_taylor_spec::Topology;

/// How a game starts: the board, the rules (komi included), the handicap,
/// and a setup position (an SGF's `AB`/`AW`) with the player to move from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub size: Size,
    /// The rules, with komi.
    pub rules: Rules,
    /// Black's handicap.
    pub handicap: Handicap,
    /// A setup position, in point order, and who moves first from it.
    pub position: Option<(Vec<Color>, Player)>,
}

impl Default for Setup {
    /// An empty 9x9 board under the ten rules.
    fn default() -> Setup {
        Setup {
            size: Size::new(9, 9).expect("9x9 is a board"),
            rules: Rules::TROMP_TAYLOR,
            handicap: Handicap::None,
            position: None,
        }
    }
}

/// The handicap as a link writes it: `none`, `free-N`, `fixed-N`.
pub fn handicap_text(handicap: Handicap) -> String {
    match handicap {
        Handicap::None => "none".to_string(),
        Handicap::Free(n) => format!("free-{n}"),
        Handicap::Fixed(n) => format!("fixed-{n}"),
    }
}

/// Reads a handicap: `none` or `0`, `N` or `free-N` (comment 5's
/// consecutive moves), `fixed-N` (seed 004's fixed points); a space may
/// stand for the `-`.
pub fn read_handicap(text: &str) -> Result<Handicap, String> {
    let t = text.trim().to_ascii_lowercase();
    let bad = || {
        format!("{text:?} is not a handicap: write none, a number of free stones (4, free-4) or fixed-4")
    };
    let (kind, n) = match t.split_once(['-', ' ', ':']) {
        Some((kind, n)) => (kind.trim(), n.trim()),
        None if t == "none" || t.is_empty() => return Ok(Handicap::None),
        None => ("free", t.as_str()),
    };
    let n: usize = n.parse().map_err(|_| bad())?;
    if n > 2704 {
        return Err(bad());
    }
    match (kind, n) {
        (_, 0) => Ok(Handicap::None),
        ("free", n) => Ok(Handicap::Free(n)),
        ("fixed", n) => Ok(Handicap::Fixed(n)),
        _ => Err(bad()),
    }
}

/// A point's mark in a board string: `X` black, `O` white, `.` empty.
pub fn mark(color: Color) -> char {
    match color {
        Color::Black => 'X',
        Color::White => 'O',
        Color::Empty => '.',
    }
}

/// One game in both engines: `spec`'s own game, which gives every verdict
/// and board shown, and the same game in `spec` and `fast` through the
/// engine layer's adapters, played in lockstep and compared by its driver.
pub struct Pair {
    /// The game in `spec`: every verdict and board shown comes from it.
    pub spec: spec::Game,
    /// `spec` and `fast` behind the engine layer's trait, compared.
    both: Lockstep,
}

impl std::fmt::Debug for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pair").field("spec", &self.spec).finish()
    }
}

/// Says what two engines disagree on, naming them `spec` and `fast`.
fn said(difference: Difference) -> String {
    difference
        .describe("spec", "fast")
        .replace(":\n  ", ": ")
        .replace("\n  ", "; ")
}

/// `spec`'s turn in the vocabulary's words.
fn turn(turn: spec::Turn) -> Turn {
    match turn {
        spec::Turn::Pass => Turn::Pass,
        spec::Turn::Move(p) => Turn::Move(Point::new(p.x, p.y)),
    }
}

impl Pair {
    /// Both engines at the start of `setup`, or why it cannot start (in
    /// `spec`'s words; `fast` refusing alone is a disagreement).
    pub fn start(setup: &Setup) -> Result<Pair, String> {
        let (width, height) = (setup.size.width(), setup.size.height());
        let grid = spec::Rectangle::new(width, height).map_err(|e| e.to_string())?;
        let rules = rules_to_spec(setup.rules);
        let start = vocab::Setup {
            size: setup.size,
            rules: setup.rules,
            handicap: setup.handicap,
        };
        let kinds = [EngineKind::spec(), EngineKind::fast()];
        let (game, [by_spec, by_fast]) = match &setup.position {
            Some((colors, to_move)) => {
                let mut coloring = spec::rules::empty_grid(&grid);
                for (i, &c) in colors.iter().enumerate().take(grid.point_count()) {
                    coloring[i] = c;
                }
                let game = spec::Game::from_position(grid, rules, coloring, *to_move);
                let colors = &colors[..colors.len().min(setup.size.points())];
                let both = kinds
                    .map(|kind| kind.start_position(setup.size, setup.rules, colors, *to_move));
                (game.map_err(|e| e.to_string())?, both)
            }
            None => {
                let game = spec::Game::with_handicap(grid, rules, setup.handicap);
                let both = kinds.map(|kind| kind.start(start));
                (game.map_err(|e| e.to_string())?, both)
            }
        };
        let by_fast = by_fast
            .map_err(|e| format!("DISAGREEMENT: spec starts the game, fast refuses it: {e}"))?;
        let supports = Supports::EVERYTHING;
        Ok(Pair {
            spec: game,
            both: Lockstep::new(by_spec?, by_fast, supports),
        })
    }

    /// The board as `spec` has it: a mark per point, in point order.
    pub fn board(&self) -> String {
        self.spec
            .coloring()
            .colors()
            .iter()
            .map(|&c| mark(c))
            .collect()
    }

    /// Takes `turn` in both engines: `spec`'s verdict, and what `fast` does
    /// differently (verdict, board, player to move, end), if anything.
    pub fn play(&mut self, turn: spec::Turn) -> (Result<(), spec::IllegalTurn>, Option<String>) {
        let by_spec = self.spec.play(turn);
        let (_, differs) = self.both.play(self::turn(turn));
        (by_spec, differs.map(said))
    }

    /// Takes back the last turn in both engines; whether there was one.
    pub fn undo(&mut self) -> bool {
        let undone = self.spec.undo();
        if undone {
            self.both.undo();
        }
        undone
    }

    /// What `fast` says differently about the position as it stands: the
    /// board, the player to move, whether the game is over.
    pub fn compare(&self) -> Option<String> {
        self.both.now().map(said)
    }

    /// What `fast` scores differently, if anything: each player's score and
    /// the result.
    pub fn compare_score(&self) -> Option<String> {
        self.both.end().map(said)
    }
}
