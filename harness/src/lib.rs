//! The harness around the rules: one adapter per engine, the game
//! generators, the differential driver and its reports, the case suite,
//! check, and the jobs the command line runs; and, re-exported at their own
//! paths from `tromp-taylor-vocab`, the vocabulary and SGF.
//!
//! To check your own engine from a `#[test]`, implement [`engine::Engine`],
//! declare what it claims in an [`engine::EngineKind`], and call
//! [`check::check_engine`]; the workspace's `engines/rust/examples/goban.rs`
//! does it for the `goban` crate, and docs/checking-your-engine.md walks
//! through it. This crate is all you need: the words the trait speaks
//! ([`vocab`]), rule names ([`names`]), GTP vertices ([`vertex`]), the rule
//! texts reports quote ([`quotes`]) and SGF records ([`sgf`]) are
//! `tromp-taylor-vocab`'s modules, re-exported here under the same names.
//!
//! Data flows one way: the rules (`tromp-taylor-spec`) and the optimised
//! engine (`tromp-taylor-fast`) decide; the vocabulary names what they
//! decide; this crate drives them and compares their answers; the binary
//! `tromp-taylor` prints what it is told. The engine layer (the trait, the
//! adapters, the script, the driver and its report) is `tromp-taylor-engine`,
//! which builds for wasm32, re-exported here at its old paths.

pub mod cases;
pub mod check;
pub mod file;
pub mod finding;
pub mod generate;
pub mod job_loop;
pub mod minimise;
pub mod progress;
pub mod run;
pub mod stop;
pub mod variety;

pub use tromp_taylor_vocab::{names, quotes, safe, sgf, vertex, vocab};

// The engine layer (the trait, the adapters, the script, the differential
// driver) is `tromp-taylor-engine`, which builds for wasm32; here at the
// paths it always had.
pub use tromp_taylor_engine::{diff, engine, report, script};

/// The README's Rust examples, compiled and run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
