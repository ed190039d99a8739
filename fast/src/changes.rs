//! The log of the points each turn changed, and a packed copy of the
//! coloring every [`EVERY`] turns: what rebuilds the coloring after any
//! earlier turn, to confirm a superko hash hit (Fuego's
//! `GoBoard::FullBoardRepetition`, bounded by the copies).
//!
//! A coloring is packed 2 bits a point in point-index order (0 empty, 1
//! black, 2 white), so a point changing between empty and a stone of code
//! `c` is the xor of `c` at its place, and going back is the same xor. Each
//! turn logs its changes as such xors: first a mark (the point played and
//! its code, or nothing for a turn that places no stone), then each stone it
//! emptied. The coloring after turn `t` is the nearest copy at or after `t`
//! (or the coloring now) with the changes of the turns after `t` xored back
//! out, walked from the end: at most [`EVERY`] - 1 turns, for a hit
//! however far back.

/// A copy of the coloring is kept after every turn that is a multiple of this.
pub(crate) const EVERY: usize = 64;

/// The mark of a turn's first change: every turn logs exactly one.
const MARK: u16 = 1 << 15;

/// The point index's bits of a change; the code stands above them.
const INDEX: u16 = (1 << 12) - 1;

/// The words of a packed coloring rebuilt on the stack (boards up to 512
/// points, 22 x 22); larger boards rebuild theirs in a vector.
const ON_STACK: usize = 16;

/// A change: `c` (0, 1 or 2) xored at point index `i` (below 4096).
#[inline(always)]
fn change(i: u16, c: u8) -> u16 {
    i | u16::from(c) << 12
}

/// Xors the change `e` into the packed coloring `packed`.
#[inline]
fn apply(packed: &mut [u64], e: u16) {
    let i = usize::from(e & INDEX);
    packed[i / 32] ^= u64::from((e >> 12) & 3) << (2 * (i % 32));
}

/// The log of changes and the copies.
#[derive(Clone, Debug)]
pub(crate) struct Changes {
    /// Words of a packed coloring.
    words: usize,
    /// Every turn's changes since the first copy, in order.
    log: Vec<u16>,
    /// Each copy's turn and the log's length then, in turn order.
    marks: Vec<(u32, u32)>,
    /// The copies, `words` words each, in the order of `marks`.
    copies: Vec<u64>,
}

impl Changes {
    /// An empty log for colorings of `words` words, with room for `room` turns.
    pub(crate) fn new(words: usize, room: usize) -> Changes {
        Changes {
            words,
            log: Vec::with_capacity(2 * room),
            marks: Vec::with_capacity(room / EVERY + 2),
            copies: Vec::with_capacity((room / EVERY + 2) * words),
        }
    }

    /// Starts again from `coloring`, the coloring after turn `turn`: the
    /// setup of a game.
    pub(crate) fn start(&mut self, turn: usize, coloring: &[u64]) {
        self.log.clear();
        self.marks.clear();
        self.copies.clear();
        self.copy(turn, coloring);
    }

    /// Keeps a copy of `coloring`, the coloring after turn `turn` (later
    /// than every copy kept).
    pub(crate) fn copy(&mut self, turn: usize, coloring: &[u64]) {
        self.marks.push((turn as u32, self.log.len() as u32));
        self.copies.extend_from_slice(coloring);
    }

    /// Logs the start of a turn that colors point index `i` with code `c`
    /// (`c` 0 for a turn that colors nothing).
    #[inline(always)]
    pub(crate) fn mark(&mut self, i: u16, c: u8) {
        self.log.push(MARK | change(i, c));
    }

    /// Logs that the turn being taken emptied point index `i` of code `c`.
    #[inline(always)]
    pub(crate) fn emptied(&mut self, i: u16, c: u8) {
        self.log.push(change(i, c));
    }

    /// Forgets the last turn's changes, and the copies after turn `turns`,
    /// the turns left.
    pub(crate) fn pop_turn(&mut self, turns: usize) {
        while let Some(e) = self.log.pop() {
            if e & MARK != 0 {
                break;
            }
        }
        while self.marks.len() > 1 && self.marks[self.marks.len() - 1].0 as usize > turns {
            self.marks.pop();
            self.copies.truncate(self.marks.len() * self.words);
        }
    }

