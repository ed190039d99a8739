//! One small trait that every engine under comparison is adapted to, and the
//! adapters: one file per engine.

/// What the adapters of `spec` and `fast` share: their crates state the
/// rules in vocabularies of the same shape (`Player`, `Color`, `Point`,
/// `Turn`, `Handicap`, `Rules` and its options, `Outcome`, `IllegalTurn`,
/// `IllegalAgreement`, and a `Game` with the same queries), so the
/// conversions to and from the harness's words, and the [`Engine`] impl over
/// them, are stated once here and made in each adapter by
/// `adapter!(crate_alias, EngineType, rules_to_name)`. The adapter itself
/// starts games and says how its `Game` reads out its grid
/// (`fn grid(game: &Game) -> Grid`); the adapters never name each other.
macro_rules! adapter {
    ($engine:ident, $adapter:ident, $rules_to:ident) => {
        /// A game in progress, behind the [`Engine`](crate::engine::Engine) trait.
        struct $adapter {
            game: $engine::Game,
        }

        /// A game the engine started, behind the trait; or why it would not.
        fn started(
            game: Result<$engine::Game, impl std::fmt::Display>,
        ) -> Result<Box<dyn $crate::engine::Engine + Send>, String> {
            let game = game.map_err(|e| e.to_string())?;
            Ok(Box::new($adapter { game }))
        }

        /// The harness's rules in the engine's terms.
        pub fn $rules_to(rules: $crate::vocab::Rules) -> $engine::Rules {
            $engine::Rules {
                superko: match rules.superko {
                    $crate::vocab::Superko::Positional => $engine::Superko::Positional,
                    $crate::vocab::Superko::Situational => $engine::Superko::Situational,
                    $crate::vocab::Superko::SimpleKo => $engine::Superko::SimpleKo,
                },
                suicide: if rules.suicide_allowed {
                    $engine::Suicide::Allowed
                } else {
                    $engine::Suicide::Forbidden
                },
                ending: if rules.agreement_ending {
                    $engine::Ending::Agreement
                } else {
                    $engine::Ending::TwoPasses
                },
                scoring: if rules.territory_scoring {
                    $engine::Scoring::Territory
                } else {
                    $engine::Scoring::Area
                },
                komi: $engine::Komi::from_half_points(rules.komi_half_points),
                illegal_move: if rules.illegal_loses_turn {
                    $engine::IllegalMove::LosesTurn
                } else {
                    $engine::IllegalMove::Refused
                },
            }
        }

        /// The harness's handicap in the engine's terms.
        fn to_engine_handicap(handicap: $crate::vocab::Handicap) -> $engine::Handicap {
            match handicap {
                $crate::vocab::Handicap::None => $engine::Handicap::None,
                $crate::vocab::Handicap::Free(n) => $engine::Handicap::Free(n),
                $crate::vocab::Handicap::Fixed(n) => $engine::Handicap::Fixed(n),
            }
        }

        fn player(p: $engine::Player) -> $crate::vocab::Player {
            match p {
                $engine::Player::Black => $crate::vocab::Player::Black,
                $engine::Player::White => $crate::vocab::Player::White,
            }
        }

        fn to_engine_player(p: $crate::vocab::Player) -> $engine::Player {
            match p {
                $crate::vocab::Player::Black => $engine::Player::Black,
                $crate::vocab::Player::White => $engine::Player::White,
            }
        }

        fn color(c: &$engine::Color) -> $crate::vocab::Color {
            match c {
                $engine::Color::Black => $crate::vocab::Color::Black,
                $engine::Color::White => $crate::vocab::Color::White,
                $engine::Color::Empty => $crate::vocab::Color::Empty,
            }
        }

        fn to_engine_color(c: &$crate::vocab::Color) -> $engine::Color {
            match c {
                $crate::vocab::Color::Black => $engine::Color::Black,
                $crate::vocab::Color::White => $engine::Color::White,
                $crate::vocab::Color::Empty => $engine::Color::Empty,
            }
        }

        fn to_engine_point(p: &$crate::vocab::Point) -> $engine::Point {
            $engine::Point::new(p.x, p.y)
        }

        fn to_engine_turn(turn: $crate::vocab::Turn) -> $engine::Turn {
            match turn {
                $crate::vocab::Turn::Pass => $engine::Turn::Pass,
                $crate::vocab::Turn::Move(p) => $engine::Turn::Move(to_engine_point(&p)),
            }
        }

        fn turn_from_engine(turn: $engine::Turn) -> $crate::vocab::Turn {
            match turn {
                $engine::Turn::Pass => $crate::vocab::Turn::Pass,
                $engine::Turn::Move(p) => {
                    $crate::vocab::Turn::Move($crate::vocab::Point::new(p.x, p.y))
                }
            }
        }

        /// The harness's reason for one of the engine's refusals.
        pub fn illegal(reason: &$engine::IllegalTurn) -> $crate::vocab::Illegal {
            use $crate::vocab::Illegal;
            match *reason {
                $engine::IllegalTurn::GameOver => Illegal::GameOver,
                $engine::IllegalTurn::OffBoard(_) => Illegal::OffBoard,
                $engine::IllegalTurn::Occupied(_) => Illegal::Occupied,
                $engine::IllegalTurn::Suicide(_) => Illegal::Suicide,
                $engine::IllegalTurn::Superko { repeats_turn, .. } => Illegal::Superko {
                    repeats_turn,
                    situational: false,
                },
                $engine::IllegalTurn::SituationalSuperko { repeats_turn, .. } => Illegal::Superko {
                    repeats_turn,
                    situational: true,
                },
                $engine::IllegalTurn::Ko(_) => Illegal::Ko,
            }
        }

        /// The harness's reason for one of the engine's refusals of an agreement.
        fn to_refusal(refusal: &$engine::IllegalAgreement) -> $crate::vocab::Refusal {
            use $crate::vocab::Refusal;
            match refusal {
                $engine::IllegalAgreement::NotInTheseRules => Refusal::NotInTheseRules,
                $engine::IllegalAgreement::NotAfterTwoPasses => Refusal::NotAfterTwoPasses,
                $engine::IllegalAgreement::GameOver => Refusal::GameOver,
                $engine::IllegalAgreement::OffBoard(_) => Refusal::OffBoard,
            }
        }

        fn verdict(result: Result<(), $engine::IllegalTurn>) -> $crate::vocab::Verdict {
            result.map_err(|e| illegal(&e))
        }

        /// One of the engine's refusals in detail: the reason, what its
        /// structured reason names, and whether its message says so.
        fn explained(reason: &$engine::IllegalTurn) -> $crate::engine::Explained {
            use $engine::IllegalTurn as I;
            let at = |p: $engine::Point| Some($crate::vocab::Point::new(p.x, p.y));
            let (point, to_move) = match *reason {
                I::GameOver => (None, None),
                I::OffBoard(p) | I::Occupied(p) | I::Suicide(p) | I::Ko(p) => (at(p), None),
                I::Superko { point, .. } => (at(point), None),
                I::SituationalSuperko { point, to_move, .. } => (at(point), Some(player(to_move))),
            };
            $crate::engine::Explained::new(illegal(reason), point, to_move, &reason.to_string())
        }

        /// The engine's rules in the harness's terms.
        fn rules_from_engine(rules: $engine::Rules) -> $crate::vocab::Rules {
            $crate::vocab::Rules {
                superko: match rules.superko {
                    $engine::Superko::Positional => $crate::vocab::Superko::Positional,
                    $engine::Superko::Situational => $crate::vocab::Superko::Situational,
                    $engine::Superko::SimpleKo => $crate::vocab::Superko::SimpleKo,
                },
                suicide_allowed: rules.suicide == $engine::Suicide::Allowed,
                agreement_ending: rules.ending == $engine::Ending::Agreement,
                territory_scoring: rules.scoring == $engine::Scoring::Territory,
                komi_half_points: rules.komi.half_points(),
                illegal_loses_turn: rules.illegal_move == $engine::IllegalMove::LosesTurn,
            }
        }

        /// The engine's handicap in the harness's terms.
        fn handicap_from_engine(handicap: $engine::Handicap) -> $crate::vocab::Handicap {
            match handicap {
                $engine::Handicap::None => $crate::vocab::Handicap::None,
                $engine::Handicap::Free(n) => $crate::vocab::Handicap::Free(n),
                $engine::Handicap::Fixed(n) => $crate::vocab::Handicap::Fixed(n),
            }
        }

        /// The parts of [`Details`](crate::engine::Details) read the same
        /// way in both engines; `colors`, `coloring`, `legal`, `legal_turns`,
        /// `empty_points`, `own_eye_fills` and `self_check` are left for the
        /// adapter to fill through its engine's own accessors.
        fn common_details(
            game: &$engine::Game,
            size: $crate::vocab::Size,
        ) -> $crate::engine::Details {
            let checks = $crate::engine::probe_turns(size)
                .into_iter()
                .map(|turn| {
                    game.check(to_engine_turn(turn))
                        .err()
                        .map(|e| explained(&e))
                })
                .collect();
            // On a copy, so only where it is cheap or telling: near the
            // start, at the end, and where an agreement could be proposed.
            let probe: Vec<$engine::Point> = $crate::engine::agreement_probe(size)
                .iter()
                .map(to_engine_point)
                .collect();
            let probed = game.turns_taken() < 2 || game.is_over() || game.consecutive_passes() >= 2;
            let agreement = probed.then(|| game.clone().agree(&probe)).unwrap_or(Ok(()));
            let agreement = agreement.map_err(|refusal| {
                let message = refusal.to_string();
                let point = match refusal {
                    $engine::IllegalAgreement::OffBoard(p) => {
                        Some($crate::vocab::Point::new(p.x, p.y))
                    }
                    _ => None,
                };
                let says = !message.is_empty()
                    && point.map_or(true, |p| message.contains(&format!("({}, {})", p.x, p.y)));
                (to_refusal(&refusal), point, says)
            });
            $crate::engine::Details {
                agreement,
                turns_taken: game.turns_taken(),
                distinct_colorings: 0,
                rules: rules_from_engine(game.rules()),
                handicap: handicap_from_engine(game.handicap()),
                colors: Vec::new(),
                coloring: Vec::new(),
                checks,
                legal: Vec::new(),
                legal_turns: Vec::new(),
                empty_points: Vec::new(),
                own_eye_fills: Vec::new(),
                printed: $crate::engine::probe_turns(size)
                    .into_iter()
                    .map(|turn| to_engine_turn(turn).to_string())
                    .chain([$engine::Player::Black, $engine::Player::White].map(|p| p.to_string()))
                    .collect(),
                diagram: game.to_string(),
                result_text: game.result().to_string(),
                komi_text: game.rules().komi.to_string(),
                self_check: Ok(()),
            }
        }

        impl $crate::engine::Engine for $adapter {
            fn to_move(&self) -> $crate::vocab::Player {
                player(self.game.to_move())
            }

            fn check(&self, turn: $crate::vocab::Turn) -> $crate::vocab::Verdict {
                verdict(self.game.check(to_engine_turn(turn)))
            }

            fn play(&mut self, turn: $crate::vocab::Turn) -> $crate::vocab::Verdict {
                // Each through its own entry point: `pass`, and `play_at`.
                verdict(match turn {
                    $crate::vocab::Turn::Pass => self.game.pass(),
                    $crate::vocab::Turn::Move(p) => play_at(&mut self.game, p),
                })
            }

            fn legal_turns(&self) -> Vec<$crate::vocab::Turn> {
                self.game
                    .legal_turns()
                    .into_iter()
                    .map(turn_from_engine)
                    .collect()
            }

            fn grid(&self) -> $crate::vocab::Grid {
                grid(&self.game)
            }

            fn is_over(&self) -> bool {
                self.game.is_over()
            }

            fn consecutive_passes(&self) -> usize {
                self.game.consecutive_passes()
            }

            fn score(&self, p: $crate::vocab::Player) -> usize {
                self.game.score(to_engine_player(p))
            }

            fn prisoners(&self, p: $crate::vocab::Player) -> usize {
                self.game.prisoners(to_engine_player(p))
            }

            fn outcome(&self) -> $crate::vocab::Outcome {
                match self.game.result() {
                    $engine::Outcome::Tie => $crate::vocab::Outcome {
                        winner: None,
                        half_points: 0,
                    },
                    $engine::Outcome::Win {
                        winner,
                        half_points,
                    } => $crate::vocab::Outcome {
                        winner: Some(player(winner)),
                        half_points,
                    },
                }
            }

            fn agree(
                &mut self,
                points: &[$crate::vocab::Point],
            ) -> Result<(), $crate::vocab::Refusal> {
                let points: Vec<$engine::Point> = points.iter().map(to_engine_point).collect();
                self.game.agree(&points).map_err(|e| to_refusal(&e))
            }

            fn undo(&mut self) -> bool {
                self.game.undo()
            }

            fn details(&self) -> Option<$crate::engine::Details> {
                Some(details(&self.game))
            }
        }
    };
}

