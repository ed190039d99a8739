//! Reading the case suite: the loader of `testdata/cases/*.json` and the
//! validation that refuses a malformed case with its file and its id.

use super::format::{Attempt, Case, VectorFile, FORMAT};
use super::inputs::{inputs, on_board, player, point, preset_of, requirements};
use crate::vocab::{Illegal, Outcome, Size};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The verdicts an agreement may expect.
const AGREEMENT_VERDICTS: [&str; 2] = ["legal", "refused"];

/// The folder of the suite in this source tree: `testdata/cases/`.
pub fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("testdata")
        .join("cases")
}

/// Why the suite, a file or a case could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The folder could not be read.
    #[error("{}: {source}", dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The folder holds no case file.
    #[error("{}: no case files (*.json)", dir.display())]
    NoFiles {
        /// The folder.
        dir: PathBuf,
    },
    /// A file could not be read.
    #[error("{}: {source}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not JSON.
    #[error("{}: not JSON: {source}", file.display())]
    Json {
        /// The file.
        file: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A file's own fields (format, group, the list of cases) are wrong.
    #[error("{}: {why}", file.display())]
    File {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A case is malformed.
    #[error("{}: {pointer} (case {case}): {why}", file.display())]
    Case {
        /// The file.
        file: PathBuf,
        /// The case's id, or its position in the file when it has none.
        case: String,
        /// Where in the file, as a JSON pointer: `/cases/3`.
        pointer: String,
        /// What is wrong.
        why: String,
    },
    /// The files hold no case at all.
    #[error("{}: the case files hold no case", dir.display())]
    NoCases {
        /// The folder.
        dir: PathBuf,
    },
}

/// Reads every case of the suite in this source tree ([`suite_dir`]).
pub fn load_suite() -> Result<Vec<Case>, LoadError> {
    load_dir(&suite_dir())
}

/// Reads every `*.json` file of `dir`, in name order, and checks every case:
/// the format, the group, unique ids, and each case's fields.
pub fn load_dir(dir: &Path) -> Result<Vec<Case>, LoadError> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|source| LoadError::Folder {
            dir: dir.to_path_buf(),
            source,
        })?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(LoadError::NoFiles {
            dir: dir.to_path_buf(),
        });
    }
    let mut ids = BTreeSet::new();
    let mut cases = Vec::new();
    for path in paths {
        for (index, case) in load_file(&path)?.cases.into_iter().enumerate() {
            if !ids.insert(case.id.clone()) {
                return Err(LoadError::Case {
                    file: path,
                    case: case.id,
                    pointer: format!("/cases/{index}/id"),
                    why: "another case has this id".to_string(),
                });
            }
            cases.push(case);
        }
    }
    if cases.is_empty() {
        return Err(LoadError::NoCases {
            dir: dir.to_path_buf(),
        });
    }
    Ok(cases)
}

/// Reads one file of cases and checks it: the format, the group (the file's
/// name), and each case's fields.
pub fn load_file(path: &Path) -> Result<VectorFile, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        file: path.to_path_buf(),
        source,
    })?;
    load_text(path, &text)
}

/// Reads the text of one file of cases, as if read from `path` (which names
/// the file in errors and whose name must be the group), and checks it as
/// [`load_file`] does; two cases with one id are refused.
pub fn load_text(path: &Path, text: &str) -> Result<VectorFile, LoadError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|source| LoadError::Json {
            file: path.to_path_buf(),
            source,
        })?;
    let file_error = |why: String| LoadError::File {
        file: path.to_path_buf(),
        why,
    };
    let format = value.get("format").and_then(|v| v.as_str());
    if format != Some(FORMAT) {
        return Err(file_error(format!(
            "the format must be {FORMAT:?}, not {format:?}"
        )));
    }
    let group = value
        .get("group")
        .and_then(|v| v.as_str())
        .ok_or_else(|| file_error("no group".to_string()))?
        .to_string();
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if group != stem {
        return Err(file_error(format!(
            "the group {group:?} must be the file's name, {stem:?}"
        )));
    }
    if let Some(key) = value.as_object().and_then(|o| {
        o.keys()
            .find(|k| !["format", "group", "cases"].contains(&k.as_str()))
    }) {
        return Err(file_error(format!("unknown field {key:?}")));
    }
    let values = value
        .get("cases")
        .and_then(|v| v.as_array())
        .ok_or_else(|| file_error("no list of cases".to_string()))?;
    let mut cases = Vec::new();
    for (index, value) in values.iter().enumerate() {
        let name = value
            .get("id")
            .and_then(|v| v.as_str())
            .map_or_else(|| format!("number {}", index + 1), str::to_string);
        let case_error = |why: String| LoadError::Case {
            file: path.to_path_buf(),
            case: name.clone(),
            pointer: format!("/cases/{index}"),
            why,
        };
        let case: Case =
            serde_json::from_value(value.clone()).map_err(|e| case_error(e.to_string()))?;
        validate(&case, &group).map_err(case_error)?;
        if cases.iter().any(|c: &Case| c.id == case.id) {
            return Err(case_error("another case has this id".to_string()));
        }
        cases.push(case);
    }
    Ok(VectorFile {
        format: FORMAT.to_string(),
        group,
        cases,
    })
}

