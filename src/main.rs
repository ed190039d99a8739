//! The `tromp-taylor` command line: thin wrappers that parse arguments, run a
//! job of the library, and print what it reports.

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor::diff::compare_record;
use tromp_taylor::engine::{FAST, SPEC};
use tromp_taylor::generate::{Bias, BIASES};
use tromp_taylor::play::play_turns;
use tromp_taylor::record::read_records;
use tromp_taylor::replay::{replay, EngineChoice};
use tromp_taylor::run::{run_diff, DiffOptions, Summary};
use tromp_taylor::score::{final_position, score_position};
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
    /// Replay SGF game records under the rules: the verdict on every move,
    /// the first illegal move and its reason, the final board, the score,
    /// and whether the recorded result (RE) agrees.
    Replay {
        /// SGF files, or folders of them.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Rules for every game, overriding RU (komi from KM unless given here).
        #[arg(long)]
        rules: Option<HarnessRules>,
        /// The engine: spec, fast, or both (checked against each other).
        #[arg(long, default_value = "spec")]
        engine: EngineChoice,
        /// Every variation, not just the main line.
        #[arg(long)]
        all_variations: bool,
        /// One JSON object per game, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Score a final position, from a game record or a grid, optionally after
    /// agreeing on points to empty.
    Score {
        /// An SGF file: its main line is replayed and its final position scored.
        file: Option<PathBuf>,
        /// A grid instead: rows top first, separated by `/`, with X, O and `.`.
        #[arg(long, conflicts_with = "file")]
        grid: Option<String>,
        /// Points to empty first, by agreement: `A1,B2,...`.
        #[arg(long)]
        dead: Option<String>,
        /// Rules (area or territory scoring, komi); overrides RU.
        #[arg(long)]
        rules: Option<HarnessRules>,
        /// Komi, a multiple of 0.5 (overrides the rules' and KM).
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<Komi>,
        /// A JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
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
    /// Perft: the number of turn sequences of exactly DEPTH turns from the
    /// empty grid, passes included (a game over before DEPTH adds nothing).
    Perft(tromp_taylor::count::cli::PerftArgs),
    /// Portable conformance vectors: export them, or run them against a GTP engine.
    #[command(subcommand)]
    Vectors(VectorsCommand),
    /// Exact counts: complete games, or legal positions (L(m,n)).
    Count(tromp_taylor::count::cli::CountArgs),
    /// A GTP version 2 engine on standard input and output that plays (a
    /// random light playout) and referees by the rules.
    Gtp(tromp_taylor::gtp::cli::GtpArgs),
    /// Audit another engine over GTP: generated games played on it and on
    /// the rules, every divergence minimised and reported with the rule.
    Audit(tromp_taylor::audit::cli::AuditArgs),
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

#[derive(Subcommand)]
enum VectorsCommand {
    /// Write the vectors (JSON, one file per group, and gogui-regress .tst
    /// files) to DIR, computed by spec and confirmed by fast.
    Export {
        /// The folder to write.
        dir: PathBuf,
        /// How many generated cases besides the hand-written ones.
        #[arg(long, default_value_t = 40)]
        generated: usize,
        /// The seed of the generated cases.
        #[arg(long, default_value_t = 20261122)]
        seed: u64,
    },
    /// Run the vectors in DIR against a GTP engine: one JSON line per case
    /// and a summary. Exit 0 when all pass, 1 on a failure, 2 when the
    /// engine could not be run.
    Run {
        /// The engine's command line, e.g. "gnugo --mode gtp".
        #[arg(long)]
        engine: String,
        /// Skip the cases that require these tags (comma-separated), e.g.
        /// `superko:situational,large-board`.
        #[arg(long, default_value = "")]
        skip: String,
        /// Seconds to wait for each answer.
        #[arg(long, default_value_t = 20.0)]
        timeout: f64,
        /// For an engine that cannot be told the rules (no kata-set-rules):
        /// the rules its command line gives it; the cases under those rules
        /// are run, the others skipped.
        #[arg(long)]
        assume_rules: Option<HarnessRules>,
        /// The folder written by `vectors export`.
        #[arg(default_value = "vectors")]
        dir: PathBuf,
    },
}

fn vectors_command(command: VectorsCommand) -> ExitCode {
    match command {
        VectorsCommand::Export {
            dir,
            generated,
            seed,
        } => match tromp_taylor::vectors::export(&dir, generated, seed) {
            Ok(count) => {
                println!("{count} cases written to {}", dir.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        VectorsCommand::Run {
            engine,
            skip,
            timeout,
            assume_rules,
            dir,
        } => {
            use tromp_taylor::vectors::run::{read_dir, run};
            let files = match read_dir(&dir) {
                Ok(files) => files,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let skip: Vec<String> = skip
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let command = tromp_taylor::audit::client::split_command(&engine);
            let timeout = std::time::Duration::from_secs_f64(timeout.clamp(0.1, 3600.0));
            let tally = run(&command, &files, &skip, assume_rules, timeout, |result| {
                println!(
                    "{}",
                    serde_json::to_string(result).expect("results serialize")
                );
            });
            match tally {
                Ok(tally) => {
                    println!(
                        "{} pass, {} fail, {} skip, {} error",
                        tally.pass, tally.fail, tally.skip, tally.error
                    );
                    if tally.fail + tally.error > 0 {
                        ExitCode::FAILURE
                    } else {
                        ExitCode::SUCCESS
                    }
                }
                Err(e) => {
                    eprintln!("error: the engine could not be run: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
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
        Command::Replay {
            files,
            rules,
            engine,
            all_variations,
            json,
        } => replay_command(&files, rules, engine, all_variations, json),
        Command::Score {
            file,
            grid,
            dead,
            rules,
            komi,
            json,
        } => score_command(file, grid, dead, rules, komi, json),
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
        Command::Perft(args) => args.run(),
        Command::Vectors(command) => vectors_command(command),
        Command::Count(args) => args.run(),
        Command::Gtp(args) => args.run(),
        Command::Audit(args) => args.run(),
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
    rules: Option<HarnessRules>,
    engine: EngineChoice,
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
    let (mut games, mut failed, mut unreadable) = (0, 0, 0);
    for file in &files {
        let name = file.display().to_string();
        let records = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|text| read_records(&text, all_variations, rules).map_err(|e| e.to_string()));
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
                    if json {
                        println!(
                            "{}",
                            serde_json::to_string(&report).expect("reports serialize")
                        );
                    } else {
                        println!("{report}\n");
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
            "{games} games replayed from {} files: {failed} with an illegal move or a result that disagrees, {unreadable} unreadable",
            files.len()
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

fn score_command(
    file: Option<PathBuf>,
    grid: Option<String>,
    dead: Option<String>,
    rules: Option<HarnessRules>,
    komi: Option<Komi>,
    json: bool,
) -> ExitCode {
    let run = || -> Result<tromp_taylor::score::ScoreReport, String> {
        let (size, mut rules, colors, prisoners) = match (&file, &grid) {
            (Some(file), _) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                let record = read_records(&text, false, rules)
                    .map_err(|e| format!("{}: {e}", file.display()))?
                    .remove(0);
                let (colors, prisoners) =
                    final_position(&record).map_err(|e| format!("{}: {e}", file.display()))?;
                (record.size, record.rules, colors, prisoners)
            }
            (None, Some(rows)) => {
                let rows: Vec<&str> = rows
                    .split(['/', '\n'])
                    .filter(|r| !r.trim().is_empty())
                    .collect();
                let width = rows.first().map_or(0, |r| r.trim().chars().count());
                let size = Size::new(width, rows.len()).ok_or_else(|| {
                    format!("a grid of {} rows of {width} is not a board", rows.len())
                })?;
                let rectangle =
                    Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
                let coloring = rectangle
                    .coloring_from_diagram(&rows.join("\n"))
                    .map_err(|e| e.to_string())?;
                let colors = coloring
                    .colors()
                    .iter()
                    .map(|c| match c {
                        tromp_taylor_spec::Color::Black => tromp_taylor::vocab::Color::Black,
                        tromp_taylor_spec::Color::White => tromp_taylor::vocab::Color::White,
                        tromp_taylor_spec::Color::Empty => tromp_taylor::vocab::Color::Empty,
                    })
                    .collect();
                (size, rules.unwrap_or_default(), colors, [0, 0])
            }
            (None, None) => return Err("give an SGF file or --grid".to_string()),
        };
        if let Some(komi) = komi {
            rules.komi_half_points = komi.half_points();
        }
        let rectangle = Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
        let dead: Vec<tromp_taylor::vocab::Point> = match &dead {
            None => Vec::new(),
            Some(list) => list
                .split(',')
                .filter(|v| !v.trim().is_empty())
                .map(|v| match tromp_taylor::vertex::parse_turn(v, rectangle) {
                    Ok(tromp_taylor_spec::Turn::Move(p)) => {
                        Ok(tromp_taylor::vocab::Point::new(p.x, p.y))
                    }
                    Ok(tromp_taylor_spec::Turn::Pass) => Err(format!("{v:?} is not a point")),
                    Err(e) => Err(e.to_string()),
                })
                .collect::<Result<_, _>>()?,
        };
        score_position(size, rules, &colors, prisoners, &dead)
    };
    match run() {
        Ok(report) => {
            if json {
                println!(
                    "{}",
                    serde_json::to_string(&report).expect("reports serialize")
                );
            } else {
                println!("{report}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
