//! Results in the harness's words: the winner and the margin, printed and
//! read in the one form every report, record and engine answer uses.

use super::board::Player;
use std::fmt;

/// The result: the winner and the margin in half points, or a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a tie.
    pub winner: Option<Player>,
    /// The margin in half points (0 for a tie).
    pub half_points: u64,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            None => f.write_str("0"),
            Some(winner) => {
                let letter = if winner == Player::Black { 'B' } else { 'W' };
                write!(f, "{letter}+{}", self.half_points / 2)?;
                if self.half_points % 2 == 1 {
                    f.write_str(".5")?;
                }
                Ok(())
            }
        }
    }
}

/// Why a text is not a result that states a score.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a scored result (B+3.5, W+1, 0, Draw)")]
pub struct OutcomeError {
    /// The text read.
    pub text: String,
}

impl std::str::FromStr for Outcome {
    type Err = OutcomeError;

    /// `B+3.5`, `W+1`, `b+0.0` (a tie), `0`, `Draw` or `Jigo`: what GTP's
    /// `final_score` and SGF's `RE` write for a scored game. Resignations,
    /// time and forfeits (`B+R`, `W+T`, `B+F`) are not scores and are refused.
    ///
    /// ```
    /// use tromp_taylor_vocab::vocab::{Outcome, Player};
    /// let win: Outcome = "B+3.5".parse().unwrap();
    /// assert_eq!((win.winner, win.half_points), (Some(Player::Black), 7));
    /// assert_eq!("W+0".parse::<Outcome>().unwrap().to_string(), "0");
    /// assert!("B+R".parse::<Outcome>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Outcome, OutcomeError> {
        let error = || OutcomeError {
            text: text.to_string(),
        };
        let tie = Outcome {
            winner: None,
            half_points: 0,
        };
        let trimmed = text.trim();
        if ["0", "draw", "jigo"]
            .iter()
            .any(|t| trimmed.eq_ignore_ascii_case(t))
        {
            return Ok(tie);
        }
        let (winner, margin) = match trimmed.split_once('+').ok_or_else(error)? {
            (b, m) if b.eq_ignore_ascii_case("b") => (Player::Black, m),
            (w, m) if w.eq_ignore_ascii_case("w") => (Player::White, m),
            _ => return Err(error()),
        };
        let margin = margin.trim();
        if !margin.bytes().all(|b| b.is_ascii_digit() || b == b'.') || margin.is_empty() {
            return Err(error());
        }
        let half = margin.parse::<f64>().map_err(|_| error())? * 2.0;
        if !(0.0..1e12).contains(&half) || half.fract() != 0.0 {
            return Err(error());
        }
        Ok(if half == 0.0 {
            tie
        } else {
            Outcome {
                winner: Some(winner),
                half_points: half as u64,
            }
        })
    }
}