/// Checks a case of `group`: its id, that its inputs read, that every
/// expectation is one the format knows, and that its metadata (`requires`,
/// `preset`, `komi`) says what its rules and setup are.
pub fn validate(case: &Case, group: &str) -> Result<(), String> {
    let name = case
        .id
        .strip_prefix(group)
        .and_then(|rest| rest.strip_prefix('/'))
        .ok_or_else(|| format!("the id must be {group}/NAME"))?;
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err("the name after the group must be lower case letters, digits and -".into());
    }
    if case.description.trim().is_empty() || case.rule.trim().is_empty() {
        return Err("the description and the rule must not be empty".to_string());
    }
    let inputs = inputs(case)?;
    let setup = inputs.setup;
    let size = setup.size;
    let requires = requirements(&setup, inputs.position.is_some());
    let given: BTreeSet<&str> = case.requires.iter().map(String::as_str).collect();
    let wanted: BTreeSet<&str> = requires.iter().map(String::as_str).collect();
    if given != wanted || given.len() != case.requires.len() {
        return Err(format!(
            "requires must be {requires:?} for these rules and setup, not {:?}",
            case.requires
        ));
    }
    let preset = preset_of(setup.rules);
    if case.preset != preset {
        return Err(format!(
            "preset must be {preset:?} for {}, not {:?}",
            case.rules, case.preset
        ));
    }
    if case.komi * 2.0 != f64::from(setup.rules.komi_half_points) {
        return Err(format!(
            "komi must be {} as the rules say, not {}",
            f64::from(setup.rules.komi_half_points) / 2.0,
            case.komi
        ));
    }
    for (number, (turn, attempt)) in case.turns.iter().zip(&inputs.attempts).enumerate() {
        let at =
            |why: String| format!("turn {} ({} {}): {why}", number + 1, turn.player, turn.turn);
        player(&turn.player).map_err(at)?;
        let allowed: Vec<&str> = match attempt {
            Attempt::Turn(_) => turn_verdicts().collect(),
            Attempt::Agree(_) => AGREEMENT_VERDICTS.to_vec(),
        };
        if !allowed.contains(&turn.expect.as_str()) {
            return Err(at(format!(
                "unknown expect {:?}: one of {allowed:?}",
                turn.expect
            )));
        }
        let superko = matches!(
            Illegal::from_code(&turn.expect),
            Some(Illegal::Superko { .. })
        );
        if superko != turn.repeats_turn.is_some() {
            return Err(at(
                "repeats_turn goes with expect superko, and only with it".to_string(),
            ));
        }
        for vertex in turn.legal_before.iter().flatten() {
            if vertex != "pass" {
                on_board(point(vertex).map_err(at)?, size).map_err(at)?;
            }
        }
        check_rows(&turn.grid_after, size).map_err(|why| at(format!("grid_after: {why}")))?;
    }
    player(&case.end.to_move).map_err(|why| format!("end: {why}"))?;
    if !is_result(&case.end.result) {
        return Err(format!(
            "end: the result {:?} is not B+N, W+N (N a multiple of 0.5) or 0",
            case.end.result
        ));
    }
    Ok(())
}

/// Whether `text` is a result as the format writes it: `B+3`, `W+0.5`,
/// `0`: one [`Outcome`] reads, written back the same.
fn is_result(text: &str) -> bool {
    text.parse::<Outcome>()
        .is_ok_and(|outcome| outcome.to_string() == text)
}

/// The verdicts a turn may expect: `legal`, or an [`Illegal::code`].
fn turn_verdicts() -> impl Iterator<Item = &'static str> {
    std::iter::once("legal").chain(Illegal::ALL.into_iter().map(Illegal::code))
}

fn check_rows(rows: &[String], size: Size) -> Result<(), String> {
    if rows.len() != size.height() {
        return Err(format!("{} rows, not {}", rows.len(), size.height()));
    }
    for row in rows {
        if row.chars().count() != size.width() || !row.chars().all(|c| "XO.".contains(c)) {
            return Err(format!(
                "the row {row:?} is not {} of X, O and .",
                size.width()
            ));
        }
    }
    Ok(())
}
