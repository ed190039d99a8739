//! Shared helpers for the spec tests: grids, points written `a1`, move lists.
#![allow(dead_code)]

use tromp_taylor_spec::{Game, Handicap, Point, Rectangle, Rules, Turn};

/// A `width` by `height` rectangle.
pub fn grid(width: usize, height: usize) -> Rectangle {
    Rectangle::new(width, height).unwrap()
}

/// A point written as a column letter (`a` is column 0, no letter skipped)
/// and a row number from 1 at the bottom: `a1` is (0, 0), `c2` is (2, 1).
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
    let mut game = Game::new(grid(width, height), rules);
    play(&mut game, turns);
    game
}

/// A new game with a handicap.
pub fn handicap_game(width: usize, height: usize, rules: Rules, handicap: Handicap) -> Game {
    Game::with_handicap(grid(width, height), rules, handicap).unwrap()
}

/// The game's diagram with rows joined by `/`, top row first: `X.O/...`.
pub fn rows(game: &Game) -> String {
    game.to_string().trim_end().replace('\n', "/")
}
