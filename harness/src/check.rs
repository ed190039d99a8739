//! Checking your engine against the rules from a `#[test]`: one call plays
//! generated games on the rules (`spec`) and on your engine, within what the
//! engine claims ([`crate::engine::Supports`]), and gives a report with
//! every place they part, minimised, in the words of `tromp-taylor diff`;
//! another replays the SGFs you keep as regressions.
//!
//! ```
//! use tromp_taylor_harness::check::{check_engine, CheckOptions};
//! use tromp_taylor_harness::engine::FAST;
//!
//! // Your engine's `EngineKind` here; `fast` agrees with the rules.
//! let report = check_engine(FAST, &CheckOptions::new(4, 1));
//! report.assert_agrees();
//! assert_eq!(report.summary.games, 4);
//! ```
//!
//! See docs/checking-your-engine.md and `harness/examples/goban.rs`.

use crate::diff::{compare_record, Difference, Mismatch};
use crate::engine::{EngineKind, Supports, Unsupported, SPEC};
use crate::generate::Bias;
use crate::progress::Progress;
use crate::quotes::{
    COMMENT_5, COMMENT_6, COMMENT_7, COMMENT_8, COMMENT_9, NO_SUICIDE, RULE_1, RULE_10, RULE_4,
    RULE_5, RULE_6, RULE_7, RULE_8, RULE_9, SIMPLE_KO,
};
use crate::run::{run_diff, DiffOptions, Found, Known, Minimise, Skipped, Summary};
use crate::script::Action;
use crate::sgf::SgfError;
use crate::vocab::{Handicap, Illegal, Rules, Size, Superko, Turn, Verdict};
use std::fmt;
use std::path::{Path, PathBuf};

/// What to check: how many games, from which seed, on which boards and
/// rules, and which divergences are already known.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// How many games.
    pub games: usize,
    /// The seed of the whole run: the same seed plays the same games.
    pub seed: u64,
    /// Board sizes to draw from (the engine's [`Supports`] skips the rest).
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
}

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
        }
    }

    /// The `diff` job's options for `engine` against the rules.
    pub fn diff_options(&self, engine: EngineKind) -> DiffOptions {
        let mut diff = DiffOptions::new(self.games, self.seed);
        diff.sizes = self.sizes.clone();
        diff.rules = self.rules.clone();
        diff.biases = self.biases.clone();
        diff.jobs = self.jobs;
        diff.progress = self.progress.clone();
        diff.left = SPEC;
        diff.right = engine;
        diff.minimise = Minimise::FirstOfEachKind;
        diff.known = self.known.clone();
        diff
    }
}

/// Plays `options.games` generated games on the rules (`spec`) and on
/// `engine`, skipping the setups `engine.supports` does not claim, and
/// reports every mismatch; the first of each kind is minimised.
pub fn check_engine(engine: EngineKind, options: &CheckOptions) -> CheckReport {
    CheckReport {
        engine: engine.name,
        supports: engine.supports,
        seed: options.seed,
        summary: run_diff(&options.diff_options(engine)),
    }
}

/// What a check came to.
#[derive(Debug)]
pub struct CheckReport {
    /// The engine checked.
    pub engine: &'static str,
    /// What it claims.
    pub supports: Supports,
    /// The seed of the run.
    pub seed: u64,
    /// The games compared and skipped, and every mismatch.
    pub summary: Summary,
}

impl CheckReport {
    /// The mismatches no known divergence matches.
    pub fn new_divergences(&self) -> impl Iterator<Item = &Found> {
        self.summary.found.iter().filter(|f| f.known.is_none())
    }

    /// How many mismatches the known divergence `name` matched.
    pub fn count(&self, name: &str) -> usize {
        let named = |f: &&Found| f.known.is_some_and(|k| k.name == name);
        self.summary.found.iter().filter(named).count()
    }

    /// Whether the engine agrees with the rules on every game compared,
    /// but for known divergences.
    pub fn agrees(&self) -> bool {
        self.new_divergences().next().is_none()
    }

    /// `Ok` if the engine [`agrees`](Self::agrees), else the whole report.
    pub fn result(&self) -> Result<(), Disagreement> {
        match self.agrees() {
            true => Ok(()),
            false => Err(Disagreement {
                engine: self.engine,
                new: self.new_divergences().count(),
                report: self.to_string(),
            }),
        }
    }

