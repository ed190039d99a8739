//! Ctrl-C and the other exceptions that end a program rather than an answer: a `KeyboardInterrupt`, a `SystemExit` (any `BaseException` that is not an `Exception`), raised in the user's engine or by a signal while the check runs, stops the check and reaches the caller unchanged.
//!
//! The check's games run on the harness's worker threads, where Python
//! runs no signal handler, so the thread that called `check_engine` waits
//! for them holding nothing: every [`POLL`] it takes the GIL and asks
//! Python whether a signal came ([`Python::check_signals`]). An exception
//! from there, or one the engine raised on a worker, is kept (the first),
//! and the harness's [`Stop`] is requested: a worker in the engine's code
//! then has `KeyboardInterrupt` raised there (as Ctrl-C would on the main
//! thread), each worker's next call into the engine is cut short
//! ([`STOPPED`]), no game starts after it, and `check_engine` raises the
//! kept exception with the report of the games finished before it as its
//! `report` attribute.

use pyo3::exceptions::{PyException, PyKeyboardInterrupt};
use pyo3::prelude::*;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::run::Finding;
use tromp_taylor_harness::stop::Stop;

/// How often the waiting thread asks Python for a signal.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// The panic message (and start failure) of an engine call cut short by a
/// stop: the game it ends is not reported.
pub(crate) const STOPPED: &str = "the check was stopped (KeyboardInterrupt or SystemExit)";

/// The stop of one check and the exception that asked for it.
#[derive(Clone, Default)]
pub(crate) struct Interrupt {
    stop: Stop,
    pending: Arc<Mutex<Option<PyErr>>>,
    /// The workers in the engine's code now, by Python's thread ident, and
    /// whether `KeyboardInterrupt` was raised there already.
    inside: Arc<Mutex<HashMap<u64, bool>>>,
}

impl Interrupt {
    /// The request the harness's workers hear.
    pub(crate) fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Whether the check is to stop.
    pub(crate) fn is_requested(&self) -> bool {
        self.stop.is_requested()
    }

    /// Keeps `error` (unless one is kept already) and asks the check to
    /// stop (for SIGINT's number, 2).
    pub(crate) fn keep(&self, error: PyErr) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        pending.get_or_insert(error);
        self.stop.request(2);
    }

    /// `f` with the GIL, in the engine's code: a stop requested meanwhile
    /// raises `KeyboardInterrupt` there ([`Interrupt::interrupt_engine`]).
    pub(crate) fn python<T>(&self, f: impl FnOnce(Python<'_>) -> T) -> T {
        Python::attach(|py| {
            let _inside = Inside::enter(&self.inside, thread_ident(py));
            f(py)
        })
    }

    /// Raises `KeyboardInterrupt` in the engine's code on each worker in it
    /// now (once a call), with `ctypes.pythonapi.PyThreadState_SetAsyncExc`:
    /// Python raises it at the code's next step, so a call into C
    /// (`time.sleep`, say) ends first. Without `ctypes` the calls end as
    /// they would.
    pub(crate) fn interrupt_engine(&self, py: Python<'_>) {
        let mut inside = self.inside.lock().unwrap_or_else(PoisonError::into_inner);
        let asked: Vec<u64> = inside
            .iter_mut()
            .filter(|(_, raised)| !**raised)
            .map(|(ident, raised)| {
                *raised = true;
                *ident
            })
            .collect();
        drop(inside);
        if asked.is_empty() {
            return;
        }
        let raise = || -> PyResult<()> {
            let ctypes = py.import("ctypes")?;
            let set_async = ctypes
                .getattr("pythonapi")?
                .getattr("PyThreadState_SetAsyncExc")?;
            let exception = py.get_type::<PyKeyboardInterrupt>();
            let exception = ctypes.getattr("py_object")?.call1((exception,))?;
            for ident in asked {
                let ident = ctypes.getattr("c_ulong")?.call1((ident,))?;
                set_async.call1((ident, &exception))?;
            }
            Ok(())
        };
        // Nothing to do if it cannot: the engine's calls end as they would.
        let _ = raise();
    }

    /// The exception that stopped the check, if one did.
    pub(crate) fn take(&self) -> Option<PyErr> {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        pending.take()
    }
}

/// Whether `error` ends the program rather than the answer: a
/// `BaseException` that is not an `Exception` (`KeyboardInterrupt`,
/// `SystemExit`, `GeneratorExit`).
pub(crate) fn ends_program(py: Python<'_>, error: &PyErr) -> bool {
    !error.is_instance_of::<PyException>(py)
}

/// Whether `found` is a game cut short by a stop (not a finding).
pub(crate) fn cut_short(found: &Finding) -> bool {
    match &found.divergence.difference {
        Difference::Panic { message, .. } => message.contains(STOPPED),
        Difference::Start { left, right } => [left, right]
            .into_iter()
            .any(|said| said.as_ref().is_err_and(|e| e.contains(STOPPED))),
        _ => false,
    }
}

/// A worker in the engine's code, from [`Inside::enter`] to its drop.
struct Inside<'a> {
    inside: &'a Mutex<HashMap<u64, bool>>,
    ident: Option<u64>,
}

impl<'a> Inside<'a> {
    /// Notes the worker `ident` in the engine's code (None: not noted).
    fn enter(inside: &'a Mutex<HashMap<u64, bool>>, ident: Option<u64>) -> Inside<'a> {
        if let Some(ident) = ident {
            let mut now = inside.lock().unwrap_or_else(PoisonError::into_inner);
            now.insert(ident, false);
        }
        Inside { inside, ident }
    }
}

impl Drop for Inside<'_> {
    fn drop(&mut self) {
        if let Some(ident) = self.ident {
            let mut now = self.inside.lock().unwrap_or_else(PoisonError::into_inner);
            now.remove(&ident);
        }
    }
}

thread_local! {
    /// This thread's ident in Python, once asked.
    static IDENT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// This thread's ident in Python (`threading.get_ident()`), or None if
/// Python cannot say.
fn thread_ident(py: Python<'_>) -> Option<u64> {
    if let Some(ident) = IDENT.with(Cell::get) {
        return Some(ident);
    }
    let ident = py
        .import("threading")
        .and_then(|threading| threading.getattr("get_ident")?.call0()?.extract::<u64>())
        .ok()?;
    IDENT.with(|known| known.set(Some(ident)));
    Some(ident)
}
