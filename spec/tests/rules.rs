//! The rule items on hand-drawn colorings, with the expected answer derived
//! from the rule's words in the comment above it. Whole games, a move from a
//! drawn position (rule 7) and the score of one (rule 9) included, are cases
//! in `testdata/cases/`, run on spec by `tests/cases.rs`.
//!
//! Diagrams are written top row first: `X` black, `O` white, `.` empty.

mod common;

use common::grid;
use tromp_taylor_spec::rules::{
    clear, empty_grid, game_has_ended, outcome, reaches, Topology, FIRST_PLAYER,
};
use tromp_taylor_spec::{
    Color, Coloring, Game, IllegalTurn, Outcome, Player, Point, Rectangle, Rules, Turn,
};

fn diagram(grid: &Rectangle, text: &str) -> Coloring {
    grid.coloring_from_diagram(text).unwrap()
}

/// A grid of `size` and its coloring from a diagram.
fn board(size: (usize, usize), text: &str) -> (Rectangle, Coloring) {
    let g = grid(size.0, size.1);
    let c = diagram(&g, text);
    (g, c)
}

fn at(grid: &Rectangle, x: usize, y: usize) -> usize {
    grid.index(Point::new(x, y)).unwrap()
}

#[test]
fn rule_1_any_rectangle_from_1x1_to_52x52() {
    assert_eq!(Rectangle::STANDARD.point_count(), 361);
    for (w, h) in [(1, 1), (1, 52), (52, 1), (52, 52), (19, 13)] {
        let r = Rectangle::new(w, h).unwrap();
        assert_eq!((r.width(), r.height(), r.point_count()), (w, h, w * h));
    }
    for (w, h) in [(0, 5), (5, 0), (53, 9), (9, 53)] {
        assert!(Rectangle::new(w, h).is_err(), "{w}x{h}");
    }
    assert_eq!("9".parse::<Rectangle>(), Rectangle::new(9, 9));
    assert_eq!("19x13".parse::<Rectangle>(), Rectangle::new(19, 13));
    assert_eq!("7:5".parse::<Rectangle>(), Rectangle::new(7, 5));
    for bad in [
        "",
        "x",
        "9x",
        "0",
        "53",
        "-3",
        "9x9x9",
        "nine",
        "99999999999999999999",
    ] {
        assert!(bad.parse::<Rectangle>().is_err(), "{bad:?}");
    }
    assert_eq!(Player::Black.opponent(), Player::White);
    assert_eq!(Player::White.opponent(), Player::Black);
}

#[test]
fn rule_1_adjacency_is_vertical_and_horizontal_only() {
    let g = grid(3, 2);
    // The corner (0,0) touches (1,0) and (0,1); the middle of the bottom row
    // (1,0) touches (0,0), (2,0) and (1,1); nothing is diagonal.
    let mut corner: Vec<usize> = g.neighbours(at(&g, 0, 0)).collect();
    corner.sort();
    assert_eq!(corner, vec![at(&g, 1, 0), at(&g, 0, 1)]);
    let mut edge: Vec<usize> = g.neighbours(at(&g, 1, 0)).collect();
    edge.sort();
    assert_eq!(edge, vec![at(&g, 0, 0), at(&g, 2, 0), at(&g, 1, 1)]);
    assert_eq!(grid(1, 1).neighbours(0).count(), 0);
}

#[test]
fn rule_1_points_far_off_the_grid_are_refused_not_a_panic() {
    // No point off the grid is a point of the game, however far off.
    let mut game = Game::new(grid(3, 3), Rules::default());
    game.play_at(Point::new(1, 1)).unwrap();
    for point in [
        Point::new(0, usize::MAX),
        Point::new(usize::MAX, usize::MAX),
        Point::new(usize::MAX, 0),
    ] {
        assert_eq!(
            game.check(Turn::Move(point)),
            Err(IllegalTurn::OffBoard(point))
        );
        assert_eq!(game.color(point), None);
    }
}

