//! The `audit` subcommand: its arguments, the line it prints per game, and
//! the summary at the end.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tromp_taylor_conformance::audit::{
    export, run_audit, AuditOptions, AuditSummary, CheckName, Moves, SetRules,
};
use tromp_taylor_gtp::capabilities::Capabilities;
use tromp_taylor_harness::file::write_whole;
use tromp_taylor_harness::generate::{Bias, BIASES};
use tromp_taylor_harness::safe;
use tromp_taylor_harness::vocab::{Rules, Size};

/// `tromp-taylor audit --engine "CMD ARGS" ...`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// The engine's command line, as one string: `"/usr/games/gnugo --mode gtp"`.
    #[arg(long)]
    pub engine: String,
    /// The rules the engine is held to: a preset, a compact string (komi
    /// included, as `koPOSITIONALscoreAREAsui1komi7.5`), or a name other
    /// programs use (`chinese`, `nz`, `aga`, `japanese`, as `replay` reads RU).
    /// Default: tromp-taylor; with `--replay`, each record's own RU and KM.
    #[arg(long, value_parser = super::rules_by_any_name)]
    pub rules: Option<Rules>,
    /// Instead of generated games, replay these SGF files (a divergence's
    /// reproducer, as `audit` writes it) on the engine, move by move, and
    /// report where it parts from the rules. `--size`, `--games`, `--seed`
    /// and `--bias` do not apply then.
    #[arg(long, num_args = 1..)]
    pub replay: Vec<PathBuf>,
    /// Board sizes, comma-separated (`5x5,9x9`, `7`, `5x3`).
    #[arg(long, value_delimiter = ',', default_value = "5x5,9x9")]
    pub size: Vec<Size>,
    /// How many games (at least 1).
    #[arg(long, default_value_t = 20, value_parser = super::numbers::games)]
    pub games: usize,
    /// The seed of the games (default: from the clock; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Biases, comma-separated (uniform, capture, ko, suicide, long), or `mixed`.
    #[arg(long, default_value = "mixed")]
    pub bias: String,
    /// Where to write each divergence's SGF and report, and summary.txt.
    #[arg(long, default_value = "audit")]
    pub out: PathBuf,
    /// Seconds the engine may take over one command before it counts as hung
    /// (above 0, at most a day).
    #[arg(long, default_value_t = 10.0, value_parser = super::numbers::seconds)]
    pub timeout: f64,
    /// Checks to switch off, comma-separated (is_legal, all_legal, board,
    /// captures, score), for a command the engine lacks or only estimates.
    #[arg(long, value_delimiter = ',')]
    pub skip_checks: Vec<CheckName>,
    /// The GTP command that tells the engine the rules before each game
    /// (`"kgs-rules chinese"`); `""` for none. By default `kata-set-rules`
    /// where the engine has it, else none.
    #[arg(long)]
    pub set_rules: Option<String>,
    /// Count a scoring convention (the engine removes stones it judges dead
    /// before counting) as a divergence in the exit code.
    #[arg(long)]
    pub strict_score: bool,
    /// Who chooses the moves: `play` (the auditor generates the games and
    /// sends every turn with `play`) or `genmove` (the engine chooses every
    /// move itself, from the empty board or from a position a generated game
    /// reaches; the rules judge each move, and the finished game is audited
    /// as any other).
    #[arg(long, default_value = "play")]
    pub moves: Moves,
    /// Illegal moves the engine's `play` takes on purpose (KataGo's tolerant
    /// `play`), comma-separated reasons (ko, superko, suicide, occupied):
    /// they are never sent, since a controller keeps those rules itself.
    #[arg(long, value_delimiter = ',', value_parser = tolerated_reason)]
    pub tolerates: Vec<&'static str>,
    /// Also write the findings as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Also write JUnit XML (a test case per game) to this file.
    #[arg(long)]
    pub junit: Option<PathBuf>,
}

/// A reason a move is illegal, by its code (`superko`), as `--tolerates`
/// takes it.
pub fn tolerated_reason(text: &str) -> Result<&'static str, String> {
    tromp_taylor_harness::vocab::Illegal::from_code(text.trim())
        .map(|reason| reason.code())
        .ok_or_else(|| {
            format!("{text:?} is not a reason a move is illegal: ko, superko, suicide, occupied, off-board or game-over")
        })
}

