//! With the cargo feature `planted-bugs`: each regression kept for a planted
//! bug (testdata/regressions/NNNN-planted-<bug>.sgf) makes `spec` and `fast`
//! part again when that bug is planted, and agree when none is.

#![cfg(feature = "planted-bugs")]

use std::fs;
use std::path::PathBuf;
use tromp_taylor_fast::planted::{plant, Bug};
use tromp_taylor_harness::diff::compare_record;
use tromp_taylor_harness::engine::{FAST, SPEC};

/// One test only: the planted bug is global to the process.
#[test]
fn each_planted_regression_fails_with_its_bug_and_passes_without() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/regressions");
    let mut seen = 0;
    for bug in Bug::ALL {
        let suffix = format!("-planted-{}.sgf", bug.name());
        let Some(path) = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .find(|p| p.to_string_lossy().ends_with(&suffix))
        else {
            continue;
        };
        seen += 1;
        let (setup, record) = tromp_taylor_harness::sgf::read(&fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        plant(Some(bug));
        let with_bug = compare_record(setup, &record, SPEC, FAST);
        plant(None);
        assert!(with_bug.is_err(), "{}: {bug} not caught", path.display());
        if let Err(mismatch) = compare_record(setup, &record, SPEC, FAST) {
            panic!("{}:\n{mismatch}", path.display());
        }
    }
    assert_eq!(seen, Bug::ALL.len(), "a regression for every planted bug");
}
