//! The tester's own core judged from outside: the differential driver must find each kind of divergence planted in `fast`, at its step, the minimiser must shrink, and the `diff` job must count, name and minimise what it finds.

use tromp_taylor_harness::diff::{compare, compare_record, compare_script, Difference, Divergence};
use tromp_taylor_harness::engine::{Details, Engine, EngineKind, Supports};
use tromp_taylor_harness::script::{Action, Script, Step, Undo};
use tromp_taylor_harness::vocab::{
    Color, Ending, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Size,
    Turn, Verdict,
};
use tromp_taylor_testkit::forward::{Fault, Forward};

/// One thing a planted engine reports wrongly, once it has taken `FROM` turns.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bug {
    Grid,
    Prisoners,
    Score,
    Outcome,
    ToMove,
    Over,
    Passes,
    LegalSet,
    Verdict,
    Reason,
    Check,
    Undo,
    Agree,
    Details,
    Panic,
    /// Black's stone on (0,0) shown as White.
    CornerGrid,
    /// A panic when asked the legal turns.
    NoLegalSet,
    /// Details that differ from the start.
    DetailsAlways,
}

/// Turns taken before the bug shows.
const FROM: usize = 3;

/// One planted bug in `fast` ([`Forward`] over it), and the turns taken.
struct Planted {
    bug: Bug,
    turns: usize,
}

impl Planted {
    fn on(&self, bug: Bug) -> bool {
        self.bug == bug && self.turns >= FROM
    }

    /// `fast`'s game `inner` with `bug` planted.
    fn boxed(inner: Box<dyn Engine + Send>, bug: Bug) -> Box<dyn Engine + Send> {
        Box::new(Forward::new(inner, Planted { bug, turns: 0 }))
    }
}

impl Fault for Planted {
    fn to_move(&self, inner: &dyn Engine) -> Player {
        let p = inner.to_move();
        match self.on(Bug::ToMove) {
            true => p.opponent(),
            false => p,
        }
    }
    fn check(&self, inner: &dyn Engine, turn: Turn) -> Verdict {
        match self.on(Bug::Check) {
            true => inner.check(turn).and(Err(Illegal::Occupied)),
            false => inner.check(turn),
        }
    }
    fn play(&mut self, inner: &mut dyn Engine, turn: Turn) -> Verdict {
        let verdict = inner.play(turn);
        assert!(!self.on(Bug::Panic), "planted panic");
        let wrong = match self.bug {
            Bug::Verdict if self.turns >= FROM => verdict.and(Err(Illegal::Occupied)),
            Bug::Reason if self.turns >= FROM => verdict.map_err(|_| Illegal::OffBoard),
            _ => verdict,
        };
        self.turns += usize::from(verdict.is_ok());
        wrong
    }
    fn legal_turns(&self, inner: &dyn Engine) -> Vec<Turn> {
        assert!(self.bug != Bug::NoLegalSet, "no legal set claimed");
        let mut legal = inner.legal_turns();
        if self.on(Bug::LegalSet) {
            legal.pop();
        }
        legal
    }
    fn grid(&self, inner: &dyn Engine) -> Grid {
        let mut grid = inner.grid();
        if self.on(Bug::Grid) {
            let first = &mut grid.colors[0];
            *first = match *first {
                Color::Empty => Color::Black,
                _ => Color::Empty,
            };
        }
        if self.bug == Bug::CornerGrid && grid.colors[0] == Color::Black {
            grid.colors[0] = Color::White;
        }
        grid
    }
    fn is_over(&self, inner: &dyn Engine) -> bool {
        inner.is_over() != self.on(Bug::Over)
    }
    fn consecutive_passes(&self, inner: &dyn Engine) -> usize {
        inner.consecutive_passes() + usize::from(self.on(Bug::Passes))
    }
    fn score(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.score(player) + usize::from(self.on(Bug::Score))
    }
    fn prisoners(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.prisoners(player) + usize::from(self.on(Bug::Prisoners) && player == Player::White)
    }
    fn outcome(&self, inner: &dyn Engine) -> Outcome {
        let outcome = inner.outcome();
        match self.on(Bug::Outcome) {
            true => Outcome {
                half_points: outcome.half_points + 2,
                ..outcome
            },
            false => outcome,
        }
    }
    fn agree(&mut self, inner: &mut dyn Engine, points: &[Point]) -> Result<(), Refusal> {
        match self.bug == Bug::Agree {
            true => Err(Refusal::GameOver),
            false => inner.agree(points),
        }
    }
    fn undo(&mut self, inner: &mut dyn Engine) -> bool {
        let undone = inner.undo();
        self.turns = self.turns.saturating_sub(1);
        undone && self.bug != Bug::Undo
    }
    fn details(&self, inner: &dyn Engine) -> Option<Details> {
        let mut details = inner.details()?;
        if self.on(Bug::Details) || self.bug == Bug::DetailsAlways {
            details.komi_text.push('!');
        }
        Some(details)
    }
}

