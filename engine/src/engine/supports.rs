//! What an engine claims to implement: the rule options, board sizes,
//! handicaps and starting positions it declares, so that the harness compares
//! it only there and never guesses from its failures.

use crate::vocab::{Ending, Handicap, IllegalMove, Rules, Scoring, Setup, Size, Suicide, Superko};
use std::fmt;

/// What an engine declares it implements. The harness plays an engine only
/// on setups it claims here; a game it claims and then refuses to start is a
/// divergence, not a skip.
///
/// Start from [`Supports::EVERYTHING`] and switch off what the engine lacks:
///
/// ```
/// use tromp_taylor_engine::engine::Supports;
/// use tromp_taylor_engine::vocab::{Rules, Setup, Size, Handicap};
///
/// const SQUARE_CHINESE: Supports = Supports {
///     situational_superko: false,
///     simple_ko: false,
///     suicide_allowed: false,
///     agreement_ending: false,
///     territory_scoring: false,
///     max_side: 19,
///     rectangles: false,
///     ..Supports::EVERYTHING
/// };
/// let chinese: Rules = "chinese".parse().unwrap();
/// let setup = |w, h, rules| Setup { size: Size::new(w, h).unwrap(), rules, handicap: Handicap::None };
/// assert!(SQUARE_CHINESE.setup(&setup(9, 9, chinese)).is_ok());
/// let refused = SQUARE_CHINESE.setup(&setup(9, 9, Rules::TROMP_TAYLOR)).unwrap_err();
/// assert_eq!(refused.to_string(), "suicide allowed");
/// let refused = SQUARE_CHINESE.setup(&setup(5, 3, chinese)).unwrap_err();
/// assert_eq!(refused.to_string(), "5x3 boards (rectangles)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Supports {
    /// Positional superko (rule 6).
    pub positional_superko: bool,
    /// Situational superko (comment 6).
    pub situational_superko: bool,
    /// Simple ko only (seed 004).
    pub simple_ko: bool,
    /// Suicide allowed (rule 7).
    pub suicide_allowed: bool,
    /// Suicide forbidden (comment 7').
    pub suicide_forbidden: bool,
    /// The game ends at two passes (rule 8).
    pub two_passes_ending: bool,
    /// The game ends by agreement after two passes, as is after four (comment 8).
    pub agreement_ending: bool,
    /// Area scoring (rule 9).
    pub area_scoring: bool,
    /// Territory scoring (comment 9).
    pub territory_scoring: bool,
    /// A komi other than 0 (comment 10).
    pub komi: bool,
    /// Free handicaps: Black's first turns consecutive (comment 5).
    pub free_handicap: bool,
    /// Fixed handicaps on the standard points (seed 004, GTP's table).
    pub fixed_handicap: bool,
    /// The longest side of a board it plays, at most [`crate::vocab::MAX_SIDE`].
    pub max_side: usize,
    /// Boards whose sides differ (comment 1).
    pub rectangles: bool,
    /// Seed 003's lost turn: a move refused as suicide, ko or superko also
    /// loses the turn.
    pub illegal_loses_turn: bool,
    /// Games from a setup position (a record's `AB`/`AW`), through
    /// [`super::EngineKind::start_position`].
    pub setup_positions: bool,
    /// Taking back turns and agreements ([`super::Engine::undo`]).
    pub undo: bool,
    /// The legal set ([`super::Engine::legal_turns`]), compared before every step.
    pub legal_sets: bool,
    /// Verdicts asked without playing ([`super::Engine::check`]), compared on every attempt.
    pub verdict_queries: bool,
    /// Why a turn is refused: without it only legality is compared, never the reason.
    pub reasons: bool,
    /// The grid ([`super::Engine::grid`]), compared after every step.
    pub grids: bool,
    /// Each player's prisoners ([`super::Engine::prisoners`]), compared at the end.
    pub captures: bool,
    /// Scores and the result as the position stands at any moment ([`super::Engine::score`]).
    pub scores: bool,
    /// The result of an ended game ([`super::Engine::outcome`] once it is over).
    pub results: bool,
    /// Agreements on points to empty ([`super::Engine::agree`], comment 8):
    /// without them an engine may still play under the agreement ending
    /// (the game ends as is after four passes), and the driver leaves a
    /// script's agreements out where it compares the engine.
    pub agreements: bool,
}

