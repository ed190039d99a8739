//! One divergence written for whoever acts on it: the [`Report`] in which
//! `diff`, `check` and `audit` all report.

use super::grids::side_by_side;
use super::kind;
use super::words::{plural, vertex};
use crate::diff::{Difference, Divergence};
use crate::safe;
use crate::script::Action;
use crate::vocab::Turn;
use std::fmt;

/// One divergence written for whoever acts on it, the one form in which
/// `diff`, `check` and `audit` report: a headline, how far it was
/// minimised, the step, what each side said (or what they disagree on),
/// where such a divergence usually comes from, the rules at stake quoted,
/// the grids, what the caller adds (an engine's GTP commands), and the SGF
/// that replays it.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The first line: who, which game, what kind.
    pub headline: String,
    /// The divergence, minimised.
    pub divergence: &'a Divergence,
    /// The steps of the game before it was minimised.
    pub steps_before: usize,
    /// What the second engine and the first said, in the caller's words
    /// (`the engine: ...`, `the rules: ...`); else the driver's words for
    /// what they disagree on.
    pub says: Option<[(String, String); 2]>,
    /// Where such a divergence usually comes from.
    pub hint: Option<String>,
    /// The rules at stake, quoted.
    pub rules: Vec<&'static str>,
    /// Further sections: a heading and its lines.
    pub sections: Vec<(String, Vec<String>)>,
}

impl<'a> Report<'a> {
    /// `divergence` under `headline`, in the driver's words, with nothing added.
    pub fn new(headline: String, divergence: &'a Divergence) -> Report<'a> {
        Report {
            headline,
            steps_before: divergence.steps,
            divergence,
            says: None,
            hint: None,
            rules: Vec::new(),
            sections: Vec::new(),
        }
    }

    /// The step where the engines part, in words.
    fn step(&self) -> Option<String> {
        let m = self.divergence;
        let (player, action) = m.record.last()?;
        Some(match action {
            Action::Turn(Turn::Pass) => format!("{player} passes"),
            Action::Turn(Turn::Move(p)) if m.setup.size.index(*p).is_some() => {
                format!("{player} plays {}", vertex(*p))
            }
            Action::Turn(Turn::Move(p)) => format!("{player} plays off the board at {p:?}"),
            Action::Agree(points) => format!(
                "the players agree to empty {}",
                points
                    .iter()
                    .map(|p| vertex(*p))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        })
    }

    /// How the game starts and what was undone, where that matters.
    fn write_notes(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.divergence;
        if self.steps_before > m.steps {
            writeln!(
                f,
                "minimised from {} to {}",
                plural(self.steps_before, "step"),
                m.steps
            )?;
        }
        if m.position.is_some() {
            writeln!(
                f,
                "the game starts from a setup position (AB, AW and PL in the SGF)"
            )?;
        }
        if m.undos > 0 {
            writeln!(
                f,
                "{} turns were undone before they parted: the SGF holds the line standing, not the undos; the script's Debug (with its undos) replays it",
                m.undos
            )?;
        }
        if let Difference::LegalSet { .. } = m.difference {
            // The legal sets are compared before the next step.
            let to_move =
                kind::to_move_after(m).map_or(String::new(), |p| format!(", {p} to move"));
            write!(
                f,
                "the legal sets differ before step {}{to_move}",
                m.record.len() + 1
            )?;
            match self.step() {
                Some(step) => writeln!(f, " (after step {}: {step})", m.record.len())?,
                None => writeln!(f, " (at the start)")?,
            }
        } else if let Some(step) = self.step() {
            writeln!(f, "the step: {step} (step {})", m.record.len())?;
        }
        Ok(())
    }

    /// The grids side by side, or the first engine's alone.
    fn write_grids(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.divergence;
        match (&m.left_grid, &m.right_grid) {
            (Some(left), Some(right)) => {
                write!(
                    f,
                    "
{}",
                    side_by_side(&m.left, left, &m.right, right)
                )
            }
            (Some(left), None) => write!(
                f,
                "
the board by {}:
{}",
                m.left,
                crate::vertex::labelled_board(left.size, &left.colors)
            ),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", safe::text(&self.headline))?;
        self.write_notes(f)?;
        match &self.says {
            Some([(right, right_says), (left, left_says)]) => {
                let width = right.len().max(left.len()) + 1;
                let (right_says, left_says) = (safe::text(right_says), safe::text(left_says));
                writeln!(f, "{:<width$} {right_says}", format!("{right}:"))?;
                writeln!(f, "{:<width$} {left_says}", format!("{left}:"))?;
            }
            None => writeln!(f, "they disagree on {}", self.divergence.describe())?,
        }
        if let Some(hint) = &self.hint {
            writeln!(f, "hint: {hint}")?;
        }
        if !self.rules.is_empty() {
            writeln!(f, "\nwhat the rules say (the Tromp-Taylor rules):")?;
            for rule in &self.rules {
                writeln!(f, "  {rule}")?;
            }
        }
        self.write_grids(f)?;
        for (heading, lines) in &self.sections {
            writeln!(f, "\n{heading}:")?;
            for line in lines {
                writeln!(f, "  {}", safe::line(line))?;
            }
        }
        writeln!(
            f,
            "\nSGF reproducer (the disputed turn, if any, is its last node, marked TTV):\n{}",
            self.divergence.reproducer()
        )
    }
}
