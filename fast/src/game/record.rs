//! The undo log's records: what undoing each kind of step needs. They import
//! nothing of the modules that write them (play, scoring) or read them (undo).

use crate::game::chain::Chain;

/// One undoable step.
#[derive(Clone, Debug)]
pub(crate) enum Record {
    Turn(TurnRecord),
    Agreement(Box<AgreementRecord>),
}

/// What undoing a turn needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnRecord {
    /// The padded point played, or 0 for a pass.
    pub(crate) point: u16,
    /// The code of the player who moved.
    pub(crate) player: u8,
    /// Merges done (pairs big, small on `aux`).
    pub(crate) merges: u8,
    /// Strings captured (heads on `aux`).
    pub(crate) captures: u8,
    /// Whether the move cleared its own string (head on `aux`).
    pub(crate) suicide: bool,
    /// Whether the turn added a new history entry.
    pub(crate) new_entry: bool,
    /// Whether the turn set a first turn of an existing entry.
    pub(crate) set_first: bool,
    /// Whether the turn set the "ever this color" bit of the point.
    pub(crate) set_ever: bool,
    /// The point's head, next and chain before the move (a stale chain
    /// of an empty point is still read when a merge is undone later).
    pub(crate) old_head: u16,
    pub(crate) old_next: u16,
    pub(crate) old_chain: Chain,
    /// The point's position in the list of empty points before the move.
    pub(crate) empty_slot: u16,
    /// Scalars before the turn.
    pub(crate) hash: u64,
    pub(crate) passes: u32,
    /// Black's consecutive first turns before the turn (a pass during a
    /// free handicap ends it).
    pub(crate) black_first: u32,
    pub(crate) last_emptied: [u32; 2],
    pub(crate) prisoners: [u32; 2],
}

/// What undoing an agreement needs.
#[derive(Clone, Debug)]
pub(crate) struct AgreementRecord {
    /// The emptied points (padded) and their codes, in emptying order.
    pub(crate) emptied: Vec<(u16, u8)>,
    pub(crate) hash: u64,
    pub(crate) prisoners: [u32; 2],
}
