//! The differential tests of this crate: the harness's quick workout
//! (`tromp_taylor_testkit::workout`), `spec` and `fast` compared on every
//! kind of generated game, and `spec`'s texts round-tripped. They live in
//! both engines' crates so that `cargo mutants -p tromp-taylor-fast` (or
//! `-p tromp-taylor-spec`) runs them against every mutant (see
//! `.cargo/mutants.toml` and docs/testing.md).

tromp_taylor_testkit::differential_tests!();
