//! A count split into modulus jobs and put back together: the moduli (the largest primes below 2^64, as Tromp chose them), the Chinese remainder theorem, and the check of a count against Tromp's approximation of L(m, n).
//!
//! A job counts L(m, n) modulo one modulus; the residues of several jobs
//! determine L(m, n) once the product of their moduli exceeds the width of
//! an interval L(m, n) is known to lie in: [0, 3^(m n)] always, or, for a
//! shorter side of at least 5, the approximation A(m, n) within a relative
//! [`tolerance`] (see there for why that tolerance).

use super::CountError;
use num_bigint::BigUint;

/// Whether `n` is prime: Miller-Rabin with the first twelve primes as
/// bases, which is deterministic for every 64-bit number.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    BASES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exp >>= 1;
    }
    result
}

/// The modulus of job `job` (from 1): the `job`-th largest prime below
/// 2^64 (2^64 - 59 first), or `None` for job 0.
pub fn job_modulus(job: usize) -> Option<u64> {
    moduli().nth(job.checked_sub(1)?)
}

/// The moduli of jobs 1, 2, 3, ...: the primes below 2^64, largest first.
fn moduli() -> impl Iterator<Item = u64> {
    std::iter::successors(Some(u64::MAX), |n| n.checked_sub(2)).filter(|&n| is_prime(n))
}

/// log2 of Tromp's approximation L(m, n) ~ 0.8506399258457 *
/// 0.9655350593384^(m+n) * 2.9757341920434^(m n).
pub fn approximation_log2(width: usize, height: usize) -> f64 {
    let (m, n) = (width as f64, height as f64);
    0.850_639_925_845_7_f64.log2()
        + (m + n) * 0.965_535_059_338_4_f64.log2()
        + m * n * 2.975_734_192_043_4_f64.log2()
}

/// How far (relatively) a count may lie from the approximation: for a
/// shorter side of at least 5, 1e-3; below that, no bound (`None`).
///
/// The errors of the published L(n) shrink fast with n (4x4 1.2e-3, 5x5
/// 7e-5, 6x6 7.3e-6, 7x7 1.3e-6, 8x8 2.3e-8, 9x9 1.1e-8, 10x10 9.3e-10,
/// 11x11 4.8e-11). On long boards of a fixed shorter side the error settles
/// near that side's limit, measured here for every board up to 52 long:
/// at most 7.0e-5 for a shorter side of 5 (5x5 itself; 3.5e-5 at 5x52) and
/// 7.3e-6 for 6 (docs/benchmarks.md). 1e-3 is fourteen times the worst
/// seen, and costs a modulus job a few bits. 4x4 is already off by 1.2e-3,
/// so smaller sides get the rigorous bound only.
pub fn tolerance(width: usize, height: usize) -> Option<f64> {
    (width.min(height) >= 5).then_some(TOLERANCE)
}

/// The relative tolerance of [`tolerance`].
pub const TOLERANCE: f64 = 1e-3;

/// log2 of a positive number (0 for 0).
fn log2_of(n: &BigUint) -> f64 {
    let bits = n.bits();
    if bits <= 64 {
        return u64::try_from(n).map_or(0.0, |v| (v as f64).log2());
    }
    let top = u64::try_from(n >> (bits - 64)).unwrap_or(u64::MAX);
    (top as f64).log2() + (bits - 64) as f64
}

/// The number 2^`log2`, rounded down (exact to 52 bits).
fn from_log2(log2: f64) -> BigUint {
    if log2 < 60.0 {
        return BigUint::from(log2.exp2() as u64);
    }
    let shift = log2.floor() as u64 - 52;
    BigUint::from((log2 - shift as f64).exp2() as u64) << shift
}

/// The count's relative distance from the approximation.
pub fn relative_error(width: usize, height: usize, count: &BigUint) -> f64 {
    ((log2_of(count) - approximation_log2(width, height)).exp2() - 1.0).abs()
}

/// Checks that `count` lies within the [`tolerance`] of the approximation
/// (for a shorter side of at least 5; smaller boards pass).
pub fn plausible(width: usize, height: usize, count: &BigUint) -> Result<(), CountError> {
    let Some(tolerance) = tolerance(width, height) else {
        return Ok(());
    };
    let error = relative_error(width, height, count);
    if error.is_nan() || error > tolerance {
        return Err(CountError::Implausible(format!(
            "{count} legal colorings of {width}x{height} is {error:.2e} away from Tromp's \
             approximation (relatively), more than the {tolerance:e} every count of a \
             shorter side of at least 5 lies within: a count gone wrong"
        )));
    }
    Ok(())
}

