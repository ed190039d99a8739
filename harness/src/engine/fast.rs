//! The adapter for `tromp-taylor-fast`, the optimised engine.

use super::Engine;
use crate::vocab::{Color, Grid, Player, Rules, Setup, Size};
use tromp_taylor_fast as fast;

adapter!(fast, FastEngine, rules_to_fast);

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
