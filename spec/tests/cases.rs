//! The case suite of `testdata/cases/` played on `spec`: every failure is
//! listed together, as rust-lang/regex's test suite does.

#[test]
fn spec_passes_every_case() {
    if let Err(failures) =
        tromp_taylor_harness::cases::check_suite(&tromp_taylor_harness::engine::EngineKind::spec())
    {
        panic!("{failures}");
    }
}
