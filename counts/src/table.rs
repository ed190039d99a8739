//! Complete games under positional superko counted on a table of the
//! board's legal colorings instead of an engine: the quick way to the
//! published counts on 1x4 and 2x2, cross-checked against the engine walks
//! of [`super::games`] on every board where both run.
//!
//! The table is made once from [`super::tiny`]'s bitboard statement of rule
//! 7: for each legal coloring and each player, the coloring each move makes
//! (a suicide under rules that forbid it is no move). A game is then a walk
//! on the table in which no move may reach a coloring already seen (rule 6):
//! the colorings seen are a 64-bit set, a pass changes only the player and
//! the run of passes, and two consecutive passes end the game (rule 8).
//!
//! The count under a state depends only on the colorings not yet seen that
//! can still be reached from the one now through others not yet seen (the
//! *open* set: every later move lands on one of them), the coloring now, the
//! player to move and the run of passes; states are remembered under that
//! key. The board's symmetries (reflections, and rotations of a square) and
//! the exchange of the colors with the player to move map games to games one
//! for one, so a key and its images count the same and are remembered once,
//! under the smallest.
//!
//! The first turns are cut into prefixes that the threads share out, with
//! one memo, sharded.

use super::tiny::{Stones, Tiny};
use super::{on_threads, CountError, FxBuild};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::vocab::Size;
use tromp_taylor_spec::{Rectangle, Rules, Suicide, Superko};

/// The most legal colorings a table may have: the set of colorings seen is
/// 64 bits (1x4 has 41 legal colorings, 2x2 57; 1x5 has 113).
pub const MAX_COLORINGS: usize = 64;

/// What the count came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGames {
    /// The number of complete games.
    pub count: u128,
    /// The legal colorings of the board.
    pub legal_colorings: usize,
    /// The symmetries used (with the exchange of colors).
    pub symmetries: usize,
    /// The distinct states whose counts were remembered.
    pub states: usize,
    /// The prefixes the threads shared out.
    pub prefixes: usize,
}

/// Whether a table can count games on `grid` under `rules`: positional
/// superko, the two-pass ending, and at most [`MAX_COLORINGS`] legal
/// colorings.
pub fn can_count(size: Size, rules: tromp_taylor_harness::vocab::Rules) -> bool {
    can_count_on(super::grid_of(size), super::spec_rules(rules))
}

/// [`can_count`] in `spec`'s terms.
fn can_count_on(grid: Rectangle, rules: Rules) -> bool {
    rules.superko == Superko::Positional
        && super::games::infinite_games(rules).is_none()
        && Tiny::new(grid.width(), grid.height())
            .is_ok_and(|tiny| tiny.legal_codes().len() <= MAX_COLORINGS)
}

