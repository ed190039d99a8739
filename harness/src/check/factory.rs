//! Checking an engine whose games a closure starts: for engines that need
//! state to start a game (a handle to an interpreter, a path, a
//! configuration), which [`EngineKind::start`]'s plain `fn` cannot hold.
//! The Python package's `check_engine` checks a Python engine this way.

use super::{check_engine, CheckOptions, CheckReport};
use crate::engine::{no_setup_positions, Engine, EngineKind, Supports};
use crate::vocab::Setup;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Starts a game, or says why it cannot: [`EngineKind::start`] as a closure.
pub type StartWith = dyn Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync;

/// An engine the harness can start games in through a closure.
#[derive(Clone)]
pub struct EngineFactory {
    /// Its name in reports.
    pub name: String,
    /// Starts a game, or says why it cannot (called from the check's
    /// worker threads).
    pub start: Arc<StartWith>,
    /// What it claims to implement. Setup positions are never claimed:
    /// a factory starts games from a [`Setup`] only.
    pub supports: Supports,
}

impl std::fmt::Debug for EngineFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The factory of the check running now: [`EngineKind::start`] is a plain
/// `fn`, which reads it from here.
static FACTORY: Mutex<Option<Arc<StartWith>>> = Mutex::new(None);

/// Held for the whole of a check through a factory: one at a time.
static RUNNING: Mutex<()> = Mutex::new(());

/// Every name a factory has been checked under, kept for the process's
/// life: reports name engines with `&'static str`.
static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// A lock, whether or not a panic poisoned it (what it guards stays whole).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `name` for the process's life, stored once however often it is asked.
fn lasting(name: &str) -> &'static str {
    let mut names = lock(&NAMES);
    if let Some(kept) = names.iter().find(|kept| **kept == name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.push(kept);
    kept
}

/// [`EngineKind::start`] for the factory of the check running now.
fn start_with_factory(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let start = lock(&FACTORY).clone();
    match start {
        Some(start) => start(setup),
        None => Err("no engine factory is being checked".to_string()),
    }
}

/// [`check_engine`] for an engine started by a closure: the same games,
/// skips, comparison, minimisation and report.
///
/// Checks through a factory run one at a time in a process (a second call
/// waits for the first to end), so the factory must not itself start such
/// a check.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// use std::sync::Arc;
/// use tromp_taylor_harness::check::{check_factory, CheckOptions, EngineFactory};
/// use tromp_taylor_harness::engine::{Supports, FAST};
///
/// let started = Arc::new(AtomicUsize::new(0));
/// let counter = Arc::clone(&started);
/// let engine = EngineFactory {
///     name: "counted-fast".to_string(),
///     start: Arc::new(move |setup| {
///         counter.fetch_add(1, Ordering::Relaxed);
///         (FAST.start)(setup)
///     }),
///     supports: Supports::EVERYTHING,
/// };
/// let report = check_factory(&engine, &CheckOptions::new(3, 1));
/// report.assert_agrees();
/// assert_eq!(report.engine, "counted-fast");
/// assert!(started.load(Ordering::Relaxed) > 0);
/// ```
pub fn check_factory(engine: &EngineFactory, options: &CheckOptions) -> CheckReport {
    let _one_at_a_time = lock(&RUNNING);
    let _installed = Installed::new(Arc::clone(&engine.start));
    let kind = EngineKind {
        name: lasting(&engine.name),
        start: start_with_factory,
        start_position: no_setup_positions,
        supports: Supports {
            setup_positions: false,
            ..engine.supports
        },
    };
    check_engine(kind, options)
}

/// The factory of the check running now, taken out again when the check
/// ends, however it ends.
struct Installed;

impl Installed {
    fn new(start: Arc<StartWith>) -> Installed {
        *lock(&FACTORY) = Some(start);
        Installed
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        *lock(&FACTORY) = None;
    }
}
