//! The workspace's own sources, as the architecture tests read them: its root, its `.rs` files, their text.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir` (relative to the root), in name order.
pub fn rust_files(dir: &str) -> Vec<PathBuf> {
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

/// The text of `path`.
pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.rs` file of the workspace's crates, tests, examples, benches and fuzz targets.
#[allow(dead_code)] // not every test that reads the sources walks them all
pub fn all_rust_files() -> Vec<PathBuf> {
    [
        "src",
        "spec",
        "fast",
        "vocab",
        "engine",
        "harness",
        "exhaust",
        "counts",
        "records",
        "testkit",
        "gtp",
        "conformance",
        "explorer/src",
        "engines/rust",
        "python/src",
        "tests",
        "fuzz/fuzz_targets",
    ]
    .iter()
    .flat_map(|dir| rust_files(dir))
    .collect()
}
