//! `tromp-taylor exhaust`: the proof by exhaustion on small boards, `spec`
//! against `fast` — every legal position and every turn from it under every
//! rules set, or every game to a depth (or whole) — on every core, with
//! progress, a stop on Ctrl-C that says how to finish, and `diff`'s report
//! of any difference.

mod command;
mod table;

pub use command::ExhaustArgs;
