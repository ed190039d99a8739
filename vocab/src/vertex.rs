//! GTP vertices (`D4`, `pass`) and boards printed with their coordinates.
//!
//! Columns are the letters `A` to `Z` without `I`; past 25 columns they go on
//! in KataGo's manner, two letters from the same alphabet (`AA`, `AB`, ...,
//! `AZ`, `BA`, ...), enough for 52. Rows are numbered from 1 at the bottom.

use crate::vocab::{Color, Point, Size, Turn};
use std::fmt;

/// The 25 column letters of GTP: the alphabet without `I`.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a vertex could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VertexError {
    /// Not `pass` and not a column name followed by a row number.
    Malformed(String),
    /// A well-formed vertex that is not on this board.
    OffBoard {
        /// The vertex as written.
        vertex: String,
        /// The board.
        size: Size,
    },
}

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexError::Malformed(text) => write!(
                f,
                "cannot read {text:?} as a turn: write pass or a vertex such as D4 (no column I)"
            ),
            VertexError::OffBoard { vertex, size } => {
                write!(f, "{vertex} is not on the {size} board")
            }
        }
    }
}

impl std::error::Error for VertexError {}

/// The name of column `x`: `A`..`Z` without `I`, then `AA`, `AB`, ...
pub fn column_name(x: usize) -> String {
    if x < 25 {
        (COLUMN_LETTERS[x] as char).to_string()
    } else {
        let first = COLUMN_LETTERS[(x / 25 - 1) % 25] as char;
        let second = COLUMN_LETTERS[x % 25] as char;
        format!("{first}{second}")
    }
}

/// The column numbered by `name` (either case), if `name` is a column name.
fn column_number(name: &str) -> Option<usize> {
    let letter = |c: u8| {
        COLUMN_LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
    };
    match name.as_bytes() {
        [one] => letter(*one),
        [first, second] => Some((letter(*first)? + 1) * 25 + letter(*second)?),
        _ => None,
    }
}

/// The vertex of `point`, such as `D4`.
pub fn vertex_name(point: Point) -> String {
    format!("{}{}", column_name(point.x), point.y + 1)
}

/// The GTP form of a turn: `pass` or a vertex.
pub fn turn_name(turn: Turn) -> String {
    match turn {
        Turn::Pass => "pass".to_string(),
        Turn::Move(point) => vertex_name(point),
    }
}

/// Reads `pass` or a vertex of a `size` board (either case).
pub fn parse_turn(text: &str, size: Size) -> Result<Turn, VertexError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Turn::Pass);
    }
    let malformed = || VertexError::Malformed(text.to_string());
    let split = text
        .find(|c: char| c.is_ascii_digit())
        .ok_or_else(malformed)?;
    let (letters, digits) = text.split_at(split);
    let x = column_number(letters).ok_or_else(malformed)?;
    if digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let row: usize = digits.parse().map_err(|_| malformed())?;
    if row == 0 {
        return Err(malformed());
    }
    let point = Point::new(x, row - 1);
    match size.index(point) {
        Some(_) => Ok(Turn::Move(point)),
        None => Err(VertexError::OffBoard {
            vertex: text.to_ascii_uppercase(),
            size,
        }),
    }
}

/// The colors of a `size` board (in point order) as a board with column
/// letters above and below and row numbers on both sides, top row first:
/// `X` black, `O` white, `.` empty.
pub fn labelled_board(size: Size, colors: &[Color]) -> String {
    let grid = size;
    let wide = grid.width() > 25;
    let cell = if wide { 3 } else { 2 };
    let mut header = String::from("   ");
    for x in 0..grid.width() {
        header.push_str(&format!("{:>cell$}", column_name(x)));
    }
    let mut text = format!("{}\n", header.trim_end());
    for y in (0..grid.height()).rev() {
        text.push_str(&format!("{:>3}", y + 1));
        for x in 0..grid.width() {
            let index = grid.index(Point::new(x, y)).expect("point of the grid");
            let mark = match colors[index] {
                Color::Black => 'X',
                Color::White => 'O',
                Color::Empty => '.',
            };
            text.push_str(&format!("{mark:>cell$}"));
        }
        text.push_str(&format!(" {}\n", y + 1));
    }
    text.push_str(header.trim_end());
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_skip_i_and_go_on_with_two_letters() {
        assert_eq!(column_name(7), "H");
        assert_eq!(column_name(8), "J");
        assert_eq!(column_name(24), "Z");
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(26), "AB");
        assert_eq!(column_name(50), "BA");
        assert_eq!(column_name(51), "BB");
        for x in 0..52 {
            assert_eq!(column_number(&column_name(x)), Some(x), "column {x}");
        }
    }

    #[test]
    fn turns_read_back_as_written() {
        let grid = Size::new(52, 52).unwrap();
        for point in grid.all_points() {
            let name = vertex_name(point);
            assert_eq!(parse_turn(&name, grid), Ok(Turn::Move(point)), "{name}");
        }
        assert_eq!(parse_turn("PASS", grid), Ok(Turn::Pass));
    }

    #[test]
    fn bad_vertices_are_refused_with_a_reason() {
        let grid = Size::new(9, 9).unwrap();
        assert_eq!(
            parse_turn("j10", grid),
            Err(VertexError::OffBoard {
                vertex: "J10".to_string(),
                size: grid
            })
        );
        for bad in [
            "",
            "I5",
            "D0",
            "4D",
            "D",
            "D4x",
            "D-1",
            "DDD4",
            "D99999999999",
        ] {
            assert!(
                matches!(parse_turn(bad, grid), Err(VertexError::Malformed(_))),
                "{bad:?}"
            );
        }
    }
}
