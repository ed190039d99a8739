//! Running a case on an engine: recording what the engine says of every
//! turn, and comparing it with what the case states, to the first difference.

use super::format::{Attempt, Case, EndCase, Inputs, TurnCase};
use super::inputs::{inputs, letter, point_name, turn_text};
use super::load::{load_suite, LoadError};
use crate::engine::{Engine, EngineKind};
use crate::vocab::{Illegal, Player, Point, Verdict};
use std::fmt;
use thiserror::Error;

/// Starts `inputs`' game on `kind`.
fn start(kind: &EngineKind, inputs: &Inputs) -> Result<Box<dyn Engine + Send>, String> {
    match &inputs.position {
        Some((colors, to_move)) => {
            kind.start_position(inputs.setup.size, inputs.setup.rules, colors, *to_move)
        }
        None => kind.start(inputs.setup),
    }
}

/// The verdict as the format writes it: `expect` and `repeats_turn`.
fn expectation(verdict: Verdict) -> (&'static str, Option<usize>) {
    match verdict {
        Ok(()) => ("legal", None),
        Err(superko @ Illegal::Superko { repeats_turn, .. }) => {
            (superko.code(), Some(repeats_turn))
        }
        Err(illegal) => (illegal.code(), None),
    }
}

/// Plays `inputs` on `kind` and writes down what the engine says of every
/// turn, asking for the legal turns before turn `i` where `ask_legal(i)`,
/// and the state at the end.
pub fn record(
    kind: &EngineKind,
    inputs: &Inputs,
    ask_legal: impl Fn(usize) -> bool,
) -> Result<(Vec<TurnCase>, EndCase), String> {
    let mut engine = start(kind, inputs)?;
    let mut turns = Vec::new();
    for (i, attempt) in inputs.attempts.iter().enumerate() {
        let player = letter(engine.to_move());
        let legal_before =
            ask_legal(i).then(|| engine.legal_turns().into_iter().map(turn_text).collect());
        let (turn, agree_points, (expect, repeats_turn)) = match attempt {
            Attempt::Turn(turn) => (
                turn_text(*turn),
                Vec::new(),
                expectation(engine.play(*turn)),
            ),
            Attempt::Agree(points) => (
                "agree".to_string(),
                points.iter().map(|p| point_name(*p)).collect(),
                (
                    if engine.agree(points).is_ok() {
                        "legal"
                    } else {
                        "refused"
                    },
                    None,
                ),
            ),
        };
        turns.push(TurnCase {
            player,
            turn,
            agree_points,
            expect: expect.to_string(),
            repeats_turn,
            legal_before,
            grid_after: engine.grid().rows(),
        });
    }
    let end = EndCase {
        over: engine.is_over(),
        to_move: letter(engine.to_move()),
        black: engine.score(Player::Black),
        white: engine.score(Player::White),
        prisoners: [
            engine.prisoners(Player::Black),
            engine.prisoners(Player::White),
        ],
        result: engine.outcome().to_string(),
    };
    Ok((turns, end))
}

/// Where in a case a failure is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Reading the case and starting the game.
    Start,
    /// A turn, numbered from 1.
    Turn {
        /// Its number.
        number: usize,
        /// The player the case says attempts it.
        player: String,
        /// The turn as the case writes it.
        turn: String,
    },
    /// The state at the end.
    End,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Start => f.write_str("the start"),
            Step::Turn {
                number,
                player,
                turn,
            } => write!(f, "turn {number} ({player} {turn})"),
            Step::End => f.write_str("the end"),
        }
    }
}

/// A case an engine does not pass: the first place where it parts from the
/// case.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{case} on {engine}: {step}: {what}: expected {expected}, got {got}")]
pub struct CaseFailure {
    /// The case's id.
    pub case: String,
    /// The engine's name.
    pub engine: String,
    /// Where.
    pub step: Step,
    /// What was compared: `the verdict`, `the grid after it`, `Black's score`, ...
    pub what: &'static str,
    /// What the case says.
    pub expected: String,
    /// What the engine said.
    pub got: String,
}

fn verdict_text(expect: &str, repeats_turn: Option<usize>) -> String {
    match repeats_turn {
        Some(turn) => format!("{expect} (repeats turn {turn})"),
        None => expect.to_string(),
    }
}

/// A grid for a report: its rows joined by `/` on a small board, the
/// points that differ from `other` on a large one.
fn grid_text(rows: &[String], other: &[String]) -> String {
    if rows.iter().map(String::len).sum::<usize>() <= 100 {
        return rows.join("/");
    }
    let height = rows.len();
    let mut points = Vec::new();
    for (from_top, (row, other_row)) in rows.iter().zip(other).enumerate() {
        for (x, (mark, other_mark)) in row.chars().zip(other_row.chars()).enumerate() {
            if mark != other_mark {
                let name = point_name(Point::new(x, height - 1 - from_top));
                points.push(format!("{name} {mark}"));
            }
        }
    }
    format!("... {} ...", points.join(", "))
}

