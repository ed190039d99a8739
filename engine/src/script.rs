//! A generated game as data: its setup (or a setup position), its steps,
//! each a choice among the legal turns, a raw attempt at a turn, or an
//! agreement on dead stones, and the undos interleaved with them.
//!
//! Choices are indices into the legal turns (taken modulo their number), so
//! removing steps while shrinking leaves a game that is still played with
//! legal turns. Raw attempts carry a fixed turn, so the verdicts on occupied,
//! suicidal and repeating points are compared too. `Debug` prints the script
//! as the SGF of the game it makes, which is itself the reproducer.

use crate::engine::{Engine, EngineKind};
use crate::vocab::{Point, Position, Setup, Turn};
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

/// Turns taken back in the middle of a script: after the step with index
/// `after` (from 0), `levels` undos, one after the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Undo {
    /// The index of the step after which the undos come.
    pub after: usize,
    /// How many turns (or agreements) are taken back.
    pub levels: u8,
}

/// A game to play on every engine: the setup, the position it starts from
/// (if not the empty board), the steps, and the undos between them.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Script {
    /// Board, rules and handicap (ignored when a position is given).
    pub setup: Setup,
    /// A setup position to start from instead of the empty board (with
    /// `setup.handicap` none), or `None`.
    pub start: Option<Position>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The undos, in order of `after`; marks past the last step are ignored.
    pub undos: Vec<Undo>,
}

impl Script {
    /// A game from `setup` on the empty board (or its handicap), with no undo.
    pub fn new(setup: Setup, steps: Vec<Step>) -> Script {
        Script {
            setup,
            start: None,
            steps,
            undos: Vec::new(),
        }
    }

    /// Reads the main line of the first game of `text` as a script to play:
    /// as [`crate::sgf::read`] reads it, and from its setup position (`AB`,
    /// `AW`, `PL`) when it has one, which `sgf::read` has no place for.
    /// Replaying a saved game reads it this way, so a game from a set-up
    /// position is played from that position.
    pub fn read_sgf(text: &str) -> Result<Script, crate::sgf::SgfError> {
        let options = crate::sgf::ReadOptions {
            attempts: true,
            ..crate::sgf::ReadOptions::default()
        };
        Ok(Script::from_game_record(&crate::sgf::read_game(
            text, &options,
        )?))
    }

    /// The game of a record (an SGF's main line) as a script: its setup
    /// position (`AB`, `AW`, `PL`) or its setup and handicap, and each move
    /// or agreement as an attempt.
    pub fn from_game_record(record: &crate::sgf::GameRecord) -> Script {
        // `HA[n]` with its stones on the standard points is the fixed
        // handicap itself, as the writer writes it; other stones are a position.
        let handicap_stones = |colors: &Vec<crate::vocab::Color>| match record.handicap {
            crate::vocab::Handicap::Fixed(n) => {
                crate::engine::spec::fixed_handicap_points(record.size, n).is_ok_and(|points| {
                    record.size.all_points().all(|p| {
                        let black = points.contains(&p);
                        let color = record.size.index(p).map(|i| colors[i]);
                        color
                            == Some(if black {
                                crate::vocab::Color::Black
                            } else {
                                crate::vocab::Color::Empty
                            })
                    })
                })
            }
            _ => false,
        };
        let start = record
            .setup
            .as_ref()
            .filter(|colors| !handicap_stones(colors))
            .map(|colors| Position {
                colors: colors.clone(),
                to_move: record.first_player(),
            });
        let setup = Setup {
            size: record.size,
            rules: record.rules,
            handicap: match start {
                Some(_) => crate::vocab::Handicap::None,
                None => record.handicap,
            },
        };
        let steps = record
            .moves
            .iter()
            .map(|m| match &m.action {
                Action::Turn(turn) => Step::Attempt(*turn),
                Action::Agree(points) => Step::Agree(points.clone()),
            })
            .collect();
        Script {
            setup,
            start,
            steps,
            undos: Vec::new(),
        }
    }

    /// The undo levels that follow step `index`.
    pub fn undos_after(&self, index: usize) -> usize {
        self.undos
            .iter()
            .filter(|u| u.after == index)
            .map(|u| usize::from(u.levels))
            .sum()
    }

    /// Starts the script's game in `kind`: from its position, or its setup.
    pub fn start_in(
        &self,
        kind: &crate::engine::EngineKind,
    ) -> Result<Box<dyn Engine + Send>, String> {
        match &self.start {
            Some(position) => kind.start_position(
                self.setup.size,
                self.setup.rules,
                &position.colors,
                position.to_move,
            ),
            None => kind.start(self.setup),
        }
    }

    /// The actions the steps come to when played by `spec`, each with the
    /// player to move: the line standing at the end (an undo takes its
    /// action off); stops where the game ends. `None` if `spec` cannot
    /// start the game.
    pub fn resolve(&self) -> Option<Record> {
        let mut game = self.start_in(&EngineKind::spec()).ok()?;
        let mut record = Vec::new();
        for (index, step) in self.steps.iter().enumerate() {
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
            for _ in 0..self.undos_after(index) {
                if game.undo() {
                    record.pop();
                }
            }
        }
        Some(record)
    }
}

impl fmt::Debug for Script {
    /// The SGF of the game the script makes: paste it into a file and replay
    /// it with `tromp-taylor diff --replay FILE`. A script with undos, or
    /// from a position, is printed as data too (the SGF holds the line
    /// standing at the end, not the undos).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = self.start.is_none() && self.undos.is_empty();
        match self.resolve() {
            Some(record) if plain => f.write_str(&crate::sgf::write(&self.setup, &record)),
            _ => write!(
                f,
                "Script {{ setup: {:?}, start: {:?}, steps: {:?}, undos: {:?} }}",
                self.setup, self.start, self.steps, self.undos
            ),
        }
    }
}
