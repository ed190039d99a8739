//! The docs stay true: every test and every case that docs/rules.md cites
//! exists, and every rule and comment has its row.

use std::fs;
use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every `.rs` file of a folder of the workspace, one after the other.
fn sources(folder: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut paths: Vec<_> = fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| fs::read_to_string(path).unwrap())
        .collect()
}

/// The texts in backticks.
fn quoted(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// The names in backticks that look like test names: lower case with underscores.
fn cited_names(text: &str) -> Vec<String> {
    quoted(text)
        .filter(|s| {
            s.len() > 12
                && s.contains('_')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// The ids in backticks that look like case ids: `group/name`, lower case
/// words joined by `-`.
fn cited_cases(text: &str) -> Vec<String> {
    let word = |s: &str| {
        !s.is_empty()
            && !s.starts_with('-')
            && !s.ends_with('-')
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    quoted(text)
        .filter(|s| s.split_once('/').is_some_and(|(g, n)| word(g) && word(n)))
        .map(str::to_string)
        .collect()
}

/// Asserts that docs/rules.md cites more than `at_least` of `what`, and that
/// each one cited `exists`.
fn check_citations(what: &str, cited: Vec<String>, at_least: usize, exists: impl Fn(&str) -> bool) {
    assert!(
        cited.len() > at_least,
        "rules.md cites only {} {what}",
        cited.len()
    );
    let missing: Vec<String> = cited.into_iter().filter(|name| !exists(name)).collect();
    assert!(
        missing.is_empty(),
        "docs/rules.md cites {what} that do not exist: {missing:?}"
    );
}

#[test]
fn every_test_cited_in_rules_md_exists() {
    let tests = sources("spec/tests") + &sources("harness/tests");
    let cited = cited_names(&read("docs/rules.md"));
    // Tests of spec/tests/ or harness/tests/.
    check_citations("tests", cited, 20, |name| {
        tests.contains(&format!("fn {name}("))
    });
}

#[test]
fn every_case_cited_in_rules_md_exists() {
    let suite = tromp_taylor_harness::cases::load_suite().unwrap_or_else(|e| panic!("{e}"));
    let cited = cited_cases(&read("docs/rules.md"));
    // Cases of testdata/cases/.
    check_citations("cases", cited, 50, |id| {
        suite.iter().any(|case| case.id == id)
    });
}

#[test]
fn rules_md_has_a_row_for_every_rule_and_comment() {
    let doc = read("docs/rules.md");
    let (rules, rest) = doc
        .split_once("## The ten comments")
        .expect("a comments section");
    for n in 1..=10 {
        assert!(
            rules.contains(&format!("\n| {n} | \"")),
            "no row for rule {n}"
        );
        assert!(
            rest.contains(&format!("\n| {n} | \"")),
            "no row for comment {n}"
        );
    }
}
