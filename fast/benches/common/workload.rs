//! The fixed benchmark workload shared by the benches: a seeded PRNG and the
//! light-playout random game, written once over a small engine trait.
#![allow(dead_code)]

use tromp_taylor_fast::{Game, Rules, Suicide, Superko, Turn};

/// The seeded PRNG of every workload: the harness's one PRNG (SplitMix64),
/// drawn from by multiply-shift (no division in the playout loop).
pub struct Rng(tromp_taylor_harness::generate::Rng);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(tromp_taylor_harness::generate::Rng::new(seed))
    }

    /// A number below `n` (multiply-shift, no division).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.0.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What the light-playout workload needs of an engine.
pub trait Engine {
    /// A new game on a `size` x `size` board.
    fn start(size: usize) -> Self;
    /// Back to the empty board for the next game, keeping what memory the
    /// engine can (the C board clears its board in place too); by default
    /// a new game.
    fn restart(&mut self, size: usize)
    where
        Self: Sized,
    {
        *self = Self::start(size);
    }
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// Whether a move at `at` by the player to move would fill one of her
    /// own single-point eyes (all on-board neighbours are her stones).
    fn fills_own_eye(&self, at: At) -> bool;
    /// Plays at `at` if that is legal (and not occupied); says whether it did.
    fn try_move(&mut self, at: At) -> bool;
    /// Passes.
    fn pass(&mut self);
    /// Replaces `out` with the point indices (`y * size + x`) of the empty points.
    fn empties(&self, out: &mut Vec<u16>);
    /// The engine's own list of the empty points' indices, when it keeps one
    /// (borrowed, not copied); `None` when [`Engine::empties`] must build it.
    fn empty_list(&self) -> Option<&[u16]> {
        None
    }
}

/// A point of the board, as its index (`y * size + x`) and its
/// coordinates: each engine takes the form it works in (`fast` the index,
/// since issue 39; the peers the coordinates).
#[derive(Clone, Copy, Debug)]
pub struct At {
    /// The point index, `y * size + x`.
    pub index: usize,
    /// The column, from the left.
    pub x: usize,
    /// The row, from the bottom.
    pub y: usize,
}

/// The coordinates `(x, y)` of each point index of a `size` x `size`
/// board, made once per board: no division per candidate.
pub struct Coordinates {
    xy: Vec<(usize, usize)>,
}

impl Coordinates {
    /// The coordinates of a `size` x `size` board.
    pub fn new(size: usize) -> Coordinates {
        let xy = (0..size * size).map(|p| (p % size, p / size)).collect();
        Coordinates { xy }
    }
}

/// The light-playout games of `seeds` on one `E` board, restarted before
/// each game (as the C board is cleared); returns the turns.
pub fn play_games<E: Engine>(engine: &mut E, size: usize, seeds: std::ops::Range<u64>) -> usize {
    let mut buffer = Vec::new();
    let board = Coordinates::new(size);
    let mut turns = 0;
    for seed in seeds {
        engine.restart(size);
        turns += light_playout(engine, &board, &mut Rng::new(seed), &mut buffer);
        std::hint::black_box(&*engine);
    }
    turns
}

/// One light-playout game: each turn a uniformly random legal move that does
/// not fill one of the mover's own single-point eyes, else a pass; the game
/// ends at two passes (or after `4 * points` turns, a safety net no game
/// here reaches). Uniform choice: draw candidates without replacement from
/// the empty points; the first acceptable one is uniform among the
/// acceptable. Returns the number of turns taken (passes included).
pub fn light_playout<E: Engine>(
    engine: &mut E,
    board: &Coordinates,
    rng: &mut Rng,
    buffer: &mut Vec<u16>,
) -> usize {
    light_playout_until(engine, board, rng, buffer, 4 * board.xy.len())
}

/// [`light_playout`], stopped after `max_turns` turns.
pub fn light_playout_until<E: Engine>(
    engine: &mut E,
    board: &Coordinates,
    rng: &mut Rng,
    buffer: &mut Vec<u16>,
    max_turns: usize,
) -> usize {
    let xy = &board.xy;
    let mut turns = 0;
    while !engine.over() && turns < max_turns {
        // The candidates are the empty points; an engine that keeps the list
        // is read in place, and it is copied (to draw without replacement)
        // only once a candidate has been refused. A refused move changes
        // nothing, so the copy is the same list: the draws are unchanged.
        let mut copied = match engine.empty_list() {
            Some(_) => false,
            None => {
                engine.empties(buffer);
                true
            }
        };
        let mut k = if copied {
            buffer.len()
        } else {
            engine.empty_list().map_or(0, <[u16]>::len)
        };
        let mut moved = false;
        while k > 0 {
            let i = rng.below(k);
            let p = if copied {
                buffer[i]
            } else {
                engine.empty_list().map_or(0, |list| list[i])
            };
            let (x, y) = xy[p as usize];
            let at = At {
                index: usize::from(p),
                x,
                y,
            };
            if !engine.fills_own_eye(at) && engine.try_move(at) {
                moved = true;
                break;
            }
            if !copied {
                buffer.clear();
                buffer.extend_from_slice(engine.empty_list().unwrap_or(&[]));
                copied = true;
            }
            buffer.swap(i, k - 1);
            k -= 1;
        }
        if !moved {
            engine.pass();
        }
        turns += 1;
    }
    turns
}

