//! docs/architecture.md stays a true code map: short enough to read (at most
//! 25,000 characters), a section for every crate of the workspace, and every
//! file, function, test and type it names in backticks exists (a type
//! defined, or for std's imported; a function, test or module defined; a
//! GTP command or lint written in the sources).

mod sources;

use sources::{all_rust_files, read, root};
use std::collections::BTreeSet;
use std::path::Path;

/// The code map's text.
fn code_map() -> String {
    read(&root().join("docs/architecture.md"))
}

/// The texts in backticks.
fn quoted(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// Every file git would see below the root, as paths relative to it with `/`.
fn files() -> Vec<String> {
    fn walk(dir: &Path, into: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if name != "target" && name != ".git" && name != "node_modules" {
                    walk(&path, into);
                }
            } else if let Ok(relative) = path.strip_prefix(root()) {
                into.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut found = Vec::new();
    walk(root(), &mut found);
    found
}

/// Every Rust source of the workspace, as one text to search.
fn all_sources() -> String {
    all_rust_files().iter().map(|file| read(file)).collect()
}

#[test]
fn the_code_map_is_at_most_25000_characters() {
    let length = code_map().chars().count();
    assert!(
        length <= 25_000,
        "docs/architecture.md is {length} characters"
    );
}

#[test]
fn the_code_map_has_a_section_for_every_crate() {
    let map = code_map();
    let manifest = read(&root().join("Cargo.toml"));
    let members = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the workspace lists its members");
    let mut dirs: Vec<&str> = quoted_strings(members).collect();
    dirs.retain(|dir| *dir != ".");
    dirs.push("python/");
    for dir in dirs {
        let dir = dir.trim_end_matches('/');
        assert!(
            map.contains(&format!("### `{dir}/`")),
            "docs/architecture.md has no section `### `{dir}/``"
        );
    }
    assert!(
        map.contains("### `src/`"),
        "no section for the command line"
    );
}

/// The strings in double quotes.
fn quoted_strings(text: &str) -> impl Iterator<Item = &str> {
    text.split('"').skip(1).step_by(2)
}

#[test]
fn every_file_the_code_map_names_exists() {
    let files = files();
    let map = code_map();
    let named: BTreeSet<&str> = quoted(&map)
        .filter(|s| !s.contains(' ') && !s.contains('*') && !s.starts_with('-'))
        .filter(|s| s.chars().any(|c| c.is_ascii_alphanumeric()))
        .filter(|s| s.ends_with(".rs") || s.contains('/'))
        .collect();
    assert!(
        named.len() > 20,
        "the code map names only {} files",
        named.len()
    );
    let missing: Vec<&str> = named
        .into_iter()
        .filter(|name| {
            let name = name.trim_end_matches('/');
            !files.iter().any(|file| {
                file == name
                    || file.ends_with(&format!("/{name}"))
                    || file.starts_with(&format!("{name}/"))
                    || file.contains(&format!("/{name}/"))
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md names files that do not exist: {missing:?}"
    );
}

/// The last segment of a path in backticks, when it looks like a Rust name:
/// `snake_case` with an underscore, or `CamelCase`.
fn rust_name(quoted: &str) -> Option<(&str, bool)> {
    if quoted.contains(' ') || quoted.contains('.') || quoted.contains('/') {
        return None;
    }
    let name = quoted.rsplit("::").next()?.trim_end_matches("()");
    let snake = name.len() > 6
        && name.contains('_')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    let camel = name.len() > 2
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().any(|c| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric());
    (snake || camel).then_some((name, camel))
}

#[test]
fn every_function_test_and_type_the_code_map_names_exists() {
    let sources = all_sources();
    let map = code_map();
    let mut checked = 0;
    let mut missing = BTreeSet::new();
    for (name, is_type) in quoted(&map).filter_map(rust_name) {
        checked += 1;
        // A type of ours is defined; one of std's is imported or derived. A
        // function, module, test or public field is defined; a GTP command is a string in
        // the sources; a crate or lint is named in a path.
        let found = if is_type {
            ["struct ", "enum ", "trait ", "type ", "::", "{", "(", ", "]
                .iter()
                .any(|before| sources.contains(&format!("{before}{name}")))
        } else {
            [
                format!("fn {name}"),
                format!("mod {name}"),
                format!("pub {name}:"),
                format!("\"{name}\""),
                format!("{name}::"),
                format!("::{name}"),
            ]
            .iter()
            .any(|written| sources.contains(written.as_str()))
        };
        if !found {
            missing.insert(name);
        }
    }
    assert!(checked > 40, "the code map names only {checked} items");
    assert!(
        missing.is_empty(),
        "docs/architecture.md names items that do not exist: {missing:?}"
    );
}
