//! Cell codes, the neighbour counts' arithmetic and a string's bookkeeping
//! (`Chain`): the parts of the board that need no `Game`, so that the game's
//! state and the modules that work on it can all name them.

use crate::types::Player;
/// An empty point.
pub(crate) const EMPTY: u8 = 0;

/// A black stone.
pub(crate) const BLACK: u8 = 1;

/// A white stone.
pub(crate) const WHITE: u8 = 2;

/// A point off the board (the padding).
pub(crate) const BORDER: u8 = 3;

/// What a neighbour of each code (empty, black, white, border) adds to a
/// point's `around` count: an empty point one in bits 0-3, a black stone one
/// in bits 4-7, a white stone one in bits 8-11, the border one in both of
/// the last two (so "every neighbour is black or the border" is a count of 4).
pub(crate) const AROUND_UNIT: [u16; 4] = [1, 1 << 4, 1 << 8, 1 << 4 | 1 << 8];

/// How much a point's `around` count changes when a neighbour goes from
/// empty to a stone of code `c` (1 or 2); going back subtracts it. (Wrapping
/// arithmetic: the border cells' counts are updated too and never read.)
#[inline(always)]
pub(crate) fn around_step(c: u8) -> u16 {
    AROUND_UNIT[c as usize & 3].wrapping_sub(1)
}

/// How many neighbours counted in `around` have code `c` (0 empty, 1 black
/// or border, 2 white or border).
#[inline(always)]
pub(crate) fn around_count(around: u16, c: u8) -> u16 {
    (around >> (4 * c)) & 0xf
}

/// The code of `player`'s stones.
#[inline]
pub(crate) fn code(player: Player) -> u8 {
    player as u8 + 1
}

/// A string's bookkeeping, kept at its head stone.
///
/// Pseudo-liberties: each (stone, empty neighbour) pair counts once. The
/// string has no liberty iff `libs == 0`, and its only liberty is `q` iff
/// every pseudo-liberty is `q`: `sum == libs * q` and `sumsq == libs * q * q`
/// (equality in Cauchy-Schwarz).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chain {
    /// Pseudo-liberty count.
    pub(crate) libs: u32,
    /// Sum of the pseudo-liberties' padded indices.
    pub(crate) sum: u32,
    /// Sum of their squares.
    pub(crate) sumsq: u64,
    /// Number of stones.
    pub(crate) stones: u32,
    /// Xor of the Zobrist keys of the stones.
    pub(crate) hash: u64,
}

impl Chain {
    #[inline]
    pub(crate) fn add_lib(&mut self, q: usize) {
        self.libs += 1;
        self.sum += q as u32;
        self.sumsq += (q * q) as u64;
    }

    #[inline]
    pub(crate) fn remove_lib(&mut self, q: usize) {
        self.libs -= 1;
        self.sum -= q as u32;
        self.sumsq -= (q * q) as u64;
    }

    /// Whether every liberty of the string is `q` (or it has none).
    #[inline]
    pub(crate) fn only_liberty_is(&self, q: usize) -> bool {
        self.sum == self.libs * q as u32 && self.sumsq == self.libs as u64 * (q * q) as u64
    }

    pub(crate) fn absorb(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs += other.libs;
            self.sum += other.sum;
            self.sumsq += other.sumsq;
        }
        self.stones += other.stones;
        self.hash ^= other.hash;
    }

    pub(crate) fn release(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs -= other.libs;
            self.sum -= other.sum;
            self.sumsq -= other.sumsq;
        }
        self.stones -= other.stones;
        self.hash ^= other.hash;
    }
}
