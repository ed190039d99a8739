//! Part two: every game to a depth from a start (the empty board, or a free
//! handicap), passes and undos included, compared at every node (a
//! differential perft); or, with no depth, every game whole.
//!
//! The walk is depth first on both engines at once. At every node the
//! position is compared ([`super::answers::compare_position`]: the state,
//! grid, prisoners, scores and result); at the first arrival at each state
//! everything else too ([`super::answers::compare_node`]: the legal set and
//! the verdict with its reason on every turn; and everything else they
//! report, [`tromp_taylor_harness::engine::Details`]). Each legal turn of a
//! state is played on both, and taken back by an undo on both, whose
//! answers and the game after it are compared too. So every line with
//! undos in it is walked as well: an undo leads back to a node already
//! compared, and the game after it is compared again.
//!
//! Two lines that reach the same state are walked once (a transposition):
//! the state is what the rules make the future depend on ([`StateKey`]),
//! and a state already walked as deep or deeper is not walked again. For
//! simple ko, whose state is finite, a walk without a depth is the whole
//! reachable graph, each state compared in full once and each of its
//! turns played once; for superko the state holds every coloring seen, as
//! `count games` walks 2x2.

use super::answers::{
    compare_details, compare_legal, compare_node, compare_position, same, Parted,
};
use super::enumerate::encode;
use super::pair::{Pair, Walked};
use super::state::{FullKey, Keying, Line, StateKey};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tromp_taylor_harness::progress::Meter;
use tromp_taylor_harness::stop::Stop;
use tromp_taylor_harness::vocab::{Player, Setup, Turn};

/// What a walk covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Nodes reached, each one's position compared (transpositions included).
    pub nodes: u64,
    /// Turns played and taken back on both engines.
    pub edges: u64,
    /// Distinct states met (each compared in full, details included, once).
    pub states: u64,
    /// The longest line walked.
    pub deepest: usize,
    /// Nodes where the game was over.
    pub ended: u64,
}

/// How a walk ended: covered, parted, or stopped on request.
#[derive(Debug)]
pub enum WalkEnd {
    /// Everything to the depth was compared.
    Covered(Walk),
    /// The engines part there.
    Parted(Box<(Walked, Parted)>),
    /// Stopped on request before the end (the walk is to be done again).
    Stopped,
}

/// How the walk folds states together beyond transpositions
/// ([`super::state`]): by the board's symmetries, and under superko on the
/// smallest boards by the open set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Folding {
    /// One state of each orbit of the board's flips and turns.
    pub symmetry: bool,
    /// Under superko, the colorings seen cut down to the open set.
    pub open_set: bool,
}

/// A hasher for the open-set keys, which are already spread bits: a
/// multiply and a fold, much quicker than the default hasher on the tens of
/// millions of keys of a whole 2x2 game.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The states walked, each with the most turns it was walked to
/// (`usize::MAX`, or `u32::MAX` for an open-set key: to the end).
#[derive(Default)]
struct Visited {
    full: HashMap<FullKey, usize>,
    /// The open-set keys as two words, with the turns as 32 bits: 24 bytes
    /// an entry, for the tens of millions of a whole 2x2 game.
    open: HashMap<[u64; 2], u32, BuildHasherDefault<MixHasher>>,
}

impl Visited {
    /// The turns `key` was walked to, if it was.
    fn get(&self, key: &StateKey) -> Option<usize> {
        match key {
            StateKey::Full(key) => self.full.get(key).copied(),
            StateKey::Open(key) => self.open.get(&split(*key)).map(|&r| match r {
                u32::MAX => usize::MAX,
                r => r as usize,
            }),
        }
    }

    /// Records `key` as walked to `remaining` turns.
    fn insert(&mut self, key: StateKey, remaining: usize) {
        match key {
            StateKey::Full(key) => {
                self.full.insert(key, remaining);
            }
            StateKey::Open(key) => {
                let remaining = u32::try_from(remaining).unwrap_or(u32::MAX);
                self.open.insert(split(key), remaining);
            }
        }
    }
}

/// A 128-bit key as two words.
fn split(key: u128) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

/// One node on the walk's stack: its legal turns and the next to play.
struct Frame {
    legal: Vec<Turn>,
    next: usize,
    remaining: usize,
}

/// The walk in progress.
struct Walker<'a> {
    a: super::pair::Started,
    b: super::pair::Started,
    setup: Setup,
    path: Vec<Turn>,
    /// The colorings seen along the path (the start first), with the player to move.
    history: Vec<(u64, Player)>,
    keying: Keying,
    seen: Visited,
    walk: Walk,
    stop: &'a Stop,
    meter: &'a dyn Meter,
}

