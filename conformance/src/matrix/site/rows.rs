//! The site's rows: grouped by engine, each placed on its engine's page
//! under an anchor of its own, with its verdict.

use super::badge::Verdict;
pub use crate::matrix::data::slug;
use crate::matrix::data::{MatrixData, RowData, PLAY};

/// A row as the site places it: on its engine's page under `anchor`.
pub struct Placed<'a> {
    /// The row.
    pub row: &'a RowData,
    /// Its anchor on the engine's page (and its badge's name there).
    pub anchor: String,
    /// Its verdict.
    pub verdict: Verdict,
}

/// An engine and its rows, in the data's order.
pub struct EngineRows<'a> {
    /// The manifest's file stem.
    pub id: &'a str,
    /// Its name for files (`engines/NAME.html`, `badges/NAME.svg`).
    pub file: String,
    /// Its rows.
    pub rows: Vec<Placed<'a>>,
}

impl EngineRows<'_> {
    /// The engine's verdict over all its rows.
    pub fn verdict(&self) -> Verdict {
        Verdict::all(self.rows.iter().map(|p| p.verdict))
    }
}

/// A row's verdict: not run, its divergences not stated as meant
/// (vectors failed included), else its documented deviations, or a pass.
pub fn verdict(row: &RowData) -> Verdict {
    match (row.ran(), row.divergences(), row.deviations()) {
        (false, _, _) => Verdict::NotRun,
        (true, 0, 0) => Verdict::Pass,
        (true, 0, n) => Verdict::Deviates(n),
        (true, n, _) => Verdict::Diverges(n),
    }
}

/// The rows grouped by engine, each with an anchor unique on its page:
/// the rules' name, the mode where it is not `play`, a number where the
/// same rules and mode come again.
pub fn engines(data: &MatrixData) -> Vec<EngineRows<'_>> {
    let mut engines: Vec<EngineRows<'_>> = Vec::new();
    for row in &data.rows {
        let index = match engines.iter().position(|e| e.id == row.id) {
            Some(i) => i,
            None => {
                engines.push(EngineRows {
                    id: &row.id,
                    file: slug(&row.id),
                    rows: Vec::new(),
                });
                engines.len() - 1
            }
        };
        let engine = &mut engines[index];
        let mut anchor = slug(&row.rules_name);
        if !row.label.is_empty() {
            anchor = format!("{anchor}--{}", slug(&row.label));
        }
        if row.mode != PLAY {
            anchor = format!("{anchor}--{}", slug(&row.mode));
        }
        let same = engine
            .rows
            .iter()
            .filter(|p| p.row.key() == row.key())
            .count();
        if same > 0 {
            anchor = format!("{anchor}--{}", same + 1);
        }
        engine.rows.push(Placed {
            row,
            anchor,
            verdict: verdict(row),
        });
    }
    engines
}
