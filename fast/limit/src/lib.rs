//! The limit board: a Go board of libEGO's published design, written in C
//! here (csrc/board.c) and wrapped safely, for fast's benchmarks only.
//!
//! Its design is the one behind most fast playout engines: pseudo-liberty
//! counts, strings as circular linked lists with a string id per point, an
//! array of empty points with an index map, a simple ko point and no
//! superko. Suicide of any size is illegal. It does strictly less than
//! `tromp-taylor-fast` (no superko, no history, no undo, no other rules,
//! square boards up to 19x19), so it is the limit `fast` is measured
//! against: the same light playout, seed for seed, in the same run
//! (`cargo bench -p tromp-taylor-fast --bench peers`). `tests/agrees_with_fast.rs`
//! checks, turn by turn, that it plays the same games as `fast` under the
//! same rules (simple ko, no suicide).
//!
//! ```
//! use tromp_taylor_limit::{Board, Step};
//!
//! let mut board = Board::new(9).unwrap();
//! let turns = board.playout(1, 4 * 81);
//! assert!(board.is_over() && turns == board.turns());
//! assert_eq!(board.step(&mut 1), Step::Over);
//! ```
// The calls into C are foreign functions: this crate allows `unsafe_code`
// (its Cargo.toml says why), and every block carries a `// SAFETY:` comment.
#![deny(unsafe_op_in_unsafe_fn)]

use std::ffi::c_int;
use std::ptr::NonNull;

/// The C API of csrc/board.h.
mod ffi {
    use std::ffi::c_int;

    /// The C board (opaque: only C reads or writes its fields).
    #[repr(C)]
    pub(crate) struct RawBoard {
        _private: [u8; 0],
    }

    extern "C" {
        pub(crate) fn lb_new(side: c_int) -> *mut RawBoard;
        pub(crate) fn lb_free(b: *mut RawBoard);
        pub(crate) fn lb_clear(b: *mut RawBoard);
        pub(crate) fn lb_is_over(b: *const RawBoard) -> c_int;
        pub(crate) fn lb_to_move(b: *const RawBoard) -> c_int;
        pub(crate) fn lb_turns(b: *const RawBoard) -> c_int;
        pub(crate) fn lb_is_legal(b: *const RawBoard, point: c_int) -> c_int;
        pub(crate) fn lb_play(b: *mut RawBoard, point: c_int) -> c_int;
        pub(crate) fn lb_step(b: *mut RawBoard, rng: *mut u64) -> c_int;
        pub(crate) fn lb_playout(b: *mut RawBoard, seed: u64, max_turns: c_int) -> c_int;
        pub(crate) fn lb_replay(b: *mut RawBoard, turns: *const i16, n: c_int) -> c_int;
        pub(crate) fn lb_coloring(b: *const RawBoard, out: *mut u8);
        pub(crate) fn lb_empties(b: *const RawBoard, out: *mut u16) -> c_int;
    }
}

/// The largest side the C board takes (`LB_MAX_SIDE` of csrc/board.h).
pub const MAX_SIDE: usize = 19;

/// What one light-playout turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move at this point index (`y * side + x`).
    Move(usize),
    /// A pass.
    Pass,
    /// Nothing: the game was over.
    Over,
}

/// A square board of the C design, from 1x1 to 19x19; Black moves first,
/// two consecutive passes end the game.
pub struct Board {
    /// The C board, owned: made by `lb_new`, freed by `lb_free` in `drop`.
    raw: NonNull<ffi::RawBoard>,
    /// Its side.
    side: usize,
}

impl Board {
    /// An empty board of side `side`, or `None` when the side is not 1 to 19.
    pub fn new(side: usize) -> Option<Board> {
        if !(1..=MAX_SIDE).contains(&side) {
            return None;
        }
        // SAFETY: lb_new takes any int and returns a fresh board or NULL.
        let raw = unsafe { ffi::lb_new(side as c_int) };
        NonNull::new(raw).map(|raw| Board { raw, side })
    }

    /// The side of the board.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Empties the board: Black to move, no ko, no turns.
    pub fn clear(&mut self) {
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably.
        unsafe { ffi::lb_clear(self.raw.as_ptr()) }
    }

