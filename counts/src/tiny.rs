//! Rule 7 on bitboards, for tiny boards: a third statement of the rules,
//! independent of `spec` and `fast`, used to enumerate and explore every
//! legal coloring of boards of up to 40 points.
//!
//! A coloring is two masks, point `y * width + x` being bit `i`. Its code is
//! the base-3 number with digit `3^i` 0 for empty, 1 for black, 2 for white.

use super::CountError;

/// The largest board (in points) this module handles: 3^40 fits in a `u64`.
pub const MAX_POINTS: usize = 40;

/// A coloring: the black stones and the white stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stones {
    /// Bit `i` set: point `i` is black.
    pub black: u64,
    /// Bit `i` set: point `i` is white.
    pub white: u64,
}

/// A tiny board: its masks and the tables that turn a coloring into its code.
#[derive(Clone, Debug)]
pub struct Tiny {
    width: usize,
    height: usize,
    points: usize,
    full: u64,
    /// Points with a left neighbour (x > 0).
    has_left: u64,
    /// Points with a right neighbour (x < width - 1).
    has_right: u64,
    /// `code_table[k][byte]`: the sum of `3^(8k + j)` over the bits `j` of `byte`.
    code_table: Vec<[u64; 256]>,
}

impl Tiny {
    /// A `width` x `height` board of at most [`MAX_POINTS`] points.
    pub fn new(width: usize, height: usize) -> Result<Tiny, CountError> {
        if width == 0 || height == 0 {
            return Err(CountError::BadSize(format!(
                "{width}x{height}: each side must be at least 1"
            )));
        }
        let points = width.saturating_mul(height);
        if points > MAX_POINTS {
            return Err(CountError::TooLarge(format!(
                "{width}x{height} has {points} points; at most {MAX_POINTS} here"
            )));
        }
        let full = if points == 64 {
            u64::MAX
        } else {
            (1u64 << points) - 1
        };
        let (mut has_left, mut has_right) = (0, 0);
        for i in 0..points {
            if i % width > 0 {
                has_left |= 1 << i;
            }
            if i % width + 1 < width {
                has_right |= 1 << i;
            }
        }
        let chunks = points.div_ceil(8);
        let code_table = (0..chunks)
            .map(|k| {
                let mut table = [0u64; 256];
                for (byte, entry) in table.iter_mut().enumerate() {
                    *entry = (0..8)
                        .filter(|j| byte >> j & 1 == 1 && 8 * k + j < points)
                        .map(|j| 3u64.pow((8 * k + j) as u32))
                        .sum();
                }
                table
            })
            .collect();
        Ok(Tiny {
            width,
            height,
            points,
            full,
            has_left,
            has_right,
            code_table,
        })
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of points.
    pub fn points(&self) -> usize {
        self.points
    }

    /// 3^points: how many colorings there are.
    pub fn colorings(&self) -> u64 {
        3u64.pow(self.points as u32)
    }

    /// The points adjacent to some point of `m`.
    #[inline]
    pub fn neighbours(&self, m: u64) -> u64 {
        (((m << 1) & self.has_left)
            | ((m >> 1) & self.has_right)
            | (m << self.width)
            | (m >> self.width))
            & self.full
    }

    /// The stones of `stones` that reach a point of `empty` (rule 3).
    #[inline]
    pub fn reaching(&self, stones: u64, empty: u64) -> u64 {
        let mut reach = stones & self.neighbours(empty);
        loop {
            let grown = reach | (stones & self.neighbours(reach));
            if grown == reach {
                return reach;
            }
            reach = grown;
        }
    }

    /// The empty points of `s`.
    #[inline]
    pub fn empty(&self, s: Stones) -> u64 {
        self.full & !(s.black | s.white)
    }

    /// Whether every stone of `s` reaches empty (comment 4's legal coloring).
    #[inline]
    pub fn is_legal(&self, s: Stones) -> bool {
        let empty = self.empty(s);
        self.reaching(s.black, empty) == s.black && self.reaching(s.white, empty) == s.white
    }

    /// Rule 7: color the empty point `p` black (or white); then clear the
    /// opponent color, and then clear one's own color (rule 4: empty the
    /// points of that color that do not reach empty).
    #[inline]
    pub fn play(&self, s: Stones, p: usize, black: bool) -> Stones {
        let (mut own, mut other) = if black {
            (s.black, s.white)
        } else {
            (s.white, s.black)
        };
        own |= 1 << p;
        other = self.reaching(other, self.full & !(own | other));
        own = self.reaching(own, self.full & !(own | other));
        if black {
            Stones {
                black: own,
                white: other,
            }
        } else {
            Stones {
                black: other,
                white: own,
            }
        }
    }

    /// The base-3 code of `s`.
    #[inline]
    pub fn code(&self, s: Stones) -> u64 {
        let mut code = 0;
        for (k, table) in self.code_table.iter().enumerate() {
            let shift = 8 * k;
            code += table[(s.black >> shift) as usize & 255]
                + 2 * table[(s.white >> shift) as usize & 255];
        }
        code
    }

    /// The coloring whose code is `code` (below [`Tiny::colorings`]).
    pub fn decode(&self, mut code: u64) -> Stones {
        let mut s = Stones::default();
        for i in 0..self.points {
            match code % 3 {
                1 => s.black |= 1 << i,
                2 => s.white |= 1 << i,
                _ => {}
            }
            code /= 3;
        }
        s
    }

    /// `s` as rows of `X`, `O` and `.`, top row first, separated by `/`.
    pub fn diagram(&self, s: Stones) -> String {
        (0..self.height)
            .rev()
            .map(|y| {
                (0..self.width)
                    .map(|x| {
                        let bit = 1u64 << (y * self.width + x);
                        if s.black & bit != 0 {
                            'X'
                        } else if s.white & bit != 0 {
                            'O'
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Every legal coloring's code, in increasing order (tiny boards only:
    /// this walks all 3^points colorings on one thread).
    pub fn legal_codes(&self) -> Vec<u64> {
        (0..self.colorings())
            .filter(|&code| self.is_legal(self.decode(code)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        let tiny = Tiny::new(3, 2).unwrap();
        for code in 0..tiny.colorings() {
            assert_eq!(tiny.code(tiny.decode(code)), code);
        }
    }

    #[test]
    fn a_surrounded_stone_is_captured_and_a_lone_stone_suicides() {
        let tiny = Tiny::new(3, 1).unwrap();
        // `. X O`: Black at the left end takes White's last liberty.
        let s = Stones {
            black: 0b010,
            white: 0b100,
        };
        let after = tiny.play(s, 0, true);
        assert_eq!(
            after,
            Stones {
                black: 0b011,
                white: 0
            }
        );
        let one = Tiny::new(1, 1).unwrap();
        assert_eq!(one.play(Stones::default(), 0, false), Stones::default());
        assert!(Tiny::new(9, 5).is_err());
        assert!(Tiny::new(0, 5).is_err());
    }
}
