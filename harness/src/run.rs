//! The `diff` job: many generated games played on two engines across worker
//! threads, with progress, a summary, and every mismatch minimised.

use crate::diff::{compare, Mismatch};
use crate::engine::EngineKind;
use crate::generate::{generate, random_setup, Bias, Rng, BIASES, MIXED_SIZES};
use crate::minimise::minimise;
use crate::progress::Progress;
use crate::script::Script;
use crate::vocab::{Rules, Size};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
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
    /// How many games.
    pub games: usize,
    /// The seed of the whole run.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The reference engine.
    pub left: EngineKind,
    /// The engine under test.
    pub right: EngineKind,
    /// How to show progress (hidden by default).
    pub progress: Progress,
    /// Stop at the first mismatch.
    pub stop_at_first: bool,
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
            seed,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            left: crate::engine::SPEC,
            right: crate::engine::FAST,
            progress: Progress::hidden(),
            stop_at_first: false,
        }
    }
}

/// A mismatch found by the job, minimised, with the game that found it.
#[derive(Debug)]
pub struct Found {
    /// The index of the game in the run.
    pub game: usize,
    /// The minimised script.
    pub script: Script,
    /// The minimised mismatch.
    pub mismatch: Box<Mismatch>,
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
    /// The mismatches, in game order.
    pub found: Vec<Found>,
}

impl Summary {
    /// Turns per second over the whole run.
    pub fn turns_per_second(&self) -> f64 {
        self.turns as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The script of game `index` of a run with `options`: the same on every
/// machine and with any number of jobs.
pub fn game_script(options: &DiffOptions, index: usize) -> Script {
    let mut rng = Rng::new(options.seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    let setup = random_setup(&mut rng, &options.sizes, options.rules.as_deref());
    let bias = *rng.pick(&options.biases);
    generate(setup, bias, &mut rng)
}

/// Runs the differential check.
pub fn run_diff(options: &DiffOptions) -> Summary {
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Summary::default());
    let bar = options.progress.meter(options.games as u64, "games");
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= options.games || stop.load(Ordering::Relaxed) {
                    break;
                }
                let script = game_script(options, index);
                let result = compare(
                    script.setup,
                    script.steps.clone(),
                    options.left,
                    options.right,
                    true,
                );
                let outcome = result.map_err(|m| minimise(&script, m, options.left, options.right));
                let mut totals = totals.lock().expect("no worker panics");
                totals.games += 1;
                match outcome {
                    Ok(agreed) => {
                        totals.steps += agreed.steps;
                        totals.turns += agreed.turns;
                    }
                    Err((script, mismatch)) => {
                        totals.found.push(Found {
                            game: index,
                            script,
                            mismatch,
                        });
                        bar.message(&format!("{} mismatches", totals.found.len()));
                        if options.stop_at_first {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                drop(totals);
                bar.inc(1);
            });
        }
    });
    bar.finish();
    let mut summary = totals.into_inner().expect("no worker panics");
    summary.found.sort_by_key(|f| f.game);
    summary.elapsed = started.elapsed();
    summary
}
