//! The number of complete games: turn sequences from the empty grid that end
//! with the game over (two consecutive passes).
//!
//! Only rules under which every game is finite are counted: positional or
//! situational superko with the two-pass ending. Then the games from a point
//! on depend only on the set of earlier colorings (situations, for
//! situational superko), the coloring now, the player to move and the run of
//! passes; the search walks the tree depth first on an engine and remembers
//! the count under each such state, so each is counted once however many
//! games reach it. Nothing is sampled or capped: the count is exact (`u128`,
//! checked).
//!
//! The colorings are numbered by [`super::tiny`]'s enumeration of the legal
//! ones; a state's earlier colorings are a 256-bit set of those numbers, so
//! boards with at most 256 legal colorings (128 under situational superko)
//! can be counted, which means at most 5 points. The tree is cut a few turns
//! down into prefixes that the threads take in turn, sharing the memo.

use super::tiny::Tiny;
use super::Walker;
use super::{add, below, walk_prefixes, walk_with, Count, CountError, EngineChoice, Fx, FxBuild};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec::{Ending, Rules, Superko, Turn};

/// What to count.
#[derive(Clone, Debug)]
pub struct GamesOptions {
    /// The board.
    pub size: Size,
    /// The rules: positional or situational superko, two passes.
    pub rules: tromp_taylor_harness::vocab::Rules,
    /// The engine walked.
    pub engine: EngineChoice,
    /// Worker threads.
    pub threads: usize,
    /// How to show progress (hidden by default).
    pub progress: tromp_taylor_harness::progress::Progress,
}

impl GamesOptions {
    /// The count on `grid` under the ten rules, on `fast`, one thread per
    /// core, no progress bar.
    pub fn new(size: Size) -> GamesOptions {
        GamesOptions {
            size,
            rules: Default::default(),
            engine: EngineChoice::Fast,
            threads: super::default_threads(),
            progress: tromp_taylor_harness::progress::Progress::hidden(),
        }
    }
}

/// What the count came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Games {
    /// The number of complete games.
    pub count: u128,
    /// The legal colorings of the board (the nodes games move between).
    pub legal_colorings: usize,
    /// The distinct states whose counts were remembered.
    pub states: usize,
    /// The prefixes the threads shared out.
    pub prefixes: usize,
    /// Wall time.
    pub elapsed: Duration,
}

/// The most points a board may have here (see the module's documentation).
pub const MAX_POINTS: usize = 5;

/// The most set members: 256 bits.
const MAX_MEMBERS: usize = 256;

/// Why `rules` admit an endless game, if they do.
pub fn infinite_games(rules: Rules) -> Option<&'static str> {
    if rules.superko == Superko::SimpleKo {
        return Some(
            "under simple ko a game can repeat colorings forever (say, a triple ko), \
             so the number of games is infinite; use positional or situational superko",
        );
    }
    if rules.ending != Ending::TwoPasses {
        return Some(
            "with the agreement ending, agreements are not turns and passes do not end \
             the game at two; use the two-pass ending of rule 8",
        );
    }
    None
}

/// The number of complete games.
pub fn games(options: &GamesOptions) -> Result<Games, CountError> {
    let (grid, rules) = (
        super::grid_of(options.size),
        super::spec_rules(options.rules),
    );
    if let Some(why) = infinite_games(rules) {
        return Err(CountError::InfiniteGames(why.to_string()));
    }
    let points = grid.width() * grid.height();
    if points > MAX_POINTS {
        return Err(CountError::TooLarge(format!(
            "{grid} has {points} points; counting games is exact and exhaustive, \
             and feasible only on boards of at most {MAX_POINTS} points (1x1 to 1x5, 2x2)"
        )));
    }
    walk_with(options.engine, grid, rules, options)
}

impl Count for &GamesOptions {
    type Output = Games;

    fn with<W: Walker>(self, make: impl Fn() -> W + Sync) -> Result<Games, CountError> {
        games_with(self, make)
    }
}

/// A set of numbered colorings (or situations): 256 bits.
type Members = [u64; 4];

fn with(mut set: Members, member: usize) -> Members {
    set[member / 64] |= 1 << (member % 64);
    set
}

fn contains(set: &Members, member: usize) -> bool {
    set[member / 64] >> (member % 64) & 1 == 1
}

/// Where a search stands: the earlier colorings (or situations), the
/// coloring (situation) now, the player to move, the run of passes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    earlier: Members,
    now: usize,
    black_to_move: bool,
    passes: u8,
}

