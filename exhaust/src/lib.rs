//! Proof by exhaustion on small boards, two engines against each other:
//! every legal position with either player to move and every turn from it
//! under every rules set ([`positions`]), and every game to a depth, or
//! whole, from each start ([`games`]), compared at every node.
//!
//! Where the random check ([`tromp_taylor_harness::run`]) samples games,
//! this walks the whole space of a small scope (SmallCheck's idea, and
//! perft's at every node), so agreement is a proof for that scope. A
//! difference is replayed by the harness's differential check
//! ([`tromp_taylor_harness::diff`]) as a game from the start or from a
//! setup position, and reported as `diff` reports it ([`reproduce`]).
//!
//! This crate is one of the jobs above the harness: it drives any two
//! [`tromp_taylor_harness::engine::EngineKind`]s through the harness's
//! `Engine` trait and never names `spec` or `fast` itself; the command
//! line's `tromp-taylor exhaust` runs it (docs/testing.md, "Proof by
//! exhaustion on small boards", has the claim, the coverage and the times).
//!
//! ```
//! use tromp_taylor_exhaust::{run_exhaust, ExhaustOptions, Pair, Part};
//! use tromp_taylor_harness::vocab::{Rules, Size};
//!
//! let options = ExhaustOptions {
//!     part: Part::Positions,
//!     sizes: vec![Size::new(2, 1).unwrap()],
//!     rules: vec![Rules::TROMP_TAYLOR],
//!     depth: None,
//!     jobs: 1,
//!     first_task: 0,
//!     symmetry: false,
//!     open_set: false,
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
pub mod pair;
pub mod plan;
pub mod positions;
pub mod reproduce;
pub mod rules;
pub mod state;
pub mod symmetry;

pub use job::{run_exhaust, Covered, ExhaustOptions, Summary};
pub use pair::{Pair, Walked};
pub use plan::{Part, Task};
pub use reproduce::Found;
pub use rules::{every_position_rules, game_rules, position_rules, SUPERKOS};

/// The README's example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
