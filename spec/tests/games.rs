//! Whole games under the ten rules, each expected result derived by hand
//! from the rule texts (the derivation is in the comment above each check).
//!
//! Points are written `a1` (column a, row 1 at the bottom); rows are shown
//! top row first, joined by `/`, with `X` black, `O` white, `.` empty.

mod common;

use common::{game_after, grid, play, pt, rows, turn};
use tromp_taylor_spec::{Game, IllegalTurn, Player, Rules, Turn};

#[test]
fn one_point_allows_only_passes_and_scores_nothing() {
    let mut game = Game::new(grid(1, 1), Rules::default());
    // Rule 7: Black colors a1, clears White (nothing), then clears Black: a1
    // does not reach empty (it has no neighbour), so it is emptied. The
    // result is the empty grid, which stood at the start (turn 0): rule 6
    // forbids it.
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    assert_eq!(game.legal_turns(), vec![Turn::Pass]);
    play(&mut game, "pass pass");
    // Rule 8: two consecutive passes end the game.
    assert!(game.is_over());
    // Rule 9: no points of either color, and the one empty point reaches
    // neither color. Rule 10: equal scores, a tie.
    assert_eq!(game.score(Player::Black), 0);
    assert_eq!(game.score(Player::White), 0);
    assert_eq!(game.result().to_string(), "0");
    assert_eq!(game.check(Turn::Pass), Err(IllegalTurn::GameOver));
}

#[test]
fn two_points_white_captures_and_nobody_can_undo_it() {
    let mut game = game_after(2, 1, Rules::default(), "a1");
    assert_eq!(rows(&game), "X.");
    // White b1: colored `XO`; clearing Black empties a1 (its only neighbour
    // is white, so it does not reach empty); clearing White then finds b1
    // reaching the new empty a1. Result `.O`: a capture.
    play(&mut game, "b1");
    assert_eq!(rows(&game), ".O");
    // Black a1 would give `XO`, clear White (b1 does not reach empty) and
    // leave `X.`: the coloring after turn 1. Rule 6 forbids it.
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 1
        })
    );
    play(&mut game, "pass");
    // White a1 would give `OO`; clearing Black does nothing; clearing White
    // empties both (no empty point left to reach): `..`, the empty start.
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    play(&mut game, "pass");
    assert!(game.is_over());
    // Rule 9: White has b1 and the empty a1, which reaches only white: 2.
    // Black has nothing: 0. Rule 10: White wins by 2.
    assert_eq!(game.score(Player::White), 2);
    assert_eq!(game.score(Player::Black), 0);
    assert_eq!(game.result().to_string(), "W+2");
}

#[test]
fn single_stone_suicide_repeats_the_coloring_before_it() {
    // `.O.` on 3x1 after Black passes and White plays b1; Black to move.
    let game = game_after(3, 1, Rules::default(), "pass b1");
    assert_eq!(game.to_move(), Player::Black);
    // Black a1: `XO.`; clearing White does nothing (b1 reaches c1); clearing
    // Black empties a1 (its one neighbour is white). The result `.O.` is the
    // coloring before the move, which stood first after turn 2.
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 2
        })
    );
}

#[test]
fn multi_stone_suicide_that_makes_a_new_coloring_is_legal() {
    let mut game = game_after(4, 1, Rules::default(), "a1 c1");
    assert_eq!(rows(&game), "X.O.");
    // Black b1: `XXO.`; clearing White does nothing (c1 reaches d1); clearing
    // Black empties a1 and b1 (their path a1-b1 meets only white). `..O.`
    // never stood before, so rule 6 allows it: suicide of two stones.
    play(&mut game, "b1");
    assert_eq!(rows(&game), "..O.");
    // Comment 9's bookkeeping: the two stones Black lost are White's prisoners.
    assert_eq!(game.prisoners(Player::White), 2);
    assert_eq!(game.prisoners(Player::Black), 0);
}

