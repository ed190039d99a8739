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
/// string has no liberty iff `libs == 0`, and its only liberty is the empty
/// point `q` iff every pair is one of its stones next to `q`: iff `libs`
/// equals the number of its stones next to `q` (see [`Chain::only_liberty_is`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chain {
    /// Pseudo-liberty count.
    pub(crate) libs: u32,
    /// Number of stones.
    pub(crate) stones: u32,
    /// Xor of the Zobrist keys of the stones.
    pub(crate) hash: u64,
}

impl Chain {
    #[inline]
    pub(crate) fn add_lib(&mut self) {
        self.libs += 1;
    }

    #[inline]
    pub(crate) fn remove_lib(&mut self) {
        self.libs -= 1;
    }

    /// Whether every pseudo-liberty of the string is the empty point `q`,
    /// given `touching`, which counts its stones next to `q` (each such
    /// stone has the pair (stone, `q`), so at most 4), called only when the
    /// string has at most 4 pseudo-liberties.
    #[inline(always)]
    pub(crate) fn only_liberty_is(&self, touching: impl FnOnce() -> u32) -> bool {
        self.libs <= 4 && self.libs == touching()
    }

    pub(crate) fn absorb(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs += other.libs;
        }
        self.stones += other.stones;
        self.hash ^= other.hash;
    }

    pub(crate) fn release(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs -= other.libs;
        }
        self.stones -= other.stones;
        self.hash ^= other.hash;
    }
}