fn planted_claiming(bug: Bug, supports: Supports) -> EngineKind {
    let wrap = move |inner| Planted::boxed(inner, bug);
    EngineKind::new("planted", supports, move |setup| {
        Ok(wrap(EngineKind::fast().start(setup)?))
    })
    .with_positions(move |size, rules, colors, to_move| {
        Ok(wrap(
            EngineKind::fast().start_position(size, rules, colors, to_move)?,
        ))
    })
    .claiming(supports)
}

fn planted(bug: Bug) -> EngineKind {
    planted_claiming(bug, Supports::EVERYTHING)
}

fn setup(w: usize, h: usize, rules: Rules) -> Setup {
    Setup {
        size: Size::new(w, h).expect("a size"),
        rules,
        handicap: Handicap::None,
    }
}

fn mv(x: usize, y: usize) -> Step {
    Step::Attempt(Turn::Move(Point::new(x, y)))
}

/// Ten moves on 5x5 that capture nothing, Black first: (1,1) (3,1) (1,3) (3,3) ...
fn quiet_moves() -> Vec<Step> {
    [
        (1, 1),
        (3, 1),
        (1, 3),
        (3, 3),
        (2, 0),
        (2, 4),
        (0, 2),
        (4, 2),
        (2, 2),
        (0, 0),
    ]
    .into_iter()
    .map(|(x, y)| mv(x, y))
    .collect()
}

fn divergence_of(bug: Bug, steps: Vec<Step>) -> Box<Divergence> {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    compare(s, steps, &EngineKind::fast(), &planted(bug), true).expect_err("a planted bug is found")
}

#[test]
fn every_planted_bug_is_found_at_its_step_with_its_kind() {
    let cases = [
        (Bug::Grid, "grid", FROM),
        (Bug::Prisoners, "prisoners", FROM),
        (Bug::ToMove, "to-move", FROM),
        (Bug::Over, "over", FROM),
        (Bug::Passes, "passes", FROM),
        (Bug::LegalSet, "legal-set", FROM),
        (Bug::Verdict, "verdict", FROM + 1),
        (Bug::Check, "check", FROM + 1),
        (Bug::Details, "details", FROM + 1),
        (Bug::Panic, "panic", FROM + 1),
    ];
    for (bug, kind, steps) in cases {
        let m = divergence_of(bug, quiet_moves());
        assert_eq!(m.difference.kind(), kind, "{bug:?}: {:?}", m.difference);
        // Details are compared every DETAILS_EVERY steps, and at the end.
        let steps = if bug == Bug::Details { 10 } else { steps };
        assert_eq!(m.steps, steps, "{bug:?}");
        assert_eq!(m.record.len(), steps, "{bug:?}");
        assert_eq!((m.left.as_str(), m.right.as_str()), ("fast", "planted"));
    }
}

