//! One module per subcommand: its arguments (clap) and what it prints.
//!
//! `println!` and `print!` in these modules are `output`'s own: they write
//! to standard output as std's do, but when the reader has gone (a closed
//! pipe, as `tromp-taylor diff | head -1` leaves it) they stop the program
//! quietly with exit status 141 (128 + SIGPIPE), as a closed pipe stops a
//! Unix tool, where std's would panic.

#[macro_use]
pub mod output;
pub mod args;
pub mod audit;
pub mod builtin_cases;
pub mod count;
pub mod diff;
pub mod exhaust;
pub mod gtp;
pub mod matrix;
pub mod perft;
#[cfg(feature = "planted-bugs")]
pub mod planted;
pub mod play;
pub mod progress;
pub mod replay;
pub mod score;
pub mod signals;
pub mod vectors;

pub(crate) use args::{clock_seed, numbers, rules_by_any_name};
pub(crate) use output::{fail, print_json, print_report};
