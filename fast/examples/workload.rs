//! The benchmarks' workloads as a plain program, for instruction counts
//! (`valgrind --tool=callgrind`) and for quick A/B timings of two builds of
//! the engine; docs/benchmarks.md gives the commands and the figures.
//!
//! ```text
//! cargo run --release -p tromp-taylor-fast --example workload -- MODE [R]
//! ```
//!
//! Modes, each run `R` times (default 1):
//! - `games`: the peers bench's 19x19 light-playout games (seeds 1 to 4);
//!   prints the turns. For callgrind, the marginal count per turn is the
//!   difference of two runs (`R` = 1 and 3) over the extra turns
//!   (`fast/bench/instructions.sh` does it).
//! - `games-ko`: the same under the C board's rules (simple ko, no
//!   suicide): `fast-ko`, the C board's very games.
//! - `legal`: the full legal set of each position of the 19x19 corpus.
//! - `playundo`: the engine bench's play + undo pairs.
//! - `time`: ns per turn, per position, per pair (best of 7).
//! - `fresh`: ns per turn of games never played before in the process
//!   (new seeds every measurement), 19x19 and 9x9, best of 7.
//! - `repeat`: the same fixed games replayed 1, 2, 5, 20 and 100 times per
//!   measurement, against as many fresh games: how much replaying the same
//!   games flatters the figure (the branch predictor learns them).

#![allow(missing_docs)]

#[path = "../benches/common/workload.rs"]
mod workload;

use std::hint::black_box;
use std::time::Instant;
use tromp_taylor_fast::{Game, Turn};
use workload::{corpus_19, play_games, play_undo_pairs, Engine, Fast, FastKo};

/// Plays the games of `seeds` on one `size` x `size` board; returns the turns.
fn games(size: usize, seeds: std::ops::Range<u64>) -> usize {
    play_games(&mut Fast::start(size), size, seeds)
}

/// The fixed games `rounds` times over; returns the turns.
fn fixed_games(size: usize, rounds: usize) -> usize {
    fixed_games_on::<Fast>(size, rounds)
}

/// The fixed games `rounds` times over on one `E` board; returns the turns.
fn fixed_games_on<E: Engine>(size: usize, rounds: usize) -> usize {
    let seeds = if size == 9 { 1..21 } else { 1..5 };
    let mut engine = E::start(size);
    (0..rounds)
        .map(|_| play_games(&mut engine, size, seeds.clone()))
        .sum()
}

/// The corpus and the play + undo pairs of the engine bench.
fn pairs() -> (Vec<Game>, Vec<(usize, Turn)>) {
    let corpus = corpus_19();
    let pairs = play_undo_pairs(&corpus);
    (corpus, pairs)
}

/// The least of seven measurements of `f`, in ns per unit it reports.
fn best(mut f: impl FnMut() -> usize) -> f64 {
    (0..7)
        .map(|_| {
            let start = Instant::now();
            let units = f();
            start.elapsed().as_nanos() as f64 / units as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("time", String::as_str);
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    match mode {
        "games" => println!("{}", fixed_games(19, rounds)),
        "games-ko" => println!("{}", fixed_games_on::<FastKo>(19, rounds)),
        "legal" => legal(rounds),
        "playundo" => play_undo(rounds),
        "time" => time(rounds),
        "fresh" => fresh(rounds),
        "repeat" => repeat(),
        other => {
            eprintln!(
                "unknown mode {other:?}: games, games-ko, legal, playundo, time, fresh or repeat"
            );
            std::process::exit(2);
        }
    }
}

/// The legal set of every position of the corpus, `rounds` times.
fn legal(rounds: usize) {
    let corpus = corpus_19();
    let mut turns = Vec::new();
    let mut legal = 0;
    for _ in 0..rounds {
        for game in &corpus {
            game.legal_turns_into(&mut turns);
            legal += turns.len();
        }
    }
    println!("{legal}");
}

/// Play and undo of every pair, `rounds` times.
fn play_undo(rounds: usize) {
    let (mut corpus, pairs) = pairs();
    for _ in 0..rounds {
        for &(i, turn) in &pairs {
            let _ = black_box(corpus[i].play(turn));
            corpus[i].undo();
        }
    }
    println!("{}", rounds * pairs.len());
}

/// The timed figures: games, the legal set, play + undo.
fn time(rounds: usize) {
    let corpus = corpus_19();
    let (mut positions, pairs) = pairs();
    let mut turns = Vec::new();
    for _ in 0..rounds {
        let games_19 = best(|| fixed_games(19, 1));
        let games_9 = best(|| fixed_games(9, 1));
        let legal = best(|| {
            for _ in 0..20 {
                for game in &corpus {
                    game.legal_turns_into(&mut turns);
                }
            }
            20 * corpus.len()
        });
        let play_undo = best(|| {
            for _ in 0..20 {
                for &(i, turn) in &pairs {
                    let _ = black_box(positions[i].play(turn));
                    positions[i].undo();
                }
            }
            20 * pairs.len()
        });
        println!(
            "games 19x19 {games_19:.1} ns/turn, 9x9 {games_9:.1} ns/turn; \
         legal set {legal:.0} ns/position; play + undo {play_undo:.1} ns/pair"
        );
    }
}

/// Games never replayed, on 19x19 and 9x9.
fn fresh(rounds: usize) {
    let mut next = 1_000u64;
    for _ in 0..rounds {
        let mut line = Vec::new();
        for size in [19usize, 9] {
            let ns = best(|| {
                next += 40;
                games(size, next - 40..next)
            });
            line.push(format!("{size}x{size} {ns:.1} ns/turn"));
        }
        println!("fresh games: {}", line.join(", "));
    }
}

/// The same games replayed against as many fresh ones.
fn repeat() {
    let mut next = 100_000u64;
    for replays in [1usize, 2, 5, 20, 100] {
        let fixed = best(|| fixed_games(19, replays));
        let fresh = best(|| {
            let seeds = 4 * replays as u64;
            next += seeds;
            games(19, next - seeds..next)
        });
        println!(
            "19x19, {replays} x the same 4 games: {fixed:.1} ns/turn; \
         as many fresh games: {fresh:.1} ns/turn"
        );
    }
}
