//! The limit board checked before it is timed: on the benchmark's seeded
//! light playouts it plays the same games as `tromp-taylor-fast` under the
//! rules closest to its own (no suicide; simple ko, or positional superko up
//! to the first turn superko decides), turn for turn: the same move, the
//! same coloring, the same list of empty points in the same order.

#[path = "../../benches/common/workload.rs"]
mod workload;

use tromp_taylor_fast::{Color, Game, IllegalTurn, Point, Rules, Suicide, Superko, Turn};
use tromp_taylor_limit::{Board, Step};
use workload::{light_playout_until, At, Coordinates, Engine, Rng};

/// `fast` under given rules, remembering the last turn taken and the points
/// refused by superko during the turn.
struct Recording {
    game: Game,
    last: Option<Turn>,
    refused_by_superko: Vec<usize>,
}

impl Engine for Recording {
    fn start(_size: usize) -> Self {
        unreachable!("made by `recording`")
    }
    fn over(&self) -> bool {
        self.game.is_over()
    }
    fn fills_own_eye(&self, at: At) -> bool {
        self.game.fills_own_eye_index(at.index)
    }
    fn try_move(&mut self, at: At) -> bool {
        let (x, y) = (at.x, at.y);
        match self.game.play_index(at.index) {
            Ok(()) => {
                self.last = Some(Turn::Move(Point::new(x, y)));
                true
            }
            Err(IllegalTurn::Superko { .. }) => {
                self.refused_by_superko.push(y * self.game.width() + x);
                false
            }
            Err(_) => false,
        }
    }
    fn pass(&mut self) {
        self.game.pass().unwrap();
        self.last = Some(Turn::Pass);
    }
    fn empties(&self, out: &mut Vec<u16>) {
        out.clear();
        out.extend_from_slice(self.game.empty_indices());
    }
    fn empty_list(&self) -> Option<&[u16]> {
        Some(self.game.empty_indices())
    }
}

/// What the games of one size and rules came to.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    turns: usize,
    stopped_by_superko: usize,
}

/// `fast`'s coloring as the C board gives it: 0 empty, 1 black, 2 white.
fn codes(game: &Game) -> Vec<u8> {
    game.coloring()
        .into_iter()
        .map(|c| match c {
            Color::Empty => 0,
            Color::Black => 1,
            Color::White => 2,
        })
        .collect()
}

/// Plays `games` light playouts (seeds 1..=games) of side `side` on both
/// boards, `fast` under `rules`, comparing every turn.
fn compare(side: usize, games: u64, rules: Rules) -> Tally {
    let mut tally = Tally::default();
    let max_turns = 4 * side * side;
    let mut buffer = Vec::new();
    let coordinates = Coordinates::new(side);
    for seed in 1..=games {
        let mut board = Board::new(side).unwrap();
        let mut c_rng = seed;
        let mut fast = Recording {
            game: Game::new(side, side, rules).unwrap(),
            last: None,
            refused_by_superko: Vec::new(),
        };
        let mut rng = Rng::new(seed);
        tally.games += 1;
        for turn in 0..max_turns {
            let step = board.step(&mut c_rng);
            fast.refused_by_superko.clear();
            let took = light_playout_until(&mut fast, &coordinates, &mut rng, &mut buffer, 1);
            let expected = match step {
                Step::Over => {
                    assert_eq!(took, 0, "seed {seed} turn {turn}: C over, fast not");
                    break;
                }
                Step::Pass => Turn::Pass,
                Step::Move(p) => {
                    if fast.refused_by_superko.contains(&p) {
                        // Superko decides here: simple ko allowed the move.
                        tally.stopped_by_superko += 1;
                        break;
                    }
                    Turn::Move(Point::new(p % side, p / side))
                }
            };
            assert_eq!(took, 1, "seed {seed} turn {turn}: fast over, C not");
            assert_eq!(
                fast.last,
                Some(expected),
                "seed {seed} turn {turn}: the turn"
            );
            assert_eq!(
                codes(&fast.game),
                board.coloring(),
                "seed {seed} turn {turn}: the coloring"
            );
            assert_eq!(
                fast.game.empty_indices(),
                board.empties().as_slice(),
                "seed {seed} turn {turn}: the empty points"
            );
            assert_eq!(fast.game.is_over(), board.is_over());
            tally.turns += 1;
        }
    }
    tally
}

const SIMPLE_KO_NO_SUICIDE: Rules = Rules {
    superko: Superko::SimpleKo,
    suicide: Suicide::Forbidden,
    ..Rules::TROMP_TAYLOR
};

const SUPERKO_NO_SUICIDE: Rules = Rules {
    suicide: Suicide::Forbidden,
    ..Rules::TROMP_TAYLOR
};

#[test]
fn under_simple_ko_and_no_suicide_every_turn_agrees() {
    for (side, games) in [(9, 200), (19, 20), (5, 300), (2, 50), (1, 5)] {
        let tally = compare(side, games, SIMPLE_KO_NO_SUICIDE);
        println!("simple ko, {side}x{side}: {tally:?}");
        assert_eq!(tally.stopped_by_superko, 0, "{side}x{side}: {tally:?}");
        assert_eq!(tally.games as u64, games);
        // Each game of more than one point lasts a while (two passes at least).
        assert!(tally.turns as u64 >= 2 * games, "{side}x{side}: {tally:?}");
        if side >= 9 {
            assert!(tally.turns as u64 >= 50 * games, "{side}x{side}: {tally:?}");
        }
    }
}

#[test]
fn under_positional_superko_every_turn_agrees_until_superko_decides() {
    let tally = compare(9, 200, SUPERKO_NO_SUICIDE);
    println!("positional superko, 9x9: {tally:?}");
    assert_eq!(tally.games, 200);
    assert!(tally.turns >= 10_000, "{tally:?}");
    let tally = compare(19, 10, SUPERKO_NO_SUICIDE);
    println!("positional superko, 19x19: {tally:?}");
    assert!(tally.turns >= 3_000, "{tally:?}");
}

#[test]
fn suicide_and_the_ko_point_are_illegal() {
    // 3x3, point index y * 3 + x. Black at (1,0) and (0,1): the corner (0,0)
    // is a single-stone suicide for White.
    let mut board = Board::new(3).unwrap();
    assert!(board.play(1)); // B (1,0)
    assert!(board.play(8)); // W (2,2)
    assert!(board.play(3)); // B (0,1)
    assert!(!board.is_legal(0), "single-stone suicide");
    assert!(!board.play(0));
    // A ko on 4x4: B (1,0) (0,1) (1,2); W (2,0) (3,1) (2,2) (2,1)... built
    // so that White captures one stone and Black may not retake at once.
    let mut board = Board::new(4).unwrap();
    // Black: b1=(1,0)=1, a2=(0,1)=4, b3=(1,2)=9; White: c1=(2,0)=2, d2=(3,1)=7, c3=(2,2)=10.
    for (black, white) in [(1, 2), (4, 7), (9, 10)] {
        assert!(board.play(black));
        assert!(board.play(white));
    }
    assert!(board.play(6)); // B (2,1): in atari at (1,1)
    assert!(board.play(5)); // W (1,1) captures (2,1)
    assert_eq!(board.coloring()[6], 0);
    assert!(!board.is_legal(6), "the ko point");
    assert!(board.play(15)); // B elsewhere
    assert!(board.play(14)); // W elsewhere
    assert!(board.is_legal(6), "the ko ends with the next turn");
    assert!(Board::new(0).is_none() && Board::new(20).is_none());
}