#[test]
fn a_repetition_that_is_not_a_simple_ko_is_forbidden() {
    // The example of the issue that founded this crate, on 1x3:
    // B a1 `X..`, W pass, B b1 `XX.` (turn 3), W c1: `XXO`, Black's a1-b1
    // reaches no empty point and is cleared: `..O`. B b1: `.XO`, White's c1
    // is cleared: `.X.`. W pass.
    let game = game_after(3, 1, Rules::default(), "a1 pass b1 c1 b1 pass");
    assert_eq!(rows(&game), ".X.");
    // Black a1 gives `XX.` and clears nothing: it captures nothing, yet it
    // recreates the coloring after turn 3, so rule 6 forbids it.
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 3
        })
    );
    // Seed 004's simple ko forbids only taking back a single stone just
    // captured; the last turn was a pass, so under simple ko it is legal.
    let simple_ko = Rules::SIMPLE_KO_TERRITORY;
    let simple = game_after(3, 1, simple_ko, "a1 pass b1 c1 b1 pass");
    assert_eq!(simple.check(turn("a1")), Ok(()));
}

/// The three kos, on a 4x11 grid, before anyone takes one:
///
/// ```text
///  11 . X O .      ko C: White's b10 has one liberty, c10
///  10 X O . O
///   9 . X O .
///   8 . . . .
///   7 . O X .      ko B: Black's b6 has one liberty, c6
///   6 O X . X
///   5 . O X .
///   4 . . . .
///   3 . X O .      ko A: White's b2 has one liberty, c2
///   2 X O . O
///   1 . X O .
///     a b c d
/// ```
const TRIPLE_KO_SETUP: &str = "b3 c3 a2 b2 b1 d2 c7 c1 b6 b7 d6 a6 c5 b5 \
                               b11 c11 a10 b10 b9 d10 pass c9";

#[test]
fn triple_ko_cycle_is_forbidden_by_superko_but_not_by_simple_ko() {
    let mut game = game_after(4, 11, Rules::default(), TRIPLE_KO_SETUP);
    assert_eq!(game.turns_taken(), 22);
    assert_eq!(game.to_move(), Player::Black);
    let start = game.coloring().clone();
    // Each take fills a ko's last liberty and clears the single stone inside:
    // B c2 takes A, W c6 takes B, B c10 takes C; then each is taken back,
    // none immediately after it was taken: W b2 retakes A, B b6 retakes B.
    play(&mut game, "c2 c6 c10 b2 b6");
    // W b10 would retake C and restore all three kos: the coloring after
    // turn 22. Rule 6 forbids it.
    assert_eq!(
        game.check(turn("b10")),
        Err(IllegalTurn::Superko {
            point: pt("b10"),
            repeats_turn: 22
        })
    );
    let mut after_w_b10 = game.clone();
    assert!(after_w_b10.play(turn("b10")).is_err());
    assert_eq!(after_w_b10.coloring(), game.coloring());

    // Under simple ko, the previous turn (B b6) captured a white stone in ko
    // B, and W b10 does not take that back: it is legal, and the three kos
    // cycle back to where they began.
    let mut simple = game_after(4, 11, Rules::SIMPLE_KO_TERRITORY, TRIPLE_KO_SETUP);
    play(&mut simple, "c2 c6 c10 b2 b6 b10");
    assert_eq!(simple.coloring(), &start);
}

#[test]
fn positional_and_situational_superko_disagree() {
    // 1x3: B a1 `X..`, W c1 `X.O` (turn 2, Black to move), B b1 `XXO` clears
    // White's c1: `XX.`, W c1 `XXO` clears Black's a1-b1: `..O`.
    let turns = "a1 c1 b1 c1";
    let positional = game_after(3, 1, Rules::default(), turns);
    assert_eq!(rows(&positional), "..O");
    // B a1 gives `X.O`, clearing nothing. That coloring stood after turn 2,
    // so rule 6 forbids it ...
    assert_eq!(
        positional.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 2
        })
    );
    // ... but after turn 2 Black was to move, while after this move White
    // would be: comment 6's situational rule allows it.
    let situational = game_after(3, 1, Rules::NEW_ZEALAND, turns);
    assert_eq!(situational.check(turn("a1")), Ok(()));
    // Simple ko allows it too: the last turn captured two stones, not one.
    let simple = game_after(3, 1, Rules::SIMPLE_KO_TERRITORY, turns);
    assert_eq!(simple.check(turn("a1")), Ok(()));
}

