//! The rule options beside the ten rules, where the case suite cannot
//! state them: komi and rule strings as text, the typed reasons for refusing
//! an agreement, a handicap or a setup position, and the fixed handicap
//! table. How the options play is in `testdata/cases/` (comment-5 to
//! comment-10, seed-004, setup), run on spec by `tests/cases.rs`.

mod common;

use common::{game_after, grid, play, pt};
use tromp_taylor_spec::comments::fixed_handicap_points;
use tromp_taylor_spec::{
    Ending, Game, Handicap, IllegalAgreement, IllegalMove, IllegalTurn, Komi, Player, Point, Rules,
    RulesError, Scoring, Suicide, Superko, Turn,
};

#[test]
fn komi_reads_multiples_of_a_half_only() {
    let read = |s: &str| s.parse::<Komi>().map(Komi::half_points);
    assert_eq!(read("7.5"), Ok(15));
    assert_eq!(read("-3"), Ok(-6));
    assert_eq!(read("+0.5"), Ok(1));
    assert_eq!(read("6.50"), Ok(13));
    assert_eq!(read(".5"), Ok(1));
    assert_eq!(read("0"), Ok(0));
    for bad in [
        "",
        "-",
        ".",
        "7.25",
        "abc",
        "1e3",
        "7,5",
        "--1",
        "9999999999",
    ] {
        assert!(read(bad).is_err(), "{bad:?}");
    }
    for half_points in [-15, -1, 0, 1, 2, 13] {
        let komi = Komi::from_half_points(half_points);
        assert_eq!(komi.to_string().parse(), Ok(komi));
    }
}

#[test]
fn a_situational_superko_refusal_names_the_situation_and_its_turn() {
    // The case comment-6/ssk-situation-made-by-a-pass: .X. first stood
    // after turn 1 with White to move; with Black to move, after turn 2.
    let rules = Rules {
        superko: Superko::Situational,
        ending: Ending::Agreement,
        ..Rules::default()
    };
    let mut game = game_after(3, 1, rules, "b1 pass pass");
    let refused = game.play_at(pt("a1")).unwrap_err();
    assert_eq!(
        refused,
        IllegalTurn::SituationalSuperko {
            point: pt("a1"),
            repeats_turn: 2,
            to_move: Player::Black
        }
    );
    assert_eq!(
        refused.to_string(),
        "a move at (0, 0) repeats the situation after turn 2, the same grid coloring with Black to move (situational superko, comment 6)"
    );
}

#[test]
fn an_illegal_move_loses_the_turn_only_when_the_rules_say_so() {
    // Seed 003, chapter 3, section 19, under the chinese preset; the ten
    // rules refuse the same move and the player moves again.
    let mut chinese = game_after(3, 1, Rules::CHINESE, "b1");
    assert_eq!(
        chinese.play_at(pt("a1")),
        Err(IllegalTurn::Suicide(pt("a1")))
    );
    assert_eq!(
        (chinese.to_move(), chinese.turns_taken()),
        (Player::Black, 2)
    );
    let mut refused = game_after(3, 1, Rules::CHINESE, "b1");
    assert!(refused.play_at(pt("b1")).is_err()); // occupied: nothing lost
    assert_eq!(refused.to_move(), Player::White);
    let no_suicide = Rules {
        suicide: Suicide::Forbidden,
        ..Rules::default()
    };
    let mut ten_rules = game_after(3, 1, no_suicide, "b1");
    assert!(ten_rules.play_at(pt("a1")).is_err());
    assert_eq!(ten_rules.to_move(), Player::White);
}

#[test]
fn komi_refusals_say_what_is_wrong() {
    // Only a fraction other than .0 or .5 is "not a multiple of 0.5"; a
    // large komi is too large, text is not a number.
    let why = |s: &str| match s.parse::<Komi>() {
        Err(RulesError::BadKomi { why, .. }) => why,
        other => panic!("{s:?} read as {other:?}"),
    };
    assert_eq!(why("7.25"), "it is not a multiple of 0.5");
    assert_eq!(why(""), "it is empty");
    for text in ["abc", "1e3", "7,5", "--1", "-", ".", "nan", "inf"] {
        assert_eq!(why(text), "it is not a decimal number", "{text:?}");
    }
    for text in ["9999999999", "1000000000.5", "-12345678901234567890"] {
        assert!(why(text).starts_with("it is too large"), "{text:?}");
    }
    let read = |s: &str| s.parse::<Komi>().map(Komi::half_points);
    assert_eq!(read("1000000000"), Ok(2_000_000_000));
    assert_eq!(read("-0001000000000.0"), Ok(-2_000_000_000));
    assert_eq!(read("123456789.5"), Ok(246_913_579));
    // A komi already read as a number (SGF's KM) is judged the same way.
    assert_eq!(Komi::from_points(-6.5), Ok(Komi::from_half_points(-13)));
    let from_points = |points: f64| match Komi::from_points(points) {
        Err(RulesError::BadKomi { why, .. }) => why,
        other => panic!("{points} read as {other:?}"),
    };
    assert_eq!(from_points(0.3), "it is not a multiple of 0.5");
    assert_eq!(from_points(f64::NAN), "it is not a finite number");
    assert!(from_points(1e12).starts_with("it is too large"));
    let message = "7.25".parse::<Komi>().unwrap_err().to_string();
    assert_eq!(
        message,
        "cannot read komi \"7.25\": it is not a multiple of 0.5 (write e.g. 7.5 or -3)"
    );
}

