//! The `Game` struct: the board, its strings and counts, the hashes, the
//! history and the undo log, with the accessors that read them and its
//! diagram.

use crate::changes::Changes;
use crate::game::chain::{Chain, BLACK, WHITE};
use crate::game::record::Record;
use crate::history::History;
use crate::types::{Color, Ending, Handicap, Player, Point, Rules, Superko};
use std::fmt;

/// A game of Go under [`Rules`], on any rectangle from 1x1 to 52x52.
///
/// Every verdict is exact: superko compares whole colorings, the hash is
/// only a filter. Every turn can be undone, unless the game is told to keep
/// no undo records, for playouts ([`Game::set_undoable`]).
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Padded row length: `width + 1` (one shared border column).
    pub(crate) stride: usize,
    pub(crate) rules: Rules,
    pub(crate) handicap: Handicap,
    /// The position the game started from ([`Game::from_position`]) and
    /// who moved first, or `None` for the empty board: what
    /// [`Game::restart`] sets up again.
    pub(crate) position: Option<(Vec<Color>, Player)>,
    /// Black's consecutive first turns for the turn order (at least 1).
    pub(crate) black_first: usize,
    /// Whether White moves first (a game from a position with White to move).
    pub(crate) white_first: bool,
    /// Point codes, padded.
    pub(crate) color: Vec<u8>,
    /// Each point's neighbours by color, packed 4 bits a count: empty (bits
    /// 0-3), black or border (4-7), white or border (8-11). See
    /// [`chain::AROUND_UNIT`]; the border cells' counts are never read.
    pub(crate) around: Vec<u16>,
    /// The head stone of each stone's string.
    pub(crate) head: Vec<u16>,
    /// The next stone of each stone's string (a circular list).
    pub(crate) next: Vec<u16>,
    /// Each head's string bookkeeping.
    pub(crate) chain: Vec<Chain>,
    /// Zobrist keys, two per padded point (Black, White): shared by every game.
    pub(crate) keys: &'static [u64],
    /// The point index of each padded point (0 on the border).
    pub(crate) index: Vec<u16>,
    /// The padded point of each point index (`y * width + x`): the table
    /// behind the point-index entry points ([`Game::play_index`]).
    pub(crate) cell_of: Vec<u16>,
    /// The hash of the coloring now.
    pub(crate) hash: u64,
    /// The coloring now, packed 2 bits a point in point-index order.
    pub(crate) packed: Vec<u64>,
    /// Bit 0 (1): the point was black in some recorded coloring; bit 1 (2): white.
    pub(crate) ever: Vec<u8>,
    /// The colorings that have stood, with their first turns: kept under
    /// positional and situational superko only ([`Game::keeps_table`]).
    pub(crate) history: History,
    /// The points each turn changed, and a copy of the coloring every
    /// [`crate::changes::EVERY`] turns: the colorings of `history`, rebuilt.
    pub(crate) changes: Changes,
    /// The history entry of the coloring after each turn (0 is the start);
    /// empty when no table is kept.
    pub(crate) turn_entry: Vec<u32>,
    pub(crate) turns: usize,
    /// Who moves after `turns` turns: `player_after(turns)`, kept by
    /// [`Game::sync_mover`] wherever `turns`, `black_first` or `white_first` change.
    pub(crate) mover: Player,
    pub(crate) passes: usize,
    pub(crate) prisoners: [u32; 2],
    pub(crate) agreed: bool,
    /// Points of each color (Black, White) the last turn emptied.
    pub(crate) last_emptied: [u32; 2],
    /// Whether turns are recorded for [`Game::undo`] (see [`Game::set_undoable`]).
    pub(crate) undoable: bool,
    pub(crate) records: Vec<Record>,
    /// Merge pairs, captured heads and suicided heads of the recorded turns.
    pub(crate) aux: Vec<u16>,
    /// The point indices of the empty points, in no particular order.
    pub(crate) empties: Vec<u16>,
    /// The position of each empty point (by point index) in `empties`.
    pub(crate) empty_pos: Vec<u16>,
    /// What [`Game::restart`] copies back: the empty board's arrays.
    pub(crate) start: super::start::Start,
}

impl Game {
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
    pub(crate) fn player_after(&self, turns: usize) -> Player {
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
        self.mover
    }

    /// Brings the player to move up to date after `turns`, `black_first`
    /// or `white_first` changed.
    #[inline]
    pub(crate) fn sync_mover(&mut self) {
        self.mover = self.player_after(self.turns);
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

    /// How many distinct colorings have stood in the game.
    ///
    /// Under simple ko no table of colorings is kept: they are rebuilt
    /// from the log of changes and counted, in time linear in the turns.
    pub fn distinct_colorings(&self) -> usize {
        if self.keeps_table() {
            return self.history.len();
        }
        let mut seen = std::collections::HashSet::new();
        self.changes.each_coloring_forward(|coloring| {
            if !seen.contains(coloring) {
                seen.insert(coloring.to_vec());
            }
        });
        seen.len()
    }

    /// Whether the game keeps the table of the colorings that have stood
    /// (`history`, `turn_entry`): under positional and situational
    /// superko. Simple ko looks back one turn only, at the coloring rebuilt
    /// from the log of changes, and keeps none.
    #[inline(always)]
    pub(crate) fn keeps_table(&self) -> bool {
        self.rules.superko != Superko::SimpleKo
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
