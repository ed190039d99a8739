//! `tromp-taylor replay`: SGF game records replayed under the rules, with
//! the verdict on every move, the score, and whether the recorded result agrees.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tromp_taylor_harness::report::plural;
use tromp_taylor_harness::sgf::{read_games, ReadOptions};
use tromp_taylor_harness::vocab::Rules;
use tromp_taylor_records::replay::{replay_tree, ReplayEngines};

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

/// Files above this size get a progress bar (on a terminal): about a
/// second's replay.
const SHOW_PROGRESS_FROM_BYTES: u64 = 200_000;

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
    let sizes: Vec<u64> = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .collect();
    let total: u64 = sizes.iter().sum();
    let meter = super::progress::bars(total >= SHOW_PROGRESS_FROM_BYTES).meter(total, "bytes");
    let (mut games, mut failed, mut unreadable) = (0, 0, 0);
    for (file, size) in files.iter().zip(sizes) {
        let name = file.display().to_string();
        // Bytes, not text: the reader decodes by the file's charset.
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => {
                unreadable += 1;
                eprintln!("error: {name}: {e}");
                meter.inc(size);
                continue;
            }
        };
        let mut read = read_games(&bytes, &options);
        let mut counted = 0;
        while let Some(tree) = read.next() {
            let done = read.bytes_read() as u64;
            meter.inc(done.saturating_sub(counted));
            counted = done;
            let tree = match tree {
                Ok(tree) => tree,
                Err(e) => {
                    unreadable += 1;
                    eprintln!("error: {name}: {e}");
                    continue;
                }
            };
            let replayed = replay_tree(&name, &tree, engine, |report| {
                games += 1;
                failed += usize::from(report.failed());
                super::print_report(json, &report);
                if !json {
                    println!();
                }
            });
            if let Err(e) = replayed {
                unreadable += 1;
                let line = if tree.start.line.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", tree.start.line)
                };
                eprintln!("error: {name}{line}: {e}");
            }
            meter.message(&format!("{}, {failed} failed", plural(games, "line")));
        }
        meter.inc(size.saturating_sub(counted));
    }
    meter.finish();
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
