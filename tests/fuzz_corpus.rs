//! The fuzz targets' checks, run over the committed corpus on stable Rust, so
//! that every seed (and every crash kept as a seed) is checked by `cargo test`.
//! Every target in fuzz/Cargo.toml has a corpus here, and a test replays it.
//! fuzz/corpus-pending/ holds seeds that cannot pass yet (its README says
//! why); `pending_corpus_is_listed` keeps that folder honest.

use arbitrary::{Arbitrary, Unstructured};
use std::fs;
use std::path::PathBuf;
use tromp_taylor_gtp::fuzzing::gtp_commands;
use tromp_taylor_testkit::fuzzing::{
    differential, fast_invariants, parsers, rules, sgf, vectors, FuzzGame,
};

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    files
}

fn game(bytes: &[u8]) -> Option<FuzzGame> {
    FuzzGame::arbitrary_take_rest(Unstructured::new(bytes)).ok()
}

#[test]
fn differential_corpus_agrees() {
    let mut games = 0;
    for (path, bytes) in corpus("differential") {
        if let Some(game) = game(&bytes) {
            games += 1;
            eprintln!("{}", path.display());
            differential(&game);
        }
    }
    assert!(games > 10, "only {games} corpus files make games");
}

#[test]
fn fast_invariants_corpus_holds() {
    for (_, bytes) in corpus("fast_invariants") {
        if let Some(game) = game(&bytes) {
            fast_invariants(&tromp_taylor_testkit::fuzzing::FuzzLargeGame(game));
        }
    }
}

#[test]
fn parsers_corpus_never_panics() {
    for (_, bytes) in corpus("parsers") {
        parsers(&bytes);
    }
}

/// Runs `check` on every seed of `target`, naming each first (so that a
/// panic names its seed).
fn each_seed(target: &str, check: fn(&[u8])) {
    for (path, bytes) in corpus(target) {
        eprintln!("{}", path.display());
        check(&bytes);
    }
}

#[test]
fn sgf_corpus_reads_or_errs_and_round_trips() {
    each_seed("sgf", sgf);
}

#[test]
fn vectors_corpus_loads_or_errs() {
    each_seed("vectors", vectors);
}

#[test]
fn rules_corpus_parses_or_errs_and_round_trips() {
    each_seed("rules", rules);
}

#[test]
fn gtp_corpus_answers_well_formed_and_keeps_state_on_errors() {
    each_seed("gtp", gtp_commands);
}

/// Every cargo-fuzz target of fuzz/Cargo.toml is replayed by a test above:
/// a new target without a line here fails.
#[test]
fn every_fuzz_target_is_replayed() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
    let targets: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .filter_map(|bin| bin.lines().find_map(|l| l.strip_prefix("name = ")))
        .map(|name| name.trim_matches('"'))
        .collect();
    let replayed = [
        "differential",
        "fast_invariants",
        "parsers",
        "gtp",
        "sgf",
        "vectors",
        "rules",
    ];
    assert_eq!(targets.len(), replayed.len(), "targets: {targets:?}");
    for target in targets {
        assert!(replayed.contains(&target), "{target} has no replay test");
        assert!(!corpus(target).is_empty());
    }
}

/// fuzz/corpus-pending/<target>/ holds seeds that fail today (deep SGF,
/// until the reader stops recursing). They are not replayed, but never
/// silently: every one must be named in the folder's README.
#[test]
fn pending_corpus_is_listed() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus-pending");
    let readme = fs::read_to_string(dir.join("README.md")).expect("corpus-pending/README.md");
    for target in fs::read_dir(&dir).unwrap() {
        let target = target.unwrap().path();
        if !target.is_dir() {
            continue;
        }
        for file in fs::read_dir(&target).unwrap() {
            let name = file.unwrap().file_name().into_string().unwrap();
            eprintln!("pending, not replayed: {}/{name}", target.display());
            assert!(
                readme.contains(&format!("`{name}`")),
                "{name} is pending but not named in corpus-pending/README.md"
            );
        }
    }
}

#[test]
fn a_fuzz_inputs_debug_is_the_sgf_of_its_game() {
    let (_, bytes) = &corpus("differential")[0];
    let game = game(bytes).expect("a game");
    let debug = format!("{game:?}");
    assert!(debug.starts_with("(;FF[4]GM[1]SZ["), "{debug}");
    let (setup, _) =
        tromp_taylor_harness::sgf::read(&debug).expect("the Debug output reads as SGF");
    assert_eq!(
        setup,
        game.script(tromp_taylor_testkit::fuzzing::DIFFERENTIAL_MAX_SIDE)
            .setup
    );
}