/// One job's result: L mod `modulus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Residue {
    /// The modulus (at least 2).
    pub modulus: u64,
    /// L modulo it.
    pub residue: u64,
}

/// Which interval determined a combined count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// [0, 3^(m n)]: every coloring, legal or not.
    Colorings,
    /// The approximation within its [`tolerance`].
    Approximation,
}

/// The count put together from its residues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combined {
    /// L(width, height).
    pub count: BigUint,
    /// The product of the moduli.
    pub product: BigUint,
    /// The interval that made the count unique.
    pub bound: Bound,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The number below the product of the moduli with every residue
/// (pairwise coprime moduli), by the Chinese remainder theorem.
fn crt(residues: &[Residue]) -> (BigUint, BigUint) {
    let mut value = BigUint::default();
    let mut product = BigUint::from(1u8);
    for r in residues {
        let m = BigUint::from(r.modulus);
        // value + product * t = r.residue (mod m): t = (residue - value) / product.
        let p_mod = u64::try_from(&product % &m).unwrap_or(0);
        let v_mod = u64::try_from(&value % &m).unwrap_or(0);
        let diff = (u128::from(r.residue % r.modulus) + u128::from(r.modulus) - u128::from(v_mod))
            % u128::from(r.modulus);
        let inverse = pow_inverse(p_mod, r.modulus);
        let t = (diff * u128::from(inverse)) % u128::from(r.modulus);
        value += &product * BigUint::from(t as u64);
        product *= m;
    }
    (value, product)
}

/// The inverse of `a` modulo `m` (coprime), by the extended Euclid.
fn pow_inverse(a: u64, m: u64) -> u64 {
    let (mut old_r, mut r) = (i128::from(a), i128::from(m));
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    old_s.rem_euclid(i128::from(m)) as u64
}

/// The bits each job adds (a modulus just below 2^64), counted low.
const BITS_A_JOB: f64 = 63.99;

/// L(width, height) from the residues of its jobs; refused when two moduli
/// repeat or share a factor, or their product cannot single the count out.
pub fn combine(width: usize, height: usize, residues: &[Residue]) -> Result<Combined, CountError> {
    for (i, a) in residues.iter().enumerate() {
        if a.modulus < 2 || a.residue >= a.modulus {
            return Err(CountError::BadModulus(a.modulus));
        }
        for b in &residues[..i] {
            if a.modulus == b.modulus {
                return Err(CountError::RepeatedModulus(a.modulus));
            }
            if gcd(a.modulus, b.modulus) != 1 {
                return Err(CountError::NotCoprime(b.modulus, a.modulus));
            }
        }
    }
    let (value, product) = crt(residues);
    let colorings_log2 = (width * height) as f64 * 3f64.log2();
    let every = BigUint::from(3u8).pow((width * height) as u32);
    let (count, bound) = if product > every {
        (value, Bound::Colorings)
    } else if let Some(tolerance) = tolerance(width, height) {
        let centre = approximation_log2(width, height);
        let low = from_log2(centre + (1.0 - tolerance).log2());
        let low = if low > BigUint::from(1u8) {
            low - 1u8
        } else {
            low
        };
        let high = from_log2(centre + (1.0 + tolerance).log2()) + 1u8;
        let width_of = &high - &low;
        if product <= width_of {
            let more = ((log2_of(&width_of) - log2_of(&product)) / BITS_A_JOB).floor() as usize + 1;
            return Err(undetermined(width, height, residues, more));
        }
        // The one number in [low, high] with the residues.
        let offset = (&value + &product - &low % &product) % &product;
        let count = &low + offset;
        if count > high {
            return Err(CountError::Implausible(format!(
                "no number within {tolerance:e} of Tromp's approximation of L({width}, {height}) \
                 has these residues: a job's result is wrong"
            )));
        }
        (count, Bound::Approximation)
    } else {
        let more = ((colorings_log2 - log2_of(&product)) / BITS_A_JOB).floor() as usize + 1;
        return Err(undetermined(width, height, residues, more));
    };
    plausible(width, height, &count)?;
    Ok(Combined {
        count,
        product,
        bound,
    })
}

fn undetermined(width: usize, height: usize, residues: &[Residue], more: usize) -> CountError {
    let have = residues.len();
    // The standard jobs (`--job K`) whose moduli are not among these.
    let missing: Vec<String> = moduli()
        .enumerate()
        .filter(|(_, m)| !residues.iter().any(|r| r.modulus == *m))
        .take(more)
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    let jobs = have + more;
    CountError::Undetermined(format!(
        "{have} modulus job{} of {width}x{height} cannot determine the count: the product of \
         the moduli is smaller than the interval it is known to lie in; {more} more job{} \
         (--job {} of --jobs {jobs}) would",
        if have == 1 { "" } else { "s" },
        if more == 1 { "" } else { "s" },
        missing.join(", ")
    ))
}

