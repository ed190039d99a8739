//! Exact counts that others have published, recomputed here as tests of
//! both engines: perft (turn sequences of a given length), complete games
//! on tiny boards, and legal positions L(m, n) with the arcs between them.
//!
//! - [`perft`]: sequences of exactly `depth` turns from the empty grid,
//!   passes included, on `fast` (play and undo) or `spec` (cloned games).
//! - [`games`]: every game to its end (two consecutive passes), under rules
//!   where every game is finite (positional or situational superko). Exact,
//!   by a depth-first search that remembers the count under each state: the
//!   set of earlier colorings (or situations), the coloring, the player to
//!   move and the run of passes are all the future depends on.
//! - [`positions`]: the legal colorings counted twice, by enumerating all
//!   3^(W*H) colorings and by exploring moves of either color from the empty
//!   grid with a small bitboard statement of rule 7 ([`tiny`]).
//! - [`border`]: L(m, n) by a transfer matrix over the border states of the
//!   points decided, exactly or modulo a 64-bit modulus ([`tally`]), the
//!   threads adding successors to shared shards, with [`checkpoint`]s to
//!   resume from.
//! - [`modular`]: the moduli of the jobs a count is split into, the Chinese
//!   remainder theorem that puts their residues together, and the check of
//!   a count against Tromp's approximation of L(m, n).
//! - [`table`]: complete games under positional superko on a table of the
//!   legal colorings, with the board's symmetries and the exchange of colors.
//! - The `perft` and `count` subcommands of the binary (src/cmd/) run them.

pub mod border;
pub mod checkpoint;
pub mod games;
pub mod modular;
pub mod perft;
pub mod positions;
pub mod table;
pub mod tally;
pub mod tiny;

use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use tromp_taylor_fast as fast;
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec as spec;
use tromp_taylor_spec::{Point, Rectangle, Rules, Turn};

/// Which engine a count walks the game tree with: `fast` plays and undoes,
/// `spec` clones a literal game per turn.
pub use tromp_taylor_harness::engine::EngineName as EngineChoice;

/// `size` as the rules' rectangle, which the walkers count on.
pub(crate) fn grid_of(size: Size) -> Rectangle {
    Rectangle::new(size.width(), size.height()).expect("a Size is a rectangle of the rules")
}

/// The harness's rules in `spec`'s terms, which the walkers count under.
pub(crate) fn spec_rules(rules: tromp_taylor_harness::vocab::Rules) -> Rules {
    tromp_taylor_harness::engine::spec::rules_to_spec(rules)
}

/// Why a count could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// The board cannot be set up.
    #[error("bad board size: {0}")]
    BadSize(String),
    /// A modulus job that is not one: a job numbered outside 1 to the
    /// number of jobs, or past the moduli there are.
    #[error("bad modulus job: {0}")]
    BadJob(String),
    /// The board is larger than this count can handle.
    #[error("board too large: {0}")]
    TooLarge(String),
    /// Under these rules some games never end, so they cannot be counted.
    #[error("cannot count games: {0}")]
    InfiniteGames(String),
    /// The count does not fit in 128 bits.
    #[error("the count does not fit in 128 bits")]
    Overflow,
    /// An engine refused a turn it listed as legal, or made a coloring that
    /// the rules forbid: a bug in that engine.
    #[error("engine error: {0}")]
    Engine(String),
    /// A modulus below 2, or a residue not below its modulus.
    #[error("bad modulus {0}: a modulus is at least 2, and a residue below it")]
    BadModulus(u64),
    /// Results of different counts put together.
    #[error("the results are of different counts: {0}")]
    DifferentCounts(String),
    /// Two results of the same modulus.
    #[error("the modulus {0} is repeated: each job must count modulo a different modulus")]
    RepeatedModulus(u64),
    /// Two moduli with a common factor.
    #[error("the moduli {0} and {1} have a common factor: the Chinese remainder theorem needs coprime moduli")]
    NotCoprime(u64, u64),
    /// Too few jobs to single out the count.
    #[error("{0}")]
    Undetermined(String),
    /// A count far from Tromp's approximation: a count gone wrong.
    #[error("implausible count: {0}")]
    Implausible(String),
    /// A checkpoint that cannot be written, or read for this count.
    #[error("checkpoint: {0}")]
    Checkpoint(String),
    /// The count of legal colorings was asked to stop.
    #[error("{0}")]
    Stopped(Stopped),
    /// Another count was asked to stop: what it had done.
    #[error("the count stopped before its end: {0}")]
    Interrupted(String),
}

