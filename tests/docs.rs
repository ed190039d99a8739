//! The docs stay true: every test and every case that docs/rules.md cites
//! exists, every rule and comment has its row, and every upstream report
//! under docs/conformance/reports/ is one manifest cause's, opens with its
//! standing, cites the engine's source at a commit, keeps this project's
//! words to its last section, and (for a library) shows its own API; the
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

/// The upstream reports, `docs/conformance/reports/*.md` but the README:
/// each file's name and text, in name order.
fn upstream_reports() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = fs::read_dir(root.join("docs/conformance/reports"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "README.md")
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = read(&format!("docs/conformance/reports/{name}"));
            (name, text)
        })
        .collect()
}

/// The heading of a report's last section, where this project's own words
/// (seeds, comment numbers, our adapters' messages) may go.
const CHECKED: &str = "## How this was checked";

/// The standings a report's first line may give, in words
/// (`tromp_taylor_conformance::matrix::manifest::Standing::words`).
fn standing_words() -> Vec<&'static str> {
    use tromp_taylor_conformance::matrix::manifest::Standing;
    Standing::ALL
        .iter()
        .filter(|s| **s != Standing::NotJudged)
        .map(|s| s.words())
        .collect()
}

#[test]
fn every_upstream_report_opens_with_its_standing_and_is_indexed() {
    let index = read("docs/conformance/reports/README.md");
    let reports = upstream_reports();
    assert!(
        reports.len() >= 5,
        "only {} reports under docs/conformance/reports/",
        reports.len()
    );
    let words = standing_words();
    for (name, text) in &reports {
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines
                .first()
                .is_some_and(|l| l.starts_with("<!--") && l.ends_with("-->")),
            "{name}: the first line is not a one-line <!-- ... --> comment"
        );
        assert!(
            lines.iter().take(3).any(|l| l.starts_with("# ")),
            "{name}: no title in its first lines"
        );
        let standing = lines
            .iter()
            .take(6)
            .find(|l| l.starts_with("**Standing:** "))
            .unwrap_or_else(|| panic!("{name}: no **Standing:** line in its first lines"));
        let said = standing.trim_start_matches("**Standing:** ");
        assert!(
            words.iter().any(|w| said.starts_with(w)) && said.contains(" — "),
            "{name}: the standing line opens with none of {words:?} and a dash: {standing}"
        );
        assert!(
            lines.iter().take(10).any(|l| l.starts_with("**Asked:** ")),
            "{name}: no **Asked:** line after the standing"
        );
        assert!(
            index.contains(&format!("]({name})")),
            "{name} is not in the README's index"
        );
    }
}

/// Whether `text` names a commit (7 to 40 hex digits, a digit and a letter
/// among them) or a release tag (`tag `NAME``).
fn names_a_commit_or_tag(text: &str) -> bool {
    let commit = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| {
            (7..=40).contains(&word.len())
                && word.chars().all(|c| c.is_ascii_hexdigit())
                && word.chars().any(|c| c.is_ascii_digit())
                && word.chars().any(|c| c.is_ascii_alphabetic())
        });
    commit || text.contains("tag `")
}

#[test]
fn every_upstream_report_cites_the_engines_source_at_a_commit() {
    for (name, text) in upstream_reports() {
        let body = text.split(CHECKED).next().unwrap_or_default();
        assert!(
            names_a_commit_or_tag(body),
            "{name}: names no commit (7-40 hex digits) nor release tag of the engine's source"
        );
        // A file and line of the engine's source: `path/file.ext:LINE`.
        let cites_a_line = quoted(body).any(|q| {
            q.split_once(':').is_some_and(|(file, line)| {
                file.contains('.') && line.starts_with(|c: char| c.is_ascii_digit())
            })
        });
        assert!(
            cites_a_line,
            "{name}: cites no `file:line` of the engine's source"
        );
    }
    assert!(names_a_commit_or_tag("at `3d6d333`"));
    assert!(names_a_commit_or_tag("its tag `v0.17`"));
    assert!(!names_a_commit_or_tag("20261126 and deadbeefs"));
}

