//! Setting up a game: the empty board, a handicap, or a given position.

use crate::changes::Changes;
use crate::error::{SetupError, SizeError};
use crate::game::chain::{Chain, BLACK, BORDER, EMPTY, WHITE};
use crate::game::hashing::zobrist_keys;
use crate::game::start::Start;
use crate::game::state::Game;
use crate::history::History;
use crate::types::{Color, Handicap, Player, Point, Rules, MAX_SIDE};

impl Game {
    /// A game on an empty `width` x `height` board, Black to play.
    pub fn new(width: usize, height: usize, rules: Rules) -> Result<Game, SizeError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(SizeError { width, height });
        }
        let stride = width + 1;
        let size = (height + 2) * stride + 1;
        let points = width * height;
        let words = points.div_ceil(32);
        // Room for a long game up front (games of random play take about
        // 1.4 turns per point), within reason on the largest boards.
        let room = (2 * points).min(1024);
        let mut index = vec![0; size];
        let mut cell_of = vec![0; points];
        for y in 0..height {
            for x in 0..width {
                index[(y + 1) * stride + x + 1] = (y * width + x) as u16;
                cell_of[y * width + x] = ((y + 1) * stride + x + 1) as u16;
            }
        }
        let mut game = Game {
            width,
            height,
            stride,
            rules,
            handicap: Handicap::None,
            position: None,
            black_first: 1,
            white_first: false,
            color: vec![BORDER; size],
            around: vec![0; size],
            head: (0..size as u16).collect(),
            next: (0..size as u16).collect(),
            chain: vec![Chain::default(); size],
            keys: zobrist_keys(),
            index,
            cell_of,
            hash: 0,
            packed: vec![0; words],
            ever: vec![0; size],
            history: History::new(room),
            changes: Changes::new(words, room),
            turn_entry: Vec::with_capacity(room),
            turns: 0,
            mover: Player::Black,
            passes: 0,
            prisoners: [0, 0],
            agreed: false,
            last_emptied: [0, 0],
            undoable: true,
            records: Vec::with_capacity(room),
            aux: Vec::with_capacity(room),
            empties: Vec::with_capacity(points),
            empty_pos: vec![0; points],
            start: Start::new(width, height),
        };
        game.clear_board();
        Ok(game)
    }

    /// Takes the game back to its start, keeping the memory it holds: the
    /// empty board (with a free handicap's turns for Black again), the
    /// fixed handicap's stones, or the position it was set up with, and the
    /// rules, as when it was made. What a playout loop calls between games
    /// instead of making a new one. Whether turns can be undone
    /// ([`Game::set_undoable`]) stays as it is.
    ///
    /// The board is cleared in time linear in the board, and a fixed
    /// handicap or a position is set up on it again.
    pub fn restart(&mut self) {
        self.clear_board();
        if let Handicap::Fixed(n) = self.handicap {
            if let Ok(points) = fixed_handicap_points(self.width, self.height, n) {
                self.place_fixed_handicap(&points);
            }
        }
        if let Some((colors, to_move)) = self.position.take() {
            // A position that was set up once is set up again: no string
            // without a liberty.
            let _ = self.set_position(&colors, to_move);
            self.position = Some((colors, to_move));
        }
    }

    /// Whether turns from now on are recorded for [`Game::undo`]: on in a
    /// new game. Off, a turn writes no undo record: the mode of playout
    /// loops that never take a turn back (a little faster; every verdict,
    /// the history of colorings and [`Game::restart`] are the same).
    /// Turning it off forgets the records kept so far, so [`Game::undo`]
    /// returns `false` until turns are taken with it on again, and then
    /// undoes only those.
    pub fn set_undoable(&mut self, undoable: bool) {
        if !undoable {
            self.records.clear();
            self.aux.clear();
        }
        self.undoable = undoable;
    }

    /// Whether turns are recorded for [`Game::undo`] ([`Game::set_undoable`]).
    pub fn undoable(&self) -> bool {
        self.undoable
    }

    /// Black's consecutive first turns that the handicap gives: `n` (at
    /// least 1) for a free handicap of `n`, else 1.
    fn black_turns_first(&self) -> usize {
        match self.handicap {
            Handicap::Free(n) => n.max(1),
            Handicap::None | Handicap::Fixed(_) => 1,
        }
    }

    /// Empties the board and forgets every turn: the state of a new game on
    /// the empty board, with the free handicap's turns for Black if it has
    /// one, in the arrays already allocated. Only the board's rows are
    /// written: a border cell's code, head (itself), next (itself), string
    /// bookkeeping (none) and `index` never change after [`Game::new`].
    fn clear_board(&mut self) {
        let (width, height, stride) = (self.width, self.height, self.stride);
        // Copies of the arrays as they start (the border cells' counts
        // change with their neighbours, unread), and the rows of `chain`.
        let start = &self.start;
        self.color.copy_from_slice(&start.color);
        self.around.copy_from_slice(&start.around);
        self.head.copy_from_slice(&start.identity);
        self.next.copy_from_slice(&start.identity);
        for y in 0..height {
            let row = (y + 1) * stride + 1;
            self.chain[row..row + width].fill(Chain::default());
        }
        self.ever.fill(0);
        self.packed.fill(0);
        self.hash = 0;
        self.changes.start(0, &self.packed);
        self.start_table(Player::Black);
        (self.turns, self.passes, self.agreed) = (0, 0, false);
        (self.black_first, self.white_first) = (self.black_turns_first(), false);
        self.sync_mover();
        (self.prisoners, self.last_emptied) = ([0, 0], [0, 0]);
        self.records.clear();
        self.aux.clear();
        let points = width * height;
        let identity = &self.start.identity[..points];
        self.empties.clear();
        self.empties.extend_from_slice(identity);
        self.empty_pos.copy_from_slice(identity);
    }

    /// A game with a handicap for Black.
    ///
    /// `Free(n)`: Black takes the first `n` turns (a pass ends them early:
    /// White moves next); from 2 up, `n` must be below the number of points. `Fixed(n)`: Black's first turn places `n` stones
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
                if n >= 2 && n >= width * height {
                    return Err(SetupError::BadHandicap {
                        handicap,
                        why: "a free handicap of two or more stones must leave at least one point empty",
                    });
                }
                game.black_first = game.black_turns_first();
                game.sync_mover();
            }
            Handicap::Fixed(n) => {
                let points = fixed_handicap_points(width, height, n)?;
                game.place_fixed_handicap(&points);
            }
        }
        Ok(game)
    }

    /// Black's first turn of a fixed handicap on the empty board: its
    /// stones at `points`, recorded as the coloring after turn 1 with White
    /// to move; part of the setup, not undone.
    fn place_fixed_handicap(&mut self, points: &[Point]) {
        for &point in points {
            let q = self.padded(point);
            self.execute_move(q, BLACK);
            if !planted!(HandicapNotInEver) {
                self.ever[q] |= BLACK;
            }
        }
        self.aux.clear();
        self.turns = 1;
        self.sync_mover();
        if self.keeps_table() {
            let entry = self.history.insert(self.hash, Player::White as usize, 1);
            self.turn_entry.push(entry);
        }
        self.changes.copy(1, &self.packed);
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
        game.set_position(colors, to_move)?;
        game.position = Some((colors.to_vec(), to_move));
        Ok(game)
    }

    /// Sets up `colors` (as many as the points) on the empty board of a new
    /// or cleared game, `to_move` to move: [`Game::from_position`].
    fn set_position(&mut self, colors: &[Color], to_move: Player) -> Result<(), SetupError> {
        let (width, points) = (self.width, self.width * self.height);
        // Place the stones in point order, joining strings but capturing
        // nothing: pseudo-liberties stay exact whatever the order.
        for (i, &color) in colors.iter().enumerate() {
            let p = match color {
                Color::Black => BLACK,
                Color::White => WHITE,
                Color::Empty => continue,
            };
            let q = self.padded(Point::new(i % width, i / width));
            self.place_stone(q, p);
            self.ever[q] |= p;
        }
        self.aux.clear();
        if let Some(i) = (0..points).find(|&i| {
            let q = self.padded(Point::new(i % width, i / width));
            let checked = match self.color[q] {
                BLACK => true,
                WHITE => !planted!(SetupWhiteStringsUnchecked),
                _ => false,
            };
            checked && self.chain[self.head[q] as usize].libs == 0
        }) {
            return Err(SetupError::StringWithoutLiberty(Point::new(
                i % width,
                i / width,
            )));
        }
        // The empty points in point order, as a new game has them.
        self.empties.clear();
        for i in 0..points {
            let q = self.padded(Point::new(i % width, i / width));
            if self.color[q] == EMPTY {
                self.empty_pos[i] = self.empties.len() as u16;
                self.empties.push(i as u16);
            }
        }
        self.white_first = to_move == Player::White;
        self.sync_mover();
        self.changes.start(0, &self.packed);
        self.start_table(to_move);
        Ok(())
    }

    /// Empties the table of colorings and, where the game keeps one
    /// ([`Game::keeps_table`]), enters the coloring now as the one after
    /// turn 0, with `to_move` to move.
    fn start_table(&mut self, to_move: Player) {
        self.history.clear();
        self.turn_entry.clear();
        if self.keeps_table() {
            let start = self.history.insert(self.hash, to_move as usize, 0);
            self.turn_entry.push(start);
        }
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
    let shortest = w.min(h);
    let both_odd = (w & h) & 1 == 1;
    let refused = match stones {
        0 | 1 | 10.. => Some("a fixed handicap is from 2 to 9 stones"),
        _ if shortest < 7 => Some("a fixed handicap needs both sides at least 7"),
        5..=9 if shortest == 7 || !both_odd => {
            Some("more than 4 fixed stones need both sides odd and larger than 7")
        }
        _ => None,
    };
    if let Some(why) = refused {
        return Err(refuse(why));
    }
    let line = |third: usize, side: usize| match third {
        0 => edge_distance(side),
        1 => side / 2,
        _ => side - 1 - edge_distance(side),
    };
    let mut points: Vec<Point> = handicap_thirds(stones)
        .map(|(x, y)| Point::new(line(x, w), line(y, h)))
        .collect();
    if planted!(HandicapMirrored) {
        planted_mirrored(&mut points, h);
    }
    Ok(points)
}

