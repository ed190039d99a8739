//! `tromp-taylor count games|positions`: exact counts of complete games and
//! of legal colorings. Each prints the count alone as its last line, or with
//! `--json` one JSON object with the count and the details.

use super::{fail, print_json};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_harness::count::games::{games, Games, GamesOptions};
use tromp_taylor_harness::count::positions::{positions, Positions, PositionsOptions};
use tromp_taylor_harness::count::{CountError, EngineChoice};
use tromp_taylor_spec::{Rectangle, Rules};

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
        size: Rectangle,
        /// Rules: a preset or a compact string (see `play --help`).
        #[arg(long, default_value = "tromp-taylor")]
        rules: Rules,
        /// The engine that walks the tree.
        #[arg(long, default_value = "fast")]
        engine: EngineChoice,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The number of legal colorings, by enumeration and by exploring moves
    /// of either color from the empty grid (the two must agree).
    Positions {
        /// Board size: N, WxH or W:H (at most 18 points).
        size: Rectangle,
        /// Also count the arcs of the move graph.
        #[arg(long)]
        edges: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
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
    threads: usize,
    seconds: f64,
}

#[derive(Serialize)]
struct PositionsJson {
    command: &'static str,
    size: String,
    count: u64,
    enumerated: u64,
    explored: u64,
    agree: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    difference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    edges: Option<u64>,
    depth: usize,
    threads: usize,
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
            CountCommand::Positions { size, edges, json } => count_positions(size, *edges, *json),
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

fn count_games(size: &Rectangle, rules: Rules, engine: EngineChoice, json: bool) -> ExitCode {
    let options = GamesOptions {
        rules,
        engine,
        progress: super::progress::bars(!json),
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

fn count_positions(size: &Rectangle, edges: bool, json: bool) -> ExitCode {
    let options = PositionsOptions {
        edges,
        progress: super::progress::bars(!json),
        ..PositionsOptions::new(size.width(), size.height())
    };
    let as_json = |result: &Positions| PositionsJson {
        command: "count positions",
        size: size.to_string(),
        count: result.explored,
        enumerated: result.enumerated,
        explored: result.explored,
        agree: result.agree(),
        difference: result.difference.clone(),
        edges: result.edges,
        depth: result.depth,
        threads: options.threads,
        enumeration_seconds: result.enumeration_time.as_secs_f64(),
        exploration_seconds: result.exploration_time.as_secs_f64(),
    };
    let as_text = |result: &Positions| {
        println!(
            "legal colorings of {size}: {} by enumeration ({:.3} s), {} by moves \
             of either color from the empty grid ({:.3} s, {} moves deep)",
            result.enumerated,
            result.enumeration_time.as_secs_f64(),
            result.explored,
            result.exploration_time.as_secs_f64(),
            result.depth
        );
        if let Some(edges) = result.edges {
            println!("arcs between distinct colorings: {edges}");
        }
    };
    let result = match shown(positions(&options), json, as_json, as_text) {
        Ok(result) => result,
        Err(code) => return code,
    };
    if !result.agree() {
        eprintln!(
            "error: the two counts of legal colorings disagree ({} enumerated, {} \
             explored): {}",
            result.enumerated,
            result.explored,
            result.difference.as_deref().unwrap_or("the sets differ")
        );
        return ExitCode::from(2);
    }
    if !json {
        println!("{}", result.explored);
    }
    ExitCode::SUCCESS
}
