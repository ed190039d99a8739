//! The harness around the rules: its own vocabulary, one adapter per engine,
//! the game generators, the differential driver and its reports, SGF, and
//! the jobs the command line runs.
//!
//! To check your own engine from a `#[test]`, implement [`engine::Engine`],
//! declare what it claims in an [`engine::EngineKind`], and call
//! [`check::check_engine`]; the workspace's `engines/rust/examples/goban.rs`
//! does it for the `goban` crate, and docs/checking-your-engine.md walks
//! through it.
//!
//! Data flows one way: the rules (`tromp-taylor-spec`) and the optimised
//! engine (`tromp-taylor-fast`) decide; this crate drives them and compares
//! their answers; the binary `tromp-taylor` prints what it is told.

pub mod cases;
pub mod check;
pub mod diff;
pub mod engine;
pub mod generate;
pub mod minimise;
pub mod names;
pub mod progress;
pub mod quotes;
pub mod report;
pub mod run;
pub mod script;
pub mod sgf;
pub mod variety;
pub mod vertex;
pub mod vocab;

/// The README's Rust examples, compiled and run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