impl AuditArgs {
    /// Writes `--json` and `--junit`, where asked.
    fn write_exports(&self, summary: &AuditSummary) -> Result<(), String> {
        if let Some(path) = &self.json {
            let data = export::audit_data(summary);
            let text = serde_json::to_string_pretty(&data).map_err(|e| e.to_string())?;
            let text = safe::json(&text);
            write_whole(path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
        }
        if let Some(path) = &self.junit {
            let suite = export::junit_suite(&summary.engine, summary, self.strict_score);
            let xml = export::junit("tromp-taylor audit", vec![suite]);
            write_whole(path, xml).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }

    /// The audit's options, or why the arguments do not make one.
    pub fn options(&self) -> Result<AuditOptions, String> {
        let engine = tromp_taylor_gtp::client::split_command(&self.engine);
        if engine.is_empty() {
            return Err("--engine names no program".to_string());
        }
        let seed = self.seed.unwrap_or_else(super::clock_seed);
        let mut options = AuditOptions::new(engine, self.games, seed);
        options.gtp.rules = self.rules.unwrap_or(Rules::TROMP_TAYLOR);
        for file in &self.replay {
            let text = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
            let text = String::from_utf8_lossy(&text);
            let mut script = tromp_taylor_harness::script::Script::read_sgf(&text)
                .map_err(|e| format!("{}: {e}", file.display()))?;
            if let Some(rules) = self.rules {
                script.setup.rules = rules;
            }
            options.replay.push((file.clone(), script));
        }
        options.sizes = self.size.clone();
        if options.sizes.is_empty() {
            return Err("--size names no size".to_string());
        }
        options.biases = if self.bias.trim() == "mixed" {
            BIASES.to_vec()
        } else {
            self.bias
                .split(',')
                .map(|b| b.parse::<Bias>())
                .collect::<Result<_, _>>()?
        };
        options.gtp.timeout = Duration::from_secs_f64(self.timeout);
        options.out = Some(self.out.clone());
        options.gtp.off.clone_from(&self.skip_checks);
        options.gtp.set_rules = SetRules::from_option(self.set_rules.as_deref());
        options.strict_score = self.strict_score;
        options.moves = self.moves;
        options.tolerates.clone_from(&self.tolerates);
        for file in [&self.json, &self.junit].into_iter().flatten() {
            if file.is_dir() {
                return Err(format!("{}: is a folder, not a file", file.display()));
            }
        }
        Ok(options)
    }

    /// Runs the audit and prints what it finds; exits with 1 when the engine
    /// diverges from the rules anywhere, 2 on bad arguments, an `--out` that
    /// cannot be a folder, or an engine that cannot be run.
    pub fn run(&self) -> ExitCode {
        let options = match self.options() {
            Ok(options) => options,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let options = AuditOptions {
            stop: super::signals::stop(),
            ..options
        };
        self.print_heading(&options);
        let summary = match run_audit(&options, |line| println!("{}", safe::text(line))) {
            Ok(summary) => summary,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        if let Some(line) = super::signals::stopped_line(&options.stop) {
            println!("\n{line}");
        }
        print_checked_through(summary.checked.capabilities);
        print!(
            "{}",
            safe::text(&tromp_taylor_conformance::audit::report::summary(&summary))
        );
        if let Some(first) = summary.found.first() {
            println!("\nthe first divergence:\n");
            print!(
                "{}",
                safe::text(&tromp_taylor_conformance::audit::report::report(
                    &summary.engine,
                    first
                ))
            );
        }
        if let Err(e) = self.write_exports(&summary) {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
        if let Some(status) = super::signals::stopped_status(&options.stop) {
            return status;
        }
        if summary.diverges(self.strict_score) {
            ExitCode::FAILURE
        } else if !options.replay.is_empty() && summary.skipped.len() == summary.games {
            eprintln!("error: no replayed game could be audited: nothing was checked");
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// The line that says what is audited: the engine, and the games
    /// generated or replayed.
    fn print_heading(&self, options: &AuditOptions) {
        if options.replay.is_empty() {
            println!(
                "tromp-taylor audit: `{}` under {}, {} on {}, seed {} (repeat with --seed {}), reports in {}",
                options.gtp.command.join(" "),
                options.gtp.rules,
                tromp_taylor_harness::report::plural(options.games, "game"),
                options
                    .sizes
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                options.seed,
                options.seed,
                self.out.display()
            );
        } else {
            println!(
                "tromp-taylor audit: `{}`, {} replayed as recorded, each under {}, reports in {}",
                options.gtp.command.join(" "),
                tromp_taylor_harness::report::plural(options.replay.len(), "game"),
                match self.rules {
                    Some(rules) => rules.to_string(),
                    None => "its own RU and KM".to_string(),
                },
                self.out.display()
            );
        }
    }
}

/// The line that says which commands the engine was checked through.
fn print_checked_through(caps: Capabilities) {
    println!(
        "checked through: play{}{}{}{}{}",
        if caps.is_legal { ", is_legal" } else { "" },
        if caps.all_legal { ", all_legal" } else { "" },
        if caps.list_stones {
            ", list_stones"
        } else if caps.showboard {
            ", showboard"
        } else {
            ""
        },
        if caps.captures { ", captures" } else { "" },
        if caps.final_score {
            ", final_score"
        } else {
            ""
        },
    );
}
