//! The architecture invariants of docs/architecture.md, checked on the
//! sources: dependencies point one way, spec and fast never meet, every file
//! says what it is for and stays small (no module imports go in circles:
//! tests/module_circles.rs).

mod sources;

use sources::{all_rust_files, read, root, rust_files};

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

/// The engine layer builds for wasm32-unknown-unknown (the explorer runs it
/// in the browser): the two engines, the vocabulary and `thiserror`, and
/// nothing that might not (the harness's `jsonschema` does not).
#[test]
fn the_engine_layer_depends_only_on_what_builds_for_wasm32() {
    let allowed = [
        "tromp-taylor-spec",
        "tromp-taylor-fast",
        "tromp-taylor-vocab",
        "thiserror",
    ];
    for dep in runtime_dependencies("engine/Cargo.toml") {
        assert!(
            allowed.contains(&dep.as_str()),
            "engine/Cargo.toml depends on {dep}, which may not build for wasm32"
        );
    }
}

#[test]
fn the_libraries_never_depend_on_the_command_line() {
    for manifest in [
        "vocab/Cargo.toml",
        "engine/Cargo.toml",
        "harness/Cargo.toml",
        "exhaust/Cargo.toml",
        "counts/Cargo.toml",
        "records/Cargo.toml",
        "testkit/Cargo.toml",
        "gtp/Cargo.toml",
        "conformance/Cargo.toml",
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
/// adapters (gtp) -> jobs (conformance, counts, records) -> command line. A
/// crate missing here fails the test.
const LAYERS: &[(&str, &[&str])] = &[
    ("spec", &[]),
    ("fast", &[]),
    // The limit board of fast's benchmarks (C, built by `cc`): nothing of ours.
    ("fast/limit", &[]),
    // The vocabulary takes the rules' nouns and names from `spec` (its crate
    // doc says why); it never names `fast`, nor anything above it.
    ("vocab", &["tromp-taylor-spec"]),
    // The engine layer: the trait, the two adapters, the differential
    // driver and its report. It builds for wasm32 (the explorer runs it in
    // the browser), so nothing above it comes in.
    (
        "engine",
        &[
            "tromp-taylor-spec",
            "tromp-taylor-fast",
            "tromp-taylor-vocab",
        ],
    ),
    // The harness reaches the engines through the engine layer only.
    ("harness", &["tromp-taylor-engine", "tromp-taylor-vocab"]),
    (
        "counts",
        &[
            "tromp-taylor-harness",
            "tromp-taylor-spec",
            "tromp-taylor-fast",
        ],
    ),
    ("records", &["tromp-taylor-harness", "tromp-taylor-spec"]),
    // Proof by exhaustion: a job beside counts and records, over the
    // harness's engine trait and adapters only; only the command line runs it.
    ("exhaust", &["tromp-taylor-harness"]),
    // The protocol: the referee, the client and the adapter over the harness.
    ("gtp", &["tromp-taylor-harness"]),
    // The jobs that judge other engines, above the protocol they drive them by.
    (
        "conformance",
        &[
            "tromp-taylor-harness",
            "tromp-taylor-records",
            "tromp-taylor-gtp",
        ],
    ),
    ("python", &["tromp-taylor-harness"]),
    // The explorer runs both engines in the browser, where the harness
    // (jsonschema) does not go: through the engine layer, which does; and
    // `spec`'s own game, whose verdicts it explains.
    (
        "explorer",
        &[
            "tromp-taylor-engine",
            "tromp-taylor-spec",
            "tromp-taylor-vocab",
        ],
    ),
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
fn the_command_line_and_the_jobs_never_name_the_engines() {
    // They reach `spec` and `fast` through the engine layer's adapters only. The
    // vocabulary (`vocab/`) may name `spec`: it takes the rules' nouns as
    // `spec` states them, and reads and writes the rules' names and komi as
    // `spec` does, so that a name means what it means to the rules
    // (`vocab/src/lib.rs`). It never names `fast` (the next test).
    for dir in [
        "src",
        "harness/src",
        "exhaust/src",
        "gtp/src",
        "conformance/src",
        "python/src",
    ] {
        for file in rust_files(dir) {
            let text = read(&file);
            for engine in ["tromp_taylor_spec", "tromp_taylor_fast"] {
                assert!(!text.contains(engine), "{} names {engine}", file.display());
            }
        }
    }
}

/// Two independent engines: neither names the other, and the vocabulary
/// both are adapted to names only `spec`.
#[test]
fn spec_and_fast_never_name_each_other() {
    for (dir, other) in [
        ("spec/src", "tromp_taylor_fast"),
        ("fast/src", "tromp_taylor_spec"),
        ("vocab/src", "tromp_taylor_fast"),
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

/// The crates' own source folders, whose parent modules are held to their shape.
const SOURCE_DIRS: &[&str] = &[
    "spec/src",
    "fast/src",
    "fast/limit/src",
    "vocab/src",
    "engine/src",
    "harness/src",
    "exhaust/src",
    "counts/src",
    "records/src",
    "testkit/src",
    "gtp/src",
    "conformance/src",
    "explorer/src",
    "python/src",
    "engines/rust/src",
    "src",
];

/// Whether `line` declares a child module kept in a file of its own.
fn declares_a_file_module(line: &str) -> bool {
    let line = line.trim();
    let rest = ["pub(crate) ", "pub "]
        .iter()
        .find_map(|vis| line.strip_prefix(vis))
        .unwrap_or(line);
    rest.starts_with("mod ") && rest.ends_with(';')
}

/// Whether `line` starts an item of the module's own at its top level: code,
/// not a declaration of a part nor an import.
fn starts_code(line: &str) -> bool {
    let rest = ["pub(crate) ", "pub(super) ", "pub "]
        .iter()
        .find_map(|vis| line.strip_prefix(vis))
        .unwrap_or(line);
    [
        "fn ",
        "struct ",
        "enum ",
        "impl",
        "trait ",
        "const ",
        "static ",
        "type ",
        "macro_rules!",
    ]
    .iter()
    .any(|keyword| rest.starts_with(keyword))
}

#[test]
fn a_parent_module_only_declares_and_reexports_its_parts() {
    let mut offenders = Vec::new();
    for file in SOURCE_DIRS.iter().flat_map(|dir| rust_files(dir)) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let is_root = name == "lib.rs" || name == "main.rs";
        if is_root || file.components().any(|c| c.as_os_str() == "bin") {
            continue;
        }
        let text = read(&file);
        let lines: Vec<&str> = text.lines().collect();
        let has_parts = lines.iter().enumerate().any(|(i, line)| {
            declares_a_file_module(line) && !(i > 0 && lines[i - 1].contains("cfg(test)"))
        });
        if has_parts && lines.iter().any(|line| starts_code(line)) {
            offenders.push(file.display().to_string());
        }
    }
    assert!(
        offenders.is_empty(),
        "parent modules holding code of their own (move it into a named part): {offenders:?}"
    );
}
