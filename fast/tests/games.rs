//! Whole games with hand-derived results, mirroring the rule cases of
//! `spec/tests/games.rs`, plus the options spec tests elsewhere: agreement,
//! territory, komi, handicaps, and refusals of absurd input.

mod common;

use common::{game_after, play, pt, rows, turn};
use tromp_taylor_fast::{
    fixed_handicap_points, Color, Ending, Game, Handicap, IllegalAgreement, IllegalTurn, Komi,
    Outcome, Player, Point, Rules, Scoring, SetupError, SizeError, Superko, Turn,
};

#[test]
fn one_point_allows_only_passes_and_scores_nothing() {
    let mut game = Game::new(1, 1, Rules::default()).unwrap();
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    assert_eq!(game.legal_turns(), vec![Turn::Pass]);
    play(&mut game, "pass pass");
    assert!(game.is_over());
    assert_eq!(game.score(Player::Black), 0);
    assert_eq!(game.score(Player::White), 0);
    assert_eq!(game.result().to_string(), "0");
    assert_eq!(game.check(Turn::Pass), Err(IllegalTurn::GameOver));
}

#[test]
fn two_points_white_captures_and_nobody_can_undo_it() {
    let mut game = game_after(2, 1, Rules::default(), "a1");
    assert_eq!(rows(&game), "X.");
    play(&mut game, "b1");
    assert_eq!(rows(&game), ".O");
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 1
        })
    );
    play(&mut game, "pass");
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    play(&mut game, "pass");
    assert!(game.is_over());
    assert_eq!(game.score(Player::White), 2);
    assert_eq!(game.score(Player::Black), 0);
    assert_eq!(game.result().to_string(), "W+2");
    assert_eq!(game.prisoners(Player::White), 1);
}

#[test]
fn single_stone_suicide_repeats_the_coloring_before_it() {
    let game = game_after(3, 1, Rules::default(), "pass b1");
    assert_eq!(game.to_move(), Player::Black);
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 2
        })
    );
    // Forbidden suicide is reported before superko.
    let chinese = game_after(3, 1, Rules::CHINESE, "pass b1");
    assert_eq!(
        chinese.check(turn("a1")),
        Err(IllegalTurn::Suicide(pt("a1")))
    );
}

#[test]
fn multi_stone_suicide_that_makes_a_new_coloring_is_legal() {
    let mut game = game_after(4, 1, Rules::default(), "a1 c1");
    assert_eq!(rows(&game), "X.O.");
    play(&mut game, "b1");
    assert_eq!(rows(&game), "..O.");
    assert_eq!(game.prisoners(Player::White), 2);
    assert_eq!(game.prisoners(Player::Black), 0);
    let chinese = game_after(4, 1, Rules::CHINESE, "a1 c1");
    assert_eq!(
        chinese.check(turn("b1")),
        Err(IllegalTurn::Suicide(pt("b1")))
    );
}

#[test]
fn a_repetition_that_is_not_a_simple_ko_is_forbidden() {
    let game = game_after(3, 1, Rules::default(), "a1 pass b1 c1 b1 pass");
    assert_eq!(rows(&game), ".X.");
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 3
        })
    );
    let simple = game_after(3, 1, Rules::SIMPLE_KO_TERRITORY, "a1 pass b1 c1 b1 pass");
    assert_eq!(simple.check(turn("a1")), Ok(()));
}

const TRIPLE_KO_SETUP: &str = "b3 c3 a2 b2 b1 d2 c7 c1 b6 b7 d6 a6 c5 b5 \
                               b11 c11 a10 b10 b9 d10 pass c9";

