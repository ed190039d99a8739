//! The docs stay true: every test and every case that docs/rules.md cites
//! exists, every rule and comment has its row, and every upstream report
//! under docs/conformance/reports/ is indexed and names its cause; the
//! book's SUMMARY.md holds every page of docs/, and every rule and comment
//! of rules.md has its anchor.

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
    // The differential tests of spec's and fast's suites are one macro in
    // the harness (`differential_tests!`), expanded in both.
    let tests = sources("spec/tests")
        + &sources("vocab/tests")
        + &sources("harness/tests")
        + &read("testkit/src/workout.rs");
    let cited = cited_names(&read("docs/rules.md"));
    // Tests of spec/tests/, vocab/tests/ or harness/tests/.
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

/// The rule texts, `testdata/seeds/` (or the folder `TROMP_TAYLOR_SEEDS`
/// names), each with its whitespace collapsed; the HTML
/// page also with its tags removed (its HTML comments, which hold the
/// no-suicide variation and the note under comment 9, kept).
fn seeds() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::var_os("TROMP_TAYLOR_SEEDS")
        .map_or_else(|| root.join("testdata/seeds"), Into::into);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: docs/rules.md's quotes are checked against the rule texts; \
             put them there or name their folder in TROMP_TAYLOR_SEEDS",
            dir.display()
        )
    });
    let mut texts = Vec::new();
    for entry in entries {
        let path = entry.unwrap().path();
        if !path.extension().is_some_and(|e| e == "txt" || e == "html") {
            continue;
        }
        let text = String::from_utf8_lossy(&fs::read(&path).unwrap()).into_owned();
        if path.extension().is_some_and(|e| e == "html") {
            texts.push(without_tags(&text));
        }
        texts.push(text);
    }
    assert!(texts.len() >= 5, "{}: not the rule texts", dir.display());
    texts
        .iter()
        .map(|t| collapse(t))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// `text` with its HTML tags (`<a href=..>`, `</li>`) removed and its
/// comments (`<!-- -->`) kept.
fn without_tags(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/') {
            rest = after.split_once('>').map_or("", |(_, r)| r);
        } else {
            out.push('<');
            rest = after;
        }
    }
    out + rest
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every text in double quotes in docs/rules.md (the rules, the comments,
/// the other rule systems and the words the readings quote) occurs word for
/// word in the rule texts, up to line breaks.
#[test]
fn every_quote_in_rules_md_is_in_the_seeds() {
    let seeds = seeds();
    let doc = collapse(&read("docs/rules.md"));
    let quotes: Vec<&str> = doc.split('"').skip(1).step_by(2).collect();
    assert!(quotes.len() > 40, "only {} quotes", quotes.len());
    let wrong: Vec<&&str> = quotes.iter().filter(|q| !seeds.contains(**q)).collect();
    assert!(
        wrong.is_empty(),
        "docs/rules.md quotes what the rule texts do not say: {wrong:#?}"
    );
}

/// The line a generated report holds until its cause is written by hand
/// (gtp/src/matrix/upstream.rs's `PLACEHOLDER`).
const PLACEHOLDER: &str = "_To be written by hand from the engine's source";

#[test]
fn every_upstream_report_is_indexed_and_names_its_cause() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let index = read("docs/conformance/reports/README.md");
    let mut reports = 0;
    for entry in fs::read_dir(root.join("docs/conformance/reports")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name == "README.md" || !name.ends_with(".md") {
            continue;
        }
        reports += 1;
        assert!(
            index.contains(&format!("]({name})")),
            "{name} is not in the README's index"
        );
        let text = read(&format!("docs/conformance/reports/{name}"));
        let cause = text
            .split_once("## Cause in the source")
            .unwrap_or_else(|| panic!("{name} has no \"Cause in the source\" section"))
            .1;
        let cause = cause.split("\n## ").next().unwrap_or_default().trim();
        assert!(!cause.is_empty(), "{name}: the cause section is empty");
        assert!(
            !cause.contains(PLACEHOLDER),
            "{name}: the cause is still the placeholder"
        );
    }
    assert!(
        reports >= 5,
        "only {reports} reports under docs/conformance/reports/"
    );
}

/// The Markdown files under `dir`, as paths relative to docs/.
fn pages(dir: &Path, docs: &Path, found: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            pages(&path, docs, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            let relative = path
                .strip_prefix(docs)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if relative != "SUMMARY.md" {
                found.push(relative);
            }
        }
    }
}

#[test]
fn the_books_summary_holds_every_page_once_and_only_pages_that_exist() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let summary = read("docs/SUMMARY.md");
    let linked: Vec<String> = summary
        .split("](")
        .skip(1)
        .map(|rest| rest.split(')').next().unwrap().to_string())
        .collect();
    let mut found = Vec::new();
    pages(&docs, &docs, &mut found);
    for page in &found {
        let times = linked.iter().filter(|l| *l == page).count();
        assert_eq!(times, 1, "docs/{page} is in SUMMARY.md {times} times");
    }
    for link in &linked {
        assert!(
            docs.join(link).is_file(),
            "SUMMARY.md links to {link}, which is not there"
        );
    }
}

#[test]
fn every_rule_and_comment_of_rules_md_has_an_anchor() {
    let rules = read("docs/rules.md");
    for n in 1..=10 {
        for kind in ["rule", "comment"] {
            let anchor = format!("<a id={kind}-{n}></a> |");
            let row = rules
                .lines()
                .find(|l| l.starts_with(&format!("| {n} | ")) && l.ends_with(&anchor));
            assert!(row.is_some(), "no row ending with {anchor}");
        }
    }
    assert!(rules
        .lines()
        .any(|l| l.starts_with("| 7' | ") && l.ends_with("<a id=comment-7-variation></a> |")));
}
