//! Seeded random properties: the incremental hash always equals the hash
//! recomputed from scratch, and `undo` restores every observable exactly,
//! so that replaying after an undo gives identical verdicts.

use tromp_taylor_fast::{
    Color, Ending, Game, Handicap, IllegalMove, IllegalTurn, Komi, Outcome, Player, Point, Rules,
    Scoring, Suicide, Superko, Turn,
};
use tromp_taylor_harness::generate::Rng;

/// `n` games, or a few under miri (which runs these tests on the engine's
/// unchecked indexing, some thousand times slower; `.ci/run`).
fn games(n: usize) -> usize {
    if cfg!(miri) {
        n.div_ceil(50)
    } else {
        n
    }
}

/// `n` turns a game, or a quarter under miri, where each turn is checked
/// whole (the invariants, or a verdict on every point).
fn turns(n: usize) -> usize {
    if cfg!(miri) {
        n.div_ceil(4)
    } else {
        n
    }
}

/// Everything a caller can observe of a game, verdicts on every point included.
#[derive(Debug, PartialEq)]
struct Observed {
    coloring: Vec<Color>,
    to_move: Player,
    turns: usize,
    passes: usize,
    prisoners: [usize; 2],
    over: bool,
    hash: u64,
    distinct: usize,
    legal: Vec<Turn>,
    verdicts: Vec<Result<(), IllegalTurn>>,
    scores: [usize; 2],
    result: Outcome,
    text: String,
    empties: Vec<u16>,
}

fn observe(game: &Game) -> Observed {
    let (w, h) = (game.width(), game.height());
    let mut verdicts = vec![game.check(Turn::Pass)];
    for y in 0..=h {
        for x in 0..=w {
            verdicts.push(game.check(Turn::Move(Point::new(x, y))));
        }
    }
    Observed {
        coloring: game.coloring(),
        to_move: game.to_move(),
        turns: game.turns_taken(),
        passes: game.consecutive_passes(),
        prisoners: [game.prisoners(Player::Black), game.prisoners(Player::White)],
        over: game.is_over(),
        hash: game.hash(),
        distinct: game.distinct_colorings(),
        legal: game.legal_turns(),
        verdicts,
        scores: [game.score(Player::Black), game.score(Player::White)],
        result: game.result(),
        text: game.to_string(),
        empties: game.empty_indices().to_vec(),
    }
}

fn random_rules(rng: &mut Rng) -> Rules {
    Rules {
        superko: [Superko::Positional, Superko::Situational, Superko::SimpleKo][rng.below(3)],
        suicide: [Suicide::Allowed, Suicide::Forbidden][rng.below(2)],
        ending: [Ending::TwoPasses, Ending::Agreement][rng.below(2)],
        scoring: [Scoring::Area, Scoring::Territory][rng.below(2)],
        komi: Komi::from_half_points(rng.below(16) as i32 - 3),
        illegal_move: [IllegalMove::Refused, IllegalMove::LosesTurn][rng.below(2)],
    }
}

fn random_game(rng: &mut Rng) -> Game {
    // Under miri, small boards only: the unit tests play the largest.
    let (w, h) = if rng.below(4) == 0 && !cfg!(miri) {
        (1 + rng.below(19), 1 + rng.below(19))
    } else {
        (1 + rng.below(6), 1 + rng.below(6))
    };
    let handicap = match rng.below(5) {
        0 => Handicap::Free(rng.below(w * h)),
        1 if w >= 9 && h >= 9 && w % 2 == 1 && h % 2 == 1 => Handicap::Fixed(2 + rng.below(8)),
        _ => Handicap::None,
    };
    Game::with_handicap(w, h, random_rules(rng), handicap).unwrap()
}

/// A random attempt: mostly legal turns, sometimes any point or a pass.
fn random_turn(rng: &mut Rng, game: &Game) -> Turn {
    match rng.below(10) {
        0 => Turn::Pass,
        1 | 2 => Turn::Move(Point::new(
            rng.below(game.width() + 1),
            rng.below(game.height() + 1),
        )),
        _ => {
            let legal = game.legal_turns();
            let moves = legal.len().saturating_sub(1);
            if moves == 0 || rng.below(30) == 0 {
                Turn::Pass
            } else {
                legal[1 + rng.below(moves)]
            }
        }
    }
}

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    let mut rng = Rng::new(11);
    for _ in 0..games(150) {
        let mut game = random_game(&mut rng);
        for _ in 0..turns(400) {
            if game.is_over() {
                break;
            }
            let turn = random_turn(&mut rng, &game);
            let _ = game.play(turn);
            assert_eq!(game.hash(), game.hash_from_scratch(), "{game}");
            assert_eq!(game.check_invariants(), Ok(()), "after {turn:?}:\n{game}");
            let mut empties = game.empty_indices().to_vec();
            empties.sort_unstable();
            let expected: Vec<u16> = (0..game.coloring().len() as u16)
                .filter(|&i| game.coloring()[i as usize] == Color::Empty)
                .collect();
            assert_eq!(empties, expected);
        }
        while game.undo() {
            assert_eq!(game.hash(), game.hash_from_scratch());
            assert_eq!(game.check_invariants(), Ok(()), "after an undo:\n{game}");
        }
    }
}

