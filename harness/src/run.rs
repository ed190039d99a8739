//! The `diff` job: many generated games played on two engines across worker
//! threads, with progress, a summary, and every divergence minimised (or the
//! first of each kind). Games on setups an engine does not claim are skipped
//! and counted; divergences that a known divergence matches are named.

use crate::diff::{compare_script, CompareOptions, Divergence};
use crate::engine::{EngineKind, Unsupported};
pub use crate::finding::{Finding, Known};
use crate::generate::{random_setup, Bias, BIASES, MIXED_SIZES};
use crate::job_loop::{game_rng, run_games};
use crate::minimise::Shrink;
use crate::progress::{Meter, Progress};
use crate::script::Script;
use crate::variety::{mixed_script, Mix};
use crate::vocab::{Rules, Setup, Size};
use std::mem::discriminant;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct DiffOptions {
    /// Board sizes to draw from.
    pub sizes: Vec<Size>,
    /// Rules to draw from; `None` draws random rules (presets and combinations).
    pub rules: Option<Vec<Rules>>,
    /// Biases to draw from.
    pub biases: Vec<Bias>,
    /// How many games: the run plays games `first_game..games`.
    pub games: usize,
    /// The first game played (0 by default): a stopped run is finished by
    /// a run from the game its summary names ([`Summary::resume_at`]), the
    /// games before it not played again.
    pub first_game: usize,
    /// The seed of the whole run.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The reference engine.
    pub left: EngineKind,
    /// The engine under test.
    pub right: EngineKind,
    /// How to show progress (hidden by default), and the request to stop
    /// the run hears (between games, and while minimising).
    pub progress: Progress,
    /// Stop at the first divergence.
    pub stop_at_first: bool,
    /// Which divergences to minimise: every one (the default), or only the
    /// first of each kind.
    pub minimise: Minimise,
    /// Divergences already known and explained (none by default): a divergence
    /// one of them matches is named after it, and minimised to stay matched.
    pub known: Vec<Known>,
    /// How often the rarer games are mixed in (setup positions, undos,
    /// handicaps around their stones, large boards): [`Mix::DEFAULT`].
    pub mix: Mix,
}

/// Which divergences a run minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minimise {
    /// Every one, on the worker that found it.
    Every,
    /// Only the first (lowest game index) of each kind: each known
    /// divergence, and each kind of difference among the rest. The others
    /// are kept as found.
    FirstOfEachKind,
    /// The first of each kind, and the others too, in game order, until
    /// this many are minimised in all.
    UpTo(usize),
}

impl Minimise {
    /// How many to minimise after the run, the first of each kind aside;
    /// `None` where each is minimised as it is found.
    fn cap(self) -> Option<usize> {
        match self {
            Minimise::Every => None,
            Minimise::FirstOfEachKind => Some(0),
            Minimise::UpTo(cap) => Some(cap),
        }
    }
}

impl DiffOptions {
    /// The defaults of `tromp-taylor diff`: mixed sizes, random rules, every
    /// bias, `spec` against `fast`.
    pub fn new(games: usize, seed: u64) -> DiffOptions {
        DiffOptions {
            sizes: MIXED_SIZES
                .iter()
                .map(|&(w, h)| Size::new(w, h).expect("a valid size"))
                .collect(),
            rules: None,
            biases: BIASES.to_vec(),
            games,
            first_game: 0,
            seed,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            left: EngineKind::spec(),
            right: EngineKind::fast(),
            progress: Progress::hidden(),
            stop_at_first: false,
            minimise: Minimise::Every,
            known: Vec::new(),
            mix: Mix::DEFAULT,
        }
    }

    /// Whether both engines claim `setup`, or the first thing one does not.
    pub fn unsupported(&self, setup: &Setup) -> Option<Skipped> {
        [&self.left, &self.right].into_iter().find_map(|kind| {
            kind.supports().setup(setup).err().map(|reason| Skipped {
                engine: kind.name().to_string(),
                reason,
            })
        })
    }

    /// Whether both engines claim the game `script` starts: its setup, or
    /// its setup position; or the first thing one does not.
    pub fn unsupported_start(&self, script: &Script) -> Option<Skipped> {
        if script.start.is_none() {
            return self.unsupported(&script.setup);
        }
        let (size, rules) = (script.setup.size, script.setup.rules);
        [&self.left, &self.right].into_iter().find_map(|kind| {
            kind.supports()
                .position(size, rules)
                .err()
                .map(|reason| Skipped {
                    engine: kind.name().to_string(),
                    reason,
                })
        })
    }
}

/// A game not played because an engine does not claim its setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The engine.
    pub engine: String,
    /// What it does not claim.
    pub reason: Unsupported,
}

/// What a run came to.
#[derive(Debug, Default)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Steps compared.
    pub steps: usize,
    /// Turns taken.
    pub turns: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// The divergences, in game order.
    pub found: Vec<Finding>,
    /// The games skipped, with their index, in game order.
    pub skipped: Vec<(usize, Skipped)>,
    /// The reason of the request that stopped the run early (see
    /// [`crate::stop::Stop`]), if one did.
    pub stopped: Option<usize>,
    /// Every game before this one was played (or skipped): a run from here
    /// (`first_game`) with the same options finishes a stopped run. It is
    /// `games` when the run was not stopped.
    pub resume_at: usize,
}

