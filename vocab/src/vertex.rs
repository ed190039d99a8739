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

/// The place of `c` (either case) in [`COLUMN_LETTERS`], if it is one.
fn letter(c: u8) -> Option<usize> {
    match c.to_ascii_uppercase() {
        upper @ b'A'..=b'H' => Some(usize::from(upper - b'A')),
        upper @ b'J'..=b'Z' => Some(usize::from(upper - b'A') - 1),
        _ => None,
    }
}

/// The column numbered by `name` (either case), if `name` is a column name.
fn column_number(name: &str) -> Option<usize> {
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
    match plain_vertex(text.as_bytes()) {
        Some(point) if size.index(point).is_some() => Ok(Turn::Move(point)),
        _ => read_turn(text, size),
    }
}

/// The point of a vertex written plainly, as a program writes it: one
/// column letter and one to three digits, nothing around them, the row not
/// 0. [`read_turn`] reads such a vertex as this point too; this is only its
/// short cut (a call into the Python package is mostly such vertices).
#[inline]
fn plain_vertex(text: &[u8]) -> Option<Point> {
    let (&column, digits) = text.split_first()?;
    let x = letter(column)?;
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let mut row = 0;
    for &digit in digits {
        if !digit.is_ascii_digit() {
            return None;
        }
        row = row * 10 + usize::from(digit - b'0');
    }
    (row > 0).then(|| Point::new(x, row - 1))
}

/// [`parse_turn`] in full: surrounding whitespace, `pass`, two-letter
/// columns, and the reason for a refusal.
fn read_turn(text: &str, size: Size) -> Result<Turn, VertexError> {
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

    /// Every text of up to four characters from an alphabet of column
    /// letters (both cases, `I`, past `Z`), digits, whitespace, a
    /// non-ASCII letter and the letters of `pass`: the short cut of plain
    /// vertices reads each as the full reading does, on boards narrower
    /// and wider than 25 columns.
    #[test]
    fn plain_vertices_read_as_the_full_reading_reads_them() {
        let alphabet = [
            "A", "a", "H", "I", "i", "J", "T", "Z", "z", "[", "0", "1", "9", " ", "\t", "é", "p",
            "S",
        ];
        let sizes = [(1, 1), (9, 9), (19, 19), (19, 7), (25, 25), (52, 52)];
        let long_rows = ["A0001", "a1000", "T0019", "T00019", "B12345"];
        for text in long_rows {
            let size = Size::new(19, 19).unwrap();
            assert_eq!(parse_turn(text, size), read_turn(text, size), "{text:?}");
        }
        let mut texts = vec![String::new()];
        let mut short_cuts = 0;
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|text| alphabet.iter().map(move |c| format!("{text}{c}")))
                .collect();
            for text in &longer {
                for (width, height) in sizes {
                    let size = Size::new(width, height).unwrap();
                    let read = parse_turn(text, size);
                    assert_eq!(read, read_turn(text, size), "{text:?} on {size}");
                    short_cuts += usize::from(plain_vertex(text.as_bytes()).is_some());
                }
            }
            texts = longer;
        }
        assert_eq!(parse_turn("pass", Size::new(9, 9).unwrap()), Ok(Turn::Pass));
        // The short cut was taken, and not everywhere.
        assert!(short_cuts > 1000, "{short_cuts}");
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
