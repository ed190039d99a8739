//! A hostile engine's words reach nobody raw: testdata/engines/hostile.py
//! (our referee behind a proxy whose name, version, refusals, showboard,
//! final_score and standard error carry terminal escapes, bidi overrides,
//! HTML, links, backticks, `|` and `-->`) is audited, and its test-only
//! manifest (testdata/engines/hostile.toml) run through `matrix`; then every
//! output — standard output, .txt, .md, .html, .json, .xml — is checked: no
//! raw control or bidirectional character, every Markdown file rendered by a
//! CommonMark parser (pulldown-cmark) without an element from the engine's
//! words, the site's pages without its markup, matrix.md's rows whole;
//! and `vectors run` on it prints and writes its answers escaped too.

use pulldown_cmark::{Event, Options, Parser, Tag};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tromp-taylor");

/// The hostile engine and its manifest's folder, from the workspace's root.
const ENGINE: &str = "testdata/engines/hostile.py";
const ENGINES: &str = "testdata/engines";

/// The only link our own reports write.
const OUR_LINK: &str = "https://github.com/tromp-taylor/tromp-taylor";

/// A fresh folder under the system's temporary folder.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tromp-taylor-hostile-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `tromp-taylor ARGS` from the workspace's root, the engine told where
/// the referee it hides is.
fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("TROMP_TAYLOR", BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Whether the engine can run here (it is a Python script).
fn python() -> bool {
    let found = Command::new("python3").arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: no python3 for {ENGINE}");
    }
    found
}

/// The standard output of a run that found divergences (exit 1).
fn diverged(output: &Output) -> String {
    let stdout = String::from_utf8(output.stdout.clone()).expect("UTF-8 output");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Whether `c` must not reach a reader raw: a control (C0, DEL, C1) other
/// than newline and tab, or a bidirectional control. Stated here apart
/// from the code under test.
fn raw(c: char) -> bool {
    let bidi = matches!(
        c,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
    );
    (c.is_control() && c != '\n' && c != '\t') || bidi
}

/// Asserts that `text` (the output `what`) holds no raw control or bidi.
fn no_raw_controls(what: &str, text: &str) {
    if let Some((at, c)) = text.char_indices().find(|&(_, c)| raw(c)) {
        let from = text[..at]
            .char_indices()
            .rev()
            .nth(40)
            .map_or(0, |(i, _)| i);
        panic!(
            "{what}: a raw {c:?} at byte {at}, after {:?}",
            &text[from..at]
        );
    }
}

/// Every file under `dir`, at any depth.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Asserts that the Markdown `text` (the file `what`) renders no element
/// from the engine's words: no HTML but our opening comment, whole; no
/// image; no link but ours; each code span quoting the engine's answer
/// whole; and the engine's markup shown as text where it is quoted.
fn inert_markdown(what: &str, text: &str) {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut shown = String::new();
    for event in Parser::new_ext(text, options) {
        match event {
            Event::Html(html) => {
                let html = html.trim_end();
                assert!(
                    html.starts_with("<!--")
                        && html.ends_with("-->")
                        && html.matches("-->").count() == 1,
                    "{what}: HTML that is not one whole comment: {html:?}"
                );
            }
            Event::InlineHtml(html) => panic!("{what}: inline HTML {html:?}"),
            Event::Start(Tag::Image { dest_url, .. }) => panic!("{what}: an image of {dest_url}"),
            Event::Start(Tag::Link { dest_url, .. }) => {
                assert_eq!(&*dest_url, OUR_LINK, "{what}: a link");
            }
            Event::Code(code) => {
                if code.contains("owned") {
                    assert!(
                        code.contains("`tick` ```fence``` | cell | -->"),
                        "{what}: a code span broken by the engine's backticks: {code:?}"
                    );
                }
                shown.push_str(&code);
            }
            Event::Text(words) => shown.push_str(&words),
            _ => {}
        }
    }
    if text.contains("onerror") {
        assert!(
            shown.contains("<img src=x onerror=alert(1)>"),
            "{what}: the engine's markup is not shown as text: {shown}"
        );
    }
}

/// The cells of a Markdown table row: split at each `|` not escaped.
fn cells(row: &str) -> usize {
    let mut count = 0;
    let mut escaped = false;
    for c in row.chars() {
        match c {
            '\\' if !escaped => escaped = true,
            '|' if !escaped => count += 1,
            _ => escaped = false,
        }
        if c != '\\' {
            escaped = false;
        }
    }
    count - 1
}

/// Asserts that every row of matrix.md's table has the heading's cells,
/// and names the hostile engine first.
fn whole_rows(table: &str) {
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
    let width = cells(rows[0]);
    assert_eq!(
        rows.len(),
        6,
        "the heading, its rule and four rows: {table}"
    );
    for row in &rows {
        assert_eq!(cells(row), width, "matrix.md: a row shifted: {row}");
    }
    for row in &rows[2..] {
        assert!(row.starts_with("| Hostile "), "{row}");
    }
}

/// Asserts that the site's page `what` shows the engine's markup escaped.
fn escaped_html(what: &str, html: &str) {
    for markup in ["<img src=x", "onerror=alert(1)>", "<b>bold"] {
        assert!(!html.contains(markup), "{what}: {markup} unescaped");
    }
}

/// Checks every file of `dir`, by its kind; the number checked of each.
fn check_outputs(dir: &Path) -> [usize; 5] {
    let mut counts = [0; 5];
    for path in files(dir) {
        let what = path.display().to_string();
        let Ok(text) = std::fs::read_to_string(&path) else {
            panic!("{what} is not UTF-8 text");
        };
        no_raw_controls(&what, &text);
        match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => counts[0] += 1,
            Some("md") => {
                inert_markdown(&what, &text);
                counts[1] += 1;
            }
            Some("html") => {
                escaped_html(&what, &text);
                counts[2] += 1;
            }
            Some("json") => {
                serde_json::from_str::<serde_json::Value>(&text).expect("JSON reads back");
                counts[3] += 1;
            }
            Some("xml") => counts[4] += 1,
            _ => {}
        }
    }
    counts
}

