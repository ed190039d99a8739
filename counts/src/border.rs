//! L(m, n), the number of legal colorings of an m x n grid (every string of
//! stones reaches empty), by a transfer matrix over the border between the
//! points decided and the points still to decide, exact for any size whose
//! border side is at most [`MAX_ACROSS`], or modulo a 64-bit modulus.
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
//! string still on the border must reach empty. Under each border state the
//! number of ways to reach it is kept as a [`Tally`]: exactly, in as many
//! 64-bit words as 3^(m n) needs, or modulo one modulus in one word (a job
//! of a count split by the Chinese remainder theorem, [`super::modular`]).
//! Nothing is sampled.
//!
//! When a whole column is the border, a border state and its mirror image
//! (the column upside down) have the same number of completions, since the
//! rest of the grid is the same upside down; the two are kept as one.
//!
//! Each step's states are kept in [`SHARDS`] hash maps by a hash of the
//! state. The threads take the maps of the step before one at a time, free
//! each once read, and add every successor to its map of the next step in
//! batches (a lock per map), so a step needs the memory of its states and
//! of its successors' distinct states, and no list of every successor.
//! Between two points the states can be written to a checkpoint
//! ([`super::checkpoint`]) and read back to resume; a request to stop is
//! heard within a few thousand states, and abandons the step.

use super::checkpoint::{self, Header};
use super::tally::{Exact, Modulo, Tally};
use super::{modular, on_threads, CountError, Stopped};
use num_bigint::BigUint;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::stop::Stop;

/// The longest border a count may have here: a border state keeps 8 bits
/// per border point in 128 bits. (15x15 would already need billions of
/// states; Tromp and Farnebäck went to 19x19 with other means.)
pub const MAX_ACROSS: usize = 16;

/// The hash maps a step's states are kept in.
pub const SHARDS: usize = 256;

/// Which side of the grid the border runs across.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Across {
    /// The shorter side (the fewest border states: the default).
    #[default]
    Shorter,
    /// The longer side (a check of the other: L(m, n) = L(n, m)).
    Longer,
}

/// What to count.
#[derive(Clone, Debug)]
pub struct BorderOptions {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Worker threads.
    pub threads: usize,
    /// How to show progress (points decided; hidden by default), and the
    /// request to stop that the count hears.
    pub progress: Progress,
    /// Which side the border runs across.
    pub across: Across,
    /// Count modulo this (at least 2) instead of exactly.
    pub modulus: Option<u64>,
    /// Write the border states here between two points, now and then.
    pub checkpoint: Option<PathBuf>,
    /// The least time between two checkpoints (zero: after every point).
    pub checkpoint_every: Duration,
    /// Start from the checkpoint instead of the empty grid.
    pub resume: bool,
}

impl BorderOptions {
    /// The exact count on a `width` x `height` grid across its shorter
    /// side, one thread per core, no progress bar, no checkpoint.
    pub fn new(width: usize, height: usize) -> BorderOptions {
        BorderOptions {
            width,
            height,
            threads: super::default_threads(),
            progress: Progress::hidden(),
            across: Across::Shorter,
            modulus: None,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(300),
            resume: false,
        }
    }
}

/// What the count came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalColorings {
    /// L(width, height), or its residue modulo [`LegalColorings::modulus`].
    pub count: BigUint,
    /// The modulus of a modulus job; `None` for the exact count.
    pub modulus: Option<u64>,
    /// The border's length (the side it runs across).
    pub across: usize,
    /// The most border states kept after one point.
    pub most_states: usize,
    /// The points decided before this run (when resumed from a checkpoint).
    pub resumed_at: Option<usize>,
    /// The checkpoints written.
    pub checkpoints: usize,
    /// Wall time of this run.
    pub time: Duration,
}

/// The border's length and the number of columns along the other side, or
/// why the grid cannot be counted so.
pub fn orientation(
    width: usize,
    height: usize,
    across: Across,
) -> Result<(usize, usize), CountError> {
    if !(1..=tromp_taylor_spec::rules::MAX_SIDE).contains(&width)
        || !(1..=tromp_taylor_spec::rules::MAX_SIDE).contains(&height)
    {
        return Err(CountError::BadSize(format!(
            "{width}x{height}: each side must be from 1 to {}",
            tromp_taylor_spec::rules::MAX_SIDE
        )));
    }
    let (short, long) = (width.min(height), width.max(height));
    let (across, along) = match across {
        Across::Shorter => (short, long),
        Across::Longer => (long, short),
    };
    if across > MAX_ACROSS {
        return Err(CountError::TooLarge(format!(
            "{width}x{height}: the border would run across {across} points; the transfer \
             matrix keeps border states of at most {MAX_ACROSS} points (and beyond 13 or so, \
             more states than this machine's memory)"
        )));
    }
    Ok((across, along))
}

