//! The rule options beside the ten rules: scoring, komi, agreement, handicap,
//! suicide, and the preset names and rule strings that select them.
//! Each expected result is derived by hand in the comment above it.

mod common;

use common::{game_after, grid, handicap_game, play, pt, rows, turn};
use tromp_taylor_spec::comments::fixed_handicap_points;
use tromp_taylor_spec::{
    Ending, Game, Handicap, IllegalAgreement, IllegalTurn, Komi, Player, Point, Rules, RulesError,
    Scoring, Suicide, Superko,
};

const TERRITORY: Rules = Rules {
    scoring: Scoring::Territory,
    ..Rules::TROMP_TAYLOR
};

#[test]
fn seki_counts_for_nobody_under_area_and_territory() {
    // 4x2: Black a1 a2, White c1 c2. Black's string has the liberties b1 and
    // b2, shared with White's; White's also has d1 and d2.
    let seki = "a1 c1 a2 c2";
    let game = game_after(4, 2, Rules::default(), seki);
    assert_eq!(rows(&game), "X.O./X.O.");
    // It is a seki: if Black plays b1, her string a1-a2-b1 keeps one
    // liberty, b2, and White b2 then clears all three black stones.
    let mut approach = game.clone();
    play(&mut approach, "b1 b2");
    assert_eq!(rows(&approach), ".OO./..O.");
    // Area (rule 9): Black 2 stones; b1, b2 reach both colors: nobody's.
    // White 2 stones + d1, d2 (reaching only white) = 4. W+2.
    let mut area = game.clone();
    play(&mut area, "pass pass");
    assert_eq!(area.score(Player::Black), 2);
    assert_eq!(area.score(Player::White), 4);
    assert_eq!(area.result().to_string(), "W+2");
    // Territory (comment 9): no prisoners; Black's surrounded space is
    // nothing, White's is d1, d2. 0 to 2: W+2 again, the seki points still
    // nobody's.
    let territory = game_after(4, 2, TERRITORY, &format!("{seki} pass pass"));
    assert_eq!(territory.score(Player::Black), 0);
    assert_eq!(territory.score(Player::White), 2);
    assert_eq!(territory.result().to_string(), "W+2");
}

#[test]
fn territory_counts_prisoners_including_stones_lost_to_suicide() {
    // 4x1: B a1, W c1, B b1 suicides a1-b1 (see the multi-stone suicide
    // test): `..O.`. Then two passes.
    let turns = "a1 c1 b1 pass pass";
    // Area: White c1 + a1, b1, d1 (each reaches only white) = 4; Black 0.
    let area = game_after(4, 1, Rules::default(), turns);
    assert_eq!(area.result().to_string(), "W+4");
    // Territory: White's surrounded space a1, b1, d1 = 3, plus the two black
    // stones lost to Black's own suicide, which we count as White's
    // prisoners (docs/rules.md): 5. Black 0.
    let territory = game_after(4, 1, TERRITORY, turns);
    assert_eq!(territory.prisoners(Player::White), 2);
    assert_eq!(territory.score(Player::White), 5);
    assert_eq!(territory.result().to_string(), "W+5");
}

#[test]
fn territory_counts_captured_stones() {
    // 2x1: B a1, W b1 captures it; two passes. Territory: White's space a1
    // plus one prisoner = 2, the same as area's b1 + a1 = 2.
    let game = game_after(2, 1, TERRITORY, "a1 b1 pass pass");
    assert_eq!(game.prisoners(Player::White), 1);
    assert_eq!(game.score(Player::White), 2);
    assert_eq!(game.score(Player::Black), 0);
}