#[test]
fn undo_restores_every_observable_and_replay_agrees() {
    let mut rng = Rng::new(12);
    for _ in 0..games(80) {
        let mut game = random_game(&mut rng);
        let start = observe(&game);
        let mut trail = vec![start];
        let mut taken = Vec::new();
        for _ in 0..turns(120) {
            if game.is_over() {
                break;
            }
            let turn = random_turn(&mut rng, &game);
            let turns_before = game.turns_taken();
            let verdict = game.play(turn);
            if verdict.is_err() && game.turns_taken() == turns_before {
                assert_eq!(&observe(&game), trail.last().unwrap(), "refused {turn:?}");
                continue;
            }
            // A legal turn, or an illegal move that lost the turn
            // (IllegalMove::LosesTurn): either is undone exactly.
            let after = observe(&game);
            // Undo, compare with the state before, and replay.
            assert!(game.undo());
            assert_eq!(game.check_invariants(), Ok(()), "undo of {turn:?}:\n{game}");
            assert_eq!(&observe(&game), trail.last().unwrap(), "undo of {turn:?}");
            assert_eq!(game.play(turn), verdict);
            assert_eq!(observe(&game), after, "replay of {turn:?}");
            trail.push(after);
            taken.push((turn, verdict));
        }
        // An agreement, when allowed, is undone too.
        if game.consecutive_passes() >= 2 && !game.is_over() {
            let before = observe(&game);
            let points: Vec<Point> = (0..3)
                .map(|_| Point::new(rng.below(game.width()), rng.below(game.height())))
                .collect();
            game.agree(&points).unwrap();
            assert!(game.is_over());
            assert_eq!(game.hash(), game.hash_from_scratch());
            assert!(game.undo());
            assert_eq!(observe(&game), before);
        }
        // Unwind the whole game, comparing every state on the way back.
        while let Some(expected) = trail.pop() {
            assert_eq!(observe(&game), expected);
            if trail.is_empty() {
                assert!(!game.undo());
            } else {
                assert!(game.undo());
            }
        }
        // Replaying the game from the start gives the same verdicts.
        for (turn, verdict) in taken {
            assert_eq!(game.play(turn), verdict);
        }
    }
}

/// The point-index entry points (`play_index`, `try_play_index`,
/// `fills_own_eye_index`) say and do what the `(x, y)` API says and does
/// for the same point, off the board and after the end included.
#[test]
fn the_point_index_entry_points_agree_with_the_coordinates() {
    let mut rng = Rng::new(41);
    for _ in 0..games(60) {
        let mut by_index = random_game(&mut rng);
        let mut by_point = by_index.clone();
        let mut by_try = by_index.clone();
        let (w, points) = (by_index.width(), by_index.width() * by_index.height());
        for _ in 0..200 {
            for i in 0..points + w + 1 {
                let point = Point::new(i % w, i / w);
                assert_eq!(
                    by_index.fills_own_eye_index(i),
                    by_point.fills_own_eye(point),
                    "{point:?}"
                );
            }
            // Mostly a legal move (as an index), sometimes any index or a pass.
            let i = match random_turn(&mut rng, &by_point) {
                Turn::Move(p) if p.x < w && rng.below(4) != 0 => p.y * w + p.x,
                Turn::Move(_) => rng.below(points + w + 1),
                Turn::Pass => {
                    let passed = by_point.pass();
                    assert_eq!(by_index.pass(), passed);
                    assert_eq!(by_try.pass(), passed);
                    continue;
                }
            };
            let point = Point::new(i % w, i / w);
            let played = by_point.play(Turn::Move(point));
            assert_eq!(by_index.play_index(i), played);
            assert_eq!(by_try.try_play_index(i), played.is_ok());
            assert_eq!(observe(&by_index), observe(&by_point), "after {point:?}");
            assert_eq!(observe(&by_try), observe(&by_point), "after {point:?}");
        }
    }
}

/// A game that keeps no undo records (`set_undoable(false)`, the playout
/// mode) says and does what an undoable game does, turn for turn; it has
/// nothing to undo, and once undoable again it undoes exactly the turns
/// taken since, back to the observables it had then.
#[test]
fn the_playout_mode_plays_as_an_undoable_game_and_undoes_what_follows() {
    let mut rng = Rng::new(47);
    for _ in 0..games(80) {
        let mut undoable = random_game(&mut rng);
        let mut lean = undoable.clone();
        lean.set_undoable(false);
        assert!(!lean.undoable());
        for _ in 0..turns(150) {
            if undoable.is_over() {
                break;
            }
            let turn = random_turn(&mut rng, &undoable);
            assert_eq!(lean.play(turn), undoable.play(turn));
            assert_eq!(observe(&lean), observe(&undoable), "after {turn:?}");
            assert_eq!(lean.check_invariants(), Ok(()), "after {turn:?}");
        }
        assert!(
            !lean.undo(),
            "a game in the playout mode has nothing to undo"
        );
        lean.set_undoable(true);
        let before = observe(&lean);
        let taken_before = lean.turns_taken();
        for _ in 0..20 {
            if lean.is_over() {
                break;
            }
            let turn = random_turn(&mut rng, &lean);
            let _ = lean.play(turn);
        }
        for _ in taken_before..lean.turns_taken() {
            assert!(lean.undo());
            assert_eq!(lean.check_invariants(), Ok(()));
        }
        assert_eq!(observe(&lean), before);
        assert!(!lean.undo(), "nothing before the mode was left");
    }
}
