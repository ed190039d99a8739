//! The worked example, `engines/rust/examples/goban.rs`, run as a test: its
//! `main`, and what its check must find in goban 0.20 under each rule set
//! goban claims (one known divergence each, and agreement under simple ko
//! without suicide), on rectangles, and in the saved divergences.

mod common;
#[path = "../examples/goban.rs"]
mod goban;

use common::{assert_skips_only, rules, scaled_games};
use goban::{check_goban, saved};
use tromp_taylor_harness::check::{check_engine, replay, CheckOptions, Replayed};
use tromp_taylor_harness::engine::{EngineKind, Unsupported};
use tromp_taylor_harness::vocab::{Ending, Rules, Size, Superko};
use tromp_taylor_peers::goban::{goban, goban_rectangles, goban_rule, KNOWN};

/// `n` games, times `GOBAN_CHECK_SCALE` when set (for longer runs by hand).
fn games(n: usize) -> usize {
    scaled_games("GOBAN_CHECK_SCALE", n)
}

#[test]
fn the_example_runs_and_finds_only_known_divergences() {
    assert_eq!(goban::main(), std::process::ExitCode::SUCCESS);
}

#[test]
fn the_claims_skip_what_goban_does_not_implement() {
    let report = goban::check_claims(&KNOWN);
    println!("{report}");
    assert_skips_only(&report, "goban", |reason| {
        matches!(
            reason,
            Unsupported::Superko(Superko::Situational)
                | Unsupported::Ending { agreement: true }
                | Unsupported::FreeHandicap
                | Unsupported::LostTurn
                | Unsupported::SetupPositions
                | Unsupported::Rectangle(_)
                | Unsupported::Side(_)
        )
    });
    assert!(report.summary.games > 50);
    for known in &KNOWN[1..] {
        assert!(report.count(known.name) > 0, "{} not found", known.name);
    }
    assert_eq!(report.count("rectangle-misindexed"), 0);
    report.assert_agrees();
}

#[test]
fn chinese_rules_goban_misses_repetitions_made_without_a_capture() {
    // goban refuses an illegal move and lets the player try again: the
    // chinese preset's lost turn (seed 003, section 19) is not claimed.
    let chinese = rules("koPOSITIONALscoreAREAsui0");
    let rule = goban_rule(chinese).expect("goban plays the chinese rules");
    assert_eq!(rule.flag_illegal, ::goban::rules::CHINESE.flag_illegal);
    assert_eq!(rule.flag_score, ::goban::rules::CHINESE.flag_score);
    let komi = Rules {
        komi_half_points: 15,
        ..chinese
    };
    let report = check_goban(&goban(), Some(vec![chinese, komi]), &KNOWN, games(120), 1);
    assert!(
        report.count("superko-missed-without-capture") > 0,
        "{report}"
    );
    report.assert_agrees();
}

#[test]
fn tromp_taylor_rules_goban_allows_suicides_that_repeat() {
    let report = check_goban(
        &goban(),
        Some(vec![Rules::TROMP_TAYLOR]),
        &KNOWN,
        games(120),
        2,
    );
    assert!(report.count("suicide-repeats-coloring") > 0, "{report}");
    report.assert_agrees();
}

#[test]
fn simple_ko_with_suicide_goban_refuses_a_suicide_at_the_ko_point() {
    let list = vec![
        rules("koSIMPLEscoreAREAsui1"),
        rules("koSIMPLEscoreTERRITORYsui1"),
    ];
    let report = check_goban(&goban(), Some(list), &KNOWN, games(120), 3);
    assert!(report.count("ko-point-suicide-refused") > 0, "{report}");
    report.assert_agrees();
}

#[test]
fn simple_ko_without_suicide_goban_agrees_with_spec() {
    let japanese_like = Rules {
        ending: Ending::TwoPasses,
        ..rules("simple-ko-territory")
    };
    let rule = goban_rule(japanese_like).expect("goban plays simple ko");
    assert_eq!(rule.flag_illegal, ::goban::rules::JAPANESE.flag_illegal);
    assert_eq!(rule.flag_score, ::goban::rules::JAPANESE.flag_score);
    let area = rules("koSIMPLEscoreAREAsui0");
    let list = vec![
        japanese_like,
        Rules {
            komi_half_points: 13,
            ..japanese_like
        },
        area,
        Rules {
            komi_half_points: -7,
            ..area
        },
    ];
    let report = check_goban(&goban(), Some(list), &KNOWN, games(150), 4);
    assert!(report.summary.games > 100, "{report}");
    assert!(report.summary.found.is_empty(), "{report}");
}

#[test]
fn rectangles_are_misindexed() {
    // Directly: on a board of height 2 and width 3, (0, 2) and (1, 0) share
    // the index 0 * 2 + 2 = 1 * 2 + 0.
    use ::goban::rules::{game::Game, GobanSizes, Move};
    let mut game = Game::new(GobanSizes::Custom(2, 3), ::goban::rules::JAPANESE);
    game.try_play(Move::Play(0, 2)).expect("an empty point");
    assert_eq!(
        game.get_color((1, 0)),
        Some(::goban::pieces::stones::Color::Black)
    );
    // Through the check, under the rules goban otherwise agrees on: `GOBAN`
    // does not claim rectangles, so nothing is compared; `GOBAN_RECTANGLES`
    // does, and every game on them parts.
    let mut options = CheckOptions::new(games(20), 5);
    options.sizes = [(3, 2), (2, 3), (4, 2), (5, 3)]
        .map(|(w, h)| Size::new(w, h).expect("a size"))
        .to_vec();
    options.rules = Some(vec![rules("koSIMPLEscoreAREAsui0")]);
    options.known = KNOWN.to_vec();
    let skipped = check_engine(&goban(), &options);
    assert_eq!(skipped.summary.games, 0);
    assert_eq!(skipped.summary.skipped.len(), options.games);
    let report = check_engine(&goban_rectangles(), &options);
    assert!(report.count("rectangle-misindexed") > 0, "{report}");
    assert_eq!(
        report.count("rectangle-misindexed"),
        report.summary.found.len()
    );
    report.assert_agrees();
}

/// The minimised divergences kept under testdata/goban/: spec and fast agree
/// on each (they are goban's divergences, not regressions of ours), and spec
/// and goban still part on each for the divergence its name gives.
#[test]
fn saved_divergences_still_part_spec_and_goban() {
    let fast = replay(&EngineKind::fast(), &[saved()], &[]).expect("readable SGFs");
    assert_eq!(fast.files.len(), 4);
    for file in &fast.files {
        assert!(matches!(file.outcome, Replayed::Agreed { .. }), "{fast}");
    }
    let report = replay(&goban_rectangles(), &[saved()], &KNOWN).expect("readable SGFs");
    println!("{report}");
    for file in &report.files {
        let name = file.path.file_name().unwrap().to_string_lossy();
        let known = file.known().unwrap_or_else(|| panic!("{report}"));
        assert!(name[5..].starts_with(known.name), "{name}: {known}");
    }
    // goban claims squares only: the rectangle is skipped, not compared.
    let claimed = replay(&goban(), &[saved()], &KNOWN).expect("readable SGFs");
    let skipped: Vec<_> = claimed
        .files
        .iter()
        .filter(|f| matches!(f.outcome, Replayed::Skipped(Unsupported::Rectangle(_))))
        .collect();
    assert_eq!(skipped.len(), 1);
    claimed.assert_agrees();
}
