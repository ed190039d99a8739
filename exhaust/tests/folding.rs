//! The games walk folded by symmetry and by the open set, judged against a
//! walk of every line without any folding: the folded walks meet exactly
//! the folded classes of the states every line meets, and the table the
//! open set is reached through makes the colorings `spec` makes.

use std::collections::HashSet;
use tromp_taylor_exhaust::enumerate::{after_move, colorings, decode, encode, is_legal};
use tromp_taylor_exhaust::state::{Keying, Line, StateKey};
use tromp_taylor_exhaust::{run_exhaust, ExhaustOptions, Pair, Part};
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::vocab::{
    Color, Handicap, Player, Rules, Setup, Size, Suicide, Superko, Turn,
};

fn rules(superko: Superko, suicide: Suicide) -> Rules {
    Rules {
        superko,
        suicide,
        ..Rules::TROMP_TAYLOR
    }
}

/// The four ways to key states: none, symmetry, open set, both.
const FOLDINGS: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

/// Every line from the empty board to `depth` turns on `spec`, each node's
/// state keyed the four ways ([`FOLDINGS`]): the distinct keys of each.
fn keys_of_every_line(setup: Setup, depth: usize) -> Vec<HashSet<StateKey>> {
    let keyings: Vec<Keying> = FOLDINGS
        .iter()
        .map(|&(symmetry, open)| Keying::new(setup, symmetry, open))
        .collect();
    let mut game = EngineKind::spec().start(setup).unwrap();
    let mut history = vec![(encode(&game.grid().colors), game.to_move())];
    let mut keys = vec![HashSet::new(); keyings.len()];
    every_line(&mut *game, &mut history, depth, &keyings, &mut keys);
    keys
}

fn every_line(
    game: &mut dyn Engine,
    history: &mut Vec<(u64, Player)>,
    remaining: usize,
    keyings: &[Keying],
    keys: &mut [HashSet<StateKey>],
) {
    let line = Line {
        history,
        passes: game.consecutive_passes(),
        turns: history.len() - 1,
    };
    for (keying, keys) in keyings.iter().zip(keys.iter_mut()) {
        keys.insert(keying.key(&line));
    }
    if remaining == 0 || game.is_over() {
        return;
    }
    for turn in game.legal_turns() {
        game.play(turn).unwrap();
        history.push((encode(&game.grid().colors), game.to_move()));
        every_line(game, history, remaining - 1, keyings, keys);
        history.pop();
        assert!(game.undo());
    }
}

/// The states the walk of `setup` to `depth` meets, folded as asked.
fn walked_states(setup: Setup, depth: usize, (symmetry, open_set): (bool, bool)) -> (u64, u64) {
    let summary = run_exhaust(&ExhaustOptions {
        part: Part::Games,
        sizes: vec![setup.size],
        rules: vec![setup.rules],
        depth: Some(depth),
        jobs: 1,
        first_task: 0,
        symmetry,
        open_set,
        pair: Pair::spec_and_fast(),
        progress: Progress::hidden(),
    });
    assert!(summary.complete(), "{:?}", summary.found.map(|f| f.report));
    let walk = summary.done().next().unwrap().walk;
    (walk.states, walk.nodes)
}

