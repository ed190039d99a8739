//! How a long job says how far it has got, and hears when to stop, without the harness drawing anything.
//!
//! The harness only counts; whoever runs the job decides what to show. The
//! command line draws progress bars, a library user may log, and the default
//! shows nothing. The same handle carries the runner's [`Stop`]: a job
//! reads it between two units of work.

use crate::stop::Stop;
use std::fmt;
use std::sync::Arc;

/// One job's meter: told how much is done, and when the job ends.
pub trait Meter: Send + Sync {
    /// `by` more units are done.
    fn inc(&self, by: u64);
    /// A short note on how it goes (say, the divergences found so far).
    fn message(&self, _text: &str) {}
    /// The job has ended.
    fn finish(&self) {}
}

/// A meter that shows nothing.
struct Silent;

impl Meter for Silent {
    fn inc(&self, _by: u64) {}
}

/// The function that starts a meter for a job of `total` units named `unit`.
type StartMeter = dyn Fn(u64, &str) -> Box<dyn Meter> + Send + Sync;

/// Starts meters for the jobs of a run; [`Progress::hidden`] (the default)
/// shows nothing.
///
/// ```
/// use tromp_taylor_harness::progress::{Meter, Progress};
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// struct Count(AtomicU64);
/// impl Meter for Count {
///     fn inc(&self, by: u64) {
///         self.0.fetch_add(by, Ordering::Relaxed);
///     }
/// }
/// let progress = Progress::new(|_total, _unit| Box::new(Count(AtomicU64::new(0))));
/// let meter = progress.meter(10, "games");
/// meter.inc(3);
/// meter.finish();
/// ```
#[derive(Clone, Default)]
pub struct Progress {
    start: Option<Arc<StartMeter>>,
    stop: Stop,
}

impl Progress {
    /// Shows nothing.
    pub fn hidden() -> Progress {
        Progress::default()
    }

    /// Starts each job's meter with `start(total, unit)`.
    pub fn new(start: impl Fn(u64, &str) -> Box<dyn Meter> + Send + Sync + 'static) -> Progress {
        Progress {
            start: Some(Arc::new(start)),
            stop: Stop::new(),
        }
    }

    /// The same meters, with `stop` as the request the jobs hear.
    pub fn with_stop(mut self, stop: Stop) -> Progress {
        self.stop = stop;
        self
    }

    /// The request to stop that the jobs run with this handle hear (never
    /// made unless the runner makes it).
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// A meter for a job of `total` units called `unit` (a silent one when hidden).
    pub fn meter(&self, total: u64, unit: &str) -> Box<dyn Meter> {
        match &self.start {
            Some(start) => start(total, unit),
            None => Box::new(Silent),
        }
    }

    /// Whether anything is shown.
    pub fn is_shown(&self) -> bool {
        self.start.is_some()
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_shown() {
            "Progress(shown)"
        } else {
            "Progress(hidden)"
        })
    }
}
