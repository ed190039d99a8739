//! `Game`: a game on either engine (`spec`, the literal rules, or `fast`),
//! played by GTP vertices, with its grid, legal moves, score, result, undo
//! and SGF.

use crate::words::{illegal_move, player_letter, rules_from, size_from, PyRules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Mutex, PoisonError};
use tromp_taylor_harness::engine::{Engine, EngineKind, EngineName};
use tromp_taylor_harness::sgf;
use tromp_taylor_harness::vertex::{column_name, parse_turn, turn_name, VertexError};
use tromp_taylor_harness::vocab::{
    Action, Color, Handicap, Illegal, IllegalMove as IllegalRule, Player, Point, Record, Setup,
    Size, Turn,
};

/// A game of Go under the Tromp-Taylor rules (or a variation of them), on
/// the literal statement of the rules (`engine="spec"`) or the optimised
/// engine (`engine="fast"`, the default). Vertices are GTP's: `"D4"`,
/// `"pass"`; columns skip `I`; row 1 is at the bottom.
#[pyclass(module = "tromp_taylor")]
pub struct Game {
    kind: EngineKind,
    setup: Setup,
    /// The game in its engine. A pyclass must be `Sync` (PyO3 0.23 on) and
    /// an engine is only `Send`, hence the `Mutex`; it is never locked:
    /// every method that asks the engine takes `&mut self` (PyO3's borrow
    /// of the object, as cheap as a shared one) and reaches it by
    /// [`Game::engine_mut`]. A lock taken a read made `is_over` 14 ns slower
    /// (43 to 57 ns, python/bench/bench_play.py).
    engine: Mutex<Box<dyn Engine + Send>>,
    /// Every turn taken (lost turns included), with who took it.
    record: Record,
    /// The disputed turn of a reproducer read by `from_sgf` (its last node,
    /// marked `TTV`), not played: `(color, vertex, note)`.
    disputed: Option<(&'static str, String, String)>,
}

/// The engine named `name`: `spec` or `fast`.
fn engine_kind(name: &str) -> PyResult<EngineKind> {
    name.parse::<EngineName>()
        .map(EngineName::kind)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Starts the game of `setup` in `kind`.
fn start(kind: &EngineKind, setup: Setup) -> PyResult<Box<dyn Engine + Send>> {
    kind.start(setup).map_err(PyValueError::new_err)
}

/// The GTP diagram of a grid: column letters above and below, row numbers
/// on both sides, top row first; `X` black, `O` white, `.` empty.
fn diagram(size: Size, colors: &[Color]) -> String {
    let cell = if size.width() > 25 { 3 } else { 2 };
    let mut header = String::from("  ");
    for x in 0..size.width() {
        header.push_str(&format!("{:>cell$}", column_name(x)));
    }
    let header = header.trim_end().to_string();
    let mut text = format!("{header}\n");
    for y in (0..size.height()).rev() {
        text.push_str(&format!("{:>2}", y + 1));
        for x in 0..size.width() {
            let index = y * size.width() + x;
            text.push_str(&format!("{:>cell$}", colors[index].mark()));
        }
        text.push_str(&format!(" {}\n", y + 1));
    }
    text.push_str(&header);
    text.push('\n');
    text
}

impl Game {
    /// The engine, without a lock: `&mut self` is the only access there is.
    fn engine_mut(&mut self) -> &mut (dyn Engine + Send) {
        self.engine
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .as_mut()
    }

    /// `vertex` read on this board: `Err` if it is not a vertex at all; a
    /// well-formed vertex off the board is an [`IllegalMove`](crate::words::IllegalMove).
    fn turn(&self, py: Python<'_>, vertex: &str) -> PyResult<Turn> {
        match parse_turn(vertex, self.setup.size) {
            Ok(turn) => Ok(turn),
            Err(VertexError::Malformed(_)) => Err(PyValueError::new_err(
                parse_turn(vertex, self.setup.size).unwrap_err().to_string(),
            )),
            Err(VertexError::OffBoard { vertex, .. }) => Err(illegal_move(
                py,
                Illegal::OffBoard,
                &vertex,
                self.setup.rules,
                false,
            )),
        }
    }

    /// Takes `turn`, recording it (and a lost turn); the refusal otherwise.
    fn take(&mut self, turn: Turn) -> Result<(), (Illegal, bool)> {
        let engine = self.engine_mut();
        let player = engine.to_move();
        let verdict = match turn {
            Turn::Move(point) => engine.play_move(point),
            Turn::Pass => engine.play(Turn::Pass),
        };
        match verdict {
            Ok(()) => {
                self.record.push((player, Action::Turn(turn)));
                Ok(())
            }
            Err(illegal) => {
                let lost =
                    self.setup.rules.illegal_move == IllegalRule::LosesTurn && illegal.loses_turn();
                if lost {
                    self.record.push((player, Action::Turn(turn)));
                }
                Err((illegal, lost))
            }
        }
    }

    /// The rows of the grid, top first, each point as `f(color)`.
    fn rows<T>(&mut self, f: impl Fn(Color) -> T) -> Vec<Vec<T>> {
        let grid = self.engine_mut().grid();
        let size = self.setup.size;
        (0..size.height())
            .rev()
            .map(|y| {
                (0..size.width())
                    .map(|x| f(grid.at(Point::new(x, y))))
                    .collect()
            })
            .collect()
    }
}

#[pymethods]
impl Game {
    /// A new game on a `size` board (`9`, `"9x9"`, `"5x3"`), under `rules`
    /// (a `Rules`, a preset name or a compact rule string), in `engine`
    /// (`"fast"` or `"spec"`).
    #[new]
    #[pyo3(signature = (size = None, rules = None, engine = "fast"))]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        engine: &str,
    ) -> PyResult<Game> {
        let size = match size {
            Some(size) => size_from(size)?,
            None => Size::new(19, 19).expect("19x19 is a size"),
        };
        let rules = match rules {
            Some(rules) => rules_from(rules)?,
            None => Default::default(),
        };
        let kind = engine_kind(engine)?;
        let setup = Setup {
            size,
            rules,
            handicap: Handicap::None,
        };
        Ok(Game {
            engine: Mutex::new(start(&kind, setup)?),
            kind,
            setup,
            record: Vec::new(),
            disputed: None,
        })
    }

    /// The game recorded in SGF `text` (its main line), replayed in
    /// `engine`; a reproducer's disputed turn (its last node, marked `TTV`)
    /// is not played but kept as `disputed`. ValueError if the SGF cannot
    /// be read, starts from a setup position, or holds a turn the rules
    /// refuse; KeyboardInterrupt on Ctrl-C while a long record is
    /// replayed.
    #[staticmethod]
    #[pyo3(signature = (text, engine = "fast"))]
    fn from_sgf(py: Python<'_>, text: &str, engine: &str) -> PyResult<Game> {
        let error = |e: String| PyValueError::new_err(e);
        let script = tromp_taylor_harness::script::Script::read_sgf(text)
            .map_err(|e| error(e.to_string()))?;
        if script.start.is_some() {
            return Err(error(
                "the record starts from a setup position (AB/AW): Game.from_sgf plays games from the empty board or a handicap only".to_string(),
            ));
        }
        let (setup, mut record) = sgf::read(text).map_err(|e| error(e.to_string()))?;
        let kind = engine_kind(engine)?;
        let mut game = Game {
            engine: Mutex::new(start(&kind, setup)?),
            kind,
            setup,
            record: Vec::new(),
            disputed: None,
        };
        game.disputed = disputed_of(text, &mut record)?;
        for (number, (player, action)) in record.into_iter().enumerate() {
            let number = number + 1;
            // A long record: Ctrl-C is heard between two of its moves.
            if number % 256 == 0 {
                py.check_signals()?;
            }
            let to_move = game.engine_mut().to_move();
            if player != to_move {
                return Err(error(format!(
                    "move {number} is {}'s, but {} is to move",
                    player_letter(player),
                    player_letter(to_move)
                )));
            }
            match action {
                Action::Turn(turn) => {
                    if let Err((illegal, false)) = game.take(turn) {
                        let vertex = turn_name(turn);
                        let e = illegal_move(py, illegal, &vertex, setup.rules, false);
                        return Err(error(format!("move {number}: {}", e.value(py))));
                    }
                }
                Action::Agree(points) => {
                    game.engine_mut().agree(&points).map_err(|refusal| {
                        error(format!(
                            "move {number}: the agreement is refused ({refusal:?})"
                        ))
                    })?;
                    game.record.push((player, Action::Agree(points)));
                }
            }
        }
        Ok(game)
    }

    /// The disputed turn of a reproducer read by `from_sgf`, not played:
    /// `(color, vertex, note)`, the note saying what each side said; None
    /// for any other game.
    #[getter]
    fn disputed(&self) -> Option<(&'static str, String, String)> {
        self.disputed.clone()
    }

    /// Plays `vertex` (`"D4"`, `"pass"`) for the player to move. Raises
    /// `IllegalMove` (its `reason` and `rule` say why) if the rules refuse
    /// it, changing nothing, except under rules where an illegal move loses
    /// the turn (`lost_turn` is then true); ValueError if `vertex` is not a
    /// vertex.
    fn play(&mut self, py: Python<'_>, vertex: &str) -> PyResult<()> {
        let turn = self.turn(py, vertex)?;
        self.take(turn).map_err(|(illegal, lost)| {
            illegal_move(py, illegal, &turn_name(turn), self.setup.rules, lost)
        })
    }

    /// Whether the player to move may play `vertex` (off the board: False).
    fn is_legal(&mut self, vertex: &str) -> PyResult<bool> {
        match parse_turn(vertex, self.setup.size) {
            Ok(turn) => Ok(self.engine_mut().check(turn).is_ok()),
            Err(VertexError::OffBoard { .. }) => Ok(false),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }

    /// Why the player to move may not play `vertex` (`"occupied"`,
    /// `"suicide"`, `"superko"`, `"ko"`, `"game-over"`, `"off-board"`), or
    /// None if she may.
    fn why_illegal(&mut self, vertex: &str) -> PyResult<Option<&'static str>> {
        match parse_turn(vertex, self.setup.size) {
            Ok(turn) => Ok(self.engine_mut().check(turn).err().map(Illegal::code)),
            Err(VertexError::OffBoard { .. }) => Ok(Some(Illegal::OffBoard.code())),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }

    /// Every legal turn: `"pass"` first, then the vertices in point order
    /// (row 1 from the left, then row 2, ...); empty once the game is over.
    fn legal_moves(&mut self) -> Vec<String> {
        self.engine_mut()
            .legal_turns()
            .into_iter()
            .map(turn_name)
            .collect()
    }

    /// Takes back the last turn (a lost turn or an agreement included);
    /// False, changing nothing, at the start.
    fn undo(&mut self) -> bool {
        let undone = self.engine_mut().undo();
        if undone {
            self.record.pop();
        }
        undone
    }

    /// The board as GTP shows it: column letters, row numbers, `X` black,
    /// `O` white, `.` empty, top row first.
    #[getter]
    fn grid(&mut self) -> String {
        diagram(self.setup.size, &self.engine_mut().grid().colors)
    }

    /// The board as rows of `X`, `O` and `.`, top row first.
    fn grid_rows(&mut self) -> Vec<String> {
        self.engine_mut().grid().rows()
    }

    /// The board as rows (top first) of `"B"`, `"W"` or None.
    #[getter]
    fn board(&mut self) -> Vec<Vec<Option<&'static str>>> {
        self.rows(|color| match color {
            Color::Black => Some("B"),
            Color::White => Some("W"),
            Color::Empty => None,
        })
    }

    /// The color of `vertex`: `"B"`, `"W"` or None.
    fn color_at(&mut self, py: Python<'_>, vertex: &str) -> PyResult<Option<&'static str>> {
        match self.turn(py, vertex)? {
            Turn::Pass => Err(PyValueError::new_err("pass is not a point")),
            Turn::Move(point) => Ok(match self.engine_mut().grid().at(point) {
                Color::Black => Some("B"),
                Color::White => Some("W"),
                Color::Empty => None,
            }),
        }
    }

    /// The scores as the position stands, without komi: `(black, white)`
    /// (rule 9's points, or comment 9's territory and prisoners).
    fn score(&mut self) -> (usize, usize) {
        (
            self.engine_mut().score(Player::Black),
            self.engine_mut().score(Player::White),
        )
    }

    /// The opponent stones each player holds: `(black, white)`.
    fn prisoners(&mut self) -> (usize, usize) {
        (
            self.engine_mut().prisoners(Player::Black),
            self.engine_mut().prisoners(Player::White),
        )
    }

    /// The result with komi as the position stands: `"B+3.5"`, `"W+1"`, or
    /// `"0"` for a tie.
    fn result(&mut self) -> String {
        self.engine_mut().outcome().to_string()
    }

    /// The game in SGF (FF[4]): size, rules (compact string), komi, every
    /// turn taken (a pass as `B[]`), and the result once the game is over.
    #[pyo3(name = "to_sgf")]
    fn sgf(&mut self) -> String {
        let mut record = sgf::game_record(&self.setup, &self.record);
        let engine = self.engine_mut();
        if engine.is_over() {
            record.result = Some(engine.outcome().to_string());
        }
        sgf::write_record(&record)
    }

    /// Whose turn it is: `"B"` or `"W"`.
    #[getter(to_move)]
    fn player_to_move(&mut self) -> &'static str {
        player_letter(self.engine_mut().to_move())
    }

    /// Whether the game has ended (rule 8: two consecutive passes).
    #[getter]
    fn is_over(&mut self) -> bool {
        self.engine_mut().is_over()
    }

    /// The run of consecutive passes.
    #[getter]
    fn consecutive_passes(&mut self) -> usize {
        self.engine_mut().consecutive_passes()
    }

    /// The turns taken, as `(color, vertex)` pairs.
    #[getter]
    fn moves(&self) -> Vec<(&'static str, String)> {
        self.record
            .iter()
            .map(|(player, action)| {
                let what = match action {
                    Action::Turn(turn) => turn_name(*turn),
                    Action::Agree(_) => "agree".to_string(),
                };
                (player_letter(*player), what)
            })
            .collect()
    }

    /// The board's `(width, height)`.
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.setup.size.width(), self.setup.size.height())
    }

    /// The rules of the game.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.setup.rules,
        }
    }

    /// The engine playing the game: `"spec"` or `"fast"`.
    #[getter]
    fn engine(&self) -> String {
        self.kind.name().to_string()
    }

    fn __str__(&mut self) -> String {
        self.grid()
    }

    fn __repr__(&mut self) -> String {
        let to_move = self.player_to_move();
        format!(
            "<Game {} {} engine={} turns={} to_move={to_move}>",
            self.setup.size,
            self.setup.rules,
            self.kind.name(),
            self.record.len(),
        )
    }
}

/// The disputed turn of the reproducer in SGF `text`, taken off the end of
/// its `record` (so that it is not played): `(color, vertex, note)`, the
/// vertex `agreement` for an agreement; None if it marks none.
fn disputed_of(
    text: &str,
    record: &mut Record,
) -> PyResult<Option<(&'static str, String, String)>> {
    let options = sgf::ReadOptions {
        attempts: true,
        ..sgf::ReadOptions::default()
    };
    let game = sgf::read_game(text, &options).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let Some(note) = game.disputed else {
        return Ok(None);
    };
    Ok(record.pop().map(|(player, action)| {
        let vertex = match action {
            Action::Turn(turn) => turn_name(turn),
            Action::Agree(_) => "agreement".to_string(),
        };
        (player_letter(player), vertex, note)
    }))
}