/// Plays `case` on `engine` through the [`Engine`] trait and compares, turn
/// by turn, the player to move, the legal turns (where the case gives
/// them), the verdict and the grid after it; then whether the game is over,
/// the player to move, both scores, the prisoners and the result. The first
/// difference is the failure.
// The failure is as large as what a reader needs to see (the case, the turn,
// both answers), and made at most once per case.
#[allow(clippy::result_large_err)]
pub fn check_case(engine: &EngineKind, case: &Case) -> Result<(), CaseFailure> {
    let failure = |step: Step, what: &'static str, expected: String, got: String| CaseFailure {
        case: case.id.clone(),
        engine: engine.name().to_string(),
        step,
        what,
        expected,
        got,
    };
    let inputs = inputs(case)
        .map_err(|why| failure(Step::Start, "the case", "a well-formed case".into(), why))?;
    let (turns, end) = record(engine, &inputs, |i| case.turns[i].legal_before.is_some())
        .map_err(|why| failure(Step::Start, "the game", "a game".into(), why))?;
    for (number, (want, got)) in case.turns.iter().zip(&turns).enumerate() {
        if let Some((what, expected, got)) = turn_difference(want, got) {
            let step = Step::Turn {
                number: number + 1,
                player: want.player.clone(),
                turn: want.turn.clone(),
            };
            return Err(failure(step, what, expected, got));
        }
    }
    match end_difference(&case.end, &end) {
        Some((what, expected, got)) => Err(failure(Step::End, what, expected, got)),
        None => Ok(()),
    }
}

/// The first difference between the turn a case states (`want`) and the
/// turn an engine played (`got`): what differs, what the case says, what
/// the engine said.
fn turn_difference(want: &TurnCase, got: &TurnCase) -> Option<(&'static str, String, String)> {
    let game_over = Illegal::GameOver.code();
    let over = want.expect == game_over || got.expect == game_over;
    if !over && want.player != got.player {
        return Some((
            "the player to move",
            want.player.clone(),
            got.player.clone(),
        ));
    }
    if want.legal_before.is_some() && want.legal_before != got.legal_before {
        let list = |turns: &Option<Vec<String>>| {
            turns
                .iter()
                .flatten()
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Some((
            "the legal turns before it",
            list(&want.legal_before),
            list(&got.legal_before),
        ));
    }
    if (&want.expect, want.repeats_turn) != (&got.expect, got.repeats_turn) {
        return Some((
            "the verdict",
            verdict_text(&want.expect, want.repeats_turn),
            verdict_text(&got.expect, got.repeats_turn),
        ));
    }
    if want.grid_after != got.grid_after {
        return Some((
            "the grid after it",
            grid_text(&want.grid_after, &got.grid_after),
            grid_text(&got.grid_after, &want.grid_after),
        ));
    }
    None
}

/// The first difference between the end a case states (`want`) and the
/// end an engine reached: what differs, what the case says, what the
/// engine said.
fn end_difference(want: &EndCase, end: &EndCase) -> Option<(&'static str, String, String)> {
    let show = |value: &dyn fmt::Debug| format!("{value:?}");
    let compared: [(&'static str, String, String); 6] = [
        (
            "whether the game is over",
            show(&want.over),
            show(&end.over),
        ),
        ("Black's score", show(&want.black), show(&end.black)),
        ("White's score", show(&want.white), show(&end.white)),
        (
            "the prisoners (Black's, White's)",
            show(&want.prisoners),
            show(&end.prisoners),
        ),
        ("the result", want.result.clone(), end.result.clone()),
        (
            "the player to move",
            if want.over {
                String::new()
            } else {
                want.to_move.clone()
            },
            if want.over {
                String::new()
            } else {
                end.to_move.clone()
            },
        ),
    ];
    compared
        .into_iter()
        .find(|(_, expected, got)| expected != got)
}

/// The cases an engine does not pass, every one of them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct Failures {
    /// The engine's name.
    pub engine: String,
    /// How many cases were run.
    pub cases: usize,
    /// Each failing case's first failure.
    pub failures: Vec<CaseFailure>,
}

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} cases fail on {}:",
            self.failures.len(),
            self.cases,
            self.engine
        )?;
        for failure in &self.failures {
            write!(f, "\n  {failure}")?;
        }
        Ok(())
    }
}

/// Runs every case on `engine` and collects every failure; the number of
/// cases passed when none fails.
pub fn check_all(engine: &EngineKind, cases: &[Case]) -> Result<usize, Failures> {
    let failures: Vec<CaseFailure> = cases
        .iter()
        .filter_map(|case| check_case(engine, case).err())
        .collect();
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(Failures {
            engine: engine.name().to_string(),
            cases: cases.len(),
            failures,
        })
    }
}

/// Why the suite does not pass.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// It could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Some cases fail.
    #[error(transparent)]
    Fail(#[from] Failures),
}

/// Loads the suite of this source tree and runs every case on `engine`;
/// the number of cases when all pass.
pub fn check_suite(engine: &EngineKind) -> Result<usize, SuiteError> {
    Ok(check_all(engine, &load_suite()?)?)
}
