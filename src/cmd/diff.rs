//! `tromp-taylor diff`: the differential check of `spec` against `fast` (the
//! README's main command), or the replay of saved divergences on both.

use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor_harness::diff::compare_script;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{Bias, BIASES};
use tromp_taylor_harness::run::{run_diff, DiffOptions, Summary};
use tromp_taylor_harness::vocab::{Rules, Size};

/// `tromp-taylor diff [--games N] [--seed S] ...`.
#[derive(Args, Debug)]
pub struct DiffArgs {
    /// Board sizes, comma-separated (`9x9,5x3,19`), or `mixed`.
    #[arg(long, default_value = "mixed")]
    size: String,
    /// Rules, comma-separated presets or compact strings, or `mixed`
    /// (presets and random combinations, with komi now and then).
    #[arg(long, default_value = "mixed")]
    rules: String,
    /// How many games (at least 1).
    #[arg(long, default_value_t = 5000, value_parser = super::numbers::games)]
    games: usize,
    /// Start from this game of the run (0 by default): a run stopped by
    /// Ctrl-C says the game to finish it from, with the same seed and
    /// options; the games before it are not played again.
    #[arg(long, default_value_t = 0)]
    from_game: usize,
    /// The seed of the run (default: from the clock; printed, so the run
    /// can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::numbers::jobs)]
    jobs: Option<usize>,
    /// Biases, comma-separated (uniform, capture, ko, suicide, long), or `mixed`.
    #[arg(long, default_value = "mixed")]
    bias: String,
    /// Where to write the SGF of each minimised divergence.
    #[arg(long, default_value = "divergences")]
    out: PathBuf,
    /// Instead of generating games, replay these SGF files on both engines.
    #[arg(long, num_args = 1..)]
    replay: Vec<PathBuf>,
}

impl DiffArgs {
    /// Runs the check (or the replay) and prints its report.
    pub fn run(self) -> ExitCode {
        if !self.replay.is_empty() {
            return replay_files(&self.replay);
        }
        match self.options() {
            Ok(options) => diff(&options, &self.out, &self.repeat(options.seed)),
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        }
    }

    fn options(&self) -> Result<DiffOptions, String> {
        let seed = self.seed.unwrap_or_else(super::clock_seed);
        if self.from_game >= self.games {
            return Err(format!(
                "--from-game {} is past the last game of a run of {} (games are numbered from 0)",
                self.from_game, self.games
            ));
        }
        let mut options = DiffOptions::new(self.games, seed);
        options.first_game = self.from_game;
        if let Some(sizes) = list::<Size>(&self.size)? {
            // Only the sizes asked for: no handicap boards or large boards besides.
            options.sizes = sizes;
            options.mix.handicaps = 0;
            options.mix.large_boards = 0;
        }
        options.rules = list::<Rules>(&self.rules)?;
        options.biases = list::<Bias>(&self.bias)?.unwrap_or_else(|| BIASES.to_vec());
        if let Some(jobs) = self.jobs {
            options.jobs = jobs;
        }
        options.progress = super::progress::bars(true);
        Ok(options)
    }

    /// The command that runs the same games again, but for `--from-game`.
    fn repeat(&self, seed: u64) -> String {
        let mut line = format!("tromp-taylor diff --games {} --seed {seed}", self.games);
        for (option, value, default) in [
            ("--size", &self.size, "mixed"),
            ("--rules", &self.rules, "mixed"),
            ("--bias", &self.bias, "mixed"),
        ] {
            if value != default {
                line += &format!(" {option} {}", shell_word(value));
            }
        }
        if self.out != Path::new("divergences") {
            line += &format!(" --out {}", shell_word(&self.out.display().to_string()));
        }
        line
    }
}

/// `word` as one word of a shell command line.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || ",.:/_+-=".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Reads a comma-separated list, or `None` for `mixed`.
fn list<T: std::str::FromStr>(text: &str) -> Result<Option<Vec<T>>, String>
where
    T::Err: std::fmt::Display,
{
    if text.trim() == "mixed" {
        return Ok(None);
    }
    text.split(',')
        .map(|item| {
            let item = item.trim();
            item.parse().map_err(|e: T::Err| format!("{item:?}: {e}"))
        })
        .collect::<Result<_, _>>()
        .map(Some)
}

fn diff(options: &DiffOptions, out: &Path, repeat: &str) -> ExitCode {
    println!(
        "tromp-taylor diff: {} against {}, {} games{}, seed {} (repeat with --seed {}), {} jobs",
        options.left.name(),
        options.right.name(),
        options.games,
        match options.first_game {
            0 => String::new(),
            first => format!(" from game {first}"),
        },
        options.seed,
        options.seed,
        options.jobs
    );
    let summary = run_diff(options);
    let stop = options.progress.stop();
    if let Some(line) = super::signals::stopped_line(stop) {
        println!("\n{line}");
    }
    let saved = save_divergencees(&summary, options.seed, out);
    for (found, path) in summary.found.iter().zip(&saved).take(3) {
        println!("\ngame {}: {}", found.game, found.divergence);
        match path {
            Ok(path) => println!("replay: tromp-taylor diff --replay {}", path.display()),
            Err(e) => println!("(could not save the SGF: {e})"),
        }
    }
    if summary.found.len() > 3 {
        println!(
            "\n... and {} more divergences, saved in {}",
            summary.found.len() - 3,
            out.display()
        );
    }
    println!("{}", summary_line(&summary));
    if let Some(status) = super::signals::stopped_status(stop) {
        println!(
            "games {}..{} were not played; finish the run with: {repeat} --from-game {}",
            summary.resume_at, options.games, summary.resume_at
        );
        return status;
    }
    if summary.found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn summary_line(summary: &Summary) -> String {
    format!(
        "{} games, {} turns ({} steps) in {:.1} s: {:.0} turns/s; {} divergences",
        summary.games,
        summary.turns,
        summary.steps,
        summary.elapsed.as_secs_f64(),
        summary.turns_per_second(),
        summary.found.len()
    )
}

fn save_divergencees(summary: &Summary, seed: u64, out: &Path) -> Vec<std::io::Result<PathBuf>> {
    summary
        .found
        .iter()
        .map(|found| {
            let path = out.join(format!("divergence-{seed}-{}.sgf", found.game));
            tromp_taylor_harness::file::write_whole(&path, found.divergence.sgf() + "\n")?;
            Ok(path)
        })
        .collect()
}

fn replay_files(files: &[PathBuf]) -> ExitCode {
    let mut failed = false;
    for file in files {
        let read = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                tromp_taylor_harness::script::Script::read_sgf(&text).map_err(|e| e.to_string())
            });
        let script = match read {
            Ok(script) => script,
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        match compare_script(&script, &EngineKind::spec(), &EngineKind::fast(), true) {
            Ok(agreed) => println!(
                "{}: spec and fast agree ({}, {})",
                file.display(),
                tromp_taylor_harness::report::plural(agreed.steps, "step"),
                tromp_taylor_harness::report::plural(agreed.turns, "turn")
            ),
            Err(divergence) => {
                failed = true;
                println!("{}: {divergence}", file.display());
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
