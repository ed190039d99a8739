//! The same light-playout random-game workload on this engine and on two
//! peers, the `goban` crate (0.20) and the `board-game` crate (0.8), in the
//! same run. Criterion measures each; then a fixed std::time workload prints
//! one line per board size, `peers SIZE fast=<ns/turn> goban=<ns/turn>
//! board-game=<ns/turn>`, and one line `peers-fresh SIZE ...` of games that
//! are never repeated (new seeds every round), as the last lines of the
//! output. Replaying the same games lets the processor's branch predictor
//! learn them, which flatters every engine: the fresh line is the speed a
//! user's own games get.
//! The protocol and the rule differences are in docs/benchmarks.md.
#![allow(missing_docs)] // criterion_main! writes an undocumented `main`

#[path = "common/workload.rs"]
mod workload;

use board_game::board::{Board as _, Player as BgPlayer};
use board_game::games::go::{GoBoard, Komi, Move as BgMove, Rules as BgRules, Tile};
use criterion::{black_box, Criterion, Throughput};
use goban::rules::game::Game as GobanGame;
use goban::rules::{GobanSizes, Move as GobanMove, CHINESE};
use std::time::{Duration, Instant};
use workload::{light_playout, Engine, Fast, Rng};

/// The `goban` crate under its Chinese rules (simple ko, superko on
/// capturing moves, no suicide, area scoring): its closest to ours.
struct Goban(GobanGame, usize);

impl Engine for Goban {
    fn start(size: usize) -> Self {
        Goban(
            GobanGame::new(GobanSizes::Custom(size, size), CHINESE),
            size,
        )
    }
    fn over(&self) -> bool {
        self.0.is_over()
    }
    fn fills_own_eye(&self, x: usize, y: usize) -> bool {
        let me = Some(self.0.turn());
        let (x, y, n) = (x as i64, y as i64, self.1 as i64);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
            .all(|(a, b)| self.0.goban().get_color((a as u8, b as u8)) == me)
    }
    fn try_move(&mut self, x: usize, y: usize) -> bool {
        self.0.try_play(GobanMove::Play(x as u8, y as u8)).is_ok()
    }
    fn pass(&mut self) {
        self.0.play(GobanMove::Pass);
    }
    fn empties(&self, out: &mut Vec<u16>) {
        out.clear();
        let n = self.1;
        out.extend(
            self.0
                .goban()
                .get_empty_coords()
                .map(|(a, b)| (b as usize * n + a as usize) as u16),
        );
    }
}

/// The `board-game` crate under its Tromp-Taylor rules (superko by hash,
/// multi-stone suicide allowed, area scoring).
struct BoardGame(GoBoard, usize);

impl Engine for BoardGame {
    fn start(size: usize) -> Self {
        BoardGame(
            GoBoard::new(size as u8, Komi::zero(), BgRules::tromp_taylor()),
            size,
        )
    }
    fn over(&self) -> bool {
        self.0.is_done()
    }
    fn fills_own_eye(&self, x: usize, y: usize) -> bool {
        let me: BgPlayer = self.0.next_player();
        Tile::new(x as u8, y as u8)
            .all_adjacent(self.1 as u8)
            .all(|t| self.0.stone_at(t) == Some(me))
    }
    fn try_move(&mut self, x: usize, y: usize) -> bool {
        self.0
            .play(BgMove::Place(Tile::new(x as u8, y as u8)))
            .is_ok()
    }
    fn pass(&mut self) {
        let _ = self.0.play(BgMove::Pass);
    }
    fn empties(&self, out: &mut Vec<u16>) {
        out.clear();
        let n = self.1;
        out.extend(self.0.empty_tiles().map(|t| {
            let t = t.to_flat(n as u8).to_tile(n as u8);
            (t.y() as usize * n + t.x() as usize) as u16
        }));
    }
}

/// Games of the fixed workload per size: seeds 1..=GAMES.
fn games(size: usize) -> u64 {
    if size == 9 {
        20
    } else {
        4
    }
}

