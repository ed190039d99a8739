//! The tester's own core, continued: refusals to start, queries held back, details now and then, the minimiser and the `diff` job.

use super::*;
use tromp_taylor_harness::diff::{compare_script_with, CompareOptions};
use tromp_taylor_harness::minimise::{minimise, minimise_while, Shrink};
use tromp_taylor_harness::report::Kind;
use tromp_taylor_harness::run::{
    game_script, run_diff, DiffOptions, Finding, Known, Minimise, Summary,
};

fn refusing(name: &str, words: &'static str) -> EngineKind {
    EngineKind::new(name, Supports::EVERYTHING, move |_| Err(words.to_string()))
}

#[test]
fn refusals_to_start_are_compared_by_their_words_only_between_ours() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let steps = quiet_moves();
    // Both refuse: ours must refuse in the same words.
    let (a, b) = (refusing("spec", "no"), refusing("fast", "not so"));
    let m = compare(s, steps.clone(), &a, &b, true).expect_err("worded apart");
    assert_eq!(m.difference.kind(), "start");
    let m = compare(s, steps.clone(), &b, &a, true).expect_err("worded apart");
    assert_eq!(m.difference.kind(), "start");
    let alike = compare(s, steps.clone(), &a, &refusing("fast", "no"), true).expect("alike");
    assert_eq!(alike.steps, 0);
    // Another engine's words are its own.
    let other = compare(s, steps.clone(), &a, &refusing("gnugo", "not so"), true).expect("both");
    assert_eq!(other.steps, 0);
    let other = compare(s, steps.clone(), &refusing("gnugo", "x"), &b, true).expect("both");
    assert_eq!(other.steps, 0);
    // One refuses: a difference, whoever it is.
    let m = compare(s, steps, &EngineKind::fast(), &refusing("gnugo", "x"), true).expect_err("one");
    assert_eq!(
        m.difference,
        Difference::Start {
            left: Ok(()),
            right: Err("x".to_string())
        }
    );
}

#[test]
fn queries_last_holds_a_query_difference_until_play_agrees_to_the_end() {
    let script = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), quiet_moves());
    let options = CompareOptions {
        queries_last: true,
        ..CompareOptions::new(true)
    };
    let fast = EngineKind::fast();
    let m =
        compare_script_with(&script, &fast, &planted(Bug::LegalSet), options).expect_err("held");
    assert_eq!(m.difference.kind(), "legal-set");
    assert_eq!(m.steps, FROM);
    let m = compare_script_with(&script, &fast, &planted(Bug::Check), options).expect_err("held");
    assert_eq!((m.difference.kind(), m.steps), ("check", FROM + 1));
    // Held back, it gives way to a difference in play.
    let both = EngineKind::new("both", Supports::EVERYTHING, |setup| {
        let fast = EngineKind::fast().start(setup)?;
        Ok(Box::new(Forward::plain(fast, TwoBugs::default())))
    });
    let m = compare_script_with(&script, &fast, &both, options).expect_err("play");
    assert_eq!((m.difference.kind(), m.steps), ("grid", 6));
    let m =
        compare_script_with(&script, &fast, &both, CompareOptions::new(true)).expect_err("first");
    assert_eq!((m.difference.kind(), m.steps), ("legal-set", 1));
    // Not a query: reported where met.
    let m = compare_script_with(&script, &fast, &planted(Bug::Grid), options).expect_err("grid");
    assert_eq!((m.difference.kind(), m.steps), ("grid", FROM));
}

/// `fast` whose legal set drops a turn after one turn, and whose grid
/// differs after six (turns played, legal or not); it cannot undo and
/// reports no details.
#[derive(Default)]
struct TwoBugs(usize);

