//! The game: a padded one-dimensional board, strings as circular stone lists
//! with pseudo-liberties, Zobrist hashing, exact superko through
//! [`crate::history`], and an undo log.

use crate::error::{IllegalAgreement, IllegalTurn, SetupError, SizeError};
use crate::history::{History, NEVER};
use crate::types::{
    Color, Ending, Handicap, Outcome, Player, Point, Rules, Scoring, Suicide, Superko, Turn,
    MAX_SIDE,
};
use std::fmt;

/// An empty point.
const EMPTY: u8 = 0;
/// A black stone.
const BLACK: u8 = 1;
/// A white stone.
const WHITE: u8 = 2;
/// A point off the board (the padding).
const BORDER: u8 = 3;

/// The code of `player`'s stones.
#[inline]
fn code(player: Player) -> u8 {
    player as u8 + 1
}

/// A string's bookkeeping, kept at its head stone.
///
/// Pseudo-liberties: each (stone, empty neighbour) pair counts once. The
/// string has no liberty iff `libs == 0`, and its only liberty is `q` iff
/// every pseudo-liberty is `q`: `sum == libs * q` and `sumsq == libs * q * q`
/// (equality in Cauchy-Schwarz).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// Pseudo-liberty count.
    libs: u32,
    /// Sum of the pseudo-liberties' padded indices.
    sum: u32,
    /// Sum of their squares.
    sumsq: u64,
    /// Number of stones.
    stones: u32,
    /// Xor of the Zobrist keys of the stones.
    hash: u64,
}

impl Chain {
    #[inline]
    fn add_lib(&mut self, q: usize) {
        self.libs += 1;
        self.sum += q as u32;
        self.sumsq += (q * q) as u64;
    }

    #[inline]
    fn remove_lib(&mut self, q: usize) {
        self.libs -= 1;
        self.sum -= q as u32;
        self.sumsq -= (q * q) as u64;
    }

    /// Whether every liberty of the string is `q` (or it has none).
    #[inline]
    fn only_liberty_is(&self, q: usize) -> bool {
        self.sum == self.libs * q as u32 && self.sumsq == self.libs as u64 * (q * q) as u64
    }

    fn absorb(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs += other.libs;
            self.sum += other.sum;
            self.sumsq += other.sumsq;
        }
        self.stones += other.stones;
        self.hash ^= other.hash;
    }

    fn release(&mut self, other: &Chain) {
        if !planted!(LibertiesNotMerged) {
            self.libs -= other.libs;
            self.sum -= other.sum;
            self.sumsq -= other.sumsq;
        }
        self.stones -= other.stones;
        self.hash ^= other.hash;
    }
}

/// What a move at a point would do, worked out without playing it.
#[derive(Clone, Copy, Debug, Default)]
struct Analysis {
    /// Heads of the opponent strings it captures.
    captures: [u16; 4],
    /// How many of `captures` are used.
    n_captures: usize,
    /// Heads of the distinct own strings next to the point.
    own: [u16; 4],
    /// How many of `own` are used.
    n_own: usize,
    /// Whether the move clears its own string.
    suicide: bool,
    /// The hash of the coloring after the move.
    hash: u64,
}

/// Whether the coloring after a legal move is known to be in the history.
#[derive(Clone, Copy, Debug)]
enum Lookup {
    /// It is entry number `.0`.
    Found(u32),
    /// It has never stood.
    New,
    /// Not looked up (simple ko): find it when recording.
    Unknown,
}

/// Why a move on an empty point is illegal (the point is added by the caller).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    Suicide,
    Superko(usize),
    Ko,
}

/// What undoing a turn needs.
#[derive(Clone, Copy, Debug)]
struct TurnRecord {
    /// The padded point played, or 0 for a pass.
    point: u16,
    /// The code of the player who moved.
    player: u8,
    /// Merges done (pairs big, small on `aux`).
    merges: u8,
    /// Strings captured (heads on `aux`).
    captures: u8,
    /// Whether the move cleared its own string (head on `aux`).
    suicide: bool,
    /// Whether the turn added a new history entry.
    new_entry: bool,
    /// Whether the turn set a first turn of an existing entry.
    set_first: bool,
    /// Whether the turn set the "ever this color" bit of the point.
    set_ever: bool,
    /// The point's head, next and chain before the move (a stale chain
    /// of an empty point is still read when a merge is undone later).
    old_head: u16,
    old_next: u16,
    old_chain: Chain,
    /// The point's position in the list of empty points before the move.
    empty_slot: u16,
    /// Scalars before the turn.
    hash: u64,
    passes: u32,
    last_emptied: [u32; 2],
    prisoners: [u32; 2],
}

/// One undoable step.
#[derive(Clone, Debug)]
enum Record {
    Turn(TurnRecord),
    Agreement(Box<AgreementRecord>),
}

/// What undoing an agreement needs.
#[derive(Clone, Debug)]
struct AgreementRecord {
    /// The emptied points (padded) and their codes, in emptying order.
    emptied: Vec<(u16, u8)>,
    hash: u64,
    prisoners: [u32; 2],
}

/// A game of Go under [`Rules`], on any rectangle from 1x1 to 52x52.
///
/// Every verdict is exact: superko compares whole colorings, the hash is
/// only a filter. Every turn can be undone.
#[derive(Clone, Debug)]
pub struct Game {
    width: usize,
    height: usize,
    /// Padded row length: `width + 1` (one shared border column).
    stride: usize,
    rules: Rules,
    handicap: Handicap,
    /// Black's consecutive first turns for the turn order (at least 1).
    black_first: usize,
    /// Whether White moves first (a game from a position with White to move).
    white_first: bool,
    /// Point codes, padded.
    color: Vec<u8>,
    /// The head stone of each stone's string.
    head: Vec<u16>,
    /// The next stone of each stone's string (a circular list).
    next: Vec<u16>,
    /// Each head's string bookkeeping.
    chain: Vec<Chain>,
    /// Zobrist keys, two per padded point (Black, White): shared by every game.
    keys: &'static [u64],
    /// The point index of each padded point (0 on the border).
    index: Vec<u16>,
    /// The hash of the coloring now.
    hash: u64,
    /// The coloring now, packed 2 bits a point in point-index order.
    packed: Vec<u64>,
    /// Bit 0 (1): the point was black in some recorded coloring; bit 1 (2): white.
    ever: Vec<u8>,
    history: History,
    /// The history entry of the coloring after each turn (0 is the start).
    turn_entry: Vec<u32>,
    turns: usize,
    passes: usize,
    prisoners: [u32; 2],
    agreed: bool,
    /// Points of each color (Black, White) the last turn emptied.
    last_emptied: [u32; 2],
    records: Vec<Record>,
    /// Merge pairs, captured heads and suicided heads of the recorded turns.
    aux: Vec<u16>,
    /// The point indices of the empty points, in no particular order.
    empties: Vec<u16>,
    /// The position of each empty point (by point index) in `empties`.
    empty_pos: Vec<u16>,
}

