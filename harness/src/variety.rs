//! The rarer games the default run mixes in, each where a bug can hide from
//! the ordinary ones: games from random setup positions (legal ones, and
//! ones with strings without liberties, which every engine must refuse
//! alike), games with turns taken back, every handicap on every board that
//! takes it with play around the handicap stones, and large boards.

use crate::engine::EngineKind;
use crate::generate::{generate_with, Bias, Extras, Rng};
use crate::script::Script;
use crate::vocab::{Color, Handicap, Player, Point, Position, Rules, Setup, Size};

/// How often, per thousand games, a run draws each rarer kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mix {
    /// Games from a random setup position on one of the run's sizes.
    pub positions: usize,
    /// Games with a handicap, fixed or free, on a board that takes it, with
    /// play around the handicap stones.
    pub handicaps: usize,
    /// Short games on a large board (sides up to 52).
    pub large_boards: usize,
    /// Among the other games, those with undos between their steps.
    pub undos: usize,
}

impl Mix {
    /// The default run's mix: about one game in twenty is one of the
    /// rarer kinds, and one ordinary game in ten has undos.
    pub const DEFAULT: Mix = Mix {
        positions: 30,
        handicaps: 20,
        large_boards: 1,
        undos: 100,
    };

    /// Only the ordinary games.
    pub const NONE: Mix = Mix {
        positions: 0,
        handicaps: 0,
        large_boards: 0,
        undos: 0,
    };
}

/// Boards for handicap games: every fixed handicap from 2 to 9 is taken by
/// one of them (5 to 9 need both sides odd and above 7), some take none,
/// some have one odd side only (8x9, 12x13: at most 4), one a side below 7
/// (9x5: none), and 12 and 13 put the stones on different lines.
pub const HANDICAP_SIZES: [(usize, usize); 11] = [
    (9, 5),
    (7, 7),
    (8, 7),
    (8, 9),
    (9, 9),
    (9, 11),
    (10, 10),
    (11, 9),
    (12, 13),
    (13, 13),
    (19, 19),
];

/// The most steps of a handicap game (fewer on larger boards, where `spec`'s
/// legal sets cost more: 61 on 7x7, 37 on 9x9, 16 on 19x19), and of a game
/// on a large board.
fn handicap_steps(size: Size) -> usize {
    (3000 / size.points()).clamp(16, 100)
}
const LARGE_BOARD_STEPS: usize = 8;

/// A game for a run whose ordinary game would be `setup` and `bias`: one of
/// the rarer kinds now and then (as `mix` says), the ordinary one otherwise.
pub fn mixed_script(setup: Setup, bias: Bias, sizes: &[Size], rng: &mut Rng, mix: &Mix) -> Script {
    let mut roll = rng.below(1000);
    if roll < mix.large_boards {
        return large_board_game(setup.rules, bias, rng);
    }
    roll -= mix.large_boards;
    if roll < mix.positions {
        return position_game(*rng.pick(sizes), setup.rules, bias, rng);
    }
    roll -= mix.positions;
    if roll < mix.handicaps {
        return handicap_game(setup.rules, rng);
    }
    let undo_percent = if rng.below(1000) < mix.undos { 15 } else { 0 };
    let extras = Extras {
        undo_percent,
        ..Extras::default()
    };
    generate_with(setup, bias, rng, &extras)
}

/// A game from a random setup position on `size`.
pub fn position_game(size: Size, rules: Rules, bias: Bias, rng: &mut Rng) -> Script {
    let setup = Setup {
        size,
        rules,
        handicap: Handicap::None,
    };
    let extras = Extras {
        start: Some(random_position(size, rng)),
        undo_percent: if rng.percent(30) { 15 } else { 0 },
        ..Extras::default()
    };
    generate_with(setup, bias, rng, &extras)
}

/// A random setup position on `size`, with a random player to move: half
/// of the time the position a random playout reaches, otherwise stones
/// strewn at random, with the strings that have no liberty taken off two
/// times in three (the third keeps them, and must be refused).
pub fn random_position(size: Size, rng: &mut Rng) -> Position {
    let to_move = if rng.percent(50) {
        Player::Black
    } else {
        Player::White
    };
    let colors = if rng.percent(50) {
        playout_position(size, rng.below(2 * size.points() + 1), rng)
    } else {
        let density = 10 + rng.below(70);
        let mut colors: Vec<Color> = (0..size.points())
            .map(|_| match rng.percent(density) {
                false => Color::Empty,
                true if rng.percent(50) => Color::Black,
                true => Color::White,
            })
            .collect();
        if rng.below(3) > 0 {
            remove_strings_without_liberties(size, &mut colors);
        }
        colors
    };
    Position { colors, to_move }
}

