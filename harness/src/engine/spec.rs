//! The adapter for `tromp-taylor-spec`, the literal statement of the rules.

use super::Engine;
use crate::vocab::{Color, Grid, Player, Point, Rules, Setup, Size, Superko};
use tromp_taylor_spec as spec;

adapter!(spec, SpecEngine, rules_to_spec);

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

/// The fixed handicap points on `size`, as `spec` states them (seed 004, GTP's table).
pub fn fixed_handicap_points(size: Size, stones: usize) -> Result<Vec<Point>, String> {
    let grid = spec::Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
    let points = spec::comments::fixed_handicap_points(&grid, stones).map_err(|e| e.to_string())?;
    Ok(points.into_iter().map(|p| Point::new(p.x, p.y)).collect())
}

/// `spec`'s rules in the harness's terms.
pub fn rules_from_spec(rules: spec::Rules) -> Rules {
    Rules {
        superko: match rules.superko {
            spec::Superko::Positional => Superko::Positional,
            spec::Superko::Situational => Superko::Situational,
            spec::Superko::SimpleKo => Superko::SimpleKo,
        },
        suicide_allowed: rules.suicide == spec::Suicide::Allowed,
        agreement_ending: rules.ending == spec::Ending::Agreement,
        territory_scoring: rules.scoring == spec::Scoring::Territory,
        komi_half_points: rules.komi.half_points(),
        illegal_loses_turn: rules.illegal_move == spec::IllegalMove::LosesTurn,
    }
}

use crate::vocab::RulesError;

// The rules' names are the rules' own text: the harness reads and writes
// them through `spec`, here in its adapter.

impl std::str::FromStr for Rules {
    type Err = RulesError;

    /// A preset name or a compact rule string, read as `tromp-taylor-spec`
    /// reads them (the rules' names are the rules' own text).
    ///
    /// ```
    /// use tromp_taylor_harness::vocab::{Rules, Superko};
    /// let rules: Rules = "new-zealand".parse().unwrap();
    /// assert_eq!(rules.superko, Superko::Situational);
    /// assert_eq!(rules.to_string(), "koSITUATIONALscoreAREAsui1");
    /// assert!("koBANANA".parse::<Rules>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let rules: tromp_taylor_spec::Rules = text.parse().map_err(RulesError)?;
        Ok(rules_from_spec(rules))
    }
}

impl std::fmt::Display for Rules {
    /// The compact rule string, as `tromp-taylor-spec` writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        rules_to_spec(*self).fmt(f)
    }
}
