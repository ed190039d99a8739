//! What the case suite cannot state about `fast`: the typed errors of its
//! constructors and their texts, accessors off the board, and undo of an
//! agreement and of a fixed handicap. How `fast` plays is the suite in
//! `testdata/cases/`, run by `tests/cases.rs`.

use tromp_taylor_fast::{
    Color, Ending, Game, Handicap, IllegalAgreement, IllegalTurn, Komi, Outcome, Player, Point,
    Rules, SetupError, SizeError,
};

#[test]
fn absurd_sizes_are_refused() {
    for (w, h) in [(0, 1), (1, 0), (53, 5), (5, 53), (0, 0), (usize::MAX, 1)] {
        let error = Game::new(w, h, Rules::default()).unwrap_err();
        assert_eq!(
            error,
            SizeError {
                width: w,
                height: h
            }
        );
        assert!(error.to_string().contains("from 1 to 52"));
    }
    assert!(matches!(
        Game::with_handicap(0, 3, Rules::default(), Handicap::Free(1)),
        Err(SetupError::Size(_))
    ));
}

#[test]
fn bad_handicaps_are_refused_with_the_reason() {
    assert_eq!(
        Game::with_handicap(2, 2, Rules::default(), Handicap::Free(4)).unwrap_err(),
        SetupError::BadHandicap {
            handicap: Handicap::Free(4),
            why: "a free handicap of two or more stones must leave at least one point empty"
        }
    );
    // A handicap of one is Black's ordinary first move (comment 5): any board takes it.
    assert!(Game::with_handicap(1, 1, Rules::default(), Handicap::Free(1)).is_ok());
    // One stone or ten; a side under 7; more than 4 on 7x7 or an even side.
    for (w, h, n) in [(9, 9, 1), (9, 9, 10), (6, 9, 2), (7, 7, 5), (10, 10, 5)] {
        let refused = Game::with_handicap(w, h, Rules::default(), Handicap::Fixed(n));
        assert!(
            matches!(refused, Err(SetupError::BadHandicap { .. })),
            "{w}x{h} {n}"
        );
    }
}

#[test]
fn nothing_off_the_board_has_a_color() {
    let game = Game::new(52, 52, Rules::default()).unwrap();
    assert_eq!(game.color(51, 51), Some(Color::Empty));
    for (x, y) in [(52, 0), (0, 52), (usize::MAX, 0), (0, usize::MAX)] {
        assert_eq!(game.color(x, y), None, "({x}, {y})");
    }
}

#[test]
fn an_agreement_is_undone_exactly() {
    // 3x3 under seed 004's rules: B a1, W b2, two passes, then an agreement
    // that a1 is dead (the case comment-8/agreement-on-3x3).
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::SIMPLE_KO_TERRITORY
    };
    let mut game = Game::new(3, 3, rules).unwrap();
    game.play_at(0, 0).unwrap();
    game.play_at(1, 1).unwrap();
    game.pass().unwrap();
    game.pass().unwrap();
    let before = (game.coloring(), game.hash(), game.legal_turns());
    game.agree(&[Point::new(0, 0)]).unwrap();
    assert_eq!(game.hash(), game.hash_from_scratch());
    assert_eq!(game.prisoners(Player::White), 1);
    assert!(game.undo());
    assert!(!game.is_over());
    assert_eq!((game.coloring(), game.hash(), game.legal_turns()), before);
    assert_eq!(game.prisoners(Player::White), 0);
}

#[test]
fn a_fixed_handicap_is_part_of_the_setup_and_not_undone() {
    let mut game = Game::with_handicap(19, 19, Rules::default(), Handicap::Fixed(9)).unwrap();
    assert_eq!(game.turns_taken(), 1);
    assert!(!game.undo(), "the fixed placement is part of the setup");
    assert_eq!(game.turns_taken(), 1);
}

#[test]
fn a_situational_superko_refusal_says_situation_not_coloring() {
    // The verdict and its turn are the case comment-6/ssk-situation-made-by-a-pass
    // (tests/cases.rs); here, fast's own words for it.
    let refused = IllegalTurn::SituationalSuperko {
        point: Point::new(0, 0),
        repeats_turn: 2,
        to_move: Player::Black,
    };
    assert_eq!(
        refused.to_string(),
        "a move at (0, 0) repeats the situation after turn 2, the same coloring with Black to move (situational superko)"
    );
}

#[test]
fn an_illegal_move_loses_the_turn_when_the_rules_say_so() {
    // 3x1 under the Chinese rules: after B b1, White's a1 is suicide; the
    // turn is lost (White to move no more), the run of passes ends, and
    // undo restores the turn.
    let mut game = Game::new(3, 1, Rules::CHINESE).unwrap();
    game.play_at(1, 0).unwrap();
    assert_eq!(
        game.play_at(0, 0),
        Err(IllegalTurn::Suicide(Point::new(0, 0)))
    );
    assert_eq!((game.to_move(), game.turns_taken()), (Player::Black, 2));
    game.pass().unwrap();
    assert_eq!(
        game.play_at(0, 0),
        Err(IllegalTurn::Suicide(Point::new(0, 0)))
    );
    assert_eq!(game.consecutive_passes(), 0);
    assert!(game.undo());
    assert_eq!(
        (game.to_move(), game.consecutive_passes()),
        (Player::White, 1)
    );
    let mut refused = Game::new(3, 1, Rules::default()).unwrap();
    refused.play_at(1, 0).unwrap();
    refused.pass().unwrap();
    assert!(refused.play_at(1, 0).is_err());
    assert_eq!(refused.to_move(), Player::Black);
}

#[test]
fn errors_display_clear_messages() {
    assert_eq!(
        IllegalTurn::Superko {
            point: Point::new(1, 2),
            repeats_turn: 3
        }
        .to_string(),
        "a move at (1, 2) repeats the coloring after turn 3 (superko)"
    );
    assert!(IllegalTurn::Occupied(Point::new(0, 0))
        .to_string()
        .contains("occupied"));
    assert!(IllegalAgreement::NotAfterTwoPasses
        .to_string()
        .contains("two consecutive passes"));
    assert_eq!(
        Outcome::Win {
            winner: Player::White,
            half_points: 1
        }
        .to_string(),
        "W+0.5"
    );
    assert_eq!(Komi::from_half_points(-13).to_string(), "-6.5");
}
