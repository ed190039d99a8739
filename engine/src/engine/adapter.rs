//! What the adapters of `spec` and `fast` share without naming either
//! engine: when their details try an agreement, how a refused agreement is
//! held, and how the printed turns are listed.
//!
//! The two engines state the rules in vocabularies of the same shape
//! (`Player`, `Color`, `Point`, `Turn`, `Handicap`, `Rules` and its options,
//! `Outcome`, `IllegalTurn`, `IllegalAgreement`, and a `Game` with the same
//! queries), but neither names the other, so each adapter converts its own
//! words in a file of its own ([`super::spec`], [`super::fast`]); what is
//! left once the words are the vocabulary's is here.

use super::probe_turns;
use crate::vocab::{Point, Refusal, Size, Turn};

/// Whether the details try an agreement now. They try it on a copy of the
/// game, so only where it is cheap or telling: near the start, at the end,
/// and where an agreement could be proposed.
pub(super) fn probes_agreement(turns_taken: usize, over: bool, passes: usize) -> bool {
    turns_taken < 2 || over || passes >= 2
}

/// A refused agreement as [`Details::agreement`](super::Details::agreement)
/// holds it: the reason, the point the engine's reason names, and whether
/// its message is not empty and names that point.
pub(super) fn refused(
    refusal: Refusal,
    point: Option<Point>,
    message: &str,
) -> (Refusal, Option<Point>, bool) {
    let says = !message.is_empty()
        && point.is_none_or(|p| message.contains(&format!("({}, {})", p.x, p.y)));
    (refusal, point, says)
}

/// [`Details::printed`](super::Details::printed): each of
/// [`probe_turns`] as the engine prints a turn (`turn_text`), then Black
/// and White as it prints a player.
pub(super) fn printed(
    size: Size,
    turn_text: impl Fn(Turn) -> String,
    players: [String; 2],
) -> Vec<String> {
    probe_turns(size)
        .into_iter()
        .map(turn_text)
        .chain(players)
        .collect()
}
