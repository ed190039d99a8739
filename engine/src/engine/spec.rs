//! The adapter for `tromp-taylor-spec`, the literal statement of the rules:
//! its words to and from the vocabulary's, and the [`Engine`] trait over its
//! `Game`.

use super::adapter::{printed, probes_agreement, refused};
use super::{
    agreement_probe, own_eye_fills, probe_points, probe_turns, Details, Engine, EngineKind,
    Explained, Supports,
};
use crate::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn,
    Verdict,
};
use tromp_taylor_spec as spec;

// The rules' names, komi and the fixed handicap points are the rules' own
// text, read and written through `spec` in the vocabulary, and so are the
// rules in `spec`'s terms both ways (the one conversion of `spec`'s): here
// at the adapter's paths too.
pub use tromp_taylor_vocab::spec_words::{
    fixed_handicap_points, komi_text, read_komi, read_rules, rules_from_spec, rules_to_spec,
    PRESETS,
};

/// A game in progress in `spec`, behind the [`Engine`] trait; its `Game`
/// readable, and its verdicts in `spec`'s own words, for a caller that
/// explains them (the explorer).
pub struct SpecEngine {
    game: spec::Game,
}

impl SpecEngine {
    /// `game`, behind the trait.
    pub fn new(game: spec::Game) -> SpecEngine {
        SpecEngine { game }
    }

    /// The game as `spec` has it.
    pub fn game(&self) -> &spec::Game {
        &self.game
    }

    /// Takes `turn`, each through its own entry point (`pass`, and
    /// `play_at`): `spec`'s verdict in its own terms, which
    /// [`Engine::play`] gives in the vocabulary's.
    pub fn take(&mut self, turn: Turn) -> Result<(), spec::IllegalTurn> {
        match turn {
            Turn::Pass => self.game.pass(),
            Turn::Move(p) => self.game.play_at(to_spec_point(&p)),
        }
    }
}

impl EngineKind {
    /// The literal statement of the rules, `tromp-taylor-spec`.
    pub fn spec() -> EngineKind {
        EngineKind::new("spec", Supports::EVERYTHING, start).with_positions(start_position)
    }
}

/// Starts a game in `spec`.
pub fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let grid =
        spec::Rectangle::new(setup.size.width(), setup.size.height()).map_err(|e| e.to_string())?;
    let handicap = to_spec_handicap(setup.handicap);
    started(spec::Game::with_handicap(
        grid,
        rules_to_spec(setup.rules),
        handicap,
    ))
}

/// Starts a game in `spec` from a setup position.
pub fn start_position(
    size: Size,
    rules: Rules,
    colors: &[Color],
    to_move: Player,
) -> Result<Box<dyn Engine + Send>, String> {
    let grid = spec::Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
    if colors.len() != size.points() {
        return Err(format!(
            "a coloring of a {size} grid has {} points, not {}",
            size.points(),
            colors.len()
        ));
    }
    let mut coloring = spec::rules::empty_grid(&grid);
    for (point, color) in colors.iter().enumerate() {
        coloring[point] = to_spec_color(color);
    }
    started(spec::Game::from_position(
        grid,
        rules_to_spec(rules),
        coloring,
        to_spec_player(to_move),
    ))
}

/// A game `spec` started, behind the trait; or why it would not.
fn started(
    game: Result<spec::Game, impl std::fmt::Display>,
) -> Result<Box<dyn Engine + Send>, String> {
    let game = game.map_err(|e| e.to_string())?;
    Ok(Box::new(SpecEngine::new(game)))
}

/// The harness's handicap in `spec`'s terms.
fn to_spec_handicap(handicap: Handicap) -> spec::Handicap {
    match handicap {
        Handicap::None => spec::Handicap::None,
        Handicap::Free(n) => spec::Handicap::Free(n),
        Handicap::Fixed(n) => spec::Handicap::Fixed(n),
    }
}

/// `spec`'s handicap in the harness's terms.
fn handicap(handicap: spec::Handicap) -> Handicap {
    match handicap {
        spec::Handicap::None => Handicap::None,
        spec::Handicap::Free(n) => Handicap::Free(n),
        spec::Handicap::Fixed(n) => Handicap::Fixed(n),
    }
}