    /// Whether two consecutive passes have ended the game.
    pub fn is_over(&self) -> bool {
        // SAFETY: `raw` is a live board from lb_new; lb_is_over only reads it.
        unsafe { ffi::lb_is_over(self.raw.as_ptr()) != 0 }
    }

    /// Whether Black is to move.
    pub fn black_to_move(&self) -> bool {
        // SAFETY: `raw` is a live board from lb_new; lb_to_move only reads it.
        unsafe { ffi::lb_to_move(self.raw.as_ptr()) == 1 }
    }

    /// The turns taken since the board was made or cleared, passes included.
    pub fn turns(&self) -> usize {
        // SAFETY: `raw` is a live board from lb_new; lb_turns only reads it.
        unsafe { ffi::lb_turns(self.raw.as_ptr()) as usize }
    }

    /// Whether a move by the player to move at point index `point` is
    /// legal: on the board, empty, not the ko point, not suicide.
    pub fn is_legal(&self, point: usize) -> bool {
        if point >= self.side * self.side {
            return false;
        }
        // SAFETY: `raw` is a live board from lb_new; lb_is_legal only reads
        // it and checks `point` (in range here anyway).
        unsafe { ffi::lb_is_legal(self.raw.as_ptr(), point as c_int) != 0 }
    }

    /// Moves at point index `point` if that is legal; says whether it did
    /// (nothing changes when it did not).
    pub fn play(&mut self, point: usize) -> bool {
        if point >= self.side * self.side {
            return false;
        }
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably;
        // lb_play checks the point and the move.
        unsafe { ffi::lb_play(self.raw.as_ptr(), point as c_int) != 0 }
    }

    /// Passes, unless the game is over; says whether it did.
    pub fn pass(&mut self) -> bool {
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably; a
        // negative point is a pass.
        unsafe { ffi::lb_play(self.raw.as_ptr(), -1) != 0 }
    }

    /// One light-playout turn drawn with the SplitMix64 state `rng`: a
    /// uniformly random legal move that does not fill one of the mover's
    /// own one-point eyes, else a pass (the workload of fast's benchmarks).
    pub fn step(&mut self, rng: &mut u64) -> Step {
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably, and
        // `rng` a valid, exclusive u64 for the call.
        match unsafe { ffi::lb_step(self.raw.as_ptr(), rng) } {
            -2 => Step::Over,
            -1 => Step::Pass,
            point => Step::Move(point as usize),
        }
    }

    /// A light playout from the position now (turns of [`Board::step`])
    /// with a generator seeded with `seed`, until the game is over or
    /// `max_turns` turns; returns the turns taken.
    pub fn playout(&mut self, seed: u64, max_turns: usize) -> usize {
        let max_turns = max_turns.min(c_int::MAX as usize) as c_int;
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably.
        unsafe { ffi::lb_playout(self.raw.as_ptr(), seed, max_turns) as usize }
    }

    /// Empties the board and plays `turns` (point indices, negative for a
    /// pass), each only if legal; returns how many were legal.
    pub fn replay(&mut self, turns: &[i16]) -> usize {
        let n = turns.len().min(c_int::MAX as usize) as c_int;
        // SAFETY: `raw` is a live board from lb_new, borrowed mutably, and
        // lb_replay reads `n` <= turns.len() values from `turns`.
        unsafe { ffi::lb_replay(self.raw.as_ptr(), turns.as_ptr(), n) as usize }
    }

    /// The color of each point by point index: 0 empty, 1 black, 2 white.
    pub fn coloring(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.side * self.side];
        // SAFETY: `raw` is a live board from lb_new; lb_coloring writes
        // side * side bytes, the length of `out`.
        unsafe { ffi::lb_coloring(self.raw.as_ptr(), out.as_mut_ptr()) };
        out
    }

    /// The board's list of empty point indices, in its own order.
    pub fn empties(&self) -> Vec<u16> {
        let mut out = vec![0u16; self.side * self.side];
        // SAFETY: `raw` is a live board from lb_new; lb_empties writes at
        // most side * side values, the length of `out`, and returns how many.
        let n = unsafe { ffi::lb_empties(self.raw.as_ptr(), out.as_mut_ptr()) };
        out.truncate(n as usize);
        out
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        // SAFETY: `raw` came from lb_new and is freed once, here.
        unsafe { ffi::lb_free(self.raw.as_ptr()) }
    }
}
