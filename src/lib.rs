//! The harness around the rules: the vocabulary the command line shares, and
//! the jobs it runs on the engines.
//!
//! Data flows one way: the rules (`tromp-taylor-spec`) decide, this crate
//! drives them, and the binary `tromp-taylor` prints what it is told.

pub mod play;
pub mod vertex;

/// The README's Rust examples, compiled and run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
