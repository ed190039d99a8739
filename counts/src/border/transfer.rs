//! The transfer matrix itself: border states stepped point by point on
//! worker threads, in sharded maps, with checkpoints and a stop heard.

use super::key::{KeyHasher, Narrow, Packed, Point, Wide, EMPTY};
use crate::checkpoint::{self, Header};
use crate::tally::{Exact, Modulo, Tally};
use crate::{modular, on_threads, CountError, Stopped};
use num_bigint::BigUint;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
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
            threads: crate::default_threads(),
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

/// The count with `tally`, its states in one word each when the border
/// fits ([`Narrow`]), in two otherwise.
fn run<T: Tally>(
    options: &BorderOptions,
    tally: T,
    across: usize,
    along: usize,
) -> Result<LegalColorings, CountError> {
    if across <= Narrow::MOST {
        run_keyed::<T, Narrow>(options, tally, across, along)
    } else {
        run_keyed::<T, Wide>(options, tally, across, along)
    }
}

/// The count with `tally` and keys `K`, from the empty grid or the
/// checkpoint.
fn run_keyed<T: Tally, K: Packed>(
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
        _ => (Step::<T, K>::start(across, tally), 0, None),
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
    fn maybe<T: Tally, K: Packed>(
        &mut self,
        step: &Step<T, K>,
        header: Header,
    ) -> Result<(), CountError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if self.since.elapsed() < self.every {
            return Ok(());
        }
        let records = step.shards.iter().flatten().map(|(k, v)| (k.words(), *v));
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

/// One shard of a step's states: each state once, with the ways to reach
/// it, 16 bytes a state for a modulus job whose border fits one word.
type States<K, V> = Vec<(K, V)>;

/// The map that merges one shard's successors.
type Map<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// Successors a thread gathers for one shard before it merges them into
/// that shard's map under one lock.
const BATCH: usize = 256;

/// The states a thread reads between two looks at the request to stop.
const LOOK_EVERY: usize = 4096;

/// The states after some points, in [`SHARDS`] shards.
struct Step<T: Tally, K> {
    across: usize,
    tally: T,
    shards: Vec<States<K, T::Value>>,
}

fn lock<X>(m: &Mutex<X>) -> std::sync::MutexGuard<'_, X> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T: Tally, K: Packed> Step<T, K> {
    /// Before any point: the border is off the grid; one way.
    fn start(across: usize, tally: T) -> Step<T, K> {
        let mut shards: Vec<States<K, T::Value>> = (0..SHARDS).map(|_| Vec::new()).collect();
        let key = K::pack(&vec![Point::OFF; across]);
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
    ) -> Result<(Step<T, K>, usize), CountError> {
        let mut shards: Vec<States<K, T::Value>> = (0..SHARDS).map(|_| Vec::new()).collect();
        let header = checkpoint::read(path, expected, tally, |key, value| {
            let key = K::from_words(key);
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
    fn next(self, row: usize, threads: usize, stop: &Stop) -> Option<Step<T, K>> {
        let Step {
            across,
            tally,
            shards,
        } = self;
        let sources: Vec<Mutex<States<K, T::Value>>> = shards.into_iter().map(Mutex::new).collect();
        let maps: Vec<Mutex<Map<K, T::Value>>> = (0..SHARDS).map(|_| Mutex::default()).collect();
        let stopped = AtomicBool::new(false);
        let next_source = AtomicUsize::new(0);
        // Every state's successors merged into their shards' maps, a batch
        // at a time; each shard of states freed once read.
        on_threads(threads, || {
            let mut out: Vec<Vec<(K, T::Value)>> =
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
                        if let Some(next) = decide::<K>(&mut points[..across], row, color) {
                            let shard = next.shard(SHARDS);
                            out[shard].push((next, value));
                            if out[shard].len() == BATCH {
                                merge(&maps[shard], &mut out[shard], tally);
                            }
                        }
                    }
                }
            }
            for (map, batch) in maps.iter().zip(&mut out) {
                merge(map, batch, tally);
            }
        });
        drop(sources);
        if stopped.load(Ordering::Relaxed) {
            return None;
        }
        let shards = maps
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
            .map(|map| map.into_iter().collect())
            .collect();
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
            if !points.iter().any(|p| p.is_enclosed()) {
                match &mut total {
                    Some(total) => self.tally.add(total, *value),
                    None => total = Some(*value),
                }
            }
        }
        total.map_or_else(BigUint::default, |t| self.tally.big(&t))
    }
}

