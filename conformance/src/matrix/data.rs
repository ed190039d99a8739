//! The matrix as data: `matrix.json`, a versioned object (`format`, the
//! seed, the profile, the rows) that the Markdown table, the JUnit XML and
//! the site are all made from, and that `matrix merge` reads back.

use crate::audit::export::{AuditData, FindingData};
use crate::vectors_run::Tally;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;
use tromp_taylor_harness::finding::Standing;

/// The version of `matrix.json` this crate writes and reads.
pub const FORMAT: u32 = 2;

/// The mode of a row whose engine is only told the moves (`play`).
pub const PLAY: &str = "play";

/// A whole run of the matrix, as `matrix.json` has it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MatrixData {
    /// The version of this format ([`FORMAT`]).
    pub format: u32,
    /// The seed of every audit.
    pub seed: u64,
    /// `quick` or `full`.
    pub profile: String,
    /// One row per engine and rule set.
    pub rows: Vec<RowData>,
    /// The engines whose rows are not all here: the run stopped (Ctrl-C or
    /// SIGTERM) while it ran them. `matrix --resume` runs them again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unfinished: Vec<String>,
}

/// One row: an engine under one rule set, in one mode.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RowData {
    /// The manifest's file stem.
    pub id: String,
    /// The engine's name and version.
    pub engine: String,
    /// The rules it is held to, as the manifest names them.
    pub rules_name: String,
    /// The engine's own name for what the profile selects (empty: none;
    /// absent from runs written before labels).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// The rules, as a compact string.
    pub rules: String,
    /// How the engine was audited (`play`: it is told every move).
    #[serde(default = "play")]
    pub mode: String,
    /// The engine's command line.
    pub command: String,
    /// The `audit` options that replay a reproducer on the engine as the
    /// row ran it.
    pub replay: String,
    /// The folder of the row's reproducers, under the output folder.
    pub folder: Option<String>,
    /// Why the audit did not run, if it did not.
    pub skipped: Option<String>,
    /// The checks switched off, and why.
    pub skipped_checks: Option<String>,
    /// The illegal moves its `play` takes on purpose, and why: never sent.
    #[serde(default)]
    pub tolerated: Option<String>,
    /// Why the engine's version is superseded, if it is.
    #[serde(default)]
    pub obsolete: Option<String>,
    /// The audit.
    pub audit: Option<AuditData>,
    /// The vectors' tally, if they ran.
    pub vectors: Option<Tally>,
    /// Why the vectors did not run, if they were asked for.
    pub vectors_error: Option<String>,
    /// The failed vectors replayed as games on the engine, each divergence
    /// judged by the manifest's causes as the audit's are (absent from runs
    /// written before it, and where no vector failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vectors_replayed: Option<ReplayedVectors>,
    /// Each column of the table: its heading and its cell.
    pub columns: Vec<(String, String)>,
}

/// The failed conformance vectors of a row replayed as games on the engine
/// (`audit --replay`): their ids, and the audit of those games, whose game
/// `n` is the vector `ids[n - 1]`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayedVectors {
    /// The ids of the vectors replayed, in order.
    pub ids: Vec<String>,
    /// Their audit: a divergence per vector at most, judged.
    pub audit: AuditData,
}

/// Where a row's divergence was found: a game of its audit, or a failed
/// conformance vector replayed as a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// The audit's game, from 1.
    Game(usize),
    /// The vector of this id.
    Vector(&'a str),
}

impl Source<'_> {
    /// `game 3`, `vector ko-022`.
    pub fn name(&self) -> String {
        match self {
            Source::Game(game) => format!("game {game}"),
            Source::Vector(id) => format!("vector {id}"),
        }
    }

    /// The name as a heading begins: `Game 3`, `Vector ko-022`.
    pub fn title(&self) -> String {
        match self {
            Source::Game(game) => format!("Game {game}"),
            Source::Vector(id) => format!("Vector {id}"),
        }
    }

    /// The name as an anchor or file name: `game-3`, `vector-ko-022`.
    pub fn slug(&self) -> String {
        slug(&self.name())
    }
}

/// A name safe in a file name and an anchor: ASCII letters and digits
/// kept, anything else a `-`.
pub fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

fn play() -> String {
    PLAY.to_string()
}

/// Whether a standing's code says the engine means it.
fn intended(standing: &str) -> bool {
    Standing::from_code(standing).is_some_and(|s| s.is_intended())
}

