//! The trait every engine under comparison is adapted to: a game in
//! progress, asked and answered in the vocabulary's words.

use super::Details;
#[cfg(doc)]
use super::Supports;
#[cfg(doc)]
use crate::vocab::Rules;
use crate::vocab::{Grid, Outcome, Player, Point, Refusal, Turn, Verdict};

/// A game in progress in some engine, asked and answered in the harness's
/// vocabulary. Every method that can refuse leaves the game unchanged when
/// it does.
pub trait Engine {
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// The verdict on `turn`, without taking it.
    fn check(&self, turn: Turn) -> Verdict;
    /// Takes `turn` if it is legal; otherwise says why and changes nothing,
    /// except under rules where an illegal move loses the turn
    /// ([`Rules::illegal_move`], seed 003): then a move refused as
    /// suicide, ko or superko is a lost turn, and the opponent is to move.
    fn play(&mut self, turn: Turn) -> Verdict;
    /// [`Engine::play`] of the move at `point` (on the board or not), with
    /// the same verdict and the same game after it, by the engine's
    /// cheapest exact entry point where it has one (`fast`'s
    /// `play_index`): the call of a caller that has read the point already
    /// (the Python package's `Game.play`). The default is `play`.
    fn play_move(&mut self, point: Point) -> Verdict {
        self.play(Turn::Move(point))
    }
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
    /// Takes back the last turn (a lost turn included) or agreement, leaving
    /// the game exactly as before it; `false`, changing nothing, when there
    /// is none since the start. An engine that cannot undo keeps this
    /// default and declares [`Supports::undo`]` = false`; the harness then
    /// replays from the start where it would have undone.
    fn undo(&mut self) -> bool {
        false
    }
    /// Everything else the engine reports about the game, each through its
    /// own accessor, for the differential driver to compare now and then;
    /// `None` (the default) for an engine that reports nothing more.
    fn details(&self) -> Option<Details> {
        None
    }
}