/// All the future of a [`State`] depends on: the colorings (situations)
/// not yet seen that can still be reached from the one now through others
/// not yet seen, the one now, the player to move and the run of passes.
/// Earlier colorings out of reach forbid nothing that could be tried.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    open: Members,
    now: u16,
    black_to_move: bool,
    passes: u8,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for word in self.open {
            state.write_u64(word);
        }
        state.write_u64(
            u64::from(self.now) << 16 | u64::from(self.black_to_move) << 8 | u64::from(self.passes),
        );
    }
}

/// The shards of the shared memo.
const SHARDS: usize = 64;

/// What the threads share.
struct Shared {
    /// The number of each coloring, by code (`u16::MAX`: not legal).
    number: Vec<u16>,
    situational: bool,
    /// The members each member leads to by one turn, as [`super::tiny`]
    /// states rule 7: moves of either color (and, for situations, passes).
    next: Vec<Members>,
    /// Whether keys fit [`Narrow`] (at most 64 members).
    narrow: bool,
    memo: Vec<Mutex<Memo>>,
}

/// A [`Key`] of at most 64 members, packed: the open set, and the member
/// now, the player to move and the run of passes in `tag`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Narrow {
    open: u64,
    tag: u16,
}

impl Hash for Narrow {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.open ^ u64::from(self.tag).rotate_right(16));
    }
}

/// One shard of the memo: packed keys with 64-bit counts where they fit
/// (most boards, most counts), whole keys and counts otherwise.
#[derive(Default)]
struct Memo {
    narrow: HashMap<Narrow, u64, FxBuild>,
    wide: HashMap<Key, u128, FxBuild>,
}

impl Memo {
    fn len(&self) -> usize {
        self.narrow.len() + self.wide.len()
    }
}

impl Shared {
    fn shard(&self, key: &Key) -> &Mutex<Memo> {
        let mut hasher = Fx::default();
        key.hash(&mut hasher);
        &self.memo[(hasher.finish() >> 58) as usize % SHARDS]
    }

    fn narrow(&self, key: &Key) -> Option<Narrow> {
        self.narrow.then(|| Narrow {
            open: key.open[0],
            tag: key.now << 2 | u16::from(key.black_to_move) << 1 | u16::from(key.passes.min(1)),
        })
    }

    /// The count remembered under `key`, if any.
    fn recall(&self, key: &Key) -> Option<u128> {
        let memo = self.shard(key).lock().expect("no worker panics");
        match self.narrow(key) {
            Some(narrow) => memo
                .narrow
                .get(&narrow)
                .map(|&n| u128::from(n))
                .or_else(|| memo.wide.get(key).copied()),
            None => memo.wide.get(key).copied(),
        }
    }

    /// Remembers `count` under `key`.
    fn remember(&self, key: Key, count: u128) {
        let mut memo = self.shard(&key).lock().expect("no worker panics");
        match (self.narrow(&key), u64::try_from(count)) {
            (Some(narrow), Ok(count)) => {
                memo.narrow.insert(narrow, count);
            }
            _ => {
                memo.wide.insert(key, count);
            }
        }
    }

    /// The member (coloring, or situation) of the walker's game now.
    fn member<W: Walker>(&self, walker: &mut W) -> Result<usize, CountError> {
        let code = walker.code();
        let number = self
            .number
            .get(code as usize)
            .copied()
            .filter(|&n| n != u16::MAX)
            .ok_or_else(|| {
                CountError::Engine(format!(
                    "a turn made coloring {code} (base 3), in which some string does not reach empty"
                ))
            })?;
        Ok(if self.situational {
            2 * number as usize + usize::from(walker.black_to_move())
        } else {
            number as usize
        })
    }

    /// The state after the walker took `turn` from `state`. Refused when
    /// the engine's turn is not one of the bitboards' (the memo's keys would
    /// not be sound for it).
    fn after<W: Walker>(
        &self,
        state: &State,
        turn: Turn,
        walker: &mut W,
    ) -> Result<State, CountError> {
        let member = self.member(walker)?;
        let known = match turn {
            Turn::Pass => member == state.now || contains(&self.next[state.now], member),
            Turn::Move(_) => contains(&self.next[state.now], member),
        };
        if !known {
            return Err(CountError::Engine(format!(
                "the engine's turn {turn} is not a turn of the bitboard statement of rule 7"
            )));
        }
        Ok(State {
            earlier: with(state.earlier, member),
            now: member,
            black_to_move: walker.black_to_move(),
            passes: walker.passes().min(255) as u8,
        })
    }

