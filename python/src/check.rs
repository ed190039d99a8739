//! `check_engine`: the differential check of an engine written in Python.
//! The engine is wrapped as a harness [`Engine`] and checked by
//! [`check_engine`], the harness's check, of an engine started by a closure.
//!
//! The protocol is small: `factory(width, height, rules)` gives an object
//! with `play(color, vertex)` (any exception is a refusal) and, optionally,
//! `is_legal(color, vertex)`, `board()` and `score()`. What it does not
//! answer is taken from a shadow game on the rules' engine, so it is not
//! compared, and the report says so in its `skipped` notes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, Once, PoisonError};
use tromp_taylor_harness::check::{self, rules_at_stake, CheckOptions};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::{Engine, EngineKind, Supports};
use tromp_taylor_harness::run::Found;
use tromp_taylor_harness::vertex::turn_name;
use tromp_taylor_harness::vocab::{
    Grid, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn, Verdict,
};

use crate::words::{player_letter, rules_from, size_from};

/// Which optional parts of the protocol an engine object has.
#[derive(Clone, Copy, Debug, Default)]
struct Has {
    is_legal: bool,
    board: bool,
    score: bool,
}

/// What a Python engine claims: no agreement ending, fixed handicaps, setup
/// positions or undo, which the protocol has no words for. Free handicaps
/// are Black's first turns in a row, which `play` is told by its color.
const PYTHON_SUPPORTS: Supports = Supports {
    agreement_ending: false,
    fixed_handicap: false,
    setup_positions: false,
    undo: false,
    ..Supports::EVERYTHING
};

/// Starts of a refusal of a turn the rules allow, in the panic that
/// reports it (the protocol gives no reason to compare).
const REFUSED: &str = "refused";

/// A Python engine object behind the harness's trait, with a shadow game
/// on `fast` (which agrees with the rules) answering what the protocol does
/// not ask: whose turn, the passes and the end, the scores per player, the
/// prisoners, and the reason for a refusal.
struct PyEngine {
    name: String,
    object: Py<PyAny>,
    shadow: Box<dyn Engine + Send>,
    size: Size,
    has: Has,
}

thread_local! {
    /// Whether the panic under way on this thread is an engine's failure
    /// that the check reports (so the panic hook need not print it).
    static REPORTED: Cell<bool> = const { Cell::new(false) };
}

/// Ends the engine's answer with `message`, which the harness catches and
/// reports as the engine's failure at this step (`panic`, or `refused`),
/// without the panic hook printing it too.
fn fail(message: String) -> ! {
    REPORTED.with(|reported| reported.set(true));
    std::panic::panic_any(message)
}

/// [`fail`] with a formatted message.
macro_rules! fail {
    ($($message:tt)*) => {
        fail(format!($($message)*))
    };
}

/// Installs, once, a panic hook that keeps quiet about the failures
/// [`fail`] reports (the check's report says them) and leaves every other
/// panic to the hook before it.
pub fn quiet_reported_failures() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !REPORTED.with(|reported| reported.replace(false)) {
                before(info);
            }
        }));
    });
}

/// A Python exception, as `Type: message`.
fn described(error: &PyErr) -> String {
    error.to_string()
}

impl PyEngine {
    /// Calls the engine's method `name` with `args`; a Python exception is
    /// the engine's failure to answer, reported as a panic of the engine.
    fn ask<'py, A: IntoPy<Py<pyo3::types::PyTuple>>>(
        &self,
        py: Python<'py>,
        name: &str,
        args: A,
    ) -> Bound<'py, PyAny> {
        let object = self.object.bind(py);
        let answer = match object.getattr(name) {
            Ok(attribute) if attribute.is_callable() => attribute.call1(args),
            other => other,
        };
        answer.unwrap_or_else(|e| fail!("{}.{name}() raised {}", self.name, described(&e)))
    }

    /// Whether the engine's `is_legal` says `turn` is legal for `player`.
    fn says_legal(&self, player: Player, turn: Turn) -> bool {
        Python::with_gil(|py| {
            let vertex = turn_name(turn);
            let answer = self.ask(py, "is_legal", (player_letter(player), vertex.as_str()));
            answer.is_truthy().unwrap_or_else(|e| {
                fail!(
                    "{}.is_legal() answered no truth value: {}",
                    self.name,
                    described(&e)
                )
            })
        })
    }

    /// The grid the engine's `board()` gives.
    fn board(&self) -> Grid {
        Python::with_gil(|py| {
            let answer = self.ask(py, "board", ());
            let rows = rows_text(&answer)
                .unwrap_or_else(|e| fail!("{}.board() gave no board: {e}", self.name));
            let grid = Grid::from_rows(&rows)
                .unwrap_or_else(|e| fail!("{}.board() gave no board: {e}", self.name));
            if grid.size != self.size {
                fail!(
                    "{}.board() gave a {} board in a {} game",
                    self.name,
                    grid.size,
                    self.size
                );
            }
            grid
        })
    }
}