/// A single ko on 4x3, White's b2 in atari, after `KO_SETUP`:
///
/// ```text
///  3 . X O .
///  2 X O . O
///  1 . X O .
///    a b c d
/// ```
const KO_SETUP: &str = "b3 c3 a2 b2 b1 c1 pass d2";

#[test]
fn simple_ko_forbids_the_immediate_retake_and_superko_does_too() {
    for rules in [Rules::default(), Rules::SIMPLE_KO_TERRITORY] {
        let mut game = game_after(4, 3, rules, KO_SETUP);
        assert_eq!(rows(&game), ".XO./XO.O/.XO.");
        // B c2 fills b2's last liberty; White's b2 is cleared: one stone.
        play(&mut game, "c2");
        assert_eq!(rows(&game), ".XO./X.XO/.XO.");
        // W b2 would clear Black's c2 and recreate the coloring after turn 8.
        let expected = match rules.superko {
            tromp_taylor_spec::Superko::SimpleKo => IllegalTurn::Ko(pt("b2")),
            _ => IllegalTurn::Superko {
                point: pt("b2"),
                repeats_turn: 8,
            },
        };
        assert_eq!(game.check(turn("b2")), Err(expected));
    }
}

#[test]
fn simple_ko_after_a_pass_allows_the_retake_where_superko_does_not() {
    // Both games end by agreement, so two passes do not end them (comment 8).
    let superko = Rules {
        ending: tromp_taylor_spec::Ending::Agreement,
        ..Rules::default()
    };
    for rules in [superko, Rules::SIMPLE_KO_TERRITORY] {
        // B c2 takes the ko; W passes; B passes.
        let game = game_after(4, 3, rules, &format!("{KO_SETUP} c2 pass pass"));
        assert!(!game.is_over());
        let verdict = game.check(turn("b2"));
        if rules == superko {
            // W b2 recreates the coloring after turn 8: rule 6 forbids it.
            assert_eq!(
                verdict,
                Err(IllegalTurn::Superko {
                    point: pt("b2"),
                    repeats_turn: 8
                })
            );
        } else {
            // "one stone has just been captured": the last turn was Black's
            // pass, which captured nothing, so the retake is not immediate.
            assert_eq!(verdict, Ok(()));
        }
    }
}

#[test]
fn situational_superko_counts_situations_made_by_passes() {
    // New Zealand rules with the agreement ending, so that play goes on after
    // two passes. 1x3: B b1 `.X.` (White to move), W pass (`.X.`, Black to
    // move: turn 2), B pass (`.X.`, White to move).
    let rules = Rules {
        ending: tromp_taylor_spec::Ending::Agreement,
        ..Rules::NEW_ZEALAND
    };
    let game = game_after(3, 1, rules, "b1 pass pass");
    // W a1: `OX.`, clearing Black does nothing (b1 reaches c1), clearing
    // White empties a1. `.X.` with Black to move: the situation after the
    // pass of turn 2. Read literally, comment 6 forbids repeating it.
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
    // 1x3: B b1 `.X.`, White to move. W a1 is a single-stone suicide leaving
    // `.X.` with Black to move, a situation that never stood: comment 6
    // allows it, while rule 6 (positional) forbids it (`.X.` stood after
    // turn 1).
    let situational = game_after(3, 1, Rules::NEW_ZEALAND, "b1");
    assert_eq!(situational.check(turn("a1")), Ok(()));
    let positional = game_after(3, 1, Rules::default(), "b1");
    assert_eq!(
        positional.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 1
        })
    );
}

