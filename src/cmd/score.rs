//! `tromp-taylor score`: a final position, from a game record or a grid,
//! scored under the rules, optionally after agreeing on points to empty.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use tromp_taylor_harness::names::read_komi;
use tromp_taylor_harness::sgf::{read_games, ReadOptions};
use tromp_taylor_harness::stop::Stop;
use tromp_taylor_harness::vertex::parse_turn;
use tromp_taylor_harness::vocab::{Color, Grid, Point, Rules, Size, Turn};
use tromp_taylor_records::score::{
    check_dead, check_reachable, final_position, score_position, ScoreReport,
};

/// `tromp-taylor score [FILE | --grid ROWS] [--dead POINTS] [--rules R]`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// An SGF file: the main line of each of its games is replayed and its
    /// final position scored.
    file: Option<PathBuf>,
    /// A grid instead: rows top first, separated by `/`, with X, O and `.`.
    #[arg(long, conflicts_with = "file")]
    grid: Option<String>,
    /// Points to empty first, by agreement: `A1,B2,...`. Only under rules
    /// ending by agreement (comment 8), and for a record only after two
    /// consecutive passes.
    #[arg(long)]
    dead: Option<String>,
    /// Rules (area or territory scoring, komi); overrides RU.
    #[arg(long)]
    rules: Option<Rules>,
    /// Komi, a multiple of 0.5 (overrides the rules' and KM).
    #[arg(long, allow_hyphen_values = true, value_parser = read_komi)]
    komi: Option<i32>,
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
    komi: Option<i32>,
    json: bool,
) -> ExitCode {
    let stop = super::signals::stop();
    match positions(file.as_ref(), grid.as_deref(), rules, &stop) {
        Ok(positions) => {
            let many = positions.len() > 1;
            for (n, position) in positions.into_iter().enumerate() {
                match score_one(position, dead.as_deref(), komi) {
                    Ok(report) => {
                        if many && !json {
                            println!("game {}:", n + 1);
                        }
                        super::print_report(json, &report);
                    }
                    Err(e) => {
                        let game = if many {
                            format!("game {}: ", n + 1)
                        } else {
                            String::new()
                        };
                        eprintln!("error: {game}{e}");
                        return ExitCode::from(2);
                    }
                }
            }
            if let Some(line) = super::signals::stopped_line(&stop) {
                eprintln!("{line}: the games above were scored, the rest of the file was not read");
            }
            super::signals::stopped_status(&stop).unwrap_or(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// A position to score: its board, rules, coloring, prisoners, and the
/// consecutive passes at its end (`None` for a grid, which has no game).
struct Position {
    label: String,
    size: Size,
    rules: Rules,
    colors: Vec<Color>,
    prisoners: [usize; 2],
    passes: Option<usize>,
}

/// The final position of every game of the file (each main line), or the
/// grid; the games read before `stop` is requested, if it is.
fn positions(
    file: Option<&PathBuf>,
    grid: Option<&str>,
    rules: Option<Rules>,
    stop: &Stop,
) -> Result<Vec<Position>, String> {
    match (file, grid) {
        (Some(file), _) => {
            let name = file.display();
            let bytes = std::fs::read(file).map_err(|e| format!("{name}: {e}"))?;
            let options = ReadOptions {
                rules,
                ..ReadOptions::default()
            };
            // One game at a time: a large collection is never held whole.
            let mut positions = Vec::new();
            for game in read_games(&bytes, &options) {
                if stop.is_requested() {
                    break;
                }
                let tree = game.map_err(|e| format!("{name}: {e}"))?;
                let label = if tree.start.line.is_empty() {
                    name.to_string()
                } else {
                    format!("{name}, {}", tree.start.line)
                };
                let record = tree.records().remove(0);
                let (colors, prisoners, passes) =
                    final_position(&record).map_err(|e| format!("{label}: {e}"))?;
                positions.push(Position {
                    label,
                    size: record.size,
                    rules: record.rules,
                    colors,
                    prisoners,
                    passes: Some(passes),
                });
            }
            Ok(positions)
        }
        (None, Some(rows)) => {
            let grid = Grid::from_rows(rows).map_err(|e| e.to_string())?;
            check_reachable(grid.size, &grid.colors).map_err(|e| e.to_string())?;
            Ok(vec![Position {
                label: "--grid".to_string(),
                size: grid.size,
                rules: rules.unwrap_or_default(),
                colors: grid.colors,
                prisoners: [0, 0],
                passes: None,
            }])
        }
        (None, None) => Err("give an SGF file or --grid".to_string()),
    }
}

/// Scores one position, after the agreement `dead` if the rules allow one.
fn score_one(
    position: Position,
    dead: Option<&str>,
    komi: Option<i32>,
) -> Result<ScoreReport, String> {
    let Position {
        label,
        size,
        mut rules,
        colors,
        prisoners,
        passes,
    } = position;
    if let Some(komi_half_points) = komi {
        rules.komi_half_points = komi_half_points;
    }
    let dead: Vec<Point> = match dead {
        None => Vec::new(),
        Some(list) => {
            check_dead(rules, passes).map_err(|e| format!("{label}: {e}"))?;
            list.split(',')
                .filter(|v| !v.trim().is_empty())
                .map(|v| match parse_turn(v, size) {
                    Ok(Turn::Move(p)) => Ok(p),
                    Ok(Turn::Pass) => Err(format!("--dead: {v:?} is not a point")),
                    Err(e) => Err(format!("--dead: {e}")),
                })
                .collect::<Result<_, _>>()?
        }
    };
    score_position(size, rules, &colors, prisoners, &dead)
}
