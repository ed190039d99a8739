//! The exhaustive run: its units ([`super::plan`]) shared among worker
//! threads, with progress, a stop heard between units (and within a long
//! walk), the first difference found, and the unit to resume from.

use super::enumerate::legal_colorings;
use super::games::{walk_games, Folding, Walk, WalkEnd};
use super::pair::Pair;
use super::plan::{tasks, Part, Task};
use super::positions::{both_players, check_position};
use super::reproduce::{found, Found};
use super::symmetry::{orbit_if_least, symmetries};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tromp_taylor_harness::progress::{Meter, Progress};
use tromp_taylor_harness::vocab::{Rules, Setup, Size};

/// What to run.
#[derive(Clone, Debug)]
pub struct ExhaustOptions {
    /// Positions or games.
    pub part: Part,
    /// The boards.
    pub sizes: Vec<Size>,
    /// The rules: each position is checked under every one; the games are
    /// walked under each.
    pub rules: Vec<Rules>,
    /// The games' depth in turns; `None` walks every game to its end.
    pub depth: Option<usize>,
    /// Worker threads.
    pub jobs: usize,
    /// The first unit run: a stopped run resumes from the unit its summary names.
    pub first_task: usize,
    /// Positions: check one coloring of each orbit of the board's
    /// symmetries ([`super::symmetry`]), the one of least code, instead of
    /// every coloring. Games: walk one state of each orbit of the board's
    /// symmetries applied to the whole state ([`super::state`]).
    pub symmetry: bool,
    /// Games under superko on the boards of at most 114 legal colorings
    /// (57 under situational superko: 1x1 to 1x5 and 2x2): key states by
    /// the colorings seen that the game can still reach (the open set,
    /// [`super::state`]) instead of every coloring seen.
    pub open_set: bool,
    /// The engines.
    pub pair: Pair,
    /// Progress, and the request to stop.
    pub progress: Progress,
}

impl ExhaustOptions {
    /// `part` on `sizes` to `depth`, unfolded (every coloring, every state),
    /// `spec` against `fast` on every core, from the first unit, with no
    /// progress shown, under every rules set the part takes
    /// ([`position_rules`](super::position_rules) or
    /// [`game_rules`](super::game_rules)).
    pub fn every(part: Part, sizes: Vec<Size>, depth: Option<usize>) -> ExhaustOptions {
        ExhaustOptions {
            part,
            sizes,
            rules: match part {
                Part::Positions => super::position_rules(),
                Part::Games => super::game_rules(),
            },
            depth,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            first_task: 0,
            symmetry: false,
            open_set: false,
            pair: Pair::spec_and_fast(),
            progress: Progress::hidden(),
        }
    }
}

/// What one unit covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Covered {
    /// The board.
    pub size: Size,
    /// The games' setup (none for positions).
    pub setup: Option<Setup>,
    /// Positions (a coloring and the player to move) compared.
    pub positions: u64,
    /// The positions those stand for: as many without symmetry, with it
    /// each position times the size of its coloring's orbit.
    pub stands_for: u64,
    /// Turns played from them, counted once per rules set.
    pub turns: u64,
    /// The games walked.
    pub walk: Walk,
    /// Wall time of the unit on its thread.
    pub elapsed: Duration,
}

/// What a run came to.
#[derive(Debug)]
pub struct Summary {
    /// Every unit of the run, in order: what it covered, or none when it
    /// was not run (before the first, or after a stop or a difference).
    pub covered: Vec<Option<Covered>>,
    /// The first unit not done: where to resume.
    pub resume_at: usize,
    /// The first difference found, if any.
    pub found: Option<Found>,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Summary {
    /// The units done, in order.
    pub fn done(&self) -> impl Iterator<Item = &Covered> {
        self.covered.iter().flatten()
    }

    /// Whether every unit from the first was done and nothing found.
    pub fn complete(&self) -> bool {
        self.found.is_none() && self.resume_at == self.covered.len()
    }
}

/// What a unit came to, on its worker.
enum Ended {
    Covered(Covered),
    Found(Box<Found>),
    Stopped,
}

/// Runs the units of `options` from `options.first_task` on `options.jobs`
/// threads, stopping at the first difference or on request.
pub fn run_exhaust(options: &ExhaustOptions) -> Summary {
    let started = Instant::now();
    let all = tasks(options.part, &options.sizes, &options.rules);
    let first = options.first_task.min(all.len());
    let next = AtomicUsize::new(first);
    let covered = Mutex::new(vec![None; all.len()]);
    let first_found: Mutex<Option<(usize, Found)>> = Mutex::new(None);
    let meter = options.progress.meter((all.len() - first) as u64, "units");
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                worker(options, &all, &next, &covered, &first_found, &*meter);
            });
        }
    });
    meter.finish();
    let covered = covered.into_inner().expect("no worker panics");
    let resume_at = (first..all.len())
        .find(|&i| covered[i].is_none())
        .unwrap_or(all.len());
    Summary {
        covered,
        resume_at,
        found: first_found
            .into_inner()
            .expect("no worker panics")
            .map(|(_, f)| f),
        elapsed: started.elapsed(),
    }
}

