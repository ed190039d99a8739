//! Shared helpers for the spec tests: grids, points written `a1`, move lists,
//! seeded random games.
#![allow(dead_code)]

use tromp_taylor_spec::{Game, Point, Rectangle, Rules, Turn};

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

/// The harness's one seeded PRNG, so that the random games of the property
/// tests repeat exactly from their seed.
pub use tromp_taylor_harness::generate::Rng;

/// A random game's turns: each turn a pass with probability 1/8, otherwise a
/// uniformly chosen legal move (a pass when there is none), until the game
/// ends or `max_turns` are taken. Calls `each` before every turn.
pub fn random_game(
    game: &mut Game,
    rng: &mut Rng,
    max_turns: usize,
    mut each: impl FnMut(&Game),
) -> Vec<Turn> {
    let mut taken = Vec::new();
    while !game.is_over() && taken.len() < max_turns {
        each(game);
        let moves: Vec<Turn> = game
            .legal_turns()
            .into_iter()
            .filter(|t| *t != Turn::Pass)
            .collect();
        let turn = if moves.is_empty() || rng.below(8) == 0 {
            Turn::Pass
        } else {
            moves[rng.below(moves.len())]
        };
        game.play(turn).unwrap();
        taken.push(turn);
    }
    each(game);
    taken
}

/// Sizes where the strange positions live, and a few larger rectangles.
pub const SMALL_SIZES: [(usize, usize); 12] = [
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (7, 1),
    (2, 2),
    (3, 2),
    (5, 2),
    (3, 3),
    (4, 3),
    (4, 4),
    (5, 4),
];
