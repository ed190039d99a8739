//! The GTP command handlers: one session (a game, a seeded generator for
//! `genmove`, the options it was started with), answering one command at a
//! time. Every handler either succeeds or fails leaving the game exactly as
//! it was.
//!
//! `session` holds the session and sends each command to its handler; the
//! handlers live by job: `setup` (board, komi, rules, handicaps),
//! `play` (moves, `genmove`, `undo`), `queries` (the position, legality,
//! the score), `records` (`loadsgf`, `printsgf`), `kata` (KataGo's rule
//! forms), and `words` (the arguments and answers they share).

mod kata;
mod play;
mod queries;
mod records;
mod session;
mod setup;
mod words;

pub use kata::{kata_rules_json, parse_kata_rules};
pub use session::{Answer, Session, SessionOptions, COMMANDS};
pub use words::{point_name, turn_text};
