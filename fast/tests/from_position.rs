//! Games that start from a given position (`Game::from_position`): refused
//! positions, White to move, a capture on the first turn, superko against the
//! start position, and undo stopping at the position.

mod common;

use common::{play, pt, rows, turn};
use tromp_taylor_fast::{Color, Game, IllegalTurn, Player, Point, Rules, SetupError, SizeError};

/// The colors of a diagram written top row first, rows joined by `/`.
fn colors(diagram: &str) -> Vec<Color> {
    diagram
        .split('/')
        .rev()
        .flat_map(|row| {
            row.chars().map(|c| match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => Color::Empty,
            })
        })
        .collect()
}

#[test]
fn a_position_with_a_string_without_liberties_is_refused() {
    // `XO` on 2x1: neither string has a liberty; a1 is the first stone.
    let refused = Game::from_position(2, 1, Rules::default(), &colors("XO"), Player::Black);
    assert_eq!(
        refused.unwrap_err(),
        SetupError::StringWithoutLiberty(pt("a1"))
    );
    // The lowest-index stone of the first such string: the white string
    // b1-b2 is surrounded; b1 comes first in point order.
    let err = Game::from_position(
        3,
        3,
        Rules::default(),
        &colors("XOX/XOX/.X."),
        Player::Black,
    )
    .unwrap_err();
    assert_eq!(err, SetupError::StringWithoutLiberty(Point::new(1, 1)));
    assert_eq!(
        err.to_string(),
        "the stone at (1, 1) is in a string without liberties; no such position can stand (comment 4)"
    );
    assert_eq!(
        Game::from_position(2, 1, Rules::default(), &colors("X.."), Player::Black).unwrap_err(),
        SetupError::WrongLength {
            expected: 2,
            got: 3
        }
    );
    assert_eq!(
        Game::from_position(0, 3, Rules::default(), &[], Player::Black).unwrap_err(),
        SetupError::Size(SizeError {
            width: 0,
            height: 3
        })
    );
}

#[test]
fn a_position_with_white_to_move() {
    let mut game =
        Game::from_position(3, 2, Rules::default(), &colors(".../.X."), Player::White).unwrap();
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.turns_taken(), 0);
    assert_eq!(game.coloring(), colors(".../.X."));
    assert_eq!(game.distinct_colorings(), 1);
    assert_eq!(game.hash(), game.hash_from_scratch());
    assert!(!game.undo(), "nothing before the position");
    play(&mut game, "a1 c1");
    assert_eq!(rows(&game), ".../OXX");
    assert_eq!(game.to_move(), Player::White);
    play(&mut game, "pass pass");
    assert!(game.is_over());
    // Undo goes back to the position and no further.
    while game.undo() {}
    assert_eq!(game.turns_taken(), 0);
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.coloring(), colors(".../.X."));
    assert_eq!(game.empty_indices().len(), 5);
}

#[test]
fn a_capture_on_the_first_turn() {
    // White b1 is in atari; Black c1 captures it right away.
    let mut game =
        Game::from_position(3, 2, Rules::default(), &colors(".X./XO."), Player::Black).unwrap();
    play(&mut game, "c1");
    assert_eq!(rows(&game), ".X./X.X");
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.prisoners(Player::White), 0);
    assert_eq!(game.hash(), game.hash_from_scratch());
    assert!(game.undo());
    assert_eq!(rows(&game), ".X./XO.");
    assert_eq!(game.prisoners(Player::Black), 0);
}

#[test]
fn superko_against_the_start_position() {
    // `.X.` with White to move: White a1 is a single-stone suicide, leaving
    // `.X.`, which stood after turn 0.
    let game = Game::from_position(3, 1, Rules::default(), &colors(".X."), Player::White).unwrap();
    assert_eq!(
        game.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
    // Under simple ko there is no coloring before the previous turn yet.
    let simple = Rules {
        superko: tromp_taylor_fast::Superko::SimpleKo,
        ..Rules::default()
    };
    let mut game = Game::from_position(3, 1, simple, &colors(".X."), Player::White).unwrap();
    assert_eq!(game.check(turn("a1")), Ok(()));
    game.play(turn("a1")).unwrap();
    assert_eq!(rows(&game), ".X.");
    // A ko: Black c2 takes b2; White's retake at b2 would recreate the start.
    let mut ko = Game::from_position(
        4,
        3,
        Rules::default(),
        &colors(".XO./XO.O/.XO."),
        Player::Black,
    )
    .unwrap();
    play(&mut ko, "c2");
    assert_eq!(rows(&ko), ".XO./X.XO/.XO.");
    assert_eq!(
        ko.check(turn("b2")),
        Err(IllegalTurn::Superko {
            point: pt("b2"),
            repeats_turn: 0
        })
    );
}

#[test]
fn the_empty_board_is_not_an_earlier_coloring_of_a_position() {
    // `X.` with Black to move: Black b1 clears both stones, leaving the
    // empty board, which never stood in this game.
    let mut game =
        Game::from_position(2, 1, Rules::default(), &colors("X."), Player::Black).unwrap();
    assert_eq!(game.check(turn("b1")), Ok(()));
    play(&mut game, "b1");
    assert_eq!(rows(&game), "..");
    assert_eq!(game.distinct_colorings(), 2);
    assert_eq!(game.prisoners(Player::White), 2);
    // An empty position is the empty start: Black a1 on 1x1 repeats it.
    let empty = Game::from_position(1, 1, Rules::default(), &colors("."), Player::White).unwrap();
    assert_eq!(
        empty.check(turn("a1")),
        Err(IllegalTurn::Superko {
            point: pt("a1"),
            repeats_turn: 0
        })
    );
}
