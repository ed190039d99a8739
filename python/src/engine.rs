//! A Python engine object behind the harness's `Engine` trait: the
//! protocol's `play`, and its optional `legal_moves`, `is_legal`, `board`
//! and `score`, asked across the language boundary, with a shadow game on
//! the rules' engine answering what the protocol does not ask. A refusal
//! of a turn the rules allow is the verdict `Illegal::Unexplained` (the
//! protocol gives no reason), the engine's words kept in [`Said`]; an
//! exception anywhere else is the engine's failure, reported as a crash.
//! An exception that ends the program (`KeyboardInterrupt`, `SystemExit`)
//! is neither: it is kept for the caller and stops the check
//! ([`crate::interrupt`]).

use pyo3::prelude::*;
use std::cell::Cell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex, Once, PoisonError};
use tromp_taylor_harness::engine::{Engine, EngineKind};
use tromp_taylor_harness::vertex::{parse_turn, turn_name};
use tromp_taylor_harness::vocab::{
    Grid, Illegal, Outcome, Player, Point, Refusal, Setup, Turn, Verdict,
};

use crate::interrupt::{ends_program, Interrupt, STOPPED};
use crate::words::player_letter;

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
/// divergence's setup and record give back.
pub(crate) type Said = Arc<Mutex<HashMap<(Setup, Vec<Turn>), String>>>;

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
    /// Every turn given to `play`, refused or not (the divergence's record).
    tried: Vec<Turn>,
    said: Said,
    /// The check's stop, and the exception that asked for it.
    interrupt: Interrupt,
}

thread_local! {
    /// Whether the panic under way on this thread is an engine's failure
    /// that the check reports (so the panic hook need not print it).
    static REPORTED: Cell<bool> = const { Cell::new(false) };
}

/// Ends the engine's answer with `message`, which the harness catches and
/// reports as the engine's failure at this step (a crash), without the
/// panic hook printing it too.
fn fail(message: String) -> ! {
    REPORTED.with(|reported| reported.set(true));
    std::panic::panic_any(message)
}

