//! `Game::undo` takes back turns, lost turns and agreements exactly: after
//! random games under every option, undoing step by step meets every state
//! the game passed through, down to the start.

mod common;

use common::{grid, Rng, SMALL_SIZES};
use tromp_taylor_spec::{
    Ending, Game, Handicap, IllegalMove, Player, Point, Rules, Scoring, Suicide, Superko, Turn,
};

/// Everything a game answers, to compare states.
fn state(game: &Game) -> String {
    format!(
        "{game}\nto move {:?}, turns {}, passes {}, prisoners {}/{}, over {}, \
         scores {}/{}, earlier {:?}, legal {:?}",
        game.to_move(),
        game.turns_taken(),
        game.consecutive_passes(),
        game.prisoners(Player::Black),
        game.prisoners(Player::White),
        game.is_over(),
        game.score(Player::Black),
        game.score(Player::White),
        game.earlier_colorings(),
        game.legal_turns(),
    )
}

fn every_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for superko in [Superko::Positional, Superko::Situational, Superko::SimpleKo] {
        for suicide in [Suicide::Allowed, Suicide::Forbidden] {
            for illegal_move in [IllegalMove::Refused, IllegalMove::LosesTurn] {
                for (ending, scoring) in [
                    (Ending::TwoPasses, Scoring::Area),
                    (Ending::Agreement, Scoring::Territory),
                ] {
                    all.push(Rules {
                        superko,
                        suicide,
                        illegal_move,
                        ending,
                        scoring,
                        ..Rules::default()
                    });
                }
            }
        }
    }
    all
}

/// Plays a random game of attempts (any point, or a pass; an agreement when
/// the rules allow one), keeping the state before each step that changed
/// the game; then undoes back to the start, meeting each kept state.
fn undo_back_to_start(mut game: Game, rng: &mut Rng) {
    let (w, h) = (game.grid().width(), game.grid().height());
    let mut before = vec![state(&game)];
    for _ in 0..40 {
        let now = state(&game);
        let changed = if game.consecutive_passes() >= 2 && rng.below(2) == 0 {
            let points = [Point::new(rng.below(w), rng.below(h))];
            game.agree(&points).is_ok()
        } else {
            let turn = if rng.below(6) == 0 {
                Turn::Pass
            } else {
                Turn::Move(Point::new(rng.below(w), rng.below(h)))
            };
            let legal = game.play(turn).is_ok();
            legal || state(&game) != now
        };
        if changed {
            before.push(now);
        } else {
            assert_eq!(state(&game), now, "a refusal changed nothing");
        }
        if game.is_over() {
            break;
        }
    }
    while let Some(expected) = before.pop() {
        if before.is_empty() {
            assert!(!game.undo(), "nothing left to undo at the start");
        } else {
            assert!(game.undo(), "a step to undo");
        }
        assert_eq!(state(&game), expected);
    }
}

#[test]
fn undo_restores_every_state_under_every_option() {
    for (r, rules) in every_rules().into_iter().enumerate() {
        for (w, h) in SMALL_SIZES {
            let mut rng = Rng::new((r * 100 + w * 10 + h) as u64);
            undo_back_to_start(Game::new(grid(w, h), rules), &mut rng);
        }
    }
}

#[test]
fn undo_restores_handicap_games() {
    let rules = Rules::default();
    for handicap in [Handicap::Free(2), Handicap::Free(3), Handicap::Fixed(2)] {
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let game = Game::with_handicap(grid(9, 9), rules, handicap).unwrap();
            undo_back_to_start(game, &mut rng);
        }
    }
}
