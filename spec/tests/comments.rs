//! The comments to the ten rules that state consequences, checked on every
//! turn of seeded random games: if the rule items were wrong, these would
//! catch it.

mod common;

use common::{grid, random_game, Rng, SMALL_SIZES};
use tromp_taylor_spec::rules::{clear, play_move, reaches, Topology};
use tromp_taylor_spec::{
    Color, Ending, Game, IllegalTurn, Player, Rules, Scoring, Suicide, Superko, Turn,
};

const GAMES_PER_SIZE: u64 = 12;
const MAX_TURNS: usize = 80;

fn every_rules() -> Vec<Rules> {
    let mut all = Vec::new();
    for superko in [Superko::Positional, Superko::Situational, Superko::SimpleKo] {
        for suicide in [Suicide::Allowed, Suicide::Forbidden] {
            all.push(Rules {
                superko,
                suicide,
                ..Rules::default()
            });
        }
    }
    all
}

/// Runs `check` on every position of seeded random games on every small
/// size under `rules`, the final one included.
fn on_random_positions(rules: Rules, mut check: impl FnMut(&Game)) {
    for (w, h) in SMALL_SIZES {
        for seed in 0..GAMES_PER_SIZE {
            let mut rng = Rng::new(seed * 1000 + (w * 60 + h) as u64);
            let mut game = Game::new(grid(w, h), rules);
            random_game(&mut game, &mut rng, MAX_TURNS, &mut check);
        }
    }
}

#[test]
fn comment_3_connected_stones_reach_the_same_colors() {
    // "Connected stones of the same color, sometimes called strings, all
    // reach the same colors."
    on_random_positions(Rules::default(), |game| {
        let g = game.grid();
        let c = game.coloring();
        for p in 0..g.point_count() {
            for q in g.neighbours(p) {
                if c[p] == c[q] && c[p] != Color::Empty {
                    for color in [Color::Black, Color::White, Color::Empty] {
                        assert_eq!(
                            reaches(&g, c, p, color),
                            reaches(&g, c, q, color),
                            "\n{game}"
                        );
                    }
                }
            }
        }
    });
}

#[test]
fn comment_4_no_string_without_liberties_survives_a_turn() {
    // "Strings without liberties cannot exist on the board at the end of a turn."
    for rules in every_rules() {
        on_random_positions(rules, |game| {
            let g = game.grid();
            let c = game.coloring();
            for p in 0..g.point_count() {
                if c[p] != Color::Empty {
                    assert!(reaches(&g, c, p, Color::Empty), "{rules}\n{game}");
                }
            }
        });
    }
}

#[test]
fn comment_7_at_most_one_clearing_has_effect() {
    // "For any specific move, at most one of the clearing processes can have
    // effect; the first is called capture, the second suicide."
    on_random_positions(Rules::default(), |game| {
        let g = game.grid();
        let c = game.coloring();
        let player = game.to_move();
        for p in 0..g.point_count() {
            if c[p] != Color::Empty {
                continue;
            }
            let mut colored = c.clone();
            colored[p] = player.color();
            let captured = clear(&g, colored.clone(), player.opponent().color());
            let suicided = clear(&g, captured.clone(), player.color());
            assert!(
                captured == colored || suicided == captured,
                "both clearings changed the grid at point {p}\n{game}"
            );
        }
    });
}

#[test]
fn comment_7_with_suicide_allowed_only_superko_forbids_a_move_on_an_empty_point() {
    // "Allowing suicide means that a play on an empty point can be illegal
    // only due to superko."
    on_random_positions(Rules::default(), |game| {
        if game.is_over() {
            return;
        }
        for point in game.grid().points() {
            if game.color(point) == Some(Color::Empty) {
                match game.check(Turn::Move(point)) {
                    Ok(()) | Err(IllegalTurn::Superko { .. }) => {}
                    Err(other) => panic!("{other} at {point}\n{game}"),
                }
            }
        }
    });
}

#[test]
fn single_stone_suicide_is_always_forbidden_by_positional_superko() {
    // A single-stone suicide colors a point and empties it again, capturing
    // nothing: the coloring after it is the coloring before it, which stood
    // after the previous turn. Rule 6 therefore always forbids it.
    on_random_positions(Rules::default(), |game| {
        if game.is_over() {
            return;
        }
        let g = game.grid();
        for p in 0..g.point_count() {
            if game.coloring()[p] != Color::Empty {
                continue;
            }
            let after = play_move(&g, game.coloring(), p, game.to_move());
            if &after == game.coloring() {
                let verdict = game.check(Turn::Move(g.point(p)));
                assert!(
                    matches!(verdict, Err(IllegalTurn::Superko { .. })),
                    "{verdict:?}\n{game}"
                );
            }
        }
    });
}

#[test]
fn comment_9_area_and_territory_differ_by_the_difference_in_moves() {
    // The page's source notes under comment 9: "the number of moves a player
    // makes equals the number of passes plus #stones captured plus #stones
    // still on the board". So her stones on the board are her moves minus
    // her stones lost, and (area margin) - (territory margin) is Black's
    // moves minus White's moves -- provided every stone a player loses,
    // to capture or to her own suicide, is counted as the opponent's prisoner.
    for superko in [Superko::Positional, Superko::Situational, Superko::SimpleKo] {
        for (w, h) in SMALL_SIZES {
            for seed in 0..GAMES_PER_SIZE {
                let area_rules = Rules {
                    superko,
                    ..Rules::default()
                };
                let mut area = Game::new(grid(w, h), area_rules);
                let mut rng = Rng::new(seed + 77 * w as u64 + h as u64);
                let turns = random_game(&mut area, &mut rng, MAX_TURNS, |_| {});
                let mut territory = Game::new(
                    grid(w, h),
                    Rules {
                        scoring: Scoring::Territory,
                        ..area_rules
                    },
                );
                let mut moves = [0i64; 2];
                for turn in &turns {
                    if matches!(turn, Turn::Move(_)) {
                        moves[territory.to_move() as usize] += 1;
                    }
                    territory.play(*turn).unwrap();
                }
                let margin =
                    |g: &Game| g.score(Player::Black) as i64 - g.score(Player::White) as i64;
                assert_eq!(
                    margin(&area) - margin(&territory),
                    moves[0] - moves[1],
                    "{superko:?} {w}x{h} seed {seed}\n{area}"
                );
            }
        }
    }
}

#[test]
fn agreement_games_never_end_at_two_passes_alone() {
    // Comment 8: after two passes the players *may* agree; without an
    // agreement only four passes end the game.
    let rules = Rules {
        ending: Ending::Agreement,
        ..Rules::default()
    };
    on_random_positions(rules, |game| {
        let passes = game.consecutive_passes();
        assert_eq!(game.is_over(), passes >= 4, "{passes} passes\n{game}");
    });
}
