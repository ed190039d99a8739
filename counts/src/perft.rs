//! Perft: the number of turn sequences of exactly `depth` turns from the
//! empty grid, passes included. A game that ended before `depth` turns adds
//! nothing; one that ends exactly at `depth` adds one.
//!
//! The tree is cut a few turns down into prefixes that the worker threads
//! take in turn; each replays its prefix on its own game and walks the rest
//! depth first (play and undo on `fast`, a stack of clones on `spec`).

use super::{add, below, walk_prefixes, walk_with, Count, CountError, EngineChoice, Walker};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tromp_taylor_harness::stop::Stop;
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec::Turn;

/// What to count.
#[derive(Clone, Debug)]
pub struct PerftOptions {
    /// The board.
    pub size: Size,
    /// The rules.
    pub rules: tromp_taylor_harness::vocab::Rules,
    /// The number of turns.
    pub depth: u32,
    /// The engine walked.
    pub engine: EngineChoice,
    /// Worker threads.
    pub threads: usize,
    /// How to show progress (hidden by default).
    pub progress: tromp_taylor_harness::progress::Progress,
}

impl PerftOptions {
    /// The count on `grid` to `depth` under the ten rules, on `fast`, one
    /// thread per core, no progress bar.
    pub fn new(size: Size, depth: u32) -> PerftOptions {
        PerftOptions {
            size,
            rules: Default::default(),
            depth,
            engine: EngineChoice::Fast,
            threads: super::default_threads(),
            progress: tromp_taylor_harness::progress::Progress::hidden(),
        }
    }
}

/// What the count came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perft {
    /// The number of sequences.
    pub count: u128,
    /// The count under each legal first turn, in the engine's order (the
    /// pass first); empty at depth 0.
    pub divide: Vec<(Turn, u128)>,
    /// Wall time.
    pub elapsed: Duration,
}

/// The perft count: every sequence of exactly `options.depth` turns.
pub fn perft(options: &PerftOptions) -> Result<Perft, CountError> {
    let (grid, rules) = (
        super::grid_of(options.size),
        super::spec_rules(options.rules),
    );
    walk_with(options.engine, grid, rules, options)
}

impl Count for &PerftOptions {
    type Output = Perft;

    fn with<W: Walker>(self, make: impl Fn() -> W + Sync) -> Result<Perft, CountError> {
        perft_with(self, make)
    }
}

/// How far the tree is cut, at most, into prefixes for the threads.
const SPLIT_DEPTH: u32 = 3;

/// Enough prefixes to keep every thread busy to the end.
const SPLIT_PREFIXES: usize = 256;

/// The perft count walked on the games `make` starts.
pub fn perft_with<W: Walker>(
    options: &PerftOptions,
    make: impl Fn() -> W + Sync,
) -> Result<Perft, CountError> {
    let started = Instant::now();
    let depth = options.depth;
    if depth == 0 {
        return Ok(Perft {
            count: 1,
            divide: Vec::new(),
            elapsed: started.elapsed(),
        });
    }
    // The first turns, then the prefixes `split` turns deep: deep enough
    // for some hundreds of them, at most `depth` and `SPLIT_DEPTH`.
    let mut root = make();
    let mut first = Vec::new();
    root.legal_turns(&mut first);
    let mut split = 0;
    let mut prefixes: Vec<Vec<Turn>> = vec![Vec::new()];
    while split < depth.min(SPLIT_DEPTH) && (split == 0 || prefixes.len() < SPLIT_PREFIXES) {
        split += 1;
        let mut deeper = Vec::new();
        for prefix in &prefixes {
            for &turn in prefix {
                root.play(turn)?;
            }
            let mut turns = Vec::new();
            root.legal_turns(&mut turns);
            for &turn in &turns {
                let mut longer = prefix.clone();
                longer.push(turn);
                deeper.push(longer);
            }
            for _ in prefix {
                root.undo();
            }
        }
        prefixes = deeper;
    }
    let rest = depth - split;
    let stop = options.progress.stop();
    let sums = Mutex::new(vec![0u128; first.len()]);
    let failure = Mutex::new(None);
    let work = |walker: &mut W, buffers: &mut Vec<Vec<Turn>>, prefix: &Vec<Turn>| match below(
        walker,
        prefix,
        |walker| perft_node(walker, rest, buffers, stop),
    ) {
        Ok(count) => {
            let slot = first.iter().position(|&t| t == prefix[0]).unwrap_or(0);
            let mut sums = sums.lock().expect("no worker panics");
            match add(sums[slot], count) {
                Ok(sum) => sums[slot] = sum,
                Err(e) => *failure.lock().expect("no worker panics") = Some(e),
            }
            true
        }
        Err(e) => {
            *failure.lock().expect("no worker panics") = Some(e);
            false
        }
    };
    walk_prefixes(options.threads, &options.progress, &prefixes, make, work)?;
    if let Some(e) = failure.into_inner().expect("no worker panics") {
        return Err(e);
    }
    let sums = sums.into_inner().expect("no worker panics");
    let count = sums.iter().try_fold(0u128, |a, &b| add(a, b))?;
    Ok(Perft {
        count,
        divide: first.into_iter().zip(sums).collect(),
        elapsed: started.elapsed(),
    })
}

/// The sequences of exactly `depth` turns from the walker's game.
/// A request to stop `stop` is heard at every node 3 or more turns above
/// the leaves (an [`CountError::Interrupted`]).
pub fn perft_node<W: Walker>(
    walker: &mut W,
    depth: u32,
    buffers: &mut Vec<Vec<Turn>>,
    stop: &Stop,
) -> Result<u128, CountError> {
    if depth == 0 {
        return Ok(1);
    }
    if depth >= 3 && stop.is_requested() {
        return Err(CountError::Interrupted("perft was asked to stop".into()));
    }
    if walker.is_over() {
        return Ok(0);
    }
    let mut turns = buffers.pop().unwrap_or_default();
    walker.legal_turns(&mut turns);
    let result = if depth == 1 {
        Ok(turns.len() as u128)
    } else {
        let mut total = 0u128;
        let mut result = Ok(());
        for &turn in &turns {
            if let Err(e) = walker.play(turn) {
                result = Err(e);
                break;
            }
            let below = perft_node(walker, depth - 1, buffers, stop);
            walker.undo();
            match below.and_then(|n| add(total, n)) {
                Ok(sum) => total = sum,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        result.map(|()| total)
    };
    buffers.push(turns);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perft_asked_to_stop_gives_no_number() {
        let mut options = PerftOptions::new(Size::new(3, 3).unwrap(), 6);
        let stop = Stop::new();
        stop.request(2);
        options.progress = tromp_taylor_harness::progress::Progress::hidden().with_stop(stop);
        assert!(matches!(perft(&options), Err(CountError::Interrupted(_))));
        options.progress = tromp_taylor_harness::progress::Progress::hidden();
        options.depth = 2;
        assert!(perft(&options).is_ok());
    }
}
