//! What the case suite cannot state, checked on both engines through the
//! `Engine` trait: the largest board (a case would score it, and `spec`'s
//! literal scoring of a nearly empty 52x52 grid takes seconds) and points
//! far off any board (no vertex names them).

use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::vocab::{Color, Illegal, Player, Point, Rules, Setup, Size, Turn};

fn start(size: Size) -> [Box<dyn tromp_taylor_harness::engine::Engine + Send>; 2] {
    let setup = Setup {
        size,
        rules: Rules::TROMP_TAYLOR,
        handicap: Default::default(),
    };
    [EngineKind::spec(), EngineKind::fast()].map(|kind| kind.start(setup).unwrap())
}

#[test]
fn the_largest_board_plays_on_both_engines() {
    // Comment 1: any rectangle, up to SGF's 52x52. Black's corner stone is
    // captured by White's two stones beside and below it.
    let corner = Point::new(51, 51);
    for mut engine in start(Size::new(52, 52).unwrap()) {
        for turn in [corner, Point::new(50, 51)].map(Turn::Move) {
            assert_eq!(engine.play(turn), Ok(()));
        }
        assert_eq!(engine.play(Turn::Pass), Ok(()));
        assert_eq!(engine.play(Turn::Move(Point::new(51, 50))), Ok(()));
        assert_eq!(engine.grid().at(corner), Color::Empty);
        assert_eq!(engine.prisoners(Player::White), 1);
        // The pass and every empty point but the corner (a single-stone suicide).
        assert_eq!(engine.legal_turns().len(), 1 + 52 * 52 - 2 - 1);
    }
}

#[test]
fn points_far_off_the_board_are_refused_by_both_engines() {
    for mut engine in start(Size::new(3, 3).unwrap()) {
        let before = (engine.grid(), engine.to_move(), engine.legal_turns());
        for point in [(0, usize::MAX), (usize::MAX, usize::MAX), (usize::MAX, 0)] {
            let turn = Turn::Move(Point::new(point.0, point.1));
            assert_eq!(engine.check(turn), Err(Illegal::OffBoard));
            assert_eq!(engine.play(turn), Err(Illegal::OffBoard));
        }
        assert_eq!(
            (engine.grid(), engine.to_move(), engine.legal_turns()),
            before
        );
    }
}