/// How far a count had got when it was asked to stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The points decided.
    pub decided: usize,
    /// The points of the grid.
    pub points: usize,
    /// The most border states kept after one point.
    pub states: usize,
    /// The last checkpoint on disk (its path and the points it follows).
    pub checkpoint: Option<(String, usize)>,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the count stopped after deciding {} of {} points ({} border states at most)",
            self.decided, self.points, self.states
        )?;
        match &self.checkpoint {
            Some((path, decided)) => write!(
                f,
                "; the last checkpoint, {path}, holds the states after {decided} points"
            ),
            None => write!(f, "; no checkpoint was written"),
        }
    }
}

/// A count that any [`Walker`] can make: what [`walk_with`] runs on the
/// engine chosen.
pub(crate) trait Count {
    /// What the count comes to.
    type Output;
    /// Makes the count on the games `make` starts.
    fn with<W: Walker>(self, make: impl Fn() -> W + Sync) -> Result<Self::Output, CountError>;
}

/// Makes `count` with walkers of `engine`, each on an empty `grid` under
/// `rules` (`fast`'s board checked once, first).
pub(crate) fn walk_with<C: Count>(
    engine: EngineChoice,
    grid: Rectangle,
    rules: Rules,
    count: C,
) -> Result<C::Output, CountError> {
    match engine {
        EngineChoice::Fast => {
            FastWalker::new(grid, rules)?;
            count.with(|| FastWalker::new(grid, rules).expect("the size was accepted above"))
        }
        EngineChoice::Spec => count.with(|| SpecWalker::new(grid, rules)),
    }
}

/// Makes `count` on `walker` after the turns of `prefix`, and takes them
/// back (an engine that refuses one says why, and the count stops there).
pub(crate) fn below<W: Walker, T>(
    walker: &mut W,
    prefix: &[Turn],
    count: impl FnOnce(&mut W) -> Result<T, CountError>,
) -> Result<T, CountError> {
    for &turn in prefix {
        walker.play(turn)?;
    }
    let counted = count(walker);
    for _ in prefix {
        walker.undo();
    }
    counted
}

/// Walks every prefix of `prefixes`, handed out one at a time to `threads`
/// threads, each with its own walker from `make` and its own buffers: `work`
/// makes the count below one prefix and says whether to go on. The meter
/// counts the prefixes done. A request to stop (the progress's) is heard
/// between two prefixes: the walk then ends with [`CountError::Interrupted`],
/// saying how many prefixes were done.
pub(crate) fn walk_prefixes<W: Walker, P: Sync>(
    threads: usize,
    progress: &Progress,
    prefixes: &[P],
    make: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, &mut Vec<Vec<Turn>>, &P) -> bool + Sync,
) -> Result<(), CountError> {
    let bar = progress.meter(prefixes.len() as u64, "prefixes");
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = progress.stop();
    on_threads(threads, || {
        let mut walker = make();
        let mut buffers = Vec::new();
        while let Some(prefix) = prefixes.get(next.fetch_add(1, Ordering::Relaxed)) {
            if stop.is_requested() || !work(&mut walker, &mut buffers, prefix) {
                break;
            }
            done.fetch_add(1, Ordering::Relaxed);
            bar.inc(1);
        }
    });
    bar.finish();
    if stop.is_requested() {
        return Err(CountError::Interrupted(format!(
            "{} of {} prefixes of the game tree were walked; no count is given",
            done.into_inner().min(prefixes.len()),
            prefixes.len()
        )));
    }
    Ok(())
}

/// Adds two counts, or says the sum does not fit.
pub(crate) fn add(a: u128, b: u128) -> Result<u128, CountError> {
    a.checked_add(b).ok_or(CountError::Overflow)
}

/// A game that a count can walk: list the legal turns, take one, take it back.
pub trait Walker {
    /// Fills `out` with every legal turn (empty once the game is over).
    fn legal_turns(&mut self, out: &mut Vec<Turn>);
    /// Takes `turn`, which must be legal; an engine that refuses says why.
    fn play(&mut self, turn: Turn) -> Result<(), CountError>;
    /// Takes back the last turn taken by [`Walker::play`].
    fn undo(&mut self);
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The run of consecutive passes.
    fn passes(&self) -> usize;
    /// Whether Black moves next.
    fn black_to_move(&self) -> bool;
    /// The coloring as a base-3 number: point `y * width + x` is digit
    /// `3^i`, 0 empty, 1 black, 2 white (boards of at most 40 points).
    fn code(&mut self) -> u64;
}

