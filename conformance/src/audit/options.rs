//! What an audit is asked to do ([`AuditOptions`]), why it cannot begin
//! ([`AuditError`]), and what it will not check, said before it starts.

use super::own::Moves;
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;
use tromp_taylor_gtp::adapter::{kgs_rules_name, GtpOptions, Probed, SetRules};
use tromp_taylor_gtp::capabilities::Capabilities;
use tromp_taylor_gtp::client::Failure;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::generate::{Bias, BIASES};
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::stop::Stop;
use tromp_taylor_harness::vocab::{IllegalMove, Size};

/// What to audit, and how.
#[derive(Clone, Debug)]
pub struct AuditOptions {
    /// How the engine is run: its command line, the timeout of a command,
    /// how it is told the rules, the rules it is held to (komi included) and
    /// the checks switched off (an author who knows a command is missing or
    /// only an estimate).
    pub gtp: GtpOptions,
    /// The board sizes, drawn in turn.
    pub sizes: Vec<Size>,
    /// How many games.
    pub games: usize,
    /// The seed of the games.
    pub seed: u64,
    /// The biases, drawn in turn.
    pub biases: Vec<Bias>,
    /// Where to write each divergence's SGF and report, and the summary.
    pub out: Option<PathBuf>,
    /// The rules' engine.
    pub reference: EngineKind,
    /// The most replays spent minimising one divergence.
    pub minimise_budget: usize,
    /// Whether a scoring convention (dead stones removed before counting)
    /// counts as a divergence in [`AuditSummary::diverges`](super::summary::AuditSummary::diverges).
    pub strict_score: bool,
    /// Instead of generated games, these saved games (each with the file it
    /// was read from), played as recorded and not minimised: a reproducer
    /// replayed (`audit --replay FILE`).
    pub replay: Vec<(PathBuf, Script)>,
    /// Who chooses the moves: the auditor (`play`) or the engine
    /// (`genmove`, [`own`](super::own)).
    pub moves: Moves,
    /// The illegal moves the engine's `play` takes on purpose (KataGo's
    /// tolerant `play`, for one), by [`code`](tromp_taylor_harness::vocab::Illegal::code):
    /// a controller keeps those rules itself, so they are never sent.
    pub tolerates: Vec<&'static str>,
    /// A request that stops the audit between two games (and ends a
    /// minimisation with what it has): the summary says so and keeps every
    /// divergence found, each written whole.
    pub stop: Stop,
}

impl AuditOptions {
    /// Defaults: the ten rules, 5x5 and 9x9, every bias, 10 s a command.
    pub fn new(engine: Vec<String>, games: usize, seed: u64) -> AuditOptions {
        AuditOptions {
            gtp: GtpOptions::new(engine, Duration::from_secs(10)),
            sizes: vec![Size::new(5, 5).expect("5x5"), Size::new(9, 9).expect("9x9")],
            games,
            seed,
            biases: BIASES.to_vec(),
            out: None,
            reference: EngineKind::spec(),
            minimise_budget: 300,
            strict_score: false,
            replay: Vec::new(),
            moves: Moves::Given,
            tolerates: Vec::new(),
            stop: Stop::new(),
        }
    }
}

/// Why an audit cannot begin; nothing is played then.
#[derive(Debug, Error)]
pub enum AuditError {
    /// The engine could not be started, or did not answer `list_commands`.
    #[error("the engine `{engine}` cannot be run: {failure}")]
    Engine {
        /// The engine's command line.
        engine: String,
        /// How it failed.
        failure: Failure,
    },
    /// The engine did not answer its first command within its start timeout
    /// (a manifest's `start_timeout`, or a command's timeout).
    #[error("the engine `{engine}` did not start: no answer to its first command in {seconds} s (a manifest's start_timeout gives a slow start more)")]
    Start {
        /// The engine's command line.
        engine: String,
        /// The seconds it was given.
        seconds: f64,
    },
    /// The engine's own moves were to be audited, and it has no `genmove`.
    #[error("the engine `{engine}` has no genmove: its own moves cannot be audited")]
    NoGenmove {
        /// The engine's command line.
        engine: String,
    },
    /// The output folder cannot be made or written (it names a file, say).
    #[error("--out {}: {why}", path.display())]
    Out {
        /// The folder asked for.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
}

/// Makes the output folder, or says why it cannot be one.
pub(super) fn prepare_out(out: &Path) -> Result<(), AuditError> {
    let error = |why: String| AuditError::Out {
        path: out.to_path_buf(),
        why,
    };
    if out.exists() && !out.is_dir() {
        return Err(error(
            "is a file, not a folder: the reports are written into a folder".to_string(),
        ));
    }
    std::fs::create_dir_all(out).map_err(|e| error(format!("cannot make the folder: {e}")))
}

/// What the audit will not check, and why: the rules the engine cannot be
/// told, the checks switched off, a board that cannot be read.
pub(super) fn notes(options: &AuditOptions, probed: &Probed) -> Vec<String> {
    let caps = probed.caps;
    let mut notes: Vec<String> = untold_rules_note(options, caps).into_iter().collect();
    let grids = caps.list_stones || probed.showboard;
    if options.gtp.rules.illegal_move == IllegalMove::LosesTurn && !grids {
        notes.push(
            "a refused move does not lose the turn: without the engine's board a refusal \
             on an occupied point (which loses nothing) cannot be told from one that loses \
             the turn, so the games are played without that option"
                .to_string(),
        );
    }
    for check in &options.gtp.off {
        notes.push(format!("{}: switched off (--skip-checks)", check.name()));
    }
    if caps.showboard && !caps.list_stones && !probed.showboard {
        // Some engines draw the board on standard error (Leela Zero): not
        // a rules question, so the board is not checked.
        notes.push(
            "the board was not checked: the engine has no list_stones and its showboard \
             answer cannot be read"
                .to_string(),
        );
    }
    notes
}

/// The note that the engine was not told the rules, when it has no way
/// to be told them and [`SetRules::Auto`] was to find one.
fn untold_rules_note(options: &AuditOptions, caps: Capabilities) -> Option<String> {
    let kgs = caps.kgs_rules && kgs_rules_name(options.gtp.rules).is_some();
    if !caps.kata_set_rules && !kgs && options.gtp.set_rules == SetRules::Auto {
        let why = if caps.kgs_rules {
            "it has no kata-set-rules, and no KGS rule set of its kgs-rules is these rules"
        } else {
            "it has no kata-set-rules or kgs-rules"
        };
        return Some(format!(
            "the engine was not told the rules ({why}): it is held to {} as its command \
             line sets them",
            options.gtp.rules
        ));
    }
    None
}
