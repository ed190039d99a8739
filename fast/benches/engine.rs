//! Criterion benchmarks of the engine on fixed seeds: light-playout random
//! games on 9x9 and 19x19, the full legal set on a corpus of 19x19
//! positions, and play + undo pairs. The protocol is in docs/benchmarks.md.
#![allow(missing_docs)] // criterion_main! writes an undocumented `main`

#[path = "common/workload.rs"]
mod workload;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use workload::{corpus_19, play_games, play_undo_pairs, Engine, Fast};

/// Games per measured iteration, and their seeds (1..=GAMES).
const GAMES: u64 = 10;

/// A benchmark group with `samples` samples over `seconds` seconds after half
/// a second of warm-up: short enough for a shared 2-core machine.
fn short_group<'a>(
    c: &'a mut Criterion,
    name: &str,
    samples: usize,
    seconds: u64,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(seconds));
    group
}

fn random_games(c: &mut Criterion) {
    let mut group = short_group(c, "random_games", 10, 3);
    for size in [9usize, 19] {
        let mut game = Fast::start(size);
        let turns = play_games(&mut game, size, 1..GAMES + 1);
        println!(
            "random_games/{size}x{size}: {GAMES} games, {turns} turns, {:.1} turns per game",
            turns as f64 / GAMES as f64
        );
        group.throughput(Throughput::Elements(turns as u64));
        group.bench_function(format!("{size}x{size}"), |b| {
            b.iter(|| black_box(play_games(&mut game, size, 1..GAMES + 1)))
        });
    }
    group.finish();
}

fn legal_set(c: &mut Criterion) {
    let corpus = corpus_19();
    let mut group = short_group(c, "legal_set", 20, 2);
    group.throughput(Throughput::Elements(corpus.len() as u64));
    let mut turns = Vec::with_capacity(400);
    group.bench_function(format!("19x19 corpus of {}", corpus.len()), |b| {
        b.iter(|| {
            let mut count = 0;
            for game in &corpus {
                game.legal_turns_into(&mut turns);
                count += turns.len();
            }
            black_box(count)
        })
    });
    group.finish();
}

fn play_undo(c: &mut Criterion) {
    let mut corpus = corpus_19();
    let pairs = play_undo_pairs(&corpus);
    let mut group = short_group(c, "play_undo", 20, 2);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function(format!("19x19 {} pairs", pairs.len()), |b| {
        b.iter(|| {
            for &(i, turn) in &pairs {
                let game = &mut corpus[i];
                let _ = black_box(game.play(turn));
                game.undo();
            }
        })
    });
    group.finish();
}

criterion_group!(benches, random_games, legal_set, play_undo);
criterion_main!(benches);