#[test]
fn agreement_refusals_say_why() {
    // The verdicts are cases (comment-8/agreement-refused and its
    // neighbours); the typed reasons are spec's own.
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::SIMPLE_KO_TERRITORY
    };
    let mut game = game_after(4, 1, rules, "a1 d1 pass");
    assert_eq!(
        game.agree(&[pt("d1")]),
        Err(IllegalAgreement::NotAfterTwoPasses)
    );
    play(&mut game, "pass");
    assert_eq!(
        game.agree(&[pt("d1"), Point::new(9, 0)]),
        Err(IllegalAgreement::OffBoard(Point::new(9, 0)))
    );
    assert_eq!(game.agree(&[pt("d1")]), Ok(()));
    assert_eq!(game.agree(&[]), Err(IllegalAgreement::GameOver));
    assert_eq!(game.play(Turn::Pass), Err(IllegalTurn::GameOver));
    let mut plain = game_after(4, 1, Rules::default(), "a1 d1 pass pass");
    assert_eq!(
        plain.agree(&[pt("d1")]),
        Err(IllegalAgreement::NotInTheseRules)
    );
}

#[test]
fn a_free_handicap_must_leave_a_point_empty() {
    // So that a black move exists: while a point stays empty, no handicap
    // move can repeat a coloring (docs/rules.md).
    let free = |n| Game::with_handicap(grid(3, 3), Rules::default(), Handicap::Free(n));
    assert!(matches!(free(9), Err(RulesError::BadHandicap { .. })));
    assert!(free(8).is_ok());
    // A handicap of one is Black's ordinary first move: the game of rule 5,
    // which every grid can play, 1x1 included.
    let one = Game::with_handicap(grid(1, 1), Rules::default(), Handicap::Free(1));
    assert!(one.is_ok());
}

#[test]
fn a_fixed_handicap_is_turn_1_and_its_coloring_an_earlier_one() {
    // Seed 004: the stones are Black's first turn (where they stand is the
    // case comment-5/fixed-handicap-9x9). The empty start and the handicap
    // coloring are both earlier colorings.
    let game = Game::with_handicap(grid(9, 9), Rules::default(), Handicap::Fixed(4)).unwrap();
    assert_eq!(game.turns_taken(), 1);
    assert_eq!(game.earlier_colorings().len(), 2);
}

#[test]
fn fixed_handicap_points_follow_the_gtp_table() {
    let g19 = grid(19, 19);
    // D4 Q16 D16 Q4, then D10 Q10 (middle row sides), K4 K16, K10: the
    // fourth-line star points, as (x, y) from 0.
    let nine = fixed_handicap_points(&g19, 9).unwrap();
    let expected = [
        (3, 3),
        (15, 15),
        (3, 15),
        (15, 3),
        (3, 9),
        (15, 9),
        (9, 3),
        (9, 15),
        (9, 9),
    ];
    assert_eq!(
        nine,
        expected
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect::<Vec<_>>()
    );
    // Five is the four corners and the centre; seven adds the middle-row sides.
    assert_eq!(fixed_handicap_points(&g19, 5).unwrap()[4], Point::new(9, 9));
    assert_eq!(fixed_handicap_points(&g19, 7).unwrap().len(), 7);
    // Refused: 1 or 10 stones, sides under 7, more than 4 on 7x7 or an even side.
    assert!(fixed_handicap_points(&g19, 1).is_err());
    assert!(fixed_handicap_points(&g19, 10).is_err());
    assert!(fixed_handicap_points(&grid(5, 5), 2).is_err());
    assert!(fixed_handicap_points(&grid(7, 7), 5).is_err());
    assert!(fixed_handicap_points(&grid(8, 8), 5).is_err());
    assert_eq!(fixed_handicap_points(&grid(8, 8), 4).unwrap().len(), 4);
    assert!(matches!(
        Game::with_handicap(grid(5, 5), Rules::default(), Handicap::Fixed(2)),
        Err(RulesError::BadHandicap { .. })
    ));
}