/// Where `pattern` followed by a digit occurs in `text`, case aside.
fn word_then_digit(text: &str, pattern: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    lower.match_indices(pattern).map(|(i, _)| i).find(|&i| {
        lower[i + pattern.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_upstream_report_keeps_our_words_to_its_last_section() {
    for (name, text) in upstream_reports() {
        let (body, last) = text
            .split_once(CHECKED)
            .unwrap_or_else(|| panic!("{name}: no \"{CHECKED}\" section"));
        assert!(
            !last.contains("\n## "),
            "{name}: \"{CHECKED}\" is not the last section"
        );
        for pattern in ["seed ", "comment "] {
            if let Some(at) = word_then_digit(body, pattern) {
                let line = body[..at].lines().count().max(1);
                panic!("{name}:{line}: \"{pattern}N\" before \"{CHECKED}\"");
            }
        }
        for ours in ["peer-gtp: ", "(simple ko, seed", "tromp-taylor audit"] {
            assert!(
                !body.contains(ours),
                "{name}: our own words ({ours:?}) before \"{CHECKED}\""
            );
        }
    }
    assert_eq!(word_then_digit("Seed 004, appendix", "seed "), Some(0));
    assert_eq!(word_then_digit("the seed of it", "seed "), None);
}

/// The engines that are libraries, by manifest stem, and the fence of the
/// snippet in their native API each of their reports holds.
const LIBRARIES: &[(&str, &str)] = &[
    ("goban-crate", "```rust"),
    ("board-game", "```rust"),
    ("ogs-goban", "```ts"),
    ("wgo", "```js"),
    ("openspiel", "```python"),
    ("pettingzoo-go", "```python"),
    ("sabaki-go-board", "```js"),
    ("tenuki", "```js"),
];

#[test]
fn every_library_engines_report_has_a_snippet_in_its_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (stem, fence) in LIBRARIES {
        assert!(
            root.join(format!("engines/{stem}.toml")).is_file(),
            "LIBRARIES names {stem}, which has no manifest"
        );
        for (name, text) in upstream_reports() {
            if name.starts_with(&format!("{stem}-")) {
                assert!(
                    text.contains(fence),
                    "{name}: a library's report needs a snippet in its own API ({fence})"
                );
                assert!(
                    text.contains("```sh\nprintf "),
                    "{name}: the GTP `printf` beside the snippet is missing"
                );
            }
        }
    }
    // A manifest that calls its engine a library is in the list.
    for (file, manifest) in manifests() {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let library = manifest.notes.to_lowercase().contains("library");
        assert!(
            !library || LIBRARIES.iter().any(|(s, _)| *s == stem),
            "engines/{stem}.toml describes a library: add it to LIBRARIES"
        );
    }
}

/// The engine manifests, read and checked as the matrix reads them.
fn manifests() -> Vec<(
    std::path::PathBuf,
    tromp_taylor_conformance::matrix::manifest::Manifest,
)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    tromp_taylor_conformance::matrix::manifest::read_manifests(&root.join("engines"))
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_cause_of_a_current_version_has_one_report_and_every_report_one_cause() {
    let mut expected = Vec::new();
    let mut obsolete = Vec::new();
    for (file, manifest) in manifests() {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        for cause in &manifest.cause {
            let report = cause.report_name(&stem);
            match manifest.obsolete {
                None => expected.push(report),
                Some(_) => obsolete.push(report),
            }
        }
    }
    let reports: Vec<String> = upstream_reports().into_iter().map(|(n, _)| n).collect();
    for report in &expected {
        assert!(
            reports.contains(report),
            "a manifest cause has no report: docs/conformance/reports/{report}"
        );
    }
    for report in &reports {
        assert!(
            expected.contains(report),
            "docs/conformance/reports/{report} is no manifest cause's report (engines/STEM.toml, [[cause]] id)"
        );
        assert!(
            !obsolete.contains(report),
            "{report}: an obsolete version gets no report"
        );
    }
    assert!(!expected.is_empty(), "no manifest has a [[cause]]");
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