    /// Panics with the whole report unless the engine
    /// [`agrees`](Self::agrees): the one line for a `#[test]`.
    #[track_caller]
    pub fn assert_agrees(&self) {
        if let Err(disagreement) = self.result() {
            panic!("{disagreement}");
        }
    }
}

/// An engine parts from the rules where no known divergence explains it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{engine} parts from the rules in {new} new ways\n\n{report}")]
pub struct Disagreement {
    /// The engine.
    pub engine: &'static str,
    /// How many mismatches are new.
    pub new: usize,
    /// The whole report.
    pub report: String,
}

/// Why saved games could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A file or folder could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not an SGF game the harness can replay.
    #[error("{}: {source}", path.display())]
    Sgf {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SgfError,
    },
}

/// Replays saved games (SGF files, or folders of them, as the reports print
/// them) on the rules and on `engine`: the regressions an engine author
/// keeps under `testdata/`. Files are replayed in the order given, each
/// folder's `.sgf` files in name order.
///
/// ```
/// use tromp_taylor_harness::check::replay;
/// use tromp_taylor_harness::engine::FAST;
///
/// let dir = std::env::temp_dir().join("tromp-taylor-replay-doctest");
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("ko.sgf"), "(;FF[4]GM[1]SZ[2:1];B[aa];W[ba];B[aa])").unwrap();
/// let report = replay(FAST, &[dir], &[]).unwrap();
/// report.assert_agrees();
/// assert_eq!(report.files.len(), 1);
/// ```
pub fn replay(
    engine: EngineKind,
    paths: &[impl AsRef<Path>],
    known: &[Known],
) -> Result<ReplayReport, CheckError> {
    let mut files = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let read_error = |source| CheckError::Read {
            path: path.to_path_buf(),
            source,
        };
        if path.is_dir() {
            let mut sgfs = Vec::new();
            for entry in std::fs::read_dir(path).map_err(read_error)? {
                let file = entry.map_err(read_error)?.path();
                if file.extension().is_some_and(|e| e == "sgf") {
                    sgfs.push(file);
                }
            }
            sgfs.sort();
            files.extend(sgfs);
        } else {
            files.push(path.to_path_buf());
        }
    }
    let replayed = files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|source| CheckError::Read {
                path: path.clone(),
                source,
            })?;
            let (setup, record) = crate::sgf::read(&text).map_err(|source| CheckError::Sgf {
                path: path.clone(),
                source,
            })?;
            let outcome = match engine.supports.setup(&setup) {
                Err(reason) => Replayed::Skipped(reason),
                Ok(()) => match compare_record(setup, &record, SPEC, engine) {
                    Ok(agreed) => Replayed::Agreed {
                        steps: agreed.steps,
                    },
                    Err(mismatch) => Replayed::Parted {
                        known: Known::find(known, &mismatch),
                        mismatch,
                    },
                },
            };
            Ok(Replay { path, outcome })
        })
        .collect::<Result<_, CheckError>>()?;
    Ok(ReplayReport {
        engine: engine.name,
        files: replayed,
    })
}

/// What replaying saved games came to.
#[derive(Debug)]
pub struct ReplayReport {
    /// The engine.
    pub engine: &'static str,
    /// Each file, in order.
    pub files: Vec<Replay>,
}

/// One saved game, replayed.
#[derive(Debug)]
pub struct Replay {
    /// The file.
    pub path: PathBuf,
    /// What it came to.
    pub outcome: Replayed,
}

/// What one saved game came to.
#[derive(Debug)]
pub enum Replayed {
    /// The engine agrees with the rules on every step.
    Agreed {
        /// The steps compared.
        steps: usize,
    },
    /// Not replayed: the engine does not claim its setup.
    Skipped(Unsupported),
    /// They part.
    Parted {
        /// Where.
        mismatch: Box<Mismatch>,
        /// The known divergence it is, if any.
        known: Option<Known>,
    },
}

impl Replay {
    /// The known divergence the game shows, if it parts for a known reason.
    pub fn known(&self) -> Option<Known> {
        match &self.outcome {
            Replayed::Parted { known, .. } => *known,
            _ => None,
        }
    }

    /// Whether the game parts where no known divergence explains it.
    pub fn is_new(&self) -> bool {
        matches!(self.outcome, Replayed::Parted { known: None, .. })
    }
}

impl ReplayReport {
    /// Whether every game agrees, or parts for a known reason.
    pub fn agrees(&self) -> bool {
        !self.files.iter().any(Replay::is_new)
    }