/// Counts the complete games on `grid` under `rules` (see [`can_count`]).
pub fn table_games(
    size: Size,
    rules: tromp_taylor_harness::vocab::Rules,
    threads: usize,
    progress: &Progress,
) -> Result<TableGames, CountError> {
    let (grid, rules) = (super::grid_of(size), super::spec_rules(rules));
    if !can_count_on(grid, rules) {
        return Err(CountError::TooLarge(format!(
            "{grid} under {rules}: the table counts games under positional superko with \
             the two-pass ending on boards of at most {MAX_COLORINGS} legal colorings"
        )));
    }
    let table = Table::new(grid, rules)?;
    let walk = Walk {
        table: &table,
        memo: (0..SHARDS).map(|_| Mutex::default()).collect(),
    };
    // Cut the first turns into prefixes, merged by key.
    let start = State {
        seen: 1 << table.empty,
        now: table.empty,
        white_to_move: false,
        passed: false,
    };
    let mut ended = 0u128;
    let mut prefixes: Vec<(State, u128)> = vec![(start, 1)];
    for _ in 0..SPLIT_DEPTH {
        if prefixes.len() >= SPLIT_PREFIXES {
            break;
        }
        let mut merged: HashMap<Key, usize, FxBuild> = HashMap::default();
        let mut deeper: Vec<(State, u128)> = Vec::new();
        for &(state, games) in &prefixes {
            let mut next = |after: Option<State>| -> Result<(), CountError> {
                match after {
                    None => ended = add(ended, games)?,
                    Some(after) => match merged.get(&walk.key(&after)) {
                        Some(&i) => deeper[i].1 = add(deeper[i].1, games)?,
                        None => {
                            merged.insert(walk.key(&after), deeper.len());
                            deeper.push((after, games));
                        }
                    },
                }
                Ok(())
            };
            next(state.pass())?;
            for after in table.moves(&state) {
                next(Some(after))?;
            }
        }
        prefixes = deeper;
    }
    let meter = progress.meter(prefixes.len() as u64, "prefixes");
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Ok(ended));
    on_threads(threads, || {
        while let Some(&(state, games)) = prefixes.get(next.fetch_add(1, Ordering::Relaxed)) {
            let counted = walk
                .games(&state)
                .0
                .checked_mul(games)
                .ok_or(CountError::Overflow);
            let mut total = total.lock().expect("no thread panics");
            *total = total.clone().and_then(|sum| add(sum, counted?));
            meter.inc(1);
        }
    });
    meter.finish();
    Ok(TableGames {
        count: total.into_inner().expect("no thread panics")?,
        legal_colorings: table.next.len(),
        symmetries: table.images.len(),
        states: walk
            .memo
            .iter()
            .map(|m| m.lock().expect("no thread panics").len())
            .sum(),
        prefixes: prefixes.len(),
    })
}

fn add(a: u128, b: u128) -> Result<u128, CountError> {
    a.checked_add(b).ok_or(CountError::Overflow)
}

/// How far, at most, the tree is cut into prefixes.
const SPLIT_DEPTH: usize = 16;

/// Enough prefixes to keep every thread busy to the end.
const SPLIT_PREFIXES: usize = 2048;

/// The shards of the memo.
const SHARDS: usize = 64;

/// Subtrees of fewer searched states than this are searched again rather
/// than remembered (most states lie near the ends of games).
const REMEMBER_FROM: u64 = 16;

/// The number of the legal coloring `s` among `legal` (sorted codes).
fn number(tiny: &Tiny, legal: &[u64], s: Stones) -> u8 {
    let code = tiny.code(s);
    legal
        .binary_search(&code)
        .expect("rule 7 makes legal colorings") as u8
}

/// [`Table::moves`] and [`Table::next`] for the `legal` colorings of `tiny`.
fn moves_and_next(tiny: &Tiny, legal: &[u64], rules: Rules) -> (Vec<[Vec<u8>; 2]>, Vec<u64>) {
    let mut moves = Vec::with_capacity(legal.len());
    let mut next = vec![0u64; legal.len()];
    for (n, &code) in legal.iter().enumerate() {
        let stones = tiny.decode(code);
        let mut by_player: [Vec<u8>; 2] = Default::default();
        for (player, black) in [(0, true), (1, false)] {
            let mut empty = tiny.empty(stones);
            while empty != 0 {
                let p = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let after = tiny.play(stones, p, black);
                let suicide = (after.black | after.white) >> p & 1 == 0;
                if suicide && rules.suicide == Suicide::Forbidden {
                    continue;
                }
                let m = number(tiny, legal, after);
                by_player[player].push(m);
                if m as usize != n {
                    next[n] |= 1 << m;
                }
            }
        }
        moves.push(by_player);
    }
    (moves, next)
}

/// The symmetries of the `width` by `height` grid, as permutations of its
/// points, sorted, without repeats.
fn symmetries(width: usize, height: usize) -> Vec<Vec<usize>> {
    let point = |x: usize, y: usize| y * width + x;
    let mut permutations: Vec<Vec<usize>> = vec![
        (0..width * height).collect(),
        (0..width * height)
            .map(|i| point(width - 1 - i % width, i / width))
            .collect(),
        (0..width * height)
            .map(|i| point(i % width, height - 1 - i / width))
            .collect(),
        (0..width * height)
            .map(|i| point(width - 1 - i % width, height - 1 - i / width))
            .collect(),
    ];
    if width == height {
        let n = width;
        permutations.extend([
            (0..n * n).map(|i| point(i / n, i % n)).collect(),
            (0..n * n).map(|i| point(n - 1 - i / n, i % n)).collect(),
            (0..n * n).map(|i| point(i / n, n - 1 - i % n)).collect(),
            (0..n * n)
                .map(|i| point(n - 1 - i / n, n - 1 - i % n))
                .collect(),
        ]);
    }
    permutations.sort();
    permutations.dedup();
    permutations
}