/// How far the star points stand from the edge of a side of `side` points:
/// 2 (the third line) below 13, 3 (the fourth) from 13.
fn edge_distance(side: usize) -> usize {
    if side >= 13 && !planted!(HandicapThirdLineAlways) {
        3
    } else {
        2
    }
}

/// Where each of `stones` fixed handicap stones stands, column and row each
/// as a third of its side (0 near the first line, 1 the middle, 2 near the
/// last), in placing order. Stone `i` of the first four is a corner: its
/// column far for odd `i`, its row far where `i`'s two low bits differ
/// (near-near, far-far, near-far, far-near). Six or more add the middle
/// row's two sides, eight or more the middle column's, and an odd count
/// from five ends with the centre.
fn handicap_thirds(stones: usize) -> impl Iterator<Item = (usize, usize)> {
    let corners = (0..stones.min(4)).map(|i| (2 * (i & 1), 2 * ((i ^ (i >> 1)) & 1)));
    let sides = match stones {
        6 | 7 => 2,
        8 | 9 => 4,
        _ => 0,
    };
    let sides = (0..sides).map(|i| if i < 2 { (2 * i, 1) } else { (1, 2 * (i - 2)) });
    let centre = (stones >= 5 && stones % 2 == 1).then_some((1, 1));
    corners.chain(sides).chain(centre)
}

/// Planted bug `HandicapMirrored`: the rows counted from the top.
fn planted_mirrored(points: &mut [Point], height: usize) {
    for p in points {
        p.y = height - 1 - p.y;
    }
}
