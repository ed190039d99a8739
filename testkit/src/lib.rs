//! Test support for the workspace, used only by dev-dependencies and the
//! fuzz crate: the workout that compares `spec` and `fast` on every kind of
//! generated game ([`workout`], behind each engine crate's
//! `tests/differential.rs`), the text round trips ([`round_trip`]), the
//! fuzz targets' entry points ([`fuzzing`]), the one forwarding test
//! engine that plants faults in another ([`forward`]) and, with the feature
//! `planted-bugs`, the proof that the tester catches every planted bug
//! (`planted`).

pub mod forward;
pub mod fuzzing;
#[cfg(feature = "planted-bugs")]
pub mod planted;
pub mod round_trip;
pub mod workout;
