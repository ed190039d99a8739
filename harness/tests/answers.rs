//! The answers an engine claims ([`Supports::answers`]): an engine wrong in
//! every answer but play's legality agrees with the rules while it claims
//! none of them, and each one it claims is compared and caught.

use tromp_taylor_harness::check::{check_engine, CheckOptions, CheckReport};
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports};
use tromp_taylor_harness::vocab::{
    Color, Grid, Illegal, Outcome, Player, Rules, Setup, Size, Turn, Verdict,
};
use tromp_taylor_testkit::forward::{Fault, Forward};

/// `fast`, right about which turns `play` takes and wrong in every other
/// answer: no reasons, `check` inverted, the last legal turn left out, an
/// empty grid, one prisoner and one point too many, the result off by one.
/// (It cannot undo and reports no details.)
struct Vague;

impl Fault for Vague {
    fn check(&self, inner: &dyn Engine, turn: Turn) -> Verdict {
        match inner.check(turn) {
            Ok(()) => Err(Illegal::Unexplained),
            Err(_) => Ok(()),
        }
    }
    fn play(&mut self, inner: &mut dyn Engine, turn: Turn) -> Verdict {
        inner.play(turn).map_err(|_| Illegal::Unexplained)
    }
    fn legal_turns(&self, inner: &dyn Engine) -> Vec<Turn> {
        let mut legal = inner.legal_turns();
        legal.pop();
        legal
    }
    fn grid(&self, inner: &dyn Engine) -> Grid {
        let size = inner.grid().size;
        Grid {
            size,
            colors: vec![Color::Empty; size.points()],
        }
    }
    fn score(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.score(player) + 1
    }
    fn prisoners(&self, inner: &dyn Engine, player: Player) -> usize {
        inner.prisoners(player) + 1
    }
    fn outcome(&self, inner: &dyn Engine) -> Outcome {
        let outcome = inner.outcome();
        Outcome {
            half_points: outcome.half_points + 2,
            ..outcome
        }
    }
}

/// Claims nothing but play: no answer, no undo, no agreement.
const PLAY_ONLY: Supports = Supports {
    legal_sets: false,
    verdict_queries: false,
    reasons: false,
    grids: false,
    captures: false,
    scores: false,
    results: false,
    undo: false,
    agreement_ending: false,
    ..Supports::EVERYTHING
};

/// Switches on one answer.
type Claim = fn(&mut Supports);

/// The vague engine claiming `supports`, checked on 3x3 games.
fn check(supports: Supports) -> CheckReport {
    let vague = EngineKind::new("vague", supports, |setup: Setup| {
        let fast = EngineKind::fast().start(setup)?;
        Ok(Box::new(Forward::plain(fast, Vague)) as Box<dyn Engine + Send>)
    });
    let mut options = CheckOptions::new(24, 3);
    options.sizes = vec![Size::new(3, 3).unwrap()];
    options.rules = Some(vec![Rules::TROMP_TAYLOR, "chinese".parse().unwrap()]);
    options.jobs = 2;
    check_engine(&vague, &options)
}

#[test]
fn answers_not_claimed_are_not_compared_and_the_report_says_so() {
    let report = check(PLAY_ONLY);
    report.assert_agrees();
    assert!(report.summary.games >= 20, "{report}");
    assert!(report.summary.turns > 100, "{report}");
    let text = report.to_string();
    assert!(
        text.contains(
            "not compared, as vague does not claim them: legal sets, verdict queries, \
             reasons, grids, captures, scores, results"
        ),
        "{text}"
    );
}

#[test]
fn each_answer_claimed_is_compared() {
    let claiming = |set: Claim| {
        let mut supports = PLAY_ONLY;
        set(&mut supports);
        check(supports)
    };
    let cases: [(Claim, &str); 7] = [
        (|s| s.legal_sets = true, "legal-set"),
        (|s| s.verdict_queries = true, "check"),
        (|s| s.reasons = true, "verdict"),
        (|s| s.grids = true, "grid"),
        (|s| s.captures = true, "prisoners"),
        (|s| s.scores = true, "score"),
        (|s| s.results = true, "outcome"),
    ];
    for (set, kind) in cases {
        let report = claiming(set);
        let kinds: Vec<&str> = report
            .new_divergences()
            .map(|f| f.known_or_difference())
            .collect();
        assert!(kinds.contains(&kind), "{kind}: {report}");
        // Nothing else is compared: every divergence is of that kind.
        assert!(kinds.iter().all(|k| *k == kind), "{kind}: {report}");
    }
}
