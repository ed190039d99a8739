//! What two engines part on: the [`Difference`] and the [`Divergence`] that
//! holds it with everything needed to see it and replay it.

use crate::script::Record;
use crate::vocab::{Grid, Outcome, Player, Position, Refusal, Setup, Turn, Verdict};

/// What the engines disagree on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// Whether the game can be started at all.
    Start {
        /// The first engine's answer.
        left: Result<(), String>,
        /// The second engine's answer.
        right: Result<(), String>,
    },
    /// Whose turn it is.
    ToMove {
        /// The first engine's answer.
        left: Player,
        /// The second engine's answer.
        right: Player,
    },
    /// Whether the game is over.
    Over {
        /// The first engine's answer.
        left: bool,
        /// The second engine's answer.
        right: bool,
    },
    /// The run of consecutive passes.
    Passes {
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// The legal turns.
    LegalSet {
        /// Legal for the first engine only.
        only_left: Vec<Turn>,
        /// Legal for the second engine only.
        only_right: Vec<Turn>,
    },
    /// The verdict on the attempted turn.
    Verdict {
        /// The turn.
        turn: Turn,
        /// The first engine's verdict.
        left: Verdict,
        /// The second engine's verdict.
        right: Verdict,
    },
    /// The verdict on an attempted turn asked without playing it
    /// ([`Engine::check`](crate::engine::Engine::check)), where playing it drew the same verdict.
    Check {
        /// The turn.
        turn: Turn,
        /// The first engine's verdict.
        left: Verdict,
        /// The second engine's verdict.
        right: Verdict,
    },
    /// The verdict on the attempted agreement.
    Agreement {
        /// The first engine's verdict.
        left: Result<(), Refusal>,
        /// The second engine's verdict.
        right: Result<(), Refusal>,
    },
    /// The grid after the step.
    Grid,
    /// A player's score.
    Score {
        /// Whose.
        player: Player,
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// A player's prisoners.
    Prisoners {
        /// Whose.
        player: Player,
        /// The first engine's answer.
        left: usize,
        /// The second engine's answer.
        right: usize,
    },
    /// The result.
    Outcome {
        /// The first engine's answer.
        left: Outcome,
        /// The second engine's answer.
        right: Outcome,
    },
    /// Whether there was a turn to take back.
    Undo {
        /// The first engine's answer.
        left: bool,
        /// The second engine's answer.
        right: bool,
    },
    /// Something else the engines report ([`Details`](crate::engine::Details)): an accessor, a
    /// refusal's structured reason or message, a printed value, a self-check.
    Details {
        /// Which part of the report.
        what: String,
        /// The first engine's value there.
        left: String,
        /// The second engine's value there.
        right: String,
    },
    /// An engine panicked instead of answering.
    Panic {
        /// The engine that panicked.
        engine: String,
        /// Its panic message.
        message: String,
    },
}

impl Difference {
    /// The kind of difference, in one word (`legal-set`, `verdict`, ...),
    /// as reports and file names call it.
    ///
    /// ```
    /// use tromp_taylor_engine::diff::Difference;
    /// assert_eq!(Difference::Grid.kind(), "grid");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Difference::Start { .. } => "start",
            Difference::ToMove { .. } => "to-move",
            Difference::Over { .. } => "over",
            Difference::Passes { .. } => "passes",
            Difference::LegalSet { .. } => "legal-set",
            Difference::Verdict { .. } => "verdict",
            Difference::Check { .. } => "check",
            Difference::Agreement { .. } => "agreement",
            Difference::Grid => "grid",
            Difference::Score { .. } => "score",
            Difference::Prisoners { .. } => "prisoners",
            Difference::Outcome { .. } => "outcome",
            Difference::Undo { .. } => "undo",
            Difference::Details { .. } => "details",
            Difference::Panic { .. } => "panic",
        }
    }
}

/// The first place where two engines part, with everything needed to see it
/// and to replay it.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// The first engine's name.
    pub left: String,
    /// The second engine's name.
    pub right: String,
    /// The game's setup.
    pub setup: Setup,
    /// The setup position the game started from, if not the empty board.
    pub position: Option<Position>,
    /// The actions of the line standing when they part (an undo takes its
    /// action off), up to and including the one where they part.
    pub record: Record,
    /// The steps of the script played, up to and including the one where
    /// they part (an undo is not a step).
    pub steps: usize,
    /// The turns taken back by undos before they parted (0 when none: then
    /// the record alone replays the game).
    pub undos: usize,
    /// What they disagree on.
    pub difference: Difference,
    /// The first engine's grid at that point.
    pub left_grid: Option<Grid>,
    /// The second engine's grid at that point.
    pub right_grid: Option<Grid>,
}