/// One point of a `board()` row as `X`, `O` or `.`.
fn mark(cell: &Bound<'_, PyAny>) -> Result<char, String> {
    if cell.is_none() {
        return Ok('.');
    }
    let text: String = match cell.extract::<String>() {
        Ok(text) => text,
        Err(_) => match cell.extract::<i64>() {
            Ok(0) => return Ok('.'),
            Ok(1) => return Ok('X'),
            Ok(2) => return Ok('O'),
            _ => return Err(format!("{cell} is not a color")),
        },
    };
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "." | "-" | "+" | "e" | "empty" => Ok('.'),
        "b" | "x" | "black" => Ok('X'),
        "w" | "o" | "white" => Ok('O'),
        other => Err(format!("{other:?} is not a color")),
    }
}

/// A `board()` answer as rows of `X`, `O` and `.`, top first: a text, or
/// a sequence of rows, each a text or a sequence of cells.
fn rows_text(board: &Bound<'_, PyAny>) -> Result<String, String> {
    if let Ok(text) = board.extract::<String>() {
        return Ok(text);
    }
    let rows = board
        .iter()
        .map_err(|_| format!("{board} is neither a text nor a sequence of rows"))?;
    let mut text = Vec::new();
    for row in rows {
        let row = row.map_err(|e| described(&e))?;
        if let Ok(line) = row.extract::<String>() {
            let line: Result<String, String> = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| mark(&c.to_string().into_py(row.py()).into_bound(row.py())))
                .collect();
            text.push(line?);
            continue;
        }
        let cells = row
            .iter()
            .map_err(|_| format!("row {row} is neither a text nor a sequence of cells"))?;
        let mut line = String::new();
        for cell in cells {
            line.push(mark(&cell.map_err(|e| described(&e))?)?);
        }
        text.push(line);
    }
    Ok(text.join("/"))
}

impl Engine for PyEngine {
    fn to_move(&self) -> Player {
        self.shadow.to_move()
    }

