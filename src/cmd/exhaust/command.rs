//! The `exhaust` subcommand's arguments, the run, and what it prints and
//! writes: the coverage table, the line that says all agreed, the report.

use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor_exhaust::{
    every_position_rules, game_rules, position_rules, run_exhaust, ExhaustOptions, Found, Pair,
    Part, Summary,
};
use tromp_taylor_harness::report::plural;
use tromp_taylor_harness::vocab::{Rules, Size};

/// The boards of at most 16 points the proof covers: one of each pair of
/// transposes (1x16, not 16x1), as the issue and L(m, n)'s table name them.
pub const SMALL_BOARDS: &str =
    "1x1,1x2,1x3,1x4,1x5,1x6,1x7,1x8,1x9,1x10,1x11,1x12,1x13,1x14,1x15,1x16,\
2x2,2x3,2x4,2x5,2x6,2x7,2x8,3x3,3x4,3x5,4x4";

/// Which part to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PartArg {
    /// Every legal position, either player to move, every turn, every rules set.
    Positions,
    /// Every game to --depth turns (or whole) from the empty board and a free handicap.
    Games,
}

/// `tromp-taylor exhaust positions|games [--size ...] [--rules ...] [--depth N|whole]`.
#[derive(Args, Debug)]
pub struct ExhaustArgs {
    /// Which part: positions or games.
    #[arg(value_enum)]
    part: PartArg,
    /// Boards, comma-separated (`3x3,2x4`), or `small`: every board of at
    /// most 16 points (1x1 to 1x16, 2x2 to 2x8, 3x3 to 3x5, 4x4).
    #[arg(long, default_value = "small")]
    size: String,
    /// Rules, comma-separated presets or compact strings, or `all`: for
    /// positions, the 12 combinations of repetition rule, suicide and
    /// illegal move refused or losing the turn, each with one of area or
    /// territory scoring and komi 0 or 7.5 (`every`: with all four, 48
    /// sets); for games, the three repetition rules with suicide allowed
    /// and forbidden.
    #[arg(long, default_value = "all")]
    rules: String,
    /// Games: turns from the start, or `whole` (every game to its end:
    /// finite under simple ko; under superko only on the smallest boards).
    #[arg(long, default_value = "8")]
    depth: String,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::super::numbers::jobs)]
    jobs: Option<usize>,
    /// Start from this unit of the run (0 by default): a run stopped by
    /// Ctrl-C says the unit to finish it from, with the same options.
    #[arg(long, default_value_t = 0)]
    from_unit: usize,
    /// Positions: check one coloring of each orbit of the board's flips and
    /// turns (the one of least code) instead of every coloring: up to 8
    /// times fewer, trusting both engines to answer a flipped or turned
    /// position alike (docs/testing.md says what it claims then). Games:
    /// walk one state of each orbit, the flips and turns applied to the
    /// whole state (coloring, colorings seen, player, passes).
    #[arg(long)]
    symmetry: bool,
    /// Games under positional or situational superko, on the boards of at
    /// most 114 legal colorings (57 under situational superko: 1x1 to 1x5
    /// and 2x2; elsewhere it changes nothing): key each state by the colorings it can still reach that
    /// were not seen (the open set, as `count games` does) instead of every
    /// coloring seen, so that `--depth whole` can end on 2x2.
    #[arg(long)]
    open_set: bool,
    /// Where to write the SGF of a difference found.
    #[arg(long, default_value = "divergences")]
    out: PathBuf,
}

impl ExhaustArgs {
    /// Runs the part asked for and prints its coverage, or the difference.
    pub fn run(self) -> ExitCode {
        match self.options() {
            Ok(options) => exhaust(&options, &self.repeat(), &self.out),
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        }
    }

    fn options(&self) -> Result<ExhaustOptions, String> {
        let part = match self.part {
            PartArg::Positions => Part::Positions,
            PartArg::Games => Part::Games,
        };
        let sizes = sizes(&self.size)?;
        let rules = match (self.rules.trim(), part) {
            ("all", Part::Positions) => position_rules(),
            ("every", Part::Positions) => every_position_rules(),
            ("all", Part::Games) => game_rules(),
            (list, _) => parse_list::<Rules>(list)?,
        };
        let depth = match self.depth.trim() {
            "whole" => None,
            n => Some(
                n.parse::<usize>()
                    .map_err(|_| format!("--depth {n:?}: a number of turns or `whole`"))?,
            ),
        };
        Ok(ExhaustOptions {
            part,
            sizes,
            rules,
            depth,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            first_task: self.from_unit,
            symmetry: self.symmetry,
            open_set: self.open_set,
            pair: Pair::spec_and_fast(),
            progress: super::super::progress::bars(true),
        })
    }