/// Ends the engine's answer because the check is stopping: the harness
/// reports a panic at this step, which the check leaves out of its report.
fn stopped() -> ! {
    fail(STOPPED.to_string())
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
    /// Cuts the engine's answer short if the check is stopping.
    fn go_on(&self) {
        if self.interrupt.is_requested() {
            stopped()
        }
    }

    /// Ends the engine's answer on `error`: one that ends the program is
    /// kept for the caller and stops the check; any other is the engine's
    /// failure, reported as `what` says it (given the exception's words).
    fn failed(&self, py: Python<'_>, error: PyErr, what: impl FnOnce(String) -> String) -> ! {
        if ends_program(py, &error) {
            self.interrupt.keep(error);
            stopped()
        }
        fail(what(described(&error)))
    }

    /// Calls the engine's method `name` with `args`; a Python exception is
    /// the engine's failure to answer, reported as a panic of the engine.
    fn ask<'py, A: pyo3::call::PyCallArgs<'py>>(
        &self,
        py: Python<'py>,
        name: &str,
        args: A,
    ) -> Bound<'py, PyAny> {
        self.go_on();
        let object = self.object.bind(py);
        let answer = match object.getattr(name) {
            Ok(attribute) if attribute.is_callable() => attribute.call1(args),
            other => other,
        };
        answer.unwrap_or_else(|e| {
            self.failed(py, e, |d| format!("{}.{name}() raised {d}", self.name))
        })
    }

    /// Whether the engine's `is_legal` says `turn` is legal for `player`.
    fn says_legal(&self, player: Player, turn: Turn) -> bool {
        self.interrupt.python(|py| {
            let vertex = turn_name(turn);
            let answer = self.ask(py, "is_legal", (player_letter(player), vertex.as_str()));
            answer.is_truthy().unwrap_or_else(|e| {
                self.failed(py, e, |d| {
                    format!("{}.is_legal() answered no truth value: {d}", self.name)
                })
            })
        })
    }

    /// The grid the engine's `board()` gives.
    fn board(&self) -> Grid {
        self.interrupt.python(|py| {
            let answer = self.ask(py, "board", ());
            let rows = rows_text(&answer).unwrap_or_else(|unread| {
                let e = match unread {
                    Unread::Raised(error) => error,
                    Unread::Text(e) => fail!("{}.board() gave no board: {e}", self.name),
                };
                self.failed(py, e, |d| {
                    format!("{}.board() gave no board: {d}", self.name)
                })
            });
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
        let listed: HashSet<Turn> = self.interrupt.python(|py| {
            let answer = self.ask(py, "legal_moves", (player_letter(player),));
            let items = answer.try_iter().unwrap_or_else(|e| {
                self.failed(py, e, |_| {
                    format!("{}.legal_moves() gave no list: {answer}", self.name)
                })
            });
            items
                .map(|item| {
                    let item = item.unwrap_or_else(|e| {
                        self.failed(py, e, |d| format!("{}.legal_moves() raised {d}", self.name))
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

/// Why a `board()` answer could not be read: an exception raised while
/// reading it, or what is wrong with it.
enum Unread {
    Raised(PyErr),
    Text(String),
}

impl From<String> for Unread {
    fn from(text: String) -> Unread {
        Unread::Text(text)
    }
}

/// A `board()` answer as rows of `X`, `O` and `.`, top first: a text, or
/// a sequence of rows, each a text or a sequence of cells.
fn rows_text(board: &Bound<'_, PyAny>) -> Result<String, Unread> {
    if let Ok(text) = board.extract::<String>() {
        return Ok(text);
    }
    let rows = board
        .try_iter()
        .map_err(|_| format!("{board} is neither a text nor a sequence of rows"))?;
    let mut text = Vec::new();
    for row in rows {
        let row = row.map_err(Unread::Raised)?;
        if let Ok(line) = row.extract::<String>() {
            let line: Result<String, String> = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| mark(&pyo3::types::PyString::new(row.py(), &c.to_string()).into_any()))
                .collect();
            text.push(line?);
            continue;
        }
        let cells = row
            .try_iter()
            .map_err(|_| format!("row {row} is neither a text nor a sequence of cells"))?;
        let mut line = String::new();
        for cell in cells {
            line.push(mark(&cell.map_err(Unread::Raised)?)?);
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
                let asked = match self.has.is_legal {
                    true => "is_legal() says no to",
                    false => "legal_moves() leaves out",
                };
                let words = format!(
                    "{}.{asked} {} {}, which the rules allow",
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
        self.go_on();
        self.tried.push(turn);
        // The end of the game is the rules' (the protocol has no end).
        if self.shadow.is_over() {
            return self.shadow.play(turn);
        }
        let rules = self.shadow.check(turn);
        let player = self.shadow.to_move();
        let vertex = turn_name(turn);
        let answer = self.interrupt.python(|py| {
            let played =
                self.object
                    .call_method1(py, "play", (player_letter(player), vertex.as_str()));
            match played {
                Ok(_) => Ok(()),
                Err(e) if ends_program(py, &e) => {
                    self.interrupt.keep(e);
                    stopped()
                }
                Err(e) => Err(described(&e)),
            }
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
        self.interrupt.python(|py| {
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

/// The closure that starts a game in the Python engine: the factory's
/// object, with a shadow game on `fast`; none once the check is stopping
/// (the start fails with [`STOPPED`]).
pub(crate) fn python_start(
    factory: Py<PyAny>,
    name: String,
    missing: Arc<Mutex<BTreeSet<&'static str>>>,
    said: Said,
    interrupt: Interrupt,
) -> impl Fn(Setup) -> Result<Box<dyn Engine + Send>, String> + Send + Sync + 'static {
    move |setup: Setup| {
        if interrupt.is_requested() {
            return Err(STOPPED.to_string());
        }
        let shadow = EngineKind::fast().start(setup)?;
        interrupt.python(|py| {
            let (width, height) = (setup.size.width(), setup.size.height());
            let made = factory.call1(py, (width, height, setup.rules.to_string()));
            let object = made.map_err(|e| match ends_program(py, &e) {
                true => {
                    interrupt.keep(e);
                    STOPPED.to_string()
                }
                false => format!("factory({width}, {height}, ...) raised {}", described(&e)),
            })?;
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
                interrupt: interrupt.clone(),
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
