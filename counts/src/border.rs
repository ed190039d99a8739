//! L(m, n), the number of legal colorings of an m x n grid (every string of
//! stones reaches empty), by a transfer matrix over the border between the
//! points decided and the points still to decide, exact for any size whose
//! border side is at most [`MAX_ACROSS`], or modulo a 64-bit modulus.
//!
//! This is the method of Tromp and Farnebäck ("Combinatorics of Go", 2006).
//! The points are decided one at a time, column by column and in a column
//! row by row; a string of stones is settled when none of its stones is on
//! the border any longer. What the rest of the grid needs to know of the
//! points decided is the border state: for each of the `across` border
//! points its color and, for a stone, which other border stones its string
//! joins (through points already decided) and whether that string already
//! reaches empty. A string that leaves the border without reaching empty
//! makes the coloring illegal, and its states are dropped; at the end, every
//! string still on the border must reach empty. Under each border state the
//! number of ways to reach it is kept as a [`Tally`](crate::tally::Tally): exactly, in as many
//! 64-bit words as 3^(m n) needs, or modulo one modulus in one word (a job
//! of a count split by the Chinese remainder theorem, [`crate::modular`]).
//! Nothing is sampled.
//!
//! When a whole column is the border, a border state and its mirror image
//! (the column upside down) have the same number of completions, since the
//! rest of the grid is the same upside down; the two are kept as one.
//!
//! Each step's states are kept in [`SHARDS`] hash maps by a hash of the
//! state. The threads take the maps of the step before one at a time, free
//! each once read, and add every successor to its map of the next step in
//! batches (a lock per map), so a step needs the memory of its states and
//! of its successors' distinct states, and no list of every successor.
//! Between two points the states can be written to a checkpoint
//! ([`crate::checkpoint`]) and read back to resume; a request to stop is
//! heard within a few thousand states, and abandons the step.

mod key;
mod transfer;

pub use transfer::{
    legal_colorings, orientation, Across, BorderOptions, LegalColorings, MAX_ACROSS, SHARDS,
};
