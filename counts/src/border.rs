//! L(m, n), the number of legal colorings of an m x n grid (every string of
//! stones reaches empty), by a transfer matrix over the border between the
//! points decided and the points still to decide, exact for any size whose
//! shorter side is at most [`MAX_ACROSS`].
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
//! string still on the border must reach empty. The count under each border
//! state is kept exactly, in as many 64-bit words as 3^(m n) needs, and
//! summed; nothing is sampled.
//!
//! When a whole column is the border, a border state and its mirror image
//! (the column upside down) have the same number of completions, since the
//! rest of the grid is the same upside down; the two are kept as one.
//!
//! Each step's states are kept in shards by a hash of the state, so the
//! threads share a step's work without locks: each takes states of the
//! step before and writes each successor to its shard's list, then each
//! shard is merged by one thread.

use super::{on_threads, CountError, Fx};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tromp_taylor_harness::progress::Progress;

/// The longest shorter side a grid may have here: a border state keeps 8
/// bits per border point in 128 bits. (15x15 would already need billions
/// of states; Tromp and Farnebäck went to 19x19 with other means.)
pub const MAX_ACROSS: usize = 16;

/// What to count.
#[derive(Clone, Debug)]
pub struct BorderOptions {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Worker threads.
    pub threads: usize,
    /// How to show progress (points decided; hidden by default).
    pub progress: Progress,
}

impl BorderOptions {
    /// The count on a `width` x `height` grid, one thread per core, no
    /// progress bar.
    pub fn new(width: usize, height: usize) -> BorderOptions {
        BorderOptions {
            width,
            height,
            threads: super::default_threads(),
            progress: Progress::hidden(),
        }
    }
}

/// What the count came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalColorings {
    /// L(width, height): the number of legal colorings.
    pub count: BigUint,
    /// The most border states kept after one point.
    pub most_states: usize,
    /// Wall time.
    pub time: Duration,
}

/// Counts the legal colorings of the grid.
pub fn legal_colorings(options: &BorderOptions) -> Result<LegalColorings, CountError> {
    let (width, height) = (options.width, options.height);
    if !(1..=tromp_taylor_spec::rules::MAX_SIDE).contains(&width)
        || !(1..=tromp_taylor_spec::rules::MAX_SIDE).contains(&height)
    {
        return Err(CountError::BadSize(format!(
            "{width}x{height}: each side must be from 1 to {}",
            tromp_taylor_spec::rules::MAX_SIDE
        )));
    }
    let across = width.min(height);
    let along = width.max(height);
    if across > MAX_ACROSS {
        return Err(CountError::TooLarge(format!(
            "{width}x{height}: the shorter side is {across}; the transfer matrix keeps \
             border states of at most {MAX_ACROSS} points (and beyond 13 or so, more \
             states than this machine's memory)"
        )));
    }
    let started = Instant::now();
    let words = words_for(across * along);
    let threads = options.threads.max(1);
    let shards = 4 * threads;
    let meter = options.progress.meter((across * along) as u64, "points");
    let mut step = Step::start(across, words, shards);
    let mut most_states = 1;
    for _column in 0..along {
        for row in 0..across {
            step = step.next(row, threads);
            most_states = most_states.max(step.len());
            meter.inc(1);
        }
    }
    meter.finish();
    Ok(LegalColorings {
        count: step.legal_total(),
        most_states,
        time: started.elapsed(),
    })
}

/// The 64-bit words a count up to 3^points needs (log2 3 < 1.585), and one
/// to spare.
fn words_for(points: usize) -> usize {
    (points * 1585).div_ceil(64_000) + 1
}

/// A border point's color code: empty, black, white, or off the grid (the
/// border before the first column).
const EMPTY: u8 = 0;
const OFF: u8 = 3;

/// One border point in a byte: its color in bits 0-1; for a stone,
/// whether its string reaches empty in bit 2 and its string's label in bits
/// 3-7.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Point(u8);

/// The bit of a stone whose string reaches empty.
const REACHES_EMPTY: u8 = 4;

impl Point {
    const OFF: Point = Point(OFF);

    fn stone(color: u8, label: u8, reaches_empty: bool) -> Point {
        Point(color | u8::from(reaches_empty) << 2 | label << 3)
    }

    fn color(self) -> u8 {
        self.0 & 3
    }

    fn label(self) -> u8 {
        self.0 >> 3
    }

    fn reaches_empty(self) -> bool {
        self.0 & REACHES_EMPTY != 0
    }

    fn is_stone(self) -> bool {
        matches!(self.color(), 1 | 2)
    }

    /// The color and label: equal for the stones of one string.
    fn string(self) -> u8 {
        self.0 & !REACHES_EMPTY
    }
}

/// A border state packed in 128 bits: 8 bits per point, the color in bits
/// 0-1, whether its string reaches empty in bit 2, its label in bits 3-7
/// (labels numbered by first appearance, so equal states pack equally).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key(u128);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0 as u64);
        state.write_u64((self.0 >> 64) as u64);
    }
}