/// The number of modulus jobs (moduli just below 2^64) whose product
/// determines L(width, height).
pub fn jobs_needed(width: usize, height: usize) -> usize {
    let bits = match tolerance(width, height) {
        Some(t) => approximation_log2(width, height) + (2.0 * t).log2() + 1.0,
        None => (width * height) as f64 * 3f64.log2(),
    };
    (bits.max(0.0) / BITS_A_JOB).floor() as usize + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn miller_rabin_agrees_with_trial_division_and_knows_strong_pseudoprimes() {
        let by_division = |n: u64| {
            n >= 2
                && (2..)
                    .take_while(|d| d * d <= n)
                    .all(|d| !n.is_multiple_of(d))
        };
        for n in 0..5000 {
            assert_eq!(is_prime(n), by_division(n), "{n}");
        }
        // Strong pseudoprimes to several small bases, and Carmichael numbers.
        for n in [
            2047,
            1_373_653,
            25_326_001,
            3_215_031_751,
            2_152_302_898_747,
            561,
            41041,
        ] {
            assert!(!is_prime(n), "{n}");
        }
        assert!(!is_prime(3_825_123_056_546_413_051));
        assert!(is_prime(1_000_000_007));
        assert!(is_prime(u64::MAX - 58));
    }

    #[test]
    fn the_moduli_are_the_largest_primes_below_two_to_the_64() {
        // 2^64 - 59, - 83, - 95, - 179 (OEIS A013603 gives 59 as the first).
        assert_eq!(job_modulus(1), Some(u64::MAX - 58));
        assert_eq!(job_modulus(2), Some(u64::MAX - 82));
        assert_eq!(job_modulus(3), Some(u64::MAX - 94));
        assert_eq!(job_modulus(4), Some(u64::MAX - 178));
        assert_eq!(job_modulus(0), None);
        for n in (u64::MAX - 178)..=u64::MAX {
            let listed = [58, 82, 94, 178].iter().any(|d| n == u64::MAX - d);
            assert_eq!(is_prime(n), listed, "2^64 - {}", u64::MAX - n + 1);
        }
    }

    #[test]
    fn a_count_far_from_the_approximation_is_an_error() {
        let l5: BigUint = "414295148741".parse().unwrap();
        assert_eq!(plausible(5, 5, &l5), Ok(()));
        let off = &l5 + &l5 / 500u32;
        assert!(matches!(
            plausible(5, 5, &off),
            Err(CountError::Implausible(_))
        ));
        // Below a shorter side of 5 nothing is claimed.
        assert_eq!(plausible(4, 4, &BigUint::from(1u8)), Ok(()));
        // L(5x5) modulo one prime near 10^6 is not determined; modulo two
        // (a product of 10^9, below 3^25 but above the interval of the
        // approximation, 8.3e8 wide) it is.
        let residue = |m: u64| Residue {
            modulus: m,
            residue: u64::try_from(&l5 % m).unwrap(),
        };
        let one = [residue(1_000_003)];
        assert!(matches!(
            combine(5, 5, &one),
            Err(CountError::Undetermined(_))
        ));
        let two = combine(5, 5, &[residue(1_000_003), residue(1_009)]).unwrap();
        assert_eq!((two.count, two.bound), (l5, Bound::Approximation));
    }

    #[test]
    fn the_jobs_needed_grow_with_the_board() {
        assert_eq!(jobs_needed(3, 3), 1);
        assert_eq!(jobs_needed(12, 12), 4);
        assert_eq!(jobs_needed(13, 13), 5);
        assert_eq!(jobs_needed(14, 14), 5);
    }

    #[test]
    fn the_chinese_remainder_theorem_gives_back_a_number_below_the_product() {
        let n: u128 = 0x1234_5678_9abc_def0_1122_3344_5566_7788;
        let moduli = [u64::MAX - 58, u64::MAX - 82];
        let residues: Vec<Residue> = moduli
            .iter()
            .map(|&m| Residue {
                modulus: m,
                residue: (n % u128::from(m)) as u64,
            })
            .collect();
        let (value, product) = crt(&residues);
        assert_eq!(value, BigUint::from(n));
        assert_eq!(product, BigUint::from(moduli[0]) * BigUint::from(moduli[1]));
    }
}
