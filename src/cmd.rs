//! One module per subcommand: its arguments (clap) and what it prints.
//!
//! `println!` and `print!` in these modules are this file's own: they write
//! to standard output as std's do, but when the reader has gone (a closed
//! pipe, as `tromp-taylor diff | head -1` leaves it) they stop the program
//! quietly with exit status 141 (128 + SIGPIPE), as a closed pipe stops a
//! Unix tool, where std's would panic.

/// Prints a line to standard output, as std's `println!`, except that a
/// reader who has gone ends the program ([`stdout_write`]).
macro_rules! println {
    () => {
        $crate::cmd::stdout_write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cmd::stdout_write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints to standard output, as std's `print!`, except that a reader who
/// has gone ends the program ([`stdout_write`]).
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::cmd::stdout_write(format_args!($($arg)*))
    };
}

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

use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_counts::CountError;

/// Writes `text` to standard output. When the reader has gone (a broken
/// pipe) the program ends quietly with status 141; any other failure to
/// write is said on standard error, with status 2.
pub(crate) fn stdout_write(text: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(error) = std::io::stdout().lock().write_fmt(text) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(2);
    }
}

/// Says why a count could not be made, and exits with 2; or, for a count
/// stopped by Ctrl-C or SIGTERM, says how far it got and exits with 130 or
/// 143.
fn fail(error: CountError) -> ExitCode {
    if let CountError::Stopped(_) | CountError::Interrupted(_) = error {
        let stop = signals::stop();
        if let Some(line) = signals::stopped_line(&stop) {
            eprintln!("{line}");
        }
        eprintln!("{error}");
        return signals::stopped_status(&stop).unwrap_or(ExitCode::from(130));
    }
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

/// Rules by any name the program reads: a preset, a compact string, or a
/// name other programs write (`chinese`, `nz`, `aga`, `japanese`), as
/// `replay` reads `RU`.
fn rules_by_any_name(text: &str) -> Result<tromp_taylor_harness::vocab::Rules, String> {
    tromp_taylor_conformance::matrix::manifest::rules_by_any_name(text)
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

/// Numeric options, each checked once by clap as it parses, so that a value
/// that means nothing (NaN, infinite, negative, zero, absurd) is refused with
/// exit 2 and a message naming the option before anything runs.
pub mod numbers {
    /// The most seconds a timeout may be: a day.
    pub const MAX_SECONDS: f64 = 86_400.0;
    /// The most worker threads `--jobs` may ask for.
    pub const MAX_JOBS: usize = 256;

    /// A number of seconds: finite, above zero, at most [`MAX_SECONDS`].
    pub fn seconds(text: &str) -> Result<f64, String> {
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a number of seconds"))?;
        if !value.is_finite() {
            return Err(format!("{text:?} is not a finite number of seconds"));
        }
        if value <= 0.0 {
            return Err(format!("{text:?}: a timeout must be above 0 seconds"));
        }
        if value > MAX_SECONDS {
            return Err(format!(
                "{text:?}: a timeout may be at most {MAX_SECONDS} seconds (a day)"
            ));
        }
        Ok(value)
    }

    /// A whole number from `low` to `high`, with `what` it counts named in the error.
    fn bounded(text: &str, low: usize, high: usize, what: &str) -> Result<usize, String> {
        let value: usize = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a whole number of {what}"))?;
        if !(low..=high).contains(&value) {
            return Err(format!("{value} {what}: give from {low} to {high} {what}"));
        }
        Ok(value)
    }

    /// Worker threads: 1 to [`MAX_JOBS`].
    pub fn jobs(text: &str) -> Result<usize, String> {
        bounded(text, 1, MAX_JOBS, "jobs")
    }

    /// Games to play: at least one, at most a billion.
    pub fn games(text: &str) -> Result<usize, String> {
        bounded(text, 1, 1_000_000_000, "games")
    }

    /// Generated vectors: none to a hundred thousand.
    pub fn generated(text: &str) -> Result<usize, String> {
        bounded(text, 0, 100_000, "cases")
    }

    /// Handicap stones: none to a board's points (52x52).
    pub fn stones(text: &str) -> Result<usize, String> {
        bounded(text, 0, 52 * 52, "stones")
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn numbers_that_mean_nothing_are_refused() {
            for bad in ["nan", "NaN", "inf", "-inf", "-1", "0", "1e9", "x", ""] {
                assert!(seconds(bad).is_err(), "{bad}");
            }
            assert_eq!(seconds("0.5"), Ok(0.5));
            assert!(jobs("0").is_err() && jobs("1000000").is_err() && jobs("-2").is_err());
            assert!(jobs("1000000").unwrap_err().contains("from 1 to 256"));
            assert_eq!(jobs("4"), Ok(4));
            assert!(games("0").is_err());
            assert_eq!(generated("0"), Ok(0));
            assert!(stones("2705").is_err());
        }
    }
}
