//! Games that start from a given position (`Game::from_position`), where the
//! case suite cannot state them: refused positions with their typed errors,
//! and undo stopping at the position. How such games play (White to move, a
//! capture on the first turn, superko against the position) is the `setup`
//! group of `testdata/cases/`.

use tromp_taylor_fast::{Color, Game, Player, Point, Rules, SetupError, SizeError};

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
    // The white string b1-b2 is surrounded; of its stones b1 comes first in
    // point order.
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
    let wrong = Game::from_position(2, 1, Rules::default(), &colors("X.."), Player::Black);
    assert_eq!(
        wrong.unwrap_err(),
        SetupError::WrongLength {
            expected: 2,
            got: 3
        }
    );
    let size = Game::from_position(0, 3, Rules::default(), &[], Player::Black);
    assert_eq!(
        size.unwrap_err(),
        SetupError::Size(SizeError {
            width: 0,
            height: 3
        })
    );
}

#[test]
fn undo_goes_back_to_the_position_and_no_further() {
    let start = colors(".X./XO.");
    let mut game = Game::from_position(3, 2, Rules::default(), &start, Player::White).unwrap();
    assert_eq!(game.distinct_colorings(), 1);
    assert!(!game.undo(), "nothing before the position");
    // White passes; Black c1 captures b1; two passes end the game.
    game.pass().unwrap();
    game.play_at(2, 0).unwrap();
    assert_eq!(game.prisoners(Player::Black), 1);
    assert_eq!(game.hash(), game.hash_from_scratch());
    game.pass().unwrap();
    game.pass().unwrap();
    assert!(game.is_over());
    while game.undo() {}
    assert_eq!(game.turns_taken(), 0);
    assert_eq!(game.to_move(), Player::White);
    assert_eq!(game.coloring(), start);
    assert_eq!(game.prisoners(Player::Black), 0);
    assert_eq!(game.empty_indices().len(), 3);
    assert_eq!(game.hash(), game.hash_from_scratch());
}
