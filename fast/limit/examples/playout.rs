//! The limit board's 19x19 light playouts of the peers bench (seeds 1 to 4),
//! `R` times over, as a plain program for instruction counts beside
//! `fast`'s (`fast/examples/workload.rs games R`); docs/benchmarks.md gives
//! the commands and the figures.
//!
//! ```text
//! cargo build --profile profiling -p tromp-taylor-limit --example playout
//! valgrind --tool=callgrind target/profiling/examples/playout 3
//! ```
//!
//! The marginal count per turn is the difference of two values of `R`
//! over the extra turns; the program prints the turns it played.

fn main() {
    let rounds: u64 = match std::env::args().nth(1).map(|r| r.parse()) {
        None => 1,
        Some(Ok(r)) => r,
        Some(Err(_)) => {
            eprintln!("usage: playout [ROUNDS]");
            std::process::exit(2);
        }
    };
    let side = 19;
    let mut board = tromp_taylor_limit::Board::new(side).expect("19 is a side the C board takes");
    let mut turns = 0;
    for _ in 0..rounds {
        for seed in 1..5 {
            board.clear();
            turns += board.playout(seed, 4 * side * side);
        }
    }
    println!("{turns}");
}
