//! The one report as an engine author reads it: plain kinds and finer
//! groups, the rules checked and the claims in the header, the rule never
//! empty, and SGF reproducers that any reader replays to the disputed turn.

use tromp_taylor_harness::check::{check_engine, rules_at_stake, CheckOptions, CheckReport};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports};
use tromp_taylor_harness::generate::Bias;
use tromp_taylor_harness::report::{group, Kind};
use tromp_taylor_harness::sgf::{read_game, ReadOptions};
use tromp_taylor_harness::vocab::{Action, Rules, Setup, Size, Suicide, Superko};
use tromp_taylor_testkit::forward::{Forward, NoFault};

/// `fast` under other rules than it claims (it plays by `rules` whatever
/// the game's), claiming play, grids and scores: no legal sets, verdict
/// queries or reasons, so that each divergence is met where it is played.
fn misruled(name: &'static str, rules: fn(Rules) -> Rules) -> EngineKind {
    let claims = Supports {
        legal_sets: false,
        verdict_queries: false,
        reasons: false,
        undo: false,
        ..Supports::EVERYTHING
    };
    EngineKind::new(name, claims, move |setup: Setup| {
        let game = EngineKind::fast().start(Setup {
            rules: rules(setup.rules),
            ..setup
        })?;
        // An engine author's own, as far as the check sees: no undo, no details.
        Ok(Box::new(Forward::plain(game, NoFault)) as Box<dyn Engine + Send>)
    })
}

/// A check of `engine` on small boards under the ten rules.
fn check(engine: &EngineKind, bias: Bias, claims: Option<&str>) -> CheckReport {
    let mut options = CheckOptions::new(80, 11);
    options.sizes = vec![Size::new(3, 3).unwrap(), Size::new(4, 4).unwrap()];
    options.rules = Some(vec![Rules::TROMP_TAYLOR]);
    options.biases = vec![bias];
    options.jobs = 1;
    options.claims = claims.map(str::to_string);
    options.advice = "replay it your way".to_string();
    check_engine(engine, &options)
}

/// Every divergence's reproducer reads back with its disputed turn last
/// and marked; the turns before it are legal on the rules, and the rules'
/// verdict on it is the one the report gives.
fn reproducers_replay(report: &CheckReport) {
    let verdicts = report
        .summary
        .found
        .iter()
        .filter(|f| matches!(f.divergence.difference, Difference::Verdict { .. }));
    for found in verdicts {
        let m = &found.divergence;
        let sgf = m.reproducer();
        let record =
            read_game(&sgf, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}: {sgf}"));
        assert!(record.disputed.is_some(), "{sgf}");
        let mut game = EngineKind::spec().start(m.setup).unwrap();
        let (last, before) = record.moves.split_last().expect("a disputed turn");
        for moved in before {
            let Action::Turn(turn) = moved.action else {
                continue;
            };
            assert_eq!(game.play(turn), Ok(()), "{sgf}");
        }
        let Action::Turn(turn) = last.action else {
            panic!("{sgf}")
        };
        let Difference::Verdict {
            left: rules_say, ..
        } = m.difference
        else {
            unreachable!("verdicts only")
        };
        assert_eq!(game.check(turn), rules_say, "{sgf}");
        assert!(!rules_at_stake(m).is_empty());
        assert!(sgf.contains("TTV["), "{sgf}");
        // `tromp-taylor diff` prints a divergence as this: the reproducer in it.
        let printed = m.to_string();
        assert!(printed.contains(&sgf), "{printed}");
        assert!(printed.contains("SGF reproducer"), "{printed}");
    }
}

#[test]
fn an_engine_without_superko_is_accepted_illegal_superko_by_a_move_that_repeats() {
    let lax = misruled("lax", |rules| Rules {
        superko: Superko::SimpleKo,
        ..rules
    });
    let report = check(&lax, Bias::Ko, Some("positional superko, as stated"));
    assert!(!report.agrees());
    let text = report.to_string();
    assert!(
        text.contains("rules checked: koPOSITIONALscoreAREAsui1"),
        "{text}"
    );
    assert!(
        text.contains("lax claims: positional superko, as stated"),
        "{text}"
    );
    assert!(
        text.contains("accepts an illegal move: superko, by "),
        "{text}"
    );
    assert!(text.trim_end().ends_with("replay it your way"), "{text}");
    for found in &report.summary.found {
        if let Difference::Verdict { .. } = found.divergence.difference {
            assert_eq!(Kind::of(&found.divergence), Kind::AcceptsIllegal("superko"));
            assert!(group(&found.divergence).starts_with("accepts an illegal move: superko"));
        }
    }
    // Every divergence up to the cap is minimised, not only one of a kind.
    let minimised = report.summary.found.iter().filter(|f| f.minimised).count();
    assert!(minimised > 1 || report.summary.found.len() == 1, "{text}");
    reproducers_replay(&report);
}

#[test]
fn an_engine_forbidding_suicide_refuses_a_legal_suicide() {
    let strict = misruled("strict", |rules| Rules {
        suicide: Suicide::Forbidden,
        ..rules
    });
    let report = check(&strict, Bias::Suicide, None);
    let text = report.to_string();
    assert!(
        text.contains("strict claims (as its adapter declares): "),
        "{text}"
    );
    assert!(text.contains("refuses a legal move: a suicide"), "{text}");
    let refused = report
        .summary
        .found
        .iter()
        .find(|f| Kind::of(&f.divergence) == Kind::RefusesLegal("suicide".to_string()))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(
        group(&refused.divergence),
        "refuses a legal move: a suicide"
    );
    reproducers_replay(&report);
}
