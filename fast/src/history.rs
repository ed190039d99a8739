//! Every coloring that has stood in the game: an open-addressing hash table
//! from 64-bit Zobrist hash to entries, each entry with the first turn after
//! which its coloring stood for each player to move. The colorings
//! themselves are not stored here: a look-up hands every hash hit to its
//! caller, which confirms it against the coloring rebuilt from the log of
//! changes (`crate::changes`), so a hash collision can never make a verdict
//! wrong.
//!
//! Entries are only ever removed in the reverse order of their insertion
//! (undo), and the table is rebuilt in insertion order when it grows, so
//! clearing the slot of the last entry restores the table exactly as it was
//! before that entry was inserted (linear probing depends only on the order
//! of insertions).

/// "No turn": the coloring never stood with this player to move.
pub(crate) const NEVER: u32 = u32::MAX;

/// The key of `hash` in the table: the hash itself. (Planted: 4 bits of it.)
#[inline(always)]
fn key(hash: u64) -> u64 {
    if planted!(TinyHashTrusted) {
        planted_tiny_key(hash)
    } else {
        hash
    }
}

/// Planted bug `TinyHashTrusted`: 4 bits of the hash as its key.
fn planted_tiny_key(hash: u64) -> u64 {
    hash & 0xf
}

/// A slot of the table: the high half of its entry's key (a tag that
/// settles most probes without reading the entry) and its mark: the entry
/// number plus one plus the table's `base` (a mark at or below `base` is a
/// free slot, so raising `base` frees every slot at once). Eight bytes:
/// the table is half the size a whole key would make it.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    tag: u32,
    mark: u32,
}

/// The tag of a key: its high half (the slot's index comes from the low bits).
#[inline(always)]
fn tag(key: u64) -> u32 {
    (key >> 32) as u32
}

/// An entry's hash, its first turns with Black, White to move, and the
/// latest turn after which it was seen to stand (a hint: undo does not
/// take it back, so it is trusted only where the turn's entry confirms it).
#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    firsts: [u32; 2],
    latest: u32,
}

/// The colorings that have stood, with their first turns.
#[derive(Clone)]
pub(crate) struct History {
    /// Each entry's hash and first turns with Black, White to move (or
    /// [`NEVER`]), in insertion order.
    entries: Vec<Entry>,
    /// The open-addressing table, a power of two long.
    slots: Vec<Slot>,
    /// Marks at or below it are free slots: the marks of the entries before
    /// the last [`History::clear`] are all at or below it.
    base: u32,
}

/// The entries and the slots in use (each with its tag and entry number),
/// not the free slots' leftovers nor `base`: two tables that answer
/// alike print alike.
impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used: Vec<(usize, u32, u32)> = (self.slots.iter().enumerate())
            .filter(|(_, slot)| slot.mark > self.base)
            .map(|(i, slot)| (i, slot.tag, slot.mark - self.base - 1))
            .collect();
        f.debug_struct("History")
            .field("entries", &self.entries)
            .field("size", &self.slots.len())
            .field("used", &used)
            .finish()
    }
}

impl History {
    /// An empty history with room for `room` entries.
    pub(crate) fn new(room: usize) -> History {
        History {
            entries: Vec::with_capacity(room),
            slots: vec![Slot::default(); (2 * room).next_power_of_two().max(64)],
            base: 0,
        }
    }

    /// Forgets every entry, keeping the memory: `base` is raised above
    /// every mark in use (a mark is at most `base` plus the entries, fewer
    /// than the slots), and the table is cleared only when `base` would
    /// overflow.
    pub(crate) fn clear(&mut self) {
        let size = self.slots.len() as u32;
        match self
            .base
            .checked_add(size)
            .filter(|b| b.checked_add(size).is_some())
        {
            Some(base) => self.base = base,
            None => {
                self.base = 0;
                self.slots.fill(Slot::default());
            }
        }
        self.entries.clear();
    }

    /// The mark of entry `entry` in its slot.
    #[inline(always)]
    fn mark(&self, entry: u32) -> u32 {
        entry + 1 + self.base
    }

    /// How many distinct colorings are stored.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The hash of entry `entry`.
    pub(crate) fn hash(&self, entry: u32) -> u64 {
        self.entries[entry as usize].hash
    }

    /// The first turns of entry `entry`, for Black and White to move.
    pub(crate) fn firsts(&self, entry: u32) -> [u32; 2] {
        self.entries[entry as usize].firsts
    }

    /// Sets the first turn of entry `entry` with `slot` (0 Black, 1 White) to move.
    pub(crate) fn set_first(&mut self, entry: u32, slot: usize, turn: u32) {
        self.entries[entry as usize].firsts[slot] = turn;
    }

    /// Whether some entry has the hash `hash` (a filter: its coloring may differ).
    #[inline]
    pub(crate) fn has_hash(&self, hash: u64) -> bool {
        self.find(hash, |_| true).is_some()
    }

    /// The first turn after which entry `entry`'s coloring stood (with
    /// either player to move).
    pub(crate) fn stood_after(&self, entry: u32) -> usize {
        let [black, white] = self.firsts(entry);
        black.min(white) as usize
    }

    /// The latest turn after which entry `entry`'s coloring was seen to
    /// stand, when the turns taken since may have been undone: check it
    /// against the entry of that turn.
    pub(crate) fn latest(&self, entry: u32) -> usize {
        self.entries[entry as usize].latest as usize
    }