#[test]
fn triple_ko_cycle_is_forbidden_by_superko_but_not_by_simple_ko() {
    let mut game = game_after(4, 11, Rules::default(), TRIPLE_KO_SETUP);
    assert_eq!(game.turns_taken(), 22);
    assert_eq!(game.to_move(), Player::Black);
    let start = game.coloring();
    play(&mut game, "c2 c6 c10 b2 b6");
    assert_eq!(
        game.check(turn("b10")),
        Err(IllegalTurn::Superko {
            point: pt("b10"),
            repeats_turn: 22
        })
    );
    let before = game.coloring();
    assert!(game.play(turn("b10")).is_err());
    assert_eq!(game.coloring(), before);

    let mut simple = game_after(4, 11, Rules::SIMPLE_KO_TERRITORY, TRIPLE_KO_SETUP);
    play(&mut simple, "c2 c6 c10 b2 b6 b10");
    assert_eq!(simple.coloring(), start);
}

#[test]
fn positional_and_situational_superko_disagree() {
    let turns = "a1 c1 b1 c1";
    let positional = game_after(3, 1, Rules::default(), turns);
    assert_eq!(rows(&positional), "..O");
    assert_eq!(
        positional.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 2
        })
    );
    let situational = game_after(3, 1, Rules::NEW_ZEALAND, turns);
    assert_eq!(situational.check(turn("a1")), Ok(()));
    let simple = game_after(3, 1, Rules::SIMPLE_KO_TERRITORY, turns);
    assert_eq!(simple.check(turn("a1")), Ok(()));
}

const KO_SETUP: &str = "b3 c3 a2 b2 b1 c1 pass d2";

#[test]
fn simple_ko_forbids_the_immediate_retake_and_superko_does_too() {
    for rules in [Rules::default(), Rules::SIMPLE_KO_TERRITORY] {
        let mut game = game_after(4, 3, rules, KO_SETUP);
        assert_eq!(rows(&game), ".XO./XO.O/.XO.");
        play(&mut game, "c2");
        assert_eq!(rows(&game), ".XO./X.XO/.XO.");
        let expected = match rules.superko {
            Superko::SimpleKo => IllegalTurn::Ko(pt("b2")),
            _ => IllegalTurn::Superko {
                point: pt("b2"),
                repeats_turn: 8,
            },
        };
        assert_eq!(game.check(turn("b2")), Err(expected));
        // Elsewhere first, then the retake is no longer immediate.
        if rules.superko == Superko::SimpleKo {
            play(&mut game, "d1 a1");
            assert_eq!(game.check(turn("b2")), Ok(()));
        }
    }
}

#[test]
fn simple_ko_after_a_pass_allows_the_retake_where_superko_does_not() {
    let superko = Rules {
        ending: Ending::Agreement,
        ..Rules::default()
    };
    for rules in [superko, Rules::SIMPLE_KO_TERRITORY] {
        let game = game_after(4, 3, rules, &format!("{KO_SETUP} c2 pass pass"));
        assert!(!game.is_over());
        let verdict = game.check(turn("b2"));
        if rules == superko {
            assert_eq!(
                verdict,
                Err(IllegalTurn::Superko {
                    point: pt("b2"),
                    repeats_turn: 8
                })
            );
        } else {
            assert_eq!(verdict, Ok(()));
        }
    }
}

#[test]
fn situational_superko_counts_situations_made_by_passes() {
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::NEW_ZEALAND
    };
    let game = game_after(3, 1, rules, "b1 pass pass");
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 2
        })
    );
}

#[test]
fn situational_superko_allows_a_single_stone_suicide_into_a_new_situation() {
    let mut situational = game_after(3, 1, Rules::NEW_ZEALAND, "b1");
    assert_eq!(situational.check(turn("a1")), Ok(()));
    let positional = game_after(3, 1, Rules::default(), "b1");
    assert_eq!(
        positional.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 1
        })
    );
    // The suicide gives Black a prisoner and leaves the coloring as it was.
    play(&mut situational, "a1");
    assert_eq!(rows(&situational), ".X.");
    assert_eq!(situational.prisoners(Player::Black), 1);
    assert_eq!(situational.to_move(), Player::Black);
}

