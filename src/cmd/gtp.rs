//! The `gtp` subcommand: its arguments, and the session it runs on standard
//! input and output.

use clap::{Args, ValueEnum};
use std::process::ExitCode;
use tromp_taylor_gtp::SessionOptions;
use tromp_taylor_harness::engine::{FAST, SPEC};
use tromp_taylor_harness::vocab::Rules;

/// The engine that decides in a GTP session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GtpEngine {
    /// The optimised engine.
    Fast,
    /// The literal statement of the rules (slow on large boards).
    Spec,
}

/// `tromp-taylor gtp [--engine fast|spec] [--rules R] [--seed S]`.
#[derive(Args, Debug)]
pub struct GtpArgs {
    /// The engine that decides.
    #[arg(long, value_enum, default_value_t = GtpEngine::Fast)]
    pub engine: GtpEngine,
    /// Rules: a preset (tromp-taylor, chinese, new-zealand,
    /// simple-ko-territory) or a compact string (koPOSITIONALscoreAREAsui1).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: Rules,
    /// The seed of `genmove` (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
}

impl GtpArgs {
    /// The session's options.
    pub fn options(&self) -> SessionOptions {
        let seed = self.seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
        });
        SessionOptions {
            engine: match self.engine {
                GtpEngine::Fast => FAST,
                GtpEngine::Spec => SPEC,
            },
            rules: self.rules,
            seed,
            files: true,
        }
    }

    /// Runs the session on standard input and output.
    pub fn run(&self) -> ExitCode {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        match tromp_taylor_gtp::run(self.options(), stdin.lock(), stdout.lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tromp-taylor gtp: {e}");
                ExitCode::FAILURE
            }
        }
    }
}