/// Plays the fixed workload on `E`; returns (turns, elapsed).
fn workload<E: Engine>(size: usize) -> (usize, Duration) {
    let mut buffer = Vec::new();
    let start = Instant::now();
    let mut turns = 0;
    for seed in 1..=games(size) {
        let mut engine = E::start(size);
        turns += light_playout(&mut engine, size, &mut Rng::new(seed), &mut buffer);
        black_box(&engine);
    }
    (turns, start.elapsed())
}

/// Plays the games of seeds `seeds` on `E`; returns (turns, elapsed).
fn fresh_workload<E: Engine>(size: usize, seeds: std::ops::Range<u64>) -> (usize, Duration) {
    let mut buffer = Vec::new();
    let start = Instant::now();
    let mut turns = 0;
    for seed in seeds {
        let mut engine = E::start(size);
        turns += light_playout(&mut engine, size, &mut Rng::new(seed), &mut buffer);
        black_box(&engine);
    }
    (turns, start.elapsed())
}

/// Nanoseconds per turn, best of `rounds` runs of `run(round)`, which plays
/// some turns and says how many and how long they took.
fn best_ns_per_turn(rounds: u64, run: impl Fn(u64) -> (usize, Duration)) -> f64 {
    (0..rounds)
        .map(|round| {
            let (turns, elapsed) = run(round);
            elapsed.as_nanos() as f64 / turns as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Nanoseconds per turn of games never played before in the process: the
/// fixed workload's number of games, from new seeds each round (from 1,000
/// on, apart from the fixed workload's), best of `rounds` runs.
fn fresh_ns_per_turn<E: Engine>(size: usize, rounds: u64) -> f64 {
    best_ns_per_turn(rounds, |round| {
        let first = 1_000 + round * games(size);
        fresh_workload::<E>(size, first..first + games(size))
    })
}

/// Nanoseconds per turn of the fixed workload, best of `rounds` runs.
fn ns_per_turn<E: Engine>(size: usize, rounds: u64) -> f64 {
    best_ns_per_turn(rounds, |_| workload::<E>(size))
}

/// Prints a line `label size fast=.. goban=.. board-game=..` for 9x9 and
/// 19x19, each engine's nanoseconds per turn from `rates` (in that order),
/// best of 5, 2 and 3 rounds.
fn print_rates(label: &str, rates: [fn(usize, u64) -> f64; 3]) {
    for size in [9usize, 19] {
        let [fast, goban, board_game] = [0, 1, 2].map(|i| rates[i](size, [5, 2, 3][i]));
        println!("{label} {size} fast={fast:.0} goban={goban:.0} board-game={board_game:.0}");
    }
}

fn criterion_runs(c: &mut Criterion) {
    for size in [9usize, 19] {
        let mut group = c.benchmark_group(format!("peers/{size}x{size}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2));
        let turns = |f: fn(usize) -> (usize, Duration)| f(size).0 as u64;
        group.throughput(Throughput::Elements(turns(workload::<Fast>)));
        group.bench_function("fast", |b| b.iter(|| workload::<Fast>(size)));
        group.throughput(Throughput::Elements(turns(workload::<Goban>)));
        group.bench_function("goban", |b| b.iter(|| workload::<Goban>(size)));
        group.throughput(Throughput::Elements(turns(workload::<BoardGame>)));
        group.bench_function("board-game", |b| b.iter(|| workload::<BoardGame>(size)));
        group.finish();
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    criterion_runs(&mut criterion);
    criterion.final_summary();
    for size in [9usize, 19] {
        let (turns, _) = workload::<Fast>(size);
        println!(
            "workload {size}x{size}: {} games, fast {turns} turns, goban {} turns, board-game {} turns",
            games(size),
            workload::<Goban>(size).0,
            workload::<BoardGame>(size).0
        );
    }
    print_rates(
        "peers",
        [
            ns_per_turn::<Fast>,
            ns_per_turn::<Goban>,
            ns_per_turn::<BoardGame>,
        ],
    );
    print_rates(
        "peers-fresh",
        [
            fresh_ns_per_turn::<Fast>,
            fresh_ns_per_turn::<Goban>,
            fresh_ns_per_turn::<BoardGame>,
        ],
    );
}
