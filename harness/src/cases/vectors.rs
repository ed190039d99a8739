//! Portable conformance vectors as a format: the JSON Schema every vector
//! file is checked against, the reader of a folder of vectors, and a case
//! recomputed by `spec` (confirmed by `fast`) under other rules.

use super::format::{Case, HandicapCase, Inputs, SetupCase, VectorFile, FORMAT};
use super::inputs::{self, point_name, preset_of, requirements};
use super::load::{load_dir, LoadError};
use super::run::{check_case, record};
use crate::engine::EngineKind;
use crate::vocab::{Color, Handicap, Player};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A case whose expectations `spec` computes and `fast` confirms, with the
/// legal turns before every turn when `legal_sets`.
pub fn computed_case(
    id: String,
    description: String,
    rule: &str,
    inputs: &Inputs,
    legal_sets: bool,
) -> Result<Case, String> {
    let (turns, end) = record(&EngineKind::spec(), inputs, |_| legal_sets)?;
    let setup = inputs.setup;
    let case = Case {
        id,
        description,
        rule: rule.to_string(),
        requires: requirements(&setup, inputs.position.is_some()),
        size: setup.size.to_string(),
        rules: setup.rules.to_string(),
        preset: preset_of(setup.rules),
        komi: f64::from(setup.rules.komi_half_points) / 2.0,
        handicap: match setup.handicap {
            Handicap::None => None,
            Handicap::Free(stones) => Some(HandicapCase {
                kind: "free".to_string(),
                stones,
            }),
            Handicap::Fixed(stones) => Some(HandicapCase {
                kind: "fixed".to_string(),
                stones,
            }),
        },
        setup: inputs.position.as_ref().map(|(colors, to_move)| {
            let stones = |color: Color| {
                (0..colors.len())
                    .filter(|&i| colors[i] == color)
                    .map(|i| point_name(setup.size.point(i)))
                    .collect()
            };
            SetupCase {
                black: stones(Color::Black),
                white: stones(Color::White),
                to_move: if *to_move == Player::Black { "B" } else { "W" }.to_string(),
            }
        }),
        turns,
        end,
    };
    check_case(&EngineKind::fast(), &case)
        .map_err(|e| format!("fast does not confirm spec: {e}"))?;
    Ok(case)
}

/// The case under other `rules`: the same start and the same turns
/// attempted, every expectation recomputed by `spec` and confirmed by
/// `fast`, and the id marked with the rules. The komi is the rules' when
/// they carry one (an engine whose komi is fixed too), else the case's. The
/// case itself when nothing changes. For engines whose rules are fixed: the
/// case still says something of them.
pub fn under_rules(case: &Case, rules: crate::vocab::Rules) -> Result<Case, String> {
    let mut inputs = inputs::inputs(case)?;
    let komi = match rules.komi_half_points {
        0 => inputs.setup.rules.komi_half_points,
        fixed => fixed,
    };
    let rules = crate::vocab::Rules {
        komi_half_points: komi,
        ..rules
    };
    if inputs.setup.rules == rules {
        return Ok(case.clone());
    }
    inputs.setup.rules = rules;
    let shown = rules;
    let legal_sets = case.turns.iter().any(|t| t.legal_before.is_some());
    computed_case(
        format!("{} (under {shown})", case.id),
        format!(
            "{} Recomputed under {shown} by spec: the same turns attempted.",
            case.description
        ),
        &case.rule,
        &inputs,
        legal_sets,
    )
}

/// The format's JSON Schema, `harness/schema/vectors.schema.json`.
pub const SCHEMA: &str = include_str!("../../schema/vectors.schema.json");

/// Why a folder of vectors cannot be run: nothing in it, or a file that the
/// schema or the format's own checks refuse. Nothing is run then.
#[derive(Debug, Error)]
pub enum VectorsError {
    /// The folder, a file, or a case of it, as the case loader reads them:
    /// no files, no cases, not JSON, a case whose fields do not say what its
    /// rules and turns are, a duplicate id.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A file that is not valid against the schema.
    #[error("{}: {pointer}: {why} (see harness/schema/vectors.schema.json)", file.display())]
    Schema {
        /// The file.
        file: PathBuf,
        /// Where in it, as a JSON pointer (`/cases/0/turns/2/expect`; empty
        /// for the whole file).
        pointer: String,
        /// What the schema says is wrong.
        why: String,
    },
}

/// The schema, compiled.
fn validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// Checks one file's JSON against the schema: the first error, with where.
pub fn check_schema(file: &Path, value: &serde_json::Value) -> Result<(), VectorsError> {
    match validator().iter_errors(value).next() {
        None => Ok(()),
        Some(error) => {
            let pointer = error.instance_path.to_string();
            Err(VectorsError::Schema {
                file: file.to_path_buf(),
                pointer: if pointer.is_empty() {
                    "/".to_string()
                } else {
                    pointer
                },
                why: error.to_string(),
            })
        }
    }
}

/// Reads every `*.json` file of `dir` as vectors to run, refusing the
/// folder unless every file is valid against the schema and passes the
/// case loader's checks ([`load_dir`]: the group is the file's name,
/// ids are unique, each case's metadata says what its rules and turns are),
/// and unless it holds at least one case. The cases come back by group.
pub fn read_vectors(dir: &Path) -> Result<Vec<VectorFile>, VectorsError> {
    let entries = std::fs::read_dir(dir).map_err(|source| LoadError::Folder {
        dir: dir.to_path_buf(),
        source,
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
            file: path.clone(),
            source,
        })?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|source| LoadError::Json {
                file: path.clone(),
                source,
            })?;
        check_schema(path, &value)?;
    }
    Ok(group(load_dir(dir)?))
}

/// The cases grouped by their group (the part of the id before `/`).
pub fn group(cases: Vec<Case>) -> Vec<VectorFile> {
    let mut groups: BTreeMap<String, Vec<Case>> = BTreeMap::new();
    for case in cases {
        let group = case.id.split('/').next().unwrap_or("other").to_string();
        groups.entry(group).or_default().push(case);
    }
    groups
        .into_iter()
        .map(|(group, cases)| VectorFile {
            format: FORMAT.to_string(),
            group,
            cases,
        })
        .collect()
}
