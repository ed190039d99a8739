//! Points between our coordinates (column from the left, row from the
//! bottom) and SGF's (column and row from the top left, `a` to `z` then `A`
//! to `Z`), for the reader and the writer alike.

use crate::vocab::{Point, Size};
use sgf_parse::go;

/// SGF's last coordinate (`Z`).
const LAST: usize = 51;

/// The SGF point of `p` on `size`. A row off the board is written as it is,
/// so that an attempt off the board stays off it. SGF has no letter past its
/// 52nd, so a coordinate past that is written as the last; the generators
/// never attempt such a point (they keep off-board attempts within 52).
pub(crate) fn to_sgf(size: Size, p: Point) -> go::Point {
    let y = if p.y < size.height() {
        size.height() - 1 - p.y
    } else {
        p.y
    };
    go::Point {
        x: p.x.min(LAST) as u8,
        y: y.min(LAST) as u8,
    }
}

/// Our point for SGF's `p` on `size`: the inverse of [`to_sgf`], so a row
/// off the board stays off it (and the engines refuse the point).
pub(crate) fn from_sgf(size: Size, p: go::Point) -> Point {
    let y = usize::from(p.y);
    let y = if y < size.height() {
        size.height() - 1 - y
    } else {
        y
    };
    Point::new(usize::from(p.x), y)
}

/// Whether SGF's `p` is on the board.
pub(crate) fn on_board(size: Size, p: go::Point) -> bool {
    usize::from(p.x) < size.width() && usize::from(p.y) < size.height()
}

/// Whether SGF's `p` is the pass `tt` (a point only on boards up to 19x19).
pub(crate) fn is_tt_pass(size: Size, p: go::Point) -> bool {
    p.x == 19 && p.y == 19 && size.width() <= 19 && size.height() <= 19
}

/// SGF's letters for `p`, for messages (`z` stands for the upper-case half).
pub(crate) fn letters(p: go::Point) -> String {
    [p.x, p.y]
        .iter()
        .map(|&c| char::from(b'a' + c.min(25)))
        .collect()
}

/// SGF's letters for a coordinate from 0 to 51.
fn letter(c: u8) -> char {
    match c {
        0..=25 => char::from(b'a' + c),
        _ => char::from(b'A' + (c - 26)),
    }
}

/// `p` as an SGF point value, such as `dd`.
pub(crate) fn value(p: go::Point) -> String {
    [letter(p.x), letter(p.y)].iter().collect()
}
