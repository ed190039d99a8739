//! The `tromp-taylor` command line: thin wrappers that parse arguments, run a
//! job of the library, and print what it reports.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor::diff::compare_record;
use tromp_taylor::engine::{FAST, SPEC};
use tromp_taylor::generate::{Bias, BIASES};
use tromp_taylor::play::play_turns;
use tromp_taylor::run::{run_diff, DiffOptions, Summary};
use tromp_taylor::vocab::{Rules as HarnessRules, Size};
use tromp_taylor_spec::{Handicap, Komi, Rectangle, Rules};

/// The Tromp-Taylor rules of Go as executable text.
#[derive(Parser)]
#[command(name = "tromp-taylor", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The differential check: random games played on `spec` and `fast`,
    /// which must agree on every verdict, legal set, grid and score.
    Diff {
        /// Board sizes, comma-separated (`9x9,5x3,19`), or `mixed`.
        #[arg(long, default_value = "mixed")]
        size: String,
        /// Rules, comma-separated presets or compact strings, or `mixed`
        /// (presets and random combinations, with komi now and then).
        #[arg(long, default_value = "mixed")]
        rules: String,
        /// How many games.
        #[arg(long, default_value_t = 5000)]
        games: usize,
        /// The seed of the run (default: from the clock; printed, so the run
        /// can be repeated).
        #[arg(long)]
        seed: Option<u64>,
        /// Worker threads (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Biases, comma-separated (uniform, capture, ko, suicide, long), or `mixed`.
        #[arg(long, default_value = "mixed")]
        bias: String,
        /// Where to write the SGF of each minimised mismatch.
        #[arg(long, default_value = "mismatches")]
        out: PathBuf,
        /// Instead of generating games, replay these SGF files on both engines.
        #[arg(long, num_args = 1..)]
        replay: Vec<PathBuf>,
    },
    /// Play a game given as a list of turns and print the final board, the
    /// scores and the result.
    Play {
        /// Board size: N, WxH or W:H, from 1 to 52 a side.
        #[arg(long, default_value = "19")]
        size: Rectangle,
        /// Rules: a preset (tromp-taylor, chinese, new-zealand,
        /// simple-ko-territory) or a compact string (koPOSITIONALscoreAREAsui1).
        #[arg(long, default_value = "tromp-taylor")]
        rules: Rules,
        /// Komi added to White's score, a multiple of 0.5 (overrides the rules' komi).
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<Komi>,
        /// Black's first N turns are consecutive (comment 5).
        #[arg(long, conflicts_with = "fixed_handicap")]
        handicap: Option<usize>,
        /// N Black stones on the standard handicap points as Black's first turn.
        #[arg(long)]
        fixed_handicap: Option<usize>,
        /// The turns, in order: `pass` or a vertex such as D4 (columns skip I).
        turns: Vec<String>,
    },
    /// Proof that the tester works: the default differential check run
    /// against each bug planted on purpose in `fast`, after a control run
    /// with none (only with the cargo feature `planted-bugs`).
    #[cfg(feature = "planted-bugs")]
    Planted {
        /// Games per run.
        #[arg(long, default_value_t = tromp_taylor::planted::PLANTED_GAMES)]
        games: usize,
        /// The seed of every run.
        #[arg(long, default_value_t = tromp_taylor::planted::PLANTED_SEED)]
        seed: u64,
        /// Save each bug's minimised mismatch in this directory as
        /// `NNNN-planted-<bug>.sgf`, with its cause in a root comment.
        #[arg(long)]
        save: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Diff {
            size,
            rules,
            games,
            seed,
            jobs,
            bias,
            out,
            replay,
        } => {
            if !replay.is_empty() {
                return replay_files(&replay);
            }
            match diff_options(&size, &rules, &bias, games, seed, jobs) {
                Ok(options) => diff(&options, &out),
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Play {
            size,
            rules,
            komi,
            handicap,
            fixed_handicap,
            turns,
        } => {
            let rules = komi.map_or(rules, |komi| rules.with_komi(komi));
            let handicap = match (handicap, fixed_handicap) {
                (Some(n), _) => Handicap::Free(n),
                (None, Some(n)) => Handicap::Fixed(n),
                (None, None) => Handicap::None,
            };
            match play_turns(size, rules, handicap, &turns) {
                Ok(report) => {
                    println!("{report}");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("error: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        #[cfg(feature = "planted-bugs")]
        Command::Planted { games, seed, save } => planted(games, seed, save.as_deref()),
    }
}

#[cfg(feature = "planted-bugs")]
fn planted(games: usize, seed: u64, save: Option<&Path>) -> ExitCode {
    use tromp_taylor::planted::{final_line, passed, planted_options, run_planted};
    let options = planted_options(games, seed);
    println!(
        "tromp-taylor planted: the default diff ({} against {}, {} games, seed {}, {} jobs, \
         stopping at the first mismatch) against each planted bug",
        options.left.name, options.right.name, options.games, options.seed, options.jobs
    );
    let runs = run_planted(&options, |run| println!("{run}"));
    if let Some(dir) = save {
        match tromp_taylor::planted::save_regressions(&runs, dir) {
            Ok(saved) => {
                for (path, agree) in saved {
                    let verdict = if agree { "agree" } else { "DISAGREE" };
                    println!("saved {} (spec and fast {verdict} on it)", path.display());
                }
            }
            Err(e) => eprintln!("error: {}: {e}", dir.display()),
        }
    }
    println!("{}", final_line(&runs));
    if passed(&runs) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads a comma-separated list, or `None` for `mixed`.
fn list<T: std::str::FromStr<Err = String>>(text: &str) -> Result<Option<Vec<T>>, String> {
    if text.trim() == "mixed" {
        return Ok(None);
    }
    text.split(',')
        .map(|item| item.trim().parse())
        .collect::<Result<_, _>>()
        .map(Some)
}

fn diff_options(
    sizes: &str,
    rules: &str,
    biases: &str,
    games: usize,
    seed: Option<u64>,
    jobs: Option<usize>,
) -> Result<DiffOptions, String> {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let mut options = DiffOptions::new(games, seed);
    if let Some(sizes) = list::<Size>(sizes)? {
        options.sizes = sizes;
    }
    options.rules = list::<HarnessRules>(rules)?;
    options.biases = list::<Bias>(biases)?.unwrap_or_else(|| BIASES.to_vec());
    if let Some(jobs) = jobs {
        options.jobs = jobs.max(1);
    }
    options.progress = true;
    Ok(options)
}

fn diff(options: &DiffOptions, out: &Path) -> ExitCode {
    println!(
        "tromp-taylor diff: {} against {}, {} games, seed {} (repeat with --seed {}), {} jobs",
        options.left.name,
        options.right.name,
        options.games,
        options.seed,
        options.seed,
        options.jobs
    );
    let summary = run_diff(options);
    let saved = save_mismatches(&summary, options.seed, out);
    for (found, path) in summary.found.iter().zip(&saved).take(3) {
        println!("\ngame {}: {}", found.game, found.mismatch);
        match path {
            Ok(path) => println!("replay: tromp-taylor diff --replay {}", path.display()),
            Err(e) => println!("(could not save the SGF: {e})"),
        }
    }
    if summary.found.len() > 3 {
        println!(
            "\n... and {} more mismatches, saved in {}",
            summary.found.len() - 3,
            out.display()
        );
    }
    println!("{}", summary_line(&summary));
    if summary.found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn summary_line(summary: &Summary) -> String {
    format!(
        "{} games, {} turns ({} steps) in {:.1} s: {:.0} turns/s; {} mismatches",
        summary.games,
        summary.turns,
        summary.steps,
        summary.elapsed.as_secs_f64(),
        summary.turns_per_second(),
        summary.found.len()
    )
}

fn save_mismatches(summary: &Summary, seed: u64, out: &Path) -> Vec<std::io::Result<PathBuf>> {
    summary
        .found
        .iter()
        .map(|found| {
            std::fs::create_dir_all(out)?;
            let path = out.join(format!("mismatch-{seed}-{}.sgf", found.game));
            std::fs::write(&path, found.mismatch.sgf() + "\n")?;
            Ok(path)
        })
        .collect()
}

fn replay_files(files: &[PathBuf]) -> ExitCode {
    let mut failed = false;
    for file in files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        let (setup, record) = match tromp_taylor::sgf::read(&text) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        match compare_record(setup, &record, SPEC, FAST) {
            Ok(agreed) => println!(
                "{}: spec and fast agree ({} steps, {} turns)",
                file.display(),
                agreed.steps,
                agreed.turns
            ),
            Err(mismatch) => {
                failed = true;
                println!("{}: {mismatch}", file.display());
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