#[test]
fn a_difference_names_what_differs() {
    let m = divergence_of(Bug::Prisoners, quiet_moves());
    assert_eq!(
        m.difference,
        Difference::Prisoners {
            player: Player::White,
            left: 0,
            right: 1
        }
    );
    let m = divergence_of(Bug::LegalSet, quiet_moves());
    match m.difference {
        Difference::LegalSet {
            only_left,
            only_right,
        } => {
            assert_eq!(only_left, vec![Turn::Move(Point::new(4, 4))]);
            assert!(only_right.is_empty());
        }
        other => panic!("{other:?}"),
    }
    let m = divergence_of(Bug::Panic, quiet_moves());
    match m.difference {
        Difference::Panic { engine, message } => {
            assert_eq!(engine, "planted");
            assert!(message.contains("planted panic"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let m = divergence_of(Bug::Grid, quiet_moves());
    assert_ne!(m.left_grid, m.right_grid);
    assert!(m.left_grid.is_some());
}

#[test]
fn a_panic_is_laid_on_the_engine_that_panicked() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let m = compare(
        s,
        quiet_moves(),
        &planted(Bug::Panic),
        &EngineKind::fast(),
        true,
    )
    .expect_err("found");
    assert!(matches!(m.difference, Difference::Panic { ref engine, .. } if engine == "planted"));
}

#[test]
fn the_end_compares_scores_and_results() {
    let passes = vec![Step::Attempt(Turn::Pass); 2];
    let mut steps = quiet_moves()[..4].to_vec();
    steps.extend(passes);
    for (bug, kind) in [(Bug::Score, "score"), (Bug::Outcome, "outcome")] {
        let m = divergence_of(bug, steps.clone());
        assert_eq!(m.difference.kind(), kind, "{:?}", m.difference);
        assert_eq!(m.steps, 6);
    }
    // Scores unclaimed: the outcome is compared only once the game is over.
    let no_scores = Supports {
        scores: false,
        ..Supports::EVERYTHING
    };
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let right = planted_claiming(Bug::Outcome, no_scores);
    let agreed = compare(
        s,
        quiet_moves()[..4].to_vec(),
        &EngineKind::fast(),
        &right,
        true,
    );
    assert!(agreed.is_ok(), "{agreed:?}");
    let m = compare(s, steps.clone(), &EngineKind::fast(), &right, true).expect_err("over");
    assert_eq!(m.difference.kind(), "outcome");
    let no_results = Supports {
        results: false,
        ..no_scores
    };
    let right = planted_claiming(Bug::Outcome, no_results);
    assert!(compare(s, steps.clone(), &EngineKind::fast(), &right, true).is_ok());
    let right = planted_claiming(Bug::Score, no_results);
    assert!(compare(s, steps, &EngineKind::fast(), &right, true).is_ok());
}

#[test]
fn an_answer_is_compared_only_where_both_claim_it() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let unclaimed = [
        (
            Bug::Grid,
            Supports {
                grids: false,
                ..Supports::EVERYTHING
            },
        ),
        (
            Bug::Prisoners,
            Supports {
                captures: false,
                ..Supports::EVERYTHING
            },
        ),
        (
            Bug::LegalSet,
            Supports {
                legal_sets: false,
                ..Supports::EVERYTHING
            },
        ),
        (
            Bug::Check,
            Supports {
                verdict_queries: false,
                ..Supports::EVERYTHING
            },
        ),
        (
            Bug::Reason,
            Supports {
                reasons: false,
                ..Supports::EVERYTHING
            },
        ),
    ];
    let mut steps = quiet_moves();
    steps.extend([mv(1, 1), mv(3, 3)]);
    for (bug, supports) in unclaimed {
        let right = planted_claiming(bug, supports);
        let agreed = compare(s, steps.clone(), &EngineKind::fast(), &right, true)
            .unwrap_or_else(|m| panic!("{bug:?}: {:?}", m.difference));
        assert_eq!(agreed.steps, 12, "{bug:?}");
        assert_eq!(agreed.turns, 10, "{bug:?}");
        let m = compare(s, steps.clone(), &EngineKind::fast(), &planted(bug), true)
            .expect_err("claimed, found");
        assert_ne!(m.difference.kind(), "", "{bug:?}");
    }
}

#[test]
fn a_reason_and_a_query_are_compared_only_where_they_are_asked() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let mut steps = quiet_moves();
    steps.extend([mv(1, 1), mv(3, 3)]);
    // The reason alone differs: a verdict difference where both give reasons.
    let m = compare(s, steps, &EngineKind::fast(), &planted(Bug::Reason), true).expect_err("found");
    assert_eq!(m.difference.kind(), "verdict");
    assert_eq!(m.steps, 11);
    // The verdict asked without playing is compared only on attempts.
    let chosen = vec![Step::Choose(7); 8];
    let agreed = compare(
        s,
        chosen.clone(),
        &EngineKind::fast(),
        &planted(Bug::Check),
        true,
    );
    assert!(agreed.is_ok(), "{agreed:?}");
    // Nor without the thorough check (no legal sets, no details).
    let agreed = compare(
        s,
        quiet_moves(),
        &EngineKind::fast(),
        &planted(Bug::Check),
        false,
    );
    assert!(agreed.is_ok(), "{agreed:?}");
    let agreed = compare(
        s,
        quiet_moves(),
        &EngineKind::fast(),
        &planted(Bug::LegalSet),
        false,
    );
    assert!(agreed.is_ok(), "{agreed:?}");
    let agreed = compare(
        s,
        chosen,
        &EngineKind::fast(),
        &planted(Bug::Details),
        false,
    );
    assert!(agreed.is_ok(), "{agreed:?}");
}

#[test]
fn agreeing_engines_count_every_step_and_turn() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let mut steps = quiet_moves();
    // Two refused attempts (occupied), then a chosen index far past the
    // legal set's length (taken modulo it), then two passes.
    steps.extend([
        mv(1, 1),
        mv(0, 0),
        Step::Choose(4_000_000),
        Step::Attempt(Turn::Pass),
    ]);
    steps.push(Step::Attempt(Turn::Pass));
    steps.push(Step::Attempt(Turn::Pass));
    let agreed = compare(
        s,
        steps.clone(),
        &EngineKind::spec(),
        &EngineKind::fast(),
        true,
    )
    .expect("spec and fast agree");
    // The chosen index falls on the pass: two passes end the game, and the
    // last pass is refused.
    assert_eq!((agreed.steps, agreed.turns, agreed.ended), (16, 12, true));
    let mut going = steps;
    going.truncate(13);
    let agreed = compare(s, going, &EngineKind::spec(), &EngineKind::fast(), true).expect("agree");
    assert_eq!((agreed.steps, agreed.turns, agreed.ended), (13, 11, false));
    // Once no turn is left to choose, the game stops there.
    let over = vec![
        Step::Attempt(Turn::Pass),
        Step::Attempt(Turn::Pass),
        Step::Choose(1),
        Step::Choose(2),
    ];
    let agreed = compare(s, over, &EngineKind::spec(), &EngineKind::fast(), true).expect("agree");
    assert_eq!((agreed.steps, agreed.turns, agreed.ended), (2, 2, true));
}