impl Fault for TwoBugs {
    fn play(&mut self, inner: &mut dyn Engine, turn: Turn) -> Verdict {
        self.0 += 1;
        inner.play(turn)
    }
    fn legal_turns(&self, inner: &dyn Engine) -> Vec<Turn> {
        let mut legal = inner.legal_turns();
        if self.0 >= 1 {
            legal.pop();
        }
        legal
    }
    fn grid(&self, inner: &dyn Engine) -> Grid {
        let mut grid = inner.grid();
        if self.0 >= 6 {
            grid.colors[24] = Color::White;
        }
        grid
    }
}

#[test]
fn details_are_compared_every_so_often_and_at_the_end() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let script = Script::new(s, quiet_moves());
    let fast = EngineKind::fast();
    let every = |n| CompareOptions {
        details_every: n,
        ..CompareOptions::new(true)
    };
    let m = compare_script_with(&script, &fast, &planted(Bug::Details), every(2)).expect_err("d");
    assert_eq!((m.difference.kind(), m.steps), ("details", 4));
    let m = compare_script_with(&script, &fast, &planted(Bug::Details), every(3)).expect_err("d");
    assert_eq!((m.difference.kind(), m.steps), ("details", 3));
    // Never when 0, not even at the end.
    let agreed = compare_script_with(&script, &fast, &planted(Bug::Details), every(0));
    assert!(agreed.is_ok(), "{agreed:?}");
}

fn corner_script() -> Script {
    // Black takes (0,0) only at the ninth step.
    let mut steps = quiet_moves();
    steps.swap(8, 9);
    steps.swap(7, 9);
    steps.swap(6, 9);
    Script::new(setup(5, 5, Rules::TROMP_TAYLOR), steps)
}

#[test]
fn the_minimiser_shrinks_to_the_one_step_that_fails() {
    let script = corner_script();
    let right = planted(Bug::CornerGrid);
    let m = compare_script(&script, &EngineKind::fast(), &right, true).expect_err("found");
    assert_eq!((m.difference.kind(), m.steps), ("grid", 9));
    let (short, found) = minimise(&script, m, &EngineKind::fast(), &right);
    assert_eq!(short.steps, vec![mv(0, 0)]);
    assert_eq!(found.steps, 1);
    assert_eq!(found.difference, Difference::Grid);
    // Undos it does not need go, and those past its end.
    let mut with = script;
    with.undos = vec![
        Undo {
            after: 1,
            levels: 2,
        },
        Undo {
            after: 3,
            levels: 2,
        },
    ];
    let m = compare_script(&with, &EngineKind::fast(), &right, true).expect_err("found");
    let (short, _) = minimise(&with, m, &EngineKind::fast(), &right);
    assert_eq!(short.steps, vec![mv(0, 0)]);
    assert!(short.undos.is_empty());
}

/// A shrink of `left` against `right` with no replays to spend.
fn no_replays<'a>(left: &'a EngineKind, right: &'a EngineKind) -> Shrink<'a> {
    Shrink {
        left,
        right,
        options: CompareOptions::new(true),
        budget: 0,
        stop: None,
    }
}

/// The quiet moves with one turn taken back after step `after`.
fn quiet_moves_undone_after(after: usize) -> Script {
    with_undos(quiet_moves(), vec![Undo { after, levels: 1 }])
}

#[test]
fn the_minimiser_keeps_an_undo_the_failure_needs() {
    // The planted engine fails to undo: the undo is the failure.
    let script = quiet_moves_undone_after(5);
    let right = planted(Bug::Undo);
    let m = compare_script(&script, &EngineKind::fast(), &right, true).expect_err("found");
    let (short, found) = minimise(&script, m, &EngineKind::fast(), &right);
    assert_eq!(found.difference.kind(), "undo");
    // An undo is kept by the index of the step it follows.
    assert_eq!(short.steps.len(), 6);
    assert_eq!(
        short.undos,
        vec![Undo {
            after: 5,
            levels: 1
        }]
    );
}