/// Walks every game from `setup` to `depth` turns (`None`: to the end of
/// every game, which only simple ko's finite graph makes finite on most
/// boards), comparing `pair` at every node, with states folded together as
/// `folding` says; stopping when `stop` is requested, and telling `meter`
/// how far a long walk has come.
pub fn walk_games(
    pair: &Pair,
    setup: Setup,
    depth: Option<usize>,
    folding: Folding,
    (stop, meter): (&Stop, &dyn Meter),
) -> WalkEnd {
    let walked = |path: Vec<Turn>, undo| Walked {
        setup,
        start: None,
        path,
        undo,
    };
    let (a, b) = match super::pair::start_both(pair, |kind| kind.start(setup)) {
        Ok(Some(both)) => both,
        Ok(None) => return WalkEnd::Covered(Walk::default()),
        Err(parted) => return WalkEnd::Parted(Box::new((walked(vec![], false), parted))),
    };
    let history = vec![(encode(&a.grid().colors), a.to_move())];
    let mut walker = Walker {
        a,
        b,
        setup,
        path: Vec::new(),
        history,
        keying: Keying::new(setup, folding.symmetry, folding.open_set),
        seen: Visited::default(),
        walk: Walk::default(),
        stop,
        meter,
    };
    match walker.run(depth.unwrap_or(usize::MAX)) {
        Ok(true) => WalkEnd::Covered(walker.walk),
        Ok(false) => WalkEnd::Stopped,
        Err((parted, undo)) => {
            let path = std::mem::take(&mut walker.path);
            WalkEnd::Parted(Box::new((walked(path, undo), parted)))
        }
    }
}

impl Walker<'_> {
    /// The walk: `Ok(true)` when done, `Ok(false)` when stopped, or where
    /// the engines part and whether at an undo.
    fn run(&mut self, depth: usize) -> Result<bool, (Parted, bool)> {
        let mut stack: Vec<Frame> = Vec::new();
        self.enter(depth, &mut stack)?;
        while let Some(frame) = stack.last_mut() {
            if frame.next == frame.legal.len() {
                stack.pop();
                if !stack.is_empty() {
                    self.back()?;
                }
                continue;
            }
            // No depth (usize::MAX) stays none: a whole walk never walks a
            // state again for having first reached it by a longer line.
            let remaining = match frame.remaining {
                usize::MAX => usize::MAX,
                r => r - 1,
            };
            let turn = frame.legal[frame.next];
            frame.next += 1;
            self.forward(turn)?;
            self.enter(remaining, &mut stack)?;
            if self.walk.nodes.is_multiple_of(4096) {
                if self.stop.is_requested() {
                    return Ok(false);
                }
                if self.walk.nodes.is_multiple_of(1 << 20) {
                    self.tell();
                }
            }
        }
        Ok(true)
    }

    /// Tells the meter how far the walk has come.
    fn tell(&self) {
        let w = &self.walk;
        self.meter.message(&format!(
            "{} {:?}: {} states, {} nodes, {} deep",
            self.setup.size,
            self.setup.rules.superko,
            w.states,
            w.nodes,
            self.path.len()
        ));
    }

    /// Compares the node reached: its position at every arrival, and the
    /// rest (legal set, verdicts, details) at the first arrival at its state;
    /// pushes it if it is to be walked on, else takes back the turn that
    /// reached it (none at the root).
    fn enter(&mut self, remaining: usize, stack: &mut Vec<Frame>) -> Result<(), (Parted, bool)> {
        compare_position(&*self.a, &*self.b).map_err(|p| (p, false))?;
        self.walk.nodes += 1;
        self.walk.deepest = self.walk.deepest.max(self.path.len());
        let over = self.a.is_over();
        self.walk.ended += u64::from(over);
        let key = self.key();
        let walked_to = self.seen.get(&key);
        let mut legal = None;
        if walked_to.is_none() {
            let size = self.setup.size;
            legal = Some(compare_node(&*self.a, &*self.b, size).map_err(|p| (p, false))?);
            compare_details(&*self.a, &*self.b, size).map_err(|p| (p, false))?;
            self.walk.states += 1;
        }
        if walked_to.is_some_and(|r| r >= remaining) || over || remaining == 0 {
            if walked_to.is_none() {
                self.seen.insert(key, 0);
            }
            if !self.path.is_empty() {
                self.back()?;
            }
            return Ok(());
        }
        // A state walked less deep before is walked again, deeper: its
        // legal set was compared in full then, and is compared again here.
        let legal = match legal {
            Some(legal) => legal,
            None => compare_legal(&*self.a, &*self.b).map_err(|p| (p, false))?,
        };
        self.seen.insert(key, remaining);
        stack.push(Frame {
            legal,
            next: 0,
            remaining,
        });
        Ok(())
    }

    /// Plays `turn` (legal for both) on both engines and compares the verdict.
    fn forward(&mut self, turn: Turn) -> Result<(), (Parted, bool)> {
        self.path.push(turn);
        let what = || format!("verdict on playing {}", super::answers::turn_name(turn));
        let verdict = self.a.play(turn);
        same(what, verdict, self.b.play(turn)).map_err(|p| (p, false))?;
        // In both legal sets, so both must take it.
        same(what, verdict, Ok(())).map_err(|p| (p, false))?;
        self.walk.edges += 1;
        self.history
            .push((encode(&self.a.grid().colors), self.a.to_move()));
        Ok(())
    }

    /// Takes back the last turn on both engines and compares them after it.
    fn back(&mut self) -> Result<(), (Parted, bool)> {
        same(|| "undo", self.a.undo(), self.b.undo()).map_err(|p| (p, true))?;
        compare_position(&*self.a, &*self.b).map_err(|p| (p, true))?;
        self.path.pop();
        self.history.pop();
        Ok(())
    }

    /// The key of the node's state (see [`super::state`]).
    fn key(&self) -> StateKey {
        self.keying.key(&Line {
            history: &self.history,
            passes: self.a.consecutive_passes(),
            turns: self.path.len(),
        })
    }
}