mod details;
pub use details::neighbours;
pub mod fast;
pub mod spec;
mod supports;

pub use details::{
    agreement_probe, fills_own_eye, first_difference, own_eye_fills, probe_points, probe_turns,
    Details, Explained,
};
pub use supports::{Supports, Unsupported};

use crate::vocab::{
    Color, Grid, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn, Verdict,
};
use std::sync::Arc;

/// A game in progress in some engine, asked and answered in the harness's
/// vocabulary. Every method that can refuse leaves the game unchanged when
/// it does.
pub trait Engine {
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// The verdict on `turn`, without taking it.
    fn check(&self, turn: Turn) -> Verdict;
    /// Takes `turn` if it is legal; otherwise says why and changes nothing,
    /// except under rules where an illegal move loses the turn
    /// ([`Rules::illegal_loses_turn`], seed 003): then a move refused as
    /// suicide, ko or superko is a lost turn, and the opponent is to move.
    fn play(&mut self, turn: Turn) -> Verdict;
    /// Every legal turn: the pass first, then moves in point order.
    fn legal_turns(&self) -> Vec<Turn>;
    /// The color of every point.
    fn grid(&self) -> Grid;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The run of consecutive passes.
    fn consecutive_passes(&self) -> usize;
    /// A player's score as the position stands, without komi.
    fn score(&self, player: Player) -> usize;
    /// The opponent stones a player holds.
    fn prisoners(&self, player: Player) -> usize;
    /// The result with komi, as the position stands.
    fn outcome(&self) -> Outcome;
    /// Ends the game by agreement on points to empty (comment 8).
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal>;
    /// Takes back the last turn (a lost turn included) or agreement, leaving
    /// the game exactly as before it; `false`, changing nothing, when there
    /// is none since the start. An engine that cannot undo keeps this
    /// default and declares [`Supports::undo`]` = false`; the harness then
    /// replays from the start where it would have undone.
    fn undo(&mut self) -> bool {
        false
    }
    /// Everything else the engine reports about the game, each through its
    /// own accessor, for the differential driver to compare now and then;
    /// `None` (the default) for an engine that reports nothing more.
    fn details(&self) -> Option<Details> {
        None
    }
}

