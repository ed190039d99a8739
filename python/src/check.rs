//! `check_engine`: the differential check of an engine written in Python.
//! The engine is wrapped as a harness [`Engine`] and checked by
//! [`check_engine`], the harness's check, of an engine started by a closure.
//!
//! The protocol is small: `factory(width, height, rules)` gives an object
//! with `play(color, vertex)` (any exception is a refusal) and, optionally,
//! `legal_moves(color)`, `is_legal(color, vertex)`, `board()` and
//! `score()`. What it does not answer is taken from a shadow game on the
//! rules' engine, so it is not compared, and the report says so in its
//! `skipped` notes. A refusal of a turn the rules allow is the verdict
//! `Illegal::Unexplained` (the protocol gives no reason), so the harness
//! reports it as a verdict difference with the rules at stake; the
//! engine's own words are kept beside it ([`Said`]).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::cell::Cell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex, Once, PoisonError};
use tromp_taylor_harness::check::{self, rules_at_stake, CheckOptions};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::report::{group, Kind};
use tromp_taylor_harness::run::Found;
use tromp_taylor_harness::vertex::{parse_turn, turn_name};
use tromp_taylor_harness::vocab::{
    Action, Grid, Illegal, Outcome, Player, Point, Refusal, Rules, Setup, Size, Turn, Verdict,
};

use crate::claims::{claims_text, supports_of, ADVICE};
use crate::words::{player_letter, rules_from, size_from};

/// Which optional parts of the protocol an engine object has.
#[derive(Clone, Copy, Debug, Default)]
struct Has {
    legal_moves: bool,
    is_legal: bool,
    board: bool,
    score: bool,
}

/// The engine's own words on the turns it refused that the rules allow
/// (its exception, or that `is_legal` said no), by the game's setup and
/// every turn tried in it up to and including the refused one: the key a
/// mismatch's setup and record give back.
type Said = Arc<Mutex<HashMap<(Setup, Vec<Turn>), String>>>;

