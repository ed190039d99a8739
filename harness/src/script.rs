//! A generated game as data: its setup and its steps, each a choice among the
//! legal turns, a raw attempt at a turn, or an agreement on dead stones.
//!
//! Choices are indices into the legal turns (taken modulo their number), so
//! removing steps while shrinking leaves a game that is still played with
//! legal turns. Raw attempts carry a fixed turn, so the verdicts on occupied,
//! suicidal and repeating points are compared too. `Debug` prints the script
//! as the SGF of the game it makes, which is itself the reproducer.

use crate::engine::SPEC;
use crate::vocab::{Point, Setup, Turn};
use std::fmt;

/// One step of a script.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Step {
    /// Take the legal turn with this index (modulo the number of legal
    /// turns; the pass is index 0).
    Choose(u32),
    /// Attempt this turn, legal or not; take it if legal.
    Attempt(Turn),
    /// Attempt to end the game by agreement on these points to empty.
    Agree(Vec<Point>),
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Choose(n) => write!(f, "Choose({n})"),
            Step::Attempt(Turn::Pass) => f.write_str("Attempt(pass)"),
            Step::Attempt(Turn::Move(p)) => write!(f, "Attempt({},{})", p.x, p.y),
            Step::Agree(points) => write!(f, "Agree({points:?})"),
        }
    }
}

/// What a step came to in a particular game (a turn or an agreement
/// attempted), and the list of them with the player to move: the
/// vocabulary's, named here too.
pub use crate::vocab::{Action, Record};

/// A game to play on every engine: the setup and the steps.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Script {
    /// Board, rules and handicap.
    pub setup: Setup,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Script {
    /// The actions the steps come to when played by `spec`, each with the
    /// player to move; stops where the game ends. `None` if `spec` cannot
    /// start the game.
    pub fn resolve(&self) -> Option<Record> {
        let mut game = (SPEC.start)(self.setup).ok()?;
        let mut record = Vec::new();
        for step in &self.steps {
            let action = match step {
                Step::Choose(n) => {
                    let legal = game.legal_turns();
                    if legal.is_empty() {
                        break;
                    }
                    Action::Turn(legal[*n as usize % legal.len()])
                }
                Step::Attempt(turn) => Action::Turn(*turn),
                Step::Agree(points) => Action::Agree(points.clone()),
            };
            record.push((game.to_move(), action.clone()));
            match action {
                Action::Turn(turn) => {
                    let _ = game.play(turn);
                }
                Action::Agree(points) => {
                    let _ = game.agree(&points);
                }
            }
        }
        Some(record)
    }
}

impl fmt::Debug for Script {
    /// The SGF of the game the script makes: paste it into a file and replay
    /// it with `tromp-taylor diff --replay FILE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.resolve() {
            Some(record) => f.write_str(&crate::sgf::write(&self.setup, &record)),
            None => write!(
                f,
                "Script {{ setup: {:?}, steps: {:?} }}",
                self.setup, self.steps
            ),
        }
    }
}
