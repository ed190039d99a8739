//! An engine run as a child process over GTP, behind the harness's
//! [`Engine`](tromp_taylor_harness::engine::Engine) trait: one more engine for `diff`, `check` and the cases
//! runner, claiming only what GTP and its commands let it be held to.
//!
//! [`gtp_engine`] starts the engine once to ask what it answers
//! ([`Capabilities`](crate::capabilities::Capabilities)), the longest side its `boardsize` accepts and whether
//! its `showboard` can be read, and declares [`Supports`](tromp_taylor_harness::engine::Supports) from them: no
//! setup positions, free handicaps or agreements on points to empty (GTP
//! has none of them; the agreement ending's four passes it counts itself);
//! a fixed handicap only with `fixed_handicap` (GTP's placement);
//! rectangles only with `rectangular_boardsize`; `undo` only with `undo`;
//! rule options other than the rules it is held to only where it can be
//! told them (`kata-set-rules`, as the auditor decides); legal sets only
//! with `all_legal`, verdict queries only with `is_legal`, grids only with
//! `list_stones` or a readable `showboard`, prisoners only with `captures`,
//! the result of an ended game only with `final_score`; never a reason for
//! a refusal (`? illegal move` does not say why) nor a score as the position
//! stands.
//!
//! The processes are pooled: a game takes an idle one (or starts one),
//! sets it up with `boardsize`, `clear_board`, `komi`, the rules and a
//! fixed handicap, and
//! gives it back when it ends, so that a run starts about as many processes
//! as it plays games at once, not one per game (the minimiser replays a game
//! hundreds of times). A process that crashed, hung or answered garbage is
//! never given back. The trait's methods cannot fail: where the engine
//! crashes, hangs or answers garbage the adapter panics with `crash: `,
//! `hang: ` or `garbage: ` and the command and its standard-error tail, and
//! the driver reports the panic as the engine's.
//!
//! What the game's bookkeeping needs and GTP cannot be asked (whose turn it
//! is, the run of passes, the end at two passes, a point off the board, a
//! turn lost to a refused move where the rules say so) the adapter keeps
//! itself, as a GTP controller does. A refusal on an occupied point loses
//! nothing, so a lost turn is claimed only where the engine's board can be
//! read; undoing a lost turn sets the game up again and replays it.

pub mod answers;
mod engine;
mod options;
mod probe;
mod rules;
mod setup;

pub use engine::{failure_named, failure_word, GtpEngine};
pub use options::GtpOptions;
pub use probe::{claims, gtp_engine, gtp_engine_probed, probe, Probed, GTP_MAX_SIDE};
pub use rules::{kgs_rules_name, SetRules};
pub use setup::{ask_after, play_commands, setup_commands};

#[cfg(test)]
mod tests;