/// A fixed seed for the Zobrist keys (any value works).
const ZOBRIST_SEED: u64 = 0x7472_6f6d_7074_6179;

/// The padded points of the largest board: (52 + 2) rows of 53, plus one.
const MAX_PADDED: usize = (MAX_SIDE + 2) * (MAX_SIDE + 1) + 1;

/// The Zobrist keys of every padded point of every board size, made once.
fn zobrist_keys() -> &'static [u64] {
    static KEYS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = ZOBRIST_SEED;
        (0..2 * MAX_PADDED)
            .map(|_| splitmix64(&mut state))
            .collect()
    })
}

/// SplitMix64: a small, good 64-bit mixer for the Zobrist keys.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How many points of the packed words `a` and `b` differ.
#[inline]
fn differing_points(a: u64, b: u64) -> u32 {
    let x = a ^ b;
    ((x | (x >> 1)) & 0x5555_5555_5555_5555).count_ones()
}

impl Game {
    /// A game on an empty `width` x `height` board, Black to play.
    pub fn new(width: usize, height: usize, rules: Rules) -> Result<Game, SizeError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(SizeError { width, height });
        }
        let stride = width + 1;
        let size = (height + 2) * stride + 1;
        let mut color = vec![BORDER; size];
        let mut index = vec![0u16; size];
        for y in 0..height {
            for x in 0..width {
                let q = (y + 1) * stride + x + 1;
                color[q] = EMPTY;
                index[q] = (y * width + x) as u16;
            }
        }
        let keys = zobrist_keys();
        let words = (width * height).div_ceil(32);
        let packed = vec![0u64; words];
        // Room for a long game up front (games of random play take about
        // 1.4 turns per point), within reason on the largest boards.
        let room = (2 * width * height).min(1024);
        let mut history = History::new(words, room);
        let start = history.insert(0, &packed, Player::Black as usize, 0);
        Ok(Game {
            width,
            height,
            stride,
            rules,
            handicap: Handicap::None,
            black_first: 1,
            white_first: false,
            color,
            head: (0..size as u16).collect(),
            next: (0..size as u16).collect(),
            chain: vec![Chain::default(); size],
            keys,
            index,
            hash: 0,
            packed,
            ever: vec![0; size],
            history,
            turn_entry: {
                let mut turn_entry = Vec::with_capacity(room);
                turn_entry.push(start);
                turn_entry
            },
            turns: 0,
            passes: 0,
            prisoners: [0, 0],
            agreed: false,
            last_emptied: [0, 0],
            records: Vec::with_capacity(room),
            aux: Vec::with_capacity(room),
            empties: (0..(width * height) as u16).collect(),
            empty_pos: (0..(width * height) as u16).collect(),
        })
    }

    /// A game with a handicap for Black.
    ///
    /// `Free(n)`: Black takes the first `n` turns; `n` must be below the
    /// number of points. `Fixed(n)`: Black's first turn places `n` stones
    /// (2 to 9) on the standard points, and White moves next; the fixed
    /// placement is part of the setup and cannot be undone.
    pub fn with_handicap(
        width: usize,
        height: usize,
        rules: Rules,
        handicap: Handicap,
    ) -> Result<Game, SetupError> {
        let mut game = Game::new(width, height, rules)?;
        game.handicap = handicap;
        match handicap {
            Handicap::None => {}
            Handicap::Free(n) => {
                if n >= width * height {
                    return Err(SetupError::BadHandicap {
                        handicap,
                        why: "a free handicap must leave at least one point empty",
                    });
                }
                game.black_first = n.max(1);
            }
            Handicap::Fixed(n) => {
                let points = fixed_handicap_points(width, height, n)?;
                for point in points {
                    let q = game.padded(point);
                    game.execute_move(q, BLACK);
                    game.ever[q] |= BLACK;
                }
                game.aux.clear();
                game.turns = 1;
                let entry = game
                    .history
                    .insert(game.hash, &game.packed, Player::White as usize, 1);
                game.turn_entry.push(entry);
            }
        }
        Ok(game)
    }

    /// A game that starts from a given position instead of the empty board,
    /// with `to_move` to move and no handicap: the setup of a game record.
    ///
    /// `colors` is the coloring in point-index order (`y * width + x`, rows
    /// from the bottom). The position is the coloring after turn 0, recorded
    /// with `to_move` to move; the empty board is not an earlier coloring
    /// unless the position is empty. The players alternate from `to_move`,
    /// prisoners start at 0, and undo cannot go back past the position.
    /// Refused when a string of the position has no liberty (comment 4: no
    /// such position can stand), naming the lowest-index stone of the first
    /// such string in point order.
    pub fn from_position(
        width: usize,
        height: usize,
        rules: Rules,
        colors: &[Color],
        to_move: Player,
    ) -> Result<Game, SetupError> {
        let mut game = Game::new(width, height, rules)?;
        let points = width * height;
        if colors.len() != points {
            return Err(SetupError::WrongLength {
                expected: points,
                got: colors.len(),
            });
        }
        // Place the stones in point order, joining strings but capturing
        // nothing: pseudo-liberties stay exact whatever the order.
        for (i, &color) in colors.iter().enumerate() {
            let p = match color {
                Color::Black => BLACK,
                Color::White => WHITE,
                Color::Empty => continue,
            };
            let q = game.padded(Point::new(i % width, i / width));
            game.place_stone(q, p);
            game.ever[q] |= p;
        }
        game.aux.clear();
        if let Some(i) = (0..points).find(|&i| {
            let q = game.padded(Point::new(i % width, i / width));
            matches!(game.color[q], BLACK | WHITE) && game.chain[game.head[q] as usize].libs == 0
        }) {
            return Err(SetupError::StringWithoutLiberty(Point::new(
                i % width,
                i / width,
            )));
        }
        // The empty points in point order, as a new game has them.
        game.empties.clear();
        for i in 0..points {
            let q = game.padded(Point::new(i % width, i / width));
            if game.color[q] == EMPTY {
                game.empty_pos[i] = game.empties.len() as u16;
                game.empties.push(i as u16);
            }
        }
        game.white_first = to_move == Player::White;
        let room = (2 * points).min(1024);
        game.history = History::new(points.div_ceil(32), room);
        let start = game
            .history
            .insert(game.hash, &game.packed, to_move as usize, 0);
        game.turn_entry.clear();
        game.turn_entry.push(start);
        Ok(game)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The handicap.
    pub fn handicap(&self) -> Handicap {
        self.handicap
    }

    /// The padded index of an on-board point.
    #[inline]
    fn padded(&self, point: Point) -> usize {
        (point.y + 1) * self.stride + point.x + 1
    }

    /// The padded index of `point`, or `None` when it is off the board.
    #[inline]
    fn padded_checked(&self, point: Point) -> Option<usize> {
        (point.x < self.width && point.y < self.height).then(|| self.padded(point))
    }

    #[inline]
    fn neighbours(&self, q: usize) -> [usize; 4] {
        [q - 1, q + 1, q - self.stride, q + self.stride]
    }

    /// The color of a code.
    fn color_of(code: u8) -> Color {
        match code {
            BLACK => Color::Black,
            WHITE => Color::White,
            _ => Color::Empty,
        }
    }

    /// The color at `(x, y)`, or `None` when it is off the board.
    pub fn color(&self, x: usize, y: usize) -> Option<Color> {
        self.padded_checked(Point::new(x, y))
            .map(|q| Game::color_of(self.color[q]))
    }

    /// The color of `point`, or `None` when it is off the board.
    pub fn color_at(&self, point: Point) -> Option<Color> {
        self.color(point.x, point.y)
    }

    /// The coloring, in point-index order (`y * width + x`).
    pub fn coloring(&self) -> Vec<Color> {
        let mut colors = Vec::with_capacity(self.width * self.height);
        self.coloring_into(&mut colors);
        colors
    }

    /// Fills `colors` with the coloring, in point-index order.
    pub fn coloring_into(&self, colors: &mut Vec<Color>) {
        colors.clear();
        for y in 0..self.height {
            let row = (y + 1) * self.stride + 1;
            colors.extend(
                self.color[row..row + self.width]
                    .iter()
                    .map(|&c| Game::color_of(c)),
            );
        }
    }

    /// How many turns have been taken (a fixed handicap is one turn).
    #[inline]
    pub fn turns_taken(&self) -> usize {
        self.turns
    }

    /// The run of consecutive passes that ends the last turn.
    pub fn consecutive_passes(&self) -> usize {
        self.passes
    }

    /// Who moves after `turns` turns.
    #[inline]
    fn player_after(&self, turns: usize) -> Player {
        let h = self.black_first;
        let black = turns < h || (turns - h) % 2 == 1;
        if black != self.white_first {
            Player::Black
        } else {
            Player::White
        }
    }

    /// Whose turn it is.
    #[inline]
    pub fn to_move(&self) -> Player {
        self.player_after(self.turns)
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        match self.rules.ending {
            Ending::TwoPasses => self.passes >= 2,
            Ending::Agreement => self.agreed || self.passes >= 4,
        }
    }

    /// The opponent stones `player` holds: those her moves captured, those
    /// her opponent lost to his own suicide, and his stones emptied by agreement.
    pub fn prisoners(&self, player: Player) -> usize {
        self.prisoners[player as usize] as usize
    }

    /// The hash of the coloring now (kept incrementally).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the coloring now, recomputed from every point.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (q, &c) in self.color.iter().enumerate() {
            if c == BLACK || c == WHITE {
                hash ^= self.keys[2 * q + c as usize - 1];
            }
        }
        hash
    }

    /// How many distinct colorings have stood in the game.
    pub fn distinct_colorings(&self) -> usize {
        self.history.len()
    }

    /// Both players' empty points reaching only their color, and their stones.
    fn count(&self) -> ([usize; 2], [usize; 2]) {
        let mut territory = [0usize; 2];
        let mut stones = [0usize; 2];
        let mut seen = vec![false; self.color.len()];
        let mut stack = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let q = self.padded(Point::new(x, y));
                match self.color[q] {
                    BLACK => stones[0] += 1,
                    WHITE => stones[1] += 1,
                    _ if !seen[q] => {
                        let mut size = 0;
                        let mut reaches = 0u8;
                        seen[q] = true;
                        stack.push(q);
                        while let Some(r) = stack.pop() {
                            size += 1;
                            let mut neighbours = self.neighbours(r);
                            if planted!(ScorerRowUsesHeight) {
                                let row = self.height + 1;
                                neighbours = [r - 1, r + 1, r.wrapping_sub(row), r + row];
                            }
                            for n in neighbours {
                                match self.color.get(n).copied().unwrap_or(BORDER) {
                                    EMPTY if !seen[n] => {
                                        seen[n] = true;
                                        stack.push(n);
                                    }
                                    c @ (BLACK | WHITE) => reaches |= c,
                                    _ => {}
                                }
                            }
                        }
                        match reaches {
                            r if planted!(DameCountedForBlack) && r & BLACK != 0 => {
                                territory[0] += size
                            }
                            BLACK => territory[0] += size,
                            WHITE => territory[1] += size,
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        (territory, stones)
    }

    /// `player`'s score as the position stands (komi not included).
    pub fn score(&self, player: Player) -> usize {
        let (territory, stones) = self.count();
        let i = player as usize;
        match self.rules.scoring {
            Scoring::Area => territory[i] + stones[i],
            Scoring::Territory => territory[i] + self.prisoners[i] as usize,
        }
    }

    /// The winner and margin (komi included), as the position stands.
    pub fn result(&self) -> Outcome {
        let mut black = 2 * self.score(Player::Black) as i64;
        let mut white = 2 * self.score(Player::White) as i64;
        if planted!(KomiSignFlipped) {
            black += i64::from(self.rules.komi.half_points());
        } else {
            white += i64::from(self.rules.komi.half_points());
        }
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::Black,
                half_points: black.abs_diff(white),
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Player::White,
                half_points: black.abs_diff(white),
            },
            std::cmp::Ordering::Equal => Outcome::Tie,
        }
    }

    // ----- judging a move without playing it -----

    /// What a move by `p` at the empty padded point `q` would do.
    #[inline(always)]
    fn analyse(&self, q: usize, p: u8) -> Analysis {
        let opp = p ^ 3;
        // Heads are stones, never cell 0 (a border cell): 0 marks a free slot,
        // so the duplicate tests compare against all four slots, branch-free.
        let mut a = Analysis {
            hash: self.hash,
            ..Analysis::default()
        };
        let mut has_liberty = false;
        let mut own_survives = false;
        let cells = self.color.len();
        let (color, head, chain) = (&self.color[..], &self.head[..cells], &self.chain[..]);
        for n in self.neighbours(q) {
            let c = color[n];
            if c == EMPTY {
                has_liberty = true;
            } else if c == p {
                let h = head[n];
                if !a.own.contains(&h) {
                    a.own[a.n_own & 3] = h;
                    a.n_own += 1;
                    own_survives |= !chain[h as usize].only_liberty_is(q);
                }
            } else if c == opp {
                let h = head[n];
                let string = &chain[h as usize];
                if !a.captures.contains(&h) && string.only_liberty_is(q) {
                    a.captures[a.n_captures & 3] = h;
                    a.n_captures += 1;
                    a.hash ^= string.hash;
                }
            }
        }
        a.suicide = !has_liberty && !own_survives && a.n_captures == 0;
        if a.suicide {
            for &h in &a.own[..a.n_own] {
                a.hash ^= self.chain[h as usize].hash;
            }
        } else {
            a.hash ^= self.keys[2 * q + p as usize - 1];
        }
        a
    }

    /// Whether a move by `p` at the empty padded point `q` is a single-stone
    /// suicide: every neighbour is the opponent's or the border, and no
    /// opponent string has `q` as its only liberty. (What [`Game::analyse`]
    /// finds with `suicide` and no own string, without building it.)
    #[inline(always)]
    fn lone_suicide(&self, q: usize, p: u8) -> bool {
        let opp = p ^ 3;
        self.neighbours(q).into_iter().all(|n| {
            let c = self.color[n];
            c == BORDER || (c == opp && !self.chain[self.head[n] as usize].only_liberty_is(q))
        })
    }

    /// The hash of the coloring after a move by `p` at the empty padded point
    /// `q` that has an empty neighbour (so is no suicide): the stone's key
    /// and the opponent strings whose only liberty is `q`.
    #[inline]
    fn hash_after_living_move(&self, q: usize, p: u8) -> u64 {
        let opp = p ^ 3;
        let mut hash = self.hash ^ self.keys[2 * q + p as usize - 1];
        let mut seen = [0u16; 4];
        let cells = self.color.len();
        let (color, head, chain) = (&self.color[..], &self.head[..cells], &self.chain[..]);
        for (k, n) in self.neighbours(q).into_iter().enumerate() {
            if color[n] == opp {
                let h = head[n];
                let string = &chain[h as usize];
                if !seen.contains(&h) && string.only_liberty_is(q) {
                    hash ^= string.hash;
                }
                seen[k] = h;
            }
        }
        hash
    }

    /// Whether the coloring after move `a` by `p` at `q` is the packed `coloring`.
    fn result_is(&self, q: usize, p: u8, a: &Analysis, coloring: &[u64]) -> bool {
        // Every point the move changes must have its new color in `coloring`,
        // and `coloring` must differ from the coloring now at those points only.
        let mut changed = 0u32;
        let bits_at = |i: usize| (coloring[i / 32] >> (2 * (i % 32))) as u8 & 3;
        if !a.suicide {
            changed += 1;
            if bits_at(self.index[q] as usize) != p {
                return false;
            }
        }
        let strings = if a.suicide {
            &a.own[..a.n_own]
        } else {
            &a.captures[..a.n_captures]
        };
        for &h in strings {
            let h = h as usize;
            let mut s = h;
            loop {
                changed += 1;
                if bits_at(self.index[s] as usize) != EMPTY {
                    return false;
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        let differing: u32 = self
            .packed
            .iter()
            .zip(coloring)
            .map(|(&x, &y)| differing_points(x, y))
            .sum();
        differing == changed
    }

    /// The verdict on a move by `player` at the empty padded point `q`.
    #[inline]
    fn judge(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let p = code(player);
        let [a, b, c, d] = self.neighbours(q);
        if self.color[a] == EMPTY
            || self.color[b] == EMPTY
            || self.color[c] == EMPTY
            || self.color[d] == EMPTY
        {
            // With an empty neighbour the move is no suicide. If no recorded
            // coloring ever had `p` at `q`, the coloring after it (which has)
            // is new: no superko, no ko, nothing to look up.
            if self.ever[q] & p == 0 {
                return Ok(Lookup::New);
            }
            return self.judge_living(q, player);
        }
        self.judge_fully(q, player)
    }

    /// The verdict under positional or situational superko on a move whose
    /// coloring after it is history entry `entry`.
    #[inline]
    fn repeat_verdict(&self, entry: u32) -> Result<Lookup, Refusal> {
        let firsts = self.history.firsts(entry);
        let positional = if planted!(SuperkoKindsSwapped) {
            Superko::Situational
        } else {
            Superko::Positional
        };
        let first = if self.rules.superko == positional {
            firsts[0].min(firsts[1])
        } else {
            firsts[self.player_after(self.turns + 1) as usize]
        };
        if first == NEVER {
            Ok(Lookup::Found(entry))
        } else {
            Err(Refusal::Superko(first as usize))
        }
    }

    /// [`Game::judge`] of a move with an empty neighbour (so no suicide).
    #[inline(never)]
    fn judge_living(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        // If no recorded coloring has the hash of the coloring after it,
        // that coloring never stood: it repeats nothing, under any kind of
        // superko or ko (a hash hit is judged in full, and confirmed).
        if !self
            .history
            .has_hash(self.hash_after_living_move(q, code(player)))
        {
            return Ok(Lookup::New);
        }
        self.judge_fully(q, player)
    }

    /// [`Game::judge`] without the fast path.
    #[inline(never)]
    fn judge_fully(&self, q: usize, player: Player) -> Result<Lookup, Refusal> {
        let p = code(player);
        let a = if self.lone_suicide(q, p) {
            Analysis {
                hash: self.hash,
                suicide: true,
                ..Analysis::default()
            }
        } else {
            self.analyse(q, p)
        };
        // (Planted: a single-stone suicide "changes nothing", so it is let through.)
        let no_op = planted!(SingleStoneSuicideAllowed) && a.suicide && a.n_own == 0;
        if a.suicide && self.rules.suicide == Suicide::Forbidden && !no_op {
            return Err(Refusal::Suicide);
        }
        let superko = if planted!(SimpleKoForSuperko) {
            Superko::SimpleKo
        } else {
            self.rules.superko
        };
        match superko {
            Superko::SimpleKo => {
                // Seed 004: one stone "just captured", by the opponent's
                // previous turn (not lost to one's own handicap-move suicide).
                if self.turns > 0
                    && self.last_emptied[player as usize] == 1
                    && self.player_after(self.turns - 1) == player.opponent()
                {
                    let before = self.turn_entry[self.turns - 1];
                    if self.history.hash(before) == a.hash
                        && self.result_is(q, p, &a, self.history.coloring(before))
                    {
                        return Err(Refusal::Ko);
                    }
                }
                if !a.suicide && self.ever[q] & p == 0 {
                    Ok(Lookup::New)
                } else {
                    Ok(Lookup::Unknown)
                }
            }
            Superko::Positional | Superko::Situational => {
                let found = if a.suicide && a.n_own == 0 {
                    // A single-stone suicide leaves the coloring as it is.
                    if no_op {
                        return Ok(Lookup::Found(self.turn_entry[self.turns]));
                    }
                    Some(self.turn_entry[self.turns])
                } else if !a.suicide && self.ever[q] & p == 0 {
                    // The point has never had this color in any recorded
                    // coloring, and the move leaves it so: nothing repeats.
                    None
                } else {
                    self.history
                        .find(a.hash, |coloring| self.result_is(q, p, &a, coloring))
                };
                let Some(entry) = found else {
                    return Ok(Lookup::New);
                };
                self.repeat_verdict(entry)
            }
        }
    }

    /// The verdict on `turn`, with what playing it needs.
    #[inline]
    fn verdict(&self, turn: Turn) -> Result<Option<(usize, Lookup)>, IllegalTurn> {
        if self.is_over() {
            return Err(IllegalTurn::GameOver);
        }
        let point = match turn {
            Turn::Pass => return Ok(None),
            Turn::Move(point) => point,
        };
        let q = self
            .padded_checked(point)
            .ok_or(IllegalTurn::OffBoard(point))?;
        if self.color[q] != EMPTY {
            return Err(IllegalTurn::Occupied(point));
        }
        match self.judge(q, self.to_move()) {
            Ok(lookup) => Ok(Some((q, lookup))),
            Err(Refusal::Suicide) => Err(IllegalTurn::Suicide(point)),
            Err(Refusal::Ko) => Err(IllegalTurn::Ko(point)),
            Err(Refusal::Superko(repeats_turn)) => Err(IllegalTurn::Superko {
                point,
                repeats_turn,
            }),
        }
    }

    /// Whether `turn` is legal now, and if not why. Changes nothing.
    #[inline]
    pub fn check(&self, turn: Turn) -> Result<(), IllegalTurn> {
        self.verdict(turn).map(|_| ())
    }

    /// Whether `turn` is legal now. Changes nothing.
    pub fn is_legal(&self, turn: Turn) -> bool {
        self.check(turn).is_ok()
    }

    /// The point indices (`y * width + x`) of the empty points, in no
    /// particular order (kept incrementally; restored exactly by undo).
    #[inline]
    pub fn empty_indices(&self) -> &[u16] {
        &self.empties
    }

    /// Whether a move at `point` by the player to move would fill one of her
    /// own single-point eyes: an empty point all of whose on-board neighbours
    /// are her stones. `false` off the board or on an occupied point.
    #[inline]
    pub fn fills_own_eye(&self, point: Point) -> bool {
        let Some(q) = self.padded_checked(point) else {
            return false;
        };
        let p = code(self.to_move());
        self.color[q] == EMPTY
            && self
                .neighbours(q)
                .iter()
                .all(|&n| self.color[n] == p || self.color[n] == BORDER)
    }

    /// Every legal turn: the pass first, then each legal move in point-index
    /// order. Empty once the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        self.legal_turns_into(&mut turns);
        turns
    }

    /// Fills `turns` with [`Game::legal_turns`], reusing its allocation.
    pub fn legal_turns_into(&self, turns: &mut Vec<Turn>) {
        turns.clear();
        if self.is_over() {
            return;
        }
        turns.push(Turn::Pass);
        let player = self.to_move();
        let p = code(player);
        let cells = self.color.len();
        let (color, ever) = (&self.color[..], &self.ever[..cells]);
        let stride = self.stride;
        for y in 0..self.height {
            let row = (y + 1) * stride + 1;
            for x in 0..self.width {
                let q = row + x;
                if color[q] != EMPTY {
                    continue;
                }
                // What `judge` settles first, read here without its call:
                // an empty neighbour and a point never `p`'s is a legal move.
                let open = color[q - 1] == EMPTY
                    || color[q + 1] == EMPTY
                    || color[q - stride] == EMPTY
                    || color[q + stride] == EMPTY;
                if (open && ever[q] & p == 0) || self.judge(q, player).is_ok() {
                    turns.push(Turn::Move(Point::new(x, y)));
                }
            }
        }
    }

    // ----- playing -----

    /// Takes `turn`, or says why it is not legal and changes nothing.
    #[inline]
    pub fn play(&mut self, turn: Turn) -> Result<(), IllegalTurn> {
        let verdict = self.verdict(turn)?;
        let player = self.to_move();
        let p = code(player);
        let mut record = TurnRecord {
            point: 0,
            player: p,
            merges: 0,
            captures: 0,
            suicide: false,
            new_entry: false,
            set_first: false,
            set_ever: false,
            old_head: 0,
            old_next: 0,
            old_chain: Chain::default(),
            empty_slot: 0,
            hash: self.hash,
            passes: self.passes as u32,
            last_emptied: self.last_emptied,
            prisoners: self.prisoners,
        };
        let next_player = self.player_after(self.turns + 1) as usize;
        let turn_number = (self.turns + 1) as u32;
        let entry = match verdict {
            None => {
                self.passes += 1;
                self.last_emptied = [0, 0];
                let entry = self.turn_entry[self.turns];
                if self.history.firsts(entry)[next_player] == NEVER {
                    self.history.set_first(entry, next_player, turn_number);
                    record.set_first = true;
                }
                entry
            }
            Some((q, lookup)) => {
                if !planted!(MoveKeepsPassRun) {
                    self.passes = 0;
                }
                record.point = q as u16;
                record.old_head = self.head[q];
                record.old_next = self.next[q];
                record.empty_slot = self.empty_pos[self.index[q] as usize];
                record.old_chain = self.chain[q];
                let (merges, captures, captured, suicided) = self.execute_move(q, p);
                record.merges = merges;
                record.captures = captures;
                record.suicide = suicided > 0;
                let (mover, other) = (player as usize, player.opponent() as usize);
                self.prisoners[mover] += captured;
                if !planted!(SuicideNotAPrisoner) {
                    self.prisoners[other] += suicided;
                }
                self.last_emptied[other] = captured;
                self.last_emptied[mover] = suicided.saturating_sub(1);
                if suicided == 0 && self.ever[q] & p == 0 {
                    self.ever[q] |= p;
                    record.set_ever = true;
                }
                let existing = match lookup {
                    Lookup::Found(entry) => Some(entry),
                    Lookup::New => None,
                    Lookup::Unknown => {
                        let packed = &self.packed;
                        self.history.find(self.hash, |c| c == packed.as_slice())
                    }
                };
                match existing {
                    Some(entry) => {
                        if self.history.firsts(entry)[next_player] == NEVER {
                            self.history.set_first(entry, next_player, turn_number);
                            record.set_first = true;
                        }
                        entry
                    }
                    None => {
                        record.new_entry = true;
                        self.history
                            .insert(self.hash, &self.packed, next_player, turn_number)
                    }
                }
            }
        };
        self.turns += 1;
        self.turn_entry.push(entry);
        self.records.push(Record::Turn(record));
        Ok(())
    }

    /// Passes: always legal until the game is over.
    pub fn pass(&mut self) -> Result<(), IllegalTurn> {
        self.play(Turn::Pass)
    }

    /// Moves at `(x, y)`.
    pub fn play_at(&mut self, x: usize, y: usize) -> Result<(), IllegalTurn> {
        self.play(Turn::Move(Point::new(x, y)))
    }

    /// Sets padded point `q` to code `c` (from empty) in the packed coloring and hash.
    #[inline]
    fn paint(&mut self, q: usize, c: u8) {
        let i = self.index[q] as usize;
        self.packed[i / 32] ^= (c as u64) << (2 * (i % 32));
        self.hash ^= self.keys[2 * q + c as usize - 1];
    }

    /// Colors the empty padded point `q` with `p` and joins it to its
    /// strings, capturing nothing. Pushes the merges on `aux`; returns how many.
    fn place_stone(&mut self, q: usize, p: u8) -> u8 {
        // Views of the per-cell arrays with one length, held in registers:
        // one bounds test of a cell serves every array.
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &mut self.head[..cells];
        let next = &mut self.next[..cells];
        let chain = &mut self.chain[..cells];
        let index = &self.index[..cells];
        let key = self.keys[2 * q + p as usize - 1];
        color[q] = p;
        let i = index[q] as usize;
        self.packed[i / 32] ^= (p as u64) << (2 * (i % 32));
        self.hash ^= key;
        let slot = self.empty_pos[i] as usize;
        let last = self.empties.pop().unwrap_or(0);
        if slot < self.empties.len() {
            self.empties[slot] = last;
            self.empty_pos[last as usize] = slot as u16;
        }
        let mut fresh = Chain {
            stones: 1,
            hash: key,
            ..Chain::default()
        };
        let nbrs = [q - 1, q + 1, q - self.stride, q + self.stride];
        for n in nbrs {
            match color[n] {
                EMPTY => fresh.add_lib(n),
                BLACK | WHITE => chain[head[n] as usize].remove_lib(q),
                _ => {}
            }
        }
        head[q] = q as u16;
        next[q] = q as u16;
        chain[q] = fresh;
        let mut merges = 0;
        for n in nbrs {
            if color[n] == p {
                let (h, hq) = (head[n] as usize, head[q] as usize);
                if h != hq {
                    let (big, small) = if chain[h].stones >= chain[hq].stones {
                        (h, hq)
                    } else {
                        (hq, h)
                    };
                    // Merge `small` into `big`: relabel its stones, splice the cycles.
                    let mut s = small;
                    loop {
                        head[s] = big as u16;
                        s = next[s] as usize;
                        if s == small {
                            break;
                        }
                    }
                    next.swap(big, small);
                    let absorbed = chain[small];
                    chain[big].absorb(&absorbed);
                    self.aux.push(big as u16);
                    self.aux.push(small as u16);
                    merges += 1;
                }
            }
        }
        merges
    }

    /// Plays `p` at the empty padded point `q`: colors it, clears the
    /// opponent, then clears its own color. Pushes merges, captures and the
    /// suicided head on `aux`. Returns (merges, captured strings, captured
    /// stones, stones lost to suicide).
    fn execute_move(&mut self, q: usize, p: u8) -> (u8, u8, u32, u32) {
        let opp = p ^ 3;
        let nbrs = self.neighbours(q);
        let mut merges = self.place_stone(q, p);
        let mut captures = 0;
        let mut captured = 0;
        for n in nbrs {
            if self.color[n] == opp {
                let h = self.head[n] as usize;
                let string = self.chain[h];
                if string.libs == 0 {
                    captured += string.stones;
                    self.remove_string(h, opp);
                    self.aux.push(h as u16);
                    captures += 1;
                    if planted!(OneCaptureOnly) {
                        break;
                    }
                }
            }
        }
        let mut hq = self.head[q] as usize;
        let mut suicided = 0;
        if self.chain[hq].libs == 0 && planted!(SuicideRemovesOnlyPlayedStone) {
            // (Planted: take the stone back as if it had never joined.)
            for _ in 0..merges {
                let small = self.aux.pop().unwrap_or(0) as usize;
                let big = self.aux.pop().unwrap_or(0) as usize;
                self.unmerge(big, small);
            }
            merges = 0;
            hq = q;
        }
        if self.chain[hq].libs == 0 {
            suicided = self.chain[hq].stones;
            self.remove_string(hq, p);
            self.aux.push(hq as u16);
        }
        (merges, captures, captured, suicided)
    }

    /// Undoes the merge of string `small` into string `big` in [`Game::place_stone`].
    fn unmerge(&mut self, big: usize, small: usize) {
        self.next.swap(big, small);
        let mut s = small;
        loop {
            self.head[s] = small as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        let released = self.chain[small];
        self.chain[big].release(&released);
    }

    /// Empties the string headed by `h`, of code `c`; its neighbours of the
    /// other color gain the emptied points as liberties. The string's list
    /// and bookkeeping stay in place for [`Game::restore_string`].
    fn remove_string(&mut self, h: usize, c: u8) {
        let other = c ^ 3;
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &self.head[..cells];
        let next = &self.next[..cells];
        let index = &self.index[..cells];
        let keys = self.keys;
        let chain = &mut self.chain[..];
        let stride = self.stride;
        let mut s = h;
        loop {
            color[s] = EMPTY;
            let i = index[s];
            self.packed[i as usize / 32] ^= (c as u64) << (2 * (i % 32));
            self.hash ^= keys[2 * s + c as usize - 1];
            self.empty_pos[i as usize] = self.empties.len() as u16;
            self.empties.push(i);
            for n in [s - 1, s + 1, s - stride, s + stride] {
                if color[n] == other {
                    chain[head[n] as usize].add_lib(s);
                }
            }
            s = next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Undoes [`Game::remove_string`] (the hash is restored by the caller).
    fn restore_string(&mut self, h: usize, c: u8) {
        let other = c ^ 3;
        let cells = self.color.len();
        let color = &mut self.color[..];
        let head = &self.head[..cells];
        let next = &self.next[..cells];
        let index = &self.index[..cells];
        let chain = &mut self.chain[..];
        let stride = self.stride;
        let mut s = h;
        loop {
            color[s] = c;
            self.empties.pop();
            let i = index[s] as usize;
            self.packed[i / 32] ^= (c as u64) << (2 * (i % 32));
            for n in [s - 1, s + 1, s - stride, s + stride] {
                if color[n] == other {
                    chain[head[n] as usize].remove_lib(s);
                }
            }
            s = next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Undoes the last turn or agreement (not a fixed handicap's placement).
    /// Restores everything exactly; returns `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(record) = self.records.pop() else {
            return false;
        };
        match record {
            Record::Agreement(record) => {
                let AgreementRecord {
                    emptied,
                    hash,
                    prisoners,
                } = *record;
                for &(q, c) in emptied.iter().rev() {
                    let q = q as usize;
                    self.color[q] = c;
                    self.empties.pop();
                    let i = self.index[q] as usize;
                    self.packed[i / 32] ^= (c as u64) << (2 * (i % 32));
                }
                self.hash = hash;
                self.prisoners = prisoners;
                self.agreed = false;
            }
            Record::Turn(r) => {
                let entry = self.turn_entry.pop().unwrap_or(0);
                self.turns -= 1;
                if r.new_entry {
                    self.history.pop();
                } else if r.set_first {
                    let slot = self.player_after(self.turns + 1) as usize;
                    self.history.set_first(entry, slot, NEVER);
                }
                if r.point != 0 {
                    let q = r.point as usize;
                    let p = r.player;
                    if r.set_ever {
                        self.ever[q] &= !p;
                    }
                    if r.suicide {
                        let h = self.aux.pop().unwrap_or(0) as usize;
                        self.restore_string(h, p);
                    }
                    for _ in 0..r.captures {
                        let h = self.aux.pop().unwrap_or(0) as usize;
                        self.restore_string(h, p ^ 3);
                    }
                    for _ in 0..r.merges {
                        let small = self.aux.pop().unwrap_or(0) as usize;
                        let big = self.aux.pop().unwrap_or(0) as usize;
                        self.unmerge(big, small);
                    }
                    let cells = self.color.len();
                    let (color, head) = (&self.color[..], &self.head[..cells]);
                    for n in self.neighbours(q) {
                        if matches!(color[n], BLACK | WHITE) {
                            self.chain[head[n] as usize].add_lib(q);
                        }
                    }
                    self.color[q] = EMPTY;
                    let i = self.index[q] as usize;
                    self.packed[i / 32] ^= (p as u64) << (2 * (i % 32));
                    self.head[q] = r.old_head;
                    self.next[q] = r.old_next;
                    self.chain[q] = r.old_chain;
                    // Put q back at its place in the list of empty points.
                    let slot = r.empty_slot as usize;
                    let i = self.index[q];
                    if slot < self.empties.len() {
                        let moved = self.empties[slot];
                        self.empty_pos[moved as usize] = self.empties.len() as u16;
                        self.empties.push(moved);
                        self.empties[slot] = i;
                    } else {
                        self.empties.push(i);
                    }
                    self.empty_pos[i as usize] = slot as u16;
                }
                self.hash = r.hash;
                self.passes = r.passes as usize;
                self.last_emptied = r.last_emptied;
                self.prisoners = r.prisoners;
            }
        }
        true
    }

    /// After two or more consecutive passes, under [`Ending::Agreement`]:
    /// empties every named point and ends the game. Each emptied stone
    /// becomes a prisoner of its owner's opponent.
    pub fn agree(&mut self, points_to_empty: &[Point]) -> Result<(), IllegalAgreement> {
        if self.rules.ending != Ending::Agreement {
            return Err(IllegalAgreement::NotInTheseRules);
        }
        if self.is_over() {
            return Err(IllegalAgreement::GameOver);
        }
        if self.passes < 2 {
            return Err(IllegalAgreement::NotAfterTwoPasses);
        }
        if let Some(&p) = points_to_empty
            .iter()
            .find(|p| self.padded_checked(**p).is_none())
        {
            return Err(IllegalAgreement::OffBoard(p));
        }
        let hash = self.hash;
        let prisoners = self.prisoners;
        let mut emptied = Vec::new();
        for &point in points_to_empty {
            let point = if planted!(AgreementRowsFlipped) {
                Point::new(point.x, self.height - 1 - point.y)
            } else {
                point
            };
            let q = self.padded(point);
            let c = self.color[q];
            if c == BLACK || c == WHITE {
                self.color[q] = EMPTY;
                self.paint(q, c);
                let i = self.index[q];
                self.empty_pos[i as usize] = self.empties.len() as u16;
                self.empties.push(i);
                // The owner's opponent takes the stone: Black's stones go to White.
                self.prisoners[(c ^ 3) as usize - 1] += 1;
                emptied.push((q as u16, c));
            }
        }
        self.agreed = true;
        self.records
            .push(Record::Agreement(Box::new(AgreementRecord {
                emptied,
                hash,
                prisoners,
            })));
        Ok(())
    }
}

impl fmt::Display for Game {
    /// The board as a diagram, top row first: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                let q = self.padded(Point::new(x, y));
                f.write_str(match self.color[q] {
                    BLACK => "X",
                    WHITE => "O",
                    _ => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The standard points of a fixed handicap of `stones` on a `width` x
/// `height` board, in placing order: the star points on the third line of
/// sides 7 to 12 and the fourth from 13; 2 to 9 stones; sides of at least
/// 7; more than 4 stones need both sides odd and larger than 7.
pub fn fixed_handicap_points(
    width: usize,
    height: usize,
    stones: usize,
) -> Result<Vec<Point>, SetupError> {
    let refuse = |why| SetupError::BadHandicap {
        handicap: Handicap::Fixed(stones),
        why,
    };
    let (w, h) = (width, height);
    if !(2..=9).contains(&stones) {
        return Err(refuse("a fixed handicap is from 2 to 9 stones"));
    }
    if w < 7 || h < 7 {
        return Err(refuse("a fixed handicap needs both sides at least 7"));
    }
    let odd = w % 2 == 1 && h % 2 == 1;
    if stones > 4 && (!odd || w.min(h) == 7) {
        return Err(refuse(
            "more than 4 fixed stones need both sides odd and larger than 7",
        ));
    }
    let line = |side: usize| if side >= 13 { 3 } else { 2 };
    let (left, right, mid_x) = (line(w), w - 1 - line(w), w / 2);
    let (low, high, mid_y) = (line(h), h - 1 - line(h), h / 2);
    let corners = [
        Point::new(left, low),
        Point::new(right, high),
        Point::new(left, high),
        Point::new(right, low),
    ];
    let centre = Point::new(mid_x, mid_y);
    let middle_row_sides = [Point::new(left, mid_y), Point::new(right, mid_y)];
    let middle_column_sides = [Point::new(mid_x, low), Point::new(mid_x, high)];
    let mut points: Vec<Point> = corners[..stones.min(4)].to_vec();
    match stones {
        5 => points.push(centre),
        6 => points.extend(middle_row_sides),
        7 => {
            points.extend(middle_row_sides);
            points.push(centre);
        }
        8 => {
            points.extend(middle_row_sides);
            points.extend(middle_column_sides);
        }
        9 => {
            points.extend(middle_row_sides);
            points.extend(middle_column_sides);
            points.push(centre);
        }
        _ => {}
    }
    if planted!(HandicapMirrored) {
        for p in &mut points {
            p.y = h - 1 - p.y;
        }
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    //! Hash collisions must never change a verdict: a game whose Zobrist
    //! keys have only 2 bits (so almost every look-up collides) must agree
    //! with a game with full keys on every verdict of every turn.

    use super::*;

    fn next(state: &mut u64) -> usize {
        splitmix64(state) as usize
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
            let rules = Rules {
                superko: [Superko::Positional, Superko::Situational, Superko::SimpleKo][round % 3],
                ending: Ending::Agreement,
                ..Rules::default()
            };
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
            let mut g =
                Game::from_position(w, h, Rules::default(), &g.coloring(), to_move).unwrap();
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
            let rules = Rules {
                superko: [Superko::Positional, Superko::Situational, Superko::SimpleKo][round % 3],
                suicide: [Suicide::Allowed, Suicide::Forbidden][round / 3 % 2],
                ending: Ending::Agreement,
                ..Rules::default()
            };
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
}
