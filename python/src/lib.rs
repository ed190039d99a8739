//! The Python module `tromp_taylor` (PyO3): the rules as the command line
//! reads them (`words::PyRules`, `Rules` in Python), games on either engine
//! (`game::Game`) with illegal moves raised as `words::IllegalMove`, and the
//! differential check of a Python engine against the rules
//! (`check::check_engine`, over the engine object of `engine` and the
//! claims of `claims`).
//!
//! Everything here translates: the rules, the engines and the check are the
//! harness's (`tromp-taylor-harness`), asked in its vocabulary.

mod check;
mod claims;
mod engine;
mod game;
mod interrupt;
mod words;

use pyo3::prelude::*;
use words::{IllegalMove, PyRules};

/// The Tromp-Taylor rules of Go, executable: `Game` plays on the literal
/// statement of the rules (`engine="spec"`) or the optimised engine
/// (`"fast"`) under `Rules` (presets and compact strings), raising
/// `IllegalMove` with the reason and the rule; `check_engine` checks an
/// engine written in Python against the rules (a `CheckReport` of
/// `Divergence`s). See docs/python.md.
#[pymodule]
fn tromp_taylor(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("IllegalMove", py.get_type::<IllegalMove>())?;
    module.add_class::<PyRules>()?;
    module.add_class::<game::Game>()?;
    module.add_class::<check::PyCheckReport>()?;
    module.add_class::<check::PyDivergence>()?;
    module.add_function(wrap_pyfunction!(check::check_engine, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