/// The board's legal colorings, numbered, and what moves do to them.
struct Table {
    /// The number of the empty grid.
    empty: u8,
    /// `moves[n][player]`: the colorings the moves of `player` (0 Black,
    /// 1 White) make from coloring `n`, one per empty point (a forbidden
    /// suicide is left out; a suicide that empties only the stone played
    /// makes `n` again, which rule 6 then forbids).
    moves: Vec<[Vec<u8>; 2]>,
    /// `next[n]`: the colorings one move of either color makes from `n`.
    next: Vec<u64>,
    /// For each symmetry (with or without the exchange of colors): the
    /// image of each coloring, of each set (by bytes), and whether the
    /// colors are exchanged.
    images: Vec<Image>,
}

struct Image {
    coloring: Vec<u8>,
    /// `set[k][byte]`: the image of the members `8k..8k+8` in `byte`.
    set: Vec<[u64; 256]>,
    exchanges_colors: bool,
}

impl Image {
    /// The image under `permutation` of the points, the colors exchanged
    /// or not, of the `legal` colorings of `tiny`.
    fn new(tiny: &Tiny, legal: &[u64], permutation: &[usize], exchanges_colors: bool) -> Image {
        let image_of = |s: Stones| {
            let mut image = Stones::default();
            for (from, &to) in permutation.iter().enumerate() {
                image.black |= (s.black >> from & 1) << to;
                image.white |= (s.white >> from & 1) << to;
            }
            if exchanges_colors {
                std::mem::swap(&mut image.black, &mut image.white);
            }
            image
        };
        let coloring: Vec<u8> = legal
            .iter()
            .map(|&code| number(tiny, legal, image_of(tiny.decode(code))))
            .collect();
        let set = (0..8)
            .map(|k| {
                let mut table = [0u64; 256];
                for (byte, image) in table.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let member = 8 * k + bit;
                        if byte >> bit & 1 == 1 && member < coloring.len() {
                            *image |= 1 << coloring[member];
                        }
                    }
                }
                table
            })
            .collect();
        Image {
            coloring,
            set,
            exchanges_colors,
        }
    }

    fn set(&self, set: u64) -> u64 {
        self.set.iter().enumerate().fold(0, |image, (k, table)| {
            image | table[(set >> (8 * k)) as usize & 255]
        })
    }
}

impl Table {
    fn new(grid: Rectangle, rules: Rules) -> Result<Table, CountError> {
        let (width, height) = (grid.width(), grid.height());
        let tiny = Tiny::new(width, height)?;
        let legal = tiny.legal_codes();
        let (moves, next) = moves_and_next(&tiny, &legal, rules);
        let permutations = symmetries(width, height);
        let mut images = Vec::new();
        for permutation in &permutations {
            for exchanges_colors in [false, true] {
                images.push(Image::new(&tiny, &legal, permutation, exchanges_colors));
            }
        }
        Ok(Table {
            empty: number(&tiny, &legal, Stones::default()),
            moves,
            next,
            images,
        })
    }