/// Starts a game, or says why it cannot.
pub type Start = dyn Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync;

/// Starts a game from a setup position (a game record's `AB`/`AW`): the
/// colors in point order and the player to move; or says why it cannot.
pub type StartPosition =
    dyn Fn(Size, Rules, &[Color], Player) -> Result<Box<dyn Engine + Send>, String> + Send + Sync;

/// An engine the harness can start games in: a name, what it claims, and
/// how to start a game, as a value. The start is any closure (it may hold
/// a path, a handle to an interpreter, a configuration); any number of
/// kinds may be checked at once, and cloning one shares its closures.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use tromp_taylor_engine::engine::{EngineKind, Supports};
/// use tromp_taylor_engine::vocab::{Handicap, Rules, Setup, Size};
///
/// let setup = Setup { size: Size::new(5, 5).unwrap(), rules: Rules::TROMP_TAYLOR, handicap: Handicap::None };
/// let started = Arc::new(AtomicUsize::new(0));
/// let counter = Arc::clone(&started);
/// let fast = EngineKind::fast();
/// let counted = EngineKind::new("counted-fast", Supports::EVERYTHING, move |setup| {
///     counter.fetch_add(1, Ordering::Relaxed);
///     fast.start(setup)
/// });
/// assert_eq!(counted.name(), "counted-fast");
/// assert!(!counted.supports().setup_positions);
/// assert!(counted.start(setup).is_ok());
/// assert_eq!(started.load(Ordering::Relaxed), 1);
/// ```
#[derive(Clone)]
pub struct EngineKind {
    name: Arc<str>,
    start: Arc<Start>,
    start_position: Option<Arc<StartPosition>>,
    supports: Supports,
}

