//! A divergence found by a job, read and judged: the one [`Finding`] that
//! `diff`, `check`, `audit`, `matrix` and the Python package report, with
//! its [`Kind`], what each side said ([`Said`]), its [`Standing`] by the
//! engine's own stated intent, and the [`Known`] divergences a caller
//! expects.

use crate::diff::Divergence;
use crate::generate::Bias;
use crate::report::Kind;
use crate::script::{Record, Script};
use crate::vocab::Setup;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// A divergence found by a job: the game that found it, the minimised
/// script, the [`Divergence`] it gives, its kind, what each side said and
/// how it stands by the engine's own intent.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The game in the run (from 0 in `diff`, from 1 in an audit).
    pub game: usize,
    /// The minimised script.
    pub script: Script,
    /// The divergence, minimised unless [`Finding::minimised`] says otherwise.
    pub divergence: Box<Divergence>,
    /// Whether it was minimised.
    pub minimised: bool,
    /// The known divergence it is, if any.
    pub known: Option<Known>,
    /// Its kind.
    pub kind: Kind,
    /// The steps of the game as generated, up to the divergence.
    pub steps_before: usize,
    /// Its bias; none for a game replayed from a file.
    pub bias: Option<Bias>,
    /// The file the game was replayed from, if it was.
    pub replayed: Option<PathBuf>,
    /// What each side said, where the engine speaks for itself (over GTP).
    pub said: Said,
    /// The SGF and the report written, if an output folder was given.
    pub files: Option<(PathBuf, PathBuf)>,
    /// How it stands by the engine's own stated intent.
    pub standing: Standing,
    /// The cause it was judged under (a manifest's cause id), if any.
    pub cause: Option<String>,
}

/// What each side said of a divergence, in the words of an engine that
/// speaks for itself (over GTP): empty for an engine in this process.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// The steps attempted, up to and including the one where it parts
    /// (empty when the game could not even be set up).
    pub record: Record,
    /// What the engine did or said.
    pub engine_says: String,
    /// What the rules say.
    pub rules_say: String,
    /// The commands that lead there, with the last answer.
    pub transcript: Vec<String>,
}

/// How a finding stands by the engine's own stated intent: nothing is
/// called a bug without a citation of that intent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Standing {
    /// It breaks a rule the engine claims, by its own stated intent (cited).
    Bug,
    /// Its docs or tests say it does this on purpose (cited).
    Documented,
    /// A flag or rule set of the engine makes it follow the rule (named).
    Setting,
    /// Its code and its docs disagree (both cited).
    DocsMismatch,
    /// Not yet judged against the engine's intent.
    #[default]
    NotJudged,
}

impl Standing {
    /// Every standing, in order.
    pub const ALL: [Standing; 5] = [
        Standing::Bug,
        Standing::Documented,
        Standing::Setting,
        Standing::DocsMismatch,
        Standing::NotJudged,
    ];

    /// Its code, as manifests and JSON name it: `bug`, `documented`,
    /// `setting`, `docs-mismatch`, `not-judged`.
    pub fn code(&self) -> &'static str {
        match self {
            Standing::Bug => "bug",
            Standing::Documented => "documented",
            Standing::Setting => "setting",
            Standing::DocsMismatch => "docs-mismatch",
            Standing::NotJudged => "not-judged",
        }
    }

    /// The standing whose [`code`](Standing::code) is `code`.
    pub fn from_code(code: &str) -> Option<Standing> {
        Standing::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Whether the engine means to do this (documented, a setting, or a
    /// documentation mismatch): a deviation it states, not a bug to fix.
    pub fn is_intended(&self) -> bool {
        matches!(
            self,
            Standing::Documented | Standing::Setting | Standing::DocsMismatch
        )
    }

    /// In words: `a bug by its own stated intent`, ...
    pub fn words(&self) -> &'static str {
        match self {
            Standing::Bug => "a bug by its own stated intent",
            Standing::Documented => "a documented deviation",
            Standing::Setting => "a setting",
            Standing::DocsMismatch => "a documentation mismatch",
            Standing::NotJudged => "not yet judged",
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

impl Finding {
    /// A finding of `divergence` in game `game` of a run, read by the
    /// harness: its [`Kind::of`], nothing said, not judged.
    pub fn new(
        game: usize,
        script: Script,
        divergence: Box<Divergence>,
        minimised: bool,
        known: Option<Known>,
    ) -> Finding {
        Finding {
            game,
            kind: Kind::of(&divergence),
            steps_before: divergence.steps,
            said: Said {
                record: divergence.record.clone(),
                ..Said::default()
            },
            script,
            divergence,
            minimised,
            known,
            bias: None,
            replayed: None,
            files: None,
            standing: Standing::NotJudged,
            cause: None,
        }
    }

    /// The game (from 1 in an audit).
    pub fn game(&self) -> usize {
        self.game
    }

    /// The game's setup.
    pub fn setup(&self) -> Setup {
        self.divergence.setup
    }

    /// The SGF of the game up to the divergence, as the engine was asked
    /// it (the point a query was wrong about included): the attempts the
    /// rules refuse kept as attempts, never as moves
    /// ([`attempts_record`](crate::report::attempts_record)).
    pub fn sgf(&self) -> String {
        let d = &self.divergence;
        let record =
            crate::report::attempts_record(&d.setup, d.position.as_ref(), &self.said.record);
        crate::sgf::write_record(&record)
    }

    /// The kind's name for grouping: the known divergence's name, or else
    /// the kind of difference (`legal-set`, `verdict`, ...).
    pub fn known_or_difference(&self) -> &'static str {
        self.known
            .map_or_else(|| self.divergence.difference.kind(), |k| k.name)
    }
}

/// A divergence of an engine from the rules that is already known and
/// explained: how to recognise it in a divergence, and the rule it breaks.
///
/// ```
/// use tromp_taylor_harness::diff::{Difference, Divergence};
/// use tromp_taylor_harness::finding::Known;
///
/// fn grids_differ(m: &Divergence) -> bool {
///     m.difference == Difference::Grid
/// }
/// let known = Known {
///     name: "captures-late",
///     rule: tromp_taylor_harness::quotes::RULE_7,
///     matches: grids_differ,
/// };
/// assert_eq!(known.to_string(), "captures-late");
/// ```
#[derive(Clone, Copy)]
pub struct Known {
    /// A short name for reports and file names (`superko-missed-without-capture`).
    pub name: &'static str,
    /// The rule it breaks, quoted (see [`crate::quotes`]).
    pub rule: &'static str,
    /// Whether a divergence is this divergence. It may replay the game on the
    /// engine; a panic counts as no.
    pub matches: fn(&Divergence) -> bool,
}

impl Known {
    /// The first of `known` that matches `divergence`.
    pub fn find(known: &[Known], divergence: &Divergence) -> Option<Known> {
        known
            .iter()
            .copied()
            .find(|k| catch_unwind(AssertUnwindSafe(|| (k.matches)(divergence))).unwrap_or(false))
    }
}

impl fmt::Debug for Known {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Known({})", self.name)
    }
}

impl fmt::Display for Known {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Known {
    /// Known divergences are told apart by name.
    fn eq(&self, other: &Known) -> bool {
        self.name == other.name
    }
}

impl Eq for Known {}