#[test]
fn each_folded_walk_meets_every_folded_state_of_every_line_once() {
    let cases = [
        ("2x2", Superko::Positional, Suicide::Allowed, 7),
        ("2x2", Superko::Situational, Suicide::Allowed, 7),
        ("2x2", Superko::Situational, Suicide::Forbidden, 7),
        ("2x3", Superko::SimpleKo, Suicide::Allowed, 5),
        ("1x5", Superko::Positional, Suicide::Forbidden, 6),
    ];
    for (board, superko, suicide, depth) in cases {
        let setup = Setup {
            size: board.parse::<Size>().unwrap(),
            rules: rules(superko, suicide),
            handicap: Handicap::None,
        };
        let keys = keys_of_every_line(setup, depth);
        let mut nodes = Vec::new();
        for (folding, keys) in FOLDINGS.iter().zip(&keys) {
            let (states, walked) = walked_states(setup, depth, *folding);
            assert_eq!(states, keys.len() as u64, "{board} {superko:?} {folding:?}");
            nodes.push(walked);
        }
        let [none, symmetry, open, both] = [0, 1, 2, 3].map(|i| keys[i].len());
        let what = format!("{board} {superko:?}: {none} {symmetry} {open} {both}");
        // The board's flips and turns fold a state with at most 7 others
        // (3 on a rectangle, 1 on a single row).
        let group = [("2x2", 8), ("2x3", 4), ("1x5", 2)];
        let group = group.iter().find(|(b, _)| *b == board).unwrap().1;
        assert!(symmetry * group >= none && symmetry < none, "{what}");
        assert!(nodes[1] < nodes[0], "{what}: the folded walk walks less");
        if superko == Superko::SimpleKo {
            // Simple ko keeps the colorings seen whole: no open set.
            assert_eq!((open, both), (none, symmetry), "{what}");
        } else {
            assert!(open <= none && both <= symmetry && both < open, "{what}");
            if board == "2x2" {
                // By 7 turns some colorings seen are out of reach on 2x2.
                assert!(open < none && both < symmetry, "{what}");
            }
        }
    }
}

#[test]
fn the_open_set_table_plays_every_move_as_spec_does() {
    for board in ["2x2", "1x5", "2x3"] {
        let size = board.parse::<Size>().unwrap();
        let points: Vec<_> = size.all_points().collect();
        let superko = rules(Superko::Positional, Suicide::Allowed);
        let mut suicides = 0;
        for code in 0..colorings(size) {
            let colors = decode(size, code);
            if !is_legal(size, &colors) {
                continue;
            }
            for (player, stone) in [(Player::Black, Color::Black), (Player::White, Color::White)] {
                for (i, _) in colors
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c == Color::Empty)
                {
                    let after = after_move(size, &colors, i, stone);
                    assert!(is_legal(size, &after), "{board} {code} at {i}");
                    let spec = EngineKind::spec();
                    let mut game = spec.start_position(size, superko, &colors, player).unwrap();
                    match game.play(Turn::Move(points[i])) {
                        Ok(()) => assert_eq!(game.grid().colors, after, "{board} {code} at {i}"),
                        // From a setup position superko refuses only the
                        // lone stone's suicide, which makes it again.
                        Err(_) => {
                            assert_eq!(after, colors, "{board} {code} at {i}");
                            suicides += 1;
                        }
                    }
                }
            }
        }
        assert!(suicides > 0, "{board}: some move is a lone stone's suicide");
    }
}

/// The rules of positional superko with suicide allowed as a table of a
/// tiny board's legal colorings, for counting states without an engine.
struct PositionalTable {
    /// `moves[m][white]`: the colorings each move of that player makes from `m`.
    moves: Vec<[Vec<usize>; 2]>,
    /// The colorings a move of either player makes from each, as bits.
    either: Vec<u64>,
    /// Each symmetry's image of each coloring.
    images: Vec<Vec<usize>>,
    /// The number of the empty coloring.
    empty: usize,
}

impl PositionalTable {
    fn new(size: Size) -> PositionalTable {
        use tromp_taylor_exhaust::symmetry::{apply, symmetries};
        let legal: Vec<u64> = (0..colorings(size))
            .filter(|&c| is_legal(size, &decode(size, c)))
            .collect();
        assert!(legal.len() <= 64, "a set of colorings is 64 bits");
        let number = |code: u64| legal.iter().position(|&c| c == code).unwrap();
        let moves: Vec<[Vec<usize>; 2]> = legal
            .iter()
            .map(|&code| {
                let colors = decode(size, code);
                [Color::Black, Color::White].map(|stone| {
                    (0..colors.len())
                        .filter(|&i| colors[i] == Color::Empty)
                        .map(|i| number(encode(&after_move(size, &colors, i, stone))))
                        .collect()
                })
            })
            .collect();
        let either = moves
            .iter()
            .map(|m| m[0].iter().chain(&m[1]).fold(0, |s, &n| s | 1 << n))
            .collect();
        let images = symmetries(size)
            .iter()
            .map(|g| {
                legal
                    .iter()
                    .map(|&c| number(encode(&apply(g, &decode(size, c)))))
                    .collect()
            })
            .collect();
        PositionalTable {
            moves,
            either,
            images,
            empty: number(0),
        }
    }

