//! The `perft` and `count` subcommands: their arguments, and what they print.
//! Each prints the count alone as its last line, or with `--json` one JSON
//! object with the count and the details.

use super::games::{games, GamesOptions};
use super::perft::{perft, PerftOptions};
use super::positions::{positions, PositionsOptions};
use super::{CountError, EngineChoice};
use crate::vertex::turn_name;
use clap::{Args, Subcommand};
use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_spec::{Rectangle, Rules};

/// `tromp-taylor perft WxH DEPTH`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Board size: N, WxH or W:H.
    pub size: Rectangle,
    /// The number of turns (passes included).
    pub depth: u32,
    /// Rules: a preset or a compact string (see `play --help`).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: Rules,
    /// Also print the count under each first turn.
    #[arg(long)]
    pub divide: bool,
    /// The engine that walks the tree.
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

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
        #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
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
struct PerftJson {
    command: &'static str,
    size: String,
    depth: u32,
    rules: String,
    engine: String,
    count: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideJson>>,
    seconds: f64,
}

#[derive(Serialize)]
struct DivideJson {
    turn: String,
    count: u128,
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

fn fail(error: CountError) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}

fn print_json(value: &impl Serialize) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("error: cannot write JSON: {e}"),
    }
}

impl PerftArgs {
    /// Runs the count and prints it.
    pub fn run(&self) -> ExitCode {
        let mut options = PerftOptions::new(self.size, self.depth);
        options.rules = self.rules;
        options.engine = self.engine;
        options.progress = !self.json;
        let result = match perft(&options) {
            Ok(result) => result,
            Err(e) => return fail(e),
        };
        if self.json {
            print_json(&PerftJson {
                command: "perft",
                size: self.size.to_string(),
                depth: self.depth,
                rules: self.rules.to_string(),
                engine: self.engine.to_string(),
                count: result.count,
                divide: self.divide.then(|| {
                    result
                        .divide
                        .iter()
                        .map(|&(turn, count)| DivideJson {
                            turn: turn_name(turn),
                            count,
                        })
                        .collect()
                }),
                seconds: result.elapsed.as_secs_f64(),
            });
            return ExitCode::SUCCESS;
        }
        if self.divide {
            for (turn, count) in &result.divide {
                println!("{}: {count}", turn_name(*turn));
            }
        }
        println!(
            "perft {} depth {} ({} rules, {} engine, {} first turns): {} sequences in {:.3} s",
            self.size,
            self.depth,
            self.rules,
            self.engine,
            result.divide.len(),
            result.count,
            result.elapsed.as_secs_f64()
        );
        println!("{}", result.count);
        ExitCode::SUCCESS
    }
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
            } => {
                let mut options = GamesOptions::new(*size);
                options.rules = *rules;
                options.engine = *engine;
                options.progress = !json;
                let result = match games(&options) {
                    Ok(result) => result,
                    Err(e) => return fail(e),
                };
                if *json {
                    print_json(&GamesJson {
                        command: "count games",
                        size: size.to_string(),
                        rules: rules.to_string(),
                        engine: engine.to_string(),
                        count: result.count,
                        legal_colorings: result.legal_colorings,
                        states_remembered: result.states,
                        prefixes: result.prefixes,
                        threads: options.threads,
                        seconds: result.elapsed.as_secs_f64(),
                    });
                } else {
                    println!(
                        "complete games on {size} ({rules} rules, {engine} engine): {} \
                         ({} legal colorings, {} states remembered, {} prefixes on {} threads, {:.3} s)",
                        result.count,
                        result.legal_colorings,
                        result.states,
                        result.prefixes,
                        options.threads,
                        result.elapsed.as_secs_f64()
                    );
                    println!("{}", result.count);
                }
                ExitCode::SUCCESS
            }
            CountCommand::Positions { size, edges, json } => {
                let mut options = PositionsOptions::new(size.width(), size.height());
                options.edges = *edges;
                options.progress = !json;
                let result = match positions(&options) {
                    Ok(result) => result,
                    Err(e) => return fail(e),
                };
                if *json {
                    print_json(&PositionsJson {
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
                    });
                } else {
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
                }
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
        }
    }
}
