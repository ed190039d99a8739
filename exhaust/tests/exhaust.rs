//! The exhaustive check judged from outside: `spec` and `fast` agree on the
//! smallest boards, a deliberately wrong engine is caught with `diff`'s
//! report and an SGF that replays the difference, and a run resumes.

use tromp_taylor_exhaust::{
    every_position_rules, game_rules, run_exhaust, ExhaustOptions, Pair, Part, Summary,
};
use tromp_taylor_harness::diff::compare_script;
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports};
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::vocab::{
    Grid, Outcome, Player, Point, Refusal, Rules, Size, Superko, Turn, Verdict,
};

/// `fast`, except that a player holding exactly two prisoners is said to
/// hold three: wrong only after a capture of two stones.
struct TwoAreThree(Box<dyn Engine + Send>);

impl Engine for TwoAreThree {
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn check(&self, turn: Turn) -> Verdict {
        self.0.check(turn)
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        self.0.play(turn)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        self.0.legal_turns()
    }
    fn grid(&self) -> Grid {
        self.0.grid()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    fn consecutive_passes(&self) -> usize {
        self.0.consecutive_passes()
    }
    fn score(&self, player: Player) -> usize {
        self.0.score(player)
    }
    fn prisoners(&self, player: Player) -> usize {
        match self.0.prisoners(player) {
            2 => 3,
            n => n,
        }
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.0.agree(points)
    }
    fn undo(&mut self) -> bool {
        self.0.undo()
    }
}

/// `spec` against [`TwoAreThree`].
fn spec_against_wrong() -> Pair {
    let fast = EngineKind::fast();
    let start = fast.clone();
    let wrong = EngineKind::new("two-are-three", Supports::EVERYTHING, move |setup| {
        Ok(Box::new(TwoAreThree(start.start(setup)?)) as Box<dyn Engine + Send>)
    })
    .with_positions(move |size, rules, colors, to_move| {
        Ok(Box::new(TwoAreThree(
            fast.start_position(size, rules, colors, to_move)?,
        )) as Box<dyn Engine + Send>)
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
