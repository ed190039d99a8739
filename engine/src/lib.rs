//! The engine layer: the one trait every engine under comparison is
//! adapted to ([`engine::Engine`]), what an engine claims
//! ([`engine::Supports`]) and how to start it ([`engine::EngineKind`]), the
//! adapters of `tromp-taylor-spec` and `tromp-taylor-fast` (one file each),
//! the script of a game ([`script::Script`]), and the differential driver
//! that plays one script on two engines and says where they part
//! ([`diff::Divergence`]).
//!
//! It depends on the two engines and the vocabulary only, and builds for
//! `wasm32-unknown-unknown`: the harness (generators, minimisation,
//! reports, the case suite, the jobs) sits above it and re-exports these
//! modules at the same paths (`tromp_taylor_harness::engine`, `::diff`,
//! `::script`); the explorer runs it in the browser.

pub mod diff;
pub mod engine;
pub mod report;
pub mod script;

pub use tromp_taylor_vocab::{safe, sgf, vertex, vocab};
