//! An engine under comparison that notes, before each answer, whose answer
//! is being asked for: so that the driver lays a panic at the right door.

use crate::engine::{Details, Engine};
use crate::vocab::{Grid, Outcome, Player, Point, Refusal, Turn, Verdict};
use std::cell::Cell;

/// Which of the two engines compared.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// The first.
    Left,
    /// The second.
    Right,
}

/// An engine that notes, before each answer, whose answer is being asked
/// for: so that a panic is laid at the right door.
pub(super) struct Watched<'a> {
    /// The engine.
    pub(super) engine: Box<dyn Engine + Send>,
    /// Which of the two it is.
    pub(super) side: Side,
    /// Where to note whose answer is asked for.
    pub(super) asked: &'a Cell<Side>,
}

impl Watched<'_> {
    fn ask(&self) -> &dyn Engine {
        self.asked.set(self.side);
        &*self.engine
    }

    fn ask_mut(&mut self) -> &mut dyn Engine {
        self.asked.set(self.side);
        &mut *self.engine
    }
}

impl Engine for Watched<'_> {
    fn to_move(&self) -> Player {
        self.ask().to_move()
    }
    fn check(&self, turn: Turn) -> Verdict {
        self.ask().check(turn)
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        self.ask_mut().play(turn)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.ask().legal_turns()
    }
    fn grid(&self) -> Grid {
        self.ask().grid()
    }
    fn is_over(&self) -> bool {
        self.ask().is_over()
    }
    fn consecutive_passes(&self) -> usize {
        self.ask().consecutive_passes()
    }
    fn score(&self, player: Player) -> usize {
        self.ask().score(player)
    }
    fn prisoners(&self, player: Player) -> usize {
        self.ask().prisoners(player)
    }
    fn outcome(&self) -> Outcome {
        self.ask().outcome()
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.ask_mut().agree(points)
    }
    fn undo(&mut self) -> bool {
        self.ask_mut().undo()
    }
    fn details(&self) -> Option<Details> {
        self.ask().details()
    }
}
