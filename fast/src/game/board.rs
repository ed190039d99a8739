//! The padded board and its strings: cell codes, neighbours, each point's
//! count of its neighbours by color, string bookkeeping with
//! pseudo-liberties, and placing, merging, removing and restoring stones.

use crate::game::Game;
use crate::types::{Color, Player, Point};

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

impl Game {
    /// The padded index of an on-board point.
    #[inline]
    pub(crate) fn padded(&self, point: Point) -> usize {
        (point.y + 1) * self.stride + point.x + 1
    }

    /// The padded index of `point`, or `None` when it is off the board.
    #[inline]
    pub(crate) fn padded_checked(&self, point: Point) -> Option<usize> {
        (point.x < self.width && point.y < self.height).then(|| self.padded(point))
    }

    #[inline]
    pub(crate) fn neighbours(&self, q: usize) -> [usize; 4] {
        [q - 1, q + 1, q - self.stride, q + self.stride]
    }

    /// The color of a code.
    pub(crate) fn color_of(code: u8) -> Color {
        match code {
            BLACK => Color::Black,
            WHITE => Color::White,
            _ => Color::Empty,
        }
    }

    /// Counts in `around` that a neighbour of the padded point `q` went from
    /// empty to code `c` (`empty == false`) or back (`empty == true`).
    #[inline]
    pub(crate) fn note_around(&mut self, q: usize, c: u8, empty: bool) {
        let step = around_step(c);
        for n in self.neighbours(q) {
            cell!(mut self.around[n]) = if empty {
                cell!(self.around[n]).wrapping_sub(step)
            } else {
                cell!(self.around[n]).wrapping_add(step)
            };
        }
    }

    /// Sets padded point `q` to code `c` (from empty) in the packed coloring and hash.
    #[inline]
    pub(crate) fn paint(&mut self, q: usize, c: u8) {
        let i = cell!(self.index[q]) as usize;
        cell!(mut self.packed[i / 32]) ^= (c as u64) << (2 * (i % 32));
        self.hash ^= cell!(self.keys[2 * q + c as usize - 1]);
    }

    /// Colors the empty padded point `q` with `p` and joins it to its
    /// strings, capturing nothing. Pushes the merges on `aux`; returns how many.
    pub(crate) fn place_stone(&mut self, q: usize, p: u8) -> u8 {
        // Views of the per-cell arrays with one length, held in registers
        // (in checked builds one bounds test of a cell serves every array;
        // see crate::cells).
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &mut self.head[..cells];
        let next = &mut self.next[..cells];
        let chain = &mut self.chain[..cells];
        let index = &self.index[..cells];
        let around = &mut self.around[..cells];
        let step = around_step(p);
        let key = cell!(self.keys[2 * q + p as usize - 1]);
        cell!(mut color[q]) = p;
        let i = cell!(index[q]) as usize;
        let packed_at = if planted!(PackedIndexU8) {
            usize::from(i as u8)
        } else {
            i
        };
        cell!(mut self.packed[packed_at / 32]) ^= (p as u64) << (2 * (packed_at % 32));
        self.hash ^= key;
        let slot = cell!(self.empty_pos[i]) as usize;
        let last = self.empties.pop().unwrap_or(0);
        if slot < self.empties.len() {
            self.empties[slot] = last;
            cell!(mut self.empty_pos[last as usize]) = slot as u16;
        }
        let mut fresh = Chain {
            stones: 1,
            hash: key,
            ..Chain::default()
        };
        let nbrs = [q - 1, q + 1, q - self.stride, q + self.stride];
        for n in nbrs {
            cell!(mut around[n]) = cell!(around[n]).wrapping_add(step);
            match cell!(color[n]) {
                EMPTY => fresh.add_lib(n),
                BLACK | WHITE => cell!(mut chain[cell!(head[n]) as usize]).remove_lib(q),
                _ => {}
            }
        }
        cell!(mut head[q]) = q as u16;
        cell!(mut next[q]) = q as u16;
        cell!(mut chain[q]) = fresh;
        let mut merges = 0;
        for n in nbrs {
            if cell!(color[n]) == p {
                let (h, hq) = (cell!(head[n]) as usize, cell!(head[q]) as usize);
                if h != hq {
                    let (big, small) = if cell!(chain[h]).stones >= cell!(chain[hq]).stones {
                        (h, hq)
                    } else {
                        (hq, h)
                    };
                    // Merge `small` into `big`: relabel its stones, splice the cycles.
                    let mut s = small;
                    loop {
                        cell!(mut head[s]) = big as u16;
                        s = cell!(next[s]) as usize;
                        if s == small {
                            break;
                        }
                    }
                    next.swap(big, small);
                    let absorbed = cell!(chain[small]);
                    cell!(mut chain[big]).absorb(&absorbed);
                    self.aux.push(big as u16);
                    self.aux.push(small as u16);
                    merges += 1;
                }
            }
        }
        merges
    }