/// Why a run's `matrix.json` cannot be read, or runs cannot be merged.
#[derive(Debug, Error)]
pub enum DataError {
    /// The file cannot be read.
    #[error("{}: cannot be read: {why}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        why: String,
    },
    /// The file is not a matrix in this format.
    #[error("{}: not a matrix.json of format {FORMAT}: {why}", file.display())]
    Format {
        /// The file.
        file: PathBuf,
        /// Why.
        why: String,
    },
    /// Two runs differ in what must be the same to merge them.
    #[error("{} and {}: the {what} differs ({left} and {right}); only runs of one {what} merge", left_file.display(), right_file.display())]
    Differs {
        /// What differs: format, seed or profile.
        what: &'static str,
        /// The first run's file.
        left_file: PathBuf,
        /// Its value.
        left: String,
        /// The other run's file.
        right_file: PathBuf,
        /// Its value.
        right: String,
    },
    /// One row is in two runs.
    #[error("{} and {}: both have {engine} under {rules} ({mode}); a row may come from one run only", left_file.display(), right_file.display())]
    Twice {
        /// The engine's id.
        engine: String,
        /// The rules' name.
        rules: String,
        /// The mode.
        mode: String,
        /// The first run's file.
        left_file: PathBuf,
        /// The other run's file.
        right_file: PathBuf,
    },
    /// A file or folder cannot be written or copied.
    #[error("{}: cannot be written: {why}", file.display())]
    Write {
        /// The file.
        file: PathBuf,
        /// Why.
        why: String,
    },
}

impl RowData {
    /// The row's key: engine, rules, label and mode.
    pub fn key(&self) -> (&str, &str, &str, &str) {
        (&self.id, &self.rules_name, &self.label, &self.mode)
    }

    /// Every divergence of the row with where it was found: the audit's
    /// games, then the failed vectors replayed.
    pub fn findings(&self) -> impl Iterator<Item = (Source<'_>, &FindingData)> {
        let games = self.audit.iter().flat_map(|a| &a.divergences);
        let games = games.map(|d| (Source::Game(d.game), d));
        let vectors = self.vectors_replayed.iter().flat_map(|r| {
            r.audit.divergences.iter().map(|d| {
                let id = r
                    .ids
                    .get(d.game.wrapping_sub(1))
                    .map_or("?", String::as_str);
                (Source::Vector(id), d)
            })
        });
        games.chain(vectors)
    }

    /// The divergences that break the rules (scoring conventions aside)
    /// where the engine does not state that it means to (bugs and those not
    /// yet judged), the failed vectors replayed included, and each failed
    /// vector whose replay found nothing to judge ([`RowData::vectors_unexplained`]).
    pub fn divergences(&self) -> usize {
        let judged = self
            .findings()
            .filter(|(_, d)| !d.convention && !intended(&d.standing))
            .count();
        judged + self.vectors_unexplained()
    }

    /// The failed vectors that no divergence of their replay as a game
    /// explains: not replayed (a case GTP cannot state, rules the engine
    /// was told rather than held to, a run written before replays), or
    /// replayed without a divergence (the engine parts only on what the
    /// audit does not ask). Each counts as a divergence without a standing.
    pub fn vectors_unexplained(&self) -> usize {
        let failed = self.vectors.map_or(0, |t| t.fail);
        let replayed = self
            .vectors_replayed
            .as_ref()
            .map_or(0, |r| r.audit.divergences.len());
        failed.saturating_sub(replayed)
    }

    /// The vectors' column: `21 pass, 1 fail, 159 skip`, the failures said
    /// by what their replays found (`1 fail, each by a stated cause`, `3
    /// fail, none by a stated cause`, `2 fail, 1 not reproduced as a game`).
    pub fn vectors_text(&self) -> Option<String> {
        let t = self.vectors?;
        let fail = match (t.fail, self.vectors_unexplained()) {
            (0, _) => "0 fail".to_string(),
            (n, 0) => {
                let stated = self
                    .findings()
                    .filter(|(s, d)| matches!(s, Source::Vector(_)) && intended(&d.standing))
                    .count();
                match stated {
                    s if s == n => format!("{n} fail, each by a stated cause"),
                    0 => format!("{n} fail, none by a stated cause"),
                    s => format!("{n} fail, {s} by a stated cause"),
                }
            }
            (n, u) if u == n => format!("{n} fail"),
            (n, u) => format!("{n} fail, {u} not reproduced as a game"),
        };
        Some(format!("{} pass, {fail}, {} skip", t.pass, t.skip))
    }