#[test]
fn a_refused_turn_changes_nothing() {
    let mut game = game_after(3, 3, Rules::default(), "b2 a1");
    let before = (
        game.coloring().clone(),
        game.to_move(),
        game.turns_taken(),
        game.consecutive_passes(),
        game.legal_turns(),
        game.earlier_colorings().clone(),
    );
    let refusals = [
        (turn("b2"), IllegalTurn::Occupied(pt("b2"))),
        (turn("d1"), IllegalTurn::OffBoard(pt("d1"))),
        (turn("a9"), IllegalTurn::OffBoard(pt("a9"))),
    ];
    for (attempt, reason) in refusals {
        assert_eq!(game.play(attempt), Err(reason));
        let after = (
            game.coloring().clone(),
            game.to_move(),
            game.turns_taken(),
            game.consecutive_passes(),
            game.legal_turns(),
            game.earlier_colorings().clone(),
        );
        assert_eq!(after, before);
    }
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut game = game_after(2, 2, Rules::default(), "a1 pass pass");
    assert!(game.is_over());
    assert_eq!(game.legal_turns(), Vec::<Turn>::new());
    assert_eq!(game.play(turn("b2")), Err(IllegalTurn::GameOver));
    assert_eq!(game.play(Turn::Pass), Err(IllegalTurn::GameOver));
    assert_eq!(rows(&game), "../X.");
}

#[test]
fn a_move_resets_the_run_of_passes() {
    // Rule 8 needs two *consecutive* passes: pass, move, pass is not the end.
    let game = game_after(3, 3, Rules::default(), "pass b2 pass");
    assert_eq!(game.consecutive_passes(), 1);
    assert!(!game.is_over());
}

#[test]
fn the_largest_and_the_thinnest_grids_play() {
    // 52x52: a corner stone surrounded by two white stones is captured.
    let mut game = Game::new(grid(52, 52), Rules::default());
    let corner = tromp_taylor_spec::Point::new(51, 51);
    let left = tromp_taylor_spec::Point::new(50, 51);
    let below = tromp_taylor_spec::Point::new(51, 50);
    game.play_at(corner).unwrap();
    game.play_at(left).unwrap();
    game.pass().unwrap();
    game.play_at(below).unwrap();
    assert_eq!(game.color(corner), Some(tromp_taylor_spec::Color::Empty));
    assert_eq!(game.prisoners(Player::White), 1);
    // 1x52: Black at one end owns the whole line (52 = 1 stone + 51 empty
    // points reaching only black).
    let line = game_after(1, 52, Rules::default(), "a1 pass pass");
    assert_eq!(line.score(Player::Black), 52);
    assert_eq!(line.result().to_string(), "B+52");
}

#[test]
fn simple_ko_with_suicide_allowed_allows_a_single_stone_suicide() {
    // 1x3: B b1 `.X.`. W a1 colors a1 and clears it again (its only
    // neighbour is black): the coloring is unchanged. Simple ko forbids only
    // taking back a stone just captured, and B b1 captured nothing, so the
    // move is legal; the lost stone is Black's prisoner.
    let rules: Rules = "koSIMPLEscoreAREAsui1".parse().unwrap();
    let mut game = game_after(3, 1, rules, "b1");
    assert_eq!(game.check(turn("a1")), Ok(()));
    play(&mut game, "a1");
    assert_eq!(rows(&game), ".X.");
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.to_move(), Player::Black);
}

#[test]
fn points_far_off_the_grid_are_refused_not_a_panic() {
    let game = game_after(3, 3, Rules::default(), "b2");
    for point in [
        tromp_taylor_spec::Point::new(0, usize::MAX),
        tromp_taylor_spec::Point::new(usize::MAX, usize::MAX),
        tromp_taylor_spec::Point::new(usize::MAX, 0),
    ] {
        assert_eq!(
            game.check(Turn::Move(point)),
            Err(IllegalTurn::OffBoard(point))
        );
        assert_eq!(game.color(point), None);
    }
}