    /// Undoes the merge of string `small` into string `big` in [`Game::place_stone`].
    pub(crate) fn unmerge(&mut self, big: usize, small: usize) {
        self.next.swap(big, small);
        let mut s = small;
        loop {
            cell!(mut self.head[s]) = small as u16;
            s = cell!(self.next[s]) as usize;
            if s == small {
                break;
            }
        }
        let released = cell!(self.chain[small]);
        cell!(mut self.chain[big]).release(&released);
    }

    /// Empties the string headed by `h`, of code `c`; its neighbours of the
    /// other color gain the emptied points as liberties. The string's list
    /// and bookkeeping stay in place for [`Game::restore_string`].
    pub(crate) fn remove_string(&mut self, h: usize, c: u8) {
        let other = c ^ 3;
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &self.head[..cells];
        let next = &self.next[..cells];
        let index = &self.index[..cells];
        let keys = self.keys;
        let chain = &mut self.chain[..];
        let around = &mut self.around[..cells];
        let step = if planted!(AroundKeptOnCapture) {
            0
        } else {
            around_step(c)
        };
        let stride = self.stride;
        let mut s = h;
        loop {
            cell!(mut color[s]) = EMPTY;
            let i = cell!(index[s]);
            cell!(mut self.packed[i as usize / 32]) ^= (c as u64) << (2 * (i % 32));
            self.hash ^= cell!(keys[2 * s + c as usize - 1]);
            cell!(mut self.empty_pos[i as usize]) = self.empties.len() as u16;
            self.empties.push(i);
            for n in [s - 1, s + 1, s - stride, s + stride] {
                cell!(mut around[n]) = cell!(around[n]).wrapping_sub(step);
                if cell!(color[n]) == other {
                    cell!(mut chain[cell!(head[n]) as usize]).add_lib(s);
                }
            }
            s = cell!(next[s]) as usize;
            if s == h {
                break;
            }
        }
    }

    /// Undoes [`Game::remove_string`] (the hash is restored by the caller).
    pub(crate) fn restore_string(&mut self, h: usize, c: u8) {
        let other = c ^ 3;
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &self.head[..cells];
        let next = &self.next[..cells];
        let index = &self.index[..cells];
        let chain = &mut self.chain[..];
        let around = &mut self.around[..cells];
        let step = around_step(c);
        let stride = self.stride;
        let mut s = h;
        loop {
            cell!(mut color[s]) = c;
            self.empties.pop();
            let i = cell!(index[s]) as usize;
            cell!(mut self.packed[i / 32]) ^= (c as u64) << (2 * (i % 32));
            for n in [s - 1, s + 1, s - stride, s + stride] {
                cell!(mut around[n]) = cell!(around[n]).wrapping_add(step);
                if cell!(color[n]) == other {
                    cell!(mut chain[cell!(head[n]) as usize]).remove_lib(s);
                }
            }
            s = cell!(next[s]) as usize;
            if s == h {
                break;
            }
        }
    }
}