/// Counts the legal colorings of the grid: exactly, or modulo
/// `options.modulus`. An exact count whose shorter side is at least 5 must
/// lie near Tromp's approximation ([`modular::plausible`]), or it is an error.
pub fn legal_colorings(options: &BorderOptions) -> Result<LegalColorings, CountError> {
    let (across, along) = orientation(options.width, options.height, options.across)?;
    if let Some(modulus) = options.modulus {
        let tally = Modulo::new(modulus).ok_or(CountError::BadModulus(modulus))?;
        return run(options, tally, across, along);
    }
    let counted = match words_for(across * along).next_power_of_two() {
        1 => run(options, Exact::<1>, across, along),
        2 => run(options, Exact::<2>, across, along),
        4 => run(options, Exact::<4>, across, along),
        8 => run(options, Exact::<8>, across, along),
        16 => run(options, Exact::<16>, across, along),
        32 => run(options, Exact::<32>, across, along),
        _ => Err(CountError::TooLarge(format!(
            "{}x{}: an exact count of {} points needs more than 32 words a state",
            options.width,
            options.height,
            across * along
        ))),
    }?;
    modular::plausible(options.width, options.height, &counted.count)?;
    Ok(counted)
}

/// The count with `tally`, from the empty grid or the checkpoint.
fn run<T: Tally>(
    options: &BorderOptions,
    tally: T,
    across: usize,
    along: usize,
) -> Result<LegalColorings, CountError> {
    let started = Instant::now();
    let threads = options.threads.max(1);
    let points = across * along;
    let expected = Header {
        width: options.width,
        height: options.height,
        across,
        modulus: tally.modulus(),
        words: tally.words(),
        decided: 0,
        states: 0,
    };
    let (mut step, mut decided, resumed_at) = match (&options.checkpoint, options.resume) {
        (Some(path), true) => {
            let (step, decided) = Step::resume(path, &expected, tally)?;
            (step, decided, Some(decided))
        }
        (None, true) => {
            return Err(CountError::Checkpoint(
                "--resume needs the checkpoint file to resume from (--checkpoint FILE)".into(),
            ))
        }
        _ => (Step::start(across, tally), 0, None),
    };
    let stop = options.progress.stop();
    let meter = options.progress.meter(points as u64, "points");
    meter.inc(decided as u64);
    let mut most_states = step.len();
    let mut saved = Saved::new(options, resumed_at);
    while decided < points {
        let Some(next) = step.next(decided % across, threads, stop) else {
            meter.finish();
            return Err(CountError::Stopped(Stopped {
                decided,
                points,
                states: most_states,
                checkpoint: saved.last(),
            }));
        };
        step = next;
        decided += 1;
        most_states = most_states.max(step.len());
        meter.inc(1);
        if decided < points {
            saved.maybe(
                &step,
                Header {
                    decided,
                    states: step.len(),
                    ..expected
                },
            )?;
        }
    }
    meter.finish();
    Ok(LegalColorings {
        count: step.legal_total(),
        modulus: (tally.modulus() != 0).then_some(tally.modulus()),
        across,
        most_states,
        resumed_at,
        checkpoints: saved.written,
        time: started.elapsed(),
    })
}

/// The checkpoints of one run: where, how often, and the last one written.
struct Saved {
    path: Option<PathBuf>,
    every: Duration,
    since: Instant,
    written: usize,
    last_decided: Option<usize>,
}

impl Saved {
    fn new(options: &BorderOptions, resumed_at: Option<usize>) -> Saved {
        Saved {
            path: options.checkpoint.clone(),
            every: options.checkpoint_every,
            since: Instant::now(),
            written: 0,
            last_decided: resumed_at,
        }
    }

