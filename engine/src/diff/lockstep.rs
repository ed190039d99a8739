//! Two engines in lockstep, one step at a time, for a caller that decides
//! each step as it goes (the explorer, where a step is a click): after each
//! step, the driver's own comparisons.

use super::driver::{compare_state, end_difference, position_difference};
use super::Difference;
use crate::engine::{Engine, Supports};
use crate::vocab::{Point, Refusal, Turn, Verdict};

/// Two games started alike, played alike, and compared after each step as
/// the driver compares them (the verdicts, whose turn it is, the run of
/// passes, the end, the grids and the prisoners; the scores and the result
/// when asked), each answer where both engines claim it. No legal sets and
/// no details: those are the driver's thorough check, too slow for a click.
pub struct Lockstep {
    left: Box<dyn Engine + Send>,
    right: Box<dyn Engine + Send>,
    both: Supports,
}

impl Lockstep {
    /// `left` and `right`, each at the start of the same game, comparing
    /// the answers both claim (`both`, as [`Supports::both`] gives them).
    pub fn new(
        left: Box<dyn Engine + Send>,
        right: Box<dyn Engine + Send>,
        both: Supports,
    ) -> Lockstep {
        Lockstep { left, right, both }
    }

    /// The first engine's game.
    pub fn left(&self) -> &dyn Engine {
        &*self.left
    }

    /// The first difference in the games as they stand ([`now`]).
    pub fn now(&self) -> Option<Difference> {
        now((&*self.left, &*self.right), self.both)
    }

    /// The first difference in prisoners, scores and result.
    pub fn end(&self) -> Option<Difference> {
        end_difference(&*self.left, &*self.right, self.both)
    }

    /// Takes `turn` in both games: the first engine's verdict, and the
    /// first difference it leaves ([`after_turn`]).
    pub fn play(&mut self, turn: Turn) -> (Verdict, Option<Difference>) {
        let (left, right) = (self.left.play(turn), self.right.play(turn));
        let (a, b) = (&*self.left, &*self.right);
        (left, after_turn((a, b), self.both, turn, (left, right)))
    }

    /// Ends the game by agreement on `points` in both: the first engine's
    /// answer, and the first difference it leaves ([`after_agreement`]).
    pub fn agree(&mut self, points: &[Point]) -> (Result<(), Refusal>, Option<Difference>) {
        let (left, right) = (self.left.agree(points), self.right.agree(points));
        let (a, b) = (&*self.left, &*self.right);
        (left, after_agreement((a, b), self.both, (left, right)))
    }

    /// Takes back the last turn in both: whether the first had one, and the
    /// first difference it leaves.
    pub fn undo(&mut self) -> (bool, Option<Difference>) {
        let (left, right) = (self.left.undo(), self.right.undo());
        let difference = match left == right {
            true => self.now(),
            false => Some(Difference::Undo { left, right }),
        };
        (left, difference)
    }
}

/// The first difference between two games as they stand: the state (whose
/// turn, the run of passes, the end), the grids and the prisoners, each
/// where both engines claim it (`both`).
pub fn now((a, b): (&dyn Engine, &dyn Engine), both: Supports) -> Option<Difference> {
    compare_state(a, b, false)
        .err()
        .or_else(|| position_difference(a, b, both))
}

/// The first difference once `turn` is played on both games with the
/// verdicts `left` and `right`: in the verdicts (in legality alone where
/// one gives no reasons), then as [`now`].
pub fn after_turn(
    games: (&dyn Engine, &dyn Engine),
    both: Supports,
    turn: Turn,
    (left, right): (Verdict, Verdict),
) -> Option<Difference> {
    let same = match both.reasons {
        true => left == right,
        false => left.is_ok() == right.is_ok(),
    };
    match same {
        true => now(games, both),
        false => Some(Difference::Verdict { turn, left, right }),
    }
}

/// The first difference once an agreement is proposed to both games with
/// the answers `left` and `right`: in the answers, then as [`now`].
pub fn after_agreement(
    games: (&dyn Engine, &dyn Engine),
    both: Supports,
    (left, right): (Result<(), Refusal>, Result<(), Refusal>),
) -> Option<Difference> {
    match left == right {
        true => now(games, both),
        false => Some(Difference::Agreement { left, right }),
    }
}
