//! One small trait that every engine under comparison is adapted to, and the
//! adapters: one file per engine.

pub mod fast;
pub mod spec;
mod supports;

pub use supports::{Supports, Unsupported};

use crate::vocab::{
    Color, Grid, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn, Verdict,
};

/// A game in progress in some engine, asked and answered in the harness's
/// vocabulary. Every method that can refuse leaves the game unchanged when
/// it does.
pub trait Engine {
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// The verdict on `turn`, without taking it.
    fn check(&self, turn: Turn) -> Verdict;
    /// Takes `turn` if it is legal; otherwise says why and changes nothing.
    fn play(&mut self, turn: Turn) -> Verdict;
    /// Every legal turn: the pass first, then moves in point order.
    fn legal_turns(&self) -> Vec<Turn>;
    /// The color of every point.
    fn grid(&self) -> Grid;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The run of consecutive passes.
    fn consecutive_passes(&self) -> usize;
    /// A player's score as the position stands, without komi.
    fn score(&self, player: Player) -> usize;
    /// The opponent stones a player holds.
    fn prisoners(&self, player: Player) -> usize;
    /// The result with komi, as the position stands.
    fn outcome(&self) -> Outcome;
    /// Ends the game by agreement on points to empty (comment 8).
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal>;
}

/// An engine the harness can start games in.
#[derive(Clone, Copy)]
pub struct EngineKind {
    /// Its name in reports.
    pub name: &'static str,
    /// Starts a game, or says why it cannot.
    pub start: fn(Setup) -> Result<Box<dyn Engine + Send>, String>,
    /// Starts a game from a setup position (a game record's `AB`/`AW`): the
    /// colors in point order and the player to move; or says why it cannot.
    pub start_position: StartPosition,
    /// What it claims to implement: the harness compares it only there
    /// ([`Supports::EVERYTHING`] for an engine of the whole rules).
    pub supports: Supports,
}

/// How an engine starts from a setup position.
pub type StartPosition =
    fn(Size, Rules, &[Color], Player) -> Result<Box<dyn Engine + Send>, String>;

/// For engines that cannot start from a setup position (declare
/// `setup_positions: false` in their [`Supports`] too).
pub fn no_setup_positions(
    _: Size,
    _: Rules,
    _: &[Color],
    _: Player,
) -> Result<Box<dyn Engine + Send>, String> {
    Err("this engine cannot start from a setup position".to_string())
}

impl std::fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// The literal statement of the rules.
pub const SPEC: EngineKind = EngineKind {
    name: "spec",
    start: spec::start,
    start_position: spec::start_position,
    supports: Supports::EVERYTHING,
};

/// The optimised engine.
pub const FAST: EngineKind = EngineKind {
    name: "fast",
    start: fast::start,
    start_position: fast::start_position,
    supports: Supports::EVERYTHING,
};

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
            EngineName::Spec => SPEC,
            EngineName::Fast => FAST,
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
    /// use tromp_taylor_harness::engine::EngineName;
    /// assert_eq!("fast".parse::<EngineName>().unwrap().kind().name, "fast");
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
        f.write_str(self.kind().name)
    }
}
