//! What an audit found: each divergence, minimised, with the game it came
//! from, and the summary of the whole audit.

use super::check::{Divergence, Kind};
use crate::capabilities::Capabilities;
use std::path::PathBuf;
use std::time::Duration;
use tromp_taylor_harness::generate::Bias;
use tromp_taylor_harness::run;
use tromp_taylor_harness::vocab::Setup;

/// A divergence found in one game, minimised: what the harness's driver
/// found, and the auditor's reading of it.
#[derive(Clone, Debug)]
pub struct Found {
    /// What the driver found: the game (from 1), the minimised script and
    /// the mismatch it gives (never a known divergence: an audit knows none).
    pub driver: run::Found,
    /// Its bias; none for a game replayed from a file.
    pub bias: Option<Bias>,
    /// The file the game was replayed from (`audit --replay`).
    pub replayed: Option<PathBuf>,
    /// The steps of the game as generated, up to the divergence.
    pub steps_before: usize,
    /// The divergence in the minimised game, in the auditor's words.
    pub divergence: Divergence,
    /// The SGF and report written, if an output folder was given.
    pub files: Option<(PathBuf, PathBuf)>,
}

impl Found {
    /// The game, from 1.
    pub fn game(&self) -> usize {
        self.driver.game
    }

    /// The SGF of the minimised game up to the divergence (the point a
    /// query was wrong about included).
    pub fn sgf(&self) -> String {
        tromp_taylor_harness::sgf::write(&self.driver.mismatch.setup, &self.divergence.record)
    }

    /// Its setup.
    pub fn setup(&self) -> Setup {
        self.driver.mismatch.setup
    }
}

/// What an audit found.
#[derive(Clone, Debug)]
pub struct AuditSummary {
    /// The engine's command line.
    pub engine: String,
    /// Games played.
    pub games: usize,
    /// Games without divergence.
    pub agreed: usize,
    /// Steps played in games that agreed.
    pub steps: usize,
    /// Turns taken in games that agreed.
    pub turns: usize,
    /// The time taken.
    pub elapsed: Duration,
    /// Games the engine could not play, with why.
    pub skipped: Vec<(usize, String)>,
    /// The divergences, one per game at most.
    pub found: Vec<Found>,
    /// What the engine could be asked, and what was not checked.
    pub checked: Checked,
    /// The reason of the request that stopped the audit before its last
    /// game (see [`AuditOptions::stop`](super::AuditOptions::stop)), if one did.
    pub stopped: Option<usize>,
}

/// What an audit could check: the commands the engine answers, and what
/// was not checked, with why.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// What the engine could be asked.
    pub capabilities: Capabilities,
    /// What was not checked, and why.
    pub notes: Vec<String>,
}

impl AuditSummary {
    /// An audit of `engine` before its first game: what it can be asked,
    /// and what will not be checked.
    pub fn new(engine: String, capabilities: Capabilities, notes: Vec<String>) -> AuditSummary {
        AuditSummary {
            engine,
            games: 0,
            agreed: 0,
            skipped: Vec::new(),
            found: Vec::new(),
            steps: 0,
            turns: 0,
            checked: Checked {
                capabilities,
                notes,
            },
            elapsed: Duration::ZERO,
            stopped: None,
        }
    }

    /// Whether the engine breaks the rules anywhere: a divergence of any
    /// kind but a scoring convention, which counts only when `strict_score`.
    pub fn diverges(&self, strict_score: bool) -> bool {
        self.found
            .iter()
            .any(|f| strict_score || f.divergence.kind != Kind::ScoringConvention)
    }
}