/// `tromp-taylor-fast`, walked with play and undo.
pub struct FastWalker {
    game: fast::Game,
    turns: Vec<fast::Turn>,
    colors: Vec<fast::Color>,
}

impl FastWalker {
    /// An empty `grid` under `rules`.
    pub fn new(grid: Rectangle, rules: Rules) -> Result<FastWalker, CountError> {
        let rules = tromp_taylor_harness::engine::fast::rules_to_fast(
            tromp_taylor_harness::engine::spec::rules_from_spec(rules),
        );
        let game = fast::Game::new(grid.width(), grid.height(), rules)
            .map_err(|e| CountError::BadSize(e.to_string()))?;
        Ok(FastWalker {
            game,
            turns: Vec::new(),
            colors: Vec::new(),
        })
    }
}

impl Walker for FastWalker {
    fn legal_turns(&mut self, out: &mut Vec<Turn>) {
        self.game.legal_turns_into(&mut self.turns);
        out.clear();
        out.extend(self.turns.iter().map(|t| match *t {
            fast::Turn::Pass => Turn::Pass,
            fast::Turn::Move(p) => Turn::Move(Point::new(p.x, p.y)),
        }));
    }

    fn play(&mut self, turn: Turn) -> Result<(), CountError> {
        let turn = match turn {
            Turn::Pass => fast::Turn::Pass,
            Turn::Move(p) => fast::Turn::Move(fast::Point::new(p.x, p.y)),
        };
        self.game
            .play(turn)
            .map_err(|e| CountError::Engine(format!("fast refused a turn it listed: {e}")))
    }

    fn undo(&mut self) {
        self.game.undo();
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn passes(&self) -> usize {
        self.game.consecutive_passes()
    }

    fn black_to_move(&self) -> bool {
        self.game.to_move() == fast::Player::Black
    }

    fn code(&mut self) -> u64 {
        self.game.coloring_into(&mut self.colors);
        base3(self.colors.iter().map(|c| match c {
            fast::Color::Empty => 0,
            fast::Color::Black => 1,
            fast::Color::White => 2,
        }))
    }
}

/// `tromp-taylor-spec`, which has no undo: a stack of cloned games.
pub struct SpecWalker {
    games: Vec<spec::Game>,
}

impl SpecWalker {
    /// An empty `grid` under `rules`.
    pub fn new(grid: Rectangle, rules: Rules) -> SpecWalker {
        SpecWalker {
            games: vec![spec::Game::new(grid, rules)],
        }
    }

    fn top(&self) -> &spec::Game {
        self.games
            .last()
            .expect("the starting game is never popped")
    }
}

impl Walker for SpecWalker {
    fn legal_turns(&mut self, out: &mut Vec<Turn>) {
        out.clear();
        out.extend(self.top().legal_turns());
    }

    fn play(&mut self, turn: Turn) -> Result<(), CountError> {
        let mut next = self.top().clone();
        next.play(turn)
            .map_err(|e| CountError::Engine(format!("spec refused a turn it listed: {e}")))?;
        self.games.push(next);
        Ok(())
    }

    fn undo(&mut self) {
        if self.games.len() > 1 {
            self.games.pop();
        }
    }

    fn is_over(&self) -> bool {
        self.top().is_over()
    }

    fn passes(&self) -> usize {
        self.top().consecutive_passes()
    }

    fn black_to_move(&self) -> bool {
        self.top().to_move() == spec::Player::Black
    }

    fn code(&mut self) -> u64 {
        base3(self.top().coloring().colors().iter().map(|c| match c {
            spec::Color::Empty => 0,
            spec::Color::Black => 1,
            spec::Color::White => 2,
        }))
    }
}

/// Base-3 digits, least significant first, as a number (wrapping past 40 digits).
fn base3(digits: impl DoubleEndedIterator<Item = u64>) -> u64 {
    digits
        .rev()
        .fold(0u64, |code, d| code.wrapping_mul(3).wrapping_add(d))
}

/// The number of worker threads: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Stack size of the counting threads: the searches recurse once per turn.
pub(crate) const STACK: usize = 256 << 20;

/// Runs `worker` on `threads` threads (at least one), each with a [`STACK`]
/// deep enough for the walkers' recursion, and waits for them all.
pub(crate) fn on_threads(threads: usize, worker: impl Fn() + Sync) {
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(scope, &worker)
                .expect("a thread can be started");
        }
    });
}

/// A small multiplicative hasher (FxHash's) for the memo of [`games`].
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Builds [`Fx`] hashers.
pub(crate) type FxBuild = BuildHasherDefault<Fx>;