#[test]
fn a_refused_turn_changes_nothing() {
    let mut game = game_after(3, 3, Rules::default(), "b2 a1");
    let snapshot = |g: &Game| {
        (
            g.coloring(),
            g.to_move(),
            g.turns_taken(),
            g.consecutive_passes(),
            g.legal_turns(),
            g.hash(),
        )
    };
    let before = snapshot(&game);
    let refusals = [
        (turn("b2"), IllegalTurn::Occupied(pt("b2"))),
        (turn("d1"), IllegalTurn::OffBoard(pt("d1"))),
        (turn("a9"), IllegalTurn::OffBoard(pt("a9"))),
        (
            Turn::Move(Point::new(usize::MAX, usize::MAX)),
            IllegalTurn::OffBoard(Point::new(usize::MAX, usize::MAX)),
        ),
    ];
    for (attempt, reason) in refusals {
        assert_eq!(game.play(attempt), Err(reason));
        assert_eq!(snapshot(&game), before);
    }
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut game = game_after(2, 2, Rules::default(), "a1 pass pass");
    assert!(game.is_over());
    assert_eq!(game.legal_turns(), Vec::<Turn>::new());
    assert_eq!(game.play(turn("b2")), Err(IllegalTurn::GameOver));
    assert_eq!(game.play(turn("z9")), Err(IllegalTurn::GameOver));
    assert_eq!(game.play(Turn::Pass), Err(IllegalTurn::GameOver));
    assert_eq!(rows(&game), "../X.");
}

#[test]
fn a_move_resets_the_run_of_passes() {
    let game = game_after(3, 3, Rules::default(), "pass b2 pass");
    assert_eq!(game.consecutive_passes(), 1);
    assert!(!game.is_over());
}

#[test]
fn the_largest_and_the_thinnest_boards_play() {
    let mut game = Game::new(52, 52, Rules::default()).unwrap();
    game.play_at(51, 51).unwrap();
    game.play_at(50, 51).unwrap();
    game.pass().unwrap();
    game.play_at(51, 50).unwrap();
    assert_eq!(game.color(51, 51), Some(Color::Empty));
    assert_eq!(game.prisoners(Player::White), 1);
    assert_eq!(game.color(52, 0), None);
    assert_eq!(game.legal_turns().len(), 1 + 52 * 52 - 2 - 1);
    let line = game_after(1, 52, Rules::default(), "a1 pass pass");
    assert_eq!(line.score(Player::Black), 52);
    assert_eq!(line.result().to_string(), "B+52");
}

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
fn seki_scores_nothing_for_its_shared_liberties() {
    // 5x1: X X . O O: the middle point reaches both colors, so neither owns it.
    let game = game_after(5, 1, Rules::default(), "a1 e1 b1 d1 pass pass");
    assert!(game.is_over());
    assert_eq!(game.score(Player::Black), 2);
    assert_eq!(game.score(Player::White), 2);
    assert_eq!(game.result(), Outcome::Tie);
}

#[test]
fn territory_scoring_counts_prisoners_and_komi_goes_to_white() {
    // 2x1: White captures Black's a1 and owns a1; Black has nothing.
    let rules = Rules {
        scoring: Scoring::Territory,
        komi: Komi::from_half_points(13),
        ..Rules::default()
    };
    let game = game_after(2, 1, rules, "a1 b1 pass pass");
    // Territory: White's empty a1 (1) + 1 prisoner = 2; komi 6.5.
    assert_eq!(game.score(Player::White), 2);
    assert_eq!(game.score(Player::Black), 0);
    assert_eq!(game.result().to_string(), "W+8.5");
    let area = game_after(3, 1, Rules::default().with_komi_half(-1), "b1 pass pass");
    assert_eq!(area.result().to_string(), "B+3.5");
}

trait WithKomi {
    fn with_komi_half(self, half_points: i32) -> Rules;
}

impl WithKomi for Rules {
    fn with_komi_half(self, half_points: i32) -> Rules {
        Rules {
            komi: Komi::from_half_points(half_points),
            ..self
        }
    }
}

