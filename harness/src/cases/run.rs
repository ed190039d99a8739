//! Running a case on an engine: recording what the engine says of every
//! turn, and comparing it with what the case states, to the first difference.

use super::format::{Attempt, Case, EndCase, Inputs, TurnCase};
use super::inputs::{inputs, letter, point_name, turn_text};
use super::load::{load_suite, LoadError};
use crate::engine::{Engine, EngineKind, Supports, Unsupported};
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

/// The verdict as the format writes it: `expect` and `repeats_turn`; a
/// refusal `illegal` where the engine claims no reasons.
fn expectation(verdict: Verdict, claims: Supports) -> (&'static str, Option<usize>) {
    match verdict {
        Ok(()) => ("legal", None),
        Err(_) if !claims.reasons => ("illegal", None),
        Err(superko @ Illegal::Superko { repeats_turn, .. }) => {
            (superko.code(), Some(repeats_turn))
        }
        Err(illegal) => (illegal.code(), None),
    }
}

/// Plays `inputs` on `kind` and writes down what the engine says of every
/// turn, asking for the legal turns before turn `i` where `ask_legal(i)`,
/// and the state at the end: each answer where the engine claims to give
/// it ([`Supports::answers`](crate::engine::Supports::answers)); what it
/// does not claim is left empty (no legal set, no grid, no score, no
/// result) and a refusal without a reason is written `illegal`.
pub fn record(
    kind: &EngineKind,
    inputs: &Inputs,
    ask_legal: impl Fn(usize) -> bool,
) -> Result<(Vec<TurnCase>, EndCase), String> {
    play_case(kind, inputs, ask_legal).map(|played| (played.turns, played.end))
}

/// What an engine said of a case's game: each turn, the end, and the
/// verdict asked without playing before each turn where it claims to
/// answer that.
struct Played {
    turns: Vec<TurnCase>,
    end: EndCase,
    queries: Vec<Option<Verdict>>,
}

/// [`record`], with the verdicts asked without playing.
fn play_case(
    kind: &EngineKind,
    inputs: &Inputs,
    ask_legal: impl Fn(usize) -> bool,
) -> Result<Played, String> {
    let claims = kind.supports();
    let mut engine = start(kind, inputs)?;
    let (mut turns, mut queries) = (Vec::new(), Vec::new());
    for (i, attempt) in inputs.attempts.iter().enumerate() {
        let player = letter(engine.to_move());
        let legal_before = (ask_legal(i) && claims.legal_sets)
            .then(|| engine.legal_turns().into_iter().map(turn_text).collect());
        let (turn, agree_points, (expect, repeats_turn)) = match attempt {
            Attempt::Turn(turn) => {
                let query = claims.verdict_queries.then(|| engine.check(*turn));
                queries.push(query);
                let verdict = engine.play(*turn);
                (turn_text(*turn), Vec::new(), expectation(verdict, claims))
            }
            Attempt::Agree(points) => {
                queries.push(None);
                let agreed = engine.agree(points).is_ok();
                let expect = if agreed { "legal" } else { "refused" };
                let points = points.iter().map(|p| point_name(*p)).collect();
                ("agree".to_string(), points, (expect, None))
            }
        };
        turns.push(TurnCase {
            player,
            turn,
            agree_points,
            expect: expect.to_string(),
            repeats_turn,
            legal_before,
            grid_after: if claims.grids {
                engine.grid().rows()
            } else {
                Vec::new()
            },
        });
    }
    let end = end_of(&*engine, claims);
    Ok(Played {
        turns,
        end,
        queries,
    })
}

/// The state at the end of a game, each answer where `claims` has it.
fn end_of(engine: &dyn Engine, claims: Supports) -> EndCase {
    let over = engine.is_over();
    let score = |player| {
        if claims.scores {
            engine.score(player)
        } else {
            0
        }
    };
    let prisoners = |player| {
        if claims.captures {
            engine.prisoners(player)
        } else {
            0
        }
    };
    let result = claims.scores || (claims.results && over);
    EndCase {
        over,
        to_move: letter(engine.to_move()),
        black: score(Player::Black),
        white: score(Player::White),
        prisoners: [prisoners(Player::Black), prisoners(Player::White)],
        result: if result {
            engine.outcome().to_string()
        } else {
            String::new()
        },
    }
}

