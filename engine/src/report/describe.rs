//! What two engines disagree on, in one paragraph, and a divergence as the
//! driver sees it.

use super::words::{turns_text, verdict_text};
use super::Report;
use crate::diff::{Difference, Divergence};
use crate::safe;
use crate::vocab::Handicap;
use std::fmt;

impl Divergence {
    /// What the engines disagree on, in one paragraph.
    pub fn describe(&self) -> String {
        self.difference.describe(&self.left, &self.right)
    }
}

impl Difference {
    /// What engines `l` (the left) and `r` (the right) disagree on, in one
    /// paragraph.
    pub fn describe(&self, l: &str, r: &str) -> String {
        match self {
            Difference::Start { left, right } => format!(
                "starting the game: {l} says {}, {r} says {}",
                left.as_ref()
                    .map_or_else(|e| safe::line(e), |_| "ok".into()),
                right
                    .as_ref()
                    .map_or_else(|e| safe::line(e), |_| "ok".into())
            ),
            Difference::ToMove { left, right } => {
                format!("whose turn it is: {l} says {left}, {r} says {right}")
            }
            Difference::Over { left, right } => {
                format!("whether the game is over: {l} says {left}, {r} says {right}")
            }
            Difference::Passes { left, right } => {
                format!("the run of passes: {l} says {left}, {r} says {right}")
            }
            Difference::LegalSet {
                only_left,
                only_right,
            } => format!(
                "the legal turns: legal only for {l}: {}; legal only for {r}: {}",
                turns_text(only_left),
                turns_text(only_right)
            ),
            Difference::Verdict { turn, left, right } => format!(
                "the verdict on {}:\n  {l}: {}\n  {r}: {}",
                turns_text(&[*turn]),
                verdict_text(left),
                verdict_text(right)
            ),
            Difference::Check { turn, left, right } => format!(
                "the verdict asked without playing {}:\n  {l}: {}\n  {r}: {}",
                turns_text(&[*turn]),
                verdict_text(left),
                verdict_text(right)
            ),
            Difference::Agreement { left, right } => {
                format!("the agreement: {l} says {left:?}, {r} says {right:?}")
            }
            Difference::Grid => "the grid after the last step".to_string(),
            Difference::Score {
                player,
                left,
                right,
            } => format!("{player}'s score: {l} says {left}, {r} says {right}"),
            Difference::Prisoners {
                player,
                left,
                right,
            } => format!("{player}'s prisoners: {l} says {left}, {r} says {right}"),
            Difference::Outcome { left, right } => {
                format!("the result: {l} says {left}, {r} says {right}")
            }
            Difference::Undo { left, right } => {
                format!("whether there is a turn to undo: {l} says {left}, {r} says {right}")
            }
            Difference::Details { what, left, right } => {
                let (left, right) = (safe::line(left), safe::line(right));
                format!("the {what}: {l} says {left}, {r} says {right}")
            }
            Difference::Panic { engine, message } => {
                let message = safe::line(message);
                format!("whether to answer at all: {engine} panicked: {message}")
            }
        }
    }
}

impl fmt::Display for Divergence {
    /// The divergence as the driver sees it: which engines part where, the
    /// step, what they disagree on, both grids and the SGF.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let handicap = match self.setup.handicap {
            Handicap::None => String::new(),
            Handicap::Free(n) => format!(", free handicap {n}"),
            Handicap::Fixed(n) => format!(", fixed handicap {n}"),
        };
        let headline = format!(
            "DIVERGENCE: {} and {} part at step {} of a {} game under {}{handicap}",
            self.left, self.right, self.steps, self.setup.size, self.setup.rules,
        );
        write!(f, "{}", Report::new(headline, self))
    }
}
