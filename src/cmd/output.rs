//! What the subcommands print: `println!` and `print!` that stop quietly on
//! a closed pipe, a report as text or JSON, and a count's failure.

use super::signals;
use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_counts::CountError;

/// Prints a line to standard output, as std's `println!`, except that a
/// reader who has gone ends the program ([`stdout_write`]).
macro_rules! println {
    () => {
        $crate::cmd::output::stdout_write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cmd::output::stdout_write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints to standard output, as std's `print!`, except that a reader who
/// has gone ends the program ([`stdout_write`]).
macro_rules! print {
    ($($arg:tt)*) => {
        $crate::cmd::output::stdout_write(format_args!($($arg)*))
    };
}

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
pub(crate) fn fail(error: CountError) -> ExitCode {
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
pub(crate) fn print_report(json: bool, report: &(impl Serialize + std::fmt::Display)) {
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
pub(crate) fn print_json(value: &impl Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("error: cannot write JSON: {e}"),
    }
}
