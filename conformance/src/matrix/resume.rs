//! Resuming a stopped matrix: the engines an earlier run in the same folder completed are kept as they are, and the rest run.
//!
//! The unit kept is an engine, not a row: an engine's reports for its
//! maintainers ([`super::upstream`]) group the divergences of all its rows,
//! so an engine the earlier run was in the middle of when it stopped (the
//! run's `unfinished`) runs again from its first row.

use super::data::{DataError, MatrixData};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a folder cannot be resumed; nothing is run then.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// The folder holds no run to resume.
    #[error("{}: nothing to resume (no matrix.json from an earlier run); run without --resume", folder.display())]
    Nothing {
        /// The folder.
        folder: PathBuf,
    },
    /// Its `matrix.json` cannot be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The run asked for differs from the earlier run in what must be the
    /// same for their rows to make one matrix.
    #[error("{}: the earlier run's {what} is {earlier}, and this run's {asked}; resume with the same {what}", folder.display())]
    Differs {
        /// The folder.
        folder: PathBuf,
        /// `seed` or `profile`.
        what: &'static str,
        /// The earlier run's.
        earlier: String,
        /// This run's.
        asked: String,
    },
}

/// The earlier run in `folder`, checked against the seed (if one is asked
/// for) and the profile of this run.
pub fn earlier(folder: &Path, seed: Option<u64>, quick: bool) -> Result<MatrixData, ResumeError> {
    if !folder.join("matrix.json").exists() {
        return Err(ResumeError::Nothing {
            folder: folder.to_path_buf(),
        });
    }
    let data = MatrixData::read(folder)?;
    let differs = |what, earlier: String, asked: String| ResumeError::Differs {
        folder: folder.to_path_buf(),
        what,
        earlier,
        asked,
    };
    if let Some(seed) = seed.filter(|s| *s != data.seed) {
        return Err(differs("seed", data.seed.to_string(), seed.to_string()));
    }
    let profile = if quick { "quick" } else { "full" };
    if data.profile != profile {
        return Err(differs("profile", data.profile, profile.to_string()));
    }
    Ok(data)
}

impl MatrixData {
    /// The engines (manifest stems) whose rows are all here: every engine
    /// with a row, but those the run was in the middle of when it stopped.
    pub fn complete_engines(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for row in &self.rows {
            if !ids.contains(&row.id) && !self.unfinished.contains(&row.id) {
                ids.push(row.id.clone());
            }
        }
        ids
    }

    /// This run's data with the rows of `earlier`'s complete engines that
    /// this run did not run again, in the order of the manifests (by name,
    /// each engine's rows in the order they ran).
    pub fn with_kept(mut self, earlier: &MatrixData) -> MatrixData {
        let ran: Vec<String> = self.rows.iter().map(|r| r.id.clone()).collect();
        let complete = earlier.complete_engines();
        let kept = earlier
            .rows
            .iter()
            .filter(|r| complete.contains(&r.id) && !ran.contains(&r.id));
        self.rows.extend(kept.cloned());
        self.rows.sort_by(|a, b| a.id.cmp(&b.id));
        self
    }
}