impl Supports {
    /// Every option, every rectangle from 1x1 to 52x52, handicaps and setup
    /// positions: what `spec` and `fast` implement.
    pub const EVERYTHING: Supports = Supports {
        positional_superko: true,
        situational_superko: true,
        simple_ko: true,
        suicide_allowed: true,
        suicide_forbidden: true,
        two_passes_ending: true,
        agreement_ending: true,
        area_scoring: true,
        territory_scoring: true,
        komi: true,
        free_handicap: true,
        fixed_handicap: true,
        max_side: crate::vocab::MAX_SIDE,
        rectangles: true,
        illegal_loses_turn: true,
        setup_positions: true,
        undo: true,
        legal_sets: true,
        verdict_queries: true,
        reasons: true,
        grids: true,
        captures: true,
        scores: true,
        results: true,
        agreements: true,
    };

    /// The answers it claims to give, by name (`legal sets`, `verdict
    /// queries`, `reasons`, `grids`, `captures`, `scores`, `results`,
    /// `agreements`), with whether it claims each: the driver compares an
    /// answer only where both engines claim it.
    pub fn answers(&self) -> [(bool, &'static str); 8] {
        [
            (self.legal_sets, "legal sets"),
            (self.verdict_queries, "verdict queries"),
            (self.reasons, "reasons"),
            (self.grids, "grids"),
            (self.captures, "captures"),
            (self.scores, "scores"),
            (self.results, "results"),
            (self.agreements, "agreements"),
        ]
    }

    /// The answers it does not claim, by name (see [`Supports::answers`]).
    pub fn unclaimed_answers(&self) -> Vec<&'static str> {
        let answers = self.answers();
        answers
            .iter()
            .filter(|(claimed, _)| !claimed)
            .map(|(_, name)| *name)
            .collect()
    }

    /// The answers both `self` and `other` claim: what a comparison of the
    /// two may ask.
    pub fn both(&self, other: &Supports) -> Supports {
        Supports {
            legal_sets: self.legal_sets && other.legal_sets,
            verdict_queries: self.verdict_queries && other.verdict_queries,
            reasons: self.reasons && other.reasons,
            grids: self.grids && other.grids,
            captures: self.captures && other.captures,
            scores: self.scores && other.scores,
            results: self.results && other.results,
            agreements: self.agreements && other.agreements,
            ..*self
        }
    }

    /// Whether the engine claims `option`: the one table from what an engine
    /// may lack to the field that declares it.
    pub fn claims(&self, option: Unsupported) -> bool {
        match option {
            Unsupported::Superko(Superko::Positional) => self.positional_superko,
            Unsupported::Superko(Superko::Situational) => self.situational_superko,
            Unsupported::Superko(Superko::SimpleKo) => self.simple_ko,
            Unsupported::Suicide { allowed: true } => self.suicide_allowed,
            Unsupported::Suicide { allowed: false } => self.suicide_forbidden,
            Unsupported::Ending { agreement: true } => self.agreement_ending,
            Unsupported::Ending { agreement: false } => self.two_passes_ending,
            Unsupported::Scoring { territory: true } => self.territory_scoring,
            Unsupported::Scoring { territory: false } => self.area_scoring,
            Unsupported::Komi => self.komi,
            Unsupported::FreeHandicap => self.free_handicap,
            Unsupported::FixedHandicap => self.fixed_handicap,
            Unsupported::Side(size) => size.width().max(size.height()) <= self.max_side,
            Unsupported::Rectangle(size) => size.width() == size.height() || self.rectangles,
            Unsupported::SetupPositions => self.setup_positions,
            Unsupported::Agreements => self.agreements,
            Unsupported::LostTurn => self.illegal_loses_turn,
        }
    }

    /// `Ok` if the engine claims every one of `options`, else the first it
    /// does not.
    fn claims_all(
        &self,
        options: impl IntoIterator<Item = Unsupported>,
    ) -> Result<(), Unsupported> {
        match options.into_iter().find(|option| !self.claims(*option)) {
            Some(unsupported) => Err(unsupported),
            None => Ok(()),
        }
    }

    /// Whether the engine claims `rules`, or the first option it does not.
    pub fn rules(&self, rules: Rules) -> Result<(), Unsupported> {
        let komi = (rules.komi_half_points != 0).then_some(Unsupported::Komi);
        let lost_turn =
            (rules.illegal_move == IllegalMove::LosesTurn).then_some(Unsupported::LostTurn);
        self.claims_all(
            [
                Unsupported::Superko(rules.superko),
                Unsupported::Suicide {
                    allowed: rules.suicide == Suicide::Allowed,
                },
                Unsupported::Ending {
                    agreement: rules.ending == Ending::Agreement,
                },
                Unsupported::Scoring {
                    territory: rules.scoring == Scoring::Territory,
                },
            ]
            .into_iter()
            .chain(komi)
            .chain(lost_turn),
        )
    }

