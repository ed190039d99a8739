//! The differential driver: plays one game on two engines, step by step, and
//! finds the first place where they part.
//!
//! Agreement means: the same player to move, run of passes and end of game,
//! the same legal set before every step, the same verdict on every attempted
//! turn or agreement, the same grid after every step, the same answer to
//! every undo and the same game after it, the same report of everything
//! else now and then ([`Details`](crate::engine::Details): every accessor, each refusal's reason and
//! message), and at the end the same scores, prisoners and result. An
//! engine that panics parts from the other at the step where it panics.
//! Each answer is compared only where both engines claim to give it
//! ([`Supports::answers`](crate::engine::Supports::answers): legal sets,
//! verdict queries, reasons, grids, captures, scores, results).

mod divergence;
mod driver;
mod lockstep;
mod watched;

pub use divergence::{Difference, Divergence};
pub use driver::{
    compare, compare_record, compare_script, compare_script_with, Agreed, CompareOptions,
    DETAILS_EVERY,
};
pub use lockstep::{after_agreement, after_turn, at_end, now};
