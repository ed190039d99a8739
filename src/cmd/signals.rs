//! Ctrl-C (SIGINT) and SIGTERM for the long jobs: the first asks the job to stop (it finishes the unit it is on, prints what it did and keeps every finding), a second ends the process at once.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use tromp_taylor_harness::stop::Stop;

/// The signals heard, with the exit status of a process they end (128 plus
/// the signal's number, as a shell reports it).
const HEARD: [(i32, u8); 2] = [
    (signal_hook::consts::SIGINT, 130),
    (signal_hook::consts::SIGTERM, 143),
];

/// The process's one request to stop, made by the first SIGINT or SIGTERM
/// (its reason is the signal's number). The handlers are installed on the
/// first call; a command that never calls it keeps the default behaviour
/// (a signal ends it at once).
pub fn stop() -> Stop {
    static STOP: OnceLock<Stop> = OnceLock::new();
    STOP.get_or_init(|| {
        let stop = Stop::new();
        let heard_once = Arc::new(AtomicBool::new(false));
        for (signal, status) in HEARD {
            // Handlers run in the order they were registered: the second
            // signal finds `heard_once` set by the first and ends the process.
            let installed = signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(status),
                Arc::clone(&heard_once),
            )
            .and_then(|_| signal_hook::flag::register_usize(signal, stop.flag(), signal as usize))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&heard_once)));
            if let Err(e) = installed {
                eprintln!(
                    "warning: cannot hear signal {signal} ({e}); it will end the run at once"
                );
            }
        }
        stop
    })
    .clone()
}

/// The exit status of a run that `stop` stopped: 130 after SIGINT, 143 after
/// SIGTERM; `None` when no stop was asked for.
pub fn stopped_status(stop: &Stop) -> Option<ExitCode> {
    let reason = stop.requested()?;
    let status = HEARD
        .iter()
        .find(|(signal, _)| *signal as usize == reason)
        .map_or(130, |(_, status)| *status);
    Some(ExitCode::from(status))
}

/// The line a stopped run prints first: which signal, and that what follows
/// is what it did before.
pub fn stopped_line(stop: &Stop) -> Option<String> {
    let reason = stop.requested()?;
    let name = match reason {
        r if r == signal_hook::consts::SIGTERM as usize => "SIGTERM",
        _ => "Ctrl-C (SIGINT)",
    };
    Some(format!(
        "stopped by {name}: what was done before it follows, and every finding is kept \
         (a second signal ends the run at once)"
    ))
}
