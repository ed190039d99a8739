//! The exhaustive check judged from outside: `spec` and `fast` agree on the
//! smallest boards, a deliberately wrong engine is caught with `diff`'s
//! report and an SGF that replays the difference, and a run resumes.

use tromp_taylor_exhaust::{
    every_position_rules, game_rules, run_exhaust, ExhaustOptions, Pair, Part, Summary,
};
use tromp_taylor_harness::diff::compare_script;
use tromp_taylor_harness::engine::{Details, Engine, EngineKind, Supports};
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::vocab::{Color, Player, Rules, Size, Superko};
use tromp_taylor_testkit::forward::{Fault, Forward};

/// `fast`, except that a player holding exactly two prisoners is said to
/// hold three: wrong only after a capture of two stones. Or, with the
/// corner flag, a player holding any is said to hold one more while the
/// last point of the board (its top right corner) is black: wrong in one
/// orientation of a position and not in its flips.
struct TwoAreThree {
    corner: bool,
}

impl Fault for TwoAreThree {
    fn prisoners(&self, inner: &dyn Engine, player: Player) -> usize {
        let n = inner.prisoners(player);
        let corner_black = inner.grid().colors.last() == Some(&Color::Black);
        match (n, self.corner) {
            (2, false) => 3,
            (n, true) if n > 0 && corner_black => n + 1,
            (n, _) => n,
        }
    }
    // It undoes as `fast` does, and reports no details, as an engine
    // author's own.
    fn details(&self, _inner: &dyn Engine) -> Option<Details> {
        None
    }
}

/// `spec` against [`TwoAreThree`].
fn spec_against_wrong() -> Pair {
    spec_against(false)
}

/// `spec` against [`TwoAreThree`], wrong in one corner or not.
fn spec_against(corner: bool) -> Pair {
    let fast = EngineKind::fast();
    let start = fast.clone();
    let wrong = EngineKind::new("two-are-three", Supports::EVERYTHING, move |setup| {
        Ok(
            Box::new(Forward::new(start.start(setup)?, TwoAreThree { corner }))
                as Box<dyn Engine + Send>,
        )
    })
    .with_positions(move |size, rules, colors, to_move| {
        let inner = fast.start_position(size, rules, colors, to_move)?;
        Ok(Box::new(Forward::new(inner, TwoAreThree { corner })) as Box<dyn Engine + Send>)
    });
    Pair {
        left: EngineKind::spec(),
        right: wrong,
    }
}

fn options(part: Part, size: &str, rules: Vec<Rules>, depth: Option<usize>) -> ExhaustOptions {
    ExhaustOptions {
        part,
        sizes: vec![size.parse::<Size>().unwrap()],
        rules,
        depth,
        jobs: 2,
        first_task: 0,
        symmetry: false,
        open_set: false,
        pair: Pair::spec_and_fast(),
        progress: Progress::hidden(),
    }
}

fn positions(summary: &Summary) -> u64 {
    summary.done().map(|c| c.positions).sum()
}

#[test]
fn spec_and_fast_agree_on_every_2x2_position_under_every_rules_set() {
    let summary = run_exhaust(&options(
        Part::Positions,
        "2x2",
        every_position_rules(),
        None,
    ));
    assert!(
        summary.found.is_none(),
        "{:?}",
        summary.found.map(|f| f.report)
    );
    assert!(summary.complete());
    // L(2, 2) = 57 colorings, with either player to move; 5 turns each, 48 rules sets.
    assert_eq!(positions(&summary), 114);
    assert_eq!(summary.done().map(|c| c.turns).sum::<u64>(), 114 * 5 * 48);
}

#[test]
fn whole_games_under_simple_ko_are_a_finite_graph_walked_to_its_end() {
    let simple_ko = Rules {
        superko: Superko::SimpleKo,
        ..Rules::TROMP_TAYLOR
    };
    let summary = run_exhaust(&options(Part::Games, "1x4", vec![simple_ko], None));
    assert!(summary.complete(), "{:?}", summary.found.map(|f| f.report));
    let walk = summary.done().next().unwrap().walk;
    // Every legal coloring of 1x4 (41) is reached with some player to move.
    assert!(walk.states >= 41, "{walk:?}");
    assert!(walk.ended > 0 && walk.deepest > 8, "{walk:?}");
    // Each state's turns are played once: every node but the start is
    // reached by one turn, and a state has at most the pass and 4 moves.
    // (A walk that went on from a state it had reached by a longer line
    // played millions of turns for thousands of states.)
    assert_eq!(walk.nodes, walk.edges + 1, "{walk:?}");
    assert!(walk.edges <= walk.states * 5, "{walk:?}");
}

