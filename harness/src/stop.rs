//! A request to stop a long job, made by whoever runs it and heard by the job between two units of work.
//!
//! The command line makes the request on Ctrl-C (SIGINT) or SIGTERM; a
//! library user may make it from any thread. A job that hears it finishes
//! the unit it is on (a game, a column of a count), keeps every finding,
//! and returns what it did, marked as stopped. Nothing is interrupted in
//! the middle, so nothing is left half-done.
//!
//! ```
//! use tromp_taylor_harness::stop::Stop;
//!
//! let stop = Stop::new();
//! let job = stop.clone();
//! assert_eq!(job.requested(), None);
//! stop.request(2);
//! assert_eq!(job.requested(), Some(2));
//! stop.request(15); // the first reason stays
//! assert_eq!(job.requested(), Some(2));
//! ```

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// A shared flag: no request yet (0), or the reason of the first request
/// (the command line uses the signal's number).
#[derive(Clone, Default)]
pub struct Stop(Arc<AtomicUsize>);

impl Stop {
    /// No request yet.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// The flag itself, for a signal handler that stores a reason in it
    /// (for example `signal_hook::flag::register_usize`). Any value but 0
    /// is a request.
    pub fn flag(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.0)
    }

    /// Asks the job to stop, for `reason` (any value but 0; 0 is read as 1).
    /// A later request keeps the first reason.
    pub fn request(&self, reason: usize) {
        let reason = reason.max(1);
        let _ = self
            .0
            .compare_exchange(0, reason, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// The reason of the first request, if any was made.
    pub fn requested(&self) -> Option<usize> {
        match self.0.load(Ordering::SeqCst) {
            0 => None,
            reason => Some(reason),
        }
    }

    /// Whether a request was made.
    pub fn is_requested(&self) -> bool {
        self.requested().is_some()
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.requested() {
            None => f.write_str("Stop(not requested)"),
            Some(reason) => write!(f, "Stop(requested: {reason})"),
        }
    }
}