#[test]
fn komi_is_added_to_white_and_can_make_a_tie() {
    // 1x1: both score 0 (see rule 6's 1x1 test). Komi 0.5 gives White the
    // win by 0.5; komi -0.5 gives it to Black.
    let half = Rules::default().with_komi(Komi::from_half_points(1));
    assert_eq!(
        game_after(1, 1, half, "pass pass").result().to_string(),
        "W+0.5"
    );
    let minus_half = Rules::default().with_komi(Komi::from_half_points(-1));
    assert_eq!(
        game_after(1, 1, minus_half, "pass pass")
            .result()
            .to_string(),
        "B+0.5"
    );
    // 2x1 ends W 2, B 0 (rule 6's 2x1 test). Komi -2: White 2 - 2 = 0,
    // equal to Black's 0: "Equal scores result in a tie".
    let minus_two: Rules = "koPOSITIONALscoreAREAsui1komi-2".parse().unwrap();
    let game = game_after(2, 1, minus_two, "a1 b1 pass pass");
    assert_eq!(game.result().to_string(), "0");
}

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
fn agreement_ends_the_game_after_two_passes_emptying_the_agreed_points() {
    // Seed 004's rules end by agreement. 4x1: B a1, W d1, then two passes:
    // comment 8 lets the players agree, and the game is not over until they do.
    let mut game = game_after(4, 1, Rules::SIMPLE_KO_TERRITORY, "a1 d1 pass pass");
    assert!(!game.is_over());
    // They agree that White's d1 is dead. It is emptied and becomes Black's
    // prisoner: Black has b1, c1, d1 (reaching only black) + 1 prisoner = 4.
    assert_eq!(game.agree(&[pt("d1")]), Ok(()));
    assert!(game.is_over());
    assert_eq!(rows(&game), "X...");
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.score(Player::Black), 4);
    assert_eq!(game.result().to_string(), "B+4");
    assert_eq!(game.agree(&[]), Err(IllegalAgreement::GameOver));
    assert_eq!(game.play(turn("b1")), Err(IllegalTurn::GameOver));
}

#[test]
fn agreement_is_refused_when_not_allowed_and_changes_nothing() {
    let rules = Rules::SIMPLE_KO_TERRITORY;
    // One pass is not enough.
    let mut game = game_after(4, 1, rules, "a1 d1 pass");
    assert_eq!(
        game.agree(&[pt("d1")]),
        Err(IllegalAgreement::NotAfterTwoPasses)
    );
    play(&mut game, "pass");
    // A point off the grid refuses the whole agreement.
    assert_eq!(
        game.agree(&[pt("d1"), Point::new(9, 0)]),
        Err(IllegalAgreement::OffBoard(Point::new(9, 0)))
    );
    assert_eq!(rows(&game), "X..O");
    assert_eq!(game.prisoners(Player::Black), 0);
    assert!(!game.is_over());
    // Rules that end at two passes have no agreement.
    let mut plain = game_after(4, 1, Rules::default(), "a1 d1 pass pass");
    assert_eq!(
        plain.agree(&[pt("d1")]),
        Err(IllegalAgreement::NotInTheseRules)
    );
}

#[test]
fn after_two_passes_play_may_go_on_and_four_passes_end_it_as_is() {
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::default()
    };
    // Two passes, then a move: the game goes on and the pass run restarts.
    let mut game = game_after(4, 1, rules, "a1 d1 pass pass b1");
    assert_eq!(game.consecutive_passes(), 0);
    assert!(!game.is_over());
    // Three passes: still not over. The fourth ends it as is.
    play(&mut game, "pass pass pass");
    assert!(!game.is_over());
    play(&mut game, "pass");
    assert!(game.is_over());
    // As is: `XX.O`; c1 reaches both colors. Black 2, White 1: B+1.
    assert_eq!(rows(&game), "XX.O");
    assert_eq!(game.result().to_string(), "B+1");
}

#[test]
fn free_handicap_gives_black_consecutive_moves() {
    // Comment 5: n consecutive moves before the first white move.
    let mut game = handicap_game(3, 3, Rules::default(), Handicap::Free(2));
    assert_eq!(game.to_move(), Player::Black);
    play(&mut game, "a1");
    assert_eq!(game.to_move(), Player::Black);
    play(&mut game, "c3");
    assert_eq!(game.to_move(), Player::White);
    play(&mut game, "b2");
    assert_eq!(game.to_move(), Player::Black);
    assert_eq!(rows(&game), "..X/.O./X..");
    // A handicap must leave a point empty (so that a black move exists).
    assert!(Game::with_handicap(grid(3, 3), Rules::default(), Handicap::Free(9)).is_err());
    assert!(Game::with_handicap(grid(3, 3), Rules::default(), Handicap::Free(8)).is_ok());
}

#[test]
fn a_pass_during_a_free_handicap_is_one_of_blacks_turns() {
    // Rule 6: "A turn is either a pass; or a move". Black's first two turns
    // are hers; passing one of them gives it up.
    let mut game = handicap_game(3, 3, Rules::default(), Handicap::Free(2));
    play(&mut game, "pass a1");
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.consecutive_passes(), 0);
}

