//! The adapter on our referee over GTP: games compared with `fast`, a game by hand, the board from `showboard`, a lost turn, commands missing.

use super::*;

/// A game with captures, refused attempts (occupied, off the board),
/// passes to the end and attempts after it.
pub(super) fn a_full_game() -> Vec<Step> {
    let mut steps = vec![
        mv(1, 0),
        mv(0, 0),
        mv(0, 1),
        mv(0, 0),
        mv(1, 0),
        mv(9, 9),
        Step::Choose(5),
        mv(2, 2),
    ];
    steps.extend(vec![Step::Attempt(Turn::Pass); 3]);
    steps.push(mv(3, 3));
    steps
}

pub(super) fn our_referee_over_gtp_agrees_with_fast() {
    let (kind, found) = gtp_engine_probed(referee("")).expect("starts");
    assert_eq!(found.max_side, 52);
    assert!(found.caps.list_stones && found.caps.kata_set_rules && !found.showboard);
    let fast = EngineKind::fast();
    let s = setup(5, 5, Rules::TROMP_TAYLOR, Handicap::None);
    let agreed = compare(s, a_full_game(), &fast, &kind, true).expect("agree");
    assert_eq!((agreed.turns, agreed.ended), (7, true));
    // White first after a fixed handicap; a rectangle.
    let h = setup(9, 9, Rules::TROMP_TAYLOR, Handicap::Fixed(2));
    let steps: Vec<Step> = (0..12).map(Step::Choose).collect();
    let agreed = compare(h, steps.clone(), &fast, &kind, true).expect("agree");
    assert_eq!(agreed.turns, 12);
    let r = setup(5, 3, Rules::TROMP_TAYLOR, Handicap::None);
    assert!(compare(r, steps, &fast, &kind, true).is_ok());
    // The agreement ending: as is after four passes.
    let agreement = Rules {
        ending: Ending::Agreement,
        ..Rules::TROMP_TAYLOR
    };
    let a = setup(5, 5, agreement, Handicap::None);
    let passes = vec![Step::Attempt(Turn::Pass); 5];
    let agreed = compare(a, passes, &fast, &kind, true).expect("agree");
    assert_eq!((agreed.turns, agreed.ended), (4, true));
    // Undos taken on the engine.
    let mut script = Script::new(s, a_full_game()[..8].to_vec());
    script.undos = vec![Undo {
        after: 4,
        levels: 2,
    }];
    let agreed = compare_script(&script, &fast, &kind, true).expect("agree");
    assert_eq!(agreed.turns, 5);
}

pub(super) fn a_game_by_hand_answers_as_the_rules() {
    let kind = gtp_engine(referee("")).expect("starts");
    let mut game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("a game");
    assert_eq!(game.to_move(), Player::Black);
    assert_eq!(game.play(Turn::Move(Point::new(1, 0))), Ok(()));
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.play(Turn::Move(Point::new(0, 0))), Ok(()));
    assert_eq!(game.play(Turn::Move(Point::new(0, 1))), Ok(()));
    assert_eq!(game.grid().at(Point::new(0, 0)), Color::Empty);
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.prisoners(Player::White), 0);
    assert_eq!(
        game.check(Turn::Move(Point::new(1, 0))),
        Err(Illegal::Unexplained)
    );
    assert_eq!(game.check(Turn::Move(Point::new(2, 2))), Ok(()));
    assert_eq!(
        game.check(Turn::Move(Point::new(3, 0))),
        Err(Illegal::OffBoard)
    );
    assert_eq!(game.check(Turn::Pass), Ok(()));
    let legal = game.legal_turns();
    assert_eq!(legal.len(), 1 + 6);
    assert_eq!(legal[0], Turn::Pass);
    assert!(!legal.contains(&Turn::Move(Point::new(1, 0))));
    assert_eq!(game.play(Turn::Pass), Ok(()));
    assert_eq!(game.consecutive_passes(), 1);
    assert!(!game.is_over());
    assert_eq!(game.play(Turn::Pass), Ok(()));
    assert_eq!(game.consecutive_passes(), 2);
    assert!(game.is_over());
    assert_eq!(game.outcome().winner, Some(Player::Black));
    assert!(game.legal_turns().is_empty());
    assert_eq!(
        game.play(Turn::Move(Point::new(2, 2))),
        Err(Illegal::GameOver)
    );
    assert!(game.undo());
    assert!(!game.is_over());
    assert_eq!(game.consecutive_passes(), 1);
}

pub(super) fn the_board_is_read_from_showboard_without_list_stones() {
    let (kind, found) = gtp_engine_probed(referee("list_stones")).expect("starts");
    assert!(found.showboard && !found.caps.list_stones);
    assert!(kind.supports().grids);
    let fast = EngineKind::fast();
    let s = setup(5, 5, Rules::TROMP_TAYLOR, Handicap::None);
    let agreed = compare(s, a_full_game(), &fast, &kind, true).expect("agree");
    assert_eq!(agreed.turns, 7);
    // A showboard that cannot be read is no board.
    let (kind, found) = gtp_engine_probed(referee("list_stones,showboard=")).expect("starts");
    assert!(!found.showboard && found.caps.showboard);
    assert!(!kind.supports().grids && !kind.supports().illegal_loses_turn);
    // Switched off, it is not asked.
    let off = GtpOptions {
        off: vec![CheckName::Board],
        ..referee("list_stones")
    };
    let (kind, found) = gtp_engine_probed(off).expect("starts");
    assert!(!found.showboard && !kind.supports().grids);
}

