//! The fuzz targets' checks, run over the committed corpus on stable Rust, so
//! that every seed (and every crash kept as a seed) is checked by `cargo test`.

use arbitrary::{Arbitrary, Unstructured};
use std::fs;
use std::path::PathBuf;
use tromp_taylor_harness::fuzzing::{differential, fast_invariants, parsers, FuzzGame};

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
            fast_invariants(&game);
        }
    }
}

#[test]
fn parsers_corpus_never_panics() {
    for (_, bytes) in corpus("parsers") {
        parsers(&bytes);
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
        game.script(tromp_taylor_harness::fuzzing::DIFFERENTIAL_MAX_SIDE)
            .setup
    );
}
