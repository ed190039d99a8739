//! Proof by exhaustion on small boards, two engines against each other:
//! every legal position with either player to move and every turn from it
//! under every rules set ([`positions`]), and every game to a depth, or
//! whole, from each start ([`games`]), compared at every node.
//!
//! Where the random check ([`crate::run`]) samples games, this walks the
//! whole space of a small scope (SmallCheck's idea, and perft's at every
//! node), so agreement is a proof for that scope. A difference is replayed
//! by the differential check as a game from the start or from a setup
//! position, and reported as `diff` reports it ([`reproduce`]).
//!
//! ```
//! use tromp_taylor_harness::exhaust::{run_exhaust, ExhaustOptions, Pair, Part};
//! use tromp_taylor_harness::vocab::{Rules, Size};
//!
//! let options = ExhaustOptions {
//!     part: Part::Positions,
//!     sizes: vec![Size::new(2, 1).unwrap()],
//!     rules: vec![Rules::TROMP_TAYLOR],
//!     depth: None,
//!     jobs: 1,
//!     first_task: 0,
//!     pair: Pair::spec_and_fast(),
//!     progress: Default::default(),
//! };
//! let summary = run_exhaust(&options);
//! assert!(summary.complete());
//! // L(2, 1) = 5 colorings, each with either player to move.
//! assert_eq!(summary.done().map(|c| c.positions).sum::<u64>(), 10);
//! ```

pub mod answers;
pub mod enumerate;
pub mod games;
pub mod job;
pub mod plan;
pub mod positions;
pub mod reproduce;

pub use job::{run_exhaust, Covered, ExhaustOptions, Summary};
pub use plan::{Part, Task};
pub use reproduce::Found;

use crate::engine::{Engine, EngineKind};
use crate::vocab::{Position, Rules, Setup, Superko, Turn};
use answers::Parted;

/// The two engines compared: the reference first.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The reference.
    pub left: EngineKind,
    /// The engine under test.
    pub right: EngineKind,
}

impl Pair {
    /// `spec` against `fast`.
    pub fn spec_and_fast() -> Pair {
        Pair {
            left: EngineKind::spec(),
            right: EngineKind::fast(),
        }
    }
}

/// A line walked: its setup, the position it started from (none for the
/// empty board or a handicap), its turns, and whether an undo after the
/// last turn comes before the engines part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// Board, rules and handicap.
    pub setup: Setup,
    /// The setup position, if any.
    pub start: Option<Position>,
    /// The turns from the start.
    pub path: Vec<Turn>,
    /// Whether the last turn was taken back before they parted.
    pub undo: bool,
}

/// A game started in one engine.
pub(crate) type Started = Box<dyn Engine + Send>;

/// Starts a game in both engines with `start`: both games; or none where
/// both refuse it in the same words; or where they part.
pub(crate) fn start_both(
    pair: &Pair,
    start: impl Fn(&EngineKind) -> Result<Started, String>,
) -> Result<Option<(Started, Started)>, Parted> {
    match (start(&pair.left), start(&pair.right)) {
        (Ok(a), Ok(b)) => Ok(Some((a, b))),
        (Err(a), Err(b)) if a == b => Ok(None),
        (a, b) => Err(Parted {
            what: "start".to_string(),
            left: a.map(|_| "started".to_string()).unwrap_or_else(|e| e),
            right: b.map(|_| "started".to_string()).unwrap_or_else(|e| e),
        }),
    }
}

/// Every superko option, in the order runs walk them.
pub const SUPERKOS: [Superko; 3] = [Superko::Positional, Superko::Situational, Superko::SimpleKo];

/// Area or territory scoring with komi 0 or 7.5 (in half points): the
/// options that change only the numbers of a position, never a verdict.
const NUMBERS: [(bool, i32); 4] = [(false, 0), (true, 15), (false, 15), (true, 0)];

/// The rules each position is checked under by default: every combination
/// of the options that change a verdict at one position — the repetition
/// rule (a lone stone's suicide repeats the position), suicide allowed or
/// forbidden, an illegal move refused or losing the turn — 12 sets, each
/// with one of the four combinations of scoring (area, territory) and komi
/// (0, 7.5), in a Latin square: each repetition rule meets all four, each
/// pair of suicide and illegal-move options three.
pub fn position_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for (s, superko) in SUPERKOS.into_iter().enumerate() {
        for (c, (suicide_allowed, illegal_loses_turn)) in
            [(true, false), (true, true), (false, false), (false, true)]
                .into_iter()
                .enumerate()
        {
            let (territory_scoring, komi_half_points) = NUMBERS[(s + c) % 4];
            all.push(Rules {
                superko,
                suicide_allowed,
                illegal_loses_turn,
                territory_scoring,
                komi_half_points,
                agreement_ending: false,
            });
        }
    }
    all
}

/// [`position_rules`] with every combination of scoring and komi: 48 sets,
/// four times the work for the same verdicts.
pub fn every_position_rules() -> Vec<Rules> {
    position_rules()
        .into_iter()
        .flat_map(|rules| {
            NUMBERS.map(|(territory_scoring, komi_half_points)| Rules {
                territory_scoring,
                komi_half_points,
                ..rules
            })
        })
        .collect()
}

/// The rules games are walked under by default: each repetition rule with
/// suicide allowed and forbidden (area scoring, komi 0, two passes end the
/// game, an illegal move refused).
pub fn game_rules() -> Vec<Rules> {
    SUPERKOS
        .into_iter()
        .flat_map(|superko| {
            [true, false].map(|suicide_allowed| Rules {
                superko,
                suicide_allowed,
                ..Rules::TROMP_TAYLOR
            })
        })
        .collect()
}
