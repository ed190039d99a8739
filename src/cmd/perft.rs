//! `tromp-taylor perft`: the number of turn sequences of exactly N turns from
//! the empty grid, as published perft tables count them.

use super::{fail, print_json};
use clap::Args;
use serde::Serialize;
use std::process::ExitCode;
use tromp_taylor_counts::perft::{perft, PerftOptions};
use tromp_taylor_counts::EngineChoice;
use tromp_taylor_harness::vertex::turn_name;
use tromp_taylor_harness::vocab::{Rules, Size};

/// `tromp-taylor perft WxH DEPTH`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Board size: N, WxH or W:H.
    pub size: Size,
    /// The number of turns (passes included).
    pub depth: u32,
    /// Rules: a preset or a compact string (see `play --help`).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: Rules,
    /// Also print the count under each first turn.
    #[arg(long)]
    pub divide: bool,
    /// The engine that walks the tree.
    #[arg(long, default_value = "fast")]
    pub engine: EngineChoice,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
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

impl PerftArgs {
    /// Runs the count and prints it.
    pub fn run(&self) -> ExitCode {
        let mut options = PerftOptions::new(self.size, self.depth);
        options.rules = self.rules;
        options.engine = self.engine;
        options.progress = super::progress::bars(!self.json);
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
