//! The adapter for `tromp-taylor-spec`, the literal statement of the rules.

use super::Engine;
use crate::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Superko, Turn,
    Verdict,
};
use tromp_taylor_spec as spec;

/// Starts a game in `spec`.
pub fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let grid =
        spec::Rectangle::new(setup.size.width(), setup.size.height()).map_err(|e| e.to_string())?;
    let handicap = match setup.handicap {
        Handicap::None => spec::Handicap::None,
        Handicap::Free(n) => spec::Handicap::Free(n),
        Handicap::Fixed(n) => spec::Handicap::Fixed(n),
    };
    let game = spec::Game::with_handicap(grid, rules_to_spec(setup.rules), handicap)
        .map_err(|e| e.to_string())?;
    Ok(Box::new(SpecEngine { game }))
}

/// Starts a game in `spec` from a setup position.
pub fn start_position(
    size: crate::vocab::Size,
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
        coloring[point] = match color {
            Color::Black => spec::Color::Black,
            Color::White => spec::Color::White,
            Color::Empty => spec::Color::Empty,
        };
    }
    let game = spec::Game::from_position(
        grid,
        rules_to_spec(rules),
        coloring,
        to_spec_player(to_move),
    )
    .map_err(|e| e.to_string())?;
    Ok(Box::new(SpecEngine { game }))
}

/// The fixed handicap points on `size`, as `spec` states them (seed 004, GTP's table).
pub fn fixed_handicap_points(
    size: crate::vocab::Size,
    stones: usize,
) -> Result<Vec<Point>, String> {
    let grid = spec::Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
    let points = spec::comments::fixed_handicap_points(&grid, stones).map_err(|e| e.to_string())?;
    Ok(points.into_iter().map(|p| Point::new(p.x, p.y)).collect())
}

/// The harness's rules in `spec`'s terms.
pub fn rules_to_spec(rules: Rules) -> spec::Rules {
    spec::Rules {
        superko: match rules.superko {
            Superko::Positional => spec::Superko::Positional,
            Superko::Situational => spec::Superko::Situational,
            Superko::SimpleKo => spec::Superko::SimpleKo,
        },
        suicide: if rules.suicide_allowed {
            spec::Suicide::Allowed
        } else {
            spec::Suicide::Forbidden
        },
        ending: if rules.agreement_ending {
            spec::Ending::Agreement
        } else {
            spec::Ending::TwoPasses
        },
        scoring: if rules.territory_scoring {
            spec::Scoring::Territory
        } else {
            spec::Scoring::Area
        },
        komi: spec::Komi::from_half_points(rules.komi_half_points),
    }
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
    }
}

struct SpecEngine {
    game: spec::Game,
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

fn to_spec_turn(turn: Turn) -> spec::Turn {
    match turn {
        Turn::Pass => spec::Turn::Pass,
        Turn::Move(p) => spec::Turn::Move(spec::Point::new(p.x, p.y)),
    }
}

fn verdict(result: Result<(), spec::IllegalTurn>) -> Verdict {
    result.map_err(|e| illegal(&e))
}

/// The harness's reason for one of `spec`'s refusals.
pub fn illegal(reason: &spec::IllegalTurn) -> Illegal {
    match *reason {
        spec::IllegalTurn::GameOver => Illegal::GameOver,
        spec::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        spec::IllegalTurn::Occupied(_) => Illegal::Occupied,
        spec::IllegalTurn::Suicide(_) => Illegal::Suicide,
        spec::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko { repeats_turn },
        spec::IllegalTurn::Ko(_) => Illegal::Ko,
    }
}

impl Engine for SpecEngine {
    fn to_move(&self) -> Player {
        player(self.game.to_move())
    }

    fn check(&self, turn: Turn) -> Verdict {
        verdict(self.game.check(to_spec_turn(turn)))
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        verdict(self.game.play(to_spec_turn(turn)))
    }

    fn legal_turns(&self) -> Vec<Turn> {
        self.game
            .legal_turns()
            .into_iter()
            .map(|t| match t {
                spec::Turn::Pass => Turn::Pass,
                spec::Turn::Move(p) => Turn::Move(Point::new(p.x, p.y)),
            })
            .collect()
    }

    fn grid(&self) -> Grid {
        let rectangle = self.game.grid();
        let size = crate::vocab::Size::new(rectangle.width(), rectangle.height())
            .expect("spec's grids are valid sizes");
        let colors = self
            .game
            .coloring()
            .colors()
            .iter()
            .map(|c| match c {
                spec::Color::Black => Color::Black,
                spec::Color::White => Color::White,
                spec::Color::Empty => Color::Empty,
            })
            .collect();
        Grid { size, colors }
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
        let points: Vec<spec::Point> = points.iter().map(|p| spec::Point::new(p.x, p.y)).collect();
        self.game.agree(&points).map_err(|e| match e {
            spec::IllegalAgreement::NotInTheseRules => Refusal::NotInTheseRules,
            spec::IllegalAgreement::NotAfterTwoPasses => Refusal::NotAfterTwoPasses,
            spec::IllegalAgreement::GameOver => Refusal::GameOver,
            spec::IllegalAgreement::OffBoard(_) => Refusal::OffBoard,
        })
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