    /// `Ok` if the engine [`agrees`](Self::agrees), else the whole report.
    pub fn result(&self) -> Result<(), Disagreement> {
        match self.agrees() {
            true => Ok(()),
            false => Err(Disagreement {
                engine: self.engine,
                new: self.files.iter().filter(|f| f.is_new()).count(),
                report: self.to_string(),
            }),
        }
    }

    /// Panics with the whole report unless the engine
    /// [`agrees`](Self::agrees).
    #[track_caller]
    pub fn assert_agrees(&self) {
        if let Err(disagreement) = self.result() {
            panic!("{disagreement}");
        }
    }
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let engine = self.engine;
        let here = std::env::current_dir().unwrap_or_default();
        for file in &self.files {
            // Relative to the current folder where it can be.
            let path = file
                .path
                .strip_prefix(&here)
                .unwrap_or(&file.path)
                .display();
            match &file.outcome {
                Replayed::Agreed { steps } => {
                    writeln!(f, "{path}: {engine} agrees with the rules ({steps} steps)")?
                }
                Replayed::Skipped(reason) => {
                    writeln!(f, "{path}: skipped ({engine} does not claim {reason})")?
                }
                Replayed::Parted {
                    known: Some(known),
                    mismatch,
                } => writeln!(
                    f,
                    "{path}: the known divergence {known} ({})",
                    mismatch.describe().replace('\n', " ")
                )?,
                Replayed::Parted {
                    known: None,
                    mismatch,
                } => {
                    writeln!(f, "{path}: NEW DIVERGENCE")?;
                    write_rules(f, None, mismatch)?;
                    writeln!(f, "{mismatch}")?;
                }
            }
        }
        Ok(())
    }
}

/// The texts that decide a mismatch between the rules (`spec`, the first
/// engine) and another engine: the rule or comment behind the rules'
/// verdict, or behind what they disagree on, under the game's options.
///
/// ```
/// use tromp_taylor_harness::check::rules_at_stake;
/// use tromp_taylor_harness::diff::{Difference, Mismatch};
/// use tromp_taylor_harness::quotes::{RULE_10, RULE_9};
/// use tromp_taylor_harness::vocab::{Handicap, Outcome, Player, Rules, Setup, Size};
///
/// let setup = Setup {
///     size: Size::new(2, 1).unwrap(),
///     rules: Rules::TROMP_TAYLOR,
///     handicap: Handicap::None,
/// };
/// let tie = Outcome { winner: None, half_points: 0 };
/// let black = Outcome { winner: Some(Player::Black), half_points: 4 };
/// let mismatch = Mismatch {
///     left: "spec",
///     right: "mine",
///     setup,
///     record: vec![],
///     difference: Difference::Outcome { left: black, right: tie },
///     left_grid: None,
///     right_grid: None,
/// };
/// assert_eq!(rules_at_stake(&mismatch), [RULE_9, RULE_10]);
/// ```
pub fn rules_at_stake(mismatch: &Mismatch) -> Vec<&'static str> {
    let rules = mismatch.setup.rules;
    let repetition = match rules.superko {
        Superko::Positional => RULE_6,
        Superko::Situational => COMMENT_6,
        Superko::SimpleKo => SIMPLE_KO,
    };
    let suicide = if rules.suicide_allowed {
        COMMENT_7
    } else {
        NO_SUICIDE
    };
    let scoring = if rules.territory_scoring {
        COMMENT_9
    } else {
        RULE_9
    };
    let ending = if rules.agreement_ending {
        COMMENT_8
    } else {
        RULE_8
    };
    let by_verdict = |verdict: Verdict| match verdict {
        Err(Illegal::Superko { .. } | Illegal::Ko) => vec![repetition],
        Err(Illegal::Suicide) => vec![NO_SUICIDE],
        Err(Illegal::Occupied) => vec![RULE_7],
        Err(Illegal::OffBoard) => vec![RULE_1],
        Err(Illegal::GameOver) => vec![ending],
        // Legal by the rules: what makes a move legal under these options.
        Ok(()) => vec![RULE_7, suicide, repetition],
    };
    match &mismatch.difference {
        Difference::Start { .. } | Difference::Panic { .. } => vec![],
        Difference::ToMove { .. } => match mismatch.setup.handicap {
            Handicap::Free(_) => vec![RULE_5, COMMENT_5],
            _ => vec![RULE_5],
        },
        Difference::Over { .. } | Difference::Passes { .. } => vec![ending],
        Difference::LegalSet {
            only_left,
            only_right,
        } => match (only_right.first(), only_left.first()) {
            (Some(&turn), _) => by_verdict(rules_verdict(mismatch, turn)),
            (None, Some(_)) => by_verdict(Ok(())),
            (None, None) => vec![],
        },
        Difference::Verdict { left, .. } => by_verdict(*left),
        Difference::Agreement { .. } => vec![COMMENT_8],
        Difference::Grid => vec![RULE_7, RULE_4],
        Difference::Score { .. } | Difference::Prisoners { .. } => vec![scoring],
        Difference::Outcome { .. } => vec![scoring, RULE_10],
    }
}

