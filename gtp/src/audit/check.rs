//! One game of an audit: the harness's driver plays it on the rules and on
//! the engine over GTP ([`crate::adapter`]), and what it finds is read here
//! in the auditor's words: the rules on the left, the engine on the right,
//! a kind the summary groups by, what each side said and the GTP commands
//! that show it.
//!
//! The engine's queries (`is_legal`, `all_legal`) are compared apart from
//! its play: a query's divergence is reported only where `play`, the board,
//! the captures and the score all agree to the end
//! ([`CompareOptions::queries_last`]).

mod reading;

use crate::adapter::GtpOptions;
use crate::capabilities::Capabilities;
use std::fmt;
use tromp_taylor_harness::diff::{compare_script_with, CompareOptions, Mismatch};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::script::{Record, Script, Step};
use tromp_taylor_harness::vocab::Setup;

/// What kind of divergence: the key the summary groups by.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The engine accepted a turn the rules forbid, for the reason of this
    /// [`code`](tromp_taylor_harness::vocab::Illegal::code).
    AcceptedIllegal(&'static str),
    /// The engine refused a turn the rules allow, of this sort (suicide,
    /// capture, plain move, pass).
    RefusedLegal(String),
    /// `is_legal` disagrees with the rules on a turn the rules call this
    /// (legal, or the reason it is illegal).
    IsLegal(String),
    /// `all_legal` lists a move the rules forbid, or omits one they allow.
    AllLegal(String),
    /// The board after a turn.
    Board,
    /// The count of captured stones.
    Captures,
    /// The score at the end of the game.
    FinalScore,
    /// The score at the end of the game differs where the engine's own
    /// judgment decides it: stones it calls dead (`final_status_list dead`),
    /// or a board that is not settled (an empty point that reaches both
    /// colors). A scoring convention, not a rule it breaks (counted only
    /// with `--strict-score`).
    ScoringConvention,
    /// A move the engine chose itself (`genmove`) is one the rules forbid,
    /// for the reason of this code.
    PlaysIllegal(&'static str),
    /// The rules the engine says it plays by (`kata-get-rules`) are not
    /// the rules it was told and is held to.
    RulesAnswer,
    /// The engine died.
    Crash,
    /// The engine did not answer within the timeout.
    Hang,
    /// The engine answered something that is not GTP, or not the answer's form.
    Garbage,
    /// Something a GTP controller keeps itself differs (an undo taken
    /// back, say): named by the driver's word for it.
    Other(&'static str),
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::AcceptedIllegal(why) => write!(f, "accepts an illegal move ({why})"),
            Kind::RefusedLegal(what) => write!(f, "refuses a legal {what}"),
            Kind::IsLegal(what) => write!(f, "is_legal is wrong on a {what}"),
            Kind::AllLegal(what) => write!(f, "all_legal {what}"),
            Kind::Board => f.write_str("shows a different board after a turn"),
            Kind::Captures => f.write_str("counts captures differently"),
            Kind::FinalScore => f.write_str("gives a different final score"),
            Kind::ScoringConvention => f.write_str(
                "scores by its own judgment of dead stones or territory (a scoring convention)",
            ),
            Kind::PlaysIllegal(why) => write!(f, "plays an illegal move of its own ({why})"),
            Kind::RulesAnswer => f.write_str("says it plays by other rules than it was told"),
            Kind::Crash => f.write_str("crashes"),
            Kind::Hang => f.write_str("hangs"),
            Kind::Garbage => f.write_str("answers garbage"),
            Kind::Other(what) => write!(f, "differs in its {what}"),
        }
    }
}

impl Kind {
    /// Whether the engine failed to answer at all (crash, hang, garbage):
    /// not minimised, and its process is not reused.
    pub fn is_failure(&self) -> bool {
        matches!(self, Kind::Crash | Kind::Hang | Kind::Garbage)
    }
}

/// The first place in a game where the engine parts from the rules, in the
/// auditor's words (the boards are the driver's mismatch's).
#[derive(Clone, Debug)]
pub struct Divergence {
    /// What kind.
    pub kind: Kind,
    /// The steps attempted, up to and including the one where it parts (empty
    /// when the game could not even be set up).
    pub record: Record,
    /// What the engine did or said.
    pub engine_says: String,
    /// What the rules say.
    pub rules_say: String,
    /// The GTP commands that lead there, with the last answer.
    pub transcript: Vec<String>,
}

/// How a game went when nothing diverged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Steps attempted.
    pub steps: usize,
    /// Turns taken.
    pub turns: usize,
    /// Whether the game ended (so that the score was compared).
    pub ended: bool,
}

/// Why a game could not be audited at all (not a divergence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// The outcome of auditing one game.
pub enum GameAudit {
    /// No divergence.
    Agrees(Played),
    /// A divergence, with the driver's mismatch it was read from.
    Diverges(Box<Divergence>, Box<Mismatch>),
    /// The engine cannot play this game (a size it refuses).
    Unsupported(Unsupported),
}

/// The engine under audit and the rules' engine, and how the driver
/// compares them.
pub struct Auditor<'a> {
    /// How the engine is run.
    pub gtp: &'a GtpOptions,
    /// What it can be asked (less what was switched off).
    pub caps: Capabilities,
    /// The longest side its `boardsize` accepts.
    pub max_side: usize,
    /// The engine, as the driver sees it.
    pub engine: &'a EngineKind,
    /// The rules' engine.
    pub reference: &'a EngineKind,
}

impl Auditor<'_> {
    /// How the driver compares the two: legal sets and verdict queries where
    /// the engine has them, its queries last, no details (GTP has none).
    pub fn compare_options() -> CompareOptions {
        CompareOptions {
            legal_sets: true,
            details_every: 0,
            queries_last: true,
        }
    }

    /// Audits one game: GTP has no agreement on dead stones, so a script's
    /// agreements are left out.
    pub fn audit(&self, script: &Script) -> GameAudit {
        let mut script = script.clone();
        script.steps.retain(|s| !matches!(s, Step::Agree(_)));
        if let Some(why) = self.unsupported(&script) {
            return GameAudit::Unsupported(why);
        }
        match compare_script_with(
            &script,
            self.reference,
            self.engine,
            Self::compare_options(),
        ) {
            Ok(agreed) => GameAudit::Agrees(Played {
                steps: agreed.steps,
                turns: agreed.turns,
                ended: agreed.ended,
            }),
            Err(mismatch) => match self.read(&mismatch) {
                Ok(divergence) => GameAudit::Diverges(divergence, mismatch),
                Err(why) => GameAudit::Unsupported(why),
            },
        }
    }

    /// Why `script` cannot be audited, in GTP's words, if it cannot: what
    /// the engine (or the rules' engine) does not claim.
    fn unsupported(&self, script: &Script) -> Option<Unsupported> {
        let setup = script.setup;
        if script.start.is_some() {
            return Some(Unsupported(
                "a setup position (AB/AW): GTP has no command that sets one up".to_string(),
            ));
        }
        if let Err(why) = self.reference.supports().setup(&setup) {
            return Some(Unsupported(format!(
                "the rules' engine cannot start a {} game under {}: {why}",
                setup.size, setup.rules
            )));
        }
        // The engine is held to the game's rules: where it cannot be told
        // them, its command line is trusted to set them (a replayed
        // record's rules are the user's to set there), so only the board
        // and the start are asked of its claims.
        let held = Setup {
            rules: self.gtp.rules,
            ..setup
        };
        let why = self.engine.supports().setup(&held).err()?;
        Some(Unsupported(self.gtp_words(&why, setup)))
    }
}