impl Key {
    fn pack(points: &[Point]) -> Key {
        let mut bytes = [0u8; 16];
        for (byte, p) in bytes.iter_mut().zip(points) {
            *byte = p.0;
        }
        Key(u128::from_le_bytes(bytes))
    }

    fn unpack(self, points: &mut [Point]) {
        for (p, byte) in points.iter_mut().zip(self.0.to_le_bytes()) {
            *p = Point(byte);
        }
    }

    /// Which shard keeps this state.
    fn shard(self, shards: usize) -> usize {
        let mut hasher = Fx::default();
        self.hash(&mut hasher);
        (hasher.finish() >> 40) as usize % shards
    }
}

/// The states after some points: shards of keys, each with its count in
/// `words` words (least significant first).
struct Step {
    across: usize,
    words: usize,
    shards: Vec<Shard>,
    /// Lists of successors from the step before, emptied, to be filled
    /// again (so that their memory is not asked for anew every step).
    spare: Vec<Successors>,
}

#[derive(Default)]
struct Shard {
    keys: Vec<Key>,
    counts: Vec<u64>,
}

/// The successors written by the first half of a step for one shard: for
/// each, its key's two halves and then the count it adds, in one flat list
/// (read in order by the second half, with no look-up of the state before).
type Successors = Vec<u64>;

impl Step {
    /// Before any point: the border is off the grid; one way.
    fn start(across: usize, words: usize, shards: usize) -> Step {
        let mut step = Step {
            across,
            words,
            shards: (0..shards).map(|_| Shard::default()).collect(),
            spare: Vec::new(),
        };
        let first = &mut step.shards[0];
        first.keys.push(Key::pack(&vec![Point::OFF; across]));
        first.counts.push(1);
        first.counts.extend(std::iter::repeat_n(0, words - 1));
        step
    }

    fn len(&self) -> usize {
        self.shards.iter().map(|s| s.keys.len()).sum()
    }

    /// Decides the point in `row` of the next column position.
    fn next(self, row: usize, threads: usize) -> Step {
        let shards = self.shards.len();
        let words = self.words;
        // First half: every state's successors, to their shards' lists.
        let lists: Vec<Mutex<Vec<Successors>>> =
            (0..shards).map(|_| Mutex::new(Vec::new())).collect();
        let next_source = AtomicUsize::new(0);
        let spare = Mutex::new(self.spare);
        on_threads(threads, || {
            let mut out: Vec<Successors> = {
                let mut spare = spare.lock().expect("no thread panics");
                (0..shards)
                    .map(|_| spare.pop().unwrap_or_default())
                    .collect()
            };
            let mut before = [Point::OFF; MAX_ACROSS];
            loop {
                let s = next_source.fetch_add(1, Ordering::Relaxed);
                let Some(source) = self.shards.get(s) else {
                    break;
                };
                for (key, count) in source.keys.iter().zip(source.counts.chunks_exact(words)) {
                    key.unpack(&mut before[..self.across]);
                    for color in 0..3 {
                        let mut points = before;
                        if let Some(next) = decide(&mut points[..self.across], row, color) {
                            let list = &mut out[next.shard(shards)];
                            list.extend([next.0 as u64, (next.0 >> 64) as u64]);
                            list.extend_from_slice(count);
                        }
                    }
                }
            }
            for (list, mine) in lists.iter().zip(out) {
                list.lock().expect("no thread panics").push(mine);
            }
        });
        drop(self.shards);
        // Second half: each shard's successors merged, one thread a shard.
        let mut lists: Vec<Vec<Successors>> = lists
            .into_iter()
            .map(|l| l.into_inner().expect("no thread panics"))
            .collect();
        let merged: Vec<Mutex<Shard>> = (0..shards).map(|_| Mutex::default()).collect();
        let next_shard = AtomicUsize::new(0);
        on_threads(threads, || loop {
            let index = next_shard.fetch_add(1, Ordering::Relaxed);
            let Some(parts) = lists.get(index) else {
                break;
            };
            let shard = merge(parts, words);
            *merged[index].lock().expect("no thread panics") = shard;
        });
        let spare = lists
            .iter_mut()
            .flatten()
            .map(|list| {
                list.clear();
                std::mem::take(list)
            })
            .collect();
        Step {
            across: self.across,
            words,
            spare,
            shards: merged
                .into_iter()
                .map(|m| m.into_inner().expect("no thread panics"))
                .collect(),
        }
    }

    /// After the last point: the sum of the counts of the states whose
    /// strings all reach empty.
    fn legal_total(&self) -> BigUint {
        let mut total = vec![0u64; self.words];
        let mut points = vec![Point::OFF; self.across];
        for shard in &self.shards {
            for (i, key) in shard.keys.iter().enumerate() {
                key.unpack(&mut points);
                if points.iter().all(|p| !p.is_stone() || p.reaches_empty()) {
                    add(
                        &mut total,
                        &shard.counts[i * self.words..(i + 1) * self.words],
                    );
                }
            }
        }
        let digits: Vec<u32> = total
            .iter()
            .flat_map(|w| [*w as u32, (w >> 32) as u32])
            .collect();
        BigUint::from_slice(&digits)
    }
}