pub(super) fn a_lost_turn_is_kept_and_undone() {
    let kind = gtp_engine(referee("")).expect("starts");
    let rules = Rules {
        illegal_move: IllegalMove::LosesTurn,
        suicide: Suicide::Forbidden,
        ..Rules::TROMP_TAYLOR
    };
    let s = setup(3, 3, rules, Handicap::None);
    let mut game = kind.start(s).expect("a game");
    // White surrounds (0,0); Black's move there is suicide, and loses the turn.
    for turn in [mv(2, 2), mv(1, 0), mv(2, 1), mv(0, 1)] {
        let Step::Attempt(turn) = turn else {
            unreachable!()
        };
        assert_eq!(game.play(turn), Ok(()));
    }
    assert_eq!(
        game.play(Turn::Move(Point::new(0, 0))),
        Err(Illegal::Unexplained)
    );
    assert_eq!(game.to_move(), Player::White);
    // A refusal on an occupied point loses nothing.
    assert_eq!(
        game.play(Turn::Move(Point::new(2, 2))),
        Err(Illegal::Unexplained)
    );
    assert_eq!(game.to_move(), Player::White);
    assert!(game.undo());
    assert_eq!(game.to_move(), Player::Black);
    assert_eq!(game.grid().at(Point::new(0, 1)), Color::White);
    assert_eq!(game.play(Turn::Move(Point::new(1, 1))), Ok(()));
    assert_eq!(game.to_move(), Player::White);
    // Compared with fast through the driver, a lost turn and its undo.
    let steps = vec![mv(2, 2), mv(1, 0), mv(2, 1), mv(0, 1), mv(0, 0), mv(1, 1)];
    let mut script = Script::new(s, steps);
    script.undos = vec![Undo {
        after: 4,
        levels: 1,
    }];
    let agreed = compare_script(&script, &EngineKind::fast(), &kind, true).expect("agree");
    assert_eq!(agreed.turns, 5);
    // Without rules that lose the turn, nothing is lost.
    let plain = setup(
        3,
        3,
        Rules {
            suicide: Suicide::Forbidden,
            ..Rules::TROMP_TAYLOR
        },
        Handicap::None,
    );
    let mut game = kind.start(plain).expect("a game");
    for p in [(2, 2), (1, 0), (2, 1), (0, 1)] {
        assert_eq!(game.play(Turn::Move(Point::new(p.0, p.1))), Ok(()));
    }
    assert!(game.play(Turn::Move(Point::new(0, 0))).is_err());
    assert_eq!(game.to_move(), Player::Black);
}

pub(super) fn an_engine_without_the_commands_is_not_asked_them() {
    let hidden = "kata-set-rules,kgs-rules,undo,rectangular_boardsize,fixed_handicap";
    let kind = gtp_engine(referee(hidden)).expect("starts");
    let supports = kind.supports();
    assert!(!supports.undo && !supports.rectangles && !supports.fixed_handicap);
    assert!(!supports.simple_ko && !supports.suicide_forbidden);
    let mut game = kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .expect("game");
    assert_eq!(game.play(Turn::Pass), Ok(()));
    assert!(!game.undo());
    assert_eq!(game.consecutive_passes(), 1);
    let refused = kind
        .start(setup(5, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .err()
        .expect("refused");
    assert!(
        refused.contains("`rectangular_boardsize 5 3` refused"),
        "{refused}"
    );
    // The engine started again after the refusal.
    assert!(kind
        .start(setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None))
        .is_ok());
}

pub(super) fn garbage_is_the_engines_panic() {
    let kind = gtp_engine(referee("captures=,final_score=")).expect("starts");
    let s = setup(3, 3, Rules::TROMP_TAYLOR, Handicap::None);
    let m = compare(
        s,
        vec![Step::Attempt(Turn::Pass); 2],
        &EngineKind::fast(),
        &kind,
        true,
    )
    .expect_err("garbage");
    match m.difference {
        Difference::Panic { message, .. } => {
            assert!(message.starts_with("garbage: "), "{message}");
            assert!(message.contains("captures"), "{message}");
            assert!(
                message.ends_with("its standard error ended with: referee ready"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// After a fixed handicap White moves first: a lost turn undone sets the
/// game up again and replays the turns kept from White's.
pub(super) fn a_lost_turn_after_a_handicap_replays_from_white() {
    let kind = gtp_engine(referee("")).expect("starts");
    let rules = Rules {
        illegal_move: IllegalMove::LosesTurn,
        suicide: Suicide::Forbidden,
        ..Rules::TROMP_TAYLOR
    };
    let mut game = kind
        .start(setup(9, 9, rules, Handicap::Fixed(2)))
        .expect("a game");
    assert_eq!(game.to_move(), Player::White);
    for (x, y) in [(1, 0), (8, 4), (0, 1)] {
        assert_eq!(game.play(Turn::Move(Point::new(x, y))), Ok(()));
    }
    // Black's move into the corner White surrounds is suicide: a turn lost.
    assert_eq!(
        game.play(Turn::Move(Point::new(0, 0))),
        Err(Illegal::Unexplained)
    );
    assert_eq!(game.to_move(), Player::White);
    assert!(game.undo());
    assert_eq!(game.to_move(), Player::Black);
    let grid = game.grid();
    assert_eq!(grid.at(Point::new(1, 0)), Color::White);
    assert_eq!(grid.at(Point::new(8, 4)), Color::Black);
    assert_eq!(grid.at(Point::new(0, 1)), Color::White);
    assert_eq!(grid.at(Point::new(0, 0)), Color::Empty);
    assert_eq!(game.play(Turn::Move(Point::new(4, 4))), Ok(()));
}
