//! Portable conformance vectors: cases any engine in any language can run,
//! each a setup, the turns attempted, and what the rules say of each, with
//! `requires` tags so an engine can skip what it does not claim.
//!
//! The hand-written cases are the suite of `testdata/cases/` (read by
//! [`crate::cases`], their expectations derived by hand and confirmed here
//! by both `spec` and `fast`); the generated ones are games from the
//! tester's biased generators, computed by `spec` and confirmed by `fast`.
//! `export` writes one JSON file per group and a gogui-regress `.tst` file
//! per case.

use crate::cases::{self, check_case, record, Attempt, Inputs};
use crate::engine::{FAST, SPEC};
use crate::generate::{generate, random_setup, Bias, Rng};
use crate::vocab::{Color, Handicap, Player, Size, Turn};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

pub use crate::cases::{Case, EndCase, HandicapCase, SetupCase, TurnCase, VectorFile, FORMAT};

/// A case whose expectations `spec` computes and `fast` confirms, with the
/// legal turns before every turn when `legal_sets`.
pub fn computed_case(
    id: String,
    description: String,
    rule: &str,
    inputs: &Inputs,
    legal_sets: bool,
) -> Result<Case, String> {
    let (turns, end) = record(SPEC, inputs, |_| legal_sets)?;
    let setup = inputs.setup;
    let case = Case {
        id,
        description,
        rule: rule.to_string(),
        requires: cases::requirements(&setup, inputs.position.is_some()),
        size: setup.size.to_string(),
        rules: setup.rules.to_string(),
        preset: cases::preset_of(setup.rules),
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
                    .map(|i| cases::point_name(setup.size.point(i)))
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
    check_case(FAST, &case).map_err(|e| format!("fast does not confirm spec: {e}"))?;
    Ok(case)
}

/// The case under other `rules`: the same start and the same turns
/// attempted, every expectation recomputed by `spec` and confirmed by
/// `fast`, and the id marked with the rules. The komi is the rules' when
/// they carry one (an engine whose komi is fixed too), else the case's. The
/// case itself when nothing changes. For engines whose rules are fixed: the
/// case still says something of them.
pub fn under_rules(case: &Case, rules: crate::vocab::Rules) -> Result<Case, String> {
    let mut inputs = cases::inputs(case)?;
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

/// Generated cases: games from the tester's biased generators on small
/// boards, resolved by `spec` and confirmed by `fast`.
fn generated(count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let sizes: Vec<Size> = [(3, 3), (4, 4), (5, 5), (2, 3), (5, 2), (1, 6), (4, 3)]
        .iter()
        .map(|&(w, h)| Size::new(w, h).expect("valid"))
        .collect();
    let biases = [
        Bias::Uniform,
        Bias::Capture,
        Bias::Ko,
        Bias::Suicide,
        Bias::Long,
    ];
    let mut cases = Vec::new();
    let mut rng = Rng::new(seed);
    let mut index = 0;
    while cases.len() < count {
        index += 1;
        let mut setup = random_setup(&mut rng, &sizes, None);
        setup.handicap = Handicap::None;
        let bias = biases[index % biases.len()];
        let script = generate(setup, bias, &mut rng);
        let Some(resolved) = script.resolve() else {
            continue;
        };
        let attempts: Vec<Attempt> = resolved
            .into_iter()
            .map(|(_, action)| match action {
                crate::script::Action::Turn(turn) => Attempt::Turn(turn),
                crate::script::Action::Agree(points) => Attempt::Agree(points),
            })
            .filter(|a| match a {
                Attempt::Turn(Turn::Move(p)) => setup.size.index(*p).is_some(),
                _ => true,
            })
            .collect();
        let inputs = Inputs {
            setup,
            position: None,
            attempts,
        };
        let description = format!(
            "A {bias} game from the tester's generator on {}.",
            setup.size
        );
        let id = format!("generated/{bias}-{index:03}");
        cases.push(computed_case(id, description, "all", &inputs, true)?);
    }
    Ok(cases)
}

/// Every case: the hand-written ones of `cases_dir` (the suite's folder,
/// [`cases::suite_dir`], for ours), each confirmed by `spec` and by `fast`,
/// then `generated_count` generated ones.
pub fn all_cases(cases_dir: &Path, generated_count: usize, seed: u64) -> Result<Vec<Case>, String> {
    let all = cases::load_dir(cases_dir).map_err(|e| e.to_string())?;
    confirmed_with_generated(all, generated_count, seed)
}

/// Every case, as [`all_cases`], with the hand-written ones read from texts
/// rather than a folder: each `(file name, text)` as if read from that file
/// (a binary carries the suite this way: `vectors run --builtin`). An id
/// that two cases share is refused, as in a folder.
pub fn all_cases_from_texts(
    files: &[(&str, &str)],
    generated_count: usize,
    seed: u64,
) -> Result<Vec<Case>, String> {
    let mut all: Vec<Case> = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for (name, text) in files {
        let file = cases::load_text(Path::new(name), text).map_err(|e| e.to_string())?;
        for case in file.cases {
            if !ids.insert(case.id.clone()) {
                return Err(format!(
                    "{name}: case {}: another case has this id",
                    case.id
                ));
            }
            all.push(case);
        }
    }
    confirmed_with_generated(all, generated_count, seed)
}

/// The hand-written cases, each confirmed by `spec` and by `fast`, then
/// `generated_count` generated ones.
fn confirmed_with_generated(
    mut all: Vec<Case>,
    generated_count: usize,
    seed: u64,
) -> Result<Vec<Case>, String> {
    for case in &all {
        for engine in [SPEC, FAST] {
            check_case(engine, case).map_err(|e| e.to_string())?;
        }
    }
    all.extend(generated(generated_count, seed)?);
    Ok(all)
}

/// The format's JSON Schema, `harness/schema/vectors.schema.json`.
pub const SCHEMA: &str = include_str!("../schema/vectors.schema.json");

/// Why a folder of vectors cannot be run: nothing in it, or a file that the
/// schema or the format's own checks refuse. Nothing is run then.
#[derive(Debug, Error)]
pub enum VectorsError {
    /// The folder, a file, or a case of it, as the case loader reads them:
    /// no files, no cases, not JSON, a case whose fields do not say what its
    /// rules and turns are, a duplicate id.
    #[error(transparent)]
    Load(#[from] cases::LoadError),
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
/// case loader's checks ([`cases::load_dir`]: the group is the file's name,
/// ids are unique, each case's metadata says what its rules and turns are),
/// and unless it holds at least one case. The cases come back by group.
pub fn read_vectors(dir: &Path) -> Result<Vec<VectorFile>, VectorsError> {
    let entries = std::fs::read_dir(dir).map_err(|source| cases::LoadError::Folder {
        dir: dir.to_path_buf(),
        source,
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|source| cases::LoadError::Read {
            file: path.clone(),
            source,
        })?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|source| cases::LoadError::Json {
                file: path.clone(),
                source,
            })?;
        check_schema(path, &value)?;
    }
    Ok(group(cases::load_dir(dir)?))
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

/// The case as a gogui-regress test: `is_legal` for every attempted turn
/// (so an expected-illegal move is asked, not played), `play` for the legal
/// ones, then `final_score`. `None` when GTP cannot state the case
/// (agreements, setup positions, free handicaps).
pub fn regress_test(case: &Case) -> Option<String> {
    if case.setup.is_some()
        || case.turns.iter().any(|t| t.turn == "agree")
        || case.handicap.as_ref().is_some_and(|h| h.kind == "free")
    {
        return None;
    }
    let (w, h) = case.size.split_once('x')?;
    let mut text = format!(
        "# {}: {}\n# {} ({})\n",
        case.id,
        case.description,
        case.rule,
        case.requires.join(", ")
    );
    if w == h {
        text.push_str(&format!("boardsize {w}\n"));
    } else {
        text.push_str(&format!("rectangular_boardsize {w} {h}\n"));
    }
    text.push_str("clear_board\n");
    text.push_str(&format!("kata-set-rules {}\n", case.rules));
    text.push_str(&format!("komi {}\n", case.komi));
    if let Some(handicap) = &case.handicap {
        text.push_str(&format!("fixed_handicap {}\n", handicap.stones));
    }
    let mut id = 0;
    for turn in &case.turns {
        id += 1;
        let legal = turn.expect == "legal";
        text.push_str(&format!(
            "{id} is_legal {} {}\n#? [{}]\n",
            turn.player,
            turn.turn,
            u8::from(legal)
        ));
        if legal {
            text.push_str(&format!("play {} {}\n", turn.player, turn.turn));
        }
    }
    id += 1;
    text.push_str(&format!(
        "{id} final_score\n#? [{}]\n",
        case.end.result.replace('+', "\\+").replace('.', "\\.")
    ));
    Some(text)
}

/// Writes every group (the cases of `cases_dir`, then the generated ones)
/// as `DIR/GROUP.json` and every case GTP can state as
/// `DIR/tst/GROUP-NAME.tst`; returns the number of cases written.
pub fn export(
    cases_dir: &Path,
    dir: &Path,
    generated_count: usize,
    seed: u64,
) -> Result<usize, String> {
    export_cases(all_cases(cases_dir, generated_count, seed)?, dir)
}

/// Writes `cases` as [`export`] does (one JSON file per group, and a
/// gogui-regress `.tst` file per case it can state) into `dir`; returns how
/// many cases were written.
pub fn export_cases(cases: Vec<Case>, dir: &Path) -> Result<usize, String> {
    let files = group(cases);
    std::fs::create_dir_all(dir.join("tst")).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut count = 0;
    for file in &files {
        let path = dir.join(format!("{}.json", file.group));
        let text = serde_json::to_string_pretty(file).map_err(|e| e.to_string())?;
        std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
        for case in &file.cases {
            count += 1;
            if let Some(test) = regress_test(case) {
                let path = dir
                    .join("tst")
                    .join(format!("{}.tst", case.id.replace('/', "-")));
                std::fs::write(&path, test).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(count)
}
