//! The tester's own core, stopped: a `diff` job asked to stop keeps what it found and says where to resume.

use super::minimiser_and_job::options;
use super::*;
use tromp_taylor_harness::run::{run_diff, DiffOptions, Minimise, Summary};

/// A meter that requests `stop` once `after` games are done.
struct StopAfter {
    done: std::sync::atomic::AtomicU64,
    after: u64,
    stop: tromp_taylor_harness::stop::Stop,
}

impl tromp_taylor_harness::progress::Meter for StopAfter {
    fn inc(&self, by: u64) {
        let done = self.done.fetch_add(by, std::sync::atomic::Ordering::SeqCst) + by;
        if done >= self.after {
            self.stop.request(2);
        }
    }
}

fn stopping_after(after: u64) -> tromp_taylor_harness::progress::Progress {
    let stop = tromp_taylor_harness::stop::Stop::new();
    let heard = stop.clone();
    tromp_taylor_harness::progress::Progress::new(move |_, _| {
        Box::new(StopAfter {
            done: Default::default(),
            after,
            stop: heard.clone(),
        })
    })
    .with_stop(stop)
}

#[test]
fn a_stopped_run_keeps_its_findings_and_resumes_where_it_stopped() {
    let whole = run_diff(&options(planted(Bug::Prisoners), 9));
    assert_eq!((whole.stopped, whole.resume_at), (None, 9));
    let stopped = run_diff(&DiffOptions {
        progress: stopping_after(4),
        ..options(planted(Bug::Prisoners), 9)
    });
    assert_eq!(stopped.stopped, Some(2));
    assert_eq!(stopped.resume_at, 4, "one job: the four games done");
    assert_eq!(stopped.games, 4);
    let rest = run_diff(&DiffOptions {
        first_game: stopped.resume_at,
        ..options(planted(Bug::Prisoners), 9)
    });
    assert_eq!(rest.games, 5);
    let games = |s: &Summary| s.found.iter().map(|f| f.game).collect::<Vec<_>>();
    let both: Vec<usize> = games(&stopped).into_iter().chain(games(&rest)).collect();
    assert_eq!(both, games(&whole));
    let scripts = |s: &Summary| s.found.iter().map(|f| f.script.clone()).collect::<Vec<_>>();
    let both: Vec<Script> = scripts(&stopped)
        .into_iter()
        .chain(scripts(&rest))
        .collect();
    assert_eq!(both, scripts(&whole), "the same minimised reproducers");
}

#[test]
fn a_run_asked_to_stop_before_it_starts_plays_nothing_and_minimises_nothing_after() {
    let progress = stopping_after(0);
    progress.stop().request(15);
    let summary = run_diff(&DiffOptions {
        progress,
        first_game: 3,
        minimise: Minimise::FirstOfEachKind,
        ..options(planted(Bug::Prisoners), 9)
    });
    assert_eq!((summary.games, summary.resume_at), (0, 3));
    assert_eq!(summary.stopped, Some(15));
    assert!(summary.found.is_empty());
}