    /// Notes that entry `entry`'s coloring stood after turn `turn`.
    #[inline]
    pub(crate) fn seen(&mut self, entry: u32, turn: u32) {
        self.entries[entry as usize].latest = turn;
    }

    /// The entry whose hash is `hash` and that `matches` accepts (given
    /// the entry number: the caller compares its coloring).
    #[inline]
    pub(crate) fn find(&self, hash: u64, mut matches: impl FnMut(u32) -> bool) -> Option<u32> {
        let key = key(hash);
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.mark <= self.base {
                return None;
            }
            if slot.tag == tag(key) {
                let entry = slot.mark - self.base - 1;
                if self::key(self.hash(entry)) == key
                    && (planted!(TinyHashTrusted) || matches(entry))
                {
                    return Some(entry);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a coloring the table does not hold, of hash `hash`, first
    /// standing after `turn` with `slot` to move; returns its entry number.
    #[inline]
    pub(crate) fn insert(&mut self, hash: u64, slot: usize, turn: u32) -> u32 {
        let entry = self.entries.len() as u32;
        let firsts = if slot == 0 {
            [turn, NEVER]
        } else {
            [NEVER, turn]
        };
        self.entries.push(Entry {
            hash,
            firsts,
            latest: turn,
        });
        if 2 * self.entries.len() > self.slots.len() {
            self.grow();
        } else {
            self.place(hash, entry);
        }
        entry
    }

    /// Puts entry `entry` in the first free slot of its probe sequence.
    #[inline]
    fn place(&mut self, hash: u64, entry: u32) {
        let key = key(hash);
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        while self.slots[i].mark > self.base {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            tag: tag(key),
            mark: self.mark(entry),
        };
    }

    /// Doubles the table and reinserts every entry in insertion order.
    #[inline(never)]
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![Slot::default(); size];
        self.base = 0;
        for entry in 0..self.entries.len() {
            self.place(self.entries[entry].hash, entry as u32);
        }
    }

    /// Removes the entry inserted last.
    pub(crate) fn pop(&mut self) {
        let Some(Entry { hash, .. }) = self.entries.pop() else {
            return;
        };
        let mark = self.mark(self.entries.len() as u32);
        let mask = self.slots.len() - 1;
        let mut i = key(hash) as usize & mask;
        while self.slots[i].mark != mark {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot::default();
    }
}

#[cfg(test)]
mod tests {
    use super::{History, NEVER};

    /// Hashes that share their home slot in a table of 64 (and their tag).
    fn crowded(k: u64) -> u64 {
        k << 40 | 5
    }

    /// The entry of `hash`, trusting the hash (the engine confirms hits).
    fn find(h: &History, hash: u64) -> Option<u32> {
        h.find(hash, |_| true)
    }

    /// Entries in, found; cleared, none found and the memory kept; in
    /// again, found; popped, gone, and the rest still found past the freed
    /// slot.
    #[test]
    fn a_cleared_table_holds_nothing_and_fills_again() {
        let mut h = History::new(8);
        let size = h.slots.len();
        for round in 0..3u64 {
            for k in 0..10 {
                assert_eq!(h.insert(crowded(k + round), 0, k as u32), k as u32);
            }
            for k in 0..10 {
                assert_eq!(find(&h, crowded(k + round)), Some(k as u32));
                assert_eq!(h.firsts(k as u32), [k as u32, NEVER]);
            }
            h.clear();
            assert_eq!(h.len(), 0);
            assert_eq!(h.slots.len(), size);
            for k in 0..12 {
                assert_eq!(find(&h, crowded(k)), None);
            }
        }
        for k in 0..5 {
            h.insert(crowded(k), 1, 0);
        }
        h.pop();
        assert_eq!(find(&h, crowded(4)), None);
        assert_eq!(find(&h, crowded(3)), Some(3));
        h.pop();
        h.pop();
        assert_eq!(find(&h, crowded(2)), None);
        assert_eq!(find(&h, crowded(0)), Some(0));
        assert_eq!(find(&h, crowded(1)), Some(1));
    }

    /// Clearing raises the base until it would overflow: then the table is
    /// wiped and the base starts again from 0, and the table answers as a
    /// new one.
    #[test]
    fn the_base_starts_again_before_it_overflows() {
        let mut h = History::new(8);
        let size = h.slots.len() as u32;
        h.clear();
        assert_eq!(h.base, size);
        h.base = u32::MAX - 2 * size;
        h.insert(crowded(1), 0, 0);
        h.clear();
        assert_eq!(h.base, u32::MAX - size);
        h.insert(crowded(2), 0, 0);
        assert_eq!(find(&h, crowded(2)), Some(0));
        h.clear();
        assert_eq!(h.base, 0);
        assert!(h.slots.iter().all(|slot| slot.mark == 0 && slot.tag == 0));
        assert_eq!(find(&h, crowded(2)), None);
        h.insert(crowded(3), 0, 0);
        assert_eq!(find(&h, crowded(3)), Some(0));
    }

    /// A table that grows starts its base again from 0 and keeps every entry.
    #[test]
    fn a_grown_table_keeps_its_entries() {
        let mut h = History::new(8);
        let size = h.slots.len();
        h.clear();
        h.clear();
        for k in 0..=size as u64 / 2 {
            h.insert(crowded(k), 0, 0);
        }
        assert_eq!(h.slots.len(), 2 * size);
        assert_eq!(h.base, 0);
        for k in 0..=size as u64 / 2 {
            assert_eq!(find(&h, crowded(k)), Some(k as u32));
        }
    }
}