#[test]
fn an_audit_of_a_hostile_engine_prints_and_writes_its_words_escaped() {
    if !python() {
        return;
    }
    for mode in ["refuse", "accept", "score", "board"] {
        let out = folder(&format!("audit-{mode}"));
        let engine = format!("{ENGINE} {mode}");
        let (json, xml) = (out.join("audit.json"), out.join("audit.xml"));
        let stdout = diverged(&run(&[
            "audit",
            "--engine",
            &engine,
            "--games",
            "4",
            "--size",
            "5x5,4x3",
            // A seed whose games try a move that repeats a coloring (the
            // `accept` mode diverges only there): the audit's games are drawn
            // by the job loop's per-game seed formula.
            "--seed",
            "2",
            "--out",
            out.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
            "--junit",
            xml.to_str().unwrap(),
        ]));
        no_raw_controls(&format!("audit {mode}: standard output"), &stdout);
        // The engine's words are there, shown escaped.
        assert!(stdout.contains("\\u{1b}]0;owned\\u{7}"), "{mode}: {stdout}");
        let [txt, _, _, json_files, xml_files] = check_outputs(&out);
        assert!(txt >= 2, "{mode}: a report and the summary");
        assert_eq!((json_files, xml_files), (1, 1), "{mode}");
        // JSON keeps the engine's very words, escaped only as JSON.
        let data: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let says = data["divergences"][0]["engine_says"].as_str().unwrap();
        assert!(
            says.contains('\u{1b}') || says.contains("\\u{1b}"),
            "{says}"
        );
        std::fs::remove_dir_all(&out).ok();
    }
}

#[test]
fn a_matrix_of_a_hostile_engine_writes_its_words_escaped_everywhere() {
    if !python() {
        return;
    }
    let out = folder("matrix");
    let stdout = diverged(&run(&[
        "matrix",
        ENGINES,
        "--out",
        out.to_str().unwrap(),
        "--quick",
        // As above: a seed whose quick games meet each way of diverging.
        "--seed",
        "2",
    ]));
    no_raw_controls("matrix: standard output", &stdout);
    let [txt, md, html, json, xml] = check_outputs(&out);
    assert!(txt >= 8, "each row's reports and summary: {txt}");
    assert!(md >= 3, "matrix.md and the upstream reports: {md}");
    assert!(html >= 2, "the index and the engine's page: {html}");
    assert_eq!((json, xml), (1, 1));
    whole_rows(&std::fs::read_to_string(out.join("matrix.md")).unwrap());
    // Each way the engine diverges has its upstream report, quoting it.
    for kind in [
        "refuses-a-legal-move",
        "accepts-an-illegal-move-superko",
        "answers-garbage",
    ] {
        let report = out.join(format!("reports/hostile-{kind}.md"));
        let text = std::fs::read_to_string(&report).unwrap();
        assert!(text.contains("onerror"), "{kind}: {text}");
    }
    // matrix.json keeps the manifest's name as it is, escaped only as JSON.
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("matrix.json")).unwrap()).unwrap();
    let name = data["rows"][0]["engine"].as_str().unwrap();
    assert!(name.contains("\u{202e}evil"), "{name}");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn vectors_run_on_a_hostile_engine_prints_and_writes_its_words_escaped() {
    if !python() {
        return;
    }
    let out = folder("vectors");
    let (json, xml) = (out.join("run.json"), out.join("run.xml"));
    // Its final_score answers in hostile words, and its standard error quoted.
    let engine = format!("{ENGINE} score");
    let stdout = diverged(&run(&[
        "vectors",
        "run",
        "--builtin",
        "--engine",
        &engine,
        "--json",
        json.to_str().unwrap(),
        "--junit",
        xml.to_str().unwrap(),
    ]));
    no_raw_controls("vectors run: standard output", &stdout);
    assert!(stdout.contains("owned"), "its words are quoted: {stdout}");
    for line in stdout.lines().filter(|l| l.starts_with('{')) {
        serde_json::from_str::<serde_json::Value>(line).expect("a JSON line");
    }
    let [_, _, _, json_files, xml_files] = check_outputs(&out);
    assert_eq!((json_files, xml_files), (1, 1));
    std::fs::remove_dir_all(&out).ok();
}
