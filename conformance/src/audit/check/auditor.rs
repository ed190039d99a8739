//! The auditor of one game: the driver run on the rules and the engine, and
//! what it returns (a reading, an unplayable game, or agreement).

use tromp_taylor_gtp::adapter::GtpOptions;
use tromp_taylor_gtp::capabilities::Capabilities;
use tromp_taylor_harness::diff::{compare_script_with, Agreed, CompareOptions, Divergence};
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::finding::Said;
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::vocab::Setup;

use tromp_taylor_harness::report::Kind;

/// The first place in a game where the engine parts from the rules, in the
/// auditor's words (the boards are the driver's divergence's).
#[derive(Clone, Debug)]
pub struct Reading {
    /// What kind.
    pub kind: Kind,
    /// What each side said, and the steps and commands that lead there.
    pub said: Said,
}

/// Why a game could not be audited at all (not a divergence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable(pub String);

/// The outcome of auditing one game.
pub enum Audited {
    /// No divergence.
    Agrees(Agreed),
    /// A divergence, with the driver's divergence it was read from.
    Diverges(Box<Reading>, Box<Divergence>),
    /// The engine cannot play this game (a size it refuses).
    Unplayable(Unplayable),
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
    pub fn audit(&self, script: &Script) -> Audited {
        let mut script = script.clone();
        script.steps.retain(|s| !matches!(s, Step::Agree(_)));
        if let Some(why) = self.unplayable(&script) {
            return Audited::Unplayable(why);
        }
        match compare_script_with(
            &script,
            self.reference,
            self.engine,
            Self::compare_options(),
        ) {
            Ok(agreed) => Audited::Agrees(agreed),
            Err(divergence) => match self.read(&divergence) {
                Ok(reading) => Audited::Diverges(reading, divergence),
                Err(why) => Audited::Unplayable(why),
            },
        }
    }

    /// Why `script` cannot be audited, in GTP's words, if it cannot: what
    /// the engine (or the rules' engine) does not claim.
    fn unplayable(&self, script: &Script) -> Option<Unplayable> {
        let setup = script.setup;
        if script.start.is_some() {
            return Some(Unplayable(
                "a setup position (AB/AW): GTP has no command that sets one up".to_string(),
            ));
        }
        if let Err(why) = self.reference.supports().setup(&setup) {
            return Some(Unplayable(format!(
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
        Some(Unplayable(self.gtp_words(&why, setup)))
    }
}
