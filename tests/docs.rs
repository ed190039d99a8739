//! The docs stay true: every test that docs/rules.md cites exists, and every
//! rule and comment has its row.

use std::fs;
use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The names in backticks that look like test names: lower case with underscores.
fn cited_names(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.len() > 12
                && s.contains('_')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_test_cited_in_rules_md_exists() {
    let doc = read("docs/rules.md");
    let tests: String = ["games", "rules", "options", "comments"]
        .iter()
        .map(|name| read(&format!("spec/tests/{name}.rs")))
        .collect();
    let cited = cited_names(&doc);
    assert!(
        cited.len() > 30,
        "rules.md cites only {} tests",
        cited.len()
    );
    for name in cited {
        assert!(
            tests.contains(&format!("fn {name}(")),
            "docs/rules.md cites `{name}`, which is not a test in spec/tests/"
        );
    }
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
