//! `tromp-taylor play`: a game given as a list of turns, played and scored.

use clap::Args;
use std::process::ExitCode;
use tromp_taylor_records::play::play_turns;
use tromp_taylor_spec::{Handicap, Komi, Rectangle, Rules};

/// `tromp-taylor play [--size S] [--rules R] TURNS...`.
#[derive(Args, Debug)]
pub struct PlayArgs {
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
        let rules = self
            .komi
            .map_or(self.rules, |komi| self.rules.with_komi(komi));
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
