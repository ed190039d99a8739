//! An engine as a value: its name, what it claims, and how to start games
//! in it ([`EngineKind`]); and our two engines by name ([`EngineName`]).

use super::{Engine, Supports};
use crate::vocab::{Color, Player, Rules, Setup, Size};
use std::sync::Arc;

/// Starts a game, or says why it cannot.
pub type Start = dyn Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync;

/// Starts a game from a setup position (a game record's `AB`/`AW`): the
/// colors in point order and the player to move; or says why it cannot.
pub type StartPosition =
    dyn Fn(Size, Rules, &[Color], Player) -> Result<Box<dyn Engine + Send>, String> + Send + Sync;

/// An engine the harness can start games in: a name, what it claims, and
/// how to start a game, as a value. The start is any closure (it may hold
/// a path, a handle to an interpreter, a configuration); any number of
/// kinds may be checked at once, and cloning one shares its closures.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use tromp_taylor_engine::engine::{EngineKind, Supports};
/// use tromp_taylor_engine::vocab::{Handicap, Rules, Setup, Size};
///
/// let setup = Setup { size: Size::new(5, 5).unwrap(), rules: Rules::TROMP_TAYLOR, handicap: Handicap::None };
/// let started = Arc::new(AtomicUsize::new(0));
/// let counter = Arc::clone(&started);
/// let fast = EngineKind::fast();
/// let counted = EngineKind::new("counted-fast", Supports::EVERYTHING, move |setup| {
///     counter.fetch_add(1, Ordering::Relaxed);
///     fast.start(setup)
/// });
/// assert_eq!(counted.name(), "counted-fast");
/// assert!(!counted.supports().setup_positions);
/// assert!(counted.start(setup).is_ok());
/// assert_eq!(started.load(Ordering::Relaxed), 1);
/// ```
#[derive(Clone)]
pub struct EngineKind {
    name: Arc<str>,
    start: Arc<Start>,
    start_position: Option<Arc<StartPosition>>,
    supports: Supports,
}

impl EngineKind {
    /// An engine named `name` that claims `supports` and starts games with
    /// `start`. It starts no setup position (its [`Supports::setup_positions`]
    /// is `false`) until [`EngineKind::with_positions`] gives it a way.
    pub fn new(
        name: &str,
        supports: Supports,
        start: impl Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync + 'static,
    ) -> EngineKind {
        EngineKind {
            name: Arc::from(name),
            start: Arc::new(start),
            start_position: None,
            supports: Supports {
                setup_positions: false,
                ..supports
            },
        }
    }

    /// The same engine, starting setup positions with `start_position`
    /// (and claiming to).
    pub fn with_positions(
        self,
        start_position: impl Fn(Size, Rules, &[Color], Player) -> Result<Box<dyn Engine + Send>, String>
            + Send
            + Sync
            + 'static,
    ) -> EngineKind {
        EngineKind {
            start_position: Some(Arc::new(start_position)),
            supports: Supports {
                setup_positions: true,
                ..self.supports
            },
            ..self
        }
    }

    /// Its name in reports.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What it claims to implement: the harness compares it only there
    /// ([`Supports::EVERYTHING`] for an engine of the whole rules).
    pub fn supports(&self) -> Supports {
        self.supports
    }

    /// The same engine claiming `supports` instead (setup positions only
    /// where it has a way to start them).
    pub fn claiming(self, supports: Supports) -> EngineKind {
        let setup_positions = supports.setup_positions && self.start_position.is_some();
        EngineKind {
            supports: Supports {
                setup_positions,
                ..supports
            },
            ..self
        }
    }

    /// Starts a game, or says why it cannot.
    pub fn start(&self, setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
        (self.start)(setup)
    }

    /// Starts a game from a setup position, or says why it cannot (among
    /// the reasons: this engine starts none).
    pub fn start_position(
        &self,
        size: Size,
        rules: Rules,
        colors: &[Color],
        to_move: Player,
    ) -> Result<Box<dyn Engine + Send>, String> {
        match &self.start_position {
            Some(start) => start(size, rules, colors, to_move),
            None => Err(format!("{} cannot start from a setup position", self.name)),
        }
    }
}

impl std::fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// One of our two engines, by the name the command line and reports use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineName {
    /// `tromp-taylor-spec`: the literal statement of the rules.
    Spec,
    /// `tromp-taylor-fast`: the optimised engine.
    Fast,
}

impl EngineName {
    /// The engine, to start games in.
    pub fn kind(self) -> EngineKind {
        match self {
            EngineName::Spec => EngineKind::spec(),
            EngineName::Fast => EngineKind::fast(),
        }
    }
}

/// A name that is neither `spec` nor `fast`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not one of our engines: spec or fast")]
pub struct UnknownEngine(pub String);

impl std::str::FromStr for EngineName {
    type Err = UnknownEngine;

    /// `spec` or `fast`.
    ///
    /// ```
    /// use tromp_taylor_engine::engine::EngineName;
    /// assert_eq!("fast".parse::<EngineName>().unwrap().kind().name(), "fast");
    /// assert!("both".parse::<EngineName>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<EngineName, UnknownEngine> {
        match text {
            "spec" => Ok(EngineName::Spec),
            "fast" => Ok(EngineName::Fast),
            _ => Err(UnknownEngine(text.to_string())),
        }
    }
}

impl std::fmt::Display for EngineName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EngineName::Spec => "spec",
            EngineName::Fast => "fast",
        })
    }
}