#[test]
fn the_minimiser_keeps_only_what_fails_the_same_way() {
    let script = corner_script();
    let right = planted(Bug::CornerGrid);
    let fast = EngineKind::fast();
    let m = compare_script(&script, &fast, &right, true).expect_err("found");
    // Nothing else fails the same way: the prefix up to the failure stays.
    let (short, found) = minimise_while(&script, m.clone(), &fast, &right, |_| false);
    assert_eq!(short.steps, script.steps[..9].to_vec());
    assert_eq!(found.steps, 9);
    // Within a budget of no replays, likewise.
    let shrink = no_replays(&fast, &right);
    let (short, _) = shrink.run(&script, m.clone(), |_| true);
    assert_eq!(short.steps.len(), 9);
    let (short, _) = Shrink {
        budget: 1,
        ..shrink
    }
    .run(&script, m.clone(), |_| true);
    assert_eq!(short.steps.len(), 5, "{:?}", short.steps);
    let (short, _) = Shrink {
        budget: 2,
        ..shrink
    }
    .run(&script, m.clone(), |_| true);
    assert_eq!(short.steps, vec![mv(0, 0)]);
    // A stop requested: no replay at all, whatever the budget.
    let stop = tromp_taylor_harness::stop::Stop::new();
    stop.request(2);
    let (short, _) = Shrink {
        budget: usize::MAX,
        stop: Some(&stop),
        ..shrink
    }
    .run(&script, m, |_| true);
    assert_eq!(short.steps.len(), 9);
}

fn corner_known(m: &Divergence) -> bool {
    m.difference == Difference::Grid
}

fn panics(_: &Divergence) -> bool {
    panic!("a matcher that panics")
}

fn never(_: &Divergence) -> bool {
    false
}

const CORNER: Known = Known {
    name: "corner-shown-white",
    rule: "rule 2",
    matches: corner_known,
};

#[test]
fn known_divergences_are_found_by_their_test_and_told_apart_by_name() {
    let m = divergence_of(Bug::Grid, quiet_moves());
    let panicking = Known {
        name: "panics",
        rule: "",
        matches: panics,
    };
    let none = Known {
        name: "never",
        rule: "",
        matches: never,
    };
    assert_eq!(Known::find(&[panicking, none, CORNER], &m), Some(CORNER));
    assert_eq!(Known::find(&[panicking, none], &m), None);
    assert_eq!(format!("{CORNER:?}"), "Known(corner-shown-white)");
    assert_eq!(CORNER.to_string(), "corner-shown-white");
    assert_ne!(CORNER, none);
    assert_eq!(
        Known {
            matches: never,
            ..CORNER
        },
        CORNER
    );
}

pub(crate) fn options(right: EngineKind, games: usize) -> DiffOptions {
    DiffOptions {
        sizes: vec![Size::new(5, 5).expect("5x5")],
        rules: Some(vec![Rules::TROMP_TAYLOR]),
        jobs: 1,
        right,
        ..DiffOptions::new(games, 7)
    }
}

#[test]
fn the_diff_job_counts_what_agrees() {
    let opts = options(EngineKind::fast(), 6);
    let summary = run_diff(&opts);
    assert_eq!(summary.games, 6);
    assert!(summary.found.is_empty());
    let (mut steps, mut turns) = (0, 0);
    for game in 0..6 {
        let agreed = compare_script(&game_script(&opts, game), &opts.left, &opts.right, true)
            .expect("agree");
        steps += agreed.steps;
        turns += agreed.turns;
    }
    assert_eq!((summary.steps, summary.turns), (steps, turns));
    assert!(turns > 0);
}

