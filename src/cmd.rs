//! One module per subcommand: its arguments (clap) and what it prints.

pub mod audit;
pub mod count;
pub mod diff;
pub mod gtp;
pub mod perft;
#[cfg(feature = "planted-bugs")]
pub mod planted;
pub mod play;
pub mod progress;
pub mod replay;
pub mod score;
pub mod vectors;

use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_harness::count::CountError;

/// Says why a count could not be made, and exits with 2.
fn fail(error: CountError) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}

/// Prints a job's report: one line of JSON with `json`, else its text.
fn print_report(json: bool, report: &(impl Serialize + std::fmt::Display)) {
    if json {
        println!(
            "{}",
            serde_json::to_string(report).expect("reports serialize")
        );
    } else {
        println!("{report}");
    }
}

/// Prints one JSON object.
fn print_json(value: &impl Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("error: cannot write JSON: {e}"),
    }
}

/// A seed from the clock, for runs not given one (every job prints its seed).
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}
