//! The one data-driven case suite: the case format (the vectors format), the
//! loader of `testdata/cases/*.json`, and the runner that plays a case on an
//! engine through the [`Engine`](crate::engine::Engine) trait and compares everything it states.
//!
//! Every hand-written game case lives once, as data, in one file per group
//! (`rule-6.json`, `comment-8.json`, `seed-004.json`, ...), as
//! rust-lang/regex keeps its tests in `testdata/`. Adding a case is adding a
//! JSON object: `spec`'s and `fast`'s tests, the harness's own test and
//! `vectors export` all read the folder. The loader refuses a malformed case
//! with an error naming its file and its id; the runner reports a failure
//! with the case, the turn, what was expected and what the engine said.

mod format;
mod inputs;
mod load;
mod run;
mod vectors;

pub use format::{
    Attempt, Case, EndCase, HandicapCase, Inputs, SetupCase, TurnCase, VectorFile, FORMAT,
};
pub use inputs::{inputs, point_name, preset_of, requirements, turn_text};
pub use load::{load_dir, load_file, load_suite, load_text, suite_dir, validate, LoadError};
pub use run::{
    check_all, check_case, check_suite, record, unclaimed, CaseFailure, Failures, Step, SuiteError,
};
pub use vectors::{
    check_schema, computed_case, group, read_vectors, under_rules, VectorsError, SCHEMA,
};