    /// The divergences the engine states that it means (documented, a
    /// setting, a documentation mismatch), scoring conventions aside.
    pub fn deviations(&self) -> usize {
        self.findings()
            .filter(|(_, d)| !d.convention && intended(&d.standing))
            .count()
    }

    /// The standings of its [`deviations`](RowData::deviations), each
    /// once, in [`Standing::ALL`]'s order.
    pub fn deviation_standings(&self) -> Vec<Standing> {
        Standing::ALL
            .into_iter()
            .filter(|s| s.is_intended())
            .filter(|s| {
                self.findings()
                    .any(|(_, d)| !d.convention && d.standing == s.code())
            })
            .collect()
    }

    /// Whether the audit ran.
    pub fn ran(&self) -> bool {
        self.audit.is_some()
    }
}

impl MatrixData {
    /// The data as JSON, ending with a new line.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
            + "\n"
    }

    /// Reads `DIR/matrix.json`.
    pub fn read(dir: &Path) -> Result<MatrixData, DataError> {
        let file = dir.join("matrix.json");
        let text = std::fs::read_to_string(&file).map_err(|e| DataError::Read {
            file: file.clone(),
            why: e.to_string(),
        })?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| DataError::Format {
                file: file.clone(),
                why: e.to_string(),
            })?;
        let format = value.get("format").and_then(serde_json::Value::as_u64);
        // Format 1 is format 2 before standings: its findings read as not
        // yet judged.
        if !matches!(format, Some(1 | 2)) {
            return Err(DataError::Format {
                file,
                why: format!(
                    "its format is {} (this version reads formats 1 and {FORMAT})",
                    format.map_or("not given".to_string(), |f| f.to_string())
                ),
            });
        }
        let mut data: MatrixData =
            serde_json::from_value(value).map_err(|e| DataError::Format {
                file: file.clone(),
                why: e.to_string(),
            })?;
        data.format = FORMAT;
        // A row's folder is copied by name: never a path out of the run.
        let plain = |f: &str| !f.is_empty() && !f.starts_with('.') && !f.contains(['/', '\\']);
        if let Some(row) = data
            .rows
            .iter()
            .find(|r| r.folder.as_deref().is_some_and(|f| !plain(f)))
        {
            return Err(DataError::Format {
                file,
                why: format!(
                    "the folder of {} under {} is not a plain name",
                    row.id, row.rules_name
                ),
            });
        }
        Ok(data)
    }
}

/// Writes `text` to `path` whole ([`tromp_taylor_harness::file::write_whole`]):
/// no reader ever sees half of it.
pub fn write_whole(path: &Path, text: &[u8]) -> Result<(), DataError> {
    tromp_taylor_harness::file::write_whole(path, text).map_err(|e| DataError::Write {
        file: path.to_path_buf(),
        why: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_another_format_is_refused_saying_which() {
        let dir = std::env::temp_dir().join(format!("tt-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        write_whole(&dir.join("matrix.json"), b"[]").unwrap();
        let error = MatrixData::read(&dir).unwrap_err().to_string();
        assert!(error.contains("format is not given"), "{error}");
        write_whole(
            &dir.join("matrix.json"),
            br#"{"format": 1, "seed": 3, "profile": "quick", "rows": []}"#,
        )
        .unwrap();
        let data = MatrixData::read(&dir).unwrap();
        assert_eq!((data.seed, data.rows.len()), (3, 0));
        let row = r#"{"id": "x", "engine": "x 1", "rules_name": "chinese", "rules": "r",
            "command": "x", "replay": "", "folder": "../out", "skipped": "no",
            "skipped_checks": null, "audit": null, "vectors": null,
            "vectors_error": null, "columns": []}"#;
        let text = format!(r#"{{"format": 1, "seed": 3, "profile": "quick", "rows": [{row}]}}"#);
        write_whole(&dir.join("matrix.json"), text.as_bytes()).unwrap();
        let error = MatrixData::read(&dir).unwrap_err().to_string();
        assert!(
            error.contains("the folder of x under chinese is not a plain name"),
            "{error}"
        );
        let text = text.replace("../out", "x-chinese");
        write_whole(&dir.join("matrix.json"), text.as_bytes()).unwrap();
        assert_eq!(MatrixData::read(&dir).unwrap().rows[0].mode, "play");
        assert!(!dir.join("matrix.json.partial").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
