//! quickcheck properties over generated games: `spec` and `fast` agree on
//! everything; a refused turn changes neither; `fast`'s undo and incremental
//! hash are exact. A failing game shrinks to a short one, and its `Debug`
//! is the SGF that replays it (`tromp-taylor diff --replay FILE`).

use pretty_assertions::assert_eq;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use tromp_taylor_fast as fast;
use tromp_taylor_harness::diff::compare;
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::generate::{generate, random_setup, Rng, BIASES};
use tromp_taylor_harness::script::{Script, Step};
use tromp_taylor_harness::vocab::{Grid, Handicap, Illegal, IllegalMove, Point, Size, Turn};
use tromp_taylor_testkit::fuzzing::fast_state;

/// Small boards, where games are short and the strange positions live.
const SIZES: [(usize, usize); 10] = [
    (1, 1),
    (2, 1),
    (3, 1),
    (5, 1),
    (2, 2),
    (3, 2),
    (3, 3),
    (4, 3),
    (4, 4),
    (5, 5),
];

/// A generated game; shrinking removes steps.
#[derive(Clone)]
struct Game(Script);

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl Arbitrary for Game {
    fn arbitrary(g: &mut Gen) -> Game {
        let mut rng = Rng::new(u64::arbitrary(g));
        let sizes: Vec<Size> = SIZES
            .iter()
            .map(|&(w, h)| Size::new(w, h).unwrap())
            .collect();
        let setup = random_setup(&mut rng, &sizes, None);
        let bias = *rng.pick(&BIASES);
        Game(generate(setup, bias, &mut rng))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Game>> {
        let script = self.0.clone();
        let n = script.steps.len();
        let mut candidates = Vec::new();
        // Halves first, then every single step.
        if n > 1 {
            for keep in [n / 2, n - n / 2] {
                let mut shorter = script.clone();
                shorter.steps.truncate(keep);
                candidates.push(Game(shorter));
            }
        }
        for i in (0..n).rev() {
            let mut shorter = script.clone();
            shorter.steps.remove(i);
            candidates.push(Game(shorter));
        }
        Box::new(candidates.into_iter())
    }
}

fn quickcheck(tests: u64, property: fn(Game) -> TestResult) {
    QuickCheck::new()
        .tests(tests)
        .max_tests(tests * 10)
        .quickcheck(property);
}

/// The grid as rows, top first, so that a failing comparison shows a diff of boards.
fn diagram(grid: &Grid) -> String {
    let size = grid.size;
    (0..size.height())
        .rev()
        .map(|y| {
            (0..size.width())
                .map(|x| grid.at(Point::new(x, y)).mark())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn spec_and_fast_agree_on_every_step_of_every_game() {
    fn property(game: Game) -> TestResult {
        match compare(
            game.0.setup,
            game.0.steps,
            &EngineKind::spec(),
            &EngineKind::fast(),
            true,
        ) {
            Ok(_) => TestResult::passed(),
            Err(divergence) => TestResult::error(divergence.to_string()),
        }
    }
    quickcheck(1000, property);
}

/// Everything the harness can observe of a game, for "unchanged" checks.
fn observe(engine: &dyn Engine) -> (String, String, usize, bool, Vec<Turn>) {
    (
        diagram(&engine.grid()),
        engine.to_move().to_string(),
        engine.consecutive_passes(),
        engine.is_over(),
        engine.legal_turns(),
    )
}

#[test]
fn a_refused_turn_changes_neither_engine() {
    fn check(kind: EngineKind, game: &Game) {
        let Ok(mut engine) = kind.start(game.0.setup) else {
            return;
        };
        let size = game.0.setup.size;
        for step in &game.0.steps {
            // Attempt every occupied point and two off-board points; each
            // must be refused and leave the game exactly as it was.
            let before = observe(&*engine);
            let mut attempts: Vec<Point> = size
                .all_points()
                .filter(|&p| engine.grid().at(p) != tromp_taylor_harness::vocab::Color::Empty)
                .collect();
            attempts.push(Point::new(size.width(), 0));
            attempts.push(Point::new(0, size.height() + 7));
            for point in attempts {
                assert!(engine.play(Turn::Move(point)).is_err(), "{}", kind.name());
                assert_eq!(observe(&*engine), before, "{} after {point:?}", kind.name());
            }
            if let Step::Choose(n) = step {
                let legal = engine.legal_turns();
                if legal.is_empty() {
                    break;
                }
                engine.play(legal[*n as usize % legal.len()]).unwrap();
            } else if let Step::Attempt(turn) = step {
                let before = observe(&*engine);
                let (grid, to_move) = (engine.grid(), engine.to_move());
                match engine.play(*turn) {
                    // Seed 003: a move refused as suicide, ko or superko
                    // loses the turn; the grid stays, the opponent moves.
                    Err(Illegal::Suicide | Illegal::Ko | Illegal::Superko { .. })
                        if game.0.setup.rules.illegal_move == IllegalMove::LosesTurn =>
                    {
                        assert_eq!(engine.grid(), grid, "{} after {turn:?}", kind.name());
                        assert_eq!(engine.to_move(), to_move.opponent(), "{}", kind.name());
                        assert_eq!(engine.consecutive_passes(), 0, "{}", kind.name());
                    }
                    Err(_) => {
                        assert_eq!(observe(&*engine), before, "{} after {turn:?}", kind.name())
                    }
                    Ok(()) => {}
                }
            }
        }
    }
    fn property(game: Game) -> TestResult {
        check(EngineKind::spec(), &game);
        check(EngineKind::fast(), &game);
        TestResult::passed()
    }
    quickcheck(60, property);
}

/// Plays a script on a bare `fast` game, calling `each` before every turn.
fn on_fast(script: &Script, mut each: impl FnMut(&mut fast::Game)) {
    let handicap = match script.setup.handicap {
        Handicap::None => fast::Handicap::None,
        Handicap::Free(n) => fast::Handicap::Free(n),
        Handicap::Fixed(n) => fast::Handicap::Fixed(n),
    };
    let rules = tromp_taylor_harness::engine::fast::rules_to_fast(script.setup.rules);
    let size = script.setup.size;
    let Ok(mut game) = fast::Game::with_handicap(size.width(), size.height(), rules, handicap)
    else {
        return;
    };
    for step in &script.steps {
        each(&mut game);
        let turn = match step {
            Step::Choose(n) => {
                let legal = game.legal_turns();
                if legal.is_empty() {
                    break;
                }
                legal[*n as usize % legal.len()]
            }
            Step::Attempt(Turn::Pass) => fast::Turn::Pass,
            Step::Attempt(Turn::Move(p)) => fast::Turn::Move(fast::Point::new(p.x, p.y)),
            Step::Agree(_) => continue,
        };
        let _ = game.play(turn);
    }
    each(&mut game);
}

/// A test `$name` that quickcheck runs on `$tests` generated games: `$check`
/// on a bare `fast` game before every turn of each (a failure panics).
macro_rules! fast_property {
    ($name:ident, $tests:expr, $check:expr) => {
        #[test]
        fn $name() {
            fn property(game: Game) -> TestResult {
                on_fast(&game.0, $check);
                TestResult::passed()
            }
            quickcheck($tests, property);
        }
    };
}

fast_property!(fast_undo_restores_the_game_exactly, 60, |g| {
    let before = fast_state(g);
    for turn in g.legal_turns() {
        g.play(turn).unwrap();
        assert!(g.undo());
        assert_eq!(fast_state(g), before, "after {turn:?} and undo");
    }
});

fast_property!(
    fast_incremental_hash_equals_the_hash_from_scratch,
    200,
    |g| {
        assert_eq!(g.hash(), g.hash_from_scratch(), "{}", fast_state(g));
    }
);

fast_property!(
    fast_bookkeeping_passes_its_self_check_after_every_step_and_undo,
    200,
    |g| {
        if let Err(why) = g.check_invariants() {
            panic!("{why}\n{}", fast_state(g));
        }
        if let Some(turn) = g.legal_turns().last().copied() {
            g.play(turn).unwrap();
            assert_eq!(g.check_invariants(), Ok(()), "after {turn:?}");
            assert!(g.undo());
            assert_eq!(g.check_invariants(), Ok(()), "after {turn:?} and undo");
        }
    }
);