/// A Python engine object behind the harness's trait, with a shadow game
/// on `fast` (which agrees with the rules) answering what the protocol does
/// not ask: whose turn, the passes and the end, the scores per player, the
/// prisoners, and the reason for a refusal.
struct PyEngine {
    name: String,
    object: Py<PyAny>,
    shadow: Box<dyn Engine + Send>,
    setup: Setup,
    has: Has,
    /// Every turn given to `play`, refused or not (the mismatch's record).
    tried: Vec<Turn>,
    said: Said,
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
            if grid.size != self.setup.size {
                fail!(
                    "{}.board() gave a {} board in a {} game",
                    self.name,
                    grid.size,
                    self.setup.size
                );
            }
            grid
        })
    }

    /// The turns the engine's `legal_moves(color)` lists for `player`, the
    /// pass with them (always legal before the end), in point order.
    fn listed_legal(&self, player: Player) -> Vec<Turn> {
        let size = self.setup.size;
        let listed: HashSet<Turn> = Python::with_gil(|py| {
            let answer = self.ask(py, "legal_moves", (player_letter(player),));
            let items = answer
                .iter()
                .unwrap_or_else(|_| fail!("{}.legal_moves() gave no list: {answer}", self.name));
            items
                .map(|item| {
                    let item = item.unwrap_or_else(|e| {
                        fail!("{}.legal_moves() raised {}", self.name, described(&e))
                    });
                    let text: String = item.extract().unwrap_or_else(|_| {
                        fail!("{}.legal_moves() listed {item}, not a vertex", self.name)
                    });
                    parse_turn(&text, size).unwrap_or_else(|e| {
                        fail!("{}.legal_moves() listed {text:?}: {e}", self.name)
                    })
                })
                .collect()
        });
        std::iter::once(Turn::Pass)
            .chain(size.all_points().map(Turn::Move))
            .filter(|turn| *turn == Turn::Pass || listed.contains(turn))
            .collect()
    }

    /// Whether the engine says `turn` is legal for `player`: its
    /// `is_legal`, or else its `legal_moves`; `None` when it has neither.
    fn says(&self, player: Player, turn: Turn) -> Option<bool> {
        match (self.has.is_legal, self.has.legal_moves) {
            (true, _) => Some(self.says_legal(player, turn)),
            (false, true) => Some(self.listed_legal(player).contains(&turn)),
            (false, false) => None,
        }
    }

    /// Keeps the engine's words on refusing the last of `tried`, a turn the
    /// rules allow; the verdict the harness compares.
    fn refused(&self, tried: Vec<Turn>, words: String) -> Verdict {
        let key = tried;
        let mut said = self.said.lock().unwrap_or_else(PoisonError::into_inner);
        said.insert((self.setup, key), words);
        Err(Illegal::Unexplained)
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
        if self.shadow.is_over() {
            return rules;
        }
        let player = self.shadow.to_move();
        match (self.says(player, turn), rules) {
            (None, rules) => rules,
            (Some(false), Ok(())) => {
                let mut tried = self.tried.clone();
                tried.push(turn);
                let words = format!(
                    "{} says {} {} is illegal, which the rules allow",
                    self.name,
                    player_letter(player),
                    turn_name(turn)
                );
                self.refused(tried, words)
            }
            (Some(true), _) => Ok(()),
            (Some(false), refused) => refused,
        }
    }

    fn play(&mut self, turn: Turn) -> Verdict {
        self.tried.push(turn);
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
            // Refused against the rules: a verdict for the harness to
            // compare, the engine's words kept for the report.
            (Err(e), Ok(())) => self.refused(
                self.tried.clone(),
                format!(
                    "{}.play({:?}, {vertex:?}) raised {e}",
                    self.name,
                    player_letter(player)
                ),
            ),
        }
    }

    fn legal_turns(&self) -> Vec<Turn> {
        if self.shadow.is_over() {
            return self.shadow.legal_turns();
        }
        let player = self.shadow.to_move();
        match (self.has.legal_moves, self.has.is_legal) {
            (true, _) => self.listed_legal(player),
            (false, true) => std::iter::once(Turn::Pass)
                .chain(self.setup.size.all_points().map(Turn::Move))
                .filter(|turn| self.says_legal(player, *turn))
                .collect(),
            (false, false) => self.shadow.legal_turns(),
        }
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
            "is_legal" => "is_legal() is missing (and legal_moves() too): the legal turns \
                           were not compared (only the verdicts of play on the turns tried)"
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
    /// What they part on, in plain words: `refused-legal` (a turn the
    /// rules allow, refused), `accepted-illegal`, `other-reason`,
    /// `legal-set`, `board`, `score`, `crash` (an exception in
    /// `legal_moves`, `is_legal`, `board` or `score`), `start` (the
    /// factory failed), ...
    kind: String,
    /// The finer group the report counts it in: the kind, the rule at
    /// stake and what the move does (`accepted an illegal move: superko,
    /// by a capture`).
    group: String,
    /// The first text of the rules at stake, quoted (`Rule 6: "..."`).
    rule: String,
    /// Every text of the rules at stake.
    rules: Vec<String>,
    /// The harness's report of the mismatch: the step, what each says, both
    /// boards side by side, the SGF, and the engine's own words if it
    /// refused a turn.
    message: String,
    /// The SGF reproducer: the turns the rules take as moves (attempts
    /// they refuse in the root comment), and a disputed turn as the last
    /// node, marked `TTV`, which `Game.from_sgf` does not play.
    sgf: String,
    /// The game's number in the run.
    game: usize,
    /// Whether it was minimised.
    minimised: bool,
    /// The compact rule string of the game.
    rules_text: String,
    /// The board, `(width, height)`.
    size: (usize, usize),
    /// The turns tried before the disputed one (or all of them, if none
    /// is), as `(color, vertex)`, attempts the rules refuse included.
    moves: Vec<(String, String)>,
    /// The turn whose verdict they part on, as `(color, vertex)`; None
    /// when they part on something else (a legal set, a board, a score).
    disputed: Option<(String, String)>,
    /// The engine's own words on a turn it refused that the rules allow:
    /// its exception, or that `is_legal` said no.
    refusal: Option<String>,
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

/// A record's turns as `(color, vertex)`, and the turns alone.
fn turns_of(record: &[(Player, Action)]) -> (Vec<(String, String)>, Vec<Turn>) {
    record
        .iter()
        .filter_map(|(player, action)| match action {
            Action::Turn(turn) => Some((
                (player_letter(*player).to_string(), turn_name(*turn)),
                *turn,
            )),
            Action::Agree(_) => None,
        })
        .unzip()
}

impl PyDivergence {
    fn new(found: &Found, said: &HashMap<(Setup, Vec<Turn>), String>) -> PyDivergence {
        let mismatch = &found.mismatch;
        let rules: Vec<String> = match found.known {
            Some(known) => vec![known.rule.to_string()],
            None => rules_at_stake(mismatch)
                .into_iter()
                .map(str::to_string)
                .collect(),
        };
        let (mut moves, turns) = turns_of(&mismatch.record);
        // A verdict is disputed on the record's last turn; a legal set,
        // a board or a score after it.
        let disputed = match (&mismatch.difference, mismatch.record.last()) {
            (Difference::Verdict { .. } | Difference::Check { .. }, Some((_, Action::Turn(_)))) => {
                moves.pop()
            }
            _ => None,
        };
        let refusal = said.get(&(mismatch.setup, turns)).cloned();
        let mut message = mismatch.to_string();
        if let Some(words) = &refusal {
            message.push_str(&format!("\nIn the engine's words: {words}\n"));
        }
        let size = mismatch.setup.size;
        let kind = match (found.known, Kind::of(mismatch)) {
            (Some(known), _) => known.name,
            (None, Kind::Other) => mismatch.difference.kind(),
            (None, kind) => kind.code(),
        };
        PyDivergence {
            kind: kind.to_string(),
            group: found
                .known
                .map_or_else(|| group(mismatch), |k| k.name.to_string()),
            rule: rules.first().cloned().unwrap_or_default(),
            rules,
            message,
            sgf: mismatch.reproducer(),
            game: found.game,
            minimised: found.minimised,
            rules_text: mismatch.setup.rules.to_string(),
            size: (size.width(), size.height()),
            moves,
            disputed,
            refusal,
        }
    }
}

/// What a check came to. `str(report)` is the harness's report, in a
/// Python reader's words.
#[pyclass(module = "tromp_taylor", name = "CheckReport", frozen, get_all)]
pub struct PyCheckReport {
    /// The engine's name in the report.
    engine: String,
    /// The rules checked, as compact rule strings.
    rules: Vec<String>,
    /// The claims as stated (`claims=`), or None: then the engine is held
    /// to the rules checked.
    claims: Option<Vec<String>>,
    /// The games compared (skipped games not counted).
    games: usize,
    /// The games compared on which the engine agreed with the rules.
    agreed: usize,
    /// The turns taken in the games compared.
    turns: usize,
    /// The games skipped because the engine does not claim their setup.
    skipped_games: usize,
    /// Every mismatch, in game order.
    divergences: Vec<Py<PyDivergence>>,
    /// What was not compared or not played, and why.
    skipped: Vec<String>,
    /// Whether the engine agreed with the rules on every game compared.
    ok: bool,
    /// The text report.
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

/// Claimed rules as the user stated them: each one's text (a `Rules` as
/// its compact string) and the rules it reads as.
fn claims_from(claims: &Bound<'_, PyAny>) -> PyResult<Vec<(String, Rules)>> {
    let stated = one_or_many(claims, |claim| {
        let rules = rules_from(claim)?;
        let text = claim
            .extract::<String>()
            .unwrap_or_else(|_| rules.to_string());
        Ok((text, rules))
    })?;
    if stated.is_empty() {
        return Err(PyValueError::new_err(
            "claims is empty: name the rules the engine implements, or leave it None",
        ));
    }
    Ok(stated)
}

/// The check's options from `check_engine`'s arguments.
fn options_from(
    games: usize,
    seed: u64,
    sizes: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
) -> PyResult<CheckOptions> {
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
    let mut options = CheckOptions::new(games, seed);
    options.sizes = sizes;
    options.rules = Some(rules);
    if let Some(jobs) = jobs {
        options.jobs = jobs.max(1);
    }
    Ok(options)
}

/// The factory's name, or `python`.
fn name_of(factory: &Bound<'_, PyAny>, name: Option<String>) -> String {
    name.unwrap_or_else(|| {
        factory
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "python".to_string())
    })
}

/// Checks the Python engine that `factory(width, height, rules)` starts
/// against the rules on `games` generated games, on boards drawn from
/// `sizes` under rules drawn from `rules` (one or a list), from `seed`,
/// within what it `claims` (rule texts; None holds it to `rules`);
/// returns a `CheckReport`. See docs/python.md for the protocol.
#[pyfunction]
#[pyo3(signature = (factory, games = 100, sizes = None, rules = None, seed = 0, jobs = None, name = None, claims = None))]
#[allow(clippy::too_many_arguments)]
pub fn check_engine(
    factory: &Bound<'_, PyAny>,
    games: usize,
    sizes: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    seed: u64,
    jobs: Option<usize>,
    name: Option<String>,
    claims: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyCheckReport> {
    if !factory.is_callable() {
        return Err(PyValueError::new_err(
            "factory must be callable: factory(width, height, rules) -> engine",
        ));
    }
    let mut options = options_from(games, seed, sizes, rules, jobs)?;
    let claims = claims.map(claims_from).transpose()?;
    let claimed: Option<Vec<Rules>> = claims
        .as_ref()
        .map(|claims| claims.iter().map(|(_, rules)| *rules).collect());
    let name = name_of(factory, name);
    let stated: Option<Vec<String>> = claims
        .as_ref()
        .map(|claims| claims.iter().map(|(text, _)| text.clone()).collect());
    options.claims = Some(claims_text(stated.as_deref()));
    options.advice = ADVICE.trim_end().to_string();
    let missing: Arc<Mutex<BTreeSet<&'static str>>> = Arc::default();
    let said: Said = Arc::default();
    let start = python_start(
        factory.clone().unbind(),
        name.clone(),
        Arc::clone(&missing),
        Arc::clone(&said),
    );
    let engine = EngineKind::new(&name, supports_of(claimed.as_deref()), start);
    quiet_reported_failures();
    let py = factory.py();
    let report = py.allow_threads(|| check::check_engine(&engine, &options));
    let missing = missing.lock().unwrap_or_else(PoisonError::into_inner);
    let said = said.lock().unwrap_or_else(PoisonError::into_inner);
    let divergences = report
        .summary
        .found
        .iter()
        .map(|found| Py::new(py, PyDivergence::new(found, &said)))
        .collect::<PyResult<Vec<_>>>()?;
    let checked: Vec<Rules> = options.rules.unwrap_or_default();
    let skipped = skipped_notes(&missing, &report);
    let mut text = report.to_string();
    text.push_str(&words_section(py, &divergences));
    text.push_str("\nNot compared:\n");
    for note in &skipped {
        text.push_str(&format!("  - {note}\n"));
    }
    let parted: BTreeSet<usize> = report.summary.found.iter().map(|f| f.game).collect();
    Ok(PyCheckReport {
        engine: name,
        rules: checked.iter().map(Rules::to_string).collect(),
        claims: stated,
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

/// The notes on what was not compared, and the games skipped, by reason.
fn skipped_notes(missing: &BTreeSet<&'static str>, report: &check::CheckReport) -> Vec<String> {
    let mut skipped = notes(missing);
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
    skipped
}

/// The engine's own words on the turns it refused that the rules allow,
/// the first five, as a section of the report (empty when there are none).
fn words_section(py: Python<'_>, divergences: &[Py<PyDivergence>]) -> String {
    let lines: Vec<String> = divergences
        .iter()
        .filter_map(|d| {
            let d = d.bind(py).get();
            let (color, vertex) = d.disputed.clone()?;
            let words = d.refusal.as_ref()?;
            Some(format!("  game {}, {color} {vertex}: {words}\n", d.game))
        })
        .collect();
    let more = match lines.len() {
        0 => return String::new(),
        1..=5 => String::new(),
        n => format!("  and {} more (each divergence's refusal)\n", n - 5),
    };
    format!(
        "\nRefused though the rules allow them, in the engine's words:\n{}{more}",
        lines[..lines.len().min(5)].concat()
    )
}

/// The closure that starts a game in the Python engine: the factory's
/// object, with a shadow game on `fast`.
fn python_start(
    factory: Py<PyAny>,
    name: String,
    missing: Arc<Mutex<BTreeSet<&'static str>>>,
    said: Said,
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
            let found = parts_of(bound, &missing);
            let engine: Box<dyn Engine + Send> = Box::new(PyEngine {
                name: name.clone(),
                object,
                shadow,
                setup,
                has: found,
                tried: Vec::new(),
                said: Arc::clone(&said),
            });
            Ok(engine)
        })
    }
}

/// The optional parts `object` has; those it lacks noted in `missing`
/// (`is_legal` when it has neither it nor `legal_moves`).
fn parts_of(object: &Bound<'_, PyAny>, missing: &Mutex<BTreeSet<&'static str>>) -> Has {
    let found = Has {
        legal_moves: has(object, "legal_moves"),
        is_legal: has(object, "is_legal"),
        board: has(object, "board"),
        score: has(object, "score"),
    };
    let mut lacking = missing.lock().unwrap_or_else(PoisonError::into_inner);
    for (part, there) in [
        ("is_legal", found.is_legal || found.legal_moves),
        ("board", found.board),
        ("score", found.score),
    ] {
        if !there {
            lacking.insert(part);
        }
    }
    found
}