    fn check(&self, turn: Turn) -> Verdict {
        let rules = self.shadow.check(turn);
        if !self.has.is_legal || self.shadow.is_over() {
            return rules;
        }
        let player = self.shadow.to_move();
        match (self.says_legal(player, turn), rules) {
            (false, Ok(())) => fail!(
                "{REFUSED} {} {}, which the rules allow (is_legal said no)",
                player_letter(player),
                turn_name(turn)
            ),
            (true, _) => Ok(()),
            (false, refused) => refused,
        }
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        // The end of the game is the rules' (the protocol has no end).
        if self.shadow.is_over() {
            return self.shadow.play(turn);
        }
        let rules = self.shadow.check(turn);
        let player = self.shadow.to_move();
        let vertex = turn_name(turn);
        let answer = Python::with_gil(|py| {
            let played =
                self.object
                    .call_method1(py, "play", (player_letter(player), vertex.as_str()));
            played.map(drop).map_err(|e| described(&e))
        });
        match (answer, rules) {
            // Legal for both, or refused by both: the rules' reason, and
            // under seed 003's rules the lost turn.
            (Ok(()), Ok(())) | (Err(_), Err(_)) => self.shadow.play(turn),
            // Accepted against the rules: the verdicts differ, and the
            // comparison ends here.
            (Ok(()), Err(_)) => Ok(()),
            (Err(e), Ok(())) => fail!(
                "{REFUSED} {} {vertex}, which the rules allow: {e}",
                player_letter(player)
            ),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if !self.has.is_legal || self.shadow.is_over() {
            return self.shadow.legal_turns();
        }
        let player = self.shadow.to_move();
        std::iter::once(Turn::Pass)
            .chain(self.size.all_points().map(Turn::Move))
            .filter(|turn| self.says_legal(player, *turn))
            .collect()
    }

    fn grid(&self) -> Grid {
        match self.has.board {
            true => self.board(),
            false => self.shadow.grid(),
        }
    }

    fn is_over(&self) -> bool {
        self.shadow.is_over()
    }

    fn consecutive_passes(&self) -> usize {
        self.shadow.consecutive_passes()
    }

    fn score(&self, player: Player) -> usize {
        self.shadow.score(player)
    }

    fn prisoners(&self, player: Player) -> usize {
        self.shadow.prisoners(player)
    }

    fn outcome(&self) -> Outcome {
        if !self.has.score {
            return self.shadow.outcome();
        }
        Python::with_gil(|py| {
            let answer = self.ask(py, "score", ());
            let text = answer.str().map(|s| s.to_string()).unwrap_or_default();
            text.parse::<Outcome>()
                .unwrap_or_else(|e| fail!("{}.score() gave no result: {e}", self.name))
        })
    }

    fn agree(&mut self, points: &[Point]) -> Result<(), Refusal> {
        self.shadow.agree(points)
    }
}

/// Whether `object` has `name` (a method or, for `board`, a value).
fn has(object: &Bound<'_, PyAny>, name: &str) -> bool {
    object.hasattr(name).unwrap_or(false)
}

/// The notes on what was not compared, for the parts an engine lacks.
fn notes(missing: &BTreeSet<&'static str>) -> Vec<String> {
    let mut notes = vec![
        "not in the protocol, so taken from the rules and not compared: whose turn it is \
         (play is told the color), the run of passes and the end of the game, each player's \
         score and prisoners, and the reason for a refusal (any exception is a refusal)"
            .to_string(),
        "not claimed, so those games are skipped: the agreement ending, fixed handicaps \
         (stones placed before the first turn), setup positions and undo"
            .to_string(),
    ];
    for part in missing {
        notes.push(match *part {
            "is_legal" => "is_legal() is missing: the legal turns were not compared (only \
                           the verdicts of play on the turns tried)"
                .to_string(),
            "board" => "board() is missing: the grids were not compared (captures show only \
                        through later verdicts)"
                .to_string(),
            "score" => "score() is missing: the results were not compared".to_string(),
            other => format!("{other}() is missing"),
        });
    }
    notes
}

/// One place where the engine parts from the rules.
#[pyclass(module = "tromp_taylor", name = "Divergence", frozen, get_all)]
pub struct PyDivergence {
    /// What they part on: `verdict`, `legal-set`, `grid`, `outcome`,
    /// `refused` (a turn the rules allow), `panic` (an exception in
    /// `is_legal`, `board` or `score`), ...
    kind: String,
    /// The first text of the rules at stake, quoted (`Rule 6: "..."`).
    rule: String,
    /// Every text of the rules at stake.
    rules: Vec<String>,
    /// The harness's report of the mismatch: the step, what each says, both
    /// boards side by side, and the SGF.
    message: String,
    /// The SGF of the game up to the step where they part.
    sgf: String,
    /// The game's number in the run.
    game: usize,
    /// Whether it was minimised (the first of each kind is).
    minimised: bool,
}

#[pymethods]
impl PyDivergence {
    fn __str__(&self) -> String {
        self.message.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Divergence {} in game {}>", self.kind, self.game)
    }
}

impl PyDivergence {
    fn new(found: &Found) -> PyDivergence {
        let mismatch = &found.mismatch;
        let kind = match &mismatch.difference {
            Difference::Panic { message, .. } if message.starts_with(REFUSED) => "refused",
            _ => found.kind(),
        };
        let rules: Vec<String> = match found.known {
            Some(known) => vec![known.rule.to_string()],
            None => rules_at_stake(mismatch)
                .into_iter()
                .map(str::to_string)
                .collect(),
        };
        PyDivergence {
            kind: kind.to_string(),
            rule: rules.first().cloned().unwrap_or_default(),
            rules,
            message: mismatch.to_string(),
            sgf: mismatch.sgf(),
            game: found.game,
            minimised: found.minimised,
        }
    }
}

/// What a check came to. `str(report)` is the harness's report.
#[pyclass(module = "tromp_taylor", name = "CheckReport", frozen, get_all)]
pub struct PyCheckReport {
    /// The engine's name in the report.
    engine: String,
    /// The games compared (skipped games not counted).
    games: usize,
    /// The games compared on which the engine agreed with the rules.
    agreed: usize,
    /// The turns taken in the games compared.
    turns: usize,
    /// The games skipped because the engine does not claim their setup.
    skipped_games: usize,
    /// Every mismatch, in game order (the first of each kind minimised).
    divergences: Vec<Py<PyDivergence>>,
    /// What was not compared or not played, and why.
    skipped: Vec<String>,
    /// Whether the engine agreed with the rules on every game compared.
    ok: bool,
    /// The harness's text report.
    text: String,
}

#[pymethods]
impl PyCheckReport {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<CheckReport {}: {} games, {} agreed, {} divergences, ok={}>",
            self.engine,
            self.games,
            self.agreed,
            self.divergences.len(),
            if self.ok { "True" } else { "False" }
        )
    }

    fn __bool__(&self) -> bool {
        self.ok
    }
}

/// A list of items, or one item, as a list.
fn one_or_many<T>(
    value: &Bound<'_, PyAny>,
    read: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    if value.extract::<String>().is_ok() || value.extract::<usize>().is_ok() {
        return Ok(vec![read(value)?]);
    }
    if value.extract::<crate::words::PyRules>().is_ok() {
        return Ok(vec![read(value)?]);
    }
    let items = value
        .iter()
        .map_err(|_| PyValueError::new_err(format!("{value} is neither one value nor a list")))?;
    items.map(|item| read(&item?)).collect()
}

