//! board-game 0.8's Go, checked in-process against `spec` within what it
//! claims (positional superko, suicide allowed or forbidden, two passes,
//! area, komi, squares), and the claims themselves.

mod common;

use common::{assert_skips_only, rules, scaled_games};
use tromp_taylor_harness::check::{check_engine, CheckOptions, CheckReport};
use tromp_taylor_harness::engine::{Engine, Unsupported};
use tromp_taylor_harness::vocab::{Handicap, Illegal, Point, Rules, Setup, Size, Superko, Turn};
use tromp_taylor_peers::board_game::{board_game, start_board_game};

/// `n` games, times `BOARD_GAME_CHECK_SCALE` when set (for longer runs by hand).
fn games(n: usize) -> usize {
    scaled_games("BOARD_GAME_CHECK_SCALE", n)
}

/// `games` games from `seed` on squares from 1x1 to 7x7 under `rules`
/// (`None`: random rules, which board-game's claims narrow).
fn check(rules: Option<Vec<Rules>>, games: usize, seed: u64) -> CheckReport {
    let mut options = CheckOptions::new(games, seed);
    options.sizes = [1, 2, 3, 4, 5, 7]
        .map(|n| Size::new(n, n).expect("a size"))
        .to_vec();
    options.rules = rules;
    check_engine(&board_game(), &options)
}

fn setup(side: usize, rules: Rules) -> Setup {
    Setup {
        size: Size::new(side, side).expect("a size"),
        rules,
        handicap: Handicap::None,
    }
}

/// board-game agrees with spec on 150 games from `seed` under `base`, with
/// no komi and with a komi of `komi_half_points` / 2.
fn agrees_under(base: Rules, komi_half_points: i32, seed: u64) {
    let komi = Rules {
        komi_half_points,
        ..base
    };
    let report = check(Some(vec![base, komi]), games(150), seed);
    println!("{report}");
    assert!(report.summary.games > 100, "{report}");
    assert!(report.summary.found.is_empty(), "{report}");
    report.assert_agrees();
}

#[test]
fn tromp_taylor_rules_board_game_agrees_with_spec() {
    agrees_under(Rules::TROMP_TAYLOR, 13, 1);
}

#[test]
fn cgos_rules_board_game_agrees_with_spec() {
    agrees_under(rules("koPOSITIONALscoreAREAsui0"), 15, 2);
}

#[test]
fn the_claims_skip_what_board_game_does_not_implement() {
    let report = check(None, games(200), 3);
    println!("{report}");
    assert_skips_only(&report, "board-game", |reason| {
        matches!(
            reason,
            Unsupported::Superko(Superko::Situational | Superko::SimpleKo)
                | Unsupported::Ending { agreement: true }
                | Unsupported::Scoring { territory: true }
                | Unsupported::FreeHandicap
                | Unsupported::FixedHandicap
                | Unsupported::LostTurn
                | Unsupported::SetupPositions
        )
    });
    assert!(report.summary.games > 20, "{report}");
    assert!(report.summary.found.is_empty(), "{report}");
    report.assert_agrees();
}

/// The refusals board-game makes without a reason, named as spec names them.
#[test]
fn refusals_are_named_as_the_rules_name_them() {
    // 1x1: Black's only move empties the board again: a one-stone suicide,
    // refused by board-game under both rule sets.
    let mut tt = start_board_game(setup(1, Rules::TROMP_TAYLOR)).expect("1x1");
    let at = Turn::Move(Point::new(0, 0));
    let repeat = Illegal::Superko {
        repeats_turn: 0,
        situational: false,
    };
    assert_eq!(tt.check(at), Err(repeat));
    assert_eq!(tt.play(at), Err(repeat));
    assert_eq!(tt.legal_turns(), vec![Turn::Pass]);
    let cgos = start_board_game(setup(1, rules("koPOSITIONALscoreAREAsui0"))).expect("1x1");
    assert_eq!(cgos.check(at), Err(Illegal::Suicide));
    assert_eq!(
        tt.check(Turn::Move(Point::new(1, 0))),
        Err(Illegal::OffBoard)
    );
    // Two passes end it; then nothing is legal.
    assert_eq!(tt.play(Turn::Pass), Ok(()));
    assert_eq!(tt.consecutive_passes(), 1);
    assert_eq!(tt.play(Turn::Pass), Ok(()));
    assert!(tt.is_over());
    assert_eq!(tt.check(Turn::Pass), Err(Illegal::GameOver));
    assert_eq!(
        tt.check(Turn::Move(Point::new(9, 9))),
        Err(Illegal::GameOver)
    );
    // Rectangles, handicaps and the rules it lacks are refused at the start.
    let rectangle = Setup {
        size: Size::new(3, 2).expect("a size"),
        ..setup(3, Rules::TROMP_TAYLOR)
    };
    assert!(matches!(
        start_board_game(rectangle),
        Err(Unsupported::Rectangle(_))
    ));
    let simple_ko = setup(5, rules("koSIMPLEscoreAREAsui0"));
    assert!(matches!(
        start_board_game(simple_ko),
        Err(Unsupported::Superko(Superko::SimpleKo))
    ));
}