    /// The command that runs the same units again, but for `--from-unit`.
    fn repeat(&self) -> String {
        let part = match self.part {
            PartArg::Positions => "positions",
            PartArg::Games => "games --depth ",
        };
        let depth = match self.part {
            PartArg::Positions => String::new(),
            PartArg::Games => self.depth.clone(),
        };
        format!(
            "tromp-taylor exhaust {part}{depth} --size {} --rules '{}'{}{}",
            self.size,
            self.rules,
            if self.symmetry { " --symmetry" } else { "" },
            if self.open_set { " --open-set" } else { "" }
        )
    }
}

/// The boards of `text`: a comma-separated list, or `small`; each of at
/// most 20 points.
fn sizes(text: &str) -> Result<Vec<Size>, String> {
    let text = if text.trim() == "small" {
        SMALL_BOARDS
    } else {
        text
    };
    let sizes = parse_list::<Size>(text)?;
    let max = tromp_taylor_exhaust::enumerate::MAX_POINTS;
    match sizes.iter().find(|s| s.points() > max) {
        Some(size) => Err(format!(
            "{size} has {} points: exhaustion walks boards of at most {max}",
            size.points()
        )),
        None => Ok(sizes),
    }
}

/// A comma-separated list.
fn parse_list<T: std::str::FromStr>(text: &str) -> Result<Vec<T>, String>
where
    T::Err: std::fmt::Display,
{
    text.split(',')
        .map(|item| {
            let item = item.trim();
            item.parse().map_err(|e: T::Err| format!("{item:?}: {e}"))
        })
        .collect()
}

fn exhaust(options: &ExhaustOptions, repeat: &str, out: &Path) -> ExitCode {
    println!(
        "tromp-taylor exhaust: {} against {}, {} on {} under {}{}, {}",
        options.pair.left.name(),
        options.pair.right.name(),
        match (options.part, options.depth) {
            (Part::Positions, _) => "every position and turn".to_string(),
            (Part::Games, Some(d)) => format!("every game to depth {d}"),
            (Part::Games, None) => "every whole game".to_string(),
        },
        plural(options.sizes.len(), "board"),
        plural(options.rules.len(), "rules set"),
        match options.first_task {
            0 => String::new(),
            first => format!(", from unit {first}"),
        },
        plural(options.jobs, "job")
    );
    let summary = run_exhaust(options);
    let stop = options.progress.stop();
    if let Some(line) = super::super::signals::stopped_line(stop) {
        println!("\n{line}");
    }
    print!("{}", super::table::coverage(options, &summary));
    if let Some(found) = &summary.found {
        report(found, out);
        return ExitCode::FAILURE;
    }
    if let Some(status) = super::super::signals::stopped_status(stop) {
        println!(
            "units {}..{} were not all run; finish the run with: {repeat} --from-unit {}",
            summary.resume_at,
            summary.covered.len(),
            summary.resume_at
        );
        return status;
    }
    println!("{}", agreed_line(&summary));
    ExitCode::SUCCESS
}

/// The line of a run where nothing was found.
fn agreed_line(summary: &Summary) -> String {
    format!(
        "{} units in {:.1} s: no difference",
        summary.done().count(),
        summary.elapsed.as_secs_f64()
    )
}

/// Prints `diff`'s report of a difference, and saves its SGF in `out`.
fn report(found: &Found, out: &Path) {
    println!("\n{}", found.report);
    let Some(sgf) = &found.sgf else {
        println!("(an undo shows it, which an SGF cannot hold: the line is above)");
        return;
    };
    let path = out.join(format!("exhaust-{}.sgf", found.walked.setup.size));
    match tromp_taylor_harness::file::write_whole(&path, sgf.clone() + "\n") {
        Ok(()) => println!("replay: tromp-taylor diff --replay {}", path.display()),
        Err(e) => println!("(could not save the SGF: {e})"),
    }
}
