//! The small words of reports: a count and its noun, a verdict, a list of
//! turns, a point.

use crate::vertex::{turn_name, vertex_name};
use crate::vocab::{Point, Turn, Verdict};

/// `1 turn`, `2 turns`: a count and its noun.
///
/// ```
/// use tromp_taylor_engine::report::plural;
/// assert_eq!(plural(1, "game"), "1 game");
/// assert_eq!(plural(0, "move"), "0 moves");
/// ```
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub(super) fn verdict_text(verdict: &Verdict) -> String {
    match verdict {
        Ok(()) => "legal".to_string(),
        Err(illegal) => format!("illegal: {illegal}"),
    }
}

pub(super) fn turns_text(turns: &[Turn]) -> String {
    if turns.is_empty() {
        return "nothing".to_string();
    }
    turns
        .iter()
        .map(|t| turn_name(*t))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn vertex(p: Point) -> String {
    vertex_name(p)
}
