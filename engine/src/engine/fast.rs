//! The adapter for `tromp-taylor-fast`, the optimised engine.

use super::{probe_points, probe_turns, Details, Engine, EngineKind, Supports};
use crate::vocab::{Color, Grid, Player, Point, Rules, Setup, Size};
use tromp_taylor_fast as fast;

adapter!(fast, FastEngine, rules_to_fast);

impl EngineKind {
    /// The optimised engine, `tromp-taylor-fast`.
    pub fn fast() -> EngineKind {
        EngineKind::new("fast", Supports::EVERYTHING, start).with_positions(start_position)
    }
}

/// Starts a game in `fast`.
pub fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    started(fast::Game::with_handicap(
        setup.size.width(),
        setup.size.height(),
        rules_to_fast(setup.rules),
        to_engine_handicap(setup.handicap),
    ))
}

/// Starts a game in `fast` from a setup position.
pub fn start_position(
    size: Size,
    rules: Rules,
    colors: &[Color],
    to_move: Player,
) -> Result<Box<dyn Engine + Send>, String> {
    let colors: Vec<fast::Color> = colors.iter().map(to_engine_color).collect();
    started(fast::Game::from_position(
        size.width(),
        size.height(),
        rules_to_fast(rules),
        &colors,
        to_engine_player(to_move),
    ))
}

/// The grid of a game in `fast`: its board's size and its coloring.
fn grid(game: &fast::Game) -> Grid {
    let size = Size::new(game.width(), game.height()).expect("fast's boards are valid sizes");
    let colors = game.coloring().iter().map(color).collect();
    Grid { size, colors }
}

/// A move, through `fast`'s `play_at`.
fn play_at(game: &mut fast::Game, p: Point) -> Result<(), fast::IllegalTurn> {
    game.play_at(p.x, p.y)
}

/// Everything else `fast` reports, each through its own accessor, and its
/// self-check of its bookkeeping ([`fast::Game::check_invariants`]).
fn details(game: &fast::Game) -> Details {
    let size = Size::new(game.width(), game.height()).expect("fast's boards are valid sizes");
    let mut details = common_details(game, size);
    let probes = probe_points(size);
    details.distinct_colorings = game.distinct_colorings();
    details.colors = vec![
        probes
            .iter()
            .map(|p| game.color_at(to_engine_point(p)).map(|c| color(&c)))
            .collect(),
        probes
            .iter()
            .map(|p| game.color(p.x, p.y).map(|c| color(&c)))
            .collect(),
    ];
    let mut coloring = Vec::new();
    game.coloring_into(&mut coloring);
    details.coloring = coloring.iter().map(color).collect();
    details.legal = probe_turns(size)
        .into_iter()
        .map(|turn| game.is_legal(to_engine_turn(turn)))
        .collect();
    let mut turns = Vec::new();
    game.legal_turns_into(&mut turns);
    details.legal_turns = turns.into_iter().map(turn_from_engine).collect();
    let mut empties: Vec<usize> = game
        .empty_indices()
        .iter()
        .map(|&i| usize::from(i))
        .collect();
    empties.sort_unstable();
    details.empty_points = empties.into_iter().map(|i| size.point(i)).collect();
    details.own_eye_fills = size
        .all_points()
        .filter(|p| game.fills_own_eye(to_engine_point(p)))
        .collect();
    details.self_check =
        game.check_invariants()
            .and_then(|()| match game.hash() == game.hash_from_scratch() {
                true => Ok(()),
                false => Err("hash() is not the hash from scratch".to_string()),
            });
    details
}

/// `fast`'s rules in the harness's terms.
pub fn rules_from_fast(rules: fast::Rules) -> Rules {
    rules_from_engine(rules)
}