    /// The key of `state`.
    fn key(&self, state: &State) -> Key {
        let earlier = state.earlier;
        let unseen = |set: Members| -> Members {
            let mut out = set;
            for (o, e) in out.iter_mut().zip(earlier) {
                *o &= !e;
            }
            out
        };
        let mut open = [0u64; 4];
        let mut frontier = unseen(self.next[state.now]);
        while frontier != [0; 4] {
            let mut reached = [0u64; 4];
            for (w, &word) in frontier.iter().enumerate() {
                open[w] |= word;
                let mut bits = word;
                while bits != 0 {
                    let member = 64 * w + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (r, n) in reached.iter_mut().zip(self.next[member]) {
                        *r |= n;
                    }
                }
            }
            frontier = unseen(reached);
            for (f, o) in frontier.iter_mut().zip(open) {
                *f &= !o;
            }
        }
        Key {
            open,
            now: state.now as u16,
            black_to_move: state.black_to_move,
            passes: state.passes,
        }
    }
}

/// A prefix the threads share out, with how many games lead to its state.
struct Prefix {
    turns: Vec<Turn>,
    state: State,
    games: u128,
}

/// The number of complete games, walked on the games `make` starts.
fn games_with<W: Walker>(
    options: &GamesOptions,
    make: impl Fn() -> W + Sync,
) -> Result<Games, CountError> {
    let started = Instant::now();
    let tiny = Tiny::new(options.size.width(), options.size.height())?;
    let legal = tiny.legal_codes();
    let situational = super::spec_rules(options.rules).superko == Superko::Situational;
    let members = if situational {
        2 * legal.len()
    } else {
        legal.len()
    };
    if members > MAX_MEMBERS {
        return Err(CountError::TooLarge(format!(
            "{} has {} legal colorings; at most {} here under these rules",
            options.size,
            legal.len(),
            if situational { 128 } else { 256 }
        )));
    }
    let shared = Shared::new(&tiny, &legal, situational, members);

    // Cut the tree into prefixes, merging those that reach the same key.
    let mut root = make();
    let (prefixes, ended) = shared.prefixes(&mut root)?;

    let count = shared.count_prefixes(options, &prefixes, ended, make)?;
    let states = shared
        .memo
        .iter()
        .map(|m| m.lock().expect("no worker panics").len())
        .sum();
    Ok(Games {
        count,
        legal_colorings: legal.len(),
        states,
        prefixes: prefixes.len(),
        elapsed: started.elapsed(),
    })
}

impl Shared {
    /// The shared tables for the `legal` colorings of `tiny`, numbered in
    /// order, with an empty memo: `members` members (two a coloring, for
    /// situations).
    fn new(tiny: &Tiny, legal: &[u64], situational: bool, members: usize) -> Shared {
        let mut number = vec![u16::MAX; tiny.colorings() as usize];
        for (n, &code) in legal.iter().enumerate() {
            number[code as usize] = n as u16;
        }
        let next = transitions(tiny, legal, &number, situational, members);
        Shared {
            number,
            situational,
            next,
            narrow: members <= 64,
            memo: (0..SHARDS).map(|_| Mutex::new(Memo::default())).collect(),
        }
    }

    /// The tree from `root`'s game cut into prefixes (at most
    /// [`SPLIT_DEPTH`] turns, stopping once there are [`SPLIT_PREFIXES`]),
    /// those that reach the same key merged, in the order first reached; and
    /// the games that end above the cut.
    fn prefixes<W: Walker>(&self, root: &mut W) -> Result<(Vec<Prefix>, u128), CountError> {
        let now = self.member(root)?;
        let start = State {
            earlier: with([0; 4], now),
            now,
            black_to_move: root.black_to_move(),
            passes: 0,
        };
        let mut ended = 0u128;
        let mut prefixes = vec![Prefix {
            turns: Vec::new(),
            state: start,
            games: 1,
        }];
        let mut turns = Vec::new();
        for _ in 0..SPLIT_DEPTH {
            if prefixes.len() >= SPLIT_PREFIXES {
                break;
            }
            prefixes = self.deepen(root, &prefixes, &mut ended, &mut turns)?;
        }
        Ok((prefixes, ended))
    }

    /// The prefixes one turn longer than `prefixes`, merged by key in the
    /// order first reached; the games that end on the turn are added to
    /// `ended`. `turns` is a buffer.
    fn deepen<W: Walker>(
        &self,
        root: &mut W,
        prefixes: &[Prefix],
        ended: &mut u128,
        turns: &mut Vec<Turn>,
    ) -> Result<Vec<Prefix>, CountError> {
        let mut deeper: HashMap<Key, Prefix, FxBuild> = HashMap::default();
        let mut order = Vec::new();
        for prefix in prefixes {
            for &turn in &prefix.turns {
                root.play(turn)?;
            }
            root.legal_turns(turns);
            for &turn in turns.iter() {
                root.play(turn)?;
                if root.is_over() {
                    *ended = add(*ended, prefix.games)?;
                } else {
                    let state = self.after(&prefix.state, turn, root)?;
                    let key = self.key(&state);
                    match deeper.get_mut(&key) {
                        Some(merged) => merged.games = add(merged.games, prefix.games)?,
                        None => {
                            let mut longer = prefix.turns.clone();
                            longer.push(turn);
                            order.push(key);
                            deeper.insert(
                                key,
                                Prefix {
                                    turns: longer,
                                    state,
                                    games: prefix.games,
                                },
                            );
                        }
                    }
                }
                root.undo();
            }
            for _ in &prefix.turns {
                root.undo();
            }
        }
        Ok(order.iter().filter_map(|key| deeper.remove(key)).collect())
    }

