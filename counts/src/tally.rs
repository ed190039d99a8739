//! What the transfer matrix keeps under each border state: the number of ways exactly (64-bit words with carries), or that number modulo one 64-bit modulus (one word, added modulo it).
//!
//! [`super::border`] is written once over [`Tally`]; the exact count and the
//! modulus jobs share every other line of it.

use num_bigint::BigUint;
use std::fmt::Debug;

/// How the number of ways under a border state is kept and added.
pub trait Tally: Copy + Send + Sync + 'static {
    /// The number kept under one state.
    type Value: Copy + Send + Sync + Debug + PartialEq;
    /// One way (before any point is decided).
    fn one(&self) -> Self::Value;
    /// `to += from`.
    fn add(&self, to: &mut Self::Value, from: Self::Value);
    /// The 64-bit words a value is written in (checkpoints).
    fn words(&self) -> usize;
    /// The value's words, least significant first.
    fn write(&self, value: &Self::Value, out: &mut Vec<u64>);
    /// The value of `words` (as many as [`Tally::words`]), or `None` when
    /// they are not a value of this tally (a residue not below the modulus).
    fn read(&self, words: &[u64]) -> Option<Self::Value>;
    /// The value as a number.
    fn big(&self, value: &Self::Value) -> BigUint;
    /// The modulus, or 0 for the exact count (written in checkpoints).
    fn modulus(&self) -> u64;
}

/// The exact count in `W` 64-bit words, least significant first, added
/// with carries; the words are sized so that no count overflows them.
#[derive(Clone, Copy, Debug)]
pub struct Exact<const W: usize>;

impl<const W: usize> Tally for Exact<W> {
    type Value = [u64; W];

    fn one(&self) -> [u64; W] {
        let mut one = [0; W];
        one[0] = 1;
        one
    }

    fn add(&self, to: &mut [u64; W], from: [u64; W]) {
        let mut carry = false;
        for (t, f) in to.iter_mut().zip(from) {
            let (sum, c1) = t.overflowing_add(f);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *t = sum;
            carry = c1 || c2;
        }
        debug_assert!(!carry, "the words hold 3^points");
    }

    fn words(&self) -> usize {
        W
    }

    fn write(&self, value: &[u64; W], out: &mut Vec<u64>) {
        out.extend_from_slice(value);
    }

    fn read(&self, words: &[u64]) -> Option<[u64; W]> {
        words.try_into().ok()
    }

    fn big(&self, value: &[u64; W]) -> BigUint {
        let digits: Vec<u32> = value
            .iter()
            .flat_map(|w| [*w as u32, (w >> 32) as u32])
            .collect();
        BigUint::from_slice(&digits)
    }

    fn modulus(&self) -> u64 {
        0
    }
}

/// The count modulo a modulus of at least 2, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modulo(u64);

impl Modulo {
    /// Counting modulo `modulus`, or `None` below 2.
    pub fn new(modulus: u64) -> Option<Modulo> {
        (modulus >= 2).then_some(Modulo(modulus))
    }
}

impl Tally for Modulo {
    type Value = u64;

    fn one(&self) -> u64 {
        1
    }

    fn add(&self, to: &mut u64, from: u64) {
        // Both are below the modulus, so one subtraction brings the sum back.
        let (sum, over) = to.overflowing_add(from);
        *to = if over || sum >= self.0 {
            sum.wrapping_sub(self.0)
        } else {
            sum
        };
    }

    fn words(&self) -> usize {
        1
    }

    fn write(&self, value: &u64, out: &mut Vec<u64>) {
        out.push(*value);
    }

    fn read(&self, words: &[u64]) -> Option<u64> {
        match words {
            [w] if *w < self.0 => Some(*w),
            _ => None,
        }
    }

    fn big(&self, value: &u64) -> BigUint {
        BigUint::from(*value)
    }

    fn modulus(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn residues_add_modulo_even_past_two_to_the_64() {
        let m = Modulo::new(u64::MAX - 58).unwrap();
        let mut a = u64::MAX - 60;
        m.add(&mut a, u64::MAX - 60);
        // (2^64 - 61) * 2 mod (2^64 - 59) = 2^64 - 63.
        assert_eq!(a, u64::MAX - 62);
        let small = Modulo::new(7).unwrap();
        let mut b = 5;
        small.add(&mut b, 6);
        assert_eq!(b, 4);
        assert_eq!(Modulo::new(1), None);
        assert_eq!(small.read(&[7]), None);
        assert_eq!(small.read(&[6]), Some(6));
    }

    #[test]
    fn exact_words_carry() {
        let mut a = [u64::MAX, 0];
        Exact::<2>.add(&mut a, [1, 0]);
        assert_eq!(a, [0, 1]);
        assert_eq!(Exact::<2>.big(&a), BigUint::from(1u128 << 64));
    }
}
