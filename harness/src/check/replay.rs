//! Replaying saved games (the SGFs an engine author keeps as regressions)
//! on the rules and on an engine, and what that came to.

use super::games::CheckFailed;
use super::report::rules_at_stake;
use crate::diff::{compare_script, Divergence};
use crate::engine::{EngineKind, Unsupported};
use crate::report::Report;
use crate::run::Known;
use crate::sgf::SgfError;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why saved games could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A file or folder could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not an SGF game the harness can replay.
    #[error("{}: {source}", path.display())]
    Sgf {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SgfError,
    },
}

/// Replays saved games (SGF files, or folders of them, as the reports print
/// them) on the rules and on `engine`: the regressions an engine author
/// keeps under `testdata/`. Files are replayed in the order given, each
/// folder's `.sgf` files in name order.
///
/// ```
/// use tromp_taylor_harness::check::replay;
/// use tromp_taylor_harness::engine::EngineKind;
///
/// let dir = std::env::temp_dir().join("tromp-taylor-replay-doctest");
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("ko.sgf"), "(;FF[4]GM[1]SZ[2:1];B[aa];W[ba];B[aa])").unwrap();
/// let report = replay(&EngineKind::fast(), &[dir], &[]).unwrap();
/// report.assert_agrees();
/// assert_eq!(report.files.len(), 1);
/// ```
pub fn replay(
    engine: &EngineKind,
    paths: &[impl AsRef<Path>],
    known: &[Known],
) -> Result<ReplayReport, CheckError> {
    let mut files = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let read_error = |source| CheckError::Read {
            path: path.to_path_buf(),
            source,
        };
        if path.is_dir() {
            let mut sgfs = Vec::new();
            for entry in std::fs::read_dir(path).map_err(read_error)? {
                let file = entry.map_err(read_error)?.path();
                if file.extension().is_some_and(|e| e == "sgf") {
                    sgfs.push(file);
                }
            }
            sgfs.sort();
            files.extend(sgfs);
        } else {
            files.push(path.to_path_buf());
        }
    }
    let replayed = files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|source| CheckError::Read {
                path: path.clone(),
                source,
            })?;
            let script =
                crate::script::Script::read_sgf(&text).map_err(|source| CheckError::Sgf {
                    path: path.clone(),
                    source,
                })?;
            let supported = match script.start {
                Some(_) => engine
                    .supports()
                    .position(script.setup.size, script.setup.rules),
                None => engine.supports().setup(&script.setup),
            };
            let outcome = match supported {
                Err(reason) => Replayed::Skipped(reason),
                Ok(()) => match compare_script(&script, &EngineKind::spec(), engine, true) {
                    Ok(agreed) => Replayed::Agreed {
                        steps: agreed.steps,
                    },
                    Err(divergence) => Replayed::Parted {
                        known: Known::find(known, &divergence),
                        divergence,
                    },
                },
            };
            Ok(Replay { path, outcome })
        })
        .collect::<Result<_, CheckError>>()?;
    Ok(ReplayReport {
        engine: engine.name().to_string(),
        files: replayed,
    })
}

/// What replaying saved games came to.
#[derive(Debug)]
pub struct ReplayReport {
    /// The engine.
    pub engine: String,
    /// Each file, in order.
    pub files: Vec<Replay>,
}

/// One saved game, replayed.
#[derive(Debug)]
pub struct Replay {
    /// The file.
    pub path: PathBuf,
    /// What it came to.
    pub outcome: Replayed,
}

/// What one saved game came to.
#[derive(Debug)]
pub enum Replayed {
    /// The engine agrees with the rules on every step.
    Agreed {
        /// The steps compared.
        steps: usize,
    },
    /// Not replayed: the engine does not claim its setup.
    Skipped(Unsupported),
    /// They part.
    Parted {
        /// Where.
        divergence: Box<Divergence>,
        /// The known divergence it is, if any.
        known: Option<Known>,
    },
}

impl Replay {
    /// The known divergence the game shows, if it parts for a known reason.
    pub fn known(&self) -> Option<Known> {
        match &self.outcome {
            Replayed::Parted { known, .. } => *known,
            _ => None,
        }
    }

    /// Whether the game parts where no known divergence explains it.
    pub fn is_new(&self) -> bool {
        matches!(self.outcome, Replayed::Parted { known: None, .. })
    }
}

impl ReplayReport {
    /// Whether every game agrees, or parts for a known reason.
    pub fn agrees(&self) -> bool {
        !self.files.iter().any(Replay::is_new)
    }

    /// `Ok` if the engine [`agrees`](Self::agrees), else the whole report.
    pub fn result(&self) -> Result<(), CheckFailed> {
        match self.agrees() {
            true => Ok(()),
            false => Err(CheckFailed {
                engine: self.engine.clone(),
                new: self.files.iter().filter(|f| f.is_new()).count(),
                report: self.to_string(),
            }),
        }
    }

    /// Panics with the whole report unless the engine
    /// [`agrees`](Self::agrees).
    #[track_caller]
    pub fn assert_agrees(&self) {
        if let Err(failure) = self.result() {
            panic!("{failure}");
        }
    }
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let engine = &self.engine;
        let here = std::env::current_dir().unwrap_or_default();
        for file in &self.files {
            // Relative to the current folder where it can be.
            let path = file
                .path
                .strip_prefix(&here)
                .unwrap_or(&file.path)
                .display();
            match &file.outcome {
                Replayed::Agreed { steps } => {
                    writeln!(f, "{path}: {engine} agrees with the rules ({steps} steps)")?
                }
                Replayed::Skipped(reason) => {
                    writeln!(f, "{path}: skipped ({engine} does not claim {reason})")?
                }
                Replayed::Parted {
                    known: Some(known),
                    divergence,
                } => writeln!(
                    f,
                    "{path}: the known divergence {known} ({})",
                    divergence.describe().replace('\n', " ")
                )?,
                Replayed::Parted {
                    known: None,
                    divergence,
                } => {
                    let headline = format!(
                        "{path}: NEW DIVERGENCE: {} and {} part at step {} of a {} game under {}",
                        divergence.left,
                        divergence.right,
                        divergence.steps,
                        divergence.setup.size,
                        divergence.setup.rules
                    );
                    let report = Report {
                        rules: rules_at_stake(divergence),
                        ..Report::new(headline, divergence)
                    };
                    writeln!(f, "{report}")?;
                }
            }
        }
        Ok(())
    }
}
