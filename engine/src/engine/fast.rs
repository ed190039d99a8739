//! The adapter for `tromp-taylor-fast`, the optimised engine: its words to
//! and from the vocabulary's, and the [`Engine`] trait over its `Game`.

use super::adapter::{printed, probes_agreement, refused};
use super::{
    agreement_probe, probe_points, probe_turns, Details, Engine, EngineKind, Explained, Supports,
};
use crate::vocab::{
    Color, Ending, Grid, Handicap, Illegal, IllegalMove, Outcome, Player, Point, Refusal, Rules,
    Scoring, Setup, Size, Suicide, Superko, Turn, Verdict,
};
use tromp_taylor_fast as fast;

/// A game in progress in `fast`, behind the [`Engine`] trait.
struct FastEngine {
    game: fast::Game,
}

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
        to_fast_handicap(setup.handicap),
    ))
}

/// Starts a game in `fast` from a setup position.
pub fn start_position(
    size: Size,
    rules: Rules,
    colors: &[Color],
    to_move: Player,
) -> Result<Box<dyn Engine + Send>, String> {
    let colors: Vec<fast::Color> = colors.iter().map(to_fast_color).collect();
    started(fast::Game::from_position(
        size.width(),
        size.height(),
        rules_to_fast(rules),
        &colors,
        to_fast_player(to_move),
    ))
}

/// A game `fast` started, behind the trait; or why it would not.
fn started(
    game: Result<fast::Game, impl std::fmt::Display>,
) -> Result<Box<dyn Engine + Send>, String> {
    let game = game.map_err(|e| e.to_string())?;
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
        suicide: match rules.suicide {
            Suicide::Allowed => fast::Suicide::Allowed,
            Suicide::Forbidden => fast::Suicide::Forbidden,
        },
        ending: match rules.ending {
            Ending::TwoPasses => fast::Ending::TwoPasses,
            Ending::Agreement => fast::Ending::Agreement,
        },
        scoring: match rules.scoring {
            Scoring::Area => fast::Scoring::Area,
            Scoring::Territory => fast::Scoring::Territory,
        },
        komi: fast::Komi::from_half_points(rules.komi_half_points),
        illegal_move: match rules.illegal_move {
            IllegalMove::Refused => fast::IllegalMove::Refused,
            IllegalMove::LosesTurn => fast::IllegalMove::LosesTurn,
        },
    }
}

/// The harness's handicap in `fast`'s terms.
fn to_fast_handicap(handicap: Handicap) -> fast::Handicap {
    match handicap {
        Handicap::None => fast::Handicap::None,
        Handicap::Free(n) => fast::Handicap::Free(n),
        Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    }
}

/// `fast`'s handicap in the harness's terms.
fn handicap(handicap: fast::Handicap) -> Handicap {
    match handicap {
        fast::Handicap::None => Handicap::None,
        fast::Handicap::Free(n) => Handicap::Free(n),
        fast::Handicap::Fixed(n) => Handicap::Fixed(n),
    }
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

fn color(c: &fast::Color) -> Color {
    match c {
        fast::Color::Black => Color::Black,
        fast::Color::White => Color::White,
        fast::Color::Empty => Color::Empty,
    }
}

fn to_fast_color(c: &Color) -> fast::Color {
    match c {
        Color::Black => fast::Color::Black,
        Color::White => fast::Color::White,
        Color::Empty => fast::Color::Empty,
    }
}

fn to_fast_point(p: &Point) -> fast::Point {
    fast::Point::new(p.x, p.y)
}

fn point(p: fast::Point) -> Point {
    Point::new(p.x, p.y)
}

fn to_fast_turn(turn: Turn) -> fast::Turn {
    match turn {
        Turn::Pass => fast::Turn::Pass,
        Turn::Move(p) => fast::Turn::Move(to_fast_point(&p)),
    }
}

fn turn(turn: fast::Turn) -> Turn {
    match turn {
        fast::Turn::Pass => Turn::Pass,
        fast::Turn::Move(p) => Turn::Move(point(p)),
    }
}

/// The harness's reason for one of `fast`'s refusals.
pub fn illegal(reason: &fast::IllegalTurn) -> Illegal {
    match *reason {
        fast::IllegalTurn::GameOver => Illegal::GameOver,
        fast::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
        fast::IllegalTurn::Occupied(_) => Illegal::Occupied,
        fast::IllegalTurn::Suicide(_) => Illegal::Suicide,
        fast::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: false,
        },
        fast::IllegalTurn::SituationalSuperko { repeats_turn, .. } => Illegal::Superko {
            repeats_turn,
            situational: true,
        },
        fast::IllegalTurn::Ko(_) => Illegal::Ko,
    }
}

/// The harness's reason for one of `fast`'s refusals of an agreement.
fn refusal(refusal: &fast::IllegalAgreement) -> Refusal {
    match refusal {
        fast::IllegalAgreement::NotInTheseRules => Refusal::NotInTheseRules,
        fast::IllegalAgreement::NotAfterTwoPasses => Refusal::NotAfterTwoPasses,
        fast::IllegalAgreement::GameOver => Refusal::GameOver,
        fast::IllegalAgreement::OffBoard(_) => Refusal::OffBoard,
    }
}