    /// Writes a checkpoint of `step` if one is due.
    fn maybe<T: Tally>(&mut self, step: &Step<T>, header: Header) -> Result<(), CountError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if self.since.elapsed() < self.every {
            return Ok(());
        }
        let records = step.shards.iter().flatten().map(|(k, v)| (k.0, *v));
        checkpoint::write(path, &header, records, step.tally)?;
        self.since = Instant::now();
        self.written += 1;
        self.last_decided = Some(header.decided);
        Ok(())
    }

    /// The last checkpoint on disk for this run (written or resumed from).
    fn last(&self) -> Option<(String, usize)> {
        Some((
            self.path.as_ref()?.display().to_string(),
            self.last_decided?,
        ))
    }
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

/// A border state packed in 128 bits (two words, so that a state and its
/// count take 24 bytes): 8 bits per point, the color in bits 0-1, whether
/// its string reaches empty in bit 2, its label in bits 3-7 (labels numbered
/// by first appearance, so equal states pack equally).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Key(pub(crate) [u64; 2]);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mix());
    }
}

impl Key {
    fn pack(points: &[Point]) -> Key {
        let mut bytes = [0u8; 16];
        for (byte, p) in bytes.iter_mut().zip(points) {
            *byte = p.0;
        }
        let both = u128::from_le_bytes(bytes);
        Key([both as u64, (both >> 64) as u64])
    }

    fn unpack(self, points: &mut [Point]) {
        let both = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
        for (p, byte) in points.iter_mut().zip(both.to_le_bytes()) {
            *p = Point(byte);
        }
    }

    /// Both words mixed into one (the maps take their buckets from the low
    /// bits and a tag from the top seven; the shard comes from bits 48-55).
    fn mix(self) -> u64 {
        let x = self.0[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.0[1]
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^ (x >> 32)
    }

    /// Which map keeps this state.
    fn shard(self, shards: usize) -> usize {
        (self.mix() >> 48) as usize % shards
    }
}

/// The hasher of [`Key`]s: the key's own mix, unchanged.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 ^= x;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// One shard of a step's states: each state once, with the ways to reach
/// it, 24 bytes a state for a modulus job.
type States<V> = Vec<(Key, V)>;

/// The map that merges one shard's successors.
type Map<V> = HashMap<Key, V, BuildHasherDefault<KeyHasher>>;

/// Successors a thread gathers for one shard before handing them over, as
/// one chunk of that shard's successors.
const BATCH: usize = 1024;

/// The states a thread reads between two looks at the request to stop.
const LOOK_EVERY: usize = 4096;

/// The states after some points, in [`SHARDS`] shards.
struct Step<T: Tally> {
    across: usize,
    tally: T,
    shards: Vec<States<T::Value>>,
}

/// The successors of one shard: chunks of at most [`BATCH`], handed over
/// by the threads.
type Chunks<V> = Mutex<Vec<Vec<(Key, V)>>>;

fn lock<X>(m: &Mutex<X>) -> std::sync::MutexGuard<'_, X> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T: Tally> Step<T> {
    /// Before any point: the border is off the grid; one way.
    fn start(across: usize, tally: T) -> Step<T> {
        let mut shards: Vec<States<T::Value>> = (0..SHARDS).map(|_| Vec::new()).collect();
        let key = Key::pack(&vec![Point::OFF; across]);
        shards[key.shard(SHARDS)].push((key, tally.one()));
        Step {
            across,
            tally,
            shards,
        }
    }

    /// The states of the checkpoint at `path`, which must be of the count
    /// `expected` describes, and the points they follow.
    fn resume(
        path: &std::path::Path,
        expected: &Header,
        tally: T,
    ) -> Result<(Step<T>, usize), CountError> {
        let mut shards: Vec<States<T::Value>> = (0..SHARDS).map(|_| Vec::new()).collect();
        let header = checkpoint::read(path, expected, tally, |key, value| {
            let key = Key(key);
            shards[key.shard(SHARDS)].push((key, value));
        })?;
        for shard in &mut shards {
            shard.shrink_to_fit();
        }
        let step = Step {
            across: expected.across,
            tally,
            shards,
        };
        Ok((step, header.decided))
    }

    fn len(&self) -> usize {
        self.shards.iter().map(Vec::len).sum()
    }

