//! The one job loop: the games of a run shared out among worker threads,
//! each game drawn from the run's seed by one formula ([`game_rng`]), so
//! that a game number means the same game in every job that plays games
//! (`diff`, and the auditor of `tromp-taylor-conformance`).
//!
//! The loop knows nothing of what a game is. A job gives it three hooks:
//! `worker`, which makes what one worker keeps from game to game (nothing
//! for `diff`; the engine choosing its own moves, for the audit); `play`,
//! which plays one game on a worker and comes back with what it came to
//! (this is where a job generates the game, compares the engines, reads a
//! divergence in its own words, matches it against its known list and
//! minimises it); and `tell`, which is handed each game's outcome, one at a
//! time, to count it, show progress, write its files, and say whether the
//! run goes on. The number of worker threads is the job's: `diff --jobs`
//! for engines in this process, and one for an engine run as one external
//! process (a GTP engine answers one game at a time).

use crate::generate::Rng;
use crate::stop::Stop;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The random number generator of game `game` of a run seeded `seed`: the
/// one per-game seed formula of every job, so that game 20 of seed 7 is
/// drawn from the same numbers whichever job plays it and however many
/// threads it has. (`diff` numbers its games from 0, the audit from 1.) A
/// job that needs a second stream for the same game takes it from the same
/// formula on its seed tagged (the audit's own-moves prefix:
/// `game_rng(seed ^ 0x6F77_6E00, game)`).
///
/// ```
/// use tromp_taylor_harness::job_loop::game_rng;
/// assert_eq!(game_rng(7, 20).next_u64(), game_rng(7, 20).next_u64());
/// assert_ne!(game_rng(7, 20).next_u64(), game_rng(7, 21).next_u64());
/// ```
pub fn game_rng(seed: u64, game: usize) -> Rng {
    Rng::new(seed ^ (game as u64).wrapping_mul(0xA24B_AED4_963E_E407))
}

/// Plays `games` on `jobs` worker threads (at least one), until every game
/// is played, `tell` breaks, or `stop` is requested: each worker finishes
/// the game it is on, and no game starts after. Each worker makes its state
/// with `worker` once and plays its games with `play`; `tell` is handed
/// each game's number and outcome as it finishes, one at a time (in game
/// order when there is one worker).
///
/// Returns the first game not begun: every game below it was played and
/// told, so a run from there with the same seed finishes a stopped run.
///
/// ```
/// use std::ops::ControlFlow;
/// use tromp_taylor_harness::job_loop::run_games;
/// use tromp_taylor_harness::stop::Stop;
///
/// let mut told = Vec::new();
/// let next = run_games(0..10, 1, &Stop::new(), || (), |_, game| game * game, |game, square| {
///     told.push((game, square));
///     if game == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(told, [(0, 0), (1, 1), (2, 4), (3, 9)]);
/// assert_eq!(next, 4);
/// ```
pub fn run_games<W, T: Send>(
    games: Range<usize>,
    jobs: usize,
    stop: &Stop,
    worker: impl Fn() -> W + Sync,
    play: impl Fn(&mut W, usize) -> T + Sync,
    tell: impl FnMut(usize, T) -> ControlFlow<()> + Send,
) -> usize {
    let next = AtomicUsize::new(games.start);
    let broken = AtomicBool::new(false);
    let tell = Mutex::new(tell);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut state = worker();
                loop {
                    if broken.load(Ordering::Relaxed) || stop.is_requested() {
                        break;
                    }
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games.end {
                        break;
                    }
                    let outcome = play(&mut state, game);
                    let mut tell = tell.lock().expect("no worker panics");
                    if (*tell)(game, outcome).is_break() {
                        broken.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    next.into_inner().min(games.end).max(games.start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_played_once_on_any_number_of_workers() {
        for jobs in [1, 2, 5] {
            let mut told = Vec::new();
            let next = run_games(
                3..40,
                jobs,
                &Stop::new(),
                || 0,
                |_, g| g,
                |g, t| {
                    assert_eq!(g, t);
                    told.push(g);
                    ControlFlow::Continue(())
                },
            );
            told.sort_unstable();
            assert_eq!(told, (3..40).collect::<Vec<_>>(), "{jobs} jobs");
            assert_eq!(next, 40);
        }
    }

    #[test]
    fn a_worker_keeps_its_state_from_game_to_game() {
        let mut seen = Vec::new();
        run_games(
            0..4,
            1,
            &Stop::new(),
            || 10,
            |w: &mut usize, _| {
                *w += 1;
                *w
            },
            |_, t| {
                seen.push(t);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(seen, [11, 12, 13, 14]);
    }

    #[test]
    fn a_stop_requested_starts_no_game() {
        let stop = Stop::new();
        stop.request(2);
        let mut played = 0;
        let next = run_games(
            5..9,
            2,
            &stop,
            || (),
            |_, _| (),
            |_, ()| {
                played += 1;
                ControlFlow::Continue(())
            },
        );
        assert_eq!((played, next), (0, 5));
    }
}
