//! Unit tests of the engine's internals, run against its private state.
//!
//! Every string's bookkeeping must match its recomputation from the colors
//! after every play and undo, and in games from a given position. Hash
//! collisions must never change a verdict: a game whose Zobrist keys have
//! only 2 bits (so almost every look-up collides) must agree with a game
//! with full keys on every verdict of every turn.

use crate::game::board::{Chain, BLACK, EMPTY, WHITE};
use crate::game::hashing::splitmix64;
use crate::game::Game;
use crate::types::{Ending, Player, Point, Rules, Suicide, Superko, Turn};

fn next(state: &mut u64) -> usize {
    splitmix64(state) as usize
}

/// The rules of round `round`: each kind of repetition in turn, an
/// agreement ending (so that agreements are played too), and `suicide`.
fn round_rules(round: usize, suicide: Suicide) -> Rules {
    Rules {
        superko: [Superko::Positional, Superko::Situational, Superko::SimpleKo][round % 3],
        suicide,
        ending: Ending::Agreement,
        ..Rules::default()
    }
}

/// Recomputes every string from the colors and compares the bookkeeping.
fn assert_consistent(g: &Game) {
    for q in 0..g.color.len() {
        let c = g.color[q];
        if c != BLACK && c != WHITE {
            continue;
        }
        let h = g.head[q] as usize;
        assert_eq!(g.color[h], c, "head color at {q}");
        if h != q {
            continue;
        }
        // Walk the list; it must be exactly the connected string.
        let mut expected = Chain::default();
        let mut s = h;
        loop {
            assert_eq!(g.head[s] as usize, h);
            expected.stones += 1;
            expected.hash ^= g.keys[2 * s + c as usize - 1];
            for n in g.neighbours(s) {
                if g.color[n] == EMPTY {
                    expected.add_lib(n);
                }
            }
            s = g.next[s] as usize;
            if s == h {
                break;
            }
        }
        assert_eq!(g.chain[h], expected, "chain at {h}\n{g}");
    }
}

#[test]
fn strings_stay_consistent_through_play_and_undo() {
    let mut seed = 5u64;
    for round in 0..200 {
        let (w, h) = (1 + next(&mut seed) % 6, 1 + next(&mut seed) % 6);
        let rules = round_rules(round, Suicide::Allowed);
        let mut g = Game::new(w, h, rules).unwrap();
        for _ in 0..150 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_turns();
            let turn = legal[next(&mut seed) % legal.len()];
            g.play(turn).unwrap();
            assert_consistent(&g);
            if next(&mut seed).is_multiple_of(3) {
                g.undo();
                assert_consistent(&g);
            }
        }
        while g.undo() {
            assert_consistent(&g);
        }
    }
}

#[test]
fn games_from_positions_keep_their_strings_consistent() {
    let mut seed = 11u64;
    for round in 0..100 {
        let (w, h) = (1 + next(&mut seed) % 6, 1 + next(&mut seed) % 6);
        let mut g = Game::new(w, h, Rules::default()).unwrap();
        for _ in 0..next(&mut seed) % 40 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_turns();
            g.play(legal[next(&mut seed) % legal.len()]).unwrap();
        }
        let to_move = [Player::Black, Player::White][round % 2];
        let mut g = Game::from_position(w, h, Rules::default(), &g.coloring(), to_move).unwrap();
        assert_consistent(&g);
        assert_eq!(g.hash(), g.hash_from_scratch());
        assert_eq!(g.to_move(), to_move);
        for _ in 0..60 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_turns();
            g.play(legal[next(&mut seed) % legal.len()]).unwrap();
            assert_consistent(&g);
            assert_eq!(g.hash(), g.hash_from_scratch());
        }
        while g.undo() {
            assert_consistent(&g);
        }
        assert_eq!(g.turns_taken(), 0);
    }
}

#[test]
fn colliding_hashes_never_change_a_verdict() {
    let mut seed = 99u64;
    for round in 0..60 {
        let (w, h) = (1 + next(&mut seed) % 5, 1 + next(&mut seed) % 5);
        let rules = round_rules(round, [Suicide::Allowed, Suicide::Forbidden][round / 3 % 2]);
        let mut good = Game::new(w, h, rules).unwrap();
        let mut weak = good.clone();
        let weak_keys: Vec<u64> = weak.keys.iter().map(|k| k & 3).collect();
        weak.keys = Box::leak(weak_keys.into_boxed_slice());
        for _ in 0..200 {
            if good.is_over() {
                break;
            }
            let legal = good.legal_turns();
            assert_eq!(legal, weak.legal_turns());
            for y in 0..h {
                for x in 0..w {
                    let turn = Turn::Move(Point::new(x, y));
                    assert_eq!(good.check(turn), weak.check(turn));
                }
            }
            let turn = legal[next(&mut seed) % legal.len()];
            good.play(turn).unwrap();
            weak.play(turn).unwrap();
            assert_eq!(weak.hash(), weak.hash_from_scratch());
            assert_eq!(good.distinct_colorings(), weak.distinct_colorings());
        }
    }
}
