//! The two engines an exhaustive run compares, how a game is started in
//! both, and the line walked to a difference.

use super::answers::Parted;
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::vocab::{Position, Setup, Turn};

/// The two engines compared: the reference first.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The reference.
    pub left: EngineKind,
    /// The engine under test.
    pub right: EngineKind,
}

impl Pair {
    /// `spec` against `fast`.
    pub fn spec_and_fast() -> Pair {
        Pair {
            left: EngineKind::spec(),
            right: EngineKind::fast(),
        }
    }
}

/// A line walked: its setup, the position it started from (none for the
/// empty board or a handicap), its turns, and whether an undo after the
/// last turn comes before the engines part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// Board, rules and handicap.
    pub setup: Setup,
    /// The setup position, if any.
    pub start: Option<Position>,
    /// The turns from the start.
    pub path: Vec<Turn>,
    /// Whether the last turn was taken back before they parted.
    pub undo: bool,
}

/// A game started in one engine.
pub(crate) type Started = Box<dyn Engine + Send>;

/// Starts a game in both engines with `start`: both games; or none where
/// both refuse it in the same words; or where they part.
pub(crate) fn start_both(
    pair: &Pair,
    start: impl Fn(&EngineKind) -> Result<Started, String>,
) -> Result<Option<(Started, Started)>, Parted> {
    match (start(&pair.left), start(&pair.right)) {
        (Ok(a), Ok(b)) => Ok(Some((a, b))),
        (Err(a), Err(b)) if a == b => Ok(None),
        (a, b) => Err(Parted {
            what: "start".to_string(),
            left: a.map(|_| "started".to_string()).unwrap_or_else(|e| e),
            right: b.map(|_| "started".to_string()).unwrap_or_else(|e| e),
        }),
    }
}
