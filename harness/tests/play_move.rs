//! `Engine::play_move`, the move entry point of a caller that has read the
//! point already (the Python package's `Game.play`): in `fast` it goes
//! through `play_index`, and it must give `play`'s verdict and game on every
//! point, on the board or off it, before and after the end, across undos,
//! under every kind of rules.

use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::{
    Handicap, IllegalMove, Point, Rules, Setup, Size, Suicide, Superko, Turn,
};

/// A small seeded generator (splitmix64): the games are the same every run.
struct Draws(u64);

impl Draws {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// The rules the games are played under: the ten rules, positional superko
/// with suicide forbidden, situational superko, and simple ko where an
/// illegal move loses the turn.
fn rule_sets() -> Vec<Rules> {
    let ten = Rules::TROMP_TAYLOR;
    vec![
        ten,
        Rules {
            suicide: Suicide::Forbidden,
            ..ten
        },
        Rules {
            superko: Superko::Situational,
            ..ten
        },
        Rules {
            superko: Superko::SimpleKo,
            illegal_move: IllegalMove::LosesTurn,
            ..ten
        },
    ]
}

/// One game: the same turns given to `play` in one `fast` game and, for
/// moves, to `play_move` in another; every verdict, board, player to move
/// and end compared after each turn. Returns how many moves went through
/// `play_move`.
fn play_both(setup: Setup, draws: &mut Draws, turns: usize) -> usize {
    let mut by_turn = EngineKind::fast().start(setup).unwrap();
    let mut by_point = EngineKind::fast().start(setup).unwrap();
    let (width, height) = (setup.size.width(), setup.size.height());
    let mut moves = 0;
    for step in 0..turns {
        match draws.below(20) {
            0 => {
                assert_eq!(by_turn.play(Turn::Pass), by_point.play(Turn::Pass));
            }
            1 => {
                assert_eq!(by_turn.undo(), by_point.undo());
            }
            _ => {
                // Two columns and two rows past the board: off-board points.
                let point = Point::new(draws.below(width + 2), draws.below(height + 2));
                let said = by_turn.play(Turn::Move(point));
                assert_eq!(said, by_point.play_move(point), "{point:?} at step {step}");
                moves += 1;
            }
        }
        assert_eq!(by_turn.grid(), by_point.grid(), "step {step}");
        assert_eq!(by_turn.to_move(), by_point.to_move(), "step {step}");
        assert_eq!(by_turn.is_over(), by_point.is_over(), "step {step}");
    }
    moves
}

#[test]
fn play_move_gives_plays_verdict_and_game_on_every_point() {
    let mut draws = Draws(39);
    let mut moves = 0;
    let sizes = [(1, 1), (3, 3), (5, 4), (2, 7), (9, 9)];
    for rules in rule_sets() {
        for (width, height) in sizes {
            let setup = Setup {
                size: Size::new(width, height).unwrap(),
                rules,
                handicap: Handicap::None,
            };
            for _ in 0..12 {
                moves += play_both(setup, &mut draws, 150);
            }
        }
    }
    // Most turns are moves (18 in 20), so the games reached every verdict.
    assert!(moves > 10_000, "{moves}");
}

#[test]
fn play_move_refuses_a_point_far_off_the_board() {
    let setup = Setup {
        size: Size::new(9, 9).unwrap(),
        rules: Rules::TROMP_TAYLOR,
        handicap: Handicap::None,
    };
    let mut by_turn = EngineKind::fast().start(setup).unwrap();
    let mut by_point = EngineKind::fast().start(setup).unwrap();
    for point in [
        Point::new(usize::MAX, 0),
        Point::new(0, usize::MAX),
        Point::new(usize::MAX, usize::MAX),
        Point::new(9, 0),
        Point::new(0, 9),
    ] {
        let said = by_turn.play(Turn::Move(point));
        assert!(said.is_err(), "{point:?}");
        assert_eq!(said, by_point.play_move(point), "{point:?}");
    }
}