/// One worker: takes the next unit until none is left, a stop is asked
/// for, or a difference is found.
fn worker(
    options: &ExhaustOptions,
    all: &[Task],
    next: &AtomicUsize,
    covered: &Mutex<Vec<Option<Covered>>>,
    first_found: &Mutex<Option<(usize, Found)>>,
    meter: &dyn Meter,
) {
    let stop = options.progress.stop();
    loop {
        let index = next.fetch_add(1, Ordering::SeqCst);
        let over = || stop.is_requested() || first_found.lock().expect("no panic").is_some();
        if index >= all.len() || over() {
            return;
        }
        match run_task(options, &all[index], meter) {
            Ended::Covered(c) => {
                covered.lock().expect("no panic")[index] = Some(c);
                meter.inc(1);
            }
            Ended::Found(found) => {
                let mut first = first_found.lock().expect("no panic");
                if first.as_ref().is_none_or(|(i, _)| index < *i) {
                    *first = Some((index, *found));
                }
                return;
            }
            Ended::Stopped => return,
        }
    }
}

/// Runs one unit.
fn run_task(options: &ExhaustOptions, task: &Task, meter: &dyn Meter) -> Ended {
    let started = Instant::now();
    let pair = &options.pair;
    match task {
        Task::Positions { size, codes } => run_positions(options, *size, codes.clone()),
        Task::Games { setup } => {
            let folding = Folding {
                symmetry: options.symmetry,
                open_set: options.open_set,
            };
            let watch = (options.progress.stop(), meter);
            match walk_games(pair, *setup, options.depth, folding, watch) {
                WalkEnd::Covered(walk) => Ended::Covered(Covered {
                    size: setup.size,
                    setup: Some(*setup),
                    positions: 0,
                    stands_for: 0,
                    turns: 0,
                    walk,
                    elapsed: started.elapsed(),
                }),
                WalkEnd::Parted(parted) => {
                    let (walked, parted) = *parted;
                    Ended::Found(Box::new(found(pair, walked, parted)))
                }
                WalkEnd::Stopped => Ended::Stopped,
            }
        }
    }
}

/// Runs one unit of the positions part: the legal colorings of `size`
/// with codes in `codes` (one of each orbit, with `options.symmetry`), with
/// either player to move, under each rules set.
fn run_positions(options: &ExhaustOptions, size: Size, codes: std::ops::Range<u64>) -> Ended {
    let started = Instant::now();
    let pair = &options.pair;
    let group = match options.symmetry {
        true => symmetries(size),
        false => symmetries(size).into_iter().take(1).collect(),
    };
    let mut covered = Covered {
        size,
        setup: None,
        positions: 0,
        stands_for: 0,
        turns: 0,
        walk: Walk::default(),
        elapsed: Duration::ZERO,
    };
    for colors in legal_colorings(size, codes) {
        let Some(orbit) = orbit_if_least(&group, &colors) else {
            continue;
        };
        if options.progress.stop().is_requested() {
            return Ended::Stopped;
        }
        for position in both_players(colors) {
            covered.positions += 1;
            covered.stands_for += orbit;
            for &rules in &options.rules {
                match check_position(pair, size, rules, &position) {
                    Ok(turns) => covered.turns += turns,
                    Err(parted) => {
                        let (walked, parted) = *parted;
                        return Ended::Found(Box::new(found(pair, walked, parted)));
                    }
                }
            }
        }
    }
    covered.elapsed = started.elapsed();
    Ended::Covered(covered)
}
