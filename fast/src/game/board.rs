//! The padded board: neighbours, each point's count of its neighbours by
//! color, and placing, merging, removing and restoring stones (the codes and
//! the string bookkeeping they use are in `chain`).

use crate::game::chain::{around_step, Chain, BLACK, EMPTY, WHITE};
use crate::game::state::Game;
use crate::types::{Color, Point};

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
    /// strings, capturing nothing. Pushes the merges on `aux` if the game is
    /// undoable; returns how many.
    #[inline(always)]
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
                EMPTY => fresh.add_lib(),
                BLACK | WHITE => cell!(mut chain[cell!(head[n]) as usize]).remove_lib(),
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
                    each_stone(next, small, |s| cell!(mut head[s]) = big as u16);
                    next.swap(big, small);
                    let absorbed = cell!(chain[small]);
                    cell!(mut chain[big]).absorb(&absorbed);
                    if self.undoable {
                        self.aux.push(big as u16);
                        self.aux.push(small as u16);
                    }
                    merges += 1;
                }
            }
        }
        merges
    }

    /// Undoes the merge of string `small` into string `big` in [`Game::place_stone`].
    pub(crate) fn unmerge(&mut self, big: usize, small: usize) {
        self.next.swap(big, small);
        let head = &mut self.head;
        each_stone(&self.next, small, |s| cell!(mut head[s]) = small as u16);
        let released = cell!(self.chain[small]);
        cell!(mut self.chain[big]).release(&released);
    }

    /// Empties the string headed by `h`, of code `c`; its neighbours of the
    /// other color gain the emptied points as liberties. The string's list
    /// and bookkeeping stay in place for [`Game::restore_string`].
    pub(crate) fn remove_string(&mut self, h: usize, c: u8) {
        self.walk_string::<true>(h, c);
    }

    /// Undoes [`Game::remove_string`] (the hash is restored by the caller).
    pub(crate) fn restore_string(&mut self, h: usize, c: u8) {
        self.walk_string::<false>(h, c);
    }

    /// [`Game::remove_string`] (`REMOVE`) or [`Game::restore_string`]: one
    /// walk round the string in either direction, each compiled on its own.
    #[inline(always)]
    fn walk_string<const REMOVE: bool>(&mut self, h: usize, c: u8) {
        let other = c ^ 3;
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &self.head[..cells];
        let next = &self.next[..cells];
        let index = &self.index[..cells];
        let keys = self.keys;
        let chain = &mut self.chain[..];
        let around = &mut self.around[..cells];
        // What a neighbour's `around` count changes by (wrapping): the
        // stone's step when it comes back, less it when it goes.
        let step = if REMOVE && planted!(AroundKeptOnCapture) {
            0
        } else {
            around_step(c)
        };
        let delta = if REMOVE { step.wrapping_neg() } else { step };
        let stride = self.stride;
        each_stone(next, h, |s| {
            let i = cell!(index[s]);
            cell!(mut self.packed[i as usize / 32]) ^= (c as u64) << (2 * (i % 32));
            if REMOVE {
                cell!(mut color[s]) = EMPTY;
                self.hash ^= cell!(keys[2 * s + c as usize - 1]);
                cell!(mut self.empty_pos[i as usize]) = self.empties.len() as u16;
                self.empties.push(i);
                self.changes.emptied(i, c);
            } else {
                cell!(mut color[s]) = c;
                self.empties.pop();
            }
            for n in [s - 1, s + 1, s - stride, s + stride] {
                cell!(mut around[n]) = cell!(around[n]).wrapping_add(delta);
                if cell!(color[n]) == other {
                    let string = &mut cell!(mut chain[cell!(head[n]) as usize]);
                    if REMOVE {
                        string.add_lib();
                    } else {
                        string.remove_lib();
                    }
                }
            }
        });
    }
}

/// Calls `f` on every stone of a string, from `first` round the string's
/// ring of `next` links back to it.
#[inline(always)]
fn each_stone(next: &[u16], first: usize, mut f: impl FnMut(usize)) {
    let mut s = first;
    loop {
        f(s);
        s = cell!(next[s]) as usize;
        if s == first {
            break;
        }
    }
}
