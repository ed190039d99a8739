//! The same light-playout random-game workload on this engine, on the limit
//! board (`tromp-taylor-limit`: a C board of libEGO's design, simple ko, no
//! suicide, its whole playout in C) and on two peers, the `goban` crate
//! (0.20) and the `board-game` crate (0.8), in the same run. Criterion
//! measures each; then a fixed std::time workload prints one line per board
//! size, `peers SIZE fast=<ns/turn> c=<ns/turn> goban=<ns/turn>
//! board-game=<ns/turn> fast/c=<ratio> fast-ko=<ns/turn> fast-ko/c=<ratio>`
//! (`fast-ko`: this engine under the C board's rules, simple ko and no
//! suicide, so playing exactly the C board's games), and one line
//! `peers-fresh SIZE ...` of games that are never repeated (new seeds every
//! round), then one line `play 19 ...`: this engine's play + undo and full
//! legal set on the engine bench's corpus, and the C board's cost of a turn
//! replayed (it has no undo), as the last lines of the output. Replaying the
//! same games lets the processor's branch predictor learn them, which
//! flatters every engine: the fresh line is the speed a user's own games get.
//! `fast` and `fast-ko` play in the playout mode (no undo records) and by
//! point index (workload.rs); play + undo is timed on undoable games.
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
use tromp_taylor_limit::{Board, Step};
use workload::{corpus_19, play_games, play_undo_pairs, At, Engine, Fast, FastKo};

/// The limit board: its whole light playout runs in C (the same policy and
/// generator as [`workload::light_playout`]), so no call crosses into Rust per turn.
fn c_workload(size: usize, seeds: std::ops::Range<u64>) -> (usize, Duration) {
    let mut board = Board::new(size).expect("size");
    let start = Instant::now();
    let mut turns = 0;
    for seed in seeds {
        board.clear();
        turns += board.playout(seed, 4 * size * size);
        black_box(&board);
    }
    (turns, start.elapsed())
}

/// The C board on the fixed workload: seeds 1..=games(size).
fn c_fixed(size: usize) -> (usize, Duration) {
    c_workload(size, 1..games(size) + 1)
}