/// This crate's engine under the ten rules (exact positional superko),
/// in its playout mode: no undo records (`Game::set_undoable(false)`, since
/// issue 39), as a playout never takes a turn back.
pub struct Fast(pub Game);

impl Fast {
    /// A new game under `rules` in the playout mode.
    fn playout(size: usize, rules: Rules) -> Fast {
        let mut game = Game::new(size, size, rules).expect("size");
        game.set_undoable(false);
        Fast(game)
    }
}

impl Engine for Fast {
    fn start(size: usize) -> Self {
        Fast::playout(size, Rules::TROMP_TAYLOR)
    }
    fn restart(&mut self, _size: usize) {
        self.0.restart();
    }
    #[inline]
    fn over(&self) -> bool {
        self.0.is_over()
    }
    #[inline]
    fn fills_own_eye(&self, at: At) -> bool {
        self.0.fills_own_eye_index(at.index)
    }
    #[inline]
    fn try_move(&mut self, at: At) -> bool {
        self.0.try_play_index(at.index)
    }
    fn pass(&mut self) {
        let _ = self.0.pass();
    }
    #[inline]
    fn empties(&self, out: &mut Vec<u16>) {
        out.clear();
        out.extend_from_slice(self.0.empty_indices());
    }
    #[inline]
    fn empty_list(&self) -> Option<&[u16]> {
        Some(self.0.empty_indices())
    }
}

/// This engine under the limit board's rules (simple ko, no suicide): the
/// same games as the C board, seed for seed (fast/limit/tests/).
pub struct FastKo(pub Fast);

impl Engine for FastKo {
    fn start(size: usize) -> Self {
        let rules = Rules {
            superko: Superko::SimpleKo,
            suicide: Suicide::Forbidden,
            ..Rules::TROMP_TAYLOR
        };
        FastKo(Fast::playout(size, rules))
    }
    fn restart(&mut self, size: usize) {
        self.0.restart(size);
    }
    #[inline]
    fn over(&self) -> bool {
        self.0.over()
    }
    #[inline]
    fn fills_own_eye(&self, at: At) -> bool {
        self.0.fills_own_eye(at)
    }
    #[inline]
    fn try_move(&mut self, at: At) -> bool {
        self.0.try_move(at)
    }
    fn pass(&mut self) {
        self.0.pass();
    }
    #[inline]
    fn empties(&self, out: &mut Vec<u16>) {
        self.0.empties(out);
    }
    #[inline]
    fn empty_list(&self) -> Option<&[u16]> {
        self.0.empty_list()
    }
}

/// A corpus of 19x19 positions: light-playout games from seeds 1..=8,
/// each stopped at turns 40, 80, ..., 320 (while not over).
pub fn corpus_19() -> Vec<Game> {
    let mut corpus = Vec::new();
    let mut order = Vec::new();
    let board = Coordinates::new(19);
    for seed in 1..=8u64 {
        for stop in (40..=320).step_by(40) {
            let mut engine = Fast::start(19);
            light_playout_until(&mut engine, &board, &mut Rng::new(seed), &mut order, stop);
            if !engine.over() {
                // Its turns from here on can be undone: the play + undo pairs.
                engine.0.set_undoable(true);
                corpus.push(engine.0);
            }
        }
    }
    corpus
}

/// The play + undo pairs of the engine bench: up to 16 legal moves per
/// position of `corpus`, chosen with a fixed seed.
pub fn play_undo_pairs(corpus: &[Game]) -> Vec<(usize, Turn)> {
    let mut rng = Rng::new(7);
    corpus
        .iter()
        .enumerate()
        .flat_map(|(i, game)| {
            let legal = game.legal_turns();
            (0..16)
                .map(|_| (i, legal[1 + rng.below(legal.len() - 1)]))
                .collect::<Vec<_>>()
        })
        .collect()
}
