//! `check_engine`: the differential check of an engine written in Python.
//! The engine is wrapped as a harness `Engine` (`crate::engine`) and
//! checked by [`check_engine`], the harness's check, of an engine started
//! by a closure, within what it claims (`crate::claims`).
//!
//! The protocol is small: `factory(width, height, rules)` gives an object
//! with `play(color, vertex)` (any `Exception` is a refusal) and, optionally,
//! `legal_moves(color)`, `is_legal(color, vertex)`, `board()` and
//! `score()`. What it does not answer is taken from a shadow game on the
//! rules' engine, so it is not compared, and the report says so in its
//! `skipped` notes. A refusal of a turn the rules allow is the verdict
//! `Illegal::Unexplained` (the protocol gives no reason), so the harness
//! reports it as a verdict difference with the rules at stake; the
//! engine's own words are kept beside it ([`Said`]).
//!
//! Ctrl-C, or a `KeyboardInterrupt` or `SystemExit` raised by the engine,
//! stops the check within a second and reaches the caller unchanged, the
//! report of the games finished before it attached as its `report`
//! (`crate::interrupt`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use tromp_taylor_harness::check::{self, rules_at_stake, CheckOptions};
use tromp_taylor_harness::diff::Difference;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::progress::Progress;
use tromp_taylor_harness::report::{group, Kind};
use tromp_taylor_harness::run::Finding;
use tromp_taylor_harness::vertex::turn_name;
use tromp_taylor_harness::vocab::{Action, Player, Rules, Setup, Size, Turn};

use crate::claims::{claims_text, supports_of, ADVICE};
use crate::engine::{python_start, quiet_reported_failures, Said};
use crate::interrupt::{cut_short, Interrupt, POLL};
use crate::words::{player_letter, rules_from, size_from};

