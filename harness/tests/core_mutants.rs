//! The tester's own core judged from outside: the differential driver must find each kind of divergence planted in `fast`, at its step, the minimiser must shrink, and the `diff` job must count, name and minimise what it finds.

use tromp_taylor_harness::diff::{
    compare, compare_record, compare_script, compare_script_with, CompareOptions, Difference,
    Mismatch,
};
use tromp_taylor_harness::engine::{Details, Engine, EngineKind, Supports};
use tromp_taylor_harness::minimise::{minimise, minimise_while, Shrink};
use tromp_taylor_harness::run::{
    game_script, run_diff, DiffOptions, Found, Known, Minimise, Summary,
};
use tromp_taylor_harness::script::{Action, Script, Step, Undo};
use tromp_taylor_harness::vocab::{
    Color, Grid, Handicap, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn,
    Verdict,
};

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

/// `fast`, with one planted bug.
struct Planted {
    inner: Box<dyn Engine + Send>,
    bug: Bug,
    turns: usize,
}

impl Planted {
    fn on(&self, bug: Bug) -> bool {
        self.bug == bug && self.turns >= FROM
    }
}

impl Engine for Planted {
    fn to_move(&self) -> Player {
        let p = self.inner.to_move();
        match self.on(Bug::ToMove) {
            true => p.opponent(),
            false => p,
        }
    }
    fn check(&self, turn: Turn) -> Verdict {
        match self.on(Bug::Check) {
            true => self.inner.check(turn).and(Err(Illegal::Occupied)),
            false => self.inner.check(turn),
        }
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        let verdict = self.inner.play(turn);
        assert!(!self.on(Bug::Panic), "planted panic");
        let wrong = match self.bug {
            Bug::Verdict if self.turns >= FROM => verdict.and(Err(Illegal::Occupied)),
            Bug::Reason if self.turns >= FROM => verdict.map_err(|_| Illegal::OffBoard),
            _ => verdict,
        };
        self.turns += usize::from(verdict.is_ok());
        wrong
    }
    fn legal_turns(&self) -> Vec<Turn> {
        assert!(self.bug != Bug::NoLegalSet, "no legal set claimed");
        let mut legal = self.inner.legal_turns();
        if self.on(Bug::LegalSet) {
            legal.pop();
        }
        legal
    }
    fn grid(&self) -> Grid {
        let mut grid = self.inner.grid();
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
    fn is_over(&self) -> bool {
        self.inner.is_over() != self.on(Bug::Over)
    }
    fn consecutive_passes(&self) -> usize {
        self.inner.consecutive_passes() + usize::from(self.on(Bug::Passes))
    }
    fn score(&self, player: Player) -> usize {
        self.inner.score(player) + usize::from(self.on(Bug::Score))
    }
    fn prisoners(&self, player: Player) -> usize {
        self.inner.prisoners(player)
            + usize::from(self.on(Bug::Prisoners) && player == Player::White)
    }
    fn outcome(&self) -> Outcome {
        let outcome = self.inner.outcome();
        match self.on(Bug::Outcome) {
            true => Outcome {
                half_points: outcome.half_points + 2,
                ..outcome
            },
            false => outcome,
        }
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        match self.bug == Bug::Agree {
            true => Err(Refusal::GameOver),
            false => self.inner.agree(points),
        }
    }
    fn undo(&mut self) -> bool {
        let undone = self.inner.undo();
        self.turns = self.turns.saturating_sub(1);
        undone && self.bug != Bug::Undo
    }
    fn details(&self) -> Option<Details> {
        let mut details = self.inner.details()?;
        if self.on(Bug::Details) || self.bug == Bug::DetailsAlways {
            details.komi_text.push('!');
        }
        Some(details)
    }
}

fn planted_claiming(bug: Bug, supports: Supports) -> EngineKind {
    let wrap = move |inner| -> Box<dyn Engine + Send> {
        Box::new(Planted {
            inner,
            bug,
            turns: 0,
        })
    };
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

fn mismatch_of(bug: Bug, steps: Vec<Step>) -> Box<Mismatch> {
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
        let m = mismatch_of(bug, quiet_moves());
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
    let m = mismatch_of(Bug::Prisoners, quiet_moves());
    assert_eq!(
        m.difference,
        Difference::Prisoners {
            player: Player::White,
            left: 0,
            right: 1
        }
    );
    let m = mismatch_of(Bug::LegalSet, quiet_moves());
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
    let m = mismatch_of(Bug::Panic, quiet_moves());
    match m.difference {
        Difference::Panic { engine, message } => {
            assert_eq!(engine, "planted");
            assert!(message.contains("planted panic"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let m = mismatch_of(Bug::Grid, quiet_moves());
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
        let m = mismatch_of(bug, steps.clone());
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
        agreement_ending: true,
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
        Ok(Box::new(TwoBugs(EngineKind::fast().start(setup)?, 0)))
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
/// differs after six.
struct TwoBugs(Box<dyn Engine + Send>, usize);

impl Engine for TwoBugs {
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn check(&self, turn: Turn) -> Verdict {
        self.0.check(turn)
    }
    fn play(&mut self, turn: Turn) -> Verdict {
        self.1 += 1;
        self.0.play(turn)
    }
    fn legal_turns(&self) -> Vec<Turn> {
        let mut legal = self.0.legal_turns();
        if self.1 >= 1 {
            legal.pop();
        }
        legal
    }
    fn grid(&self) -> Grid {
        let mut grid = self.0.grid();
        if self.1 >= 6 {
            grid.colors[24] = Color::White;
        }
        grid
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
        self.0.prisoners(player)
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.0.agree(points)
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

#[test]
fn the_minimiser_keeps_an_undo_the_failure_needs() {
    // The planted engine fails to undo: the undo is the failure.
    let script = with_undos(
        quiet_moves(),
        vec![Undo {
            after: 5,
            levels: 1,
        }],
    );
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
    let shrink = Shrink {
        left: &fast,
        right: &right,
        options: CompareOptions::new(true),
        budget: 0,
    };
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
    .run(&script, m, |_| true);
    assert_eq!(short.steps, vec![mv(0, 0)]);
}

fn corner_known(m: &Mismatch) -> bool {
    m.difference == Difference::Grid
}

fn panics(_: &Mismatch) -> bool {
    panic!("a matcher that panics")
}

fn never(_: &Mismatch) -> bool {
    false
}

const CORNER: Known = Known {
    name: "corner-shown-white",
    rule: "rule 2",
    matches: corner_known,
};

#[test]
fn known_divergences_are_found_by_their_test_and_told_apart_by_name() {
    let m = mismatch_of(Bug::Grid, quiet_moves());
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

fn options(right: EngineKind, games: usize) -> DiffOptions {
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
        assert_eq!(found.kind(), "prisoners");
        assert!(found.minimised);
        assert_eq!(found.known, None);
        assert!(found.script.steps.len() <= found.mismatch.steps);
        // Three turns taken, and the prisoners differ.
        assert_eq!(found.script.steps.len(), FROM, "{:?}", found.script.steps);
        let original = game_script(&opts, found.game);
        assert!(found.script.steps.len() < original.steps.len());
    }
    // Stop at the first: one game's mismatch, with one job.
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
        assert_eq!(found.kind(), "planted-prisoners");
        assert_eq!(found.known, Some(known));
    }
    let unminimised = &summary.found[1];
    assert_eq!(unminimised.script, game_script(&opts, 1));
    let first = &summary.found[0];
    assert_eq!(first.script.steps.len(), FROM);
}

#[test]
fn found_names_its_kind() {
    let m = mismatch_of(Bug::Grid, quiet_moves());
    let script = Script::new(setup(5, 5, Rules::TROMP_TAYLOR), vec![]);
    let found = Found {
        game: 0,
        script,
        mismatch: m,
        minimised: false,
        known: None,
    };
    assert_eq!(found.kind(), "grid");
    let named = Found {
        known: Some(CORNER),
        ..found
    };
    assert_eq!(named.kind(), "corner-shown-white");
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
        Ok(Box::new(Planted {
            inner: EngineKind::fast().start(setup)?,
            bug: Bug::NoLegalSet,
            turns: 0,
        }))
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
    let script = with_undos(
        quiet_moves(),
        vec![Undo {
            after: 0,
            levels: 1,
        }],
    );
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
        assert!(found.mismatch.steps <= m.steps);
        assert_eq!(found.kind(), "grid");
        shortened += usize::from(found.mismatch.steps < m.steps);
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
    let shrink = Shrink {
        left: &fast,
        right: &right,
        options: CompareOptions::new(true),
        budget: 0,
    };
    let (short, _) = shrink.run(&script, m, |_| true);
    assert_eq!(short.steps.len(), 9);
    assert!(short.undos.is_empty(), "{:?}", short.undos);
}

/// A grid difference met only after the third step.
fn late_grid(m: &Mismatch) -> bool {
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
    let known: Vec<&Found> = summary.found.iter().filter(|f| f.known.is_some()).collect();
    assert!(!known.is_empty());
    for found in known {
        assert!(late_grid(&found.mismatch), "{} steps", found.mismatch.steps);
        assert_eq!(found.kind(), "late-grid");
    }
    // And one not known stays not known.
    for found in summary.found.iter().filter(|f| f.known.is_none()) {
        assert!(!late_grid(&found.mismatch));
    }
}
