//! What several subcommands read the same way: rules by any name, a seed
//! from the clock, and numeric options checked as clap parses them.

/// Rules by any name the program reads: a preset, a compact string, or a
/// name other programs write (`chinese`, `nz`, `aga`, `japanese`), as
/// `replay` reads `RU`.
pub(crate) fn rules_by_any_name(text: &str) -> Result<tromp_taylor_harness::vocab::Rules, String> {
    tromp_taylor_conformance::matrix::manifest::rules_by_any_name(text)
}

/// A seed from the clock, for runs not given one (every job prints its seed).
pub(crate) fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// Numeric options, each checked once by clap as it parses, so that a value
/// that means nothing (NaN, infinite, negative, zero, absurd) is refused with
/// exit 2 and a message naming the option before anything runs.
pub mod numbers {
    /// The most seconds a timeout may be: a day.
    pub const MAX_SECONDS: f64 = 86_400.0;
    /// The most worker threads `--jobs` may ask for.
    pub const MAX_JOBS: usize = 256;

    /// A number of seconds: finite, above zero, at most [`MAX_SECONDS`].
    pub fn seconds(text: &str) -> Result<f64, String> {
        let value: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a number of seconds"))?;
        if !value.is_finite() {
            return Err(format!("{text:?} is not a finite number of seconds"));
        }
        if value <= 0.0 {
            return Err(format!("{text:?}: a timeout must be above 0 seconds"));
        }
        if value > MAX_SECONDS {
            return Err(format!(
                "{text:?}: a timeout may be at most {MAX_SECONDS} seconds (a day)"
            ));
        }
        Ok(value)
    }

    /// A whole number from `low` to `high`, with `what` it counts named in the error.
    fn bounded(text: &str, low: usize, high: usize, what: &str) -> Result<usize, String> {
        let value: usize = text
            .trim()
            .parse()
            .map_err(|_| format!("{text:?} is not a whole number of {what}"))?;
        if !(low..=high).contains(&value) {
            return Err(format!("{value} {what}: give from {low} to {high} {what}"));
        }
        Ok(value)
    }

    /// Worker threads: 1 to [`MAX_JOBS`].
    pub fn jobs(text: &str) -> Result<usize, String> {
        bounded(text, 1, MAX_JOBS, "jobs")
    }

    /// Games to play: at least one, at most a billion.
    pub fn games(text: &str) -> Result<usize, String> {
        bounded(text, 1, 1_000_000_000, "games")
    }

    /// Generated vectors: none to a hundred thousand.
    pub fn generated(text: &str) -> Result<usize, String> {
        bounded(text, 0, 100_000, "cases")
    }

    /// Handicap stones: none to a board's points (52x52).
    pub fn stones(text: &str) -> Result<usize, String> {
        bounded(text, 0, 52 * 52, "stones")
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn numbers_that_mean_nothing_are_refused() {
            for bad in ["nan", "NaN", "inf", "-inf", "-1", "0", "1e9", "x", ""] {
                assert!(seconds(bad).is_err(), "{bad}");
            }
            assert_eq!(seconds("0.5"), Ok(0.5));
            assert!(jobs("0").is_err() && jobs("1000000").is_err() && jobs("-2").is_err());
            assert!(jobs("1000000").unwrap_err().contains("from 1 to 256"));
            assert_eq!(jobs("4"), Ok(4));
            assert!(games("0").is_err());
            assert_eq!(generated("0"), Ok(0));
            assert!(stones("2705").is_err());
        }
    }
}
