//! Every minimised failure kept under testdata/regressions/ is replayed on
//! `spec` and `fast`, which must agree on every step; each file says its cause.

use std::fs;
use std::path::PathBuf;
use tromp_taylor_harness::diff::compare_script;
use tromp_taylor_harness::engine::EngineKind;
use tromp_taylor_harness::script::Script;
use tromp_taylor_harness::sgf::ReadOptions;

fn sgf_files(dir: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_regression_replays_with_spec_and_fast_agreeing() {
    let files = sgf_files("testdata/regressions");
    assert!(!files.is_empty(), "no regressions kept");
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("C[cause:"),
            "{}: say the cause in a root comment C[cause: ...]",
            path.display()
        );
        let options = ReadOptions {
            attempts: true,
            ..ReadOptions::default()
        };
        let record = tromp_taylor_harness::sgf::read_game(&text, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // From its setup position (AB, AW, PL) when it has one.
        let script = Script::from_game_record(&record);
        if let Err(divergence) =
            compare_script(&script, &EngineKind::spec(), &EngineKind::fast(), true)
        {
            panic!("{}:\n{divergence}", path.display());
        }
    }
}