#[test]
fn the_diff_job_minimises_and_names_what_it_finds() {
    let opts = options(planted(Bug::Prisoners), 4);
    let summary = run_diff(&opts);
    assert_eq!(summary.games, 4);
    assert_eq!(summary.found.len(), 4);
    let games: Vec<usize> = summary.found.iter().map(|f| f.game).collect();
    assert_eq!(games, vec![0, 1, 2, 3]);
    for found in &summary.found {
        assert_eq!(found.known_or_difference(), "prisoners");
        assert!(found.minimised);
        assert_eq!(found.known, None);
        assert!(found.script.steps.len() <= found.divergence.steps);
        // Three turns taken, and the prisoners differ.
        assert_eq!(found.script.steps.len(), FROM, "{:?}", found.script.steps);
        let original = game_script(&opts, found.game);
        assert!(found.script.steps.len() < original.steps.len());
    }
    // Stop at the first: one game's divergence, with one job.
    let first = run_diff(&DiffOptions {
        stop_at_first: true,
        ..opts
    });
    assert_eq!(first.found.len(), 1);
    assert_eq!(first.games, 1);
}

#[test]
fn the_diff_job_minimises_the_first_of_each_kind_only_when_asked() {
    let known = Known {
        name: "planted-prisoners",
        rule: "rule 9",
        matches: |m| matches!(m.difference, Difference::Prisoners { .. }),
    };
    let opts = DiffOptions {
        minimise: Minimise::FirstOfEachKind,
        known: vec![known],
        ..options(planted(Bug::Prisoners), 3)
    };
    let summary = run_diff(&opts);
    assert_eq!(summary.found.len(), 3);
    let minimised: Vec<bool> = summary.found.iter().map(|f| f.minimised).collect();
    assert_eq!(minimised, vec![true, false, false]);
    for found in &summary.found {
        assert_eq!(found.known_or_difference(), "planted-prisoners");
        assert_eq!(found.known, Some(known));
    }
    let unminimised = &summary.found[1];
    assert_eq!(unminimised.script, game_script(&opts, 1));
    let first = &summary.found[0];
    assert_eq!(first.script.steps.len(), FROM);
}

#[test]
fn the_diff_job_minimises_up_to_its_cap_in_game_order() {
    // The first of the kind counts toward the cap: two minimised in all.
    let opts = DiffOptions {
        minimise: Minimise::UpTo(2),
        ..options(planted(Bug::Prisoners), 4)
    };
    let summary = run_diff(&opts);
    let minimised: Vec<bool> = summary.found.iter().map(|f| f.minimised).collect();
    assert_eq!(minimised, vec![true, true, false, false]);
    assert_eq!(summary.found[1].script.steps.len(), FROM);
    assert_eq!(summary.found[2].script, game_script(&opts, 2));
}

#[test]
fn found_names_its_kind() {
    let m = divergence_of(Bug::Grid, quiet_moves());
    let script = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), vec![]);
    let found = Finding::new(0, script, m, false, None);
    assert_eq!(found.known_or_difference(), "grid");
    assert_eq!(found.kind, Kind::Board);
    let named = Finding {
        known: Some(CORNER),
        ..found
    };
    assert_eq!(named.known_or_difference(), "corner-shown-white");
}

#[test]
fn the_diff_job_skips_what_an_engine_does_not_claim() {
    let no_komi = Supports {
        komi: false,
        ..Supports::EVERYTHING
    };
    let komi = Rules {
        komi_half_points: 13,
        ..Rules::TROMP_TAYLOR
    };
    let opts = DiffOptions {
        rules: Some(vec![komi]),
        ..options(EngineKind::fast().claiming(no_komi), 3)
    };
    let summary = run_diff(&opts);
    assert_eq!(summary.games, 0);
    let skipped: Vec<usize> = summary.skipped.iter().map(|(g, _)| *g).collect();
    assert_eq!(skipped, vec![0, 1, 2]);
    assert_eq!(summary.skipped[0].1.engine, "fast");
    let s = setup(5, 5, komi);
    assert!(opts.unsupported(&s).is_some());
    assert!(options(EngineKind::fast(), 1).unsupported(&s).is_none());
    // A setup position is judged by whether the engine starts positions.
    let mut script = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), vec![]);
    let no_positions = EngineKind::new("plain", Supports::EVERYTHING, |s| {
        EngineKind::fast().start(s)
    });
    let plain = options(no_positions, 1);
    assert!(plain.unsupported_start(&script).is_none());
    script.start = Script::read_sgf("(;SZ[5]AB[aa]AW[bb])").expect("sgf").start;
    assert!(script.start.is_some());
    let skipped = plain
        .unsupported_start(&script)
        .expect("planted starts no position");
    assert_eq!(skipped.engine, "plain");
    assert!(options(EngineKind::fast(), 1)
        .unsupported_start(&script)
        .is_none());
}

