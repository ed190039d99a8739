//! `tromp-taylor score`: a final position, from a game record or a grid,
//! scored under the rules, optionally after agreeing on points to empty.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tromp_taylor_harness::score::{final_position, score_position};
use tromp_taylor_harness::sgf::{read_records, ReadOptions};
use tromp_taylor_harness::vocab::{Grid, Rules};
use tromp_taylor_spec::{Komi, Rectangle};

/// `tromp-taylor score [FILE | --grid ROWS] [--dead POINTS] [--rules R]`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
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
    rules: Option<Rules>,
    /// Komi, a multiple of 0.5 (overrides the rules' and KM).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<Komi>,
    /// A JSON object instead of text.
    #[arg(long)]
    json: bool,
}

impl ScoreArgs {
    /// Scores the position and prints the report.
    pub fn run(self) -> ExitCode {
        score_command(
            self.file, self.grid, self.dead, self.rules, self.komi, self.json,
        )
    }
}

fn score_command(
    file: Option<PathBuf>,
    grid: Option<String>,
    dead: Option<String>,
    rules: Option<Rules>,
    komi: Option<Komi>,
    json: bool,
) -> ExitCode {
    let run = || -> Result<tromp_taylor_harness::score::ScoreReport, String> {
        let (size, mut rules, colors, prisoners) = match (&file, &grid) {
            (Some(file), _) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                let record = read_records(
                    &text,
                    &ReadOptions {
                        rules,
                        ..ReadOptions::default()
                    },
                )
                .map_err(|e| format!("{}: {e}", file.display()))?
                .remove(0);
                let (colors, prisoners) =
                    final_position(&record).map_err(|e| format!("{}: {e}", file.display()))?;
                (record.size, record.rules, colors, prisoners)
            }
            (None, Some(rows)) => {
                let grid = Grid::from_rows(rows).map_err(|e| e.to_string())?;
                (grid.size, rules.unwrap_or_default(), grid.colors, [0, 0])
            }
            (None, None) => return Err("give an SGF file or --grid".to_string()),
        };
        if let Some(komi) = komi {
            rules.komi_half_points = komi.half_points();
        }
        let rectangle = Rectangle::new(size.width(), size.height()).map_err(|e| e.to_string())?;
        let dead: Vec<tromp_taylor_harness::vocab::Point> = match &dead {
            None => Vec::new(),
            Some(list) => list
                .split(',')
                .filter(|v| !v.trim().is_empty())
                .map(
                    |v| match tromp_taylor_harness::vertex::parse_turn(v, rectangle) {
                        Ok(tromp_taylor_harness::vocab::Turn::Move(p)) => Ok(p),
                        Ok(tromp_taylor_harness::vocab::Turn::Pass) => {
                            Err(format!("{v:?} is not a point"))
                        }
                        Err(e) => Err(e.to_string()),
                    },
                )
                .collect::<Result<_, _>>()?,
        };
        score_position(size, rules, &colors, prisoners, &dead)
    };
    match run() {
        Ok(report) => {
            super::print_report(json, &report);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