#[test]
fn presets_name_the_options_of_their_sources() {
    let read = |s: &str| s.parse::<Rules>().unwrap();
    assert_eq!(read("tromp-taylor"), Rules::default());
    assert_eq!(read("TrompTaylor"), Rules::default());
    assert_eq!(read("tt"), Rules::default());
    assert_eq!(
        read("chinese"),
        Rules {
            suicide: Suicide::Forbidden,
            // Seed 003, chapter 3, section 19: "the move is declared invalid
            // and the player loses his turn".
            illegal_move: IllegalMove::LosesTurn,
            ..Rules::default()
        }
    );
    assert_eq!(
        read("new_zealand"),
        Rules {
            superko: Superko::Situational,
            ..Rules::default()
        }
    );
    assert_eq!(read("NZ"), Rules::NEW_ZEALAND);
    // Seed 004: simple ko, no suicide, territory, and "When both players
    // pass successively the game ends": two passes, no agreement.
    let lesson = read("simple-ko-territory");
    assert_eq!(lesson, Rules::SIMPLE_KO_TERRITORY);
    assert_eq!(
        (
            lesson.superko,
            lesson.suicide,
            lesson.ending,
            lesson.scoring
        ),
        (
            Superko::SimpleKo,
            Suicide::Forbidden,
            Ending::TwoPasses,
            Scoring::Territory
        )
    );
    assert_eq!(
        (lesson.komi, lesson.illegal_move),
        (Komi::ZERO, IllegalMove::Refused)
    );
}

#[test]
fn compact_rule_strings_read_katagos_form() {
    let read = |s: &str| s.parse::<Rules>();
    assert_eq!(read("koPOSITIONALscoreAREAsui1"), Ok(Rules::TROMP_TAYLOR));
    assert_eq!(
        read("koPOSITIONALscoreAREAtaxNONEsui1button0whb0"),
        Ok(Rules::TROMP_TAYLOR)
    );
    assert_eq!(read("koSITUATIONALscoreAREAsui1"), Ok(Rules::NEW_ZEALAND));
    assert_eq!(
        read("koPOSITIONALscoreAREAsui0illegalLOSETURN"),
        Ok(Rules::CHINESE)
    );
    assert_eq!(
        read("koPOSITIONALscoreAREAsui0illegalREFUSED").map(|r| r.illegal_move),
        Ok(IllegalMove::Refused)
    );
    assert!(matches!(
        read("illegalFORFEIT"),
        Err(RulesError::BadValue { .. })
    ));
    assert_eq!(
        read("koSIMPLEscoreTERRITORYsui0"),
        Ok(Rules::SIMPLE_KO_TERRITORY)
    );
    assert_eq!(
        read("koPOSITIONALscoreAREAsui1komi7.5").map(|r| r.komi),
        Ok(Komi::from_half_points(15))
    );
    assert!(matches!(read("japanese"), Err(RulesError::Unknown(_))));
    assert!(matches!(read(""), Err(RulesError::Unknown(_))));
    assert!(matches!(
        read("koFOOscoreAREA"),
        Err(RulesError::BadValue { .. })
    ));
    assert!(matches!(
        read("koSIMPLEtaxSEKI"),
        Err(RulesError::Unsupported { .. })
    ));
    assert!(matches!(
        read("koSIMPLEbutton1"),
        Err(RulesError::Unsupported { .. })
    ));
    assert!(matches!(
        read("koSIMPLEfoo1"),
        Err(RulesError::UnknownKey(_))
    ));
    assert!(matches!(
        read("koPOSITIONALkomi7.25"),
        Err(RulesError::BadKomi { .. })
    ));
}

#[test]
fn every_rule_combination_writes_a_string_that_reads_back() {
    for superko in [Superko::Positional, Superko::Situational, Superko::SimpleKo] {
        for suicide in [Suicide::Allowed, Suicide::Forbidden] {
            for ending in [Ending::TwoPasses, Ending::Agreement] {
                for scoring in [Scoring::Area, Scoring::Territory] {
                    for komi in [0, 15, -1] {
                        for illegal_move in [IllegalMove::Refused, IllegalMove::LosesTurn] {
                            let rules = Rules {
                                superko,
                                suicide,
                                ending,
                                scoring,
                                komi: Komi::from_half_points(komi),
                                illegal_move,
                            };
                            assert_eq!(rules.to_string().parse(), Ok(rules), "{rules}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn rule_errors_say_what_to_write_instead() {
    let message = "japanese".parse::<Rules>().unwrap_err().to_string();
    assert!(message.contains("tromp-taylor"), "{message}");
    assert!(message.contains("koPOSITIONALscoreAREAsui1"), "{message}");
}

#[test]
fn a_setup_position_that_cannot_stand_is_refused() {
    // `XO` on 2x1: neither string reaches empty (comment 4). The first stone
    // of the first such string in point order is a1.
    let g = grid(2, 1);
    let position = g.coloring_from_diagram("XO").unwrap();
    assert_eq!(
        Game::from_position(g, Rules::default(), position, Player::Black).unwrap_err(),
        RulesError::StringWithoutLiberty(pt("a1"))
    );
    let wrong = grid(3, 1).coloring_from_diagram("X..").unwrap();
    assert_eq!(
        Game::from_position(g, Rules::default(), wrong, Player::Black).unwrap_err(),
        RulesError::WrongLength {
            expected: 2,
            got: 3
        }
    );
}