/// Round `round` of the C board's fresh games (see [`fresh_seeds`]).
fn c_fresh(size: usize, round: u64) -> (usize, Duration) {
    c_workload(size, fresh_seeds(size, round))
}

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
    fn fills_own_eye(&self, at: At) -> bool {
        let me = Some(self.0.turn());
        let (x, y, n) = (at.x as i64, at.y as i64, self.1 as i64);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < n && b < n)
            .all(|(a, b)| self.0.goban().get_color((a as u8, b as u8)) == me)
    }
    fn try_move(&mut self, at: At) -> bool {
        self.0
            .try_play(GobanMove::Play(at.x as u8, at.y as u8))
            .is_ok()
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
    fn fills_own_eye(&self, at: At) -> bool {
        let me: BgPlayer = self.0.next_player();
        Tile::new(at.x as u8, at.y as u8)
            .all_adjacent(self.1 as u8)
            .all(|t| self.0.stone_at(t) == Some(me))
    }
    fn try_move(&mut self, at: At) -> bool {
        self.0
            .play(BgMove::Place(Tile::new(at.x as u8, at.y as u8)))
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
    timed_games::<E>(size, 1..games(size) + 1)
}

/// Plays the games of seeds `seeds` on one `E` board, restarted between
/// games (as [`c_workload`] clears one C board); returns (turns, elapsed).
fn timed_games<E: Engine>(size: usize, seeds: std::ops::Range<u64>) -> (usize, Duration) {
    let mut engine = E::start(size);
    let start = Instant::now();
    let turns = play_games(&mut engine, size, seeds);
    (turns, start.elapsed())
}

/// Nanoseconds per turn, best of `rounds` runs of `run(round)`, which plays
/// some turns and says how many and how long they took.
fn best_ns_per_turn(rounds: u64, mut run: impl FnMut(u64) -> (usize, Duration)) -> f64 {
    (0..rounds)
        .map(|round| {
            let (turns, elapsed) = run(round);
            elapsed.as_nanos() as f64 / turns as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// The seeds of round `round` of games never played before in the process:
/// the fixed workload's number of games, from new seeds each round (from
/// 1,000 on, apart from the fixed workload's).
fn fresh_seeds(size: usize, round: u64) -> std::ops::Range<u64> {
    let first = 1_000 + round * games(size);
    first..first + games(size)
}

/// The fixed workload on `E` (every round the same games).
fn fixed<E: Engine>(size: usize, _round: u64) -> (usize, Duration) {
    workload::<E>(size)
}

/// Round `round` of fresh games on `E` (see [`fresh_seeds`]).
fn fresh<E: Engine>(size: usize, round: u64) -> (usize, Duration) {
    timed_games::<E>(size, fresh_seeds(size, round))
}

/// A timed run: given the size and the round, plays some games and says
/// how many turns and how long they took.
type Run = fn(usize, u64) -> (usize, Duration);

/// The engines of a line, in its order: fast, c, goban, board-game, fast-ko.
const ENGINES: usize = 5;

/// Rounds per engine (best of): many for the fast boards, whose rounds are
/// short (a fraction of a millisecond, so one preemption by another job
/// spoils one), few for the slow peers.
const ROUNDS: [u64; ENGINES] = [15, 15, 2, 3, 15];

/// Prints a line `label size fast=.. c=.. goban=.. board-game=.. fast/c=..
/// fast-ko=.. fast-ko/c=..` for 9x9 and 19x19: each engine's nanoseconds per
/// turn, best of its [`ROUNDS`] of `runs` (in the order of [`ENGINES`]).
/// The engines take their rounds in turn (round 1 of each, then round 2 of
/// each, ...), so that a burst of load from elsewhere falls on all of them
/// and their ratios hold.
fn print_rates(label: &str, runs: [Run; ENGINES]) {
    for size in [9usize, 19] {
        let mut best = [f64::INFINITY; ENGINES];
        for round in 0..ROUNDS.into_iter().max().unwrap_or(0) {
            for (i, run) in runs.iter().enumerate() {
                if round < ROUNDS[i] {
                    let (turns, elapsed) = run(size, round);
                    best[i] = best[i].min(elapsed.as_nanos() as f64 / turns as f64);
                }
            }
        }
        let [fast, c, goban, board_game, fast_ko] = best;
        println!(
            "{label} {size} fast={fast:.0} c={c:.0} goban={goban:.0} board-game={board_game:.0} \
             fast/c={:.2} fast-ko={fast_ko:.0} fast-ko/c={:.2}",
            fast / c,
            fast_ko / c
        );
    }
}

/// Prints `play 19 fast-play+undo=.. fast-legal-set=.. c-play=..`: this
/// engine's play + undo (ns a pair) and full legal set (ns a position) on
/// the engine bench's corpus, and the C board's cost of a turn (ns) when it
/// replays the fixed workload's 19x19 games: it has no undo (nor has
/// libEGO's design: a playout works on a copy of the board). Best of 15.
fn print_play_costs() {
    let mut corpus = corpus_19();
    let pairs = play_undo_pairs(&corpus);
    let play_undo = best_ns_per_turn(15, |_| {
        let start = Instant::now();
        for _ in 0..10 {
            for &(i, turn) in &pairs {
                let game = &mut corpus[i];
                let _ = black_box(game.play(turn));
                game.undo();
            }
        }
        (10 * pairs.len(), start.elapsed())
    });
    let mut turns = Vec::new();
    let legal_set = best_ns_per_turn(15, |_| {
        let start = Instant::now();
        let mut count = 0;
        for _ in 0..10 {
            for game in &corpus {
                game.legal_turns_into(&mut turns);
                count += turns.len();
            }
        }
        black_box(count);
        (10 * corpus.len(), start.elapsed())
    });
    let mut board = Board::new(19).expect("size");
    let recorded: Vec<Vec<i16>> = (1..=games(19))
        .map(|seed| {
            board.clear();
            let mut rng = seed;
            let mut game = Vec::new();
            loop {
                match board.step(&mut rng) {
                    Step::Move(p) => game.push(p as i16),
                    Step::Pass => game.push(-1),
                    Step::Over => break,
                }
            }
            game
        })
        .collect();
    let c_play = best_ns_per_turn(15, |_| {
        let start = Instant::now();
        let mut played = 0;
        for _ in 0..10 {
            for game in &recorded {
                played += board.replay(game);
            }
        }
        black_box(&board);
        (played, start.elapsed())
    });
    println!(
        "play 19 fast-play+undo={play_undo:.1} fast-legal-set={legal_set:.0} c-play={c_play:.1}"
    );
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
        group.throughput(Throughput::Elements(turns(c_fixed)));
        group.bench_function("c", |b| b.iter(|| c_fixed(size)));
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
            "workload {size}x{size}: {} games, fast {turns} turns, c {} turns (fast-ko {}), goban {} turns, board-game {} turns",
            games(size),
            c_fixed(size).0,
            workload::<FastKo>(size).0,
            workload::<Goban>(size).0,
            workload::<BoardGame>(size).0
        );
    }
    print_rates(
        "peers",
        [
            fixed::<Fast>,
            |size, _| c_fixed(size),
            fixed::<Goban>,
            fixed::<BoardGame>,
            fixed::<FastKo>,
        ],
    );
    print_rates(
        "peers-fresh",
        [
            fresh::<Fast>,
            c_fresh,
            fresh::<Goban>,
            fresh::<BoardGame>,
            fresh::<FastKo>,
        ],
    );
    print_play_costs();
}
