//! Replays the long link (`explorer/tests/long-52x52.txt`, 20,000 legal
//! turns on 52x52) in `tromp_taylor_spec::Game` alone, natively, and prints
//! how long it took: the part of opening the link that is `spec`'s (issue
//! 41). Usage: `cargo run --release -p tromp-taylor-explorer --example spec_replay [FILE]`

use std::time::Instant;
use tromp_taylor_spec::{Game, Rectangle, Rules};
use tromp_taylor_vocab::vertex::parse_turn;
use tromp_taylor_vocab::vocab::Size;

fn main() -> Result<(), String> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "explorer/tests/long-52x52.txt".to_string());
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let size = Size::new(52, 52).ok_or("52x52 is a board")?;
    let turns = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| line.trim().split(','))
        .filter(|name| !name.is_empty())
        .map(|name| parse_turn(name, size).map_err(|e| format!("{name}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let grid = Rectangle::new(52, 52).map_err(|e| e.to_string())?;
    let mut game = Game::new(grid, Rules::default());
    let start = Instant::now();
    for (number, &turn) in turns.iter().enumerate() {
        game.play(turn)
            .map_err(|e| format!("turn {}: {e}", number + 1))?;
    }
    let took = start.elapsed();
    println!(
        "{} turns on 52x52 in spec: {:.2} s ({:.1} us a turn), {} earlier colorings",
        turns.len(),
        took.as_secs_f64(),
        took.as_secs_f64() * 1e6 / turns.len() as f64,
        game.earlier_colorings().len()
    );
    Ok(())
}