#[test]
fn a_wrong_prisoner_count_is_found_among_the_positions_with_diffs_report() {
    let mut options = options(Part::Positions, "1x3", vec![Rules::TROMP_TAYLOR], None);
    options.pair = spec_against_wrong();
    let summary = run_exhaust(&options);
    let found = summary.found.expect("the wrong engine is caught");
    assert!(found.parted.what.contains("prisoners"), "{}", found.parted);
    assert!(found.walked.start.is_some(), "found from a setup position");
    assert!(found.report.contains("prisoners"), "{}", found.report);
    // The SGF replays it: the two part on it again.
    let script = Script::read_sgf(&found.sgf.expect("an SGF")).unwrap();
    assert!(compare_script(&script, &options.pair.left, &options.pair.right, true).is_err());
    assert!(compare_script(&script, &EngineKind::spec(), &EngineKind::fast(), true).is_ok());
}

#[test]
fn a_wrong_prisoner_count_is_found_among_the_games_from_the_empty_board() {
    let mut options = options(Part::Games, "1x3", game_rules(), Some(6));
    options.pair = spec_against_wrong();
    let found = run_exhaust(&options)
        .found
        .expect("the wrong engine is caught");
    assert!(found.walked.start.is_none());
    assert!(!found.walked.path.is_empty());
    assert!(found.report.contains("prisoners"), "{}", found.report);
}

#[test]
fn a_stopped_run_does_nothing_more_and_a_resumed_run_skips_the_units_before() {
    let stopped = options(Part::Positions, "3x3", vec![Rules::TROMP_TAYLOR], None);
    stopped.progress.stop().request(2);
    let summary = run_exhaust(&stopped);
    assert_eq!((summary.done().count(), summary.resume_at), (0, 0));
    let mut resumed = options(Part::Positions, "2x4", vec![Rules::TROMP_TAYLOR], None);
    let all = run_exhaust(&resumed);
    assert!(all.complete() && all.covered.len() == 3);
    resumed.first_task = 1;
    let rest = run_exhaust(&resumed);
    assert!(rest.complete() && rest.covered[0].is_none());
    assert_eq!((rest.done().count(), rest.resume_at), (2, 3));
    let first = all.covered[0].unwrap().positions;
    assert_eq!(first + positions(&rest), positions(&all));
    // L(2, 4) = 4125 colorings, either player to move.
    assert_eq!(positions(&all), 8250);
}

#[test]
fn a_run_reduced_by_symmetry_stands_for_every_position_and_is_fewer() {
    let mut reduced = options(Part::Positions, "3x3", vec![Rules::TROMP_TAYLOR], None);
    reduced.symmetry = true;
    let reduced = run_exhaust(&reduced);
    assert!(reduced.complete());
    let stands_for: u64 = reduced.done().map(|c| c.stands_for).sum();
    // L(3, 3) = 12,675 colorings, either player to move.
    assert_eq!(stands_for, 25_350);
    // An orbit has 8 colorings but where a flip or turn fixes one (the
    // empty board's orbit is itself alone): 1,824 orbits, 6.9 times fewer.
    assert_eq!(positions(&reduced), 3_648);
}

#[test]
fn a_difference_in_one_orientation_is_found_with_and_without_symmetry() {
    for board in ["2x3", "3x3"] {
        for symmetry in [false, true] {
            let mut options = options(Part::Positions, board, vec![Rules::TROMP_TAYLOR], None);
            options.pair = spec_against(true);
            options.symmetry = symmetry;
            let found = run_exhaust(&options).found;
            let found = found.unwrap_or_else(|| panic!("{board}, symmetry {symmetry}: not found"));
            assert!(found.parted.what.contains("prisoners"), "{}", found.parted);
        }
    }
}

/// The mutation run judged by this crate's slice lists the same mutants as
/// the one judged by the random check: the exclusions of
/// `.cargo/mutants-exhaust.toml` are `.cargo/mutants.toml`'s, word for word.
#[test]
fn the_exhaustive_mutation_config_excludes_what_the_random_one_does() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let exclusions = |name: &str| {
        let text = std::fs::read_to_string(root.join(".cargo").join(name)).unwrap();
        let at = text
            .find("# Not engine code:")
            .unwrap_or_else(|| panic!("{name} has no \"# Not engine code:\" line"));
        text[at..].to_string()
    };
    assert_eq!(
        exclusions("mutants-exhaust.toml"),
        exclusions("mutants.toml"),
        ".cargo/mutants-exhaust.toml's exclusions differ from .cargo/mutants.toml's"
    );
}
