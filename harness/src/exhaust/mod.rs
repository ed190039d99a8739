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

use crate::engine::EngineKind;
use crate::vocab::{Position, Rules, Setup, Superko, Turn};

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

/// Every superko option, in the order runs walk them.
pub const SUPERKOS: [Superko; 3] = [Superko::Positional, Superko::Situational, Superko::SimpleKo];

/// The rules each position is checked under: every combination of the
/// options that change a verdict or a number at one position — the
/// repetition rule (a lone stone's suicide repeats the position), suicide
/// allowed or forbidden, an illegal move refused or losing the turn, area or
/// territory scoring, komi 0 or 7.5 — 48 sets.
pub fn position_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for superko in SUPERKOS {
        for suicide_allowed in [true, false] {
            for illegal_loses_turn in [false, true] {
                for territory_scoring in [false, true] {
                    for komi_half_points in [0, 15] {
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
            }
        }
    }
    all
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
