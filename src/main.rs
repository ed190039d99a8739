//! The `tromp-taylor` command line: parses the arguments and hands them to
//! the subcommand's own file in `cmd/`, which runs a job of the harness or
//! the GTP crate and prints what it reports.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Said under the list of commands: where `planted` is.
#[cfg(not(feature = "planted-bugs"))]
const PLANTED_NOTE: &str = "`planted` (the proof that the tester finds bugs planted in `fast`) \
is built only with `cargo build --features planted-bugs`.";
#[cfg(feature = "planted-bugs")]
const PLANTED_NOTE: &str = "";

/// The Tromp-Taylor rules of Go as executable text.
#[derive(Parser)]
#[command(name = "tromp-taylor", version, about, after_help = PLANTED_NOTE)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The differential check: random games played on `spec` and `fast`,
    /// which must agree on every verdict, legal set, grid and score.
    Diff(cmd::diff::DiffArgs),
    /// Replay SGF game records under the rules: the verdict on every move,
    /// the first illegal move and its reason, the final board, the score,
    /// and whether the recorded result (RE) agrees.
    Replay(cmd::replay::ReplayArgs),
    /// Score a final position, from a game record or a grid, optionally after
    /// agreeing on points to empty.
    Score(cmd::score::ScoreArgs),
    /// Play a game given as a list of turns and print the final board, the
    /// scores and the result.
    Play(cmd::play::PlayArgs),
    /// Perft: the number of turn sequences of exactly DEPTH turns from the
    /// empty grid, passes included (a game over before DEPTH adds nothing).
    Perft(cmd::perft::PerftArgs),
    /// Portable conformance vectors: export them, or run them against a GTP engine.
    #[command(subcommand)]
    Vectors(cmd::vectors::VectorsCommand),
    /// Proof by exhaustion on small boards: every legal position and every
    /// turn from it under every rules set, or every game to a depth, on
    /// `spec` and `fast`, which must agree everywhere.
    Exhaust(cmd::exhaust::ExhaustArgs),
    /// Exact counts: complete games, or legal positions (L(m,n)).
    Count(cmd::count::CountArgs),
    /// A GTP version 2 engine on standard input and output that plays (a
    /// random light playout) and referees by the rules.
    Gtp(cmd::gtp::GtpArgs),
    /// Audit another engine over GTP: generated games played on it and on
    /// the rules, every divergence minimised and reported with the rule.
    Audit(cmd::audit::AuditArgs),
    /// The conformance matrix: every engine of a folder of manifests audited
    /// under the rules it is held to, as JSON, JUnit XML, a table and a
    /// static site; `matrix merge` makes several runs one.
    Matrix(cmd::matrix::MatrixArgs),
    /// Proof that the tester works: the default differential check run
    /// against each bug planted on purpose in `fast`, after a control run
    /// with none (only with the cargo feature `planted-bugs`).
    #[cfg(feature = "planted-bugs")]
    Planted(cmd::planted::PlantedArgs),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Diff(args) => args.run(),
        Command::Replay(args) => args.run(),
        Command::Score(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Perft(args) => args.run(),
        Command::Vectors(command) => command.run(),
        Command::Exhaust(args) => args.run(),
        Command::Count(args) => args.run(),
        Command::Gtp(args) => args.run(),
        Command::Audit(args) => args.run(),
        Command::Matrix(args) => args.run(),
        #[cfg(feature = "planted-bugs")]
        Command::Planted(args) => args.run(),
    }
}
