//! The self-check: every piece of incremental bookkeeping (strings and their
//! liberties, each point's count of its neighbours by color, the hash and
//! the packed coloring, the "ever this color" record, the empty list, the
//! superko table) recomputed from the board and
//! compared with what the game keeps.

use crate::game::chain::{AROUND_UNIT, BLACK, BORDER, EMPTY, WHITE};
use crate::game::record::Record;
use crate::game::state::Game;

impl Game {
    /// Recomputes the bookkeeping from the board and compares it with what
    /// the game keeps: each string's head, stone list, stone count, hash
    /// and pseudo-liberties (and that it has a liberty), each point's count
    /// of its neighbours by color, the hash and the
    /// packed coloring, the record of which colors each point has had in
    /// the recorded colorings, the list of empty points, and that every
    /// recorded coloring is found in the superko table under its hash, and
    /// the player to move kept against the turn order (the
    /// strings are not checked after an agreement, which ends the game).
    /// `Err` names the first thing that differs. A self-check for tests and
    /// the differential harness: it costs time linear in the board and the
    /// history, and is never called by the engine itself.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_cells()?;
        // An agreement ends the game by emptying points as they are, without
        // keeping the strings' bookkeeping (nothing is played after it).
        if !self.agreed {
            self.check_strings()?;
        }
        self.check_around()?;
        self.check_coloring()?;
        self.check_empties()?;
        self.check_history()?;
        self.check_mover()
    }

    /// The player kept as the one to move is the one the turn order gives.
    fn check_mover(&self) -> Result<(), String> {
        let due = self.player_after(self.turns);
        if self.mover != due {
            return Err(format!(
                "{:?} is kept as the player to move after {} turns, but the turn order gives {due:?}",
                self.mover, self.turns
            ));
        }
        Ok(())
    }

    /// Border cells are borders, board cells hold a color and their index,
    /// and each index names its cell.
    fn check_cells(&self) -> Result<(), String> {
        for (q, &c) in self.color.iter().enumerate() {
            let (row, column) = (q / self.stride, q % self.stride);
            let on_board = (1..=self.height).contains(&row) && column >= 1;
            match (on_board, c) {
                (true, EMPTY | BLACK | WHITE) => {
                    let i = (row - 1) * self.width + column - 1;
                    if usize::from(self.index[q]) != i {
                        return Err(format!("cell {q} has index {}, not {i}", self.index[q]));
                    }
                    if usize::from(self.cell_of[i]) != q {
                        return Err(format!("index {i} names cell {}, not {q}", self.cell_of[i]));
                    }
                }
                (false, BORDER) => {}
                _ => return Err(format!("cell {q} has the code {c}")),
            }
        }
        if self.cell_of.len() != self.width * self.height {
            return Err(format!(
                "{} cells for the point indices",
                self.cell_of.len()
            ));
        }
        Ok(())
    }

    /// Each string, found by a flood fill, against its kept bookkeeping.
    fn check_strings(&self) -> Result<(), String> {
        let mut seen = vec![false; self.color.len()];
        for start in 0..self.color.len() {
            let c = self.color[start];
            if !(c == BLACK || c == WHITE) || seen[start] {
                continue;
            }
            let mut stones = vec![start];
            seen[start] = true;
            let mut k = 0;
            while k < stones.len() {
                for n in self.neighbours(stones[k]) {
                    if self.color[n] == c && !seen[n] {
                        seen[n] = true;
                        stones.push(n);
                    }
                }
                k += 1;
            }
            let head = usize::from(self.head[start]);
            if let Some(&q) = stones.iter().find(|&&q| usize::from(self.head[q]) != head) {
                return Err(format!("the string of cell {start} has two heads ({q})"));
            }
            if !stones.contains(&head) {
                return Err(format!(
                    "the head {head} of cell {start} is not in its string"
                ));
            }
            let mut listed = vec![head];
            let mut q = usize::from(self.next[head]);
            while q != head && listed.len() <= stones.len() {
                listed.push(q);
                q = usize::from(self.next[q]);
            }
            listed.sort_unstable();
            stones.sort_unstable();
            if listed != stones {
                return Err(format!(
                    "the stone list of the string at {head} is not its string"
                ));
            }
            let chain = &self.chain[head];
            let (mut libs, mut hash) = (0u32, 0u64);
            for &q in &stones {
                hash ^= self.keys[2 * q + usize::from(c) - 1];
                for n in self.neighbours(q) {
                    if self.color[n] == EMPTY {
                        libs += 1;
                    }
                }
            }
            let kept = (chain.stones, chain.hash, chain.libs);
            let found = (stones.len() as u32, hash, libs);
            if kept != found {
                return Err(format!(
                    "the string at {head}: kept (stones, hash, libs) {kept:?}, recomputed {found:?}"
                ));
            }
            if libs == 0 {
                return Err(format!("the string at {head} has no liberty"));
            }
        }
        Ok(())
    }

    /// The hash and the packed coloring against the board.
    fn check_coloring(&self) -> Result<(), String> {
        if self.hash != self.hash_from_scratch() {
            return Err("the incremental hash is not the hash from scratch".to_string());
        }
        if self.packed != self.pack() {
            return Err("the packed coloring is not the board".to_string());
        }
        Ok(())
    }

    /// The board packed 2 bits a point, in point-index order.
    fn pack(&self) -> Vec<u64> {
        let mut packed = vec![0u64; self.packed.len()];
        for (q, &c) in self.color.iter().enumerate() {
            if c == BLACK || c == WHITE {
                let i = usize::from(self.index[q]);
                packed[i / 32] |= u64::from(c) << (2 * (i % 32));
            }
        }
        packed
    }

    /// Which colors each point has had in the recorded colorings, given
    /// their union (2 bits a point, packed).
    fn check_ever(&self, union: &[u64]) -> Result<(), String> {
        let ever: Vec<u8> = (0..self.width * self.height)
            .map(|i| ((union[i / 32] >> (2 * (i % 32))) & 3) as u8)
            .collect();
        for (q, &index) in self.index.iter().enumerate() {
            if self.color[q] == BORDER {
                continue;
            }
            let i = usize::from(index);
            if self.ever[q] != ever[i] {
                return Err(format!(
                    "point {i} is kept as ever {}, the recorded colorings give {}",
                    self.ever[q], ever[i]
                ));
            }
        }
        Ok(())
    }

    /// Each point's count of its neighbours by color, recounted.
    fn check_around(&self) -> Result<(), String> {
        for (q, &c) in self.color.iter().enumerate() {
            if c == BORDER {
                continue;
            }
            let counted: u16 = self
                .neighbours(q)
                .into_iter()
                .map(|n| AROUND_UNIT[self.color[n] as usize])
                .sum();
            if self.around[q] != counted {
                return Err(format!(
                    "point {} is kept with neighbour counts {:#05x}, the board gives {counted:#05x}",
                    self.index[q], self.around[q]
                ));
            }
        }
        Ok(())
    }

    /// The empty list holds each empty point once, at its kept position.
    fn check_empties(&self) -> Result<(), String> {
        let empty: Vec<usize> = (0..self.color.len())
            .filter(|&q| self.color[q] == EMPTY)
            .map(|q| usize::from(self.index[q]))
            .collect();
        let mut kept: Vec<usize> = self.empties.iter().map(|&i| usize::from(i)).collect();
        for (k, &i) in kept.iter().enumerate() {
            if usize::from(self.empty_pos[i]) != k {
                return Err(format!(
                    "empty point {i} is listed at {k}, kept at {}",
                    self.empty_pos[i]
                ));
            }
        }
        kept.sort_unstable();
        let mut empty = empty;
        empty.sort_unstable();
        if kept != empty {
            return Err("the empty list is not the empty points".to_string());
        }
        Ok(())
    }

    /// Every recorded coloring is found in the table under its own hash
    /// (a table kept only where the rules need it: none under simple ko,
    /// and then no turn entries);
    /// the coloring after each turn, rebuilt by walking the log of changes
    /// back from the board, has the hash of that turn's entry and equals
    /// the copy kept of it; and the "ever" bits are the union of those
    /// colorings. (After an agreement, which empties points without a turn,
    /// the walk starts from the coloring before it, when its record is
    /// kept, and is skipped when it is not.)
    fn check_history(&self) -> Result<(), String> {
        let entries = if self.keeps_table() {
            self.turns + 1
        } else {
            0
        };
        if self.turn_entry.len() != entries {
            return Err(format!(
                "{} turn entries after {} turns",
                self.turn_entry.len(),
                self.turns
            ));
        }
        for entry in 0..self.history.len() as u32 {
            let found = self.history.find(self.history.hash(entry), |e| e == entry);
            if found != Some(entry) {
                return Err(format!("recorded entry {entry} is found as {found:?}"));
            }
        }
        let Some(now) = self.coloring_before_agreement() else {
            return Ok(());
        };
        let mut union = vec![0u64; self.packed.len()];
        self.changes
            .each_coloring(self.turns, &now, |turn, coloring, copy| {
                if copy.is_some_and(|copy| copy != coloring) {
                    return Err(format!(
                        "the copy after turn {turn} is not the coloring then"
                    ));
                }
                if self.keeps_table() {
                    let hash = self.hash_of_packed(coloring);
                    let Some(&entry) = self.turn_entry.get(turn) else {
                        return Err(format!("turn {turn} has no entry in the table"));
                    };
                    if hash != self.history.hash(entry) {
                        return Err(format!(
                            "the coloring after turn {turn} does not have the hash of its entry {entry}"
                        ));
                    }
                }
                for (word, &bits) in union.iter_mut().zip(coloring) {
                    *word |= bits;
                }
                Ok(())
            })?;
        self.check_ever(&union)
    }

    /// The packed coloring after the last turn: the board, or before an
    /// agreement the board with the points it emptied (`None` when its
    /// record is not kept).
    fn coloring_before_agreement(&self) -> Option<Vec<u64>> {
        let mut packed = self.packed.clone();
        if self.agreed {
            let Some(Record::Agreement(record)) = self.records.last() else {
                return None;
            };
            for &(q, c) in &record.emptied {
                let i = usize::from(self.index[usize::from(q)]);
                packed[i / 32] ^= u64::from(c) << (2 * (i % 32));
            }
        }
        Some(packed)
    }

    /// The hash of a packed coloring, from the keys of its stones.
    fn hash_of_packed(&self, packed: &[u64]) -> u64 {
        (0..self.width * self.height)
            .map(|i| {
                let c = ((packed[i / 32] >> (2 * (i % 32))) & 3) as usize;
                match c {
                    1 | 2 => self.keys[2 * usize::from(self.cell_of[i]) + c - 1],
                    _ => 0,
                }
            })
            .fold(0, |hash, key| hash ^ key)
    }
}
