//! The check of an engine on generated games: its options, the one call
//! (`check_engine`), and its report.

use crate::engine::{EngineKind, Supports};
use crate::generate::Bias;
use crate::progress::Progress;
use crate::run::{run_diff, DiffOptions, Finding, Known, Minimise, Summary};
use crate::vocab::{Rules, Size};

/// What to check: how many games, from which seed, on which boards and
/// rules, and which divergences are already known.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// How many games.
    pub games: usize,
    /// The seed of the whole run: the same seed plays the same games.
    pub seed: u64,
    /// Board sizes to draw from (the engine's [`Supports`] skips the rest).
    /// Left at the default, the rarer games on boards of their own
    /// (handicaps, large boards) are mixed in; any other list is kept to.
    pub sizes: Vec<Size>,
    /// Rules to draw from; `None` draws random rules (presets and
    /// combinations, with komi now and then).
    pub rules: Option<Vec<Rules>>,
    /// Biases to draw from.
    pub biases: Vec<Bias>,
    /// Worker threads.
    pub jobs: usize,
    /// Divergences already known: reported apart, and not failing
    /// [`CheckReport::assert_agrees`].
    pub known: Vec<Known>,
    /// How to show progress (hidden by default).
    pub progress: Progress,
    /// How many divergences to minimise in all (the first of each kind
    /// always is); the rest are reported as found.
    pub minimise: usize,
    /// What the engine claims, as its author stated them (rule sets, say),
    /// for the report's header; `None`: its [`Supports`], as the engine's
    /// adapter declares them.
    pub claims: Option<String>,
    /// The line that ends a report with divergences: how to keep one as a
    /// regression test, in the caller's language.
    pub advice: String,
}

/// The advice of a Rust check: keep the SGF and replay it.
pub const RUST_ADVICE: &str = "Keep each SGF above under testdata/ and replay it with tromp_taylor_harness::check::replay (a test that fails while the engine still diverges).";

impl CheckOptions {
    /// The defaults of `tromp-taylor diff`: mixed sizes from 1x1 to 9x9,
    /// random rules, every bias, one worker per core, nothing known.
    pub fn new(games: usize, seed: u64) -> CheckOptions {
        let diff = DiffOptions::new(games, seed);
        CheckOptions {
            games,
            seed,
            sizes: diff.sizes,
            rules: diff.rules,
            biases: diff.biases,
            jobs: diff.jobs,
            known: Vec::new(),
            progress: diff.progress,
            minimise: 20,
            claims: None,
            advice: RUST_ADVICE.to_string(),
        }
    }

    /// The `diff` job's options for `engine` against the rules.
    pub fn diff_options(&self, engine: &EngineKind) -> DiffOptions {
        let mut diff = DiffOptions::new(self.games, self.seed);
        if self.sizes != diff.sizes {
            // Only the sizes asked for: the handicap boards and large
            // boards of the default mix are other sizes.
            diff.mix.handicaps = 0;
            diff.mix.large_boards = 0;
        }
        diff.sizes = self.sizes.clone();
        diff.rules = self.rules.clone();
        diff.biases = self.biases.clone();
        diff.jobs = self.jobs;
        diff.progress = self.progress.clone();
        diff.left = EngineKind::spec();
        diff.right = engine.clone();
        diff.minimise = Minimise::UpTo(self.minimise);
        diff.known = self.known.clone();
        diff
    }
}

/// Plays `options.games` generated games on the rules (`spec`) and on
/// `engine`, skipping the setups `engine.supports` does not claim, and
/// reports every divergence; the first of each kind is minimised.
pub fn check_engine(engine: &EngineKind, options: &CheckOptions) -> CheckReport {
    CheckReport {
        engine: engine.name().to_string(),
        supports: engine.supports(),
        seed: options.seed,
        rules: options.rules.clone(),
        claims: options.claims.clone(),
        advice: options.advice.clone(),
        summary: run_diff(&options.diff_options(engine)),
    }
}

/// What a check came to.
#[derive(Debug)]
pub struct CheckReport {
    /// The engine checked.
    pub engine: String,
    /// What it claims.
    pub supports: Supports,
    /// The seed of the run.
    pub seed: u64,
    /// The rules the games were drawn from; `None`: random rules.
    pub rules: Option<Vec<Rules>>,
    /// What the engine claims, as stated ([`CheckOptions::claims`]).
    pub claims: Option<String>,
    /// How to keep a divergence ([`CheckOptions::advice`]).
    pub advice: String,
    /// The games compared and skipped, and every divergence.
    pub summary: Summary,
}

impl CheckReport {
    /// The divergences no known divergence matches.
    pub fn new_divergences(&self) -> impl Iterator<Item = &Finding> {
        self.summary.found.iter().filter(|f| f.known.is_none())
    }

    /// How many divergences the known divergence `name` matched.
    pub fn count(&self, name: &str) -> usize {
        let named = |f: &&Finding| f.known.is_some_and(|k| k.name == name);
        self.summary.found.iter().filter(named).count()
    }

    /// Whether the engine agrees with the rules on every game compared,
    /// but for known divergences.
    pub fn agrees(&self) -> bool {
        self.new_divergences().next().is_none()
    }

    /// `Ok` if the engine [`agrees`](Self::agrees), else the whole report.
    pub fn result(&self) -> Result<(), CheckFailed> {
        match self.agrees() {
            true => Ok(()),
            false => Err(CheckFailed {
                engine: self.engine.clone(),
                new: self.new_divergences().count(),
                report: self.to_string(),
            }),
        }
    }

    /// Panics with the whole report unless the engine
    /// [`agrees`](Self::agrees): the one line for a `#[test]`.
    #[track_caller]
    pub fn assert_agrees(&self) {
        if let Err(failure) = self.result() {
            panic!("{failure}");
        }
    }
}

/// An engine parts from the rules where no known divergence explains it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{engine} parts from the rules in {new} new ways\n\n{report}")]
pub struct CheckFailed {
    /// The engine.
    pub engine: String,
    /// How many divergences are new.
    pub new: usize,
    /// The whole report.
    pub report: String,
}
