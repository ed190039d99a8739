//! The check from outside the crate, as an engine author calls it: panics and unclaimed setups in a report, and
//! the rules at stake following the rules' verdict.

use tromp_taylor_harness::check::{check_engine, rules_at_stake, CheckOptions, CheckReport};
use tromp_taylor_harness::diff::{Difference, Divergence};
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports, Unsupported};
use tromp_taylor_harness::quotes::RULE_6;
use tromp_taylor_harness::run::Finding;
use tromp_taylor_harness::vocab::{Point, Rules, Setup, Size, Turn, Verdict};
use tromp_taylor_testkit::forward::{Fault, Forward};

/// `fast`, but panicking when asked for the legal turns after two turns
/// (turns played, legal or not); it cannot undo and reports no details.
#[derive(Default)]
struct Panicky(usize);

impl Fault for Panicky {
    fn play(&mut self, inner: &mut dyn Engine, turn: Turn) -> Verdict {
        self.0 += 1;
        inner.play(turn)
    }
    fn legal_turns(&self, inner: &dyn Engine) -> Vec<Turn> {
        assert!(self.0 < 2, "planted panic");
        inner.legal_turns()
    }
}

fn panicky(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    let fast = EngineKind::fast().start(setup)?;
    Ok(Box::new(Forward::plain(fast, Panicky::default())))
}

fn refuses_komi(setup: Setup) -> Result<Box<dyn Engine + Send>, String> {
    match setup.rules.komi_half_points {
        0 => EngineKind::fast().start(setup),
        _ => Err("no komi".to_string()),
    }
}

fn options() -> CheckOptions {
    let mut options = CheckOptions::new(12, 7);
    options.sizes = vec![Size::new(3, 3).unwrap()];
    options.rules = Some(vec![
        Rules::TROMP_TAYLOR,
        Rules {
            komi_half_points: 1,
            ..Rules::TROMP_TAYLOR
        },
    ]);
    options
}

/// `fast` under another name, start and claims, checked on [`options`].
fn check_variant(
    name: &'static str,
    start: fn(Setup) -> Result<Box<dyn Engine + Send>, String>,
    supports: Supports,
) -> CheckReport {
    let fast = EngineKind::fast();
    let engine = EngineKind::new(name, supports, start)
        .with_positions(move |size, rules, colors, to_move| {
            fast.start_position(size, rules, colors, to_move)
        })
        .claiming(supports);
    check_engine(&engine, &options())
}

#[test]
fn a_panic_is_a_divergence_of_the_engine_that_panicked() {
    let report = check_variant("panicky", panicky, Supports::EVERYTHING);
    assert!(!report.agrees());
    let found = report.new_divergences().next().expect("a divergence");
    assert!(found.minimised);
    match &found.divergence.difference {
        Difference::Panic { engine, message } => {
            assert_eq!(
                (engine.as_str(), message.as_str()),
                ("panicky", "planted panic")
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(found.divergence.record.len(), 2);
    let text = report.result().unwrap_err().to_string();
    assert!(text.contains("panicky panicked: planted panic"), "{text}");
}

#[test]
fn unclaimed_setups_are_skipped_and_claimed_ones_must_start() {
    let report = check_variant("no-komi", refuses_komi, Supports::EVERYTHING);
    let start = |f: &&Finding| matches!(f.divergence.difference, Difference::Start { .. });
    assert!(report.new_divergences().any(|f| start(&f)), "{report}");
    let declares = Supports {
        komi: false,
        ..Supports::EVERYTHING
    };
    let report = check_variant("no-komi", refuses_komi, declares);
    report.assert_agrees();
    assert!(!report.summary.skipped.is_empty());
    for (_, skipped) in &report.summary.skipped {
        assert_eq!(skipped.reason, Unsupported::Komi);
    }
    assert!(report.to_string().contains("komi ("), "{report}");
}

#[test]
fn rules_at_stake_follow_the_rules_verdict() {
    let (setup, record) =
        tromp_taylor_harness::sgf::read("(;FF[4]GM[1]SZ[2:1];B[aa];W[ba])").unwrap();
    let divergence = Divergence {
        left: "spec".to_string(),
        right: "mine".to_string(),
        setup,
        position: None,
        steps: record.len(),
        record,
        undos: 0,
        difference: Difference::LegalSet {
            only_left: vec![],
            only_right: vec![Turn::Move(Point::new(0, 0))],
        },
        left_grid: None,
        right_grid: None,
    };
    assert_eq!(rules_at_stake(&divergence), [RULE_6]);
}

#[test]
fn engines_made_by_closures_are_checked_at_once_each_under_its_own_name() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    // The state a plain `fn` could not hold: which engine to start, and a count.
    let started = Arc::new(AtomicUsize::new(0));
    let made = |panics: bool| {
        let counter = Arc::clone(&started);
        let name = if panics {
            "panicky-closure"
        } else {
            "fast-closure"
        };
        EngineKind::new(name, Supports::EVERYTHING, move |setup| {
            counter.fetch_add(1, Ordering::Relaxed);
            if panics {
                panicky(setup)
            } else {
                EngineKind::fast().start(setup)
            }
        })
    };
    let (calm, panicky) = (made(false), made(true));
    // Two checks in one process at the same time, each with its own closure.
    let (calm_report, panicky_report) = std::thread::scope(|scope| {
        let calm = scope.spawn(|| check_engine(&calm, &options()));
        let panicky = scope.spawn(|| check_engine(&panicky, &options()));
        (calm.join().unwrap(), panicky.join().unwrap())
    });
    calm_report.assert_agrees();
    assert_eq!(calm_report.engine, "fast-closure");
    assert!(!calm_report.supports.setup_positions);
    assert!(started.load(Ordering::Relaxed) > 0);
    assert!(!panicky_report.agrees());
    let text = panicky_report.to_string();
    assert!(
        text.contains("panicky-closure panicked: planted panic"),
        "{text}"
    );
    assert!(!text.contains("fast-closure"), "{text}");
}
