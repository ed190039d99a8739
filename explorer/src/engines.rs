//! The two engines side by side: a game in `spec` (which gives every verdict
//! and board shown) and the same game in `fast` through the engine layer's
//! adapter (asked too, and compared after every step).

use tromp_taylor_engine::diff::{self, Difference};
use tromp_taylor_engine::engine::spec::{illegal, rules_to_spec, SpecEngine};
use tromp_taylor_engine::engine::{Engine, EngineKind, Supports};
use tromp_taylor_engine::vertex::vertex_name;
use tromp_taylor_engine::vocab::{self, Color, Handicap, Player, Rules, Size, Turn};
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
/// and board shown, and the same game in `fast` through the engine layer's
/// adapter, asked the same questions after every step and compared as the
/// engine layer's driver compares two engines (the verdict, whose turn it
/// is, the run of passes, the end, the grid, the prisoners; the scores and
/// the result when asked). `spec` plays each turn once.
pub struct Pair {
    /// The game in `spec`, through its adapter: every verdict and board
    /// shown comes from it.
    spec: SpecEngine,
    /// The same game in `fast`, behind the engine layer's trait.
    fast: Box<dyn Engine + Send>,
    /// What both engines answer, and so what is compared.
    claims: Supports,
}

impl std::fmt::Debug for Pair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pair").field("spec", self.game()).finish()
    }
}

/// Says what two engines disagree on, naming them `spec` and `fast`.
fn said(difference: Difference) -> String {
    difference
        .describe("spec", "fast")
        .replace(":\n  ", ": ")
        .replace("\n  ", "; ")
}

/// Why `spec` will not start a game, in a reader's words: the handicap as
/// the page writes it, a point as a vertex.
fn start_error(error: spec::RulesError) -> String {
    match error {
        spec::RulesError::BadHandicap { handicap, why } => {
            let handicap = match handicap {
                spec::Handicap::None => "no handicap".to_string(),
                spec::Handicap::Free(n) => format!("a handicap of {n} free stones"),
                spec::Handicap::Fixed(n) => format!("a handicap of {n} fixed stones"),
            };
            format!("{handicap} cannot be given: {why}")
        }
        spec::RulesError::StringWithoutLiberty(p) => format!(
            "the stone at {} is in a string without liberties; no such position can stand (comment 4)",
            vertex_name(p)
        ),
        error => error.to_string(),
    }
}

/// The game of `setup` in `fast`, through the engine layer's adapter, or
/// why `fast` will not start it.
pub fn start_fast(setup: &Setup) -> Result<Box<dyn Engine + Send>, String> {
    let kind = EngineKind::fast();
    match &setup.position {
        Some((colors, to_move)) => {
            let colors = &colors[..colors.len().min(setup.size.points())];
            kind.start_position(setup.size, setup.rules, colors, *to_move)
        }
        None => kind.start(vocab::Setup {
            size: setup.size,
            rules: setup.rules,
            handicap: setup.handicap,
        }),
    }
}

impl Pair {
    /// Both engines at the start of `setup`, or why it cannot start (in
    /// `spec`'s words; `fast` refusing alone is a disagreement).
    pub fn start(setup: &Setup) -> Result<Pair, String> {
        let (width, height) = (setup.size.width(), setup.size.height());
        let grid = spec::Rectangle::new(width, height).map_err(|e| e.to_string())?;
        let rules = rules_to_spec(setup.rules);
        let game = match &setup.position {
            Some((colors, to_move)) => {
                let mut coloring = spec::rules::empty_grid(&grid);
                for (i, &c) in colors.iter().enumerate().take(grid.point_count()) {
                    coloring[i] = c;
                }
                spec::Game::from_position(grid, rules, coloring, *to_move)
            }
            None => spec::Game::with_handicap(grid, rules, setup.handicap),
        };
        let spec = SpecEngine::new(game.map_err(start_error)?);
        let fast = start_fast(setup)
            .map_err(|e| format!("DISAGREEMENT: spec starts the game, fast refuses it: {e}"))?;
        let claims = EngineKind::spec()
            .supports()
            .both(&EngineKind::fast().supports());
        Ok(Pair { spec, fast, claims })
    }

    /// The game as `spec` has it.
    pub fn game(&self) -> &spec::Game {
        self.spec.game()
    }

    /// The two games, as the engine layer's comparisons take them.
    fn both(&self) -> (&dyn Engine, &dyn Engine) {
        (&self.spec, &*self.fast)
    }

    /// The board as `spec` has it: a mark per point, in point order.
    pub fn board(&self) -> String {
        self.game()
            .coloring()
            .colors()
            .iter()
            .map(|&c| mark(c))
            .collect()
    }

    /// Takes `turn` in both engines: `spec`'s verdict, and what `fast` does
    /// differently (verdict, board, player to move, end), if anything.
    pub fn play(&mut self, turn: Turn) -> (Result<(), spec::IllegalTurn>, Option<String>) {
        let by_spec = self.spec.take(turn);
        let by_fast = self.fast.play(turn);
        let verdicts = (by_spec.as_ref().map_err(illegal).copied(), by_fast);
        let differs = diff::after_turn(self.both(), self.claims, turn, verdicts);
        (by_spec, differs.map(said))
    }

    /// Takes back the last turn in both engines; whether there was one.
    pub fn undo(&mut self) -> bool {
        let undone = self.spec.undo();
        if undone {
            self.fast.undo();
        }
        undone
    }

    /// What `fast` says differently about the position as it stands: the
    /// end, the player to move, the run of passes, the grid, the prisoners.
    pub fn compare(&self) -> Option<String> {
        diff::now(self.both(), self.claims).map(said)
    }

    /// What `fast` scores differently, if anything: each player's
    /// prisoners and score, and the result.
    pub fn compare_score(&self) -> Option<String> {
        diff::at_end(self.both(), self.claims).map(said)
    }
}
