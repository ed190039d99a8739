//! The architecture invariants of docs/architecture.md, checked on the
//! sources: dependencies point one way, spec and fast never meet, every file
//! says what it is for and stays small, and no module imports go in circles.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir` (relative to the root), in name order.
fn rust_files(dir: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, into: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if path.is_dir() {
                if name != "target" && name != "corpus" && name != "artifacts" {
                    walk(&path, into);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                into.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join(dir), &mut files);
    files.sort();
    files
}

/// Every `.rs` file of the workspace's crates, tests, examples, benches and fuzz targets.
fn all_rust_files() -> Vec<PathBuf> {
    [
        "src",
        "spec",
        "fast",
        "harness",
        "counts",
        "records",
        "testkit",
        "gtp",
        "python/src",
        "tests",
        "fuzz/fuzz_targets",
    ]
    .iter()
    .flat_map(|dir| rust_files(dir))
    .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names of a manifest's `[dependencies]` (not dev- or build-).
fn runtime_dependencies(manifest: &str) -> Vec<String> {
    let text = read(&root().join(manifest));
    let mut in_section = false;
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
            continue;
        }
        if in_section && !line.is_empty() && !line.starts_with('#') {
            if let Some((name, _)) = line.split_once('=') {
                names.push(name.trim().to_string());
            }
        }
    }
    names
}

#[test]
fn spec_and_fast_have_no_runtime_dependencies() {
    assert_eq!(
        runtime_dependencies("spec/Cargo.toml"),
        Vec::<String>::new()
    );
    assert_eq!(
        runtime_dependencies("fast/Cargo.toml"),
        Vec::<String>::new()
    );
}

#[test]
fn the_libraries_never_depend_on_the_command_line() {
    for manifest in [
        "harness/Cargo.toml",
        "counts/Cargo.toml",
        "records/Cargo.toml",
        "testkit/Cargo.toml",
        "gtp/Cargo.toml",
        "python/Cargo.toml",
    ] {
        let deps = runtime_dependencies(manifest);
        for banned in ["clap", "indicatif", "tromp-taylor"] {
            assert!(
                !deps.iter().any(|d| d == banned),
                "{manifest} depends on {banned}: {deps:?}"
            );
        }
    }
}

/// Each crate of ours and the crates of ours it may depend on at run time:
/// the layers of docs/architecture.md, rules -> engines -> harness ->
/// adapters and jobs -> command line. A crate missing here fails the test.
const LAYERS: &[(&str, &[&str])] = &[
    ("spec", &[]),
    ("fast", &[]),
    ("harness", &["tromp-taylor-spec", "tromp-taylor-fast"]),
    (
        "counts",
        &[
            "tromp-taylor-harness",
            "tromp-taylor-spec",
            "tromp-taylor-fast",
        ],
    ),
    ("records", &["tromp-taylor-harness", "tromp-taylor-spec"]),
    (
        "gtp",
        &[
            "tromp-taylor-harness",
            "tromp-taylor-spec",
            "tromp-taylor-records",
        ],
    ),
    ("python", &["tromp-taylor-harness", "tromp-taylor-spec"]),
    (
        "testkit",
        &[
            "tromp-taylor-harness",
            "tromp-taylor-records",
            "tromp-taylor-spec",
            "tromp-taylor-fast",
        ],
    ),
];

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    for (dir, allowed) in LAYERS {
        let deps = runtime_dependencies(&format!("{dir}/Cargo.toml"));
        for dep in deps.iter().filter(|d| d.starts_with("tromp-taylor")) {
            assert!(
                allowed.contains(&dep.as_str()),
                "{dir} depends on {dep}, which is not below it ({allowed:?})"
            );
        }
    }
    let members = read(&root().join("Cargo.toml"));
    for line in members.lines().filter(|l| l.starts_with("members")) {
        for dir in line.split('"').skip(1).step_by(2) {
            assert!(
                dir == "." || dir.starts_with("engines/") || LAYERS.iter().any(|(d, _)| d == &dir),
                "the workspace member {dir} has no row in LAYERS"
            );
        }
    }
}

#[test]
fn spec_and_fast_never_name_each_other() {
    for (dir, other) in [
        ("spec/src", "tromp_taylor_fast"),
        ("fast/src", "tromp_taylor_spec"),
    ] {
        for file in rust_files(dir) {
            assert!(
                !read(&file).contains(other),
                "{} names {other}",
                file.display()
            );
        }
    }
}

#[test]
fn every_file_opens_with_a_line_that_says_what_it_is_for() {
    for file in all_rust_files() {
        let text = read(&file);
        let first = text.lines().next().unwrap_or("");
        assert!(
            first.starts_with("//!"),
            "{} does not open with a //! line",
            file.display()
        );
    }
}

#[test]
fn no_source_file_is_over_700_lines() {
    let long: Vec<String> = all_rust_files()
        .into_iter()
        .filter_map(|file| {
            let lines = read(&file).lines().count();
            (lines > 700).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "over 700 lines: {long:?}");
}

/// The top-level modules a `crate::` path names: `crate::engine::spec` ->
/// `engine`; `crate::{diff::compare, engine}` -> `diff`, `engine`.
fn modules_named(path: &str) -> Vec<String> {
    let Some(rest) = path.strip_prefix("crate::") else {
        return Vec::new();
    };
    let ident = |s: &str| -> Option<String> {
        let s = s.trim_start();
        let end = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len());
        Some(s[..end].to_string()).filter(|m| !m.is_empty())
    };
    match rest.strip_prefix('{') {
        Some(group) => {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            group.split(',').filter_map(ident).collect()
        }
        None => ident(rest).into_iter().collect(),
    }
}

/// A circle of imports, if there is one, as the modules along it.
fn find_cycle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, imports, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

/// The top-level modules of a library crate (`src/x.rs` or `src/x/`), each
/// with the top-level modules its files name through `crate::` or `super::`
/// (from a file in a folder, `super::` is the module itself).
fn module_imports(src: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src_dir = root().join(src);
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let relative = file.strip_prefix(&src_dir).expect("below src");
        let first = relative.components().next().expect("a component");
        let module = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if module == "lib" {
            continue;
        }
        let text = read(&file);
        let named = imports.entry(module.clone()).or_default();
        // Code only: a doc link to another module is no import.
        let code = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"));
        for line in code {
            for (i, _) in line.match_indices("crate::") {
                for other in modules_named(&line[i..]) {
                    if other != module {
                        named.insert(other);
                    }
                }
            }
        }
    }
    imports
}

#[test]
fn no_module_imports_go_in_circles() {
    for src in ["harness/src", "gtp/src", "spec/src", "fast/src"] {
        let imports = module_imports(src);
        assert!(imports.len() > 3, "{src}: modules not found");
        if let Some(cycle) = find_cycle(&imports) {
            panic!(
                "{src}: the modules import each other in a circle: {}",
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_planted_circle() {
    assert_eq!(modules_named("crate::engine::spec::x"), ["engine"]);
    assert_eq!(
        modules_named("crate::{diff::compare, engine};"),
        ["diff", "engine"]
    );
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")] {
        imports.entry(from.into()).or_default().insert(to.into());
    }
    assert_eq!(
        find_cycle(&imports),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    imports.get_mut("c").unwrap().clear();
    assert_eq!(find_cycle(&imports), None);
}