impl EngineKind {
    /// An engine named `name` that claims `supports` and starts games with
    /// `start`. It starts no setup position (its [`Supports::setup_positions`]
    /// is `false`) until [`EngineKind::with_positions`] gives it a way.
    pub fn new(
        name: &str,
        supports: Supports,
        start: impl Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync + 'static,
    ) -> EngineKind {
        EngineKind {
            name: Arc::from(name),
            start: Arc::new(start),
            start_position: None,
            supports: Supports {
                setup_positions: false,
                ..supports
            },
        }
    }

    /// The same engine, starting setup positions with `start_position`
    /// (and claiming to).
    pub fn with_positions(
        self,
        start_position: impl Fn(Size, Rules, &[Color], Player) -> Result<Box<dyn Engine + Send>, String>
            + Send
            + Sync
            + 'static,
    ) -> EngineKind {
        EngineKind {
            start_position: Some(Arc::new(start_position)),
            supports: Supports {
                setup_positions: true,
                ..self.supports
            },
            ..self
        }
    }

    /// Its name in reports.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it claims to implement: the harness compares it only there
    /// ([`Supports::EVERYTHING`] for an engine of the whole rules).
    pub fn supports(&self) -> Supports {
        self.supports
    }

    /// The same engine claiming `supports` instead (setup positions only
    /// where it has a way to start them).
    pub fn claiming(self, supports: Supports) -> EngineKind {
        let setup_positions = supports.setup_positions && self.start_position.is_some();
        EngineKind {
            supports: Supports {
                setup_positions,
                ..supports
            },
            ..self
        }
    }

