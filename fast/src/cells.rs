//! Indexing the board's per-point arrays without bounds checks on the
//! per-turn paths, where the `workload` A/B showed the checks cost 6-17 %
//! (docs/benchmarks.md, "The fourth speed pass").
//!
//! [`cell!`] reads and writes one element of a per-point array: `cell!(color[q])`,
//! `cell!(mut around[n]) = ...`. It is used only in the files that play,
//! judge and undo a turn (`game/board.rs`, `game/legality.rs`,
//! `game/play.rs`, `game/undo.rs`), and only on these arrays, whose lengths
//! are fixed when the game is set up (`game/setup.rs`):
//!
//! | array | length | indexed by |
//! |---|---|---|
//! | `color`, `around`, `head`, `next`, `chain`, `index`, `ever` | `cells` = (height + 2) x stride + 1 | a padded point |
//! | `keys` | 2 x the largest board's `cells` | `2 q + c - 1`, `q` a padded point, `c` 1 or 2 |
//! | `empty_pos` | `cells` (at least the points) | a point index |
//! | `packed` | points / 32, rounded up | a point index / 32 |
//!
//! # The index invariant
//!
//! Every index given to [`cell!`] is in bounds, because of how it was made:
//!
//! 1. A padded point `q` comes from [`Game::padded_checked`](crate::Game),
//!    from `cell_of` (the padded point of each point index, read with a
//!    bounds check by the point-index entry points), from the loop over
//!    the board in `legal_turns_into`, or from a value stored in `head`,
//!    `next` or `aux`, or from a turn record. Every value
//!    stored there is itself such a point: the only values ever written are
//!    padded points and the heads read from `head` (induction over the
//!    writes; `aux` pops default to 0, the first border cell).
//! 2. The neighbours `q - 1`, `q + 1`, `q - stride`, `q + stride` of an
//!    on-board point are cells: a border row lies above and below the board
//!    and a border column between rows, so `q - stride >= 1` and
//!    `q + stride < cells`. Only on-board points (empty points, stones and
//!    strings' members) have their neighbours taken.
//! 3. A point index is `index[q]` of an on-board point, or a value stored in
//!    `empties` (itself indexed with the bounds check), which holds only
//!    point indices: both are below the points, so below `empty_pos`'s
//!    length, and their quotient by 32 is below `packed`'s length.
//!
//! # Where it is checked
//!
//! The check is skipped only in optimised builds. With debug assertions
//! (every `cargo test` run, and `cargo fuzz run`, which turns them on in its
//! optimised builds), with the feature `planted-bugs` (whose bugs break
//! bookkeeping on purpose), every index is bounds-checked as usual and a
//! broken invariant panics. The ClusterFuzzLite build (`cargo fuzz build
//! -O`, `.clusterfuzzlite/build.sh`) runs the unchecked path under
//! AddressSanitizer. Under miri (`cargo +nightly miri test -p
//! tromp-taylor-fast`, a step of `.ci/run`) the unchecked path runs and miri
//! reports any read or write out of bounds as undefined behaviour.

/// Whether [`cell!`] checks its index: in debug builds (not under miri,
/// which checks the unchecked path itself) and in builds with planted bugs.
const CHECKED: bool = cfg!(any(
    feature = "planted-bugs",
    all(debug_assertions, not(miri))
));

/// `&array[i]`, without the bounds check in optimised builds.
///
/// # Safety
///
/// `i < array.len()`.
#[inline(always)]
pub(crate) unsafe fn get<T>(array: &[T], i: usize) -> &T {
    if CHECKED {
        return &array[i];
    }
    // SAFETY: the caller promises `i < array.len()`.
    unsafe { array.get_unchecked(i) }
}

/// `&mut array[i]`, without the bounds check in optimised builds.
///
/// # Safety
///
/// `i < array.len()`.
#[inline(always)]
pub(crate) unsafe fn get_mut<T>(array: &mut [T], i: usize) -> &mut T {
    if CHECKED {
        return &mut array[i];
    }
    // SAFETY: the caller promises `i < array.len()`.
    unsafe { array.get_unchecked_mut(i) }
}

/// One element of a per-point array, as a place: `cell!(color[q])` reads,
/// `cell!(mut around[n]) = x` writes, `cell!(mut chain[h]).add_lib()`
/// borrows mutably. The index is evaluated before the array is borrowed.
/// Only for indices that satisfy the module's index invariant.
macro_rules! cell {
    (mut $($array:ident).+ [$i:expr]) => {
        *{
            let i: usize = $i;
            // SAFETY: `i` is a padded point, a neighbour of an on-board
            // point, a point index or a key's slot, in bounds by the index
            // invariant of `crate::cells`.
            unsafe { $crate::cells::get_mut(&mut $($array).+[..], i) }
        }
    };
    ($($array:ident).+ [$i:expr]) => {
        *{
            let i: usize = $i;
            // SAFETY: as for `cell!(mut ...)`: in bounds by the index
            // invariant of `crate::cells`.
            unsafe { $crate::cells::get(&$($array).+[..], i) }
        }
    };
}
