//! The conformance matrix: every engine described in a folder of manifests
//! (`engines/NAME.toml`) audited under each rule set it is held to, with the
//! conformance vectors run on it where given; the result as data
//! ([`data`]: `matrix.json`), from which come JUnit XML, the table of
//! docs/conformance.md ([`outputs`]) and the static site ([`site`]); runs
//! merge ([`merge`]).

pub mod cause;
pub mod data;
pub mod manifest;
pub mod merge;
pub mod outputs;
pub mod resume;
mod run;
pub mod site;
pub mod table;
pub mod upstream;

pub use run::{matrix_data, run_matrix, MatrixOptions, Row};
