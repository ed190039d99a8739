//! Unit tests of the engine's internals, run against its private state.
//!
//! Every string's bookkeeping must match its recomputation from the colors
//! after every play and undo, and in games from a given position. Hash
//! collisions must never change a verdict: a game whose Zobrist keys have
//! only 2 bits (so almost every look-up collides) must agree with a game
//! with full keys on every verdict of every turn.

use std::sync::OnceLock;

use crate::game::chain::{Chain, BLACK, EMPTY, WHITE};
use crate::game::hashing::splitmix64;
use crate::game::Game;
use crate::types::{Ending, Player, Point, Rules, Suicide, Superko, Turn};

fn next(state: &mut u64) -> usize {
    splitmix64(state) as usize
}

/// `n` rounds, or a few under miri (which runs these tests on the engine's
/// unchecked indexing, some thousand times slower; `.ci/run`).
fn rounds(n: usize) -> usize {
    if cfg!(miri) {
        n.div_ceil(25)
    } else {
        n
    }
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

/// The board and rules of round `round`: sides from `smallest` to
/// `smallest + 4`, drawn from `seed`, and [`round_rules`] with suicide
/// allowed and forbidden in turn every three rounds.
fn round_game(seed: &mut u64, round: usize, smallest: usize) -> (usize, usize, Rules) {
    let (w, h) = (smallest + next(seed) % 5, smallest + next(seed) % 5);
    let suicide = [Suicide::Allowed, Suicide::Forbidden][round / 3 % 2];
    (w, h, round_rules(round, suicide))
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
                    expected.add_lib();
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
    for round in 0..rounds(200) {
        let (w, h) = (1 + next(&mut seed) % 6, 1 + next(&mut seed) % 6);
        let rules = round_rules(round, Suicide::Allowed);
        let mut g = Game::new(w, h, rules).unwrap();
        // (A third of the turns under miri: each is checked whole.)
        for _ in 0..if cfg!(miri) { 50 } else { 150 } {
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
    for round in 0..rounds(100) {
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

/// The shared Zobrist keys cut to their low 2 bits, made once and kept in
/// a static like the keys themselves (so nothing leaks, which miri checks).
fn weak_keys(keys: &'static [u64]) -> &'static [u64] {
    static WEAK: OnceLock<Vec<u64>> = OnceLock::new();
    WEAK.get_or_init(|| keys.iter().map(|k| k & 3).collect())
}

#[test]
fn colliding_hashes_never_change_a_verdict() {
    let mut seed = 99u64;
    for round in 0..rounds(60) {
        let (w, h, rules) = round_game(&mut seed, round, 1);
        let mut good = Game::new(w, h, rules).unwrap();
        let mut weak = good.clone();
        weak.keys = weak_keys(good.keys);
        // Under miri, a game's first turns only: every turn checks every
        // point twice, and 2-bit keys collide from the first turns on.
        for _ in 0..if cfg!(miri) { 16 } else { 200 } {
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

/// The extremes of the index invariant (src/cells.rs): the largest board
/// and the thinnest ones, stones on every edge and corner (whose neighbours
/// are the first and last border cells), captures there, and undo back to
/// the start. Under miri, an index out of bounds would be reported here.
#[test]
fn the_largest_and_thinnest_boards_keep_their_strings_consistent() {
    let mut seed = 23u64;
    for (w, h) in [(52, 52), (52, 1), (1, 52), (1, 1), (2, 1)] {
        let mut g = Game::new(w, h, round_rules(0, Suicide::Allowed)).unwrap();
        let edges: Vec<Point> = (0..w)
            .flat_map(|x| [Point::new(x, 0), Point::new(x, h - 1)])
            .chain((0..h).flat_map(|y| [Point::new(0, y), Point::new(w - 1, y)]))
            .collect();
        // (A third of the turns under miri, where every turn is checked
        // over the whole board: 2,916 cells on 52x52.)
        let turns = if cfg!(miri) { 1 } else { 3 } * edges.len().min(60);
        for _ in 0..turns {
            if g.is_over() {
                break;
            }
            let point = edges[next(&mut seed) % edges.len()];
            let turn = if g.is_legal(Turn::Move(point)) {
                Turn::Move(point)
            } else {
                Turn::Pass
            };
            g.play(turn).unwrap();
            assert_consistent(&g);
        }
        assert_eq!(g.hash(), g.hash_from_scratch());
        while g.undo() {}
        assert_eq!(g.turns_taken(), 0);
        assert_consistent(&g);
    }
}

/// Plays up to `turns` random legal turns (and now and then an undo).
fn play_randomly(g: &mut Game, turns: usize, seed: &mut u64) {
    for _ in 0..turns {
        if g.is_over() {
            break;
        }
        let legal = g.legal_turns();
        g.play(legal[next(seed) % legal.len()]).unwrap();
        if next(seed).is_multiple_of(5) {
            g.undo();
        }
    }
}

/// Every field of `g` but the shared Zobrist keys, as text; the list
/// positions of occupied points (never read) are left out.
fn state(g: &Game) -> String {
    let mut g = g.clone();
    g.keys = &[];
    let mut empty_pos = vec![u16::MAX; g.empty_pos.len()];
    for &i in &g.empties {
        empty_pos[i as usize] = g.empty_pos[i as usize];
    }
    g.empty_pos = empty_pos;
    format!("{g:?}")
}

/// A restarted game is, field for field, the game as it was set up: on the
/// empty board, with a free or a fixed handicap, or from a position, with
/// undo records kept or not (the playout mode).
#[test]
fn a_restarted_game_is_the_game_as_set_up() {
    use crate::types::Handicap;
    let mut seed = 31u64;
    for round in 0..rounds(120) {
        let (w, h, rules) = round_game(&mut seed, round, 3);
        let fresh = match round % 4 {
            0 => Game::new(w, h, rules).unwrap(),
            1 => Game::with_handicap(w, h, rules, Handicap::Free(3)).unwrap(),
            2 => Game::with_handicap(w.max(7), h.max(7), rules, Handicap::Fixed(2)).unwrap(),
            _ => {
                let mut g = Game::new(w, h, rules).unwrap();
                play_randomly(&mut g, next(&mut seed) % 30, &mut seed);
                let to_move = [Player::Black, Player::White][round / 4 % 2];
                Game::from_position(w, h, rules, &g.coloring(), to_move).unwrap()
            }
        };
        // Every other pair of rounds in the playout mode (no undo records).
        let undoable = round % 8 < 4;
        let mut fresh = fresh;
        fresh.set_undoable(undoable);
        let mut g = fresh.clone();
        for _ in 0..3 {
            // (Fewer turns than points: the superko table does not grow.)
            let points = g.width() * g.height();
            play_randomly(&mut g, next(&mut seed) % points, &mut seed);
            g.restart();
            g.check_invariants().unwrap();
            assert_eq!(state(&g), state(&fresh), "round {round}");
        }
    }
}

/// A game whose superko table grew restarts to a game that plays exactly
/// as a new one, verdict for verdict (its table stays the larger size).
#[test]
fn a_game_restarted_after_its_table_grew_plays_as_a_new_one() {
    let mut seed = 37u64;
    let rules = round_rules(0, Suicide::Allowed);
    let mut g = Game::new(5, 5, rules).unwrap();
    // A new 5x5 game's table has 128 slots: more than 64 colorings grow it.
    while g.distinct_colorings() <= 64 && !g.is_over() {
        // A random legal move, else a pass (drawn from the empty points,
        // without building the legal set: cheap under miri).
        let mut empties = g.empty_indices().to_vec();
        let mut turn = Turn::Pass;
        while !empties.is_empty() {
            let i = empties.swap_remove(next(&mut seed) % empties.len()) as usize;
            let point = Turn::Move(Point::new(i % 5, i / 5));
            if g.is_legal(point) {
                turn = point;
                break;
            }
        }
        g.play(turn).unwrap();
    }
    assert!(g.distinct_colorings() > 64, "the table did not grow");
    g.restart();
    let mut fresh = Game::new(5, 5, rules).unwrap();
    for _ in 0..rounds(200) {
        if fresh.is_over() {
            break;
        }
        let legal = fresh.legal_turns();
        assert_eq!(g.legal_turns(), legal);
        let turn = legal[next(&mut seed) % legal.len()];
        assert_eq!(g.play(turn), fresh.play(turn));
        assert_eq!(g.distinct_colorings(), fresh.distinct_colorings());
        g.check_invariants().unwrap();
    }
}

/// Every coloring kept whole: the colorings after each turn so far, and
/// the first turn after which each stood.
#[derive(Default)]
struct Stood {
    after: Vec<Vec<crate::Color>>,
    first: std::collections::HashMap<Vec<crate::Color>, usize>,
}

impl Stood {
    fn push(&mut self, coloring: Vec<crate::Color>) {
        self.first
            .entry(coloring.clone())
            .or_insert(self.after.len());
        self.after.push(coloring);
    }

    fn pop(&mut self) {
        if let Some(coloring) = self.after.pop() {
            if self.first.get(&coloring) == Some(&self.after.len()) {
                self.first.remove(&coloring);
            }
        }
    }
}

/// The verdict a reference gives on a move at `point` under the ten rules:
/// the coloring the move leaves (played in a game set up from the board
/// now, whose only earlier coloring is the board itself) is refused as a
/// repetition of the first turn after which it stood.
fn reference_verdict(g: &Game, stood: &Stood, point: Point) -> Result<(), usize> {
    let (w, h) = (g.width(), g.height());
    let mut from_now = Game::from_position(w, h, g.rules(), &g.coloring(), g.to_move()).unwrap();
    // Refused there only as the board itself: a single-stone suicide.
    let after = match from_now.play(Turn::Move(point)) {
        Ok(()) => from_now.coloring(),
        Err(_) => g.coloring(),
    };
    match stood.first.get(&after) {
        Some(&t) => Err(t),
        None => Ok(()),
    }
}

/// Positional superko, confirmed by rebuilding earlier colorings from the
/// log of changes, against a reference that keeps every coloring whole:
/// every verdict on every empty point of long random games on small
/// boards, with bursts of undo back across the copies of the coloring
/// (every 64 turns) and restarts. Hits far back (more than 64 turns) occur
/// and are counted, so the walk from a copy is exercised.
#[test]
fn superko_hits_far_back_agree_with_every_coloring_kept_whole() {
    let mut seed = 43u64;
    let mut far_back = 0;
    for round in 0..rounds(12) {
        let side = 2 + round % 2;
        let mut g = Game::new(side, side + 1, Rules::TROMP_TAYLOR).unwrap();
        let mut stood = Stood::default();
        stood.push(g.coloring());
        for turn in 0..rounds(1_500) {
            if g.is_over() || turn % 500 == 499 {
                g.restart();
                while stood.after.len() > 1 {
                    stood.pop();
                }
                continue;
            }
            for &i in &g.empty_indices().to_vec() {
                let point = Point::new(usize::from(i) % side, usize::from(i) / side);
                let expected = reference_verdict(&g, &stood, point);
                let verdict = g.check(Turn::Move(point)).map_err(|e| match e {
                    crate::IllegalTurn::Superko { repeats_turn, .. } => repeats_turn,
                    other => panic!("{other:?} at {point:?}"),
                });
                assert_eq!(verdict, expected, "turn {}:\n{g}", g.turns_taken());
                if let Err(t) = verdict {
                    far_back += usize::from(g.turns_taken() - t > crate::changes::EVERY);
                }
            }
            let legal = g.legal_turns();
            // Mostly moves: passes end the game.
            let pick = 1 + next(&mut seed) % (legal.len() - 1).max(1);
            g.play(legal[pick.min(legal.len() - 1)]).unwrap();
            stood.push(g.coloring());
            if next(&mut seed).is_multiple_of(40) {
                for _ in 0..next(&mut seed) % 90 {
                    if g.undo() {
                        stood.pop();
                    }
                }
            }
        }
    }
    assert!(
        cfg!(miri) || far_back > 0,
        "no hit was more than 64 turns back"
    );
}

/// Undo leaves the "latest turn seen" of the entries a turn saw as it was
/// (a hint, checked against the entry of that turn before it is used): a
/// game that undoes turns and plays on differently gives every verdict,
/// legal set and count of distinct colorings of the same turns played
/// without the undos, under each kind of repetition.
#[test]
fn undone_turns_leave_no_stale_coloring_behind() {
    let mut seed = 53u64;
    for round in 0..rounds(90) {
        let (w, h, rules) = round_game(&mut seed, round, 2);
        let (w, h) = (w.min(3), h.min(3));
        let mut g = Game::new(w, h, rules).unwrap();
        let mut path = Vec::new();
        for step in 0..rounds(400) {
            if g.is_over() {
                break;
            }
            let legal = g.legal_turns();
            // Mostly moves: passes end the game.
            let pick = 1 + next(&mut seed) % (legal.len() - 1).max(1);
            let turn = legal[pick.min(legal.len() - 1)];
            g.play(turn).unwrap();
            path.push(turn);
            if next(&mut seed).is_multiple_of(6) {
                for _ in 0..next(&mut seed) % 12 {
                    if g.undo() {
                        path.pop();
                    }
                }
            }
            if step % 5 == 0 {
                let mut replayed = Game::new(w, h, rules).unwrap();
                for &turn in &path {
                    replayed.play(turn).unwrap();
                }
                assert_eq!(g.legal_turns(), replayed.legal_turns(), "round {round}");
                assert_eq!(g.distinct_colorings(), replayed.distinct_colorings());
            }
        }
    }
}

/// Under simple ko the game keeps no table of colorings: its distinct
/// colorings, counted from the log of changes, are those of the coloring
/// after every turn kept whole, from the empty board, a fixed handicap or
/// a position, through undos, restarts and an agreement; and the ko is
/// refused exactly where the coloring before the opponent's last turn
/// would come back.
#[test]
fn simple_ko_counts_its_colorings_without_a_table() {
    use crate::types::Handicap;
    use std::collections::HashSet;
    let mut seed = 41u64;
    let (mut kos, mut agreements) = (0, 0);
    for round in 0..rounds(24) {
        let suicide = [Suicide::Allowed, Suicide::Forbidden][round % 2];
        let rules = Rules {
            superko: Superko::SimpleKo,
            ending: Ending::Agreement,
            suicide,
            ..Rules::default()
        };
        // Under miri, 5x5 boards but for the fixed handicap's (which needs
        // 7x7): every turn here sets up a game for every point.
        let side = if cfg!(miri) && round % 3 != 1 { 5 } else { 7 };
        let (w, h) = (side, side + next(&mut seed) % 2);
        let mut g = match round % 3 {
            0 => Game::new(w, h, rules).unwrap(),
            1 => Game::with_handicap(w, h, rules, Handicap::Fixed(2)).unwrap(),
            _ => {
                let mut g = Game::new(w, h, rules).unwrap();
                play_randomly(&mut g, 20, &mut seed);
                Game::from_position(w, h, rules, &g.coloring(), Player::White).unwrap()
            }
        };
        g.set_undoable(round % 4 < 2);
        for _ in 0..2 {
            // The colorings after each turn, kept whole (undone turns popped).
            let mut after = vec![g.coloring()];
            if round % 3 == 1 {
                after.insert(0, Game::new(w, h, rules).unwrap().coloring());
            }
            // (A few turns under miri, where every check is slow.)
            for _ in 0..if cfg!(miri) { 4 } else { 2 * w * h } {
                if g.is_over() {
                    break;
                }
                let legal = g.legal_turns();
                kos += assert_simple_ko_verdicts(&g, &after, round);
                let turn = legal[next(&mut seed) % legal.len()];
                g.play(turn).unwrap();
                after.push(g.coloring());
                if g.undoable() && next(&mut seed).is_multiple_of(7) && g.undo() {
                    after.pop();
                }
                let distinct: HashSet<_> = after.iter().collect();
                assert_eq!(g.distinct_colorings(), distinct.len(), "round {round}");
                assert!(g.history.len() == 0 && g.turn_entry.is_empty());
            }
            if g.consecutive_passes() >= 2 && !g.is_over() {
                let stones: Vec<Point> = (0..w * h)
                    .map(|i| Point::new(i % w, i / w))
                    .filter(|p| g.color_at(*p) != Some(crate::Color::Empty))
                    .take(3)
                    .collect();
                g.agree(&stones).unwrap();
                agreements += 1;
                let distinct: HashSet<_> = after.iter().collect();
                assert_eq!(g.distinct_colorings(), distinct.len(), "round {round}");
            }
            g.check_invariants().unwrap();
            g.restart();
        }
    }
    if !cfg!(miri) {
        assert!(
            kos > 0 && agreements > 0,
            "{kos} kos, {agreements} agreements"
        );
    }
}

/// Checks a move at every point of `g`, a game under simple ko whose
/// colorings after each turn are `after`: refused as ko exactly where the
/// opponent's last turn captured one stone and the move would bring back
/// the coloring before it (the move as a game from the coloring now plays
/// it, with no ko to see). Returns the kos found.
fn assert_simple_ko_verdicts(g: &Game, after: &[Vec<crate::Color>], round: usize) -> usize {
    let (w, h, rules) = (g.width(), g.height(), g.rules());
    let now = g.coloring();
    let one_captured = after.len() >= 2 && {
        let before = &after[after.len() - 2];
        let mine = match g.to_move() {
            Player::Black => crate::Color::Black,
            Player::White => crate::Color::White,
        };
        (before.iter().zip(&now))
            .filter(|&(&b, &n)| b == mine && n == crate::Color::Empty)
            .count()
            == 1
    };
    let mut kos = 0;
    for i in 0..w * h {
        let point = Point::new(i % w, i / w);
        let mut fresh = Game::from_position(w, h, rules, &now, g.to_move()).unwrap();
        let reference = match fresh.play(Turn::Move(point)) {
            Ok(()) if one_captured && fresh.coloring() == after[after.len() - 2] => {
                Err(crate::IllegalTurn::Ko(point))
            }
            other => other,
        };
        kos += usize::from(matches!(reference, Err(crate::IllegalTurn::Ko(_))));
        assert_eq!(g.check(Turn::Move(point)), reference, "round {round}");
    }
    kos
}
