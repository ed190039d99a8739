//! `peer-gtp --engine goban|board-game [--rules R] [--seed S]`: one of the
//! Rust engines of this crate served over GTP on standard input and output
//! (`tromp_taylor_gtp::run` with its `EngineKind`), for the conformance
//! matrix (engines/goban-crate.toml, engines/board-game.toml). Every verdict
//! is the engine's; GTP, the vertices, `undo` (by replay) and the queries
//! are our server's.

use clap::Parser;
use std::process::ExitCode;
use tromp_taylor_gtp::SessionOptions;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::Rules;

/// Serves a Rust Go engine nobody here wrote over GTP.
#[derive(Parser, Debug)]
#[command(name = "peer-gtp", version)]
struct Args {
    /// The engine: goban (the goban crate 0.20) or board-game (board-game 0.8's go).
    #[arg(long, value_parser = engine)]
    engine: EngineKind,
    /// Rules: a preset (tromp-taylor, chinese, new-zealand,
    /// simple-ko-territory) or a compact string (koPOSITIONALscoreAREAsui0);
    /// rules the engine does not claim are refused at once, and a board or
    /// handicap it does not claim at `boardsize` (or `fixed_handicap`).
    #[arg(long, default_value = "tromp-taylor")]
    rules: Rules,
    /// The seed of `genmove`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

fn engine(name: &str) -> Result<EngineKind, String> {
    tromp_taylor_peers::engine(name).ok_or_else(|| {
        format!(
            "{name:?} is not one of {}",
            tromp_taylor_peers::NAMES.join(", ")
        )
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    // The session would fall back to the default rules: refuse instead.
    if let Err(unsupported) = args.engine.supports().rules(args.rules) {
        eprintln!(
            "peer-gtp: {} does not claim {unsupported} (rules {})",
            args.engine.name(),
            args.rules
        );
        return ExitCode::from(2);
    }
    let options = SessionOptions {
        engine: args.engine,
        rules: args.rules,
        seed: args.seed,
        files: true,
    };
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    match tromp_taylor_gtp::run(options, stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("peer-gtp: {e}");
            ExitCode::FAILURE
        }
    }
}