#[test]
fn rule_2_a_coloring_reads_and_writes_as_a_diagram() {
    let g = grid(3, 2);
    let c = diagram(&g, "X.O\n.OX");
    // Top row first: (0,1) is X, (2,1) is O; bottom row (1,0) is O.
    assert_eq!(c[at(&g, 0, 1)], Color::Black);
    assert_eq!(c[at(&g, 2, 1)], Color::White);
    assert_eq!(c[at(&g, 1, 0)], Color::White);
    assert_eq!(c[at(&g, 0, 0)], Color::Empty);
    assert_eq!(g.diagram(&c), "X.O\n.OX\n");
    assert!(g.coloring_from_diagram("X.O").is_err());
    assert!(g.coloring_from_diagram("X.Q\n...").is_err());
}

#[test]
fn rule_3_reach_follows_paths_of_ps_color() {
    let (g, c) = board(
        (4, 3), //
        "XXO.
         .XO.
         OOO.",
    );
    // (0,2) is black; the black path (0,2)-(1,2)-(1,1) touches the empty
    // (0,1): it reaches empty. It also touches white (2,2): reaches white.
    assert!(reaches(&g, &c, at(&g, 0, 2), Color::Empty));
    assert!(reaches(&g, &c, at(&g, 0, 2), Color::White));
    // The white string touches (3,0), (3,1), (3,2) and (0,1): it reaches empty and black.
    assert!(reaches(&g, &c, at(&g, 0, 0), Color::Empty));
    assert!(reaches(&g, &c, at(&g, 0, 0), Color::Black));
    // The empty (0,1) is alone, touching black and white: it reaches both.
    assert!(reaches(&g, &c, at(&g, 0, 1), Color::Black));
    assert!(reaches(&g, &c, at(&g, 0, 1), Color::White));
    // The empty column x=3 touches only white.
    assert!(reaches(&g, &c, at(&g, 3, 0), Color::White));
    assert!(!reaches(&g, &c, at(&g, 3, 0), Color::Black));
    // "A point P, not colored C": a point does not reach its own color.
    assert!(!reaches(&g, &c, at(&g, 0, 2), Color::Black));
}

#[test]
fn rule_3_reach_needs_a_connected_path() {
    let g = grid(5, 1);
    // X at 0 and X at 4 are not connected; the empty points 1..3 form one
    // region touching only black: every empty point reaches black, none white.
    let c = diagram(&g, "X...X");
    for x in 1..4 {
        assert!(reaches(&g, &c, at(&g, x, 0), Color::Black));
        assert!(!reaches(&g, &c, at(&g, x, 0), Color::White));
    }
    // The black stone at 0 reaches empty through its neighbour; it does not
    // reach the black stone at 4 (that is its own color).
    assert!(reaches(&g, &c, at(&g, 0, 0), Color::Empty));
}

#[test]
fn rule_4_clearing_empties_whole_strings_that_do_not_reach_empty() {
    let (g, c) = board(
        (4, 2), //
        "OOX.
         XXO.",
    );
    // White (0,1)-(1,1) touches black (2,1), (0,0), (1,0): no empty. White
    // (2,0) touches (3,0), empty. Clearing white empties exactly the first
    // string; had (0,1) been emptied first, (1,1) would then reach it, so the
    // whole string must be judged before anything is emptied.
    let cleared = clear(&g, c.clone(), Color::White);
    assert_eq!(g.diagram(&cleared), "..X.\nXXO.\n");
    // Clearing black: (2,1) touches the empty (3,1) and stays; (0,0)-(1,0)
    // touches only white and is emptied.
    assert_eq!(g.diagram(&clear(&g, c, Color::Black)), "OOX.\n..O.\n");
}

#[test]
fn rule_5_starts_empty_with_black() {
    let g = grid(3, 2);
    assert_eq!(empty_grid(&g).count(Color::Empty), 6);
    assert_eq!(FIRST_PLAYER, Player::Black);
}

#[test]
fn rule_8_ends_after_two_consecutive_passes() {
    assert!(!game_has_ended(0));
    assert!(!game_has_ended(1));
    assert!(game_has_ended(2));
}

#[test]
fn rule_10_the_higher_score_wins_and_equal_scores_tie() {
    assert_eq!(
        outcome(12, 5),
        Outcome::Win {
            winner: Player::Black,
            half_points: 7
        }
    );
    assert_eq!(outcome(12, 5).to_string(), "B+3.5");
    assert_eq!(outcome(4, 5).to_string(), "W+0.5");
    assert_eq!(outcome(0, 14).to_string(), "W+7");
    assert_eq!(outcome(6, 6), Outcome::Tie);
    assert_eq!(outcome(6, 6).to_string(), "0");
}