    /// The least image of the state's open-set key.
    fn key(&self, seen: u64, now: usize, white: bool, passes: u8) -> (u64, u16) {
        let (mut reached, mut frontier) = (1u64 << now, 1u64 << now);
        while frontier != 0 {
            let mut next = 0;
            let mut bits = frontier;
            while bits != 0 {
                next |= self.either[bits.trailing_zeros() as usize] & !seen;
                bits &= bits - 1;
            }
            frontier = next & !reached;
            reached |= frontier;
        }
        let open = reached & !seen;
        self.images
            .iter()
            .map(|image| {
                let mut mapped = 0u64;
                let mut bits = open;
                while bits != 0 {
                    mapped |= 1 << image[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                let tail = (image[now] as u16) << 3 | u16::from(white) << 2 | u16::from(passes);
                (mapped, tail)
            })
            .min()
            .unwrap()
    }

    /// Adds the keys of every state from this one on to `keys`.
    fn walk(&self, keys: &mut HashSet<(u64, u16)>, seen: u64, now: usize, white: bool, passes: u8) {
        if !keys.insert(self.key(seen, now, white, passes)) || passes == 2 {
            return;
        }
        self.walk(keys, seen, now, !white, passes + 1);
        for &after in &self.moves[now][usize::from(white)] {
            if seen >> after & 1 == 0 {
                self.walk(keys, seen | 1 << after, after, !white, 0);
            }
        }
    }
}

/// The states of every whole game on 2x2 under positional superko with
/// suicide allowed, folded by symmetry and the open set, counted on a table
/// of the rules alone (no engine): what `exhaust games --size 2x2 --depth
/// whole --symmetry --open-set` walks. Minutes and gigabytes: run by hand
/// (`cargo test --release -p tromp-taylor-exhaust --test folding -- --ignored`).
#[test]
#[ignore]
fn whole_2x2_positional_states_on_a_table() {
    let table = PositionalTable::new("2x2".parse::<Size>().unwrap());
    let mut keys = HashSet::new();
    table.walk(&mut keys, 1 << table.empty, table.empty, false, 0);
    println!("2x2 positional, suicide allowed: {} states", keys.len());
    // 202,598,313, measured (docs/testing.md).
    assert_eq!(keys.len(), 202_598_313);
}

/// The table agrees with the walk on both engines where both end quickly:
/// the whole game on 1x3 under positional superko, suicide allowed.
#[test]
fn the_table_counts_the_states_the_folded_walk_meets_on_1x3() {
    let size = "1x3".parse::<Size>().unwrap();
    let table = PositionalTable::new(size);
    let mut keys = HashSet::new();
    table.walk(&mut keys, 1 << table.empty, table.empty, false, 0);
    let summary = run_exhaust(&ExhaustOptions {
        part: Part::Games,
        sizes: vec![size],
        rules: vec![rules(Superko::Positional, Suicide::Allowed)],
        depth: None,
        jobs: 1,
        first_task: 0,
        symmetry: true,
        open_set: true,
        pair: Pair::spec_and_fast(),
        progress: Progress::hidden(),
    });
    assert!(summary.complete(), "{:?}", summary.found.map(|f| f.report));
    let walk = summary.done().next().unwrap().walk;
    assert_eq!(walk.states, keys.len() as u64, "{walk:?}");
}
