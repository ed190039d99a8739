//! The case suite of `testdata/cases/`: every case on both engines, and
//! malformed cases refused by the loader with the file and the case named.
//! (The workspace's `tests/vectors.rs` validates the files against the
//! vectors schema.)

use serde_json::Value;
use std::path::{Path, PathBuf};
use tromp_taylor_harness::cases::{
    check_all, check_case, load_dir, load_suite, suite_dir, LoadError,
};
use tromp_taylor_harness::engine::EngineKind;

#[test]
fn both_engines_pass_every_case() {
    let suite = load_suite().unwrap_or_else(|e| panic!("{e}"));
    assert!(suite.len() >= 70, "only {} cases", suite.len());
    let failures: Vec<String> = [EngineKind::spec(), EngineKind::fast()]
        .into_iter()
        .filter_map(|engine| check_all(&engine, &suite).err())
        .map(|failures| failures.to_string())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A folder holding one file, `GROUP.json`, whose first case of
/// `rule-6.json` is changed by `edit`.
fn broken_suite(name: &str, group: &str, edit: impl FnOnce(&mut Value)) -> (PathBuf, PathBuf) {
    let text = std::fs::read_to_string(suite_dir().join("rule-6.json")).unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    edit(&mut value);
    let dir =
        std::env::temp_dir().join(format!("tromp-taylor-cases-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{group}.json"));
    std::fs::write(&file, serde_json::to_string_pretty(&value).unwrap()).unwrap();
    (dir, file)
}

fn refusal(dir: &Path) -> LoadError {
    let error = load_dir(dir).expect_err("a malformed case is refused");
    std::fs::remove_dir_all(dir).ok();
    error
}

#[test]
fn an_unknown_expectation_is_refused_naming_the_file_and_the_case() {
    let (dir, file) = broken_suite("expect", "rule-6", |v| {
        v["cases"][1]["turns"][2]["expect"] = Value::from("maybe");
    });
    let error = refusal(&dir);
    let message = error.to_string();
    assert!(
        matches!(&error, LoadError::Case { case, .. } if case == "rule-6/two-points"),
        "{error:?}"
    );
    assert!(message.contains(&file.display().to_string()), "{message}");
    assert!(message.contains("rule-6/two-points"), "{message}");
    assert!(message.contains("turn 3 (B A1)"), "{message}");
    assert!(message.contains("unknown expect \"maybe\""), "{message}");
}

/// A change that breaks a file of cases.
type Breakage = fn(&mut Value);

#[test]
fn malformed_cases_and_files_are_refused_with_the_reason() {
    // What is broken, in which file, how, and what the refusal must say.
    let cases: [(&str, &str, Breakage, &str); 8] = [
        (
            "field",
            "rule-6",
            |v| v["cases"][0]["turns"][0]["colour"] = Value::from("B"),
            "unknown field `colour`",
        ),
        (
            "requires",
            "rule-6",
            |v| v["cases"][0]["requires"] = serde_json::json!(["komi"]),
            "requires must be",
        ),
        (
            "repeats",
            "rule-6",
            |v| v["cases"][0]["turns"][0]["repeats_turn"] = Value::Null,
            "repeats_turn goes with expect superko",
        ),
        (
            "grid",
            "rule-6",
            |v| v["cases"][0]["turns"][1]["grid_after"] = serde_json::json!([".."]),
            "grid_after",
        ),
        (
            "vertex",
            "rule-6",
            |v| v["cases"][0]["turns"][0]["turn"] = Value::from("a1"),
            "must be written A1",
        ),
        ("group", "rule-7", |_| {}, "must be the file's name"),
        (
            "id",
            "rule-6",
            |v| v["cases"][1]["id"] = Value::from("rule-6/one-point"),
            "another case has this id",
        ),
        (
            "format",
            "rule-6",
            |v| v["format"] = Value::from("tromp-taylor-vectors/0"),
            "the format must be",
        ),
    ];
    for (name, group, edit, reason) in cases {
        let (dir, _) = broken_suite(name, group, edit);
        let message = refusal(&dir).to_string();
        assert!(message.contains(reason), "{name}: {message}");
    }
}

#[test]
fn a_failure_names_the_case_the_turn_and_both_answers() {
    let mut case = load_suite()
        .unwrap()
        .into_iter()
        .find(|c| c.id == "rule-6/two-points")
        .unwrap();
    case.turns[2].repeats_turn = Some(0);
    let failure = check_case(&EngineKind::fast(), &case).unwrap_err();
    assert_eq!(
        failure.to_string(),
        "rule-6/two-points on fast: turn 3 (B A1): the verdict: \
         expected superko (repeats turn 0), got superko (repeats turn 1)"
    );
    case.turns[2].repeats_turn = Some(1);
    case.end.result = "W+3".to_string();
    let failure = check_case(&EngineKind::spec(), &case).unwrap_err();
    assert_eq!(
        failure.to_string(),
        "rule-6/two-points on spec: the end: the result: expected W+3, got W+2"
    );
}