#[test]
fn a_record_replays_on_both_engines() {
    let s = setup(5, 5, Rules::TROMP_TAYLOR);
    let record: Vec<(Player, Action)> = [(1, 1), (3, 3), (2, 2)]
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| {
            let player = if i % 2 == 0 {
                Player::Black
            } else {
                Player::White
            };
            (player, Action::Turn(Turn::Move(Point::new(x, y))))
        })
        .collect();
    let agreed =
        compare_record(s, &record, &EngineKind::spec(), &EngineKind::fast()).expect("agree");
    assert_eq!((agreed.steps, agreed.turns), (3, 3));
    let m =
        compare_record(s, &record, &EngineKind::fast(), &planted(Bug::Grid)).expect_err("found");
    assert_eq!(m.difference, Difference::Grid);
    assert_eq!(m.steps, 3);
}

fn with_undos(steps: Vec<Step>, undos: Vec<Undo>) -> Script {
    let mut script = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), steps);
    script.undos = undos;
    script
}

#[test]
fn undos_are_taken_on_both_and_compared() {
    let script = with_undos(
        quiet_moves()[..6].to_vec(),
        vec![Undo {
            after: 4,
            levels: 2,
        }],
    );
    let agreed =
        compare_script(&script, &EngineKind::spec(), &EngineKind::fast(), true).expect("agree");
    assert_eq!((agreed.steps, agreed.turns), (6, 6));
    let m =
        compare_script(&script, &EngineKind::fast(), &planted(Bug::Undo), true).expect_err("found");
    assert_eq!(
        m.difference,
        Difference::Undo {
            left: true,
            right: false
        }
    );
    assert_eq!(m.steps, 5);
    assert_eq!(m.undos, 0);
    // After the undo, what the game is now is compared: the planted engine
    // still claims the turns it took back.
    let m =
        compare_script(&script, &EngineKind::fast(), &planted(Bug::Grid), true).expect_err("found");
    assert_eq!(m.difference, Difference::Grid);
    assert_eq!((m.steps, m.undos), (3, 0));
    let later = with_undos(
        quiet_moves()[..8].to_vec(),
        vec![Undo {
            after: 1,
            levels: 2,
        }],
    );
    let m =
        compare_script(&later, &EngineKind::fast(), &planted(Bug::Grid), true).expect_err("found");
    assert_eq!((m.steps, m.undos, m.record.len()), (5, 2, 3));
    // Undos beyond the start are refused alike by both.
    let back = with_undos(
        quiet_moves()[..2].to_vec(),
        vec![Undo {
            after: 1,
            levels: 4,
        }],
    );
    let agreed =
        compare_script(&back, &EngineKind::spec(), &EngineKind::fast(), true).expect("agree");
    assert_eq!(agreed.turns, 2);
}

#[test]
fn agreements_are_compared_only_where_both_make_them() {
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::TROMP_TAYLOR
    };
    let s = setup(5, 5, rules);
    let steps = vec![
        mv(1, 1),
        Step::Attempt(Turn::Pass),
        Step::Attempt(Turn::Pass),
        Step::Agree(vec![]),
    ];
    let m = compare(
        s,
        steps.clone(),
        &EngineKind::fast(),
        &planted(Bug::Agree),
        true,
    )
    .expect_err("found");
    assert_eq!(
        m.difference,
        Difference::Agreement {
            left: Ok(()),
            right: Err(Refusal::GameOver)
        }
    );
    assert_eq!(m.steps, 4);
    let no_agreements = Supports {
        agreements: false,
        ..Supports::EVERYTHING
    };
    let right = planted_claiming(Bug::Agree, no_agreements);
    let agreed = compare(s, steps.clone(), &EngineKind::fast(), &right, true).expect("left out");
    assert_eq!((agreed.steps, agreed.turns, agreed.ended), (4, 3, false));
    let agreed = compare(s, steps, &EngineKind::spec(), &EngineKind::fast(), true).expect("agree");
    assert_eq!((agreed.steps, agreed.turns, agreed.ended), (4, 3, true));
}

#[path = "core_mutants/minimiser_and_job.rs"]
mod minimiser_and_job;
#[path = "core_mutants/stop.rs"]
mod stop;