/// Whether `engine` claims what `case` asks of it (its board, rules,
/// handicap, setup position); the first thing it does not, if not. A case
/// that cannot be read is claimed here, and fails in [`check_case`].
pub fn unclaimed(engine: &EngineKind, case: &Case) -> Option<Unsupported> {
    let inputs = inputs(case).ok()?;
    let supports = engine.supports();
    let agrees = inputs
        .attempts
        .iter()
        .any(|a| matches!(a, Attempt::Agree(_)));
    if agrees && !supports.agreements {
        return Some(Unsupported::Agreements);
    }
    let setup = inputs.setup;
    match inputs.position {
        Some(_) => supports.position(setup.size, setup.rules).err(),
        None => supports.setup(&setup).err(),
    }
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
/// them), the verdict asked without playing, the verdict and the grid after
/// it; then whether the game is over, the player to move, both scores, the
/// prisoners and the result. Each is compared where the engine claims to
/// give it (the verdict's reason too: without reasons, legality alone). The
/// first difference is the failure.
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
    let played = play_case(engine, &inputs, |i| case.turns[i].legal_before.is_some())
        .map_err(|why| failure(Step::Start, "the game", "a game".into(), why))?;
    let claims = engine.supports();
    let turns = case.turns.iter().zip(&played.turns).zip(&played.queries);
    for (number, ((want, got), query)) in turns.enumerate() {
        let difference =
            query_difference(want, *query).or_else(|| turn_difference(want, got, claims));
        if let Some((what, expected, got)) = difference {
            let step = Step::Turn {
                number: number + 1,
                player: want.player.clone(),
                turn: want.turn.clone(),
            };
            return Err(failure(step, what, expected, got));
        }
    }
    match end_difference(&case.end, &played.end, claims) {
        Some((what, expected, got)) => Err(failure(Step::End, what, expected, got)),
        None => Ok(()),
    }
}

/// Whether the verdict asked without playing (`query`, where the engine
/// answers it) is the legality the case states.
fn query_difference(
    want: &TurnCase,
    query: Option<Verdict>,
) -> Option<(&'static str, String, String)> {
    let says = query?.is_ok();
    let legal = want.expect == "legal";
    let word = |legal: bool| if legal { "legal" } else { "illegal" };
    (says != legal).then(|| {
        (
            "the verdict asked without playing",
            verdict_text(&want.expect, want.repeats_turn),
            word(says).to_string(),
        )
    })
}

/// The first difference between the turn a case states (`want`) and the
/// turn an engine played (`got`): what differs, what the case says, what
/// the engine said.
fn turn_difference(
    want: &TurnCase,
    got: &TurnCase,
    claims: Supports,
) -> Option<(&'static str, String, String)> {
    let game_over = Illegal::GameOver.code();
    let over = want.expect == game_over || got.expect == game_over;
    if !over && want.player != got.player {
        return Some((
            "the player to move",
            want.player.clone(),
            got.player.clone(),
        ));
    }
    if want.legal_before.is_some() && claims.legal_sets && want.legal_before != got.legal_before {
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
    let same = match claims.reasons {
        true => (&want.expect, want.repeats_turn) == (&got.expect, got.repeats_turn),
        false => (want.expect == "legal") == (got.expect == "legal"),
    };
    if !same {
        return Some((
            "the verdict",
            verdict_text(&want.expect, want.repeats_turn),
            verdict_text(&got.expect, got.repeats_turn),
        ));
    }
    if claims.grids && want.grid_after != got.grid_after {
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
fn end_difference(
    want: &EndCase,
    end: &EndCase,
    claims: Supports,
) -> Option<(&'static str, String, String)> {
    let to_move = |end: &EndCase| match want.over {
        true => String::new(),
        false => end.to_move.clone(),
    };
    let result = claims.scores || (claims.results && want.over);
    // What is compared, where it is claimed: the case's and the engine's, shown.
    let pair = |f: &dyn Fn(&EndCase) -> String| (f(want), f(end));
    let compared: [(bool, &'static str, (String, String)); 6] = [
        (
            true,
            "whether the game is over",
            pair(&|e| format!("{:?}", e.over)),
        ),
        (
            claims.scores,
            "Black's score",
            pair(&|e| format!("{:?}", e.black)),
        ),
        (
            claims.scores,
            "White's score",
            pair(&|e| format!("{:?}", e.white)),
        ),
        (
            claims.captures,
            "the prisoners (Black's, White's)",
            pair(&|e| format!("{:?}", e.prisoners)),
        ),
        (result, "the result", pair(&|e| e.result.clone())),
        (true, "the player to move", pair(&to_move)),
    ];
    compared
        .into_iter()
        .find(|(asked, _, (expected, got))| *asked && expected != got)
        .map(|(_, what, (expected, got))| (what, expected, got))
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

/// Runs every case `engine` claims ([`unclaimed`]) and collects every
/// failure; the number of cases run when none fails.
pub fn check_all(engine: &EngineKind, cases: &[Case]) -> Result<usize, Failures> {
    let claimed: Vec<&Case> = cases
        .iter()
        .filter(|case| unclaimed(engine, case).is_none())
        .collect();
    let failures: Vec<CaseFailure> = claimed
        .iter()
        .filter_map(|case| check_case(engine, case).err())
        .collect();
    if failures.is_empty() {
        Ok(claimed.len())
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
