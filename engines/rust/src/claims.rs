//! What the two libraries claim alike, before each adapter switches off the
//! rest of what its own library lacks.

use tromp_taylor_harness::engine::Supports;

/// Neither library has situational superko, the agreement ending, free
/// handicaps, the lost turn, setup positions or undo in its API, and
/// neither plays rectangles (board-game has no such size; goban's
/// `Custom(height, width)` sizes are misindexed): everything else of ours,
/// for an adapter to narrow.
pub const PLAIN_BOARD: Supports = Supports {
    situational_superko: false,
    agreement_ending: false,
    free_handicap: false,
    rectangles: false,
    illegal_loses_turn: false,
    setup_positions: false,
    undo: false,
    ..Supports::EVERYTHING
};
