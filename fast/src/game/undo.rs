//! The undo log: each step's record, and undoing the last step exactly.

use crate::game::chain::{around_step, BLACK, EMPTY, WHITE};
use crate::game::record::{AgreementRecord, Record, TurnRecord};
use crate::game::state::Game;
use crate::history::NEVER;

impl Game {
    /// Undoes the last turn or agreement (not a fixed handicap's placement).
    /// Restores everything exactly; returns `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(record) = self.records.pop() else {
            return false;
        };
        match record {
            Record::Agreement(record) => self.undo_agreement(*record),
            Record::Turn(r) => self.undo_turn(&r),
        }
        true
    }

    /// Takes back an agreement: the emptied stones back, in reverse.
    #[inline]
    fn undo_agreement(&mut self, record: AgreementRecord) {
        let AgreementRecord {
            emptied,
            hash,
            prisoners,
        } = record;
        for &(q, c) in emptied.iter().rev() {
            let q = q as usize;
            cell!(mut self.color[q]) = c;
            self.note_around(q, c, false);
            self.empties.pop();
            let i = cell!(self.index[q]) as usize;
            cell!(mut self.packed[i / 32]) ^= (c as u64) << (2 * (i % 32));
        }
        self.hash = hash;
        self.prisoners = prisoners;
        self.agreed = false;
    }

    /// Takes back a turn: its history entry, and for a move its stone, the
    /// strings it captured, merged or lost to suicide, and the neighbour
    /// counts, liberties and empty list as they were.
    #[inline]
    fn undo_turn(&mut self, r: &TurnRecord) {
        let entry = self.turn_entry.pop().unwrap_or(0);
        self.turns -= 1;
        self.changes.pop_turn(self.turns);
        let slot = self.mover as usize;
        if r.new_entry {
            self.history.pop();
        } else if r.set_first {
            self.history.set_first(entry, slot, NEVER);
        }
        if r.point != 0 {
            let q = r.point as usize;
            let p = r.player;
            if r.set_ever {
                cell!(mut self.ever[q]) &= !p;
            }
            if r.suicide {
                let h = self.aux.pop().unwrap_or(0) as usize;
                self.restore_string(h, p);
            }
            for _ in 0..r.captures {
                let h = self.aux.pop().unwrap_or(0) as usize;
                self.restore_string(h, p ^ 3);
            }
            for _ in 0..r.merges {
                let small = self.aux.pop().unwrap_or(0) as usize;
                let big = self.aux.pop().unwrap_or(0) as usize;
                self.unmerge(big, small);
            }
            let nbrs = self.neighbours(q);
            let cells = self.color.len();
            let (color, head) = (&self.color[..], &self.head[..cells]);
            let around = &mut self.around[..cells];
            let step = around_step(p);
            for n in nbrs {
                cell!(mut around[n]) = cell!(around[n]).wrapping_sub(step);
                if matches!(cell!(color[n]), BLACK | WHITE) {
                    cell!(mut self.chain[cell!(head[n]) as usize]).add_lib();
                }
            }
            cell!(mut self.color[q]) = EMPTY;
            let i = cell!(self.index[q]) as usize;
            cell!(mut self.packed[i / 32]) ^= (p as u64) << (2 * (i % 32));
            cell!(mut self.head[q]) = r.old_head;
            cell!(mut self.next[q]) = r.old_next;
            cell!(mut self.chain[q]) = r.old_chain;
            // Put q back at its place in the list of empty points.
            let slot = r.empty_slot as usize;
            let i = cell!(self.index[q]);
            if slot < self.empties.len() {
                let moved = self.empties[slot];
                cell!(mut self.empty_pos[moved as usize]) = self.empties.len() as u16;
                self.empties.push(moved);
                self.empties[slot] = i;
            } else {
                self.empties.push(i);
            }
            cell!(mut self.empty_pos[i as usize]) = slot as u16;
        }
        self.hash = r.hash;
        self.passes = r.passes as usize;
        self.black_first = r.black_first as usize;
        self.sync_mover();
        self.last_emptied = r.last_emptied;
        if !planted!(UndoKeepsPrisoners) {
            self.prisoners = r.prisoners;
        }
    }
}