    /// Whether the engine claims boards of `size`.
    pub fn size(&self, size: Size) -> Result<(), Unsupported> {
        self.claims_all([Unsupported::Side(size), Unsupported::Rectangle(size)])
    }

    /// Whether the engine claims games started from `setup`: its size, its
    /// rules and its handicap.
    pub fn setup(&self, setup: &Setup) -> Result<(), Unsupported> {
        self.size(setup.size)?;
        self.rules(setup.rules)?;
        self.claims_all(match setup.handicap {
            Handicap::None => None,
            Handicap::Free(_) => Some(Unsupported::FreeHandicap),
            Handicap::Fixed(_) => Some(Unsupported::FixedHandicap),
        })
    }

    /// Whether the engine claims games from a setup position of `size`
    /// under `rules`.
    pub fn position(&self, size: Size, rules: Rules) -> Result<(), Unsupported> {
        self.claims_all([Unsupported::SetupPositions])?;
        self.size(size)?;
        self.rules(rules)
    }
}

impl Default for Supports {
    /// [`Supports::EVERYTHING`].
    fn default() -> Supports {
        Supports::EVERYTHING
    }
}

impl fmt::Display for Supports {
    /// What it claims, in one line: `positional superko, simple ko; suicide
    /// allowed or forbidden; ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: &[(bool, &str)]| -> String {
            let claimed: Vec<&str> = items.iter().filter(|(c, _)| *c).map(|(_, n)| *n).collect();
            match claimed.as_slice() {
                [] => "none".to_string(),
                _ => claimed.join(", "),
            }
        };
        write!(
            f,
            "repetition: {}; suicide: {}; ending: {}; scoring: {}; komi: {}; illegal moves lose the turn: {}; handicaps: {}; boards: {} up to {}x{}; setup positions: {}; undo: {}; answers: {}",
            list(&[
                (self.positional_superko, "positional superko"),
                (self.situational_superko, "situational superko"),
                (self.simple_ko, "simple ko"),
            ]),
            list(&[(self.suicide_allowed, "allowed"), (self.suicide_forbidden, "forbidden")]),
            list(&[(self.two_passes_ending, "two passes"), (self.agreement_ending, "agreement")]),
            list(&[(self.area_scoring, "area"), (self.territory_scoring, "territory")]),
            if self.komi { "any" } else { "0 only" },
            if self.illegal_loses_turn { "yes" } else { "no" },
            list(&[(self.free_handicap, "free"), (self.fixed_handicap, "fixed")]),
            if self.rectangles { "rectangles" } else { "squares" },
            self.max_side,
            self.max_side,
            if self.setup_positions { "yes" } else { "no" },
            if self.undo { "yes" } else { "no" },
            list(&self.answers()),
        )
    }
}

/// Something an engine does not claim, and so is not compared on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Unsupported {
    /// A kind of repetition rule.
    #[error("{}", match .0 {
        Superko::Positional => "positional superko",
        Superko::Situational => "situational superko",
        Superko::SimpleKo => "simple ko",
    })]
    Superko(Superko),
    /// Suicide allowed, or forbidden.
    #[error("suicide {}", if *.allowed { "allowed" } else { "forbidden" })]
    Suicide {
        /// Whether the rules allow it.
        allowed: bool,
    },
    /// The ending at two passes, or by agreement.
    #[error("{}", if *.agreement { "the agreement ending" } else { "the two-pass ending" })]
    Ending {
        /// Whether the rules end by agreement.
        agreement: bool,
    },
    /// Area, or territory, scoring.
    #[error("{} scoring", if *.territory { "territory" } else { "area" })]
    Scoring {
        /// Whether the rules score territory.
        territory: bool,
    },
    /// A komi other than 0.
    #[error("komi")]
    Komi,
    /// Free handicaps.
    #[error("free handicaps")]
    FreeHandicap,
    /// Fixed handicaps.
    #[error("fixed handicaps")]
    FixedHandicap,
    /// A board with a side longer than the engine plays.
    #[error("{0} boards (a side over its longest)")]
    Side(Size),
    /// A board whose sides differ.
    #[error("{0} boards (rectangles)")]
    Rectangle(Size),
    /// Seed 003's rule that an illegal move loses the turn.
    #[error("illegal moves that lose the turn")]
    LostTurn,
    /// Games from a setup position.
    #[error("setup positions")]
    SetupPositions,
    /// Agreements on points to empty, asked of the engine (comment 8).
    #[error("agreements on points to empty")]
    Agreements,
}
