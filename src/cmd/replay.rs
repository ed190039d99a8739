//! `tromp-taylor replay`: SGF game records replayed under the rules, with
//! the verdict on every move, the score, and whether the recorded result agrees.

use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor_harness::progress::Meter;
use tromp_taylor_harness::report::plural;
use tromp_taylor_harness::sgf::{read_games, GameTree, ReadOptions};
use tromp_taylor_harness::stop::Stop;
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
    let progress = super::progress::bars(total >= SHOW_PROGRESS_FROM_BYTES);
    let meter = progress.meter(total, "bytes");
    let mut tally = Tally::default();
    let mut stopped_in = None;
    for (file, size) in files.iter().zip(sizes) {
        if progress.stop().is_requested() {
            stopped_in = Some(file.display().to_string());
            break;
        }
        let replay = FileReplay {
            name: file.display().to_string(),
            options: &options,
            engine,
            json,
        };
        replay.run(file, size, &*meter, &mut tally, progress.stop());
    }
    meter.finish();
    let Tally {
        games,
        failed,
        unreadable,
    } = tally;
    if let Some(line) = super::signals::stopped_line(progress.stop()) {
        eprintln!(
            "{line}; the files from {} on were not replayed",
            stopped_in.as_deref().unwrap_or("the one it was in")
        );
    }
    if !json {
        println!(
            "{} replayed from {}: {failed} with an illegal move or a result that disagrees, {unreadable} unreadable",
            plural(games, "game"),
            plural(files.len(), "file")
        );
    }
    if let Some(status) = super::signals::stopped_status(progress.stop()) {
        return status;
    }
    if unreadable > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// What a replay came to so far.
#[derive(Default)]
struct Tally {
    games: usize,
    failed: usize,
    unreadable: usize,
}

/// One file's replay: its name, how its games are read and replayed, and
/// how the reports are printed.
struct FileReplay<'a> {
    name: String,
    options: &'a ReadOptions,
    engine: ReplayEngines,
    json: bool,
}

impl FileReplay<'_> {
    /// Replays the games of `file` (of `size` bytes) into `tally`, telling
    /// `meter` the bytes read; stops between two games when `stop` is
    /// requested.
    fn run(&self, file: &Path, size: u64, meter: &dyn Meter, tally: &mut Tally, stop: &Stop) {
        let name = &self.name;
        // Bytes, not text: the reader decodes by the file's charset.
        let bytes = match std::fs::read(file) {
            Ok(bytes) => bytes,
            Err(e) => {
                tally.unreadable += 1;
                eprintln!("error: {name}: {e}");
                meter.inc(size);
                return;
            }
        };
        let mut read = read_games(&bytes, self.options);
        let mut counted = 0;
        while let Some(tree) = read.next() {
            let done = read.bytes_read() as u64;
            meter.inc(done.saturating_sub(counted));
            counted = done;
            match tree {
                Ok(tree) => self.replay(&tree, tally),
                Err(e) => {
                    tally.unreadable += 1;
                    eprintln!("error: {name}: {e}");
                }
            }
            meter.message(&format!(
                "{}, {} failed",
                plural(tally.games, "line"),
                tally.failed
            ));
            if stop.is_requested() {
                return;
            }
        }
        meter.inc(size.saturating_sub(counted));
    }

    /// Replays one game tree, printing a report per line of play.
    fn replay(&self, tree: &GameTree, tally: &mut Tally) {
        let replayed = replay_tree(&self.name, tree, self.engine, |report| {
            tally.games += 1;
            tally.failed += usize::from(report.failed());
            super::print_report(self.json, &report);
            if !self.json {
                println!();
            }
        });
        if let Err(e) = replayed {
            tally.unreadable += 1;
            let line = if tree.start.line.is_empty() {
                String::new()
            } else {
                format!(" ({})", tree.start.line)
            };
            eprintln!("error: {}{line}: {e}", self.name);
        }
    }
}