fn player(p: spec::Player) -> Player {
    match p {
        spec::Player::Black => Player::Black,
        spec::Player::White => Player::White,
    }
}

fn to_spec_player(p: Player) -> spec::Player {
    match p {
        Player::Black => spec::Player::Black,
        Player::White => spec::Player::White,
    }
}

fn color(c: &spec::Color) -> Color {
    match c {
        spec::Color::Black => Color::Black,
        spec::Color::White => Color::White,
        spec::Color::Empty => Color::Empty,
    }
}

fn to_spec_color(c: &Color) -> spec::Color {
    match c {
        Color::Black => spec::Color::Black,
        Color::White => spec::Color::White,
        Color::Empty => spec::Color::Empty,
    }
}

fn to_spec_point(p: &Point) -> spec::Point {
    spec::Point::new(p.x, p.y)
}

fn point(p: spec::Point) -> Point {
    Point::new(p.x, p.y)
}

fn to_spec_turn(turn: Turn) -> spec::Turn {
    match turn {
        Turn::Pass => spec::Turn::Pass,
        Turn::Move(p) => spec::Turn::Move(to_spec_point(&p)),
    }
}

fn turn(turn: spec::Turn) -> Turn {
    match turn {
        spec::Turn::Pass => Turn::Pass,
        spec::Turn::Move(p) => Turn::Move(point(p)),
    }
}

/// The harness's reason for one of `spec`'s refusals.
pub fn illegal(reason: &spec::IllegalTurn) -> Illegal {
    match *reason {
        spec::IllegalTurn::GameOver => Illegal::GameOver,
        spec::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        spec::IllegalTurn::Occupied(_) => Illegal::Occupied,
        spec::IllegalTurn::Suicide(_) => Illegal::Suicide,
        spec::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: false,
        },
        spec::IllegalTurn::SituationalSuperko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: true,
        },
        spec::IllegalTurn::Ko(_) => Illegal::Ko,
    }
}

/// The harness's reason for one of `spec`'s refusals of an agreement.
fn refusal(refusal: &spec::IllegalAgreement) -> Refusal {
    match refusal {
        spec::IllegalAgreement::NotInTheseRules => Refusal::NotInTheseRules,
        spec::IllegalAgreement::NotAfterTwoPasses => Refusal::NotAfterTwoPasses,
        spec::IllegalAgreement::GameOver => Refusal::GameOver,
        spec::IllegalAgreement::OffBoard(_) => Refusal::OffBoard,
    }
}

fn verdict(result: Result<(), spec::IllegalTurn>) -> Verdict {
    result.map_err(|e| illegal(&e))
}

/// One of `spec`'s refusals in detail: the reason, what its structured
/// reason names, and whether its message says so.
fn explained(reason: &spec::IllegalTurn) -> Explained {
    use spec::IllegalTurn as I;
    let (at, to_move) = match *reason {
        I::GameOver => (None, None),
        I::OffBoard(p) | I::Occupied(p) | I::Suicide(p) | I::Ko(p) => (Some(point(p)), None),
        I::Superko { point: p, .. } => (Some(point(p)), None),
        I::SituationalSuperko {
            point: p, to_move, ..
        } => (Some(point(p)), Some(player(to_move))),
    };
    Explained::new(illegal(reason), at, to_move, &reason.to_string())
}

/// The grid of a game in `spec`: its rectangle and its coloring.
fn grid(game: &spec::Game) -> Grid {
    let rectangle = game.grid();
    let size =
        Size::new(rectangle.width(), rectangle.height()).expect("spec's grids are valid sizes");
    let colors = game.coloring().colors().iter().map(color).collect();
    Grid { size, colors }
}

impl Engine for SpecEngine {
    fn to_move(&self) -> Player {
        player(self.game.to_move())
    }

    fn check(&self, turn: Turn) -> Verdict {
        verdict(self.game.check(to_spec_turn(turn)))
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        verdict(self.take(turn))
    }

    fn legal_turns(&self) -> Vec<Turn> {
        self.game.legal_turns().into_iter().map(turn).collect()
    }

