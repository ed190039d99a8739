//! Shared helpers for the engine's tests: points written `a1`, move lists, a seeded PRNG.
#![allow(dead_code)]

use tromp_taylor_fast::{Game, Point, Rules, Turn};

/// A point written as a column letter (`a` is column 0) and a row number
/// from 1 at the bottom: `a1` is (0, 0), `c2` is (2, 1).
pub fn pt(name: &str) -> Point {
    let x = (name.as_bytes()[0] - b'a') as usize;
    let y: usize = name[1..].parse().unwrap();
    Point::new(x, y - 1)
}

/// `pass` or a point written as for [`pt`].
pub fn turn(name: &str) -> Turn {
    if name == "pass" {
        Turn::Pass
    } else {
        Turn::Move(pt(name))
    }
}

/// Plays every turn of `turns` (space separated), each of which must be legal.
pub fn play(game: &mut Game, turns: &str) {
    for (i, name) in turns.split_whitespace().enumerate() {
        if let Err(e) = game.play(turn(name)) {
            panic!("turn {} ({name}) of {turns:?} was refused: {e}", i + 1);
        }
    }
}

/// A new game on `width` by `height` under `rules`, after `turns`.
pub fn game_after(width: usize, height: usize, rules: Rules, turns: &str) -> Game {
    let mut game = Game::new(width, height, rules).unwrap();
    play(&mut game, turns);
    game
}

/// The game's diagram with rows joined by `/`, top row first: `X.O/...`.
pub fn rows(game: &Game) -> String {
    game.to_string().trim_end().replace('\n', "/")
}

/// SplitMix64, so that random games are the same on every run.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
