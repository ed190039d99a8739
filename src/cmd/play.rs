//! `tromp-taylor play`: a game given as a list of turns, played and scored.

use clap::Args;
use std::process::ExitCode;
use tromp_taylor_harness::names::read_komi;
use tromp_taylor_harness::vocab::{Handicap, Rules, Size};
use tromp_taylor_records::play::play_turns;

/// `tromp-taylor play [--size S] [--rules R] TURNS...`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Board size: N, WxH or W:H, from 1 to 52 a side.
    #[arg(long, default_value = "19")]
    size: Size,
    /// Rules: a preset (tromp-taylor, chinese, new-zealand,
    /// simple-ko-territory), a compact string (koPOSITIONALscoreAREAsui1),
    /// or a name other programs write (japanese, aga, ...: docs/rules.md).
    #[arg(long, default_value = "tromp-taylor")]
    rules: Rules,
    /// Komi added to White's score, a multiple of 0.5 (overrides the rules' komi).
    #[arg(long, allow_hyphen_values = true, value_parser = read_komi)]
    komi: Option<i32>,
    /// Black's first N turns are consecutive (comment 5).
    #[arg(long, conflicts_with = "fixed_handicap", value_parser = super::numbers::stones)]
    handicap: Option<usize>,
    /// N Black stones on the standard handicap points as Black's first turn.
    #[arg(long, value_parser = super::numbers::stones)]
    fixed_handicap: Option<usize>,
    /// The turns, in order: `pass` or a vertex such as D4 (columns skip I).
    turns: Vec<String>,
}

impl PlayArgs {
    /// Plays the turns and prints the board, the score and the result.
    pub fn run(self) -> ExitCode {
        let rules = match self.komi {
            Some(komi_half_points) => Rules {
                komi_half_points,
                ..self.rules
            },
            None => self.rules,
        };
        let handicap = match (self.handicap, self.fixed_handicap) {
            (Some(n), _) => Handicap::Free(n),
            (None, Some(n)) => Handicap::Fixed(n),
            (None, None) => Handicap::None,
        };
        match play_turns(self.size, rules, handicap, &self.turns) {
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
}
