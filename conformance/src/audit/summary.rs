//! What an audit found: each divergence, minimised, with the game it came
//! from, and the summary of the whole audit.

use super::check::Kind;
use std::time::Duration;
use tromp_taylor_gtp::capabilities::Capabilities;

pub use tromp_taylor_harness::finding::Finding;

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
    pub found: Vec<Finding>,
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
            .any(|f| strict_score || f.kind != Kind::ScoringConvention)
    }
}
