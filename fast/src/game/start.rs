//! The arrays of the empty board, made once per game, that `restart`
//! copies back: the cell codes, the neighbour counts, and `0, 1, 2, ...`.

use super::chain::{AROUND_UNIT, BORDER, EMPTY};

/// The arrays of a game on the empty board that `Game::restart` copies
/// back instead of working them out again.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    /// The codes of the empty board: empty points, the border round them.
    pub(super) color: Vec<u8>,
    /// Each cell's neighbour counts on the empty board.
    pub(super) around: Vec<u16>,
    /// `0, 1, 2, ...` over the cells (at least the points): the start of
    /// `head` and `next` (every point its own string) and of the list of
    /// empty points and their positions.
    pub(super) identity: Vec<u16>,
}

impl Start {
    /// The empty `width` x `height` board's arrays.
    pub(super) fn new(width: usize, height: usize) -> Start {
        let stride = width + 1;
        let size = (height + 2) * stride + 1;
        let mut color = vec![BORDER; size];
        let mut around = vec![0; size];
        for y in 0..height {
            let row = (y + 1) * stride + 1;
            color[row..row + width].fill(EMPTY);
            for (x, count) in around[row..row + width].iter_mut().enumerate() {
                *count = around_at_start(x, y, width, height);
            }
        }
        Start {
            color,
            around,
            identity: (0..size as u16).collect(),
        }
    }
}

/// The `around` count of the point `(x, y)` of the empty `width` x
/// `height` board: each neighbour on the board is empty, each off it is
/// the border.
fn around_at_start(x: usize, y: usize, width: usize, height: usize) -> u16 {
    let on_board =
        u16::from(x > 0) + u16::from(x + 1 < width) + u16::from(y > 0) + u16::from(y + 1 < height);
    on_board * AROUND_UNIT[EMPTY as usize] + (4 - on_board) * AROUND_UNIT[BORDER as usize]
}
