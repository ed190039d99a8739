//! The legal colorings of a small board (every string reaches an empty
//! point: L(m, n) of Tromp and Farnebäck), enumerated by their base-3 codes.
//!
//! A coloring's code reads its points in point order as base-3 digits
//! (empty 0, black 1, white 2; point 0 the lowest digit), so the colorings
//! of a board are the codes `0..3^points`, and a range of codes is a unit
//! of work that can be shared out and resumed.

use tromp_taylor_harness::vocab::{Color, Size};

/// The most points a board may have here (3^20 codes, a few minutes' walk).
pub const MAX_POINTS: usize = 20;

/// The number of colorings of `size`: `3^points`.
pub fn colorings(size: Size) -> u64 {
    3u64.pow(size.points() as u32)
}

/// The coloring with `code`, in point order.
pub fn decode(size: Size, mut code: u64) -> Vec<Color> {
    (0..size.points())
        .map(|_| {
            let digit = code % 3;
            code /= 3;
            match digit {
                0 => Color::Empty,
                1 => Color::Black,
                _ => Color::White,
            }
        })
        .collect()
}

/// The code of a coloring (the inverse of [`decode`]).
pub fn encode(colors: &[Color]) -> u64 {
    colors.iter().rev().fold(0, |code, color| {
        code * 3
            + match color {
                Color::Empty => 0,
                Color::Black => 1,
                Color::White => 2,
            }
    })
}

/// The neighbours of point number `i` on `size`, by number.
fn neighbours(size: Size, i: usize) -> impl Iterator<Item = usize> {
    let (w, h) = (size.width(), size.height());
    let (x, y) = (i % w, i / w);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < w).then(|| i + 1),
        (y > 0).then(|| i - w),
        (y + 1 < h).then(|| i + w),
    ]
    .into_iter()
    .flatten()
}

/// For each point of `colors`, whether it is a stone that reaches an empty
/// point through stones of its own color (rule 4's reach).
fn reaching(size: Size, colors: &[Color]) -> Vec<bool> {
    // The stones that reach empty, grown from the empty points' neighbours.
    let mut reaches = vec![false; colors.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, &color) in colors.iter().enumerate() {
        if color == Color::Empty {
            for n in neighbours(size, i) {
                if colors[n] != Color::Empty && !reaches[n] {
                    reaches[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    while let Some(i) = stack.pop() {
        for n in neighbours(size, i) {
            if colors[n] == colors[i] && !reaches[n] {
                reaches[n] = true;
                stack.push(n);
            }
        }
    }
    reaches
}

/// Whether every stone of `colors` reaches an empty point through stones of
/// its own color (rule 4's reach; a legal position has no string without
/// a liberty).
pub fn is_legal(size: Size, colors: &[Color]) -> bool {
    colors
        .iter()
        .zip(reaching(size, colors))
        .all(|(&color, reaches)| color == Color::Empty || reaches)
}

/// Empties the points of `color` that do not reach empty (rule 5).
fn clear(size: Size, colors: &mut [Color], color: Color) {
    let reaches = reaching(size, colors);
    for (point, reaches) in colors.iter_mut().zip(reaches) {
        if *point == color && !reaches {
            *point = Color::Empty;
        }
    }
}

/// The coloring a move of `color` at point number `point` makes from
/// `colors` (rule 7: the point colored, then the other color's stones that
/// do not reach empty cleared, then the mover's own: a suicide is made as
/// the rules make it, whether or not a rules set forbids it).
pub fn after_move(size: Size, colors: &[Color], point: usize, color: Color) -> Vec<Color> {
    let mut after = colors.to_vec();
    after[point] = color;
    let other = match color {
        Color::Black => Color::White,
        _ => Color::Black,
    };
    clear(size, &mut after, other);
    clear(size, &mut after, color);
    after
}

/// The legal colorings whose codes are in `codes`, in code order.
pub fn legal_colorings(
    size: Size,
    codes: std::ops::Range<u64>,
) -> impl Iterator<Item = Vec<Color>> {
    codes
        .map(move |code| decode(size, code))
        .filter(move |colors| is_legal(size, colors))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(w: usize, h: usize) -> Size {
        Size::new(w, h).unwrap()
    }

    #[test]
    fn codes_round_trip() {
        let s = size(3, 2);
        for code in [0, 1, 2, 3, 242, 728] {
            assert_eq!(encode(&decode(s, code)), code);
        }
        assert_eq!(decode(s, 1)[0], Color::Black);
        assert_eq!(decode(s, 3 * 2)[1], Color::White);
    }

    #[test]
    fn published_counts_of_legal_positions() {
        // L(1,1), L(1,2), L(2,2), L(1,5), L(3,3): Tromp and Farnebäck's table.
        for ((w, h), count) in [
            ((1, 1), 1),
            ((1, 2), 5),
            ((2, 2), 57),
            ((1, 5), 113),
            ((3, 3), 12675),
        ] {
            let s = size(w, h);
            assert_eq!(
                legal_colorings(s, 0..colorings(s)).count(),
                count,
                "{w}x{h}"
            );
        }
    }

    #[test]
    fn a_string_without_liberty_is_not_legal() {
        let s = size(2, 1);
        assert!(!is_legal(s, &[Color::Black, Color::White]));
        assert!(is_legal(s, &[Color::Black, Color::Empty]));
        assert!(!is_legal(size(1, 1), &[Color::White]));
    }
}