/// Checks the Python engine that `factory(width, height, rules)` starts
/// against the rules on `games` generated games, on boards drawn from
/// `sizes` under rules drawn from `rules` (one or a list), from `seed`;
/// returns a `CheckReport`. See docs/python.md for the protocol.
#[pyfunction]
#[pyo3(signature = (factory, games = 100, sizes = None, rules = None, seed = 0, jobs = None, name = None))]
pub fn check_engine(
    factory: &Bound<'_, PyAny>,
    games: usize,
    sizes: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    seed: u64,
    jobs: Option<usize>,
    name: Option<String>,
) -> PyResult<PyCheckReport> {
    if !factory.is_callable() {
        return Err(PyValueError::new_err(
            "factory must be callable: factory(width, height, rules) -> engine",
        ));
    }
    let sizes = match sizes {
        Some(sizes) => one_or_many(sizes, size_from)?,
        None => vec![Size::new(5, 5).expect("5x5"), Size::new(9, 9).expect("9x9")],
    };
    if sizes.is_empty() {
        return Err(PyValueError::new_err("sizes is empty"));
    }
    let rules: Vec<Rules> = match rules {
        Some(rules) => one_or_many(rules, rules_from)?,
        None => vec![Rules::TROMP_TAYLOR],
    };
    if rules.is_empty() {
        return Err(PyValueError::new_err("rules is empty"));
    }
    let name = match name {
        Some(name) => name,
        None => factory
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "python".to_string()),
    };
    let mut options = CheckOptions::new(games, seed);
    options.sizes = sizes;
    options.rules = Some(rules);
    if let Some(jobs) = jobs {
        options.jobs = jobs.max(1);
    }
    let missing: Arc<Mutex<BTreeSet<&'static str>>> = Arc::default();
    let start = python_start(factory.clone().unbind(), name.clone(), Arc::clone(&missing));
    let engine = EngineKind::new(&name, PYTHON_SUPPORTS, start);
    quiet_reported_failures();
    let py = factory.py();
    let report = py.allow_threads(|| check::check_engine(&engine, &options));
    let missing = missing.lock().unwrap_or_else(PoisonError::into_inner);
    let mut skipped = notes(&missing);
    let mut counts: Vec<(String, usize)> = Vec::new();
    for (_, skip) in &report.summary.skipped {
        let reason = skip.reason.to_string();
        match counts.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => counts.push((reason, 1)),
        }
    }
    for (reason, n) in counts {
        skipped.push(format!("{n} games skipped: not claimed ({reason})"));
    }
    let parted: BTreeSet<usize> = report.summary.found.iter().map(|f| f.game).collect();
    let divergences = report
        .summary
        .found
        .iter()
        .map(|found| Py::new(py, PyDivergence::new(found)))
        .collect::<PyResult<Vec<_>>>()?;
    let mut text = report.to_string();
    text.push_str("\nNot compared:\n");
    for note in &skipped {
        text.push_str(&format!("  - {note}\n"));
    }
    Ok(PyCheckReport {
        engine: name,
        games: report.summary.games,
        agreed: report.summary.games.saturating_sub(parted.len()),
        turns: report.summary.turns,
        skipped_games: report.summary.skipped.len(),
        divergences,
        skipped,
        ok: report.agrees(),
        text,
    })
}

/// The closure that starts a game in the Python engine: the factory's
/// object, with a shadow game on `fast`.
fn python_start(
    factory: Py<PyAny>,
    name: String,
    missing: Arc<Mutex<BTreeSet<&'static str>>>,
) -> impl Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync + 'static {
    move |setup: Setup| {
        let shadow = EngineKind::fast().start(setup)?;
        Python::with_gil(|py| {
            let (width, height) = (setup.size.width(), setup.size.height());
            let object = factory
                .call1(py, (width, height, setup.rules.to_string()))
                .map_err(|e| format!("factory({width}, {height}, ...) raised {}", described(&e)))?;
            let bound = object.bind(py);
            if !has(bound, "play") {
                return Err("the engine object has no play(color, vertex)".to_string());
            }
            let found = Has {
                is_legal: has(bound, "is_legal"),
                board: has(bound, "board"),
                score: has(bound, "score"),
            };
            let mut lacking = missing.lock().unwrap_or_else(PoisonError::into_inner);
            for (part, there) in [
                ("is_legal", found.is_legal),
                ("board", found.board),
                ("score", found.score),
            ] {
                if !there {
                    lacking.insert(part);
                }
            }
            let engine: Box<dyn Engine + Send> = Box::new(PyEngine {
                name: name.clone(),
                object,
                shadow,
                size: setup.size,
                has: found,
            });
            Ok(engine)
        })
    }
}