fn verdict(result: Result<(), fast::IllegalTurn>) -> Verdict {
    result.map_err(|e| illegal(&e))
}

/// One of `fast`'s refusals in detail: the reason, what its structured
/// reason names, and whether its message says so.
fn explained(reason: &fast::IllegalTurn) -> Explained {
    use fast::IllegalTurn as I;
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

/// `fast`'s rules in the harness's terms.
pub fn rules_from_fast(rules: fast::Rules) -> Rules {
    Rules {
        superko: match rules.superko {
            fast::Superko::Positional => Superko::Positional,
            fast::Superko::Situational => Superko::Situational,
            fast::Superko::SimpleKo => Superko::SimpleKo,
        },
        suicide: match rules.suicide {
            fast::Suicide::Allowed => Suicide::Allowed,
            fast::Suicide::Forbidden => Suicide::Forbidden,
        },
        ending: match rules.ending {
            fast::Ending::TwoPasses => Ending::TwoPasses,
            fast::Ending::Agreement => Ending::Agreement,
        },
        scoring: match rules.scoring {
            fast::Scoring::Area => Scoring::Area,
            fast::Scoring::Territory => Scoring::Territory,
        },
        komi_half_points: rules.komi.half_points(),
        illegal_move: match rules.illegal_move {
            fast::IllegalMove::Refused => IllegalMove::Refused,
            fast::IllegalMove::LosesTurn => IllegalMove::LosesTurn,
        },
    }
}

/// The grid of a game in `fast`: its board's size and its coloring.
fn grid(game: &fast::Game) -> Grid {
    let size = Size::new(game.width(), game.height()).expect("fast's boards are valid sizes");
    let colors = game.coloring().iter().map(color).collect();
    Grid { size, colors }
}

impl Engine for FastEngine {
    fn to_move(&self) -> Player {
        player(self.game.to_move())
    }

    fn check(&self, turn: Turn) -> Verdict {
        verdict(self.game.check(to_fast_turn(turn)))
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        // Each through its own entry point: `pass`, and `play_at`.
        verdict(match turn {
            Turn::Pass => self.game.pass(),
            Turn::Move(p) => self.game.play_at(p.x, p.y),
        })
    }

    fn play_move(&mut self, p: Point) -> Verdict {
        // `play_index` of a point on the board; a point off it has no index
        // of its own (a column too far would name a point of the next row),
        // so it goes to `play_at`, which refuses it.
        let width = self.game.width();
        verdict(match p.x < width && p.y < self.game.height() {
            true => self.game.play_index(p.y * width + p.x),
            false => self.game.play_at(p.x, p.y),
        })
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
        let points: Vec<fast::Point> = points.iter().map(to_fast_point).collect();
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
/// `distinct_colorings` and `self_check` are left for [`details`] to fill through `fast`'s
/// own accessors.
fn common_details(game: &fast::Game, size: Size) -> Details {
    let checks = probe_turns(size)
        .into_iter()
        .map(|turn| game.check(to_fast_turn(turn)).err().map(|e| explained(&e)))
        .collect();
    let probe: Vec<fast::Point> = agreement_probe(size).iter().map(to_fast_point).collect();
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
            fast::IllegalAgreement::OffBoard(p) => Some(point(p)),
            _ => None,
        };
        refused(refusal(&e), at, &e.to_string())
    });
    let players = [fast::Player::Black, fast::Player::White].map(|p| p.to_string());
    Details {
        agreement,
        turns_taken: game.turns_taken(),
        distinct_colorings: 0,
        rules: rules_from_fast(game.rules()),
        handicap: handicap(game.handicap()),
        colors: Vec::new(),
        coloring: Vec::new(),
        checks,
        legal: Vec::new(),
        legal_turns: Vec::new(),
        empty_points: Vec::new(),
        own_eye_fills: Vec::new(),
        printed: printed(size, |turn| to_fast_turn(turn).to_string(), players),
        diagram: game.to_string(),
        result_text: game.result().to_string(),
        komi_text: game.rules().komi.to_string(),
        self_check: Ok(()),
    }
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
            .map(|p| game.color_at(to_fast_point(p)).map(|c| color(&c)))
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
        .map(|turn| game.is_legal(to_fast_turn(turn)))
        .collect();
    let mut turns = Vec::new();
    game.legal_turns_into(&mut turns);
    details.legal_turns = turns.into_iter().map(turn).collect();
    let mut empties: Vec<usize> = game
        .empty_indices()
        .iter()
        .map(|&i| usize::from(i))
        .collect();
    empties.sort_unstable();
    details.empty_points = empties.into_iter().map(|i| size.point(i)).collect();
    details.own_eye_fills = size
        .all_points()
        .filter(|p| game.fills_own_eye(to_fast_point(p)))
        .collect();
    details.self_check =
        game.check_invariants()
            .and_then(|()| match game.hash() == game.hash_from_scratch() {
                true => Ok(()),
                false => Err("hash() is not the hash from scratch".to_string()),
            });
    details
}
