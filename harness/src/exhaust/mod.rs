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
pub mod pair;
pub mod plan;
pub mod positions;
pub mod reproduce;
pub mod rules;

pub use job::{run_exhaust, Covered, ExhaustOptions, Summary};
pub use pair::{Pair, Walked};
pub use plan::{Part, Task};
pub use reproduce::Found;
pub use rules::{every_position_rules, game_rules, position_rules, SUPERKOS};
