//! The `gtp` subcommand: its arguments, and the session it runs on standard
//! input and output.

use clap::Args;
use std::process::ExitCode;
use tromp_taylor_gtp::SessionOptions;
use tromp_taylor_harness::engine::EngineName;
use tromp_taylor_harness::vocab::Rules;

/// `tromp-taylor gtp [--engine fast|spec] [--rules R] [--seed S]`.
#[derive(Args, Debug)]
pub struct GtpArgs {
    /// The engine that decides.
    #[arg(long, default_value = "fast")]
    pub engine: EngineName,
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
        let seed = self.seed.unwrap_or_else(super::clock_seed);
        SessionOptions {
            engine: self.engine.kind(),
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
