//! The driver's comparisons for a caller that takes two games one step at a
//! time and decides each step as it goes (the explorer, where a step is a
//! click; `replay --engine both`): after a turn, after an agreement, at the
//! end. No legal sets and no details: those are the driver's thorough check,
//! too slow for a click.

use super::driver::{compare_state, end_difference, position_difference};
use super::Difference;
use crate::engine::{Engine, Supports};
use crate::vocab::{Refusal, Turn, Verdict};

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

/// The first difference in prisoners, scores and result, each where both
/// engines claim it: the result at any moment with the scores, or else
/// once the game is over where both claim results.
pub fn at_end((a, b): (&dyn Engine, &dyn Engine), both: Supports) -> Option<Difference> {
    end_difference(a, b, both)
}
