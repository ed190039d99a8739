//! The Zobrist keys shared by every game, and the hash of a coloring.

use crate::game::chain::{BLACK, WHITE};
use crate::game::state::Game;
use crate::types::MAX_SIDE;

/// A fixed seed for the Zobrist keys (any value works).
const ZOBRIST_SEED: u64 = 0x7472_6f6d_7074_6179;

/// The padded points of the largest board: (52 + 2) rows of 53, plus one.
const MAX_PADDED: usize = (MAX_SIDE + 2) * (MAX_SIDE + 1) + 1;

/// The Zobrist keys of every padded point of every board size, made once.
pub(crate) fn zobrist_keys() -> &'static [u64] {
    static KEYS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = ZOBRIST_SEED;
        (0..2 * MAX_PADDED)
            .map(|_| splitmix64(&mut state))
            .collect()
    })
}

/// SplitMix64: a small, good 64-bit mixer for the Zobrist keys.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Game {
    /// The hash of the coloring now (kept incrementally).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the coloring now, recomputed from every point.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (q, &c) in self.color.iter().enumerate() {
            if c == BLACK || c == WHITE {
                hash ^= self.keys[2 * q + c as usize - 1];
            }
        }
        hash
    }
}