#[test]
fn agreement_empties_the_named_points_and_ends_the_game() {
    let rules = Rules::SIMPLE_KO_TERRITORY;
    let mut game = game_after(3, 3, rules, "a1 b2");
    assert_eq!(game.agree(&[]), Err(IllegalAgreement::NotAfterTwoPasses));
    play(&mut game, "pass pass");
    assert!(!game.is_over());
    assert_eq!(
        game.agree(&[pt("a1"), pt("d1")]),
        Err(IllegalAgreement::OffBoard(pt("d1")))
    );
    assert_eq!(game.color(0, 0), Some(Color::Black));
    game.agree(&[pt("a1"), pt("a1"), pt("c3")]).unwrap();
    assert!(game.is_over());
    assert_eq!(game.color(0, 0), Some(Color::Empty));
    assert_eq!(game.prisoners(Player::White), 1);
    // White's b2 owns the board: 8 empty points + 1 prisoner.
    assert_eq!(game.score(Player::White), 9);
    assert_eq!(game.agree(&[]), Err(IllegalAgreement::GameOver));
    assert_eq!(game.hash(), game.hash_from_scratch());
    assert!(game.undo());
    assert!(!game.is_over());
    assert_eq!(game.color(0, 0), Some(Color::Black));
    assert_eq!(game.prisoners(Player::White), 0);

    let mut tt = game_after(3, 3, Rules::default(), "pass pass");
    assert_eq!(tt.agree(&[]), Err(IllegalAgreement::NotInTheseRules));
    assert!(tt.is_over());

    // Four passes end an agreement game as is.
    let mut four = game_after(3, 3, rules, "b2 pass pass pass");
    assert!(!four.is_over());
    play(&mut four, "pass");
    assert!(four.is_over());
    assert_eq!(four.check(Turn::Pass), Err(IllegalTurn::GameOver));
}

#[test]
fn free_handicap_gives_black_consecutive_turns() {
    let mut game = Game::with_handicap(5, 5, Rules::default(), Handicap::Free(3)).unwrap();
    for _ in 0..3 {
        assert_eq!(game.to_move(), Player::Black);
        game.pass().unwrap();
        if game.is_over() {
            break;
        }
    }
    // Two passes already ended it: a pass counts as a handicap turn.
    assert!(game.is_over());
    let mut game = Game::with_handicap(5, 5, Rules::default(), Handicap::Free(3)).unwrap();
    play(&mut game, "a1 b1 c1");
    assert_eq!(game.to_move(), Player::White);
    play(&mut game, "e5");
    assert_eq!(game.to_move(), Player::Black);
    assert_eq!(
        Game::with_handicap(2, 2, Rules::default(), Handicap::Free(4)).unwrap_err(),
        SetupError::BadHandicap {
            handicap: Handicap::Free(4),
            why: "a free handicap must leave at least one point empty"
        }
    );
}

#[test]
fn fixed_handicap_places_the_star_points_and_white_moves_next() {
    let game = Game::with_handicap(19, 19, Rules::default(), Handicap::Fixed(9)).unwrap();
    assert_eq!(game.turns_taken(), 1);
    assert_eq!(game.to_move(), Player::White);
    let stones = game
        .coloring()
        .iter()
        .filter(|&&c| c == Color::Black)
        .count();
    assert_eq!(stones, 9);
    for (x, y) in [(3, 3), (15, 15), (3, 15), (15, 3), (9, 9), (3, 9), (9, 3)] {
        assert_eq!(game.color(x, y), Some(Color::Black));
    }
    assert_eq!(
        fixed_handicap_points(9, 9, 2).unwrap(),
        vec![Point::new(2, 2), Point::new(6, 6)]
    );
    let mut g = game.clone();
    assert!(!g.undo(), "the fixed placement is part of the setup");
    for (w, h, n) in [(9, 9, 1), (9, 9, 10), (6, 9, 2), (7, 7, 5), (10, 10, 5)] {
        assert!(matches!(
            Game::with_handicap(w, h, Rules::default(), Handicap::Fixed(n)),
            Err(SetupError::BadHandicap { .. })
        ));
    }
    // Under simple ko the coloring before the handicap turn is the empty board.
    let simple = Game::with_handicap(9, 9, Rules::SIMPLE_KO_TERRITORY, Handicap::Fixed(4));
    assert_eq!(simple.unwrap().legal_turns().len(), 1 + 81 - 4);
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