#[test]
fn game_scripts_depend_on_the_seed_and_the_index() {
    for seed in [0, u64::MAX, 7] {
        let opts = DiffOptions {
            seed,
            ..options(EngineKind::fast(), 1)
        };
        let scripts: Vec<Script> = (0..6).map(|i| game_script(&opts, i)).collect();
        assert!(scripts.windows(2).any(|w| w[0] != w[1]), "seed {seed}");
        assert_eq!(game_script(&opts, 3), scripts[3]);
        assert!(!scripts[0].steps.is_empty());
    }
    let opts = DiffOptions::new(1, 7);
    let undone = (0..60).any(|i| !game_script(&opts, i).undos.is_empty());
    assert!(undone, "the default mix undoes in some game");
    let no_undo = Supports {
        undo: false,
        ..Supports::EVERYTHING
    };
    for kinds in [(EngineKind::fast().claiming(no_undo), EngineKind::fast())] {
        for (left, right) in [(kinds.0.clone(), kinds.1.clone()), (kinds.1, kinds.0)] {
            let opts = DiffOptions {
                left,
                right,
                ..DiffOptions::new(1, 7)
            };
            assert!((0..60).all(|i| game_script(&opts, i).undos.is_empty()));
        }
    }
}

#[test]
fn turns_per_second_divides_turns_by_the_time() {
    let summary = Summary {
        turns: 10,
        elapsed: std::time::Duration::from_secs(4),
        ..Summary::default()
    };
    assert!((summary.turns_per_second() - 2.5).abs() < 1e-9);
}

/// `fast` claiming no legal sets, and panicking when asked one.
fn no_legal_sets() -> EngineKind {
    let supports = Supports {
        legal_sets: false,
        ..Supports::EVERYTHING
    };
    EngineKind::new("no-legal-sets", supports, |setup| {
        Ok(Planted::boxed(
            EngineKind::fast().start(setup)?,
            Bug::NoLegalSet,
        ))
    })
}

#[test]
fn turns_are_chosen_from_the_first_engine_that_claims_legal_sets() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let chosen: Vec<Step> = (0..8).map(Step::Choose).collect();
    let fast = EngineKind::fast();
    for (left, right) in [
        (no_legal_sets(), fast.clone()),
        (fast.clone(), no_legal_sets()),
    ] {
        let agreed = compare(s, chosen.clone(), &left, &right, true).expect("chosen by fast");
        assert_eq!(agreed.turns, 8);
    }
    // Without legal sets compared, the first engine chooses where both
    // claim them: the second is not asked.
    let unasked = planted(Bug::NoLegalSet);
    let agreed = compare(s, chosen.clone(), &fast, &unasked, false).expect("by fast");
    assert_eq!(agreed.turns, 8);
    let m = compare(s, chosen, &unasked, &fast, false).expect_err("asked");
    assert_eq!(m.difference.kind(), "panic");
}