/// The notes on what was not compared, for the parts an engine lacks.
fn notes(missing: &BTreeSet<&'static str>) -> Vec<String> {
    let mut notes = vec![
        "not in the protocol, so taken from the rules and not compared: whose turn it is \
         (play is told the color), the run of passes and the end of the game, each player's \
         score and prisoners, and the reason for a refusal (any Exception is a refusal)"
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
    /// What they part on, in plain words: `refuses-legal` (a turn the
    /// rules allow, refused), `accepts-illegal`, `other-reason`,
    /// `legal-set`, `board`, `captures`, `score`, `crash` (an exception in
    /// `legal_moves`, `is_legal`, `board` or `score`), `start` (the
    /// factory failed), ...
    kind: String,
    /// The finer group the report counts it in: the kind, the rule at
    /// stake and what the move does (`accepts an illegal move: superko,
    /// by a capture`).
    group: String,
    /// The first text of the rules at stake, quoted (`Rule 6: "..."`).
    rule: String,
    /// Every text of the rules at stake.
    rules: Vec<String>,
    /// The harness's report of the divergence: the step, what each says, both
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
    fn new(found: &Finding, said: &HashMap<(Setup, Vec<Turn>), String>) -> PyDivergence {
        let divergence = &found.divergence;
        let rules: Vec<String> = match found.known {
            Some(known) => vec![known.rule.to_string()],
            None => rules_at_stake(divergence)
                .into_iter()
                .map(str::to_string)
                .collect(),
        };
        let (mut moves, turns) = turns_of(&divergence.record);
        // A verdict is disputed on the record's last turn; a legal set,
        // a board or a score after it.
        let disputed = match (&divergence.difference, divergence.record.last()) {
            (Difference::Verdict { .. } | Difference::Check { .. }, Some((_, Action::Turn(_)))) => {
                moves.pop()
            }
            _ => None,
        };
        let refusal = said.get(&(divergence.setup, turns)).cloned();
        let mut message = divergence.to_string();
        if let Some(words) = &refusal {
            message.push_str(&format!("\nIn the engine's words: {words}\n"));
        }
        let size = divergence.setup.size;
        let kind = match (found.known, Kind::of(divergence)) {
            (Some(known), _) => known.name,
            (None, Kind::Other(word)) => word,
            (None, kind) => kind.code(),
        };
        PyDivergence {
            kind: kind.to_string(),
            group: found
                .known
                .map_or_else(|| group(divergence), |k| k.name.to_string()),
            rule: rules.first().cloned().unwrap_or_default(),
            rules,
            message,
            sgf: divergence.reproducer(),
            game: found.game,
            minimised: found.minimised,
            rules_text: divergence.setup.rules.to_string(),
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
    /// Every divergence, in game order.
    divergences: Vec<Py<PyDivergence>>,
    /// What was not compared or not played, and why.
    skipped: Vec<String>,
    /// Whether the engine agreed with the rules on every game compared.
    ok: bool,
    /// Whether the check was stopped early (by Ctrl-C, or an engine's
    /// `KeyboardInterrupt` or `SystemExit`): this is then the `report` of
    /// that exception, and covers the games finished before it.
    stopped: bool,
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
        .try_iter()
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
) -> PyResult<Py<PyCheckReport>> {
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
    let interrupt = Interrupt::default();
    options.progress = Progress::hidden().with_stop(interrupt.stop().clone());
    let start = python_start(
        factory.clone().unbind(),
        name.clone(),
        Arc::clone(&missing),
        Arc::clone(&said),
        interrupt.clone(),
    );
    let engine = EngineKind::new(&name, supports_of(claimed.as_deref()), start);
    quiet_reported_failures();
    let py = factory.py();
    let mut report = run_hearing_signals(py, &engine, &options, &interrupt);
    // The games a stop cut short were not compared.
    let found = report.summary.found.len();
    report.summary.found.retain(|found| !cut_short(found));
    let cut = found - report.summary.found.len();
    report.summary.games = report.summary.games.saturating_sub(cut);
    let missing = missing.lock().unwrap_or_else(PoisonError::into_inner);
    let said = said.lock().unwrap_or_else(PoisonError::into_inner);
    let stop = interrupt.take();
    let mut report = report_of(py, &report, &options, &missing, &said, stop.as_ref())?;
    report.claims = stated;
    let report = Py::new(py, report)?;
    let Some(error) = stop else {
        return Ok(report);
    };
    // The exception as raised, with what was done before it; an exception
    // that takes no attribute is raised as it is.
    let _ = error.value(py).setattr("report", report);
    Err(error)
}

/// Runs the check on the harness's threads while this one, holding
/// nothing, asks Python every [`POLL`] whether a signal came (Python runs
/// signal handlers on the main thread only); an exception from a handler
/// (Ctrl-C's `KeyboardInterrupt`) is kept and stops the check, and is
/// raised in the engine's code on the workers in it.
fn run_hearing_signals(
    py: Python<'_>,
    engine: &EngineKind,
    options: &CheckOptions,
    interrupt: &Interrupt,
) -> check::CheckReport {
    let waiting = std::thread::current();
    std::thread::scope(|scope| {
        let job = scope.spawn(move || {
            let report = check::check_engine(engine, options);
            waiting.unpark();
            report
        });
        while !job.is_finished() {
            py.detach(|| std::thread::park_timeout(POLL));
            if let Err(error) = py.check_signals() {
                interrupt.keep(error);
            }
            if interrupt.is_requested() {
                interrupt.interrupt_engine(py);
            }
        }
        job.join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The Python report of the harness's `report` on `options`: the
/// divergences with the engine's words (`said`), the parts `missing`, and
/// whether the exception `stop` stopped it; the claims as stated are the
/// caller's to fill in.
fn report_of(
    py: Python<'_>,
    report: &check::CheckReport,
    options: &CheckOptions,
    missing: &BTreeSet<&'static str>,
    said: &HashMap<(Setup, Vec<Turn>), String>,
    stop: Option<&PyErr>,
) -> PyResult<PyCheckReport> {
    let divergences = report
        .summary
        .found
        .iter()
        .map(|found| Py::new(py, PyDivergence::new(found, said)))
        .collect::<PyResult<Vec<_>>>()?;
    let checked: Vec<Rules> = options.rules.clone().unwrap_or_default();
    let skipped = skipped_notes(missing, report);
    let mut text = report.to_string();
    text.push_str(&words_section(py, &divergences));
    text.push_str("\nNot compared:\n");
    for note in &skipped {
        text.push_str(&format!("  - {note}\n"));
    }
    if let Some(error) = stop {
        let kind = error.get_type(py);
        let kind = kind
            .name()
            .map_or_else(|_| kind.to_string(), |n| n.to_string());
        text.push_str(&format!(
            "\nStopped early by {kind}: {} of the {} games asked were compared.\n",
            report.summary.games, options.games
        ));
    }
    let parted: BTreeSet<usize> = report.summary.found.iter().map(|f| f.game).collect();
    Ok(PyCheckReport {
        engine: report.engine.clone(),
        rules: checked.iter().map(Rules::to_string).collect(),
        claims: None,
        games: report.summary.games,
        agreed: report.summary.games.saturating_sub(parted.len()),
        turns: report.summary.turns,
        skipped_games: report.summary.skipped.len(),
        divergences,
        skipped,
        ok: report.agrees(),
        stopped: stop.is_some(),
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
