//! The adapter for `tromp-taylor-fast`, the optimised engine.

use super::Engine;
use crate::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Superko, Turn,
    Verdict,
};
use tromp_taylor_fast as fast;

/// Starts a game in `fast`.
pub fn start(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let handicap = match setup.handicap {
        Handicap::None => fast::Handicap::None,
        Handicap::Free(n) => fast::Handicap::Free(n),
        Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    };
    let game = fast::Game::with_handicap(
        setup.size.width(),
        setup.size.height(),
        rules_to_fast(setup.rules),
        handicap,
    )
    .map_err(|e| e.to_string())?;
    Ok(Box::new(FastEngine { game }))
}

/// Starts a game in `fast` from a setup position.
pub fn start_position(
    size: crate::vocab::Size,
    rules: Rules,
    colors: &[Color],
    to_move: Player,
) -> Result<Box<dyn Engine + Send>, String> {
    let colors: Vec<fast::Color> = colors
        .iter()
        .map(|c| match c {
            Color::Black => fast::Color::Black,
            Color::White => fast::Color::White,
            Color::Empty => fast::Color::Empty,
        })
        .collect();
    let game = fast::Game::from_position(
        size.width(),
        size.height(),
        rules_to_fast(rules),
        &colors,
        to_fast_player(to_move),
    )
    .map_err(|e| e.to_string())?;
    Ok(Box::new(FastEngine { game }))
}

/// The harness's rules in `fast`'s terms.
pub fn rules_to_fast(rules: Rules) -> fast::Rules {
    fast::Rules {
        superko: match rules.superko {
            Superko::Positional => fast::Superko::Positional,
            Superko::Situational => fast::Superko::Situational,
            Superko::SimpleKo => fast::Superko::SimpleKo,
        },
        suicide: if rules.suicide_allowed {
            fast::Suicide::Allowed
        } else {
            fast::Suicide::Forbidden
        },
        ending: if rules.agreement_ending {
            fast::Ending::Agreement
        } else {
            fast::Ending::TwoPasses
        },
        scoring: if rules.territory_scoring {
            fast::Scoring::Territory
        } else {
            fast::Scoring::Area
        },
        komi: fast::Komi::from_half_points(rules.komi_half_points),
    }
}

struct FastEngine {
    game: fast::Game,
}

fn player(p: fast::Player) -> Player {
    match p {
        fast::Player::Black => Player::Black,
        fast::Player::White => Player::White,
    }
}

fn to_fast_player(p: Player) -> fast::Player {
    match p {
        Player::Black => fast::Player::Black,
        Player::White => fast::Player::White,
    }
}

fn to_fast_turn(turn: Turn) -> fast::Turn {
    match turn {
        Turn::Pass => fast::Turn::Pass,
        Turn::Move(p) => fast::Turn::Move(fast::Point::new(p.x, p.y)),
    }
}

fn verdict(result: Result<(), fast::IllegalTurn>) -> Verdict {
    result.map_err(|e| match e {
        fast::IllegalTurn::GameOver => Illegal::GameOver,
        fast::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        fast::IllegalTurn::Occupied(_) => Illegal::Occupied,
        fast::IllegalTurn::Suicide(_) => Illegal::Suicide,
        fast::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko { repeats_turn },
        fast::IllegalTurn::Ko(_) => Illegal::Ko,
    })
}

impl Engine for FastEngine {
    fn to_move(&self) -> Player {
        player(self.game.to_move())
    }

    fn check(&self, turn: Turn) -> Verdict {
        verdict(self.game.check(to_fast_turn(turn)))
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        verdict(self.game.play(to_fast_turn(turn)))
    }

    fn legal_turns(&self) -> Vec<Turn> {
        self.game
            .legal_turns()
            .into_iter()
            .map(|t| match t {
                fast::Turn::Pass => Turn::Pass,
                fast::Turn::Move(p) => Turn::Move(Point::new(p.x, p.y)),
            })
            .collect()
    }

    fn grid(&self) -> Grid {
        let size = crate::vocab::Size::new(self.game.width(), self.game.height())
            .expect("fast's boards are valid sizes");
        let colors = self
            .game
            .coloring()
            .into_iter()
            .map(|c| match c {
                fast::Color::Black => Color::Black,
                fast::Color::White => Color::White,
                fast::Color::Empty => Color::Empty,
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
        self.game.score(to_fast_player(p))
    }

    fn prisoners(&self, p: Player) -> usize {
        self.game.prisoners(to_fast_player(p))
    }

    fn outcome(&self) -> Outcome {
        match self.game.result() {
            fast::Outcome::Tie => Outcome {
                winner: None,
                half_points: 0,
            },
            fast::Outcome::Win {
                winner,
                half_points,
            } => Outcome {
                winner: Some(player(winner)),
                half_points,
            },
        }
    }

    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        let points: Vec<fast::Point> = points.iter().map(|p| fast::Point::new(p.x, p.y)).collect();
        self.game.agree(&points).map_err(|e| match e {
            fast::IllegalAgreement::NotInTheseRules => Refusal::NotInTheseRules,
            fast::IllegalAgreement::NotAfterTwoPasses => Refusal::NotAfterTwoPasses,
            fast::IllegalAgreement::GameOver => Refusal::GameOver,
            fast::IllegalAgreement::OffBoard(_) => Refusal::OffBoard,
        })
    }
}
