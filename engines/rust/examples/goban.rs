//! The worked example of checking a third-party Rust engine against the
//! rules: the `goban` crate (0.20), adapted in `src/goban.rs`, checked
//! in-process within what it claims, with its saved divergences replayed
//! (`cargo run -p tromp-taylor-peers --example goban`).
//! docs/checking-your-engine.md walks through it.

use std::process::ExitCode;
use tromp_taylor_harness::check::{check_engine, replay, CheckOptions, CheckReport};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::run::Known;
use tromp_taylor_harness::vocab::{Rules, Size};
use tromp_taylor_peers::goban::{goban, KNOWN};
// The check.

/// Checks `engine` on `games` games from `seed` on square boards from 2x2 to
/// 7x7 (fixed handicaps come on 7x7) under `rules` (`None`: random rules,
/// which goban's claims narrow), the `known` divergences reported apart.
pub fn check_goban(
    engine: &EngineKind,
    rules: Option<Vec<Rules>>,
    known: &[Known],
    games: usize,
    seed: u64,
) -> CheckReport {
    let mut options = CheckOptions::new(games, seed);
    options.sizes = [2, 3, 4, 5, 7]
        .map(|n| Size::new(n, n).expect("a size"))
        .to_vec();
    options.rules = rules;
    options.known = known.to_vec();
    check_engine(engine, &options)
}

/// Checks what goban claims: random rules on squares, 200 games from seed 1.
pub fn check_claims(known: &[Known]) -> CheckReport {
    check_goban(&goban(), None, known, 200, 1)
}

/// The saved divergences, one SGF each.
pub fn saved() -> std::path::PathBuf {
    let peers = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = peers.ancestors().nth(2).expect("the workspace");
    workspace.join("testdata/goban")
}

/// Checks goban within its claims and replays the saved divergences,
/// printing both reports; fails only on a new divergence. With `--unknown`,
/// nothing is known: every divergence is new. With `--replay FILE...`, only
/// replays those SGFs (the matrix's reproducers, say), naming the known
/// divergence each shows.
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let unknown = args.iter().any(|arg| arg == "--unknown");
    let known = if unknown { &[][..] } else { &KNOWN[..] };
    let files: Vec<std::path::PathBuf> = match args.iter().position(|arg| arg == "--replay") {
        Some(at) => args[at + 1..].iter().map(Into::into).collect(),
        None => Vec::new(),
    };
    let report = if files.is_empty() {
        let report = check_claims(known);
        println!("{report}");
        println!("The saved divergences, replayed:");
        Some(report)
    } else {
        None
    };
    let files = if files.is_empty() {
        vec![saved()]
    } else {
        files
    };
    let replayed = match replay(&goban(), &files, known) {
        Ok(replayed) => replayed,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    print!("{replayed}");
    match report.is_none_or(|r| r.agrees()) && replayed.agrees() {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}
