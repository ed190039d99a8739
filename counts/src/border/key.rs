//! A border point in a byte, and a border state packed into the key of a
//! hash map: one 64-bit word for borders of up to 13 points, two for longer
//! ones.
//!
//! Only a string that does not reach empty yet needs to be told apart from
//! the others: a string that reaches empty stays legal whatever comes, and
//! whatever joins it reaches empty too. So a stone of such a string carries
//! no label, and the strings that do not reach empty are labelled by first
//! appearance along the border; two borders that differ only in how strings
//! that reach empty are joined are one state.

use std::fmt::Debug;
use std::hash::{Hash, Hasher};

/// A border point's color code: empty, black, white, or off the grid (the
/// border before the first column).
pub(super) const EMPTY: u8 = 0;
const OFF: u8 = 3;

/// The bit of a stone whose string reaches empty.
const REACHES_EMPTY: u8 = 4;

/// One border point in a byte: its color in bits 0-1; for a stone, whether
/// its string reaches empty in bit 2 and, when it does not, its string's
/// label in bits 3-7 (a stone whose string reaches empty has label 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Point(pub(super) u8);

impl Point {
    pub(super) const OFF: Point = Point(OFF);
    pub(super) const EMPTY: Point = Point(EMPTY);

    /// A stone whose string reaches empty.
    pub(super) fn free(color: u8) -> Point {
        Point(color | REACHES_EMPTY)
    }

    /// A stone whose string does not reach empty yet, with its label.
    pub(super) fn enclosed(color: u8, label: u8) -> Point {
        Point(color | label << 3)
    }

    pub(super) fn color(self) -> u8 {
        self.0 & 3
    }

    pub(super) fn label(self) -> u8 {
        self.0 >> 3
    }

    pub(super) fn is_stone(self) -> bool {
        matches!(self.color(), 1 | 2)
    }

    /// A stone whose string does not reach empty yet.
    pub(super) fn is_enclosed(self) -> bool {
        self.is_stone() && self.0 & REACHES_EMPTY == 0
    }
}

/// A border state packed into a key: each key stands for one state, and
/// equal states (labels numbered by first appearance) pack equally.
pub(super) trait Packed: Copy + Eq + Ord + Hash + Send + Sync + Debug {
    /// The longest border this packing holds.
    const MOST: usize;

    /// The key of `points` (at most [`Packed::MOST`] of them).
    fn pack(points: &[Point]) -> Self;

    /// Writes the key's points into `points` (as many as were packed).
    fn unpack(self, points: &mut [Point]);

    /// The key's bits mixed into one word (the maps take their buckets from
    /// the low bits and a tag from the top seven; the shard comes from bits
    /// 48-55).
    fn mix(self) -> u64;

    /// The key as a checkpoint keeps it: two words.
    fn words(self) -> [u64; 2];

    /// The key a checkpoint kept as [`Packed::words`].
    fn from_words(words: [u64; 2]) -> Self;

    /// Which of `shards` maps keeps this state.
    fn shard(self, shards: usize) -> usize {
        (self.mix() >> 48) as usize % shards
    }
}

/// Finishes a mix: every bit of `x` reaches every bit of the result.
fn finish(x: u64) -> u64 {
    let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^ (x >> 32)
}

/// A border of up to 13 points in one word, a digit in base 30 a point
/// (30^13 < 2^64): 0 empty, 1 and 2 a black or white stone whose string
/// reaches empty, 3 off the grid, and from 4 a stone whose string does not,
/// `4 + 2 (label - 1) + (color - 1)` (labels 1 to 13: a border of 13 points
/// has at most 13 strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Narrow(u64);

/// The codes a point of a [`Narrow`] key may take.
const BASE: u64 = 30;

impl Narrow {
    fn code(p: Point) -> u64 {
        let color = p.color();
        if p.is_enclosed() {
            u64::from(4 + 2 * (p.label() - 1) + (color - 1))
        } else {
            u64::from(color)
        }
    }

    fn point(code: u8) -> Point {
        match code {
            EMPTY | OFF => Point(code),
            1 | 2 => Point::free(code),
            _ => Point::enclosed((code - 4) % 2 + 1, (code - 4) / 2 + 1),
        }
    }
}

impl Packed for Narrow {
    const MOST: usize = 13;

    fn pack(points: &[Point]) -> Narrow {
        Narrow(
            points
                .iter()
                .rev()
                .fold(0, |key, &p| key * BASE + Narrow::code(p)),
        )
    }

    fn unpack(self, points: &mut [Point]) {
        let mut key = self.0;
        for p in points {
            *p = Narrow::point((key % BASE) as u8);
            key /= BASE;
        }
    }

    fn mix(self) -> u64 {
        finish(self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    fn words(self) -> [u64; 2] {
        [self.0, 0]
    }

    fn from_words(words: [u64; 2]) -> Narrow {
        Narrow(words[0])
    }
}

impl Hash for Narrow {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mix());
    }
}

/// A border of up to 16 points in two words, a point's byte each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide([u64; 2]);

impl Packed for Wide {
    const MOST: usize = 16;

    fn pack(points: &[Point]) -> Wide {
        let mut bytes = [0u8; 16];
        for (byte, p) in bytes.iter_mut().zip(points) {
            *byte = p.0;
        }
        let both = u128::from_le_bytes(bytes);
        Wide([both as u64, (both >> 64) as u64])
    }

    fn unpack(self, points: &mut [Point]) {
        let both = u128::from(self.0[0]) | u128::from(self.0[1]) << 64;
        for (p, byte) in points.iter_mut().zip(both.to_le_bytes()) {
            *p = Point(byte);
        }
    }

    fn mix(self) -> u64 {
        finish(
            self.0[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ self.0[1]
                    .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                    .rotate_left(31),
        )
    }

    fn words(self) -> [u64; 2] {
        self.0
    }

    fn from_words(words: [u64; 2]) -> Wide {
        Wide(words)
    }
}

impl Hash for Wide {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mix());
    }
}

/// The hasher of keys: the key's own mix, unchanged.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 ^= x;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every point a border of `n` points can hold, in a few patterns.
    fn borders(n: usize) -> Vec<Vec<Point>> {
        let mut all = vec![vec![Point::OFF; n], vec![Point::EMPTY; n]];
        all.push((0..n).map(|i| Point::free(1 + (i % 2) as u8)).collect());
        all.push(
            (0..n)
                .map(|i| Point::enclosed(1 + (i % 2) as u8, 1 + i as u8))
                .collect(),
        );
        all.push(
            (0..n)
                .map(|i| match i % 4 {
                    0 => Point::EMPTY,
                    1 => Point::enclosed(2, 1),
                    2 => Point::free(1),
                    _ => Point::enclosed(1, 2),
                })
                .collect(),
        );
        all
    }

    fn round_trip<K: Packed>() {
        for n in 1..=K::MOST {
            for border in borders(n) {
                let key = K::pack(&border);
                let mut back = vec![Point::EMPTY; n];
                key.unpack(&mut back);
                assert_eq!(back, border, "{n} points");
                assert_eq!(K::from_words(key.words()), key);
            }
        }
    }

    #[test]
    fn a_key_gives_back_its_points() {
        round_trip::<Narrow>();
        round_trip::<Wide>();
    }

    #[test]
    fn different_borders_pack_differently() {
        let borders = borders(13);
        for (i, a) in borders.iter().enumerate() {
            for b in &borders[i + 1..] {
                assert_ne!(Narrow::pack(a), Narrow::pack(b));
                assert_ne!(Wide::pack(a), Wide::pack(b));
            }
        }
    }
}
