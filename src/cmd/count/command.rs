//! The `count` subcommand's arguments, the games it counts and how each
//! count is printed.

use super::positions::PositionsArgs;

use super::super::{fail, print_json};
use clap::{Args, Subcommand};
use num_bigint::BigUint;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use tromp_taylor_counts::border::{legal_colorings, LegalColorings, MAX_ACROSS};
use tromp_taylor_counts::games::{games, Games, GamesOptions};
use tromp_taylor_counts::positions::{positions, Positions, PositionsOptions, MAX_POINTS};
use tromp_taylor_counts::{table, CountError, EngineChoice};
use tromp_taylor_harness::vocab::{Rules, Size};

/// `tromp-taylor count ...`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(subcommand)]
    what: CountCommand,
}

#[derive(Subcommand, Debug)]
enum CountCommand {
    /// The number of complete games (ended by two consecutive passes) from
    /// the empty grid; rules with positional or situational superko only.
    Games {
        /// Board size: N, WxH or W:H (at most 5 points).
        size: Size,
        /// Rules: a preset or a compact string (see `play --help`).
        #[arg(long, default_value = "tromp-taylor")]
        rules: Rules,
        /// Walk this engine's game tree (fast or spec). Without it, games
        /// under positional superko on boards of at most 64 legal colorings
        /// (1x1 to 1x4, 2x2) are counted on a table of the legal colorings,
        /// and others on fast.
        #[arg(long)]
        engine: Option<EngineChoice>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The number of legal colorings L(m, n), exactly, by a transfer matrix
    /// over the border of the points decided (any size whose shorter side
    /// is at most 16; 9x9 in seconds, 11x11 in minutes), or modulo a 64-bit
    /// modulus: one job of a count split over machines (see `count combine`).
    Positions(Box<PositionsArgs>),
    /// L(m, n) from the result files of its modulus jobs (`count positions
    /// --job K --jobs N --out FILE`), by the Chinese remainder theorem.
    Combine {
        /// The jobs' result files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// What a checkpoint of `count positions` holds, after checking it whole.
    Checkpoint {
        /// The checkpoint file.
        file: PathBuf,
    },
}

#[derive(Serialize)]
struct GamesJson {
    command: &'static str,
    size: String,
    rules: String,
    engine: String,
    count: u128,
    legal_colorings: usize,
    states_remembered: usize,
    prefixes: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetries: Option<usize>,
    threads: usize,
    seconds: f64,
}

/// `count positions --json`: the count as a string of decimal digits (it
/// outgrows 64 bits at 6x6), and what the other two methods found when
/// they ran.
#[derive(Serialize)]
struct PositionsJson {
    command: &'static str,
    size: String,
    count: String,
    border_states: usize,
    seconds: f64,
    threads: usize,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    enumeration: Option<EnumerationJson>,
}

/// What enumeration and exploration found (`--enumerate`, `--edges`).
#[derive(Serialize)]
struct EnumerationJson {
    enumerated: u64,
    explored: u64,
    agree: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    difference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    edges: Option<u64>,
    depth: usize,
    enumeration_seconds: f64,
    exploration_seconds: f64,
}

impl CountArgs {
    /// Runs the count and prints it.
    pub fn run(&self) -> ExitCode {
        match &self.what {
            CountCommand::Games {
                size,
                rules,
                engine,
                json,
            } => count_games(size, *rules, *engine, *json),
            CountCommand::Positions(args) if args.modulus.is_some() || args.job.is_some() => {
                super::positions::modulus_job(args)
            }
            CountCommand::Positions(args) => count_positions(args),
            CountCommand::Combine { files, json } => super::positions::combine(files, *json),
            CountCommand::Checkpoint { file } => super::positions::inspect(file),
        }
    }
}

/// A count made: printed as one JSON object with `json`, else as text, and
/// returned; or why it could not be made, said, and exit code 2.
fn shown<R, J: Serialize>(
    result: Result<R, CountError>,
    json: bool,
    as_json: impl FnOnce(&R) -> J,
    as_text: impl FnOnce(&R),
) -> Result<R, ExitCode> {
    let result = result.map_err(fail)?;
    if json {
        print_json(&as_json(&result));
    } else {
        as_text(&result);
    }
    Ok(result)
}

fn count_games(size: &Size, rules: Rules, engine: Option<EngineChoice>, json: bool) -> ExitCode {
    if engine.is_none() && table::can_count(*size, rules) {
        return count_games_on_table(size, rules, json);
    }
    let engine = engine.unwrap_or(EngineChoice::Fast);
    let options = GamesOptions {
        rules,
        engine,
        progress: super::super::progress::bars(!json),
        ..GamesOptions::new(*size)
    };
    let threads = options.threads;
    let as_json = |result: &Games| GamesJson {
        command: "count games",
        size: size.to_string(),
        rules: rules.to_string(),
        engine: engine.to_string(),
        count: result.count,
        legal_colorings: result.legal_colorings,
        states_remembered: result.states,
        prefixes: result.prefixes,
        symmetries: None,
        threads,
        seconds: result.elapsed.as_secs_f64(),
    };
    let as_text = |result: &Games| {
        println!(
            "complete games on {size} ({rules} rules, {engine} engine): {} \
             ({} legal colorings, {} states remembered, {} prefixes on {} threads, {:.3} s)",
            result.count,
            result.legal_colorings,
            result.states,
            result.prefixes,
            threads,
            result.elapsed.as_secs_f64()
        );
        println!("{}", result.count);
    };
    match shown(games(&options), json, as_json, as_text) {
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// `count games` on the table of the legal colorings.
fn count_games_on_table(size: &Size, rules: Rules, json: bool) -> ExitCode {
    let threads = tromp_taylor_counts::default_threads();
    let started = std::time::Instant::now();
    let counted = table::table_games(*size, rules, threads, &super::super::progress::bars(!json));
    let seconds = started.elapsed().as_secs_f64();
    let as_json = |result: &table::TableGames| GamesJson {
        command: "count games",
        size: size.to_string(),
        rules: rules.to_string(),
        engine: "table".to_string(),
        count: result.count,
        legal_colorings: result.legal_colorings,
        states_remembered: result.states,
        prefixes: result.prefixes,
        symmetries: Some(result.symmetries),
        threads,
        seconds,
    };
    let as_text = |result: &table::TableGames| {
        println!(
            "complete games on {size} ({rules} rules, on the table of its {} legal colorings, \
             {} symmetries): {} ({} states remembered, {} prefixes on {} threads, {:.3} s)",
            result.legal_colorings,
            result.symmetries,
            result.count,
            result.states,
            result.prefixes,
            threads,
            seconds
        );
        println!("{}", result.count);
    };
    match shown(counted, json, as_json, as_text) {
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn count_positions(args: &PositionsArgs) -> ExitCode {
    let (size, json) = (&args.size, args.json);
    let (enumerate, edges) = (args.enumerate || args.edges, args.edges);
    let points = size.width() * size.height();
    if enumerate && points > MAX_POINTS {
        return fail(CountError::TooLarge(format!(
            "{size} has {points} points; --enumerate and --edges walk all 3^points \
             colorings, feasible up to {MAX_POINTS} points (the transfer matrix alone \
             counts any size whose shorter side is at most {MAX_ACROSS})"
        )));
    }
    let border = super::positions::border_options(args, None);
    let counted = match legal_colorings(&border) {
        Ok(counted) => counted,
        Err(error) => return super::positions::failed(args, &border, error),
    };
    if let Some(out) = &args.out {
        if let Err(code) = super::positions::write_result(out, args, &counted, None) {
            return code;
        }
    }
    let others = if enumerate {
        let options = PositionsOptions {
            edges,
            progress: super::super::progress::bars(!json),
            ..PositionsOptions::new(size.width(), size.height())
        };
        match positions(&options) {
            Ok(others) => Some(others),
            Err(error) => return fail(error),
        }
    } else {
        None
    };
    let count = counted.count.to_string();
    let agree = others
        .as_ref()
        .is_none_or(|o| o.agree() && BigUint::from(o.enumerated) == counted.count);
    if json {
        print_positions_json(size, &counted, border.threads, others.as_ref(), agree);
    } else {
        print_positions_text(size, &counted, others.as_ref());
    }
    if !agree {
        let o = others
            .as_ref()
            .expect("only the other methods can disagree");
        eprintln!(
            "error: the counts of legal colorings disagree ({count} by the transfer matrix, \
             {} enumerated, {} explored): {}",
            o.enumerated,
            o.explored,
            o.difference.as_deref().unwrap_or("the counts differ")
        );
        return ExitCode::from(2);
    }
    if !json {
        println!("{count}");
    }
    ExitCode::SUCCESS
}

/// The count of positions, and the other methods' if they ran (agreeing
/// or not), as one JSON object; `threads` counted them.
fn print_positions_json(
    size: &Size,
    counted: &LegalColorings,
    threads: usize,
    others: Option<&Positions>,
    agree: bool,
) {
    print_json(&PositionsJson {
        command: "count positions",
        size: size.to_string(),
        count: counted.count.to_string(),
        border_states: counted.most_states,
        seconds: counted.time.as_secs_f64(),
        threads,
        enumeration: others.map(|o| EnumerationJson {
            enumerated: o.enumerated,
            explored: o.explored,
            agree,
            difference: o.difference.clone(),
            edges: o.edges,
            depth: o.depth,
            enumeration_seconds: o.enumeration_time.as_secs_f64(),
            exploration_seconds: o.exploration_time.as_secs_f64(),
        }),
    });
}

/// The count of positions, and the other methods' if they ran, in words.
fn print_positions_text(size: &Size, counted: &LegalColorings, others: Option<&Positions>) {
    println!(
        "legal colorings of {size}: {} by the transfer matrix \
         ({} border states at most, {:.3} s)",
        counted.count,
        counted.most_states,
        counted.time.as_secs_f64()
    );
    if let Some(o) = others {
        println!(
            "  {} by enumeration ({:.3} s), {} by moves of either color from the \
             empty grid ({:.3} s, {} moves deep)",
            o.enumerated,
            o.enumeration_time.as_secs_f64(),
            o.explored,
            o.exploration_time.as_secs_f64(),
            o.depth
        );
        if let Some(edges) = o.edges {
            println!("arcs between distinct colorings: {edges}");
        }
    }
}
