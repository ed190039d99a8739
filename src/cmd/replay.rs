//! `tromp-taylor replay`: SGF game records replayed under the rules, with
//! the verdict on every move, the score, and whether the recorded result agrees.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tromp_taylor_gtp::audit::report::plural;
use tromp_taylor_harness::replay::{replay, ReplayEngines};
use tromp_taylor_harness::sgf::{read_records, ReadOptions};
use tromp_taylor_harness::vocab::Rules;

/// `tromp-taylor replay FILES... [--rules R] [--engine E] [--json]`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// SGF files, or folders of them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rules for every game, overriding RU (komi from KM unless given here).
    #[arg(long)]
    rules: Option<Rules>,
    /// The engine: spec, fast, or both (checked against each other).
    #[arg(long, default_value = "spec")]
    engine: ReplayEngines,
    /// Every variation, not just the main line.
    #[arg(long)]
    all_variations: bool,
    /// One JSON object per game, one per line.
    #[arg(long)]
    json: bool,
}

impl ReplayArgs {
    /// Replays every game of every file and prints a report per game.
    pub fn run(self) -> ExitCode {
        replay_command(
            &self.files,
            self.rules,
            self.engine,
            self.all_variations,
            self.json,
        )
    }
}

/// The SGF files named, with folders expanded to their `.sgf` files in name order.
fn sgf_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("{}: {e}", path.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
                .collect();
            inside.sort();
            files.extend(inside);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn replay_command(
    paths: &[PathBuf],
    rules: Option<Rules>,
    engine: ReplayEngines,
    all_variations: bool,
    json: bool,
) -> ExitCode {
    let files = match sgf_files(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = ReadOptions {
        all_variations,
        rules,
        attempts: false,
    };
    let (mut games, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        let name = file.display().to_string();
        // Bytes, not text: the reader decodes by the file's charset.
        let records = std::fs::read(file)
            .map_err(|e| e.to_string())
            .and_then(|bytes| read_records(&bytes, &options).map_err(|e| e.to_string()));
        let records = match records {
            Ok(records) => records,
            Err(e) => {
                unreadable += 1;
                eprintln!("error: {name}: {e}");
                continue;
            }
        };
        for record in &records {
            match replay(&name, record, engine) {
                Ok(report) => {
                    games += 1;
                    failed += usize::from(report.failed());
                    super::print_report(json, &report);
                    if !json {
                        println!();
                    }
                }
                Err(e) => {
                    unreadable += 1;
                    let line = if record.line.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", record.line)
                    };
                    eprintln!("error: {name}{line}: {e}");
                }
            }
        }
    }
    if !json {
        println!(
            "{} replayed from {}: {failed} with an illegal move or a result that disagrees, {unreadable} unreadable",
            plural(games, "game"),
            plural(files.len(), "file")
        );
    }
    if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