#[test]
fn fixed_handicap_places_the_stones_as_blacks_first_turn() {
    // Seed 004: a 4 stone handicap on 9x9, on the four marked points: the
    // third-line star points c3, g3, c7, g7. White moves next.
    let game = handicap_game(9, 9, Rules::default(), Handicap::Fixed(4));
    let stones: Vec<Point> = game
        .grid()
        .points()
        .filter(|&p| game.color(p) == Some(tromp_taylor_spec::Color::Black))
        .collect();
    assert_eq!(stones, vec![pt("c3"), pt("g3"), pt("c7"), pt("g7")]);
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.turns_taken(), 1);
    // The empty start and the handicap coloring are both earlier colorings.
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
fn forbidden_suicide_is_refused_with_its_reason() {
    // Chinese rules (seed 003, section 5). 4x1: B a1, W c1; Black b1 would
    // reach no empty point after clearing White (c1 still reaches d1).
    let game = game_after(4, 1, Rules::CHINESE, "a1 c1");
    assert_eq!(game.check(turn("b1")), Err(IllegalTurn::Suicide(pt("b1"))));
    // A capture is not suicide: 2x1, B a1, then White b1 clears a1 first and
    // so reaches empty.
    let game = game_after(2, 1, Rules::CHINESE, "a1");
    assert_eq!(game.check(turn("b1")), Ok(()));
    // On 1x1 Black's move is suicide, refused as such before superko.
    let game = game_after(1, 1, Rules::CHINESE, "");
    assert_eq!(game.check(turn("a1")), Err(IllegalTurn::Suicide(pt("a1"))));
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
    assert_eq!(
        read("simple-ko-territory"),
        Rules {
            superko: Superko::SimpleKo,
            suicide: Suicide::Forbidden,
            ending: Ending::Agreement,
            scoring: Scoring::Territory,
            komi: Komi::ZERO,
        }
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
    assert_eq!(read("koPOSITIONALscoreAREAsui0"), Ok(Rules::CHINESE));
    assert_eq!(
        read("koSIMPLEscoreTERRITORYsui0endAGREEMENT"),
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
        Err(RulesError::BadValue { .. })
    ));
}

#[test]
fn every_rule_combination_writes_a_string_that_reads_back() {
    for superko in [Superko::Positional, Superko::Situational, Superko::SimpleKo] {
        for suicide in [Suicide::Allowed, Suicide::Forbidden] {
            for ending in [Ending::TwoPasses, Ending::Agreement] {
                for scoring in [Scoring::Area, Scoring::Territory] {
                    for komi in [0, 15, -1] {
                        let rules = Rules {
                            superko,
                            suicide,
                            ending,
                            scoring,
                            komi: Komi::from_half_points(komi),
                        };
                        assert_eq!(rules.to_string().parse(), Ok(rules), "{rules}");
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
fn a_game_can_start_from_a_setup_position() {
    let g = grid(4, 1);
    // `.OX.` with Black to move: Black a1 makes `XOX.`; White's b1 touches
    // only black and is cleared (rule 7): `X.X.`, one prisoner for Black.
    let position = g.coloring_from_diagram(".OX.").unwrap();
    let mut game =
        Game::from_position(g, Rules::default(), position.clone(), Player::Black).unwrap();
    assert_eq!(game.to_move(), Player::Black);
    play(&mut game, "a1");
    assert_eq!(rows(&game), "X.X.");
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.to_move(), Player::White);
    // With White to move, White d1 makes `.OXO`: Black's c1 is cleared, and
    // the turns alternate from White.
    let mut game = Game::from_position(g, Rules::default(), position, Player::White).unwrap();
    play(&mut game, "d1");
    assert_eq!(rows(&game), ".O.O");
    assert_eq!(game.to_move(), Player::Black);
}

#[test]
fn the_setup_position_is_the_coloring_after_turn_0() {
    // `.X.` with White to move. White a1 is a single-stone suicide: the
    // coloring stays `.X.`, which stood after turn 0, so rule 6 forbids it.
    let g = grid(3, 1);
    let position = g.coloring_from_diagram(".X.").unwrap();
    let game = Game::from_position(g, Rules::default(), position, Player::White).unwrap();
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    // The empty grid is not an earlier coloring of this game.
    assert_eq!(game.earlier_colorings().len(), 1);
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