#[test]
fn details_are_not_compared_at_the_start_of_an_empty_board() {
    let fast = EngineKind::fast();
    let every = |n| CompareOptions {
        details_every: n,
        ..CompareOptions::new(true)
    };
    let empty = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), quiet_moves());
    let always = planted(Bug::DetailsAlways);
    let m = compare_script_with(&empty, &fast, &always, every(4)).expect_err("details");
    assert_eq!((m.difference.kind(), m.steps), ("details", 4));
    // After a handicap, or from a setup position, there is something to tell.
    let handicap = Setup {
        handicap: Handicap::Fixed(2),
        ..setup(9, 9, Rules::TROMP_TAYLOR)
    };
    let script = Script::new(handicap, quiet_moves());
    let m = compare_script_with(&script, &fast, &always, every(4)).expect_err("details");
    assert_eq!((m.difference.kind(), m.steps), ("details", 0));
    let mut position = Script::new(
        setup(5, 5, Rules::TROMP_TAYLOR),
        quiet_moves()[2..].to_vec(),
    );
    position.start = Script::read_sgf("(;SZ[5]AB[ee]AW[ae])").expect("sgf").start;
    let m = compare_script_with(&position, &fast, &always, every(4)).expect_err("details");
    assert_eq!((m.difference.kind(), m.steps), ("details", 0));
    // Never when 0.
    assert!(compare_script_with(&script, &fast, &always, every(0)).is_ok());
}

#[test]
fn the_minimiser_drops_an_undo_the_failure_does_not_need() {
    // The grid differs from the third turn on; an undo after the first step
    // only delays it.
    let script = quiet_moves_undone_after(0);
    let right = planted(Bug::Grid);
    let fast = EngineKind::fast();
    let m = compare_script(&script, &fast, &right, true).expect_err("found");
    assert_eq!((m.steps, m.undos), (4, 1));
    let (short, found) = minimise(&script, m, &fast, &right);
    assert!(short.undos.is_empty(), "{:?}", short.undos);
    assert_eq!(short.steps.len(), 3);
    assert_eq!((found.steps, found.undos), (3, 0));
}

#[test]
fn the_diff_job_shortens_what_it_finds() {
    let opts = options(planted(Bug::CornerGrid), 6);
    let summary = run_diff(&opts);
    assert!(!summary.found.is_empty());
    let mut shortened = 0;
    for found in &summary.found {
        let script = game_script(&opts, found.game);
        let m = compare_script(&script, &opts.left, &opts.right, true).expect_err("parted");
        assert!(found.divergence.steps <= m.steps);
        assert_eq!(found.known_or_difference(), "grid");
        shortened += usize::from(found.divergence.steps < m.steps);
    }
    assert!(shortened > 0);
}

#[test]
fn undos_past_the_end_go_even_without_replays_left() {
    let mut script = corner_script();
    script.undos = vec![Undo {
        after: 9,
        levels: 1,
    }];
    let (fast, right) = (EngineKind::fast(), planted(Bug::CornerGrid));
    let m = compare_script(&script, &fast, &right, true).expect_err("found");
    assert_eq!(m.steps, 9);
    let shrink = no_replays(&fast, &right);
    let (short, _) = shrink.run(&script, m, |_| true);
    assert_eq!(short.steps.len(), 9);
    assert!(short.undos.is_empty(), "{:?}", short.undos);
}

/// A grid difference met only after the third step.
fn late_grid(m: &Divergence) -> bool {
    m.difference == Difference::Grid && m.steps > 3
}

#[test]
fn a_known_divergence_stays_matched_while_minimised() {
    let late = Known {
        name: "late-grid",
        rule: "rule 2",
        matches: late_grid,
    };
    let opts = DiffOptions {
        known: vec![late],
        ..options(planted(Bug::CornerGrid), 12)
    };
    let summary = run_diff(&opts);
    let known: Vec<&Finding> = summary.found.iter().filter(|f| f.known.is_some()).collect();
    assert!(!known.is_empty());
    for found in known {
        assert!(
            late_grid(&found.divergence),
            "{} steps",
            found.divergence.steps
        );
        assert_eq!(found.known_or_difference(), "late-grid");
    }
    // And one not known stays not known.
    for found in summary.found.iter().filter(|f| f.known.is_none()) {
        assert!(!late_grid(&found.divergence));
    }
}