    fn grid(&self) -> Grid {
        grid(&self.game)
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn consecutive_passes(&self) -> usize {
        self.game.consecutive_passes()
    }

    fn score(&self, p: Player) -> usize {
        self.game.score(to_spec_player(p))
    }

    fn prisoners(&self, p: Player) -> usize {
        self.game.prisoners(to_spec_player(p))
    }

    fn outcome(&self) -> Outcome {
        match self.game.result() {
            spec::Outcome::Tie => Outcome {
                winner: None,
                half_points: 0,
            },
            spec::Outcome::Win {
                winner,
                half_points,
            } => Outcome {
                winner: Some(player(winner)),
                half_points,
            },
        }
    }

    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        let points: Vec<spec::Point> = points.iter().map(to_spec_point).collect();
        self.game.agree(&points).map_err(|e| refusal(&e))
    }

    fn undo(&mut self) -> bool {
        self.game.undo()
    }

    fn details(&self) -> Option<Details> {
        Some(details(&self.game))
    }
}

/// The parts of [`Details`] read the same way in both engines; `colors`,
/// `coloring`, `legal`, `legal_turns`, `empty_points`, `own_eye_fills` and
/// `distinct_colorings` are left for [`details`] to fill through `spec`'s
/// own accessors.
fn common_details(game: &spec::Game, size: Size) -> Details {
    let checks = probe_turns(size)
        .into_iter()
        .map(|turn| game.check(to_spec_turn(turn)).err().map(|e| explained(&e)))
        .collect();
    let probe: Vec<spec::Point> = agreement_probe(size).iter().map(to_spec_point).collect();
    let probed = probes_agreement(
        game.turns_taken(),
        game.is_over(),
        game.consecutive_passes(),
    );
    let agreement = if probed {
        game.clone().agree(&probe)
    } else {
        Ok(())
    };
    let agreement = agreement.map_err(|e| {
        let at = match e {
            spec::IllegalAgreement::OffBoard(p) => Some(point(p)),
            _ => None,
        };
        refused(refusal(&e), at, &e.to_string())
    });
    let players = [spec::Player::Black, spec::Player::White].map(|p| p.to_string());
    Details {
        agreement,
        turns_taken: game.turns_taken(),
        distinct_colorings: 0,
        rules: rules_from_spec(game.rules()),
        handicap: handicap(game.handicap()),
        colors: Vec::new(),
        coloring: Vec::new(),
        checks,
        legal: Vec::new(),
        legal_turns: Vec::new(),
        empty_points: Vec::new(),
        own_eye_fills: Vec::new(),
        printed: printed(size, |turn| to_spec_turn(turn).to_string(), players),
        diagram: game.to_string(),
        result_text: game.result().to_string(),
        komi_text: game.rules().komi.to_string(),
        self_check: Ok(()),
    }
}

/// Everything else `spec` reports, each through its own accessor (its
/// verdicts, which are slow, asked once: `is_legal` and the legal turns are
/// read off them), and the own-eye fills from its coloring.
fn details(game: &spec::Game) -> Details {
    let rectangle = game.grid();
    let size =
        Size::new(rectangle.width(), rectangle.height()).expect("spec's grids are valid sizes");
    let mut details = common_details(game, size);
    let probes = probe_points(size);
    let coloring = game.coloring();
    let earlier = game.earlier_colorings();
    details.distinct_colorings = if earlier.is_empty() { 0 } else { earlier.len() };
    details.colors = vec![
        probes
            .iter()
            .map(|p| game.color(to_spec_point(p)).map(|c| color(&c)))
            .collect(),
        probes
            .iter()
            .map(|p| {
                rectangle
                    .index(to_spec_point(p))
                    .map(|i| color(&coloring[i]))
            })
            .collect(),
    ];
    details.coloring = coloring.colors().iter().map(color).collect();
    details.legal = details.checks.iter().map(Option::is_none).collect();
    details.legal_turns = probe_turns(size)
        .into_iter()
        .zip(&details.checks)
        .filter(|(_, check)| check.is_none())
        .map(|(turn, _)| turn)
        .collect();
    details.empty_points = size
        .all_points()
        .filter(|&p| size.index(p).map(|i| details.coloring[i]) == Some(Color::Empty))
        .collect();
    details.own_eye_fills = own_eye_fills(size, &details.coloring, player(game.to_move()));
    details
}