    /// Decides the point in `row` of the next column position; `None` when
    /// `stop` was requested meanwhile (the step is abandoned).
    fn next(self, row: usize, threads: usize, stop: &Stop) -> Option<Step<T>> {
        let Step {
            across,
            tally,
            shards,
        } = self;
        let sources: Vec<Mutex<States<T::Value>>> = shards.into_iter().map(Mutex::new).collect();
        let chunks: Vec<Chunks<T::Value>> = (0..SHARDS).map(|_| Mutex::default()).collect();
        let stopped = AtomicBool::new(false);
        let next_source = AtomicUsize::new(0);
        // First half: every state's successors, in chunks, to their shards;
        // each shard of states freed once read.
        on_threads(threads, || {
            let mut out: Vec<Vec<(Key, T::Value)>> =
                (0..SHARDS).map(|_| Vec::with_capacity(BATCH)).collect();
            let mut before = [Point::OFF; MAX_ACROSS];
            while let Some(slot) = sources.get(next_source.fetch_add(1, Ordering::Relaxed)) {
                let source = std::mem::take(&mut *lock(slot));
                for (i, &(key, value)) in source.iter().enumerate() {
                    if i % LOOK_EVERY == 0
                        && (stop.is_requested() || stopped.load(Ordering::Relaxed))
                    {
                        stopped.store(true, Ordering::Relaxed);
                        return;
                    }
                    key.unpack(&mut before[..across]);
                    for color in 0..3 {
                        let mut points = before;
                        if let Some(next) = decide(&mut points[..across], row, color) {
                            let shard = next.shard(SHARDS);
                            out[shard].push((next, value));
                            if out[shard].len() == BATCH {
                                let full =
                                    std::mem::replace(&mut out[shard], Vec::with_capacity(BATCH));
                                lock(&chunks[shard]).push(full);
                            }
                        }
                    }
                }
            }
            for (shard, mut list) in out.into_iter().enumerate() {
                if !list.is_empty() {
                    list.shrink_to_fit();
                    lock(&chunks[shard]).push(list);
                }
            }
        });
        drop(sources);
        if stopped.load(Ordering::Relaxed) {
            return None;
        }
        let shards = merge_all(&chunks, threads, tally, stop)?;
        Some(Step {
            across,
            tally,
            shards,
        })
    }

    /// After the last point: the sum of the counts of the states whose
    /// strings all reach empty.
    fn legal_total(&self) -> BigUint {
        let mut total: Option<T::Value> = None;
        let mut points = vec![Point::OFF; self.across];
        for (key, value) in self.shards.iter().flatten() {
            key.unpack(&mut points);
            if points.iter().all(|p| !p.is_stone() || p.reaches_empty()) {
                match &mut total {
                    Some(total) => self.tally.add(total, *value),
                    None => total = Some(*value),
                }
            }
        }
        total.map_or_else(BigUint::default, |t| self.tally.big(&t))
    }
}

/// Second half of a step: each shard's successors merged (each distinct
/// state once, with the sum of the ways), one thread a shard, each chunk
/// freed once merged; `None` when `stop` was requested meanwhile.
fn merge_all<T: Tally>(
    chunks: &[Chunks<T::Value>],
    threads: usize,
    tally: T,
    stop: &Stop,
) -> Option<Vec<States<T::Value>>> {
    let merged: Vec<Mutex<States<T::Value>>> = (0..SHARDS).map(|_| Mutex::default()).collect();
    let next_shard = AtomicUsize::new(0);
    on_threads(threads, || loop {
        let index = next_shard.fetch_add(1, Ordering::Relaxed);
        let Some(slot) = chunks.get(index) else {
            return;
        };
        if stop.is_requested() {
            return;
        }
        let parts = std::mem::take(&mut *lock(slot));
        let successors: usize = parts.iter().map(Vec::len).sum();
        let mut map: Map<T::Value> =
            HashMap::with_capacity_and_hasher(successors / 3, Default::default());
        for part in parts {
            for (key, value) in part {
                match map.entry(key) {
                    Entry::Occupied(mut e) => tally.add(e.get_mut(), value),
                    Entry::Vacant(e) => {
                        e.insert(value);
                    }
                }
            }
        }
        let states: States<T::Value> = map.into_iter().collect();
        *lock(&merged[index]) = states;
    });
    if stop.is_requested() {
        return None;
    }
    Some(
        merged
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect(),
    )
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
mod tests;
