//! The number of legal colorings (every string reaches empty), L(m, n) of
//! Tromp and Farnebäck, computed twice: by enumerating all 3^(W*H)
//! colorings, and by exploring moves of either color (rule 7) from the empty
//! grid. The two sets must be the same; `--edges` also counts the arcs of
//! the move graph: distinct ordered pairs of distinct colorings A -> B such
//! that some move (of either color) turns A into B.
//!
//! Both use [`super::tiny`]'s bitboards and a bitset over all 3^(W*H)
//! codes; both share the work among the threads.

use super::tiny::{Stones, Tiny};
use super::CountError;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most points a board may have here: the bitsets take 3^points bits
/// (3^18 bits are 48 MB each).
pub const MAX_POINTS: usize = 18;

/// What to count.
#[derive(Clone, Debug)]
pub struct PositionsOptions {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Whether to count the arcs of the move graph too.
    pub edges: bool,
    /// Worker threads.
    pub threads: usize,
    /// How to show progress (hidden by default).
    pub progress: tromp_taylor_harness::progress::Progress,
}

impl PositionsOptions {
    /// The count on a `width` x `height` board, without arcs, one thread
    /// per core, no progress bar.
    pub fn new(width: usize, height: usize) -> PositionsOptions {
        PositionsOptions {
            width,
            height,
            edges: false,
            threads: super::default_threads(),
            progress: tromp_taylor_harness::progress::Progress::hidden(),
        }
    }
}

/// What the counts came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    /// Legal colorings found by enumeration.
    pub enumerated: u64,
    /// Colorings reached by moves from the empty grid.
    pub explored: u64,
    /// The arcs of the move graph, when asked for.
    pub edges: Option<u64>,
    /// A coloring in one set and not the other, as a diagram, with the set
    /// it is in; `None` when the sets are the same.
    pub difference: Option<String>,
    /// Moves from the empty grid needed to reach the farthest coloring.
    pub depth: usize,
    /// Wall time of the enumeration.
    pub enumeration_time: Duration,
    /// Wall time of the exploration.
    pub exploration_time: Duration,
}

impl Positions {
    /// Whether the two methods found the same set.
    pub fn agree(&self) -> bool {
        self.difference.is_none() && self.enumerated == self.explored
    }
}

/// A bitset over codes that threads can set bits of.
struct Bits(Vec<AtomicU64>);

impl Bits {
    fn new(len: u64) -> Bits {
        Bits((0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Sets bit `i`; whether it was clear.
    #[inline]
    fn insert(&self, i: u64) -> bool {
        let word = &self.0[(i / 64) as usize];
        let bit = 1u64 << (i % 64);
        word.load(Ordering::Relaxed) & bit == 0 && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    fn count(&self) -> u64 {
        self.0
            .iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum()
    }

    /// The first bit set in one of `self` and `other` but not both, and
    /// whether it is in `self`.
    fn first_difference(&self, other: &Bits) -> Option<(u64, bool)> {
        self.0
            .iter()
            .zip(&other.0)
            .enumerate()
            .find_map(|(i, (a, b))| {
                let (a, b) = (a.load(Ordering::Relaxed), b.load(Ordering::Relaxed));
                let x = a ^ b;
                (x != 0).then(|| {
                    let bit = x.trailing_zeros();
                    (64 * i as u64 + u64::from(bit), a >> bit & 1 == 1)
                })
            })
    }
}

/// Counts the legal colorings twice (and the arcs, if asked).
pub fn positions(options: &PositionsOptions) -> Result<Positions, CountError> {
    let tiny = Tiny::new(options.width, options.height)?;
    if tiny.points() > MAX_POINTS {
        return Err(CountError::TooLarge(format!(
            "{}x{} has {} points; counting positions walks all 3^points colorings, \
             feasible here up to {MAX_POINTS} points (4x4 is 16)",
            options.width,
            options.height,
            tiny.points()
        )));
    }
    let threads = options.threads.max(1);
    let started = Instant::now();
    let enumerated = enumerate(&tiny, threads, &options.progress);
    let enumeration_time = started.elapsed();
    interrupted(&options.progress, "the enumeration")?;
    let count = enumerated.count();
    let started = Instant::now();
    let (explored, edges, depth) = explore(&tiny, options.edges, threads, &options.progress, count);
    let exploration_time = started.elapsed();
    interrupted(&options.progress, "the exploration")?;
    let difference = enumerated
        .first_difference(&explored)
        .map(|(code, enumerated)| {
            format!(
                "{} is {}",
                tiny.diagram(tiny.decode(code)),
                if enumerated {
                    "legal but not reached by moves from the empty grid"
                } else {
                    "reached by moves but not legal"
                }
            )
        });
    Ok(Positions {
        enumerated: count,
        explored: explored.count(),
        edges: options.edges.then_some(edges),
        difference,
        depth,
        enumeration_time,
        exploration_time,
    })
}

/// An error when the count was asked to stop during `what`.
fn interrupted(
    progress: &tromp_taylor_harness::progress::Progress,
    what: &str,
) -> Result<(), CountError> {
    if progress.stop().is_requested() {
        return Err(CountError::Interrupted(format!(
            "{what} of the colorings was left unfinished; no count is given"
        )));
    }
    Ok(())
}

/// Colorings of the low digits handled as one block.
const LOW_POINTS: usize = 8;

/// Every legal coloring, by looking at all of them.
fn enumerate(
    tiny: &Tiny,
    threads: usize,
    progress: &tromp_taylor_harness::progress::Progress,
) -> Bits {
    let low_points = tiny.points().min(LOW_POINTS);
    let low_count = 3u64.pow(low_points as u32);
    let high_count = tiny.colorings() / low_count;
    let low = Tiny::new(low_points, 1).expect("a small board");
    let lows: Vec<Stones> = (0..low_count).map(|c| low.decode(c)).collect();
    let high = Tiny::new(tiny.points() - low_points + 1, 1).expect("a small board");
    let bits = Bits::new(tiny.colorings());
    let next = AtomicU64::new(0);
    let bar = progress.meter(high_count, "blocks of colorings enumerated");
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let h = next.fetch_add(1, Ordering::Relaxed);
                if h >= high_count || progress.stop().is_requested() {
                    break;
                }
                let top = high.decode(h);
                for (l, s) in lows.iter().enumerate() {
                    let stones = Stones {
                        black: top.black << low_points | s.black,
                        white: top.white << low_points | s.white,
                    };
                    if tiny.is_legal(stones) {
                        bits.insert(h * low_count + l as u64);
                    }
                }
                bar.inc(1);
            });
        }
    });
    bar.finish();
    bits
}

