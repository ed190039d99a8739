//! With the cargo feature `planted-bugs`: each regression kept for a planted
//! bug (testdata/regressions/NNNN-planted-<bug>.sgf) makes `spec` and `fast`
//! part again when that bug is planted, and agree when none is. A bug whose
//! divergence needs undos, which an SGF cannot hold, is caught instead by the
//! default run within its first games.

#![cfg(feature = "planted-bugs")]

use std::fs;
use std::path::PathBuf;
use tromp_taylor_fast::planted::{plant, Bug};
use tromp_taylor_testkit::planted::{agree_on_sgf, planted_options, run_bug, PLANTED_SEED};

/// The bugs whose divergences need undos: no SGF regression can hold them.
const CAUGHT_ONLY_WITH_UNDOS: [Bug; 1] = [Bug::UndoKeepsPrisoners];

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
        let text = fs::read_to_string(&path).unwrap();
        plant(Some(bug));
        let with_bug = agree_on_sgf(&text);
        plant(None);
        let without = agree_on_sgf(&text);
        assert_eq!(with_bug, Ok(false), "{}: {bug} not caught", path.display());
        assert_eq!(without, Ok(true), "{}: spec and fast part", path.display());
    }
    for bug in CAUGHT_ONLY_WITH_UNDOS {
        let run = run_bug(Some(bug), &planted_options(100, PLANTED_SEED));
        let found = run
            .first()
            .unwrap_or_else(|| panic!("{bug} not caught in 100 games"));
        assert!(
            found.divergence.undos > 0,
            "{bug} is caught without undos: keep its SGF"
        );
    }
    assert_eq!(
        seen + CAUGHT_ONLY_WITH_UNDOS.len(),
        Bug::ALL.len(),
        "a regression for every planted bug that an SGF can hold"
    );
}