    /// Starts a game, or says why it cannot.
    pub fn start(&self, setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
        (self.start)(setup)
    }

    /// Starts a game from a setup position, or says why it cannot (among
    /// the reasons: this engine starts none).
    pub fn start_position(
        &self,
        size: Size,
        rules: Rules,
        colors: &[Color],
        to_move: Player,
    ) -> Result<Box<dyn Engine + Send>, String> {
        match &self.start_position {
            Some(start) => start(size, rules, colors, to_move),
            None => Err(format!("{} cannot start from a setup position", self.name)),
        }
    }
}

impl std::fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// One of our two engines, by the name the command line and reports use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineName {
    /// `tromp-taylor-spec`: the literal statement of the rules.
    Spec,
    /// `tromp-taylor-fast`: the optimised engine.
    Fast,
}

impl EngineName {
    /// The engine, to start games in.
    pub fn kind(self) -> EngineKind {
        match self {
            EngineName::Spec => EngineKind::spec(),
            EngineName::Fast => EngineKind::fast(),
        }
    }
}

/// A name that is neither `spec` nor `fast`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not one of our engines: spec or fast")]
pub struct UnknownEngine(pub String);

impl std::str::FromStr for EngineName {
    type Err = UnknownEngine;

    /// `spec` or `fast`.
    ///
    /// ```
    /// use tromp_taylor_engine::engine::EngineName;
    /// assert_eq!("fast".parse::<EngineName>().unwrap().kind().name(), "fast");
    /// assert!("both".parse::<EngineName>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<EngineName, UnknownEngine> {
        match text {
            "spec" => Ok(EngineName::Spec),
            "fast" => Ok(EngineName::Fast),
            _ => Err(UnknownEngine(text.to_string())),
        }
    }
}

impl std::fmt::Display for EngineName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EngineName::Spec => "spec",
            EngineName::Fast => "fast",
        })
    }
}
