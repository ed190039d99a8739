//! The one forwarding test engine: an [`Engine`] that answers as the
//! engine inside it except where a test plants a fault, for the tests that
//! check the driver, the check and the reports catch what they should.

use tromp_taylor_harness::engine::{Details, Engine};
use tromp_taylor_harness::vocab::{Grid, Outcome, Player, Point, Refusal, Turn, Verdict};

/// A fault a test plants in an engine: each method is asked in place of the
/// trait's method of the same name, with the engine inside, and answers as
/// it does unless the fault says otherwise. A fault keeps what state it
/// needs (turns taken, say) in itself.
pub trait Fault: Send + 'static {
    /// [`Engine::to_move`].
    fn to_move(&self, inner: &dyn Engine) -> Player {
        inner.to_move()
    }
    /// [`Engine::check`].
    fn check(&self, inner: &dyn Engine, turn: Turn) -> Verdict {
        inner.check(turn)
    }
    /// [`Engine::play`].
    fn play(&mut self, inner: &mut dyn Engine, turn: Turn) -> Verdict {
        inner.play(turn)
    }
    /// [`Engine::legal_turns`].
    fn legal_turns(&self, inner: &dyn Engine) -> Vec<Turn> {
        inner.legal_turns()
    }
    /// [`Engine::grid`].
    fn grid(&self, inner: &dyn Engine) -> Grid {
        inner.grid()
    }
    /// [`Engine::is_over`].
    fn is_over(&self, inner: &dyn Engine) -> bool {
        inner.is_over()
    }
    /// [`Engine::consecutive_passes`].
    fn consecutive_passes(&self, inner: &dyn Engine) -> usize {
        inner.consecutive_passes()
    }
    /// [`Engine::score`].
    fn score(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.score(player)
    }
    /// [`Engine::prisoners`].
    fn prisoners(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.prisoners(player)
    }
    /// [`Engine::outcome`].
    fn outcome(&self, inner: &dyn Engine) -> Outcome {
        inner.outcome()
    }
    /// [`Engine::agree`].
    fn agree(&mut self, inner: &mut dyn Engine, points: &[Point]) -> Result<(), Refusal> {
        inner.agree(points)
    }
    /// [`Engine::undo`] (asked only of an engine that is not
    /// [`Forward::plain`]).
    fn undo(&mut self, inner: &mut dyn Engine) -> bool {
        inner.undo()
    }
    /// [`Engine::details`] (asked only of an engine that is not
    /// [`Forward::plain`]).
    fn details(&self, inner: &dyn Engine) -> Option<Details> {
        inner.details()
    }
}

/// No fault: the engine inside as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFault;

impl Fault for NoFault {}

/// An engine that forwards every question to the engine inside it, through
/// a [`Fault`].
pub struct Forward<F> {
    inner: Box<dyn Engine + Send>,
    fault: F,
    plain: bool,
}

impl<F: Fault> Forward<F> {
    /// The engine inside with `fault` planted; it undoes and reports
    /// details as the engine inside does (through the fault).
    pub fn new(inner: Box<dyn Engine + Send>, fault: F) -> Forward<F> {
        Forward {
            inner,
            fault,
            plain: false,
        }
    }

    /// The same, but an engine author's own as far as the harness sees: it
    /// keeps the trait's defaults for [`Engine::undo`] (it cannot) and
    /// [`Engine::details`] (it reports nothing more).
    pub fn plain(inner: Box<dyn Engine + Send>, fault: F) -> Forward<F> {
        Forward {
            inner,
            fault,
            plain: true,
        }
    }
}

impl<F: Fault> Engine for Forward<F> {
    fn to_move(&self) -> Player {
        self.fault.to_move(&*self.inner)
    }
    fn check(&self, turn: Turn) -> Verdict {
        self.fault.check(&*self.inner, turn)
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        self.fault.play(&mut *self.inner, turn)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.fault.legal_turns(&*self.inner)
    }
    fn grid(&self) -> Grid {
        self.fault.grid(&*self.inner)
    }
    fn is_over(&self) -> bool {
        self.fault.is_over(&*self.inner)
    }
    fn consecutive_passes(&self) -> usize {
        self.fault.consecutive_passes(&*self.inner)
    }
    fn score(&self, player: Player) -> usize {
        self.fault.score(&*self.inner, player)
    }
    fn prisoners(&self, player: Player) -> usize {
        self.fault.prisoners(&*self.inner, player)
    }
    fn outcome(&self) -> Outcome {
        self.fault.outcome(&*self.inner)
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.fault.agree(&mut *self.inner, points)
    }
    fn undo(&mut self) -> bool {
        !self.plain && self.fault.undo(&mut *self.inner)
    }
    fn details(&self) -> Option<Details> {
        match self.plain {
            true => None,
            false => self.fault.details(&*self.inner),
        }
    }
}