/// The coloring after `moves` random legal moves from the empty board
/// (played on `fast` under the ten rules; passing when none is left).
pub fn playout_position(size: Size, moves: usize, rng: &mut Rng) -> Vec<Color> {
    let setup = Setup {
        size,
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::None,
    };
    let Ok(mut game) = EngineKind::fast().start(setup) else {
        return vec![Color::Empty; size.points()];
    };
    for _ in 0..moves {
        let legal = game.legal_turns();
        let turn = match legal.len() {
            0 => break,
            1 => legal[0],
            n => legal[1 + rng.below(n - 1)],
        };
        let _ = game.play(turn);
        if game.is_over() {
            break;
        }
    }
    game.grid().colors
}

/// Empties every string that reaches no empty point, until none is left
/// (emptying one can give another a liberty).
pub fn remove_strings_without_liberties(size: Size, colors: &mut [Color]) {
    loop {
        let dead: Vec<usize> = (0..colors.len())
            .filter(|&i| colors[i] != Color::Empty && !reaches_empty(size, colors, i))
            .collect();
        if dead.is_empty() {
            return;
        }
        for i in dead {
            colors[i] = Color::Empty;
        }
    }
}

/// Whether the string of the stone at `start` reaches an empty point.
fn reaches_empty(size: Size, colors: &[Color], start: usize) -> bool {
    let color = colors[start];
    let mut seen = vec![false; colors.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        for n in neighbours(size, i) {
            if colors[n] == Color::Empty {
                return true;
            }
            if colors[n] == color && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    false
}

fn neighbours(size: Size, i: usize) -> impl Iterator<Item = usize> {
    let p = size.point(i);
    let (w, h) = (size.width(), size.height());
    [
        (p.x > 0).then(|| i - 1),
        (p.x + 1 < w).then(|| i + 1),
        (p.y > 0).then(|| i - w),
        (p.y + 1 < h).then(|| i + w),
    ]
    .into_iter()
    .flatten()
}

/// A handicap game on one of [`HANDICAP_SIZES`]: a fixed handicap of 2 to
/// 9 (most often one the board takes; else both engines must refuse it),
/// or a free one, and play leaning toward kos at and around the handicap
/// stones.
pub fn handicap_game(rules: Rules, rng: &mut Rng) -> Script {
    let (w, h) = *rng.pick(&HANDICAP_SIZES);
    let size = Size::new(w, h).expect("a valid size");
    let taken: Vec<usize> = (2..=9)
        .filter(|&n| crate::engine::spec::fixed_handicap_points(size, n).is_ok())
        .collect();
    let handicap = match rng.below(10) {
        0 => Handicap::Free(2 + rng.below(8)),
        1 => Handicap::Fixed(2 + rng.below(8)),
        _ if taken.is_empty() => Handicap::Free(2 + rng.below(8)),
        _ => Handicap::Fixed(*rng.pick(&taken)),
    };
    let focus = focus(size, handicap);
    let setup = Setup {
        size,
        rules,
        handicap,
    };
    let extras = Extras {
        undo_percent: if rng.percent(30) { 10 } else { 0 },
        max_steps: Some(handicap_steps(size)),
        focus,
        ..Extras::default()
    };
    generate_with(setup, Bias::Ko, rng, &extras)
}

/// The points a handicap game's play leans toward: the fixed handicap's
/// points (as `spec` places them) and their neighbours; none for a free one.
pub fn focus(size: Size, handicap: Handicap) -> Vec<Point> {
    match handicap {
        Handicap::Fixed(n) => crate::engine::spec::fixed_handicap_points(size, n)
            .unwrap_or_default()
            .into_iter()
            .flat_map(|p| around(size, p))
            .collect(),
        _ => Vec::new(),
    }
}

/// `p` and its neighbours on the board.
fn around(size: Size, p: Point) -> Vec<Point> {
    let i = size.index(p).expect("a point of the board");
    std::iter::once(i)
        .chain(neighbours(size, i))
        .map(|i| size.point(i))
        .collect()
}

/// A short game on a large board: each side from 10 to 52 (or one side
/// of 1 to 9 now and then), from the empty board or (two times in three)
/// from the crowded position a random playout of half to one and a half
/// times as many moves as points reaches, where captures come at once;
/// capturing half of the time.
pub fn large_board_game(rules: Rules, bias: Bias, rng: &mut Rng) -> Script {
    let side = |rng: &mut Rng| match rng.percent(15) {
        true => 1 + rng.below(9),
        false => 10 + rng.below(43),
    };
    let (w, h) = (side(rng), side(rng));
    let size = Size::new(w, h).expect("a valid size");
    let setup = Setup {
        size,
        rules,
        handicap: Handicap::None,
    };
    let start = (rng.below(3) > 0).then(|| Position {
        colors: playout_position(size, size.points() / 2 + rng.below(size.points() + 1), rng),
        to_move: Player::Black,
    });
    let bias = if rng.percent(50) { Bias::Capture } else { bias };
    let extras = Extras {
        start,
        undo_percent: 10,
        max_steps: Some(LARGE_BOARD_STEPS),
        ..Extras::default()
    };
    generate_with(setup, bias, rng, &extras)
}