/// Merges `batch` (which it empties) into `map`: each state once, with the
/// sum of the ways.
fn merge<K: Packed, T: Tally>(
    map: &Mutex<Map<K, T::Value>>,
    batch: &mut Vec<(K, T::Value)>,
    tally: T,
) {
    if batch.is_empty() {
        return;
    }
    let mut map = lock(map);
    for (key, value) in batch.drain(..) {
        match map.entry(key) {
            Entry::Occupied(mut e) => tally.add(e.get_mut(), value),
            Entry::Vacant(e) => {
                e.insert(value);
            }
        }
    }
}

/// Decides the point in `row` of the next column as `color` on the border
/// `points` (which it changes): the point decided just before it, next to
/// it in the same column, is `points[row - 1]`; the point next to it in the
/// column before is `points[row]`, which leaves the border. The next border
/// state, or `None` when a string leaves the border without reaching empty.
fn decide<K: Packed>(points: &mut [Point], row: usize, color: u8) -> Option<K> {
    let before = if row > 0 { points[row - 1] } else { Point::OFF };
    let left = points[row];
    let new = if color == EMPTY {
        // An empty point: the strings next to it reach empty.
        for next_to in [before, left] {
            if next_to.is_enclosed() {
                set_free(points, next_to);
            }
        }
        Point::EMPTY
    } else {
        // A stone: it joins the strings of its color next to it, and the
        // string reaches empty if any of them did or an empty point is next.
        const JOINED: u8 = 31;
        let next_to = [before, left].map(|p| (p.color() == color).then_some(p));
        let reaches_empty = before.color() == EMPTY
            || left.color() == EMPTY
            || next_to.iter().flatten().any(|p| !p.is_enclosed());
        let joined = if reaches_empty {
            Point::free(color)
        } else {
            Point::enclosed(color, JOINED)
        };
        for p in next_to.into_iter().flatten().filter(|p| p.is_enclosed()) {
            for q in points.iter_mut().filter(|q| **q == p) {
                *q = joined;
            }
        }
        joined
    };
    let leaving = points[row];
    points[row] = new;
    if leaving.is_enclosed() && !points.contains(&leaving) {
        return None;
    }
    renumber(points);
    let key = K::pack(points);
    if row + 1 < points.len() {
        return Some(key);
    }
    // A whole column is the border: the grid still to decide is the same
    // upside down, so a border and its mirror image have the same future;
    // the smaller key stands for both.
    points.reverse();
    renumber(points);
    Some(key.min(K::pack(points)))
}

/// Every stone of `string`'s string reaches empty now.
fn set_free(points: &mut [Point], string: Point) {
    for p in points.iter_mut().filter(|p| **p == string) {
        *p = Point::free(string.color());
    }
}

/// Renumbers the labels of the strings that do not reach empty by their
/// first appearance along the border.
fn renumber(points: &mut [Point]) {
    let mut renumbered = [0u8; 32];
    let mut next_label = 1;
    for p in points.iter_mut().filter(|p| p.is_enclosed()) {
        let l = p.label() as usize;
        if renumbered[l] == 0 {
            renumbered[l] = next_label;
            next_label += 1;
        }
        *p = Point::enclosed(p.color(), renumbered[l]);
    }
}

#[cfg(test)]
mod tests;