    /// Calls `f` with the coloring after turn `t`, given `now`, the turns
    /// the log holds, and `current`, the coloring after them; `t` is from
    /// the first copy's turn to `now`.
    pub(crate) fn with_coloring_after<R>(
        &self,
        t: usize,
        now: usize,
        current: &[u64],
        f: impl FnOnce(&[u64]) -> R,
    ) -> R {
        let mut stack = [0; ON_STACK];
        let mut heap = Vec::new();
        let out = if self.words <= ON_STACK {
            &mut stack[..self.words]
        } else {
            heap.resize(self.words, 0);
            &mut heap[..]
        };
        self.coloring_after(t, now, current, out);
        f(out)
    }

    /// Writes into `out` (`words` words) the coloring after turn `t`, as
    /// [`Changes::with_coloring_after`] gives it.
    fn coloring_after(&self, t: usize, now: usize, current: &[u64], out: &mut [u64]) {
        let k = self.marks.partition_point(|&(turn, _)| (turn as usize) < t);
        let (mut turn, mut end) = match self.marks.get(k) {
            Some(&(turn, end)) => {
                out.copy_from_slice(&self.copies[k * self.words..(k + 1) * self.words]);
                (turn as usize, end as usize)
            }
            None => {
                out.copy_from_slice(current);
                (now, self.log.len())
            }
        };
        while turn > t {
            end -= 1;
            let e = self.log[end];
            apply(out, e);
            if e & MARK != 0 {
                turn -= 1;
            }
        }
    }

    /// The point index of the last change logged when it is a stone the
    /// last turn emptied (`None` when the last turn emptied nothing): the
    /// last stone it captured, or lost to its own suicide.
    #[inline]
    pub(crate) fn last_emptied_index(&self) -> Option<u16> {
        self.log
            .last()
            .filter(|&&e| e & MARK == 0)
            .map(|&e| e & INDEX)
    }

    /// Calls `f` with the coloring after each turn from the first copy's
    /// to the last the log holds, in turn order, rebuilt forwards from the
    /// setup's copies (those kept before any change was logged: the empty
    /// board, a fixed handicap, a position) and the log alone.
    pub(crate) fn each_coloring_forward(&self, mut f: impl FnMut(&[u64])) {
        let setup = self.marks.iter().take_while(|&&(_, at)| at == 0).count();
        let mut last = None;
        for copy in self.copies.chunks_exact(self.words).take(setup) {
            f(copy);
            last = Some(copy);
        }
        let Some(last) = last else {
            return;
        };
        let mut coloring = last.to_vec();
        // Each turn's changes: its mark and the stones it emptied after it.
        for turn in self.log.chunk_by(|_, &e| e & MARK == 0) {
            for &e in turn {
                apply(&mut coloring, e);
            }
            f(&coloring);
        }
    }

    /// Walks the log back from the coloring after `now` turns, `current`,
    /// calling `f(turn, coloring, copy)` for each turn from `now` down to
    /// the first copy's, with the coloring after it and the copy kept of
    /// it, if any: the self-check's view.
    pub(crate) fn each_coloring(
        &self,
        now: usize,
        current: &[u64],
        mut f: impl FnMut(usize, &[u64], Option<&[u64]>) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut coloring = current.to_vec();
        let mut end = self.log.len();
        let mut k = self.marks.len();
        let first = self.marks.first().map_or(0, |m| m.0 as usize);
        let mut turn = now;
        loop {
            let copy = match k.checked_sub(1).map(|j| (j, self.marks[j])) {
                Some((j, (t, at))) if t as usize == turn => {
                    if at as usize != end {
                        return Err(format!(
                            "the copy after turn {t} is at {at} in the log, not {end}"
                        ));
                    }
                    k = j;
                    Some(&self.copies[j * self.words..(j + 1) * self.words])
                }
                _ => None,
            };
            f(turn, &coloring, copy)?;
            if turn <= first {
                return Ok(());
            }
            // No log before the setup's copies (a fixed handicap's turn 1
            // and the empty board before it): the earlier copy it is.
            if end == 0 {
                match k.checked_sub(1).map(|j| (j, self.marks[j])) {
                    Some((j, (t, 0))) if t as usize == turn - 1 => {
                        coloring
                            .copy_from_slice(&self.copies[j * self.words..(j + 1) * self.words]);
                        turn -= 1;
                        continue;
                    }
                    _ => return Err(format!("the log ends before turn {turn}")),
                }
            }
            loop {
                let Some(e) = end.checked_sub(1).map(|j| self.log[j]) else {
                    return Err(format!("the log ends before turn {turn}"));
                };
                end -= 1;
                apply(&mut coloring, e);
                if e & MARK != 0 {
                    break;
                }
            }
            turn -= 1;
        }
    }
}
