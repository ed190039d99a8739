//! The `tromp-taylor` command line: thin wrappers that parse arguments, run a
//! job of the library, and print what it reports.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tromp_taylor::play::play_turns;
use tromp_taylor_spec::{Handicap, Komi, Rectangle, Rules};

/// The Tromp-Taylor rules of Go as executable text.
#[derive(Parser)]
#[command(name = "tromp-taylor", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game given as a list of turns and print the final board, the
    /// scores and the result.
    Play {
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
        #[arg(long, conflicts_with = "fixed_handicap")]
        handicap: Option<usize>,
        /// N Black stones on the standard handicap points as Black's first turn.
        #[arg(long)]
        fixed_handicap: Option<usize>,
        /// The turns, in order: `pass` or a vertex such as D4 (columns skip I).
        turns: Vec<String>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Play {
            size,
            rules,
            komi,
            handicap,
            fixed_handicap,
            turns,
        } => {
            let rules = komi.map_or(rules, |komi| rules.with_komi(komi));
            let handicap = match (handicap, fixed_handicap) {
                (Some(n), _) => Handicap::Free(n),
                (None, Some(n)) => Handicap::Fixed(n),
                (None, None) => Handicap::None,
            };
            match play_turns(size, rules, handicap, &turns) {
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
}