    /// The states each legal move from `state` leads to.
    fn moves<'a>(&'a self, state: &'a State) -> impl Iterator<Item = State> + 'a {
        self.moves[state.now as usize][usize::from(state.white_to_move)]
            .iter()
            .filter(|&&m| state.seen >> m & 1 == 0)
            .map(|&m| State {
                seen: state.seen | 1 << m,
                now: m,
                white_to_move: !state.white_to_move,
                passed: false,
            })
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The colorings seen so far (rule 6's earlier colorings).
    seen: u64,
    /// The coloring now.
    now: u8,
    white_to_move: bool,
    /// Whether the last turn was a pass.
    passed: bool,
}

impl State {
    /// After a pass: `None` when it is the second in a row (the game ends).
    fn pass(&self) -> Option<State> {
        (!self.passed).then_some(State {
            white_to_move: !self.white_to_move,
            passed: true,
            ..*self
        })
    }
}

/// All the future of a state depends on: its open set, the coloring now,
/// the player to move and whether the last turn was a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Key {
    open: u64,
    now: u8,
    white_to_move: bool,
    passed: bool,
}

/// The walk: the table and the memo the threads share.
struct Walk<'t> {
    table: &'t Table,
    memo: Vec<Mutex<HashMap<Key, u64, FxBuild>>>,
}

impl Walk<'_> {
    /// The smallest of the images of the state's key.
    fn key(&self, state: &State) -> Key {
        let next = &self.table.next;
        let mut open = 0u64;
        let mut frontier = next[state.now as usize] & !state.seen;
        while frontier != 0 {
            open |= frontier;
            let mut reached = 0;
            let mut bits = frontier;
            while bits != 0 {
                reached |= next[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            frontier = reached & !state.seen & !open;
        }
        self.table
            .images
            .iter()
            .map(|image| Key {
                open: image.set(open),
                now: image.coloring[state.now as usize],
                white_to_move: state.white_to_move != image.exchanges_colors,
                passed: state.passed,
            })
            .min()
            .expect("the identity is an image")
    }

    fn shard(&self, key: &Key) -> &Mutex<HashMap<Key, u64, FxBuild>> {
        let mix = (key.open ^ u64::from(key.now) << 56).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        &self.memo[(mix >> 58) as usize % SHARDS]
    }

    /// The complete games from `state`, and the states searched to count
    /// them. (A count of games from one state fits 64 bits on every board a
    /// table takes: 2x2 has 3.9 x 10^11 games in all.)
    fn games(&self, state: &State) -> (u128, u64) {
        let key = self.key(state);
        if let Some(&known) = self.shard(&key).lock().expect("no thread panics").get(&key) {
            return (u128::from(known), 1);
        }
        let mut total = 0u128;
        let mut searched = 1u64;
        let mut below = |after: Option<State>| match after {
            None => total += 1,
            Some(after) => {
                let (games, states) = self.games(&after);
                total += games;
                searched = searched.saturating_add(states);
            }
        };
        below(state.pass());
        for after in self.table.moves(state) {
            below(Some(after));
        }
        if searched >= REMEMBER_FROM {
            if let Ok(count) = u64::try_from(total) {
                self.shard(&key)
                    .lock()
                    .expect("no thread panics")
                    .insert(key, count);
            }
        }
        (total, searched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(width: usize, height: usize) -> u128 {
        let size = Size::new(width, height).unwrap();
        table_games(size, Default::default(), 2, &Progress::hidden())
            .unwrap()
            .count
    }

    #[test]
    fn the_published_counts_on_1x1_to_1x3() {
        assert_eq!(count(1, 1), 1);
        assert_eq!(count(1, 2), 9);
        assert_eq!(count(2, 1), 9);
        assert_eq!(count(1, 3), 907);
        assert_eq!(count(3, 1), 907);
    }

    #[test]
    fn a_square_has_eight_symmetries_a_line_two_each_with_the_colors_exchanged_or_not() {
        let rules = Rules::default();
        let images = |w, h| {
            Table::new(Rectangle::new(w, h).unwrap(), rules)
                .unwrap()
                .images
                .len()
        };
        assert_eq!(images(2, 2), 16);
        assert_eq!(images(1, 4), 4);
        assert_eq!(images(1, 1), 2);
    }

    #[test]
    fn situational_superko_and_large_boards_are_not_for_the_table() {
        let size = |w, h| Size::new(w, h).unwrap();
        assert!(!can_count(size(1, 5), Default::default()));
        let rules = tromp_taylor_harness::vocab::Rules {
            superko: tromp_taylor_harness::vocab::Superko::Situational,
            ..Default::default()
        };
        assert!(!can_count(size(1, 3), rules));
        assert!(can_count(size(1, 3), Default::default()));
    }
}