impl Summary {
    /// Turns per second over the whole run.
    pub fn turns_per_second(&self) -> f64 {
        self.turns as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The script of game `index` of a run with `options`: the same on every
/// machine and with any number of jobs, drawn from the one per-game seed
/// formula ([`game_rng`]). Its undos are left out when an
/// engine cannot undo.
pub fn game_script(options: &DiffOptions, index: usize) -> Script {
    let mut rng = game_rng(options.seed, index);
    let setup = random_setup(&mut rng, &options.sizes, options.rules.as_deref());
    let bias = *rng.pick(&options.biases);
    let mut script = mixed_script(setup, bias, &options.sizes, &mut rng, &options.mix);
    if !(options.left.supports().undo && options.right.supports().undo) {
        script.undos.clear();
    }
    script
}

/// A script shorter than `script` on which the engines still part as in
/// `divergence`: the same kind of difference, and the same known divergence or
/// none.
fn shrink(
    options: &DiffOptions,
    script: &Script,
    divergence: Box<Divergence>,
    known: Option<Known>,
) -> (Script, Box<Divergence>) {
    let kind = discriminant(&divergence.difference);
    let shrink = Shrink {
        left: &options.left,
        right: &options.right,
        options: CompareOptions::new(true),
        budget: usize::MAX,
        stop: Some(options.progress.stop()),
    };
    shrink.run(script, divergence, |found| {
        discriminant(&found.difference) == kind && Known::find(&options.known, found) == known
    })
}

/// Runs the differential check: games `first_game..games` on the worker
/// threads, until done, or until the first divergence if asked, or until
/// the progress handle's stop is requested (each worker finishes the game
/// it is on; a divergence being minimised keeps what was shrunk so far).
pub fn run_diff(options: &DiffOptions) -> Summary {
    let started = Instant::now();
    let mut summary = Summary::default();
    let total = options.games.saturating_sub(options.first_game);
    let bar = options.progress.meter(total as u64, "games");
    let heard = options.progress.stop();
    // The one job loop (`job_loop`), on `--jobs` threads: the engines are
    // in this process, and each game is played on engines of its own.
    summary.resume_at = run_games(
        options.first_game..options.games,
        options.jobs,
        heard,
        || (),
        |(), index| play_game(options, index),
        |index, played| {
            let stop = tally(options, &mut summary, &*bar, index, played);
            bar.inc(1);
            stop
        },
    );
    bar.finish();
    summary.found.sort_by_key(|f| f.game);
    summary.skipped.sort_by_key(|(game, _)| *game);
    summary.stopped = heard.requested();
    if summary.stopped.is_none() {
        minimise_found(options, &mut summary);
    }
    summary.elapsed = started.elapsed();
    summary
}

/// Counts game `index` in `summary`; a break when the run stops at the
/// first divergence and this is one.
fn tally(
    options: &DiffOptions,
    summary: &mut Summary,
    bar: &dyn Meter,
    index: usize,
    played: Played,
) -> ControlFlow<()> {
    match played {
        Played::Skipped(skipped) => summary.skipped.push((index, skipped)),
        Played::Agreed(agreed) => {
            summary.games += 1;
            summary.steps += agreed.steps;
            summary.turns += agreed.turns;
        }
        Played::Parted(found) => {
            summary.games += 1;
            summary.found.push(*found);
            bar.message(&format!("{} divergences", summary.found.len()));
            if options.stop_at_first {
                return ControlFlow::Break(());
            }
        }
    }
    ControlFlow::Continue(())
}

/// What became of one game of the run.
enum Played {
    Skipped(Skipped),
    Agreed(crate::diff::Agreed),
    Parted(Box<Finding>),
}

/// Plays game `index` on both engines; a divergence is minimised here when
/// every one is (unless a stop is requested meanwhile: then it keeps what
/// was shrunk so far, and says it was not minimised).
fn play_game(options: &DiffOptions, index: usize) -> Played {
    let script = game_script(options, index);
    if let Some(skipped) = options.unsupported_start(&script) {
        return Played::Skipped(skipped);
    }
    let divergence = match compare_script(&script, &options.left, &options.right, true) {
        Ok(agreed) => return Played::Agreed(agreed),
        Err(divergence) => divergence,
    };
    let known = Known::find(&options.known, &divergence);
    let every = options.minimise == Minimise::Every;
    let (script, divergence) = match every {
        true => shrink(options, &script, divergence, known),
        false => (script, divergence),
    };
    let minimised = every && !options.progress.stop().is_requested();
    Played::Parted(Box::new(Finding::new(
        index, script, divergence, minimised, known,
    )))
}

/// Minimises, after the run, the divergences [`Minimise`] asks for: the
/// first of each kind, then the rest in game order up to the cap.
fn minimise_found(options: &DiffOptions, summary: &mut Summary) {
    let Some(cap) = options.minimise.cap() else {
        return;
    };
    let mut kinds = Vec::new();
    let mut shrunk = 0;
    for found in &mut summary.found {
        let first = !kinds.contains(&found.known_or_difference());
        if !first && shrunk >= cap {
            continue;
        }
        if first {
            kinds.push(found.known_or_difference());
        }
        if options.progress.stop().is_requested() {
            return;
        }
        shrunk += 1;
        let divergence = found.divergence.clone();
        (found.script, found.divergence) = shrink(options, &found.script, divergence, found.known);
        // A stop requested meanwhile ends the shrinking with what it had.
        found.minimised = !options.progress.stop().is_requested();
    }
}