/// One shard of the next step: each distinct successor once, with the sum
/// of the counts of the states it follows.
fn merge(parts: &[Successors], words: usize) -> Shard {
    let expected: usize = parts.iter().map(|p| p.len() / (2 + words)).sum();
    let mut index: HashMap<Key, u32, BuildHasherDefault<Fx>> =
        HashMap::with_capacity_and_hasher(expected / 2, Default::default());
    let mut shard = Shard::default();
    for part in parts {
        for successor in part.chunks_exact(2 + words) {
            let key = Key(u128::from(successor[0]) | u128::from(successor[1]) << 64);
            let count = &successor[2..];
            let len = shard.keys.len() as u32;
            let at = *index.entry(key).or_insert(len);
            if at == len {
                shard.keys.push(key);
                shard.counts.extend_from_slice(count);
            } else {
                let at = at as usize * words;
                add(&mut shard.counts[at..at + words], count);
            }
        }
    }
    shard
}

/// Adds `from` to `to`, word by word with carries. The words were sized so
/// that no count overflows them.
fn add(to: &mut [u64], from: &[u64]) {
    let mut carry = false;
    for (t, &f) in to.iter_mut().zip(from) {
        let (sum, c1) = t.overflowing_add(f);
        let (sum, c2) = sum.overflowing_add(u64::from(carry));
        *t = sum;
        carry = c1 || c2;
    }
    debug_assert!(!carry, "the words hold 3^points");
}

/// Decides the point in `row` of the next column as `color` on the border
/// `points` (which it changes): the point decided just before it, next to
/// it in the same column, is `points[row - 1]`; the point next to it in the
/// column before is `points[row]`, which leaves the border. The next border state, or `None` when a string leaves the
/// border without reaching empty.
fn decide(points: &mut [Point], row: usize, color: u8) -> Option<Key> {
    let before = if row > 0 { points[row - 1] } else { Point::OFF };
    let left = points[row];
    let new = if color == EMPTY {
        // An empty point: the strings next to it reach empty.
        for next_to in [before, left] {
            if next_to.is_stone() {
                for p in points.iter_mut() {
                    if p.string() == next_to.string() {
                        p.0 |= REACHES_EMPTY;
                    }
                }
            }
        }
        Point(EMPTY)
    } else {
        // A stone: it joins the strings of its color next to it, and the
        // string reaches empty if any of them did or an empty point is next.
        const JOINED: u8 = 31;
        let mut reaches_empty = before.color() == EMPTY || left.color() == EMPTY;
        let joined = Point::stone(color, JOINED, false);
        for next_to in [before, left] {
            if next_to.color() == color {
                reaches_empty |= next_to.reaches_empty();
                for p in points.iter_mut() {
                    if p.string() == next_to.string() {
                        *p = joined;
                    }
                }
            }
        }
        if reaches_empty {
            for p in points.iter_mut() {
                if *p == joined {
                    p.0 |= REACHES_EMPTY;
                }
            }
        }
        Point::stone(color, JOINED, reaches_empty)
    };
    let leaving = points[row];
    points[row] = new;
    if leaving.is_stone()
        && !leaving.reaches_empty()
        && !points.iter().any(|p| p.string() == leaving.string())
    {
        return None;
    }
    renumber(points);
    let key = Key::pack(points);
    if row + 1 < points.len() {
        return Some(key);
    }
    // A whole column is the border: the grid still to decide is the same
    // upside down, so a border and its mirror image have the same future;
    // the smaller key stands for both.
    points.reverse();
    renumber(points);
    Some(key.min(Key::pack(points)))
}

/// Renumbers the strings' labels by their first appearance along the border.
fn renumber(points: &mut [Point]) {
    let mut renumbered = [0u8; 32];
    let mut next_label = 1;
    for p in points.iter_mut() {
        if p.is_stone() {
            let l = p.label() as usize;
            if renumbered[l] == 0 {
                renumbered[l] = next_label;
                next_label += 1;
            }
            p.0 = p.0 & 7 | renumbered[l] << 3;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(width: usize, height: usize, threads: usize) -> String {
        let mut options = BorderOptions::new(width, height);
        options.threads = threads;
        legal_colorings(&options).unwrap().count.to_string()
    }

    #[test]
    fn one_point_has_one_legal_coloring_and_a_line_of_two_five() {
        assert_eq!(count(1, 1, 1), "1");
        assert_eq!(count(2, 1, 1), "5");
        assert_eq!(count(1, 2, 2), "5");
    }

    #[test]
    fn the_words_hold_every_coloring() {
        for points in 1..400 {
            let words = words_for(points);
            let bits = (points as f64 * 3f64.log2()).ceil() as usize;
            assert!(words * 64 > bits, "{points} points");
        }
    }

    #[test]
    fn the_count_is_the_same_on_any_number_of_threads() {
        assert_eq!(count(4, 5, 1), count(4, 5, 3));
        assert_eq!(count(4, 5, 1), count(5, 4, 2));
    }
}
