//! The Tromp-Taylor rules in the browser: a position played in both
//! engines, every verdict from `tromp-taylor-spec` with the rule that gives
//! it (and `tromp-taylor-fast` asked too), the score as rule 9 counts it, a
//! permalink and SGF in and out.
//!
//! [`Explorer`] is the one object the page (explorer/www/) holds, through
//! `wasm-bindgen`; every answer is a JSON text the page draws from
//! ([`Explorer::view`]). The logic is plain Rust in the modules below, and
//! is tested on the host.
//!
//! ```
//! use tromp_taylor_explorer::Explorer;
//!
//! // Rule 6 on a 2x1 board: Black A1, White B1 clears it, Black A1
//! // clears White and repeats the coloring after turn 1.
//! let mut explorer = Explorer::open_link("size=2x1&turns=A1,B1");
//! let view: serde_json::Value = serde_json::from_str(&explorer.play(0, 0)).unwrap();
//! assert_eq!(view["verdict"]["cited"]["rule"], "rule 6");
//! assert_eq!(view["verdict"]["repeatsTurn"], 1);
//! ```

pub mod engines;
pub mod explain;
pub mod explorer;
pub mod link;
pub mod preview;
pub mod sgf;
#[cfg(test)]
mod tests;
pub mod web;

pub use web::{presets, version, Explorer};
