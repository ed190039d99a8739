//! Checking your engine against the rules from a `#[test]`: one call plays
//! generated games on the rules (`spec`) and on your engine, within what the
//! engine claims ([`crate::engine::Supports`]), and gives a report with
//! every place they part, minimised, in the words of `tromp-taylor diff`;
//! another replays the SGFs you keep as regressions. An engine that needs
//! state to start its games is an [`EngineKind::new`](crate::engine::EngineKind::new)
//! with a closure that holds it.
//!
//! ```
//! use tromp_taylor_harness::check::{check_engine, CheckOptions};
//! use tromp_taylor_harness::engine::EngineKind;
//!
//! // Your engine's `EngineKind` here; `fast` agrees with the rules.
//! let report = check_engine(&EngineKind::fast(), &CheckOptions::new(4, 1));
//! report.assert_agrees();
//! assert_eq!(report.summary.games, 4);
//! ```
//!
//! See docs/checking-your-engine.md and `engines/rust/examples/goban.rs`.

mod games;
mod replay;
mod report;

pub use games::{check_engine, CheckFailed, CheckOptions, CheckReport};
pub use replay::{replay, CheckError, Replay, ReplayReport, Replayed};
pub use report::rules_at_stake;