/// The rules' verdict on `turn` after the mismatch's record.
fn rules_verdict(mismatch: &Mismatch, turn: Turn) -> Verdict {
    let Ok(mut game) = (SPEC.start)(mismatch.setup) else {
        return Ok(());
    };
    for (_, action) in &mismatch.record {
        match action {
            Action::Turn(turn) => {
                let _ = game.play(*turn);
            }
            Action::Agree(points) => {
                let _ = game.agree(points);
            }
        }
    }
    game.check(turn)
}

/// The rule a known divergence breaks, or the rules at stake.
fn write_rules(f: &mut fmt::Formatter<'_>, known: Option<Known>, m: &Mismatch) -> fmt::Result {
    let rules = match known {
        Some(known) => vec![known.rule],
        None => rules_at_stake(m),
    };
    if !rules.is_empty() {
        writeln!(f, "what the rules say:")?;
        for rule in rules {
            writeln!(f, "  {rule}")?;
        }
    }
    Ok(())
}

/// Game numbers, the first ten of them.
fn games(found: &[&Found]) -> String {
    let mut text: Vec<String> = found.iter().take(10).map(|f| f.game.to_string()).collect();
    if found.len() > 10 {
        text.push("...".to_string());
    }
    text.join(", ")
}

impl fmt::Display for CheckReport {
    /// A summary (what the engine claims, what was skipped, how many
    /// mismatches of each kind), then each kind's first mismatch, minimised,
    /// as `tromp-taylor diff` shows it, with the rule it breaks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (engine, summary) = (self.engine, &self.summary);
        writeln!(
            f,
            "{engine} checked against the rules (spec): {} games from seed {}",
            summary.games + summary.skipped.len(),
            self.seed
        )?;
        writeln!(f, "{engine} claims: {}", self.supports)?;
        if !summary.skipped.is_empty() {
            let mut reasons: Vec<(Skipped, usize)> = Vec::new();
            for (_, skipped) in &summary.skipped {
                match reasons.iter_mut().find(|(s, _)| s == skipped) {
                    Some((_, n)) => *n += 1,
                    None => reasons.push((*skipped, 1)),
                }
            }
            reasons.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
            let reasons: Vec<String> = reasons
                .iter()
                .map(|(s, n)| format!("{} ({n}, {})", s.reason, s.engine))
                .collect();
            writeln!(
                f,
                "skipped {} games an engine does not claim: {}",
                summary.skipped.len(),
                reasons.join(", ")
            )?;
        }
        let new = self.new_divergences().count();
        writeln!(
            f,
            "{} games compared, {} turns ({} steps) in {:.1} s; {} mismatches: {} known, {new} new",
            summary.games,
            summary.turns,
            summary.steps,
            summary.elapsed.as_secs_f64(),
            summary.found.len(),
            summary.found.len() - new,
        )?;
        let mut kinds: Vec<(&'static str, Vec<&Found>)> = Vec::new();
        for found in &summary.found {
            match kinds.iter_mut().find(|(kind, _)| *kind == found.kind()) {
                Some((_, list)) => list.push(found),
                None => kinds.push((found.kind(), vec![found])),
            }
        }
        for (kind, list) in &kinds {
            let what = match list[0].known {
                Some(_) => "known divergence",
                None => "NEW",
            };
            writeln!(
                f,
                "  {:>4} x {what} {kind} (games {})",
                list.len(),
                games(list)
            )?;
        }
        for (kind, list) in &kinds {
            let first = list[0];
            let what = match first.known {
                Some(_) => "the known divergence",
                None => "a NEW divergence,",
            };
            writeln!(
                f,
                "\n== {what} {kind}: game {}, minimised to {} steps",
                first.game,
                first.mismatch.record.len()
            )?;
            write_rules(f, first.known, &first.mismatch)?;
            write!(f, "{}", first.mismatch)?;
        }
        if !summary.found.is_empty() {
            writeln!(
                f,
                "\nKeep each SGF above under testdata/ and replay it with tromp_taylor_harness::check::replay."
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, FAST};
    use crate::vocab::{Grid, Outcome, Player, Point, Refusal, Setup};

    /// `fast`, but panicking when asked for the legal turns after two turns.
    struct Panicky(Box<dyn Engine + Send>, usize);

    impl Engine for Panicky {
        fn to_move(&self) -> Player {
            self.0.to_move()
        }
        fn check(&self, turn: Turn) -> Verdict {
            self.0.check(turn)
        }
        fn play(&mut self, turn: Turn) -> Verdict {
            self.1 += 1;
            self.0.play(turn)
        }
        fn legal_turns(&self) -> Vec<Turn> {
            assert!(self.1 < 2, "planted panic");
            self.0.legal_turns()
        }
        fn grid(&self) -> Grid {
            self.0.grid()
        }
        fn is_over(&self) -> bool {
            self.0.is_over()
        }
        fn consecutive_passes(&self) -> usize {
            self.0.consecutive_passes()
        }
        fn score(&self, player: Player) -> usize {
            self.0.score(player)
        }
        fn prisoners(&self, player: Player) -> usize {
            self.0.prisoners(player)
        }
        fn outcome(&self) -> Outcome {
            self.0.outcome()
        }
        fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
            self.0.agree(points)
        }
    }

    fn panicky(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
        Ok(Box::new(Panicky((FAST.start)(setup)?, 0)))
    }

    fn refuses_komi(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
        match setup.rules.komi_half_points {
            0 => (FAST.start)(setup),
            _ => Err("no komi".to_string()),
        }
    }

    fn options() -> CheckOptions {
        let mut options = CheckOptions::new(12, 7);
        options.sizes = vec![Size::new(3, 3).unwrap()];
        options.rules = Some(vec![
            Rules::TROMP_TAYLOR,
            Rules {
                komi_half_points: 1,
                ..Rules::TROMP_TAYLOR
            },
        ]);
        options
    }

    #[test]
    fn a_panic_is_a_mismatch_of_the_engine_that_panicked() {
        let engine = EngineKind {
            name: "panicky",
            start: panicky,
            ..FAST
        };
        let report = check_engine(engine, &options());
        assert!(!report.agrees());
        let found = report.new_divergences().next().expect("a mismatch");
        assert!(found.minimised);
        match &found.mismatch.difference {
            Difference::Panic { engine, message } => {
                assert_eq!((*engine, message.as_str()), ("panicky", "planted panic"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(found.mismatch.record.len(), 2);
        let text = report.result().unwrap_err().to_string();
        assert!(text.contains("panicky panicked: planted panic"), "{text}");
    }

    #[test]
    fn unclaimed_setups_are_skipped_and_claimed_ones_must_start() {
        let claims_komi = EngineKind {
            name: "no-komi",
            start: refuses_komi,
            ..FAST
        };
        let report = check_engine(claims_komi, &options());
        let start = |f: &&Found| matches!(f.mismatch.difference, Difference::Start { .. });
        assert!(report.new_divergences().any(|f| start(&f)), "{report}");
        let declares = EngineKind {
            supports: Supports {
                komi: false,
                ..Supports::EVERYTHING
            },
            ..claims_komi
        };
        let report = check_engine(declares, &options());
        report.assert_agrees();
        assert!(!report.summary.skipped.is_empty());
        for (_, skipped) in &report.summary.skipped {
            assert_eq!(skipped.reason, Unsupported::Komi);
        }
        assert!(report.to_string().contains("komi ("), "{report}");
    }

    #[test]
    fn rules_at_stake_follow_the_rules_verdict() {
        let (setup, record) = crate::sgf::read("(;FF[4]GM[1]SZ[2:1];B[aa];W[ba])").unwrap();
        let mismatch = Mismatch {
            left: "spec",
            right: "mine",
            setup,
            record,
            difference: Difference::LegalSet {
                only_left: vec![],
                only_right: vec![Turn::Move(Point::new(0, 0))],
            },
            left_grid: None,
            right_grid: None,
        };
        assert_eq!(rules_at_stake(&mismatch), [RULE_6]);
    }
}