/// Packs a coloring of at most 32 points into one word.
fn pack(s: Stones) -> u64 {
    s.black | s.white << 32
}

fn unpack(w: u64) -> Stones {
    Stones {
        black: w & 0xffff_ffff,
        white: w >> 32,
    }
}

/// Every coloring reached by moves of either color from the empty grid,
/// breadth first; with the arcs between distinct colorings and the depth.
fn explore(
    tiny: &Tiny,
    count_edges: bool,
    threads: usize,
    progress: &tromp_taylor_harness::progress::Progress,
    expected: u64,
) -> (Bits, u64, usize) {
    let bits = Bits::new(tiny.colorings());
    let start = Stones::default();
    bits.insert(tiny.code(start));
    let mut frontier = vec![pack(start)];
    let mut edges = 0u64;
    let mut depth = 0;
    let bar = progress.meter(expected, "colorings explored");
    bar.inc(1);
    const CHUNK: usize = 4096;
    while !frontier.is_empty() && !progress.stop().is_requested() {
        let next = AtomicUsize::new(0);
        let found = Mutex::new(Vec::new());
        let arcs = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut targets = Vec::with_capacity(2 * tiny.points());
                    let mut my_arcs = 0u64;
                    loop {
                        let i = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if i >= frontier.len() || progress.stop().is_requested() {
                            break;
                        }
                        let before = mine.len();
                        for &w in &frontier[i..(i + CHUNK).min(frontier.len())] {
                            let s = unpack(w);
                            let mut empty = tiny.empty(s);
                            targets.clear();
                            while empty != 0 {
                                let p = empty.trailing_zeros() as usize;
                                empty &= empty - 1;
                                for black in [true, false] {
                                    let t = tiny.play(s, p, black);
                                    if bits.insert(tiny.code(t)) {
                                        mine.push(pack(t));
                                    }
                                    if count_edges && t != s {
                                        targets.push(pack(t));
                                    }
                                }
                            }
                            if count_edges {
                                targets.sort_unstable();
                                targets.dedup();
                                my_arcs += targets.len() as u64;
                            }
                        }
                        bar.inc((mine.len() - before) as u64);
                    }
                    arcs.fetch_add(my_arcs, Ordering::Relaxed);
                    found.lock().expect("no worker panics").push(mine);
                });
            }
        });
        edges += arcs.into_inner();
        frontier = found
            .into_inner()
            .expect("no worker panics")
            .into_iter()
            .flatten()
            .collect();
        if !frontier.is_empty() {
            depth += 1;
        }
    }
    bar.finish();
    (bits, edges, depth)
}
