//! The adapter for `tromp-taylor-spec`, the literal statement of the rules.

use super::{own_eye_fills, probe_points, probe_turns, Details, Engine, EngineKind, Supports};
use crate::vocab::{Color, Grid, Player, Point, Rules, Setup, Size};
use tromp_taylor_spec as spec;

adapter!(spec, SpecEngine, rules_to_spec);

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
    let handicap = to_engine_handicap(setup.handicap);
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
        coloring[point] = to_engine_color(color);
    }
    started(spec::Game::from_position(
        grid,
        rules_to_spec(rules),
        coloring,
        to_engine_player(to_move),
    ))
}

/// The grid of a game in `spec`: its rectangle and its coloring.
fn grid(game: &spec::Game) -> Grid {
    let rectangle = game.grid();
    let size =
        Size::new(rectangle.width(), rectangle.height()).expect("spec's grids are valid sizes");
    let colors = game.coloring().colors().iter().map(color).collect();
    Grid { size, colors }
}

/// A move, through `spec`'s `play_at`.
fn play_at(game: &mut spec::Game, p: Point) -> Result<(), spec::IllegalTurn> {
    game.play_at(to_engine_point(&p))
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
            .map(|p| game.color(to_engine_point(p)).map(|c| color(&c)))
            .collect(),
        probes
            .iter()
            .map(|p| {
                rectangle
                    .index(to_engine_point(p))
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

// The rules' names, komi and the fixed handicap points are the rules' own
// text, read and written through `spec` in the vocabulary; here at the
// adapter's paths too.
pub use tromp_taylor_vocab::spec_words::{
    fixed_handicap_points, komi_text, read_komi, read_rules, rules_from_spec, PRESETS,
};
