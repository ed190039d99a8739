//! The words Python and the harness share: the rules (`Rules`), board
//! sizes and players as Python gives them, and illegal moves raised as
//! `IllegalMove`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tromp_taylor_harness::vocab::{
    Ending, Illegal, IllegalMove as IllegalRule, Player, Rules, Scoring, Size, Suicide, Superko,
};

create_exception!(
    tromp_taylor,
    IllegalMove,
    PyValueError,
    "A turn the rules refuse. `reason` is the short name (`occupied`, \
     `suicide`, `superko`, `ko`, `game-over`, `off-board`), `rule` the text \
     that forbids it (`rule 6`, `comment 7`, ...), `vertex` the turn, and \
     `lost_turn` whether the refusal also lost the turn (seed 003's rules)."
);

/// An [`IllegalMove`] for `illegal` at `vertex` under `rules`, its
/// attributes set.
pub(crate) fn illegal_move(
    py: Python<'_>,
    illegal: Illegal,
    vertex: &str,
    rules: Rules,
    lost_turn: bool,
) -> PyErr {
    let mut message = format!("{vertex} is illegal: {illegal}");
    if lost_turn {
        message.push_str("; the turn is lost (an illegal move loses the turn)");
    }
    let error = IllegalMove::new_err(message.clone());
    let value = error.value(py);
    let set = || -> PyResult<()> {
        value.setattr("reason", illegal.code())?;
        value.setattr("rule", illegal.rule(rules.superko))?;
        value.setattr("vertex", vertex)?;
        value.setattr("lost_turn", lost_turn)?;
        value.setattr("message", message)
    };
    if let Err(e) = set() {
        return e;
    }
    error
}

/// The rules of a game: a preset name (`tromp-taylor`, `chinese`,
/// `new-zealand`, `simple-ko-territory`), a compact rule string
/// (`koPOSITIONALscoreAREAsui1komi7.5`) or a name other programs write
/// (`japanese`, `aga`, ...), read as the command line reads them.
#[pyclass(
    module = "tromp_taylor",
    name = "Rules",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub(crate) rules: Rules,
}

#[pymethods]
impl PyRules {
    /// Reads a preset name, a compact rule string or another program's name
    /// for rules; ValueError if none.
    #[new]
    #[pyo3(signature = (text = "tromp-taylor"))]
    fn new(text: &str) -> PyResult<PyRules> {
        let rules = text
            .parse::<Rules>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyRules { rules })
    }

    /// The preset names with what each means, as `(name, description)`.
    #[staticmethod]
    fn presets() -> Vec<(&'static str, &'static str)> {
        tromp_taylor_harness::names::PRESETS.to_vec()
    }

    /// Which repetitions are forbidden: `positional` (rule 6), `situational`
    /// (comment 6) or `simple-ko` (seed 004).
    #[getter]
    fn superko(&self) -> &'static str {
        match self.rules.superko {
            Superko::Positional => "positional",
            Superko::Situational => "situational",
            Superko::SimpleKo => "simple-ko",
        }
    }

    /// Whether suicide is allowed (rule 7) rather than forbidden (comment 7).
    #[getter]
    fn suicide_allowed(&self) -> bool {
        self.rules.suicide == Suicide::Allowed
    }

    /// Whether the game ends by agreement after two passes (comment 8).
    #[getter]
    fn agreement_ending(&self) -> bool {
        self.rules.ending == Ending::Agreement
    }

    /// Territory scoring (comment 9) rather than area (rule 9).
    #[getter]
    fn territory_scoring(&self) -> bool {
        self.rules.scoring == Scoring::Territory
    }

    /// Whether a move refused as suicide, ko or superko also loses the turn
    /// (seed 003).
    #[getter]
    fn illegal_loses_turn(&self) -> bool {
        self.rules.illegal_move == IllegalRule::LosesTurn
    }

    /// The komi, in points (comment 10).
    #[getter]
    fn komi(&self) -> f64 {
        f64::from(self.rules.komi_half_points) / 2.0
    }

    /// The compact rule string.
    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules('{}')", self.rules)
    }
}

/// Rules given as a `Rules` or as text.
pub(crate) fn rules_from(rules: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(rules) = rules.extract::<PyRules>() {
        return Ok(rules.rules);
    }
    match rules.extract::<String>() {
        Ok(text) => Ok(PyRules::new(&text)?.rules),
        Err(_) => Err(PyValueError::new_err(
            "rules are a Rules, a preset name or a compact rule string",
        )),
    }
}

/// A board size given as a side (`9`) or as text (`"9x9"`, `"5x3"`, `"7:3"`).
pub(crate) fn size_from(size: &Bound<'_, PyAny>) -> PyResult<Size> {
    let error = |e: String| PyValueError::new_err(e);
    if let Ok(side) = size.extract::<usize>() {
        return Size::new(side, side).ok_or_else(|| {
            error(format!(
                "{side} is not a board size: each side must be from 1 to 52"
            ))
        });
    }
    match size.extract::<String>() {
        Ok(text) => text.parse::<Size>().map_err(|e| error(e.to_string())),
        Err(_) => Err(error(
            "a size is a side (9) or a text such as \"9x9\" or \"5x3\"".to_string(),
        )),
    }
}

/// A player as Python sees her: `B` or `W`.
pub(crate) fn player_letter(player: Player) -> &'static str {
    match player {
        Player::Black => "B",
        Player::White => "W",
    }
}
