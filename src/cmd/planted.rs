//! `tromp-taylor planted` (feature `planted-bugs`): the proof that the
//! tester works, the default differential check run against each bug planted
//! in `fast`.

use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tromp_taylor_testkit::planted::{PLANTED_GAMES, PLANTED_SEED};

/// `tromp-taylor planted [--games N] [--seed S] [--save DIR]`.
#[derive(Args, Debug)]
pub struct PlantedArgs {
    /// Games per run.
    #[arg(long, default_value_t = PLANTED_GAMES, value_parser = super::numbers::games)]
    games: usize,
    /// The seed of every run.
    #[arg(long, default_value_t = PLANTED_SEED)]
    seed: u64,
    /// Save each bug's minimised divergence in this directory as
    /// `NNNN-planted-<bug>.sgf`, with its cause in a root comment.
    #[arg(long)]
    save: Option<PathBuf>,
}

impl PlantedArgs {
    /// Runs the control and one run per planted bug, and prints each.
    pub fn run(self) -> ExitCode {
        planted(self.games, self.seed, self.save.as_deref())
    }
}

fn planted(games: usize, seed: u64, save: Option<&Path>) -> ExitCode {
    use tromp_taylor_testkit::planted::{final_line, passed, planted_options, run_planted};
    let options = planted_options(games, seed);
    println!(
        "tromp-taylor planted: the default diff ({} against {}, {} games, seed {}, {} jobs, \
         stopping at the first divergence) against each planted bug",
        options.left.name(),
        options.right.name(),
        options.games,
        options.seed,
        options.jobs
    );
    let runs = run_planted(&options, |run| println!("{run}"));
    if let Some(dir) = save {
        match tromp_taylor_testkit::planted::save_regressions(&runs, dir) {
            Ok(saved) => {
                for (path, agree) in saved {
                    let verdict = if agree { "agree" } else { "DISAGREE" };
                    println!("saved {} (spec and fast {verdict} on it)", path.display());
                }
            }
            Err(e) => eprintln!("error: {}: {e}", dir.display()),
        }
    }
    println!("{}", final_line(&runs));
    if passed(&runs) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