    /// `ended` plus the complete games below each of `prefixes`, counted on
    /// `options.threads` threads of walkers that `make` starts.
    fn count_prefixes<W: Walker>(
        &self,
        options: &GamesOptions,
        prefixes: &[Prefix],
        ended: u128,
        make: impl Fn() -> W + Sync,
    ) -> Result<u128, CountError> {
        let total = Mutex::new(Ok(ended));
        let work = |walker: &mut W, buffers: &mut Vec<Vec<Turn>>, prefix: &Prefix| {
            let result = below(walker, &prefix.turns, |walker| {
                games_node(walker, &prefix.state, self, buffers).map(|(games, _)| games)
            })
            .and_then(|games| games.checked_mul(prefix.games).ok_or(CountError::Overflow));
            let mut total = total.lock().expect("no worker panics");
            *total = match (&*total, result) {
                (Ok(sum), Ok(games)) => add(*sum, games),
                (Err(e), _) => Err(e.clone()),
                (_, Err(e)) => Err(e),
            };
            total.is_ok()
        };
        walk_prefixes(options.threads, &options.progress, prefixes, make, work)?;
        total.into_inner().expect("no worker panics")
    }
}

/// The turns between the `members` members, as the bitboards state rule 7:
/// for each member, the set of members one move of either color (and, for
/// situations, a pass) leads to. `number` numbers the `legal` colorings.
fn transitions(
    tiny: &Tiny,
    legal: &[u64],
    number: &[u16],
    situational: bool,
    members: usize,
) -> Vec<Members> {
    let mut next = vec![[0u64; 4]; members];
    for (n, &code) in legal.iter().enumerate() {
        let stones = tiny.decode(code);
        let mut empty = tiny.empty(stones);
        while empty != 0 {
            let p = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            for black in [true, false] {
                let m = number[tiny.code(tiny.play(stones, p, black)) as usize] as usize;
                if situational {
                    // Black moves from (n, Black to move) to (m, White to move).
                    let from = 2 * n + usize::from(black);
                    next[from] = with(next[from], 2 * m + usize::from(!black));
                } else if m != n {
                    next[n] = with(next[n], m);
                }
            }
        }
        if situational {
            next[2 * n] = with(next[2 * n], 2 * n + 1);
            next[2 * n + 1] = with(next[2 * n + 1], 2 * n);
        }
    }
    next
}

/// How far, at most, the tree is cut into prefixes.
const SPLIT_DEPTH: usize = 12;

/// Enough prefixes to keep every thread busy to the end.
const SPLIT_PREFIXES: usize = 512;

/// Subtrees of fewer searched states than this are searched again rather
/// than remembered: most states lie near the ends of games, and the memo
/// holds the ones worth their memory.
const REMEMBER_FROM: u64 = 24;

/// The complete games from the walker's game, in `state`, and the states
/// searched to count them.
fn games_node<W: Walker>(
    walker: &mut W,
    state: &State,
    shared: &Shared,
    buffers: &mut Vec<Vec<Turn>>,
) -> Result<(u128, u64), CountError> {
    if walker.is_over() {
        return Ok((1, 1));
    }
    let key = shared.key(state);
    if let Some(known) = shared.recall(&key) {
        return Ok((known, 1));
    }
    let mut turns = buffers.pop().unwrap_or_default();
    walker.legal_turns(&mut turns);
    let mut total = Ok(0u128);
    let mut searched = 1u64;
    for &turn in &turns {
        if let Err(e) = walker.play(turn) {
            total = Err(e);
            break;
        }
        let below = shared
            .after(state, turn, walker)
            .and_then(|after| games_node(walker, &after, shared, buffers));
        walker.undo();
        total = total.and_then(|sum| {
            let (games, states) = below?;
            searched = searched.saturating_add(states);
            add(sum, games)
        });
        if total.is_err() {
            break;
        }
    }
    buffers.push(turns);
    let total = total?;
    if searched >= REMEMBER_FROM {
        shared.remember(key, total);
    }
    Ok((total, searched))
}
